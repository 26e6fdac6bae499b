"""The puzzle play page as a player meets it, in a real headless Chromium at a laptop's and a
phone's screen size (playwright driving Debian's chromium, as in test_puzzle_browser.py).

Checks, with the elements' bounding boxes, that the whole board, the controls and the status
are on screen without scrolling; plays by keyboard to a win; walks undo and redo back and
forth through recorded states; automatic crosses against the rules worked out here in
Python; given and placed queens drawn in different colours; the timer on a virtual clock;
touch and drag. Skipped, with the reason, where chromium or playwright is missing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nqueens.puzzles import completion_puzzle, parse_puzzle, solve
from nqueens.render.puzzle_play import play_html

from conftest import BrowserPage

pytestmark = pytest.mark.browser

LAPTOP, LAPTOP_IN_BROWSER, PHONE = (1366, 768), (1366, 657), (390, 844)
"""Viewports: a 1366 x 768 laptop screen, the same less a browser's tab and address bars,
and a 390 x 844 phone (in portrait)."""

R8 = """kind: regions
AABBBBCC
AABBBBBC
AAABBBBD
AAEEBBBD
AEEEEDDD
FEEEEEDG
HEEEEGGG
HHEGGGGG
"""
"""A unique 8 x 8 region puzzle (``puzzle make -n 8 --seed 5``)."""


class PlayPage(BrowserPage):
    """The page in a browser context of a given viewport; optionally on a paused clock."""

    def __init__(self, browser, path: Path, size: tuple[int, int], *, clock: bool = False
                 ) -> None:
        phone = size[0] < size[1]
        self.context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone)
        if clock:
            self.context.clock.install(time=1_700_000_000_000)
            self.context.clock.pause_at(1_700_000_000_000)
        super().__init__(self.context, path)

    def close(self) -> None:
        self.context.close()

    def cell(self, r: int, c: int) -> str:
        return f'rect.cell[data-row="{r}"][data-col="{c}"]'

    def states(self) -> dict[tuple[int, int], str]:
        """Every square with a mark: "queen", "cross", "auto" (an automatic cross), "blocked"."""
        return {(r, c): s for r, c, s in self.page.evaluate(
            """() => Array.from(document.querySelectorAll('rect.cell'))
                 .filter(e => e.dataset.state)
                 .map(e => [Number(e.dataset.row), Number(e.dataset.col), e.dataset.state])""")}

    def marked(self, state: str) -> set[tuple[int, int]]:
        return {sq for sq, s in self.states().items() if s == state}

    def attr(self, selector: str, name: str) -> str | None:
        return self.page.get_attribute(selector, name)

    def text(self, selector: str) -> str:
        return self.page.text_content(selector) or ""

    def cursor(self) -> tuple[int, int] | None:
        el = self.page.query_selector('rect.cell[data-cursor="1"]')
        return None if el is None else (int(el.get_attribute("data-row") or 0),
                                        int(el.get_attribute("data-col") or 0))

    def go(self, r: int, c: int) -> None:
        """Move the keyboard cursor to ``(r, c)`` with the arrow keys."""
        if self.cursor() is None:
            self.page.keyboard.press("ArrowUp")  # the first arrow shows the cursor
        at = self.cursor()
        assert at is not None
        for _ in range(abs(r - at[0])):
            self.page.keyboard.press("ArrowDown" if r > at[0] else "ArrowUp")
        for _ in range(abs(c - at[1])):
            self.page.keyboard.press("ArrowRight" if c > at[1] else "ArrowLeft")
        assert self.cursor() == (r, c)

    def box(self, selector: str) -> dict[str, float]:
        b = self.page.locator(selector).bounding_box()
        assert b is not None, f"{selector} is not displayed"
        return b


def write(tmp_path: Path, name: str, text: str, lang: str = "en") -> Path:
    path = tmp_path / name
    path.write_text(play_html(parse_puzzle(text), lang=lang), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def r8(tmp_path_factory) -> Path:
    return write(tmp_path_factory.mktemp("play"), "r8.html", R8)


@pytest.fixture(scope="module")
def c14(tmp_path_factory) -> Path:
    """The columns of a 14 x 14 board as its regions: a bigger board, longer hint texts."""
    return write(tmp_path_factory.mktemp("play"), "c14.html",
                 "\n".join("".join(chr(65 + c) for c in range(14)) for _ in range(14)))


def inside(b: dict[str, float], size: tuple[int, int]) -> bool:
    return (b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= size[0] + 0.5
            and b["y"] + b["height"] <= size[1] + 0.5)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


VISIBLE = ["#board-wrap svg", "h1", "#status", "#timer", "#undo", "#redo", "#hint", "#reset",
           "#auto", "#hint-text"]


@pytest.mark.parametrize(("n", "size"), [(8, LAPTOP), (8, PHONE), (14, LAPTOP_IN_BROWSER),
                                         (14, PHONE)], ids=str)
def test_board_controls_and_status_fit_on_one_screen(browser, r8, c14, size, n):
    p = PlayPage(browser, r8 if n == 8 else c14, size)
    try:
        p.page.click(p.cell(1, 1))  # a cross, then ask for a hint so its text shows
        p.page.click("#hint")
        assert p.text("#hint-text")
        for sel in VISIBLE:
            assert inside(p.box(sel), size), (sel, p.box(sel), size)
        board = p.box("#board-wrap svg")
        assert not any(overlap(board, p.box(sel)) for sel in VISIBLE[1:])
        # the board takes the room there is: nearly the whole height of a landscape screen,
        # nearly the whole width of a phone
        if size[0] > size[1]:
            assert board["height"] >= 0.9 * size[1] and board["width"] == board["height"]
        else:
            assert board["width"] >= 0.9 * size[0]
        scroll = p.page.evaluate("() => [document.documentElement.scrollWidth, "
                                 "document.documentElement.scrollHeight]")
        assert scroll == list(size)  # nothing to scroll to
        assert p.errors() == []
    finally:
        p.close()


def test_keyboard_play_solves_the_puzzle(browser, r8):
    solution = solve(parse_puzzle(R8))
    assert solution is not None
    p = PlayPage(browser, r8, LAPTOP)
    try:
        assert p.cursor() is None  # no cursor until a key asks for it
        p.page.keyboard.press("ArrowRight")
        assert p.cursor() == (0, 0)
        p.page.keyboard.press("ArrowLeft")  # the edge holds
        assert p.cursor() == (0, 0)
        # cross out the first row but for the solution's square, with X
        for c in range(8):
            if c != solution[0]:
                p.go(0, c)
                p.page.keyboard.press("x")
        assert p.marked("cross") == {(0, c) for c in range(8) if c != solution[0]}
        p.go(0, 0)
        p.page.keyboard.press("x")  # X again takes the cross off
        assert (0, 0) not in p.states()
        # Space cycles empty -> cross -> queen -> empty; Enter too
        p.go(1, 0)
        for want in ("cross", "queen", None):
            p.page.keyboard.press("Space")
            assert p.states().get((1, 0)) == want
        p.page.keyboard.press("Enter")
        assert p.states().get((1, 0)) == "cross"
        p.page.keyboard.press("Delete")
        assert (1, 0) not in p.states()
        for r, c in enumerate(solution):
            p.go(r, c)
            p.page.keyboard.press("q")
        assert p.marked("queen") == set(enumerate(solution))
        assert p.attr("body", "data-solved") == "1" and p.text("#status") == "Solved!"
        p.page.keyboard.press("q")  # Q on a queen takes it away
        assert p.attr("body", "data-solved") == "0"
        assert p.text("#status") == "7 of 8 queens placed"
        p.page.focus("#undo")                  # a control focused by Tab, then the board
        p.page.click(p.cell(7, 7))             # clicked: Space goes to the board again
        p.page.keyboard.press("Space")
        assert p.states().get((7, 7)) == "queen" and p.cursor() == (7, 7)
        assert p.errors() == []
    finally:
        p.close()


def test_undo_and_redo_walk_through_every_state(browser, r8):
    p = PlayPage(browser, r8, LAPTOP)
    try:
        assert p.page.is_disabled("#undo") and p.page.is_disabled("#redo")
        seen = [p.states()]
        p.page.click(p.cell(2, 2))                  # a cross
        seen.append(p.states())
        p.page.click(p.cell(2, 2))                  # the cross becomes a queen
        seen.append(p.states())
        p.page.click(p.cell(5, 5), button="right")  # a right click: a cross
        seen.append(p.states())
        p.go(7, 7)
        p.page.keyboard.press("s")                  # a queen by key
        seen.append(p.states())
        p.page.click("#reset")                      # starting again is a move too
        seen.append(p.states())
        assert [len(s) for s in seen] == [0, 1, 1, 2, 3, 0]
        assert seen[2] == {(2, 2): "queen"}
        for k in range(len(seen) - 2, -1, -1):      # back to the start, key and button
            if k % 2:
                p.page.keyboard.press("Control+z")
            else:
                p.page.click("#undo")
            assert p.states() == seen[k], k
        assert p.page.is_disabled("#undo") and not p.page.is_disabled("#redo")
        for k in range(1, len(seen)):               # and forward again
            if k % 2:
                p.page.keyboard.press("Control+y")
            else:
                p.page.keyboard.press("Control+Shift+Z") if k == 2 else p.page.click("#redo")
            assert p.states() == seen[k], k
        assert p.page.is_disabled("#redo")
        p.page.keyboard.press("Control+z")
        p.page.keyboard.press("Control+z")
        p.page.click(p.cell(0, 0))                  # a new move drops what could be redone
        assert p.page.is_disabled("#redo")
        assert p.states() == {**seen[3], (0, 0): "cross"}
        assert p.errors() == []
    finally:
        p.close()


def attacked_by(text: str, queen: tuple[int, int]) -> set[tuple[int, int]]:
    """The squares a queen rules out in a one-star region puzzle: its row, column and
    region, and the squares touching it."""
    grid = [row for row in text.splitlines() if row and ":" not in row]
    r0, c0 = queen
    return {(r, c) for r in range(len(grid)) for c in range(len(grid))
            if (r, c) != queen and (r == r0 or c == c0 or grid[r][c] == grid[r0][c0]
                                    or max(abs(r - r0), abs(c - c0)) == 1)}


def test_automatic_crosses_follow_the_queens(browser, r8):
    p = PlayPage(browser, r8, LAPTOP)
    try:
        p.page.click(p.cell(3, 3))
        p.page.click(p.cell(3, 3))                   # a queen at <4,4>, no automatic crosses
        p.page.click(p.cell(0, 7))                   # an ordinary cross
        assert p.marked("auto") == set()
        p.page.check("#auto")
        want = attacked_by(R8, (3, 3)) - {(0, 7)}
        assert p.marked("auto") == want
        assert p.marked("cross") == {(0, 7)}
        p.page.click(p.cell(3, 3))                   # the queen goes: so do its crosses
        assert p.marked("auto") == set()
        p.page.keyboard.press("Control+z")
        assert p.marked("auto") == want
        p.page.uncheck("#auto")
        assert p.marked("auto") == set() and p.marked("queen") == {(3, 3)}
        drawn = p.page.evaluate("() => document.querySelectorAll('.mark-cross.auto').length")
        assert drawn == 0
        assert p.errors() == []
    finally:
        p.close()


def test_given_queens_look_different_and_stay(browser, tmp_path):
    path = tmp_path / "c6.html"
    path.write_text(play_html(completion_puzzle(6, [(0, 1)], blocked=[(5, 5)])),
                    encoding="utf-8")
    p = PlayPage(browser, path, PHONE)
    try:
        p.page.tap(p.cell(2, 0))
        p.page.tap(p.cell(2, 0))                     # a placed queen, by touch
        assert p.marked("queen") == {(0, 1), (2, 0)}
        assert p.attr(p.cell(0, 1), "data-given") == "1"
        assert p.attr(p.cell(2, 0), "data-given") == "0"
        fills = p.page.evaluate(
            """() => [
              getComputedStyle(document.querySelector('g.queen[data-given="1"] path')).fill,
              getComputedStyle(document.querySelector('.mark-queen.placed path')).fill]""")
        assert fills[0] != fills[1], fills
        p.go(0, 1)                                   # keys do not move a given queen
        for key in ("q", "x", "Delete", "Space"):
            p.page.keyboard.press(key)
        p.page.tap(p.cell(5, 5))                     # nor taps a blocked square
        assert p.states()[(0, 1)] == "queen" and p.states()[(5, 5)] == "blocked"
        assert p.errors() == []
    finally:
        p.close()


def test_a_drag_crosses_out_squares_in_one_move(browser, r8):
    p = PlayPage(browser, r8, LAPTOP)
    try:
        p.page.click(p.cell(4, 2))
        p.page.click(p.cell(4, 2))                   # a queen, which a drag leaves alone

        def centre(r: int, c: int) -> tuple[float, float]:
            b = p.box(p.cell(r, c))
            return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

        p.page.mouse.move(*centre(4, 0))
        p.page.mouse.down()
        for c in range(1, 6):
            p.page.mouse.move(*centre(4, c), steps=3)
        p.page.mouse.up()
        assert p.states() == {(4, 0): "cross", (4, 1): "cross", (4, 2): "queen",
                              (4, 3): "cross", (4, 4): "cross", (4, 5): "cross"}
        p.page.click("#undo")                        # the whole drag is one move
        assert p.states() == {(4, 2): "queen"}
        assert p.errors() == []
    finally:
        p.close()


def test_the_timer_runs_until_solved(browser, r8):
    solution = solve(parse_puzzle(R8))
    assert solution is not None
    p = PlayPage(browser, r8, LAPTOP, clock=True)
    try:
        assert p.text("#timer") == "0:00"
        p.context.clock.fast_forward("01:05")
        assert p.text("#timer") == "1:05"
        for r, c in enumerate(solution):
            p.page.click(p.cell(r, c))
            p.page.click(p.cell(r, c))
        assert p.attr("body", "data-solved") == "1"
        p.context.clock.fast_forward("10:00")        # stopped at the win
        assert p.text("#timer") == "1:05"
        p.page.keyboard.press("Control+z")           # unsolved again: it runs on
        p.context.clock.fast_forward("59:00")
        assert p.text("#timer") == "1:00:05"
        assert p.errors() == []
    finally:
        p.close()


def test_the_board_is_kept_across_a_reload_per_puzzle(browser, r8, tmp_path):
    other = write(tmp_path, "other.html",
                  R8.replace("kind: regions", "kind: regions\nrules: diagonals"))
    p = PlayPage(browser, r8, LAPTOP, clock=True)
    try:
        p.page.click(p.cell(2, 2))
        p.page.click(p.cell(2, 2))
        p.page.click(p.cell(6, 6))
        p.page.check("#auto")
        p.context.clock.fast_forward("00:42")
        kept = p.states()
        assert (2, 2, "queen") in {(*sq, s) for sq, s in kept.items()}
        p.page.reload()
        p.page.wait_for_selector('body[data-ready="1"]')
        assert p.states() == kept and p.page.is_checked("#auto")
        assert p.text("#timer") == "0:42"
        assert p.page.is_disabled("#undo")       # the history is not kept, the board is
        p.page.goto(other.resolve().as_uri())    # another puzzle starts empty
        p.page.wait_for_selector('body[data-ready="1"]')
        assert p.states() == {} and p.text("#timer") == "0:00"
        p.page.goto(r8.resolve().as_uri())
        p.page.wait_for_selector('body[data-ready="1"]')
        p.page.click("#reset")                   # starting again clears board and time
        assert p.states() == {} and p.text("#timer") == "0:00"
        p.page.reload()
        p.page.wait_for_selector('body[data-ready="1"]')
        assert p.states() == {}
        assert p.errors() == []
    finally:
        p.close()


STARS2 = """kind: regions
stars: 2
ABBBBBCDDD
ABBCCCCCDD
ABBCEECCCD
AABEECCCDD
AAFEGGGGGG
AFFEEGGGGG
FFHHEGGGGI
FFHHEEIIJI
FHHHJJIIJI
FHHHJJJJJJ
"""
"""A 10 x 10 two-star puzzle, its regions grown around :data:`STARS2_PLACED`."""

STARS2_PLACED = [(0, 3), (0, 7), (1, 5), (1, 9), (2, 0), (2, 2), (3, 4), (3, 6), (4, 0), (4, 2),
                 (5, 6), (5, 8), (6, 1), (6, 4), (7, 7), (7, 9), (8, 3), (8, 5), (9, 1), (9, 8)]


def grid_of(text: str) -> list[str]:
    return [row for row in text.splitlines() if row and ":" not in row]


def ruled_out(grid: list[str], stars: list[tuple[int, int]], k: int) -> set[tuple[int, int]]:
    """Plain Python: the squares no further star may take (touching a star, or in a row,
    column or region that holds its k stars)."""
    n = len(grid)
    full_rows = {r for r in range(n) if sum(s[0] == r for s in stars) >= k}
    full_cols = {c for c in range(n) if sum(s[1] == c for s in stars) >= k}
    full_regions = {g for g in {grid[r][c] for r, c in stars}
                    if sum(grid[r][c] == g for r, c in stars) >= k}
    return {(r, c) for r in range(n) for c in range(n) if (r, c) not in stars and (
        r in full_rows or c in full_cols or grid[r][c] in full_regions
        or any(max(abs(r - a), abs(c - b)) == 1 for a, b in stars))}


def test_a_two_star_puzzle_plays_to_a_win(browser, tmp_path):
    grid = grid_of(STARS2)
    # the placement is a solution by the rules, checked here by plain counting
    for unit in (lambda s: s[0], lambda s: s[1], lambda s: grid[s[0]][s[1]]):
        tally: dict[object, int] = {}
        for s in STARS2_PLACED:
            tally[unit(s)] = tally.get(unit(s), 0) + 1
        assert sorted(tally.values()) == [2] * 10
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1
               for i, a in enumerate(STARS2_PLACED) for b in STARS2_PLACED[i + 1:])
    path = write(tmp_path, "s2.html", STARS2)
    p = PlayPage(browser, path, PHONE)
    try:
        assert p.text("#status") == "0 of 20 stars placed"
        assert "2 stars in every row" in p.text("#rules")
        p.page.check("#auto")
        placed: list[tuple[int, int]] = []
        for sq in [*STARS2_PLACED[:2], (0, 0)]:  # a third star in row 1 breaks the rule
            p.go(*sq)
            p.page.keyboard.press("s")
            placed.append(sq)
            if len(placed) < 3:
                assert p.marked("auto") == ruled_out(grid, placed, 2)
        assert p.page.evaluate("() => document.querySelectorAll('.mark-star.placed').length") == 3
        assert p.marked("queen") == set(placed)
        row0 = {sq for sq in placed if sq[0] == 0}
        assert {(int(e[0]), int(e[1])) for e in p.page.evaluate(
            """() => Array.from(document.querySelectorAll('rect.cell[data-conflict="1"]'))
                 .map(e => [e.dataset.row, e.dataset.col])""")} >= row0
        assert p.text("#status") == "Some stars break a rule (ringed in red)."
        p.page.keyboard.press("Control+z")
        assert p.text("#status") == "2 of 20 stars placed"
        for sq in STARS2_PLACED[2:]:
            p.go(*sq)
            p.page.keyboard.press("s")
        assert p.marked("queen") == set(STARS2_PLACED)
        assert p.attr("body", "data-solved") == "1" and p.text("#status") == "Solved!"
        assert p.errors() == []
    finally:
        p.close()
