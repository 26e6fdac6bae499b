"""The region-puzzle generator, steered by the logical solver.

A start draws a random solution and grows connected regions around it
(`nqueens.puzzles.grow`). Then each board is judged by the players' techniques
(`Solve`, the cheap ones: up to medium; for one star the
same solve compiled, `QuickSolve`, a tenth of the time),
not by an exhaustive search of the whole board:

- the techniques solve it: it has one solution, proved by logic. If the explainer's grade
  is the one asked for, it is done; if it is too easy, a random square moves to a
  neighbouring region and the judging starts over;
- they stall: the solutions left lie on the few squares still open, so the compiled exact
  search looks only there (`solutions_within`, a bounded
  number of nodes). A second solution found there loses one of its squares to a
  neighbouring region (that region then holds one star too many for it, so it is gone,
  while the drawn solution stays). With none, the board is unique but needs harder
  logic: the full explainer is asked (when a harder grade is allowed), else a square still
  open moves, so that the next board gives the techniques a new hold.

For an expert puzzle the walk climbs: expert boards are about one in a hundred of the hard
ones, which are rare themselves, but common near a hard board whose contradiction is
already long. So the hardest unique board so far is held (`_hardness`: the grade,
the longest chain of forced queens, the fewest steps of that grade), and a board that comes
out easier, or with a second solution, goes back to it before the next move. (Expert 15 x
15 puzzles from seeds 1-8: 8 found against 4 without, each within 40 s; 10 x 10: 7 against
2: docs/performance.md, "Decisions".)

Each move changes a few squares, and the next board is judged afresh in milliseconds, so
a 25 x 25 puzzle takes hundreds of boards, seconds, where repairing random regions until
the whole board's exact search finds one solution took minutes. A board the techniques
solve has one solution (each technique is sound, so its steps are a proof); the exact
search up to a second solution confirms it (`unique_within`),
up to `PROOF_NODES` nodes: seconds, far more than boards up to five stars need, but
not always enough for the largest boards with six stars, whose proof is then the
techniques' steps alone.

>>> import random
>>> p, sol, grade = steer(8, 1, random.Random(4), diagonals=False, low=1, high=4)
>>> from nqueens.puzzles.exact import count
>>> count(p).count, 1 <= grade <= 4
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Set
from functools import lru_cache

from nqueens.errors import NQueensRuntimeError
from nqueens.puzzles.exact import solutions, solutions_within, unique_within
from nqueens.puzzles.grow import (
    mask_squares,
    move_out,
    move_square,
    random_regions,
    random_solution,
    star_board,
)
from nqueens.puzzles.logic import GRADES, explain
from nqueens.puzzles.model import Puzzle, Square, made_region_puzzle
from nqueens.puzzles.quick import solver
from nqueens.puzzles.solution import PuzzleSolution, star_squares
from nqueens.puzzles.steps import Record

__all__ = ["CHEAP", "NODES", "Tally", "steer", "steer_search"]

CHEAP = 2
"""The hardest grade of the techniques run on every board tried (medium: k regions in two
lines, shapes); harder ones only on boards those leave with one solution."""

NODES = 20_000
"""Search nodes allowed per look for a second solution among the open squares (about a
millisecond); a look that does not settle counts as "none found", and a square moves.
Ten times as many from three stars on, where the cheap techniques leave more open and a
random move costs more boards than a longer look (O(nodes), ten times a one-star look:
it runs in slices, between which Ctrl-C lands)."""

MANY = 3
"""From this many stars on (and for an easy puzzle from two), regions grow long and thin
(`LEAN`), a stalled board moves a square of its tightest region (not a random one),
and the look for a second solution is made on every `LOOK_EVERY`-th board only (or
once the open squares are few): there the cheap techniques take hold of nothing on
regions grown evenly, and each look costs more than the board's techniques. (An easy
10 x 10 two-star puzzle: none within 15 s from seeds 1-3 without, all three within that
with: docs/performance.md, "Decisions".)"""

LEAN = 4
"""How much faster regions grow along their row or column than across it, from
`MANY` stars on (`random_regions`)."""

LOOK_EVERY = 10
"""From `MANY` stars on, one board in this many looks for a second solution."""

RECENT = 20
"""Squares moved this recently do not move again (from `MANY` stars on): the
tightest region would otherwise hand a square over and take it back, board after board."""

PROOF_NODES = 500_000
"""Search nodes allowed to confirm that a board the techniques solved has one solution
(at 25 x 25 with six stars not always enough; made boards settled within 15,000 nodes up
to four stars, within 270,000 at 21 x 21 with five)."""

Tally = Callable[[int, int], None]
"""Told (boards tried, starts) before each board: progress, and a place for Ctrl-C."""


def steer(n: int, k: int, rng: random.Random, *, diagonals: bool, low: int, high: int,
          starts: int = 50, tally: Tally | None = None, pieces: bool = False
          ) -> tuple[Puzzle, PuzzleSolution, int]:
    """A unique region puzzle with k stars, its solution and its grade in `low..high`.

    The grade is the explainer's, 1-4. With `pieces` a move hands one square alone to
    any other region (`move_square`), so regions fall into
    pieces; else they stay in one piece (`move_out`).
    Raises `NQueensRuntimeError` after `starts` fresh starts
    without one. Cost: O(boards * (the cheap techniques + a bounded search)), boards
    growing about as n^2; plus the full explainer on the boards that are unique but too
    hard for the cheap techniques (only when `high` is above `CHEAP`).

    >>> p, sol, grade = steer(6, 1, random.Random(1), diagonals=False, low=1, high=1)
    >>> grade
    1
    """
    lean = k >= MANY or (k > 1 and high <= GRADES.index("easy"))
    return _walk(n, k, rng, diagonals, starts, tally, _Judge(low, high, lean), lean, pieces)


def steer_search(n: int, k: int, rng: random.Random, *, diagonals: bool, starts: int = 50,
                 tally: Tally | None = None, pieces: bool = False
                 ) -> tuple[Puzzle, PuzzleSolution, int]:
    """A unique region puzzle that logic alone cannot solve (grade 5, search).

    Regions repaired with the whole board's exact search until one solution is left (the
    second solution loses a square), kept when the explainer needs search; `pieces` as
    for `steer`. Such puzzles are rare: the explainer's contradictions solve nearly
    every unique board (none in 50 starts at each size from 7 to 12). Cost: O(starts * n^2
    exact searches), seconds from about 16 x 16 up.

    >>> steer_search(6, 1, random.Random(0), diagonals=False, starts=3)
    Traceback (most recent call last):
    ...
    nqueens.errors.NQueensRuntimeError: no start of 3 found one in 18 boards
    """
    return _walk(n, k, rng, diagonals, starts, tally, _judge_search, False, pieces)


# --- private helpers ---------------------------------------------------------------------

Moves = list[list[Square]]
"""Squares one of which should move to another region, in groups: the first group from
which a square can move gives it."""

Judge = Callable[[Puzzle, set[Square], list[Square]], "int | Moves | None"]
"""A board's verdict, told the squares moved lately: its grade when it is the one to
return, else the squares to move, or None to give up this start."""


Mover = Callable[[int, list[list[int]], random.Random, list[Square], set[Square]], set[Square]]
"""Hands one of the squares given to another region (`nqueens.puzzles.grow`)."""


def _walk(n: int, k: int, rng: random.Random, diagonals: bool, starts: int,
          tally: Tally | None, judge: Judge, lean: bool, pieces: bool
          ) -> tuple[Puzzle, PuzzleSolution, int]:
    """Fresh starts, each a random solution with regions around it (leaning ones with
    `lean`) moved square by square as `judge` says (with `pieces` one square alone,
    else with what keeps regions whole), until it returns a grade; the error after
    `starts` starts."""
    mover = move_square if pieces else move_out
    boards = 0
    for start in range(1, starts + 1):
        sol, grid = _draw(n, k, rng, diagonals, lean)
        stars = set(star_squares(sol))
        recent: list[Square] = []
        held: tuple[tuple[int, ...], list[list[int]]] | None = None  # the hardest so far
        for _ in range(4 * n * n):
            boards += 1
            if tally is not None:
                tally(boards, start)
            p = made_region_puzzle(grid, diagonals=diagonals, stars=k)
            done = judge(p, stars, recent)
            if isinstance(done, int):
                return p, sol, done
            hardness = getattr(judge, "hardness", None)
            if hardness is not None and (held is None or hardness >= held[0]):
                held = hardness, [row[:] for row in grid]
            elif held is not None:  # easier, or not unique: back to the hardest board
                grid = [row[:] for row in held[1]]
                done = _anywhere(n, stars)
            moved = _move(n, grid, rng, done, stars, mover)
            if not moved:
                break
            recent = (recent + sorted(moved))[-RECENT:]
    raise NQueensRuntimeError(f"no start of {starts} found one in {boards} boards")


def _move(n: int, grid: list[list[int]], rng: random.Random, moves: Moves | None,
          stars: set[Square], mover: Mover) -> set[Square]:
    """The squares moved from the first group of `moves` that can give one."""
    for group in moves or ():
        moved = mover(n, grid, rng, group, stars)
        if moved:
            return moved
    return set()


def _judge_search(p: Puzzle, stars: set[Square], recent: list[Square]) -> int | Moves | None:
    """Grade 5 for a unique board that needs search, None for one that does not, else a
    second solution's squares."""
    found = []
    for s in solutions(p, batch=2):
        found.append(s)
        if len(found) == 2:
            break
    others = [s for s in found if set(star_squares(s)) != stars]
    if others:
        return [list(star_squares(others[0]))]
    return 5 if explain(p).grade == 5 else None


