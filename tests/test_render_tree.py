"""The pruned state-space tree: node counts match the event stream, solution paths marked."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from nqueens.analysis.stats import tree_stats
from nqueens.analysis.tree import TreeTooLargeError, build_tree, pruned_tree
from nqueens.analysis.treesize import count_tries
from nqueens.render.tree import SLIDE_HEIGHT, SLIDE_WIDTH, layout, plan, tree_svg, view
from nqueens.render.tree_words import FONTS
from nqueens.trace import events

from conftest import assert_bad_input, run_cli
from naive import naive_solutions

SVG = "{http://www.w3.org/2000/svg}"


def nodes_in(svg: str) -> dict[int, ET.Element]:
    root = ET.fromstring(svg)
    return {
        int(g.get("data-node")): g for g in root.iter(f"{SVG}g")
        if "node" in g.get("class", "").split()
    }


def path_edges_in(svg: str) -> set[tuple[int, int]]:
    root = ET.fromstring(svg)
    return {
        (int(e.get("data-parent")), int(e.get("data-child")))
        for e in root.iter(f"{SVG}line") if e.get("class") == "edge path"
    }


def oracle(n: int, until: str) -> dict[str, object]:
    """What the picture must show, computed straight from the event stream."""
    tries = [e for e in events(n, until=until) if e.kind == "try"]
    sols = [e for e in events(n, until=until) if e.kind == "solution"]
    parent = {e.node: e.parent for e in tries}
    path: set[tuple[int, int]] = set()
    for s in sols:
        node = s.node
        while node != 0:
            path.add((parent[node], node))
            node = parent[node]
    return {
        "tries": tries,
        "nonpromising": {e.node for e in tries if not e.promising},
        "solutions": {e.node for e in sols},
        "path": path,
    }


def full_svg(n: int, until: str, **kw: object) -> str:
    """Every node drawn: a canvas wide enough that the size policy compacts nothing."""
    return tree_svg(pruned_tree(n, until=until), width=20_000, **kw)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("until", ["first", "all"])
def test_node_counts_match_the_event_stream(n: int, until: str) -> None:
    want = oracle(n, until)
    svg = full_svg(n, until)
    drawn = nodes_in(svg)
    tries = want["tries"]
    assert len(drawn) == 1 + len(tries)
    assert {k for k, g in drawn.items() if "nonpromising" in g.get("class")} == want[
        "nonpromising"]
    assert {k for k, g in drawn.items() if "solution" in g.get("class").split()} == want[
        "solutions"]
    assert path_edges_in(svg) == want["path"]
    for e in tries:
        g = drawn[e.node]
        assert (int(g.get("data-parent")), int(g.get("data-row")), int(g.get("data-col"))) == (
            e.parent, e.row, e.col)
        label = "".join(t.text for t in g.iter(f"{SVG}text"))
        assert label == f"{e.row + 1},{e.col + 1}"


def test_n4_whole_tree_is_the_textbooks() -> None:
    # 61 nodes in the whole pruned tree of n = 4 (60 squares tried, plus the root),
    # two solutions, each path from the root four edges long.
    svg = full_svg(4, "all")
    assert len(nodes_in(svg)) == 61
    assert count_tries(4) == 60
    ends = {
        tuple(int(g.get(a)) for a in ("data-row", "data-col"))
        for g in nodes_in(svg).values() if "solution" in g.get("class").split()
    }
    assert len(ends) == 2
    assert len(path_edges_in(svg)) == 8
    # the solution leaves are the last queens of the two solutions
    assert ends == {(3, p[3]) for p in naive_solutions(4)}
    # the first-solution tree stops at <4,3>: 27 nodes
    assert len(nodes_in(tree_svg(pruned_tree(4, until="first")))) == 27


def test_path_nodes_reach_each_solution() -> None:
    tree = build_tree(events(5), n=5)
    assert len(tree.solutions) == len(naive_solutions(5))
    got = []
    for leaf in tree.solutions:
        squares = []
        node = tree.nodes[leaf]
        while node.id != 0:
            assert node.on_path
            squares.append(node.col)
            node = tree.nodes[node.parent]
        got.append(tuple(reversed(squares)))
    assert got == naive_solutions(5)


def test_column_labels() -> None:
    drawn = nodes_in(tree_svg(pruned_tree(4), label="column"))
    for g in drawn.values():
        if g.get("data-row") != "-1":
            assert "".join(t.text for t in g.iter(f"{SVG}text")) == str(
                int(g.get("data-col")) + 1)


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("runs", [False, True])
def test_layout_is_tidy(n: int, runs: bool) -> None:
    tree = build_tree(events(n), n=n)
    root = view(tree, runs=runs).root
    slots = layout(root)
    shapes = root.walk()
    leaves = [s for s in shapes if not s.children]
    # leaves take consecutive slots in search order (their first node id ascending)
    assert [s.ids[0] for s in leaves] == sorted(s.ids[0] for s in leaves)
    assert [s.x for s in leaves] == [float(k) for k in range(len(leaves))] and slots == len(
        leaves)
    for s in shapes:
        assert s.depth == tree.nodes[s.ids[0]].depth
        if s.children:
            assert s.x == (s.children[0].x + s.children[-1].x) / 2
    # no two shapes of one depth share a position, and search order runs left to right
    by_depth: dict[int, list[tuple[int, float]]] = {}
    for s in shapes:
        by_depth.setdefault(s.depth, []).append((s.ids[0], s.x))
    for row in by_depth.values():
        xs = [x for _, x in sorted(row)]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)


def shapes_in(svg: str) -> tuple[dict[int, ET.Element], list[ET.Element], list[ET.Element]]:
    root = ET.fromstring(svg)
    groups = list(root.iter(f"{SVG}g"))
    runs = [g for g in groups if g.get("class") == "run"]
    folds = [g for g in groups if g.get("class") == "fold"]
    return nodes_in(svg), runs, folds


@pytest.mark.parametrize("n", [5, 6, 7, 8])
@pytest.mark.parametrize("until", ["first", "all"])
@pytest.mark.slow
def test_pictures_fit_a_slide_and_account_for_every_node(n: int, until: str) -> None:
    tree = pruned_tree(n, until=until)
    svg = tree_svg(tree)
    root = ET.fromstring(svg)
    assert float(root.get("width")) <= SLIDE_WIDTH and float(root.get("height")) <= SLIDE_HEIGHT
    title = next(t for t in root.iter(f"{SVG}text") if t.get("class") == "title")
    assert f"n = {n}" in title.text and f"{len(tree.nodes):,} nodes" in title.text
    nodes, runs, folds = shapes_in(svg)
    # every tree node is drawn once: as a node, inside a run, or inside a fold
    in_runs = [int(i) for g in runs for i in g.get("data-nodes").split()]
    folded = sum(int(g.get("data-tried")) for g in folds)
    assert len(nodes) + len(in_runs) + folded == len(tree.nodes)
    assert not set(nodes) & set(in_runs)
    # runs are consecutive nonpromising siblings, in search order
    for g in runs:
        ids = [int(i) for i in g.get("data-nodes").split()]
        assert len(ids) >= 2 and all(not tree.nodes[i].promising for i in ids)
        parent = tree.nodes[tree.nodes[ids[0]].parent]
        k = parent.children.index(ids[0])
        assert parent.children[k:k + len(ids)] == ids
    # a fold stands for exactly the subtree below its node (oracle: walk the event stream)
    for g in folds:
        top = int(g.get("data-node"))
        below = 0
        for e in events(n, until=until):
            if e.kind == "try":
                node, ancestor = e.parent, False
                while True:
                    if node == top:
                        ancestor = True
                        break
                    if node == 0:
                        break
                    node = tree.nodes[node].parent
                below += ancestor
        assert int(g.get("data-tried")) == below
        assert nodes[top] is not None and "fold" not in nodes[top].get("class")
    # what the policy compacted is said in the picture
    note = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
    assert bool(note) == bool(runs or folds)


@pytest.mark.slow
def test_the_policy_compacts_only_what_does_not_fit() -> None:
    assert plan(pruned_tree(5)).describe() == ""  # 11 leaves: every node
    wide = plan(pruned_tree(6), width=10_000)
    assert (wide.runs, wide.fold_depth) == (False, None)
    chosen = plan(pruned_tree(8))
    assert chosen.runs and chosen.fold_depth == 3 and chosen.keep_paths
    # one row deeper would not fit the slide
    deeper = view(pruned_tree(8), runs=True, fold_depth=4)
    assert deeper.root.leaves() > chosen.root.leaves()
    assert len(ET.fromstring(tree_svg(pruned_tree(8), width=SLIDE_WIDTH)).get("width")) > 0
    svg = tree_svg(pruned_tree(8, until="all"))
    # the paths to all 92 solutions cannot be kept open on a slide: folded below row 1
    assert plan(pruned_tree(8, until="all")).describe().endswith("solution paths included")
    assert len(shapes_in(svg)[2]) == 8


def test_too_large_trees_are_refused_with_their_size() -> None:
    total = 1 + sum(1 for e in events(6) if e.kind == "try")
    with pytest.raises(TreeTooLargeError) as info:
        pruned_tree(6, until="all", max_nodes=500)
    assert (info.value.nodes, info.value.exact) == (total, True)
    assert total == count_tries(6) + 1
    assert f"{total:,} nodes" in str(info.value)
    assert len(pruned_tree(6, until="all", max_nodes=total).nodes) == total
    with pytest.raises(TreeTooLargeError):
        pruned_tree(6, until="all", max_nodes=total - 1)


def test_cli_tree_writes_svg(tmp_path: Path) -> None:
    out = tmp_path / "tree.svg"
    r = run_cli("tree", "4", "--svg", str(out), "--until", "all")
    assert r.code == 0, r.err
    assert r.out == "" and r.err == ""
    svg = out.read_text()
    assert ET.fromstring(svg).get("data-nodes") == "61"
    nodes, runs, _ = shapes_in(svg)  # 46 leaves do not fit a slide: pruned runs compacted
    assert len(nodes) + sum(int(g.get("data-count")) for g in runs) == 61
    r = run_cli("tree", "4")
    assert r.code == 0 and len(nodes_in(r.out)) == 27


def test_cli_tree_png(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    svg, png = tmp_path / "t.svg", tmp_path / "t.png"
    r = run_cli("tree", "4", "--svg", str(svg), "--png", str(png))
    assert r.code == 0, r.err
    assert png.read_bytes()[:4] == b"\x89PNG" and svg.exists()


@pytest.mark.slow
def test_cli_tree_too_large(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    r = run_cli("tree", "6", "--until", "all", "--max-nodes", "894", "--svg", str(out))
    assert_bad_input(r, "895 nodes", "--max-nodes 895")
    assert not out.exists() and list(tmp_path.iterdir()) == []
    r = run_cli("tree", "6", "--until", "all", "--svg", str(out))  # the default bound: 20,000
    assert r.code == 0 and ET.fromstring(out.read_text()).get("data-nodes") == "895"
    r = run_cli("tree", "13", "--until", "all")
    assert_bad_input(r, f"{tree_stats(13).checked:,} nodes", "bound is 20,000")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("tree", "4", "--svg", "/nonexistent/dir/x.svg"), "/nonexistent/dir/x.svg"),
        (("tree", "4", "--until", "some"), "invalid choice"),
        (("tree", "0"), "N must be a positive integer"),
        (("tree", "4", "--label", "row"), "invalid choice"),
        (("tree", "4", "--max-nodes", "0"), "positive integer"),
        (("tree", "4", "--lang", "fr"), "invalid choice"),
    ],
)
def test_cli_tree_bad_input(args: tuple[str, ...], fragment: str) -> None:
    assert_bad_input(run_cli(*args), fragment)


def test_cli_tree_bad_png_path_leaves_no_svg(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    svg = tmp_path / "t.svg"
    r = run_cli("tree", "4", "--svg", str(svg), "--png", "/nonexistent/dir/t.png")
    assert_bad_input(r, "/nonexistent/dir/t.png")
    assert list(tmp_path.iterdir()) == []


# --- words in each language --------------------------------------------------------------

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

# the teaching material's own words (seeds): ja the slides (置ける / 置けない, 刈り込み,
# N行目), ko the Korean chapter (가지 친 상태공간트리, 루트 노드, 유망한 / 유망하지 않은 노드)
WORDS = {
    "en": ["Pruned state-space tree", "root", "row 1", "2 tried", "promising",
           "nonpromising (pruned)"],
    "ja": ["刈り込んだ探索木", "根", "1行目", "2マス調べた", "置ける", "置けない (刈り込み)"],
    "ko": ["가지 친 상태공간트리", "루트 노드", "1행", "2개 검사", "유망한 노드",
           "유망하지 않은 노드 (가지치기)"],
}


def texts_in(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_picture_speaks_the_language_asked_for(lang: str) -> None:
    svg = tree_svg(pruned_tree(4), lang=lang)
    root = ET.fromstring(svg)
    assert root.get(XML_LANG) == lang and root.get("lang") == lang
    texts = texts_in(svg)
    title, labels = texts[0], set(texts)
    heading, root_label, row1, tried, promising, pruned = WORDS[lang]
    assert heading in title and "27" in title and "26" in title
    assert {root_label, row1, tried, promising, pruned} <= labels
    others = {w for other, ws in WORDS.items() if other != lang for w in ws}
    assert not others & labels
    # tooltips too: every node's <title> names its square in the language's notation
    tips = [el.text for el in root.iter(f"{SVG}title")]
    square = {"en": "<2,1> is nonpromising", "ja": "(2,1)には置けない",
              "ko": "<2,1> 노드는 유망하지 않다"}[lang]
    assert square in tips
    # the same tree whatever the language: only words change
    assert nodes_in(svg).keys() == nodes_in(tree_svg(pruned_tree(4))).keys()


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_cjk_text_asks_for_cjk_fonts_and_gets_room(lang: str) -> None:
    svg = tree_svg(pruned_tree(8, until="all"), lang=lang)
    fonts = {el.get("font-family") for el in ET.fromstring(svg).iter(f"{SVG}text")}
    assert len(fonts) == 1
    stack = [f.strip(" '") for f in fonts.pop().split(",")]
    assert {"Noto Sans CJK JP", "Noto Sans CJK KR", "IPAGothic", "NanumGothic"} <= set(stack)
    assert stack[-1] == "sans-serif"
    assert stack[0] == {"ja": "Noto Sans CJK JP", "ko": "Noto Sans CJK KR"}[lang]
    # the note (what was folded) is in the language too, and the legend fits the width
    root = ET.fromstring(svg)
    note = next(el.text for el in root.iter(f"{SVG}text") if el.get("class") == "note")
    assert {"ja": "部分木", "ko": "부분 트리"}[lang] in note
    legend = [el for g in root.iter(f"{SVG}g") if g.get("class") == "legend"
              for el in g.iter(f"{SVG}text")]
    last = legend[-1]
    wide = sum(ord(ch) > 0x2E80 for ch in last.text)
    assert float(last.get("x")) + 12 * wide < float(root.get("width"))


def test_a_pruned_label_is_not_under_its_cross() -> None:
    """The red cross sits on the rim of a pruned node, clear of the label's box."""
    svg = tree_svg(pruned_tree(4))
    for g in nodes_in(svg).values():
        if "nonpromising" not in g.get("class").split():
            continue
        node = g.find(f"{SVG}circle")
        cx, cy, r = (float(node.get(k)) for k in ("cx", "cy", "r"))
        cross = next(c for c in g.iter(f"{SVG}g") if c.get("class") == "cross")
        badge = cross.find(f"{SVG}circle")
        bx, by, br = (float(badge.get(k)) for k in ("cx", "cy", "r"))
        # the label "2,1" (12 px bold) spans about cx - 11 .. cx + 11, cy - 5 .. cy + 5
        assert bx - br >= cx + 11 - 3 or by + br <= cy - 5, (g.get("data-node"), bx, by)
        assert (bx - cx) ** 2 + (by - cy) ** 2 >= (0.7 * r) ** 2


