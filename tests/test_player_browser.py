"""The HTML player in a real headless Chromium (playwright driving Debian's chromium).

Loads the page from a file:// URL, steps, plays to a solution, and checks after each move
that the board in the page is the board of the event stream at that step, with no errors in
the console. Skipped, with the reason, where chromium or playwright is missing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nqueens.render.player import write_player
from nqueens.trace import events

from conftest import BrowserPage

pytestmark = pytest.mark.browser



def lines_for(evs) -> list[str]:
    # like the real narrators, placing a queen gets no line of its own
    return ["" if e.kind == "place" else f"{e.kind} {e.row + 1},{e.col + 1}" for e in evs]


class Page(BrowserPage):
    """A loaded player page, recording console messages and page errors."""

    def board(self) -> dict[str, object]:
        return self.page.evaluate(
            """() => {
              const b = document.getElementById("board");
              const sq = Array.from(b.querySelectorAll("rect.square"));
              return {
                step: Number(b.dataset.step), kind: b.dataset.kind,
                queens: sq.filter(e => e.dataset.queen === "1")
                          .map(e => [Number(e.dataset.row), Number(e.dataset.col)]),
                shown: Array.from(b.querySelectorAll("g.queen"))
                          .filter(g => g.getAttribute("display") !== "none")
                          .map(g => [Number(g.dataset.row), Number(g.dataset.col)]),
                states: sq.filter(e => e.dataset.state)
                          .map(e => [Number(e.dataset.row), Number(e.dataset.col),
                                     e.dataset.state]),
                line: document.getElementById("line").textContent,
                path: Array.from(document.querySelectorAll("#path li")).map(li => li.textContent),
              };
            }"""
        )


def expect_step(view: dict, evs, lines, k: int) -> None:
    e = evs[k]
    want = sorted([r, c] for r, c in enumerate(e.queens))
    assert view["step"] == k and view["kind"] == e.kind
    assert sorted(view["queens"]) == want
    assert sorted(view["shown"]) == want
    shown = next((lines[i] for i in range(k, -1, -1) if lines[i]), "")
    assert view["line"] == shown
    labels = [f"<{r + 1},{c + 1}>" for r, c in enumerate(e.queens)]
    if e.kind == "try":
        labels.append(f"<{e.row + 1},{e.col + 1}>?")
        states = {(r, c): s for r, c, s in view["states"]}
        assert states[(e.row, e.col)] == (
            "tried-promising" if e.promising else "tried-nonpromising")
        assert {sq for sq, s in states.items() if s == "attacker"} == {
            (a.row, a.col) for a in e.attackers}
    assert [p for p in view["path"] if p.startswith("<")] == labels


@pytest.fixture(scope="module")
def n4(tmp_path_factory):
    evs = list(events(4))
    lines = lines_for(evs)
    path = tmp_path_factory.mktemp("player") / "n4.html"
    write_player(path, n=4, events=evs, lines=lines, lang="en")
    return path, evs, lines


@pytest.mark.slow
def test_step_forward_and_back(browser, n4) -> None:
    path, evs, lines = n4
    p = Page(browser, path)
    expect_step(p.board(), evs, lines, 0)
    for k in range(1, 13):
        p.page.click("#forward")
        expect_step(p.board(), evs, lines, k)
    for k in range(11, 8, -1):
        p.page.click("#back")
        expect_step(p.board(), evs, lines, k)
    p.page.keyboard.press("ArrowRight")
    expect_step(p.board(), evs, lines, 10)
    p.page.keyboard.press("End")
    expect_step(p.board(), evs, lines, len(evs) - 1)
    p.page.click("#first")
    expect_step(p.board(), evs, lines, 0)
    p.page.click("#last")
    expect_step(p.board(), evs, lines, len(evs) - 1)
    # a backtrack step shows the queen taken back
    k = next(i for i, e in enumerate(evs) if e.kind == "backtrack")
    p.page.eval_on_selector(
        "#position", f"el => {{ el.value = {k}; el.dispatchEvent(new Event('input')); }}")
    view = p.board()
    expect_step(view, evs, lines, k)
    assert [evs[k].row - 1, evs[k].col, "lifted"] in view["states"]
    # a step without a line of its own keeps the previous line, marked as earlier
    k = next(i for i, e in enumerate(evs) if e.kind == "place")
    p.page.eval_on_selector(
        "#position", f"el => {{ el.value = {k}; el.dispatchEvent(new Event('input')); }}")
    expect_step(p.board(), evs, lines, k)
    assert p.page.get_attribute("#line", "data-line-step") == str(k - 1)
    assert "earlier" in p.page.get_attribute("#line", "class").split()
    p.page.click("#back")
    assert "earlier" not in p.page.get_attribute("#line", "class").split()
    assert p.errors() == []
    p.page.close()


def top_speed(p: Page) -> None:
    """The speed slider dragged to its top, 60 steps a second (the default is 4)."""
    p.page.eval_on_selector(
        "#speed", "el => { el.value = 60; el.dispatchEvent(new Event('input')); }")


@pytest.mark.slow
def test_play_to_each_solution(browser, n4) -> None:
    path, evs, lines = n4
    sols = [(i, e) for i, e in enumerate(evs) if e.kind == "solution"]
    assert len(sols) == 2
    p = Page(browser, path)
    top_speed(p)
    for i, e in sols:
        p.page.click("#play")
        assert p.page.get_attribute("body", "data-playing") == "1"
        p.page.wait_for_selector('body[data-playing="0"]', timeout=10_000)
        view = p.board()
        assert view["kind"] == "solution" and view["step"] == i
        assert sorted(view["queens"]) == sorted([r, c] for r, c in enumerate(e.queens))
        expect_step(view, evs, lines, i)
    # the first solution of the stream is the first solution of the search
    assert sols[0][1].queens == (1, 3, 0, 2)
    # playing on runs to the end and stops there
    p.page.click("#play")
    p.page.wait_for_selector('body[data-playing="0"]', timeout=10_000)
    expect_step(p.board(), evs, lines, len(evs) - 1)
    assert p.errors() == []
    assert not [m for m in p.messages if m[0] in ("warning", "error")]
    p.page.close()


@pytest.mark.slow
def test_pause_stops_playing(browser, n4) -> None:
    path, evs, lines = n4
    p = Page(browser, path)
    p.page.click("#play")
    p.page.wait_for_function("Number(document.getElementById('board').dataset.step) >= 1",
                             timeout=5000)
    p.page.keyboard.press(" ")
    assert p.page.get_attribute("body", "data-playing") == "0"
    k = p.board()["step"]
    p.page.wait_for_timeout(600)
    expect_step(p.board(), evs, lines, k)
    assert p.errors() == []
    p.page.close()


def test_japanese_page(browser, tmp_path: Path) -> None:
    evs = list(events(4, until="first"))
    lines = [f"({e.row + 1},{e.col + 1})に置ける" if e.promising else "" for e in evs]
    path = tmp_path / "ja.html"
    write_player(path, n=4, events=evs, lines=lines, lang="ja")
    p = Page(browser, path)
    assert p.page.text_content("#play") == "再生"
    assert p.board()["line"] == lines[0] == "(1,1)に置ける"
    p.page.click("#last")
    view = p.board()
    assert view["kind"] == "solution" and sorted(view["queens"]) == [[0, 1], [1, 3], [2, 0],
                                                                     [3, 2]]
    assert view["path"] == ["(1,2)", "(2,4)", "(3,1)", "(4,3)"]  # the slides' notation
    assert p.errors() == []
    p.page.close()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.slow
def test_cli_trace_html_plays_to_the_first_solution(browser, tmp_path: Path, lang) -> None:
    # the page a user gets from `nqueens trace 4 --html FILE`, with the real narrator
    from nqueens.narrate import event_lines

    from conftest import run_cli

    out = tmp_path / "trace.html"
    r = run_cli("trace", "4", "--lang", lang, "--html", str(out))
    assert r.code == 0, r.err
    evs = list(events(4, until="first"))
    lines = event_lines(evs, lang, n=4)
    p = Page(browser, out)
    p.page.click("#forward")
    view = p.board()
    assert view["step"] == 1 and sorted(view["queens"]) == [[0, 0]]
    assert view["line"] == next(x for x in (lines[1], lines[0]) if x)
    top_speed(p)  # at the default speed this took 9 s a language
    assert p.page.text_content("#speed-value") == "60"
    p.page.click("#play")
    p.page.wait_for_function(
        'document.getElementById("board").dataset.kind === "solution"', timeout=20000)
    view = p.board()
    assert view["kind"] == "solution"
    assert view["step"] == len(evs) - 1
    assert view["line"] == lines[-1] != ""
    assert sorted(map(tuple, view["queens"])) == [(0, 1), (1, 3), (2, 0), (3, 2)]
    assert p.errors() == []


def counter(p: Page) -> tuple[str, str]:
    return (p.page.text_content("#counter") or "",
            p.page.get_attribute("#counter", "data-label") or "")


@pytest.mark.parametrize(("lang", "word"), [("en", "Step"), ("ja", "ステップ"), ("ko", "단계")])
@pytest.mark.slow
def test_counter_names_the_book_step_as_trace_prints_it(browser, tmp_path: Path, lang,
                                                        word) -> None:
    from nqueens.narrate import narrate

    from conftest import run_cli

    out = tmp_path / "t.html"
    assert run_cli("trace", "4", "--lang", lang, "--html", str(out)).code == 0
    evs = list(events(4, until="first"))
    # the step of each event, read from the English text narrative (the book's labels)
    book, current = {}, ""
    for line in narrate(evs, n=4, lang="en"):
        if line.kind == "step":
            current = line.text[len("Step ("):-1]
        elif line.event is not None:
            book[id(line.event)] = current
    p = Page(browser, out)
    assert counter(p) == (f"{word} (a) \u00b7 1 / {len(evs)}", "a")
    seen = set()
    for k in range(1, len(evs)):
        p.page.click("#forward")
        text, label = counter(p)
        if id(evs[k]) in book:
            assert label == book[id(evs[k])], (k, evs[k])
        assert text == f"{word} ({label}) \u00b7 {k + 1} / {len(evs)}"
        seen.add(label)
    assert seen >= set("bcdefghijk") and counter(p)[1] == "k"   # the book's (a) to (k)
    assert p.errors() == []
    p.page.close()


@pytest.mark.parametrize(("lang", "closing"), [
    ("en", "Every node has been checked: 2 solutions."),
    ("ja", "4クイーン問題の解は、この2つだけ"),
    ("ko", "모든 노드를 검사했다: 해답 2개."),
])
@pytest.mark.slow
def test_the_whole_search_ends_on_the_summary_the_cli_prints(browser, tmp_path: Path, lang,
                                                             closing) -> None:
    from conftest import run_cli

    out = tmp_path / "all.html"
    assert run_cli("trace", "4", "--lang", lang, "--until", "all", "--html", str(out)).code == 0
    printed = run_cli("trace", "4", "--lang", lang, "--until", "all").out.splitlines()
    assert printed[-1] == closing
    evs = list(events(4))
    p = Page(browser, out)
    p.page.keyboard.press("End")
    view = p.board()
    assert view["kind"] == "summary" and view["step"] == len(evs)
    assert view["line"] == closing and view["queens"] == [] and view["states"] == []
    assert counter(p) == (f"{len(evs) + 1} / {len(evs) + 1}", "")
    # one back is the last event of the search, as before
    p.page.keyboard.press("ArrowLeft")
    view = p.board()
    assert view["step"] == len(evs) - 1 and view["kind"] == evs[-1].kind
    # playing on from the last solution runs into the summary and stops there
    last_solution = max(i for i, e in enumerate(evs) if e.kind == "solution")
    p.page.eval_on_selector("#position", f"el => {{ el.value = {last_solution}; "
                            "el.dispatchEvent(new Event('input')); }")
    top_speed(p)
    p.page.click("#play")
    p.page.wait_for_selector('body[data-playing="0"]', timeout=10_000)
    assert p.board()["kind"] == "summary"
    assert p.errors() == []
    p.page.close()


def test_the_first_solution_page_has_no_summary_frame(browser, n4) -> None:
    path, evs, _ = n4
    p = Page(browser, path)
    p.page.keyboard.press("End")
    assert p.board()["step"] == len(evs) - 1 and p.board()["kind"] == evs[-1].kind
    p.page.close()


@pytest.mark.slow
def test_space_plays_and_pauses_while_the_slider_has_focus(browser, n4) -> None:
    path, evs, lines = n4
    p = Page(browser, path)
    p.page.click("#position")             # the teacher clicks the slider: it takes focus
    assert p.page.evaluate("document.activeElement.id") == "position"
    start = p.board()["step"]
    p.page.keyboard.press(" ")
    assert p.page.get_attribute("body", "data-playing") == "1"
    p.page.wait_for_function(
        f"Number(document.getElementById('board').dataset.step) > {start}", timeout=5000)
    p.page.keyboard.press(" ")
    assert p.page.get_attribute("body", "data-playing") == "0"
    k = p.board()["step"]
    p.page.wait_for_timeout(600)
    expect_step(p.board(), evs, lines, k)   # paused: it stays
    # the slider's own keys still step, and still pause nothing that is not playing
    p.page.keyboard.press("ArrowRight")
    expect_step(p.board(), evs, lines, k + 1)
    p.page.keyboard.press("ArrowLeft")
    p.page.keyboard.press("ArrowLeft")
    expect_step(p.board(), evs, lines, k - 1)
    assert p.page.get_attribute("body", "data-playing") == "0"
    assert p.errors() == []
    p.page.close()