def _draw(n: int, k: int, rng: random.Random, diagonals: bool, lean: bool
           ) -> tuple[PuzzleSolution, list[list[int]]]:
    """A random solution and connected regions around it (k > 1: leaning with `lean`)."""
    if k == 1:
        cols = random_solution(n, rng, touching=True, diagonals=diagonals)
        return cols, random_regions(n, rng, list(enumerate(cols)))
    return star_board(n, k, rng, lean=LEAN if lean else 1)


class _Judge:
    """The verdicts of `steer` for grades `low..high`."""

    def __init__(self, low: int, high: int, lean: bool) -> None:
        self.low, self.high, self.lean = low, high, lean
        self.unlooked = 0  # boards since the last look for a second solution
        self.unsettled = (None, 0)  # a start's stars, and the open squares of its last look
        # that did not settle
        self.hardness: tuple[int, ...] | None = None  # of the last board, when it climbs

    def __call__(self, p: Puzzle, stars: set[Square], recent: list[Square]) -> int | Moves:
        """The grade of a board that is done, else the squares to move."""
        n, k = p.n, p.stars
        self.hardness = None
        solve = solver(p)  # compiled for one star: the explainer's steps, unspoken
        if solve.advance(min(self.high, CHEAP)):
            done = solve.record()  # as explain(p, max_grade=self.high) would say
            if done.grade >= self.low and _unique(p):
                return done.grade
            self._climb(done)
            return _anywhere(n, stars)  # too easy
        cand, placed = solve.cand, solve.stars
        found = None
        if self._looks(stars, cand.bit_count(), n, k):
            self.unlooked = 0
            found = solutions_within(p, cand | placed, limit=2,
                                     nodes=NODES if k <= 2 else 10 * NODES)
            if found is None and self.lean:
                self.unsettled = stars, cand.bit_count()
        else:
            self.unlooked += 1
        others = _others(found, stars)
        if others:
            return [[sq for sq in star_squares(others[0]) if sq not in stars]]
        if found is not None and self.high > CHEAP:
            solve.advance(self.high)  # on from where the cheap techniques stalled
            done = solve.record()
            if done.solved and self.low <= done.grade <= self.high and _unique(p):
                return done.grade
            if done.solved:
                self._climb(done)
        if not self.lean:
            return [_open(n, cand, stars)]
        return _tightest(p, cand, placed, stars, set(recent))

    def _looks(self, stars: set[Square], open_: int, n: int, k: int) -> bool:
        """Whether this board looks for a second solution: every board, or from
        `MANY` stars on one in `LOOK_EVERY` and every one with fewer than 3nk
        squares open; but after a look of this start that did not settle, none until n
        fewer squares are open (such a look costs most of a second at 25 x 25, and one on
        as many squares would not settle either)."""
        if not self.lean:
            return True
        if self.unsettled[0] is stars and open_ > self.unsettled[1] - n:
            return False
        return self.unlooked + 1 >= LOOK_EVERY or open_ < 3 * n * k

    def _climb(self, done: Record) -> None:
        """Note how hard a unique board too easy for the grade is, when the grade asked
        for is expert: the walk climbs (see `steer`)."""
        if self.low >= GRADES.index("expert"):
            self.hardness = _hardness(done)