def test_cli_tree_lang(tmp_path: Path) -> None:
    out = tmp_path / "ja.svg"
    r = run_cli("tree", "4", "--lang", "ja", "--svg", str(out))
    assert r.code == 0, r.err
    assert out.read_text(encoding="utf-8") == tree_svg(pruned_tree(4), lang="ja")
    r = run_cli("tree", "4", "-l", "ko")
    assert r.code == 0 and "루트 노드" in texts_in(r.out)


def test_png_uses_an_installed_font_of_the_list() -> None:
    """cairosvg draws with the first family only: the PNG path leads with an installed one
    (and leaves the list alone where none of it is installed)."""
    from nqueens.render.png import _installed_families, _installed_fonts_first

    svg = tree_svg(pruned_tree(4), lang="ko")
    installed = _installed_families()
    if not installed:
        pytest.skip("fc-list is not available here: the font list is kept as written")
    fixed = _installed_fonts_first(svg)
    stack = [f.strip(" '") for f in FONTS["ko"].split(",")]
    if not any(f.lower() in installed for f in stack):
        # a machine with none of the list (fonts-dejavu alone): kept as written, and
        # fontconfig substitutes for the first family
        assert fixed == svg
        return
    families = {el.get("font-family") for el in ET.fromstring(fixed).iter(f"{SVG}text")}
    assert len(families) == 1 and "," not in (family := families.pop())
    assert family.lower() in installed
    assert family == next(f for f in stack if f.lower() in installed)
