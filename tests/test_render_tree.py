"""The pruned state-space tree: node counts match the event stream, solution paths marked."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from nqueens.render.tree import (
    TreeTooLargeError,
    build_tree,
    count_nodes,
    layout,
    tree_svg,
)
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


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("until", ["first", "all"])
def test_node_counts_match_the_event_stream(n: int, until: str) -> None:
    want = oracle(n, until)
    svg = tree_svg(n, until=until)
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
    svg = tree_svg(4, until="all")
    assert len(nodes_in(svg)) == 61
    assert count_nodes(4) == 61
    ends = {
        tuple(int(g.get(a)) for a in ("data-row", "data-col"))
        for g in nodes_in(svg).values() if "solution" in g.get("class").split()
    }
    assert len(ends) == 2
    assert len(path_edges_in(svg)) == 8
    # the solution leaves are the last queens of the two solutions
    assert ends == {(3, p[3]) for p in naive_solutions(4)}
    # the first-solution tree stops at <4,3>: 27 nodes
    assert len(nodes_in(tree_svg(4, until="first"))) == 27


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
    drawn = nodes_in(tree_svg(4, label="column"))
    for g in drawn.values():
        if g.get("data-row") != "-1":
            assert "".join(t.text for t in g.iter(f"{SVG}text")) == str(
                int(g.get("data-col")) + 1)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_layout_is_tidy(n: int) -> None:
    tree = build_tree(events(n), n=n)
    pos = layout(tree)
    leaves = [i for i in sorted(tree.nodes) if not tree.nodes[i].children]
    # leaves take consecutive slots in search (id) order
    assert [pos[i][0] for i in leaves] == [float(k) for k in range(len(leaves))]
    for node in tree.nodes.values():
        assert pos[node.id][1] == node.depth
        if node.children:
            first, last = pos[node.children[0]][0], pos[node.children[-1]][0]
            assert pos[node.id][0] == (first + last) / 2
    # no two nodes of one depth share a position, and search order runs left to right
    by_depth: dict[int, list[float]] = {}
    for i in sorted(tree.nodes):
        by_depth.setdefault(pos[i][1], []).append(pos[i][0])
    for xs in by_depth.values():
        assert xs == sorted(xs) and len(set(xs)) == len(xs)


def test_too_large_trees_are_refused_with_their_size() -> None:
    total = 1 + sum(1 for e in events(6) if e.kind == "try")
    with pytest.raises(TreeTooLargeError) as info:
        tree_svg(6, until="all")
    assert info.value.nodes == total == count_nodes(6)
    assert f"{total:,} nodes" in str(info.value)
    assert len(nodes_in(tree_svg(6, until="all", max_nodes=total))) == total
    with pytest.raises(TreeTooLargeError):
        tree_svg(6, until="all", max_nodes=total - 1)


def test_cli_tree_writes_svg(tmp_path: Path) -> None:
    out = tmp_path / "tree.svg"
    r = run_cli("tree", "4", "--svg", str(out), "--until", "all")
    assert r.code == 0, r.err
    assert r.out == "" and r.err == ""
    assert len(nodes_in(out.read_text())) == 61
    r = run_cli("tree", "4")
    assert r.code == 0 and len(nodes_in(r.out)) == 27


def test_cli_tree_png(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    svg, png = tmp_path / "t.svg", tmp_path / "t.png"
    r = run_cli("tree", "4", "--svg", str(svg), "--png", str(png))
    assert r.code == 0, r.err
    assert png.read_bytes()[:4] == b"\x89PNG" and svg.exists()


def test_cli_tree_too_large(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    r = run_cli("tree", "6", "--until", "all", "--svg", str(out))
    assert_bad_input(r, "895 nodes", "--max-nodes 895")
    assert not out.exists() and list(tmp_path.iterdir()) == []
    r = run_cli("tree", "6", "--until", "all", "--max-nodes", "895", "--svg", str(out))
    assert r.code == 0 and len(nodes_in(out.read_text())) == 895
    r = run_cli("tree", "13", "--until", "all")
    assert_bad_input(r, "more than 100,000 nodes")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("tree", "4", "--svg", "/nonexistent/dir/x.svg"), "/nonexistent/dir/x.svg"),
        (("tree", "4", "--until", "some"), "invalid choice"),
        (("tree", "0"), "N must be a positive integer"),
        (("tree", "4", "--max-nodes", "0"), "positive integer"),
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