def _hardness(done: Record) -> tuple[int, ...]:
    """How hard a solved board is, greater for harder: its grade, then the longest chain of
    forced queens of a contradiction, then the fewer steps of that grade (so the one hard
    step left to find)."""
    return done.grade, done.chain, -done.at_grade


def _others(found: list[PuzzleSolution] | None, stars: set[Square]) -> list[PuzzleSolution]:
    """The solutions of `found` (None: a look that did not settle) other than the one
    on `stars`."""
    return [s for s in found or () if _on(s) != stars]


def _on(s: PuzzleSolution) -> set[Square]:
    """The squares of a solution the compiled search found (ints: nothing to check)."""
    if isinstance(s[0], int):
        return set(enumerate(s))
    return {(r, c) for r, row in enumerate(s) for c in row}


def _unique(p: Puzzle) -> bool:
    """False when the exact search finds a second solution within `PROOF_NODES`."""
    return unique_within(p, PROOF_NODES) is not False


def _tightest(p: Puzzle, cand: int, placed: int, stars: set[Square],
              recent: set[Square]) -> Moves:
    """The open squares of each region still short of stars (none a star of the solution
    or moved lately), the region with the fewest open squares per star it needs first:
    taking squares from it brings it to where the techniques place its stars."""
    n, k = p.n, p.stars
    have = [0] * n
    open_ = [0] * n
    movable: list[list[Square]] = [[] for _ in range(n)]
    for i in range(n * n):
        sq = divmod(i, n)
        g = p.regions[sq[0]][sq[1]]
        if placed >> i & 1:
            have[g] += 1
        elif cand >> i & 1:
            open_[g] += 1
            if sq not in stars and sq not in recent:
                movable[g].append(sq)
    order = sorted((open_[g] / (k - have[g]), g) for g in range(n) if have[g] < k)
    return [movable[g] for _, g in order if movable[g]]


def _anywhere(n: int, stars: set[Square]) -> Moves:
    """Any square but a star of the solution may move."""
    return [list(_everywhere(n, frozenset(stars)))]


@lru_cache(maxsize=4)
def _everywhere(n: int, stars: frozenset[Square]) -> tuple[Square, ...]:
    """Every square but `stars`, in reading order: once per start, not once per board."""
    return tuple(_open(n, (1 << n * n) - 1, stars))


def _open(n: int, mask: int, stars: Set[Square]) -> list[Square]:
    """The squares of `mask` that hold no star of the solution, in reading order."""
    return [sq for sq in mask_squares(n, mask) if sq not in stars]
