"""A logical solver that explains itself: the players' techniques, one narrated step at a time.

The solver keeps the squares still open for a star (a queen in the Queens game) and applies
the techniques players use, always the easiest that makes progress, in the order of the
ladder (`nqueens.puzzles.ladder`, each technique's grade in its own module): last
square, a region confined to a line, k regions in k lines, a square attacking a whole
region (the shapes), 2x2 blocks (k > 1), pairs of rows or columns, a contradiction a few
forced queens away, and finally search (trial and error).
Every technique is generalised to k stars per row, column and region (`p.stars`).

The hardest step needed is the puzzle's **difficulty grade** (`GRADES` names them).
Each `Step` records what it placed and what it removed, so its soundness can be
checked (no technique ever removes a square of a solution that agrees with the steps so
far). Narration in English, Japanese and Korean is `step_text`
(`nqueens.puzzles.explain_text`).

>>> from nqueens.puzzles.model import parse_puzzle
>>> e = explain(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
>>> e.grade_name, e.solution
('search', (0, 3, 1, 4, 2))
>>> step_text(e.steps[0], "en", e.puzzle)[:60]
'Every square left in regions A and C lies in columns 1 and 2'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from nqueens._validate import check_int
from nqueens.errors import UnknownOptionError
from nqueens.puzzles.explain_text import (
    TECHNIQUE_NAMES,
    not_unique_text,
    step_text,
    summary_text,
)
from nqueens.puzzles.grades import GRADES, SEARCH, VERDICT, technique
from nqueens.puzzles.ladder import next_step, rungs_for
from nqueens.puzzles.model import Puzzle, Square, check_puzzle
from nqueens.puzzles.steps import RULES, Explanation, Record, Step, record_of
from nqueens.puzzles.techniques.given import TECHNIQUE as GIVEN
from nqueens.puzzles.techniques.given import find_given
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = [
    "GRADES",
    "RULES",
    "TECHNIQUE_NAMES",
    "Explanation",
    "Solve",
    "Step",
    "explain",
    "grade_number",
    "not_unique_text",
    "step_text",
    "summary_text",
]


def explain(p: Puzzle, *, max_grade: int = SEARCH) -> Explanation:
    """Solve `p` by the players' techniques, easiest first, recording every step.

    With `max_grade` below 5 the solver stops (`solution` None) where it would need a
    harder step, instead of searching. A `p` that is not a `Puzzle` raises
    `InvalidArgumentError`; a `max_grade` that is not an integer
    from 0 to 5 `InvalidSizeError`.

    Cost: O(units * squares) per step for the easy techniques, up to
    `MAX_SUBSETS` line subsets per family pair for k
    regions in k lines, O(n^3) square pairs for pairs of lines, and O(squares * chain *
    units) for a contradiction; a search step streams the exact solutions once.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> e = explain(completion_puzzle(4, [(0, 1)]))
    >>> [s.rule for s in e.steps], e.grade_name
    (['given', 'single', 'single', 'single'], 'easy')
    """
    p = check_puzzle(p)
    max_grade = check_int(max_grade, "max_grade", low=0, high=len(GRADES) - 1)
    solve = Solve(p)
    solve.advance(max_grade)
    return solve.explanation()


class Solve:
    """A solve by the techniques that goes on grade by grade, for the generator: it asks
    every board it tries for the cheap techniques, and only the few they leave unique but
    unsolved for the harder ones, which then go on from where the cheap ones stopped (the
    steps are the same as `explain`'s, easiest first). No checks.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> s = Solve(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s.advance(2), bin(s.cand).count("1")
    (False, 19)
    >>> s.advance(5), s.explanation().grade_name
    (True, 'search')
    """

    def __init__(self, p: Puzzle) -> None:
        self._solver = _Solver(p)
        self._steps: list[Step] = []

    @property
    def cand(self) -> int:
        """The squares still open, a bit mask (bit `r * n + c`)."""
        return self._solver.b.cand

    @property
    def stars(self) -> int:
        """The stars placed so far, a bit mask."""
        return self._solver.b.stars

    def advance(self, max_grade: int) -> bool:
        """Whether the techniques up to `max_grade` place every star, going on from here.

        They run until the puzzle is solved or they stall. Cost: O(that of
        `explain` with `max_grade`), less the steps already taken.

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> Solve(parse_puzzle("AB\\nBA\\n")).advance(5)  # no 2 x 2 solution
        False
        """
        for step in self._solver.run(max_grade):
            self._steps.append(step)
        return self._solver.solution() is not None

    def start_from(self, stars: Iterable[Square], crossed: Iterable[Square]) -> None:
        """Go on from a player's state, before any step.

        The givens, then `stars` placed (each clears what it attacks) and `crossed`
        crossed out. For a hint (`nqueens.puzzles.hint`, which checks the state
        first): no checks. Cost: O(squares).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> s = Solve(parse_puzzle("AAB\\nACB\\nCCB\\n"))
        >>> s.start_from([(0, 0)], [(2, 1)])
        >>> bin(s.cand), s.next_step(4).rule   # this board has no solution
        ('0b100100000', 'stuck')
        """
        b = self._solver.b
        while (given := find_given(b)) is not None:  # the puzzle's own givens first
            self._steps.append(given)
        for r, c in stars:
            if not b.stars >> (r * b.n + c) & 1:
                b.place(r * b.n + c, GIVEN.name)
        for r, c in crossed:
            b.cand &= ~(1 << (r * b.n + c))

    def next_step(self, max_grade: int) -> Step | None:
        """The next step by the techniques up to `max_grade` (applied), or None.

        None when they stall or the puzzle is done. Cost: O(that one step).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> s = Solve(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
        >>> step = s.next_step(5)
        >>> step.place, len(step.removed)   # a deduction that crosses out two squares
        (None, 2)
        """
        step = next(iter(self._solver.run(max_grade)), None)
        if step is not None:
            self._steps.append(step)
            if technique(step.rule).role == VERDICT:  # the generator is not resumed to mark it
                self._solver.dead = True
        return step

    def explanation(self) -> Explanation:
        """The steps so far, with the solution when the solve is done. Cost: O(steps).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> s = Solve(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
        >>> _ = s.advance(1)
        >>> s.explanation().solution is None
        True
        """
        steps = tuple(self._steps)
        grade = max((s.grade for s in steps), default=0)
        return Explanation(self._solver.p, steps, self._solver.solution(), grade)

    def record(self) -> Record:
        """How the solve went so far: the record of its explanation.

        Cost: O(steps).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> s = Solve(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
        >>> s.advance(4), s.record()
        (False, Record(solved=False, grade=2, chain=0, at_grade=5))
        """
        return record_of(self.explanation())


def grade_number(grade: int | str) -> int:
    """A grade given as a number (0-5) or a name (`easy`, ..., `search`).

    Cost: O(1).

    >>> grade_number("hard"), grade_number(2), grade_number("4")
    (3, 2, 4)
    """
    if isinstance(grade, str) and grade.isdigit():
        grade = int(grade)
    if isinstance(grade, int) and 0 <= grade < len(GRADES):
        return grade
    if grade in GRADES:
        return GRADES.index(str(grade))
    raise UnknownOptionError(f"unknown grade {grade!r}; use 1-5 or one of {', '.join(GRADES)}")


class _Solver:
    """Drives the rungs of `nqueens.puzzles.ladder` that apply to the puzzle, easiest
    first."""

    def __init__(self, p: Puzzle) -> None:
        self.p = p
        self.b = MarkBoard(p)
        self.total = p.n * p.stars
        self.rungs = rungs_for(p)
        self.dead = False

    def run(self, max_grade: int) -> Iterator[Step]:
        """The steps up to `max_grade` from where the last run stopped."""
        b = self.b
        while b.placed < self.total and not self.dead:
            step = next_step(b, self.rungs, max_grade)
            if step is None:
                return
            yield step
            if technique(step.rule).role == VERDICT:
                self.dead = True
                return

    def solution(self) -> tuple | None:
        b = self.b
        if self.dead or b.placed < self.total:
            return None
        rows: list[list[int]] = [[] for _ in range(b.n)]
        for r, c in b.squares(b.stars):
            rows[r].append(c)
        if b.one_star:
            return tuple(cols[0] for cols in rows)
        return tuple(tuple(cols) for cols in rows)
