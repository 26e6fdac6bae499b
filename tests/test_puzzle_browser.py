"""The puzzle play page in a real headless Chromium (playwright driving Debian's chromium).

Loads a generated puzzle's page from a file:// URL and plays it as a person would: crosses
and queens by clicking, conflicts ringed, hints that follow the explainer's steps, a win.
Skipped, with the reason, where chromium or playwright is missing.
"""

from __future__ import annotations

import pytest

from nqueens.puzzles import explain, make
from nqueens.render.puzzle_play import play_html

from conftest import BrowserPage

pytestmark = pytest.mark.browser



class Page(BrowserPage):
    """A loaded puzzle page: click squares, read cells and texts."""

    def click(self, r: int, c: int, times: int = 1) -> None:
        for _ in range(times):
            self.page.click(f'rect.cell[data-row="{r}"][data-col="{c}"]')

    def cells(self, attr: str, value: str) -> set[tuple[int, int]]:
        return {tuple(x) for x in self.page.evaluate(
            f"""() => Array.from(document.querySelectorAll('rect.cell'))
                 .filter(e => e.dataset.{attr} === {value!r})
                 .map(e => [Number(e.dataset.row), Number(e.dataset.col)])""")}

    def text(self, selector: str) -> str:
        return self.page.text_content(selector) or ""


@pytest.fixture(scope="module")
def region_page(tmp_path_factory):
    made = make(8, seed=5, logic_only=True)
    path = tmp_path_factory.mktemp("play") / "r8.html"
    path.write_text(play_html(made.puzzle, lang="en"), encoding="utf-8")
    return path, made


def test_click_cycles_cross_queen_empty_and_conflicts_show(browser, region_page):
    path, _made = region_page
    p = Page(browser, path)
    assert p.text("#status") == "0 of 8 queens placed"
    p.click(0, 0)
    assert p.cells("state", "cross") == {(0, 0)}
    p.click(0, 0)
    assert p.cells("state", "queen") == {(0, 0)} and not p.cells("state", "cross")
    p.click(1, 1, times=2)  # touching the first queen
    assert p.cells("conflict", "1") == {(0, 0), (1, 1)}
    assert "break a rule" in p.text("#status")
    p.click(1, 1)  # third click clears
    assert p.cells("state", "queen") == {(0, 0)} and not p.cells("conflict", "1")
    assert p.errors() == []


def test_hints_follow_the_explainer_to_a_win(browser, region_page):
    path, made = region_page
    e = explain(made.puzzle)
    p = Page(browser, path)
    p.page.click("#hint")
    first = next(s for s in e.steps)
    from nqueens.puzzles import step_text

    assert p.text("#hint-text") == step_text(first, "en", made.puzzle)
    hinted = p.cells("hint", "1")
    assert hinted  # the squares the step is about are marked
    # obey every hint: place its queen or cross its squares, until the puzzle is solved
    for _ in range(200):
        if p.page.get_attribute("body", "data-solved") == "1":
            break
        p.page.click("#hint")
        squares = p.cells("hint", "1")
        text = p.text("#hint-text")
        step = next((s for s in e.steps if step_text(s, "en", made.puzzle) == text), None)
        assert step is not None, text
        for r, c in sorted(squares):
            if step.place == (r, c):
                p.click(r, c, times=2)
            else:
                assert (r, c) in step.removed and made.solution[r] != c
                p.click(r, c)
    assert p.page.get_attribute("body", "data-solved") == "1"
    assert p.cells("state", "queen") == set(enumerate(made.solution))
    assert p.text("#status") == "Solved!"
    assert p.errors() == []


def test_a_wrong_queen_is_named_by_the_hint(browser, region_page):
    path, made = region_page
    p = Page(browser, path)
    wrong = next((0, c) for c in range(8) if c != made.solution[0])
    p.click(*wrong, times=2)
    p.page.click("#hint")
    assert p.text("#hint-text") == f"The queen at <1,{wrong[1] + 1}> is not part of the solution."
    assert p.cells("hint", "1") == {wrong}
    p.page.click("#reset")
    assert not p.cells("state", "queen") and p.text("#hint-text") == ""


def test_completion_page_keeps_givens_and_blocked(browser, tmp_path):
    from nqueens.puzzles import completion_puzzle

    puzzle = completion_puzzle(6, [(0, 1)], blocked=[(5, 5)])
    path = tmp_path / "c6.html"
    path.write_text(play_html(puzzle, lang="ja"), encoding="utf-8")
    p = Page(browser, path)
    assert p.cells("state", "queen") == {(0, 1)}
    assert p.cells("state", "blocked") == {(5, 5)}
    p.click(0, 1)
    p.click(5, 5)
    assert p.cells("state", "queen") == {(0, 1)} and p.cells("state", "blocked") == {(5, 5)}
    p.click(1, 2, times=2)  # diagonal to the given queen
    assert p.cells("conflict", "1") == {(0, 1), (1, 2)}
    assert p.text("#hint") == "ヒント"
    assert p.errors() == []
