"""The lesson studio in a real headless Chromium (playwright driving Debian's chromium).

`nqueens trace 4 --html` for each program and language, stepped through to the end: at
every step the highlighted line and the shown variables are those of the shown program
run for real (tests/_studio_programs.py), the step is the jsonl event's, the tree's marked
node is the event's node, the counters count the jsonl events; folding hides a failed
subtree and unfolding brings it back; a click on a node goes to its step; the compare page
shows both programs on the same node with their costs; and the page's layout at
1920x1080, 1366x768 and 390x844 (screenshots kept in the test's folder).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import BrowserPage, run_cli

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VIEW = """() => {
  const b = document.getElementById("board");
  const progs = Array.from(document.querySelectorAll(".program")).map(p => ({
    name: p.dataset.strategy, line: Number(p.dataset.line),
    lit: Array.from(p.querySelectorAll("span.ln.current")).map(s => Number(s.dataset.line)),
    vars: Object.fromEntries(Array.from(p.querySelectorAll("tr[data-var]"))
                             .map(tr => [tr.dataset.var, JSON.parse(tr.dataset.value)])),
    looked: p.querySelector(".cost").dataset.looked,
    total: Number(p.querySelector(".cost").dataset.total),
  }));
  const t = document.getElementById("tree");
  const marked = Array.from(t.querySelectorAll(".tnode.current")).map(g => Number(g.dataset.node));
  const shown = Array.from(t.querySelectorAll(".tnode"))
                  .filter(g => g.getAttribute("display") !== "none")
                  .map(g => Number(g.dataset.node));
  const count = k => Number(document.getElementById("count-" + k).dataset.value);
  return { step: Number(b.dataset.step), kind: b.dataset.kind, progs: progs,
           current: Number(t.dataset.current), marked: marked, shown: shown,
           checked: count("checked"), promising: count("promising"),
           solutions: count("solutions") };
}"""


def jsonl(*args: str) -> list[dict]:
    r = run_cli("trace", *args, "--json")
    assert r.code == 0, r.err
    return [json.loads(line) for line in r.out.splitlines()]


def page_of(tmp_path: Path, name: str, *args: str) -> Path:
    out = tmp_path / f"{name}.html"
    r = run_cli("trace", *args, "--html", str(out))
    assert r.code == 0, r.err
    return out


def expect(view: dict, evs: list[dict], k: int, programs: dict[str, list]) -> None:
    e = evs[k]
    assert (view["step"], view["kind"]) == (k, e["kind"])
    for p in view["progs"]:
        kind, line, values = programs[p["name"]][k]
        assert kind == e["kind"]
        assert p["line"] == line and p["lit"] == [line], (k, p["name"])
        assert p["vars"] == values, (k, p["name"])
    # the tree: the event's node is marked, and exactly the nodes tried so far are shown
    assert view["current"] == e["node"] and view["marked"] == [e["node"]]
    tried = [x["node"] for x in evs[:k + 1] if x["kind"] == "try"]
    assert sorted(view["shown"]) == [0, *sorted(tried)]
    assert view["checked"] == 1 + len(tried)
    assert view["promising"] == 1 + sum(1 for x in evs[:k + 1]
                                        if x["kind"] == "try" and x["promising"])
    assert view["solutions"] == sum(1 for x in evs[:k + 1] if x["kind"] == "solution")


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("strategy", ["promising", "arrays", "put_queen"])
def test_step_through_trace_4(browser, tmp_path: Path, strategy: str, lang: str) -> None:
    from _studio_programs import program_steps

    evs = jsonl("4", "--lang", lang)
    path = page_of(tmp_path, strategy, "4", "--lang", lang, "--strategy", strategy)
    programs = {strategy: program_steps(strategy, 4, "first")}
    p = BrowserPage(browser, path)
    expect(p.page.evaluate(VIEW), evs, 0, programs)
    for k in range(1, len(evs)):
        p.page.click("#forward")
        expect(p.page.evaluate(VIEW), evs, k, programs)
    # the sentence stays the narrator's (the jsonl's text for the event)
    assert p.page.text_content("#line") == evs[-1]["text"]
    # a click on a tree node goes to the step that tried it
    node = next(x for x in evs if x["kind"] == "try" and not x["promising"])
    p.page.click(f'#tree .tnode[data-node="{node["node"]}"] circle', force=True)
    expect(p.page.evaluate(VIEW), evs, evs.index(node), programs)
    assert p.errors() == []
    p.page.close()


def descendants(evs: list[dict], node: int) -> set[int]:
    below, parents = set(), {x["node"]: x["parent"] for x in evs if x["kind"] == "try"}
    for child in parents:
        up = child
        while up in parents and up != node:
            up = parents[up]
        if up == node and child != node:
            below.add(child)
    return below


def test_folding_a_failed_subtree(browser, tmp_path: Path) -> None:
    evs = jsonl("4", "--until", "all")
    path = page_of(tmp_path, "all", "4", "--until", "all")
    p = BrowserPage(browser, path)
    p.page.click("#last")
    drawn = p.page.evaluate("() => Array.from(document.querySelectorAll('#tree .tnode'))"
                            ".map(g => Number(g.dataset.node))")
    # <1,1> (node 1) has no solution below it: it folds; <1,2> leads to a solution: it does not
    assert p.page.query_selector('#tree .fold[data-node="1"]') is not None
    assert p.page.query_selector(f'#tree .fold[data-node="{_node(evs, 0, 1)}"]') is None
    below = descendants(evs, 1)
    assert below and below <= set(drawn)
    p.page.click('#tree .fold[data-node="1"]')
    after = set(p.page.evaluate("() => Array.from(document.querySelectorAll('#tree .tnode'))"
                                ".map(g => Number(g.dataset.node))"))
    assert after == set(drawn) - below and 1 in after
    assert p.page.get_attribute('#tree .fold[data-node="1"]', "data-folded") == "1"
    # a step inside the folded subtree marks the folded node
    inside = next(i for i, x in enumerate(evs) if x["node"] in below)
    p.page.eval_on_selector(
        "#position", f"el => {{ el.value = {inside}; el.dispatchEvent(new Event('input')); }}")
    assert p.page.evaluate(VIEW)["marked"] == [1]
    p.page.click('#tree .fold[data-node="1"]')
    assert set(p.page.evaluate("() => Array.from(document.querySelectorAll('#tree .tnode'))"
                               ".map(g => Number(g.dataset.node))")) == set(drawn)
    # fold all: every failed subtree goes, the paths to both solutions stay
    p.page.click("#fold-all")
    left = set(p.page.evaluate("() => Array.from(document.querySelectorAll('#tree .tnode'))"
                               ".map(g => Number(g.dataset.node))"))
    sols = [x["node"] for x in evs if x["kind"] == "solution"]
    assert set(sols) <= left and len(left) < len(drawn)
    p.page.click("#unfold-all")
    assert p.page.locator("#tree .tnode").count() == len(drawn) == 61
    assert p.errors() == []
    p.page.close()


def _node(evs: list[dict], row: int, col: int) -> int:
    return next(x["node"] for x in evs if x["kind"] == "try" and (x["row"], x["col"]) == (row, col))


def test_compare_promising_and_arrays(browser, tmp_path: Path) -> None:
    from _studio_programs import program_steps

    evs = jsonl("4")
    path = page_of(tmp_path, "compare", "4", "--compare", "promising,arrays")
    programs = {s: program_steps(s, 4, "first") for s in ("promising", "arrays")}
    p = BrowserPage(browser, path)
    totals = {"promising": 0, "arrays": 0}
    for k, e in enumerate(evs):
        if k:
            p.page.click("#forward")
        view = p.page.evaluate(VIEW)
        assert [q["name"] for q in view["progs"]] == ["promising", "arrays"]
        expect(view, evs, k, programs)
        costs = {q["name"]: q["looked"] for q in view["progs"]}
        if e["kind"] != "try":
            assert costs == {"promising": "", "arrays": ""}
            continue
        # O(i): promising() compares with earlier queens until the first that threatens;
        # O(1): the arrays look at one to three entries
        rows = [a["row"] for a in e["attackers"]]
        assert int(costs["promising"]) == (min(rows) + 1 if rows else e["row"])
        cols, d1, d2 = programs["arrays"][k][2]["cols"], programs["arrays"][k][2]["diags1"], \
            programs["arrays"][k][2]["diags2"]
        taken = [cols[e["col"]], d1[e["row"] - e["col"] + 3], d2[e["row"] + e["col"]]]
        assert int(costs["arrays"]) == (taken.index(True) + 1 if True in taken else 3)
        for name in totals:
            totals[name] += int(costs[name])
        assert {q["name"]: q["total"] for q in view["progs"]} == totals
    assert p.errors() == []
    p.page.close()


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1366, 768), (390, 844)])
def test_layout_on_each_screen(browser, tmp_path: Path, width: int, height: int) -> None:
    path = page_of(tmp_path, "layout", "4", "--compare", "promising,arrays", "--lang", "ja")
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(path.resolve().as_uri())
    page.wait_for_selector('body[data-ready="1"]', timeout=5000)
    page.click("#forward")
    page.screenshot(path=str(tmp_path / f"studio-{width}x{height}.png"))
    box = {sel: page.locator(sel).bounding_box()
           for sel in ("#board", "#controls", "#legend", "#line", "#position")}
    board = box["#board"]
    if width >= 1366:
        assert board["height"] >= 0.6 * height and board["y"] >= 0
        assert board["y"] + board["height"] <= height
    else:
        # a phone: the whole board, the sentence, the controls and the legend on one screen
        assert board["width"] >= 0.85 * width and board["y"] >= 0
        for sel in ("#line", "#controls", "#position", "#legend"):
            assert box[sel]["y"] >= board["y"] + board["height"] - 1, sel
            assert box[sel]["y"] + box[sel]["height"] <= height, sel
    for sel in ("#controls", "#legend"):
        assert box[sel]["x"] >= 0 and box[sel]["x"] + box[sel]["width"] <= width, sel
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()


@pytest.mark.parametrize(("n", "strategy"), [(1, "put_queen"), (3, "arrays"), (3, "promising")])
def test_small_boards_to_their_closing_frame(browser, tmp_path: Path, n: int,
                                             strategy: str) -> None:
    from _studio_programs import program_steps

    until = "first" if strategy == "put_queen" else "all"
    evs = jsonl(str(n), "--until", until)
    path = page_of(tmp_path, "small", str(n), "--until", until, "--strategy", strategy)
    programs = {strategy: program_steps(strategy, n, until)}
    p = BrowserPage(browser, path)
    for k in range(len(evs)):
        if k:
            p.page.click("#forward")
        expect(p.page.evaluate(VIEW), evs, k, programs)
    p.page.click("#last")
    view = p.page.evaluate(VIEW)
    if until == "all":  # n = 3: no solution, the page ends on the closing line
        assert view["kind"] == "summary" and view["progs"][0]["line"] == -1
        assert view["marked"] == [] and len(view["shown"]) == 1 + sum(
            x["kind"] == "try" for x in evs)
    assert p.errors() == []
    p.page.close()
