"""A logical solver that explains itself: the players' techniques, one narrated step at a time.

The solver keeps the squares still open for a star (a queen in the Queens game) and applies
the techniques players use, always the easiest that makes progress, in the order and with
the grades of :mod:`nqueens.puzzles.steps`: last square, a region confined to a line, k
regions in k lines, a square attacking a whole region (the shapes), 2x2 blocks (k > 1),
pairs of rows or columns, a contradiction a few forced queens away, and finally search
(trial and error).
Every technique is generalised to k stars per row, column and region (``p.stars``).

The hardest step needed is the puzzle's **difficulty grade** (:data:`GRADES` names them).
Each :class:`Step` records what it placed and what it removed, so its soundness can be
checked (no technique ever removes a square of a solution that agrees with the steps so
far). Narration in English, Japanese and Korean is :func:`step_text`
(:mod:`nqueens.puzzles.explain_text`).

>>> from nqueens.puzzles.model import parse_puzzle
>>> e = explain(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
>>> e.grade_name, e.solution
('search', (0, 3, 1, 4, 2))
>>> step_text(e.steps[0], "en", e.puzzle)[:60]
'Every square left in regions A and C lies in columns 1 and 2'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial

from nqueens._validate import check_int
from nqueens.errors import UnknownOptionError
from nqueens.puzzles.blocks import find_blocks
from nqueens.puzzles.exact import solutions
from nqueens.puzzles.explain_text import (
    TECHNIQUE_NAMES,
    not_unique_text,
    step_text,
    summary_text,
)
from nqueens.puzzles.model import Puzzle, Square, check_puzzle
from nqueens.puzzles.solution import star_squares, stars_from_squares
from nqueens.puzzles.steps import (
    CHAIN_EXPERT,
    GRADES,
    KLINES_HARD,
    RULES,
    Explanation,
    Record,
    Step,
    record_of,
    stars_of,
)
from nqueens.puzzles.techniques import (
    Board,
    find_confined,
    find_deep_lookahead,
    find_lookahead,
    find_one_way,
    find_pairs,
    find_shape,
    find_single,
    find_stuck,
    first_solution,
    largest_subset,
)

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


def explain(p: Puzzle, *, max_grade: int = RULES["search"]) -> Explanation:
    """Solve ``p`` by the players' techniques, easiest first, recording every step.

    With ``max_grade`` below 5 the solver stops (``solution`` None) where it would need a
    harder step, instead of searching. A ``p`` that is not a :class:`Puzzle` raises
    :class:`~nqueens.errors.InvalidArgumentError`; a ``max_grade`` that is not an integer
    from 0 to 5 :class:`~nqueens.errors.InvalidSizeError`.

    Cost: O(units * squares) per step for the easy techniques, up to
    :data:`~nqueens.puzzles.techniques.MAX_SUBSETS` line subsets per family pair for k
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
    steps are the same as :func:`explain`'s, easiest first). No checks.

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
        """The squares still open, a bit mask (bit ``r * n + c``)."""
        return self._solver.b.cand

    @property
    def stars(self) -> int:
        """The stars placed so far, a bit mask."""
        return self._solver.b.stars

    def advance(self, max_grade: int) -> bool:
        """Whether the techniques up to ``max_grade`` place every star, going on from here.

        They run until the puzzle is solved or they stall. Cost: O(that of
        :func:`explain` with ``max_grade``), less the steps already taken.

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> Solve(parse_puzzle("AB\\nBA\\n")).advance(5)  # no 2 x 2 solution
        False
        """
        for step in self._solver.run(max_grade):
            self._steps.append(step)
        return self._solver.solution() is not None

    def start_from(self, stars: Iterable[Square], crossed: Iterable[Square]) -> None:
        """Go on from a player's state: the givens, then ``stars`` placed (each clears what
        it attacks) and ``crossed`` crossed out, before any step. For a hint
        (:mod:`nqueens.puzzles.hint`, which checks the state first): no checks.
        Cost: O(squares).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> s = Solve(parse_puzzle("AAB\\nACB\\nCCB\\n"))
        >>> s.start_from([(0, 0)], [(2, 1)])
        >>> bin(s.cand), s.next_step(4).rule   # this board has no solution
        ('0b100100000', 'stuck')
        """
        solver = self._solver
        b = solver.b
        if not solver.started:
            solver.started = True
            for r, c in self._solver.p.givens:
                self._steps.append(b.place(r * b.n + c, "given"))
        for r, c in stars:
            if not b.stars >> (r * b.n + c) & 1:
                b.place(r * b.n + c, "given")
        for r, c in crossed:
            b.cand &= ~(1 << (r * b.n + c))

    def next_step(self, max_grade: int) -> Step | None:
        """The next step by the techniques up to ``max_grade`` (applied), or None when
        they stall or the puzzle is done. Cost: O(that one step)."""
        step = next(iter(self._solver.run(max_grade)), None)
        if step is not None:
            self._steps.append(step)
            if step.rule == "stuck":  # the generator is not resumed to mark it
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
    """A grade given as a number (0-5) or a name (``easy``, ..., ``search``).

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


def _nothing(b: Board, hard: bool = False) -> None:
    return None


class _Solver:
    """Drives the techniques of :mod:`nqueens.puzzles.techniques` easiest first."""

    def __init__(self, p: Puzzle) -> None:
        self.p = p
        self.b = Board(p)
        self.total = p.n * stars_of(p)
        self._solutions: Iterator[tuple] | None = None
        self._known: list[tuple] = []
        self.dead = False
        self.searched = False
        self.started = False

    def run(self, max_grade: int) -> Iterator[Step]:
        """The steps up to ``max_grade`` from where the last run stopped."""
        b = self.b
        if not self.started:
            self.started = True
            for r, c in self.p.givens:
                yield b.place(r * b.n + c, "given")
        while b.placed < self.total and not self.dead:
            step = self._next(max_grade)
            if step is None:
                return
            yield step
            if step.rule == "stuck":
                self.dead = True
                return

    def _next(self, max_grade: int) -> Step | None:
        b = self.b
        step = find_stuck(b) or find_single(b)
        if step is not None or max_grade < 1:
            return step
        for grade, find in self._tiers():
            if grade > max_grade:
                return None
            step = find()
            if step is not None:
                return step
        return self._search() if max_grade >= RULES["search"] else None

    def _tiers(self) -> Iterator[tuple[int, Callable[[], Step | None]]]:
        """The techniques after the last square, easiest first, each with its grade."""
        b = self.b
        top = largest_subset(sum(1 for u in b.open_units() if u[0] == "row"))
        if b.k > 1:  # with one star, only one way is the last square
            yield RULES["one-way"], partial(find_one_way, b)
        yield RULES["confined"], partial(find_confined, b, 1)
        for size in range(2, min(top, KLINES_HARD - 1) + 1):
            yield RULES["k-lines"], partial(find_confined, b, size)
        yield RULES["shape"], partial(find_shape, b)
        # 2x2 blocks for k > 1 only: with one star, pairs of rows or columns (hard) does it
        blocks = find_blocks if b.k > 1 else _nothing
        yield RULES["blocks"], partial(blocks, b)
        for size in range(KLINES_HARD, top + 1):
            yield RULES["pairs"], partial(find_confined, b, size)
        yield RULES["pairs"], partial(blocks, b, True)
        yield RULES["pairs"], partial(find_pairs, b)
        yield RULES["lookahead"], partial(find_lookahead, b, CHAIN_EXPERT - 1)
        yield 4, partial(find_lookahead, b, b.n * b.k)
        yield 4, self._deep

    def _deep(self) -> Step | None:
        """A contradiction through the easier techniques; never after a guess (the grade is
        search then anyway). k > 1: the trials without shapes first (much cheaper there)."""
        b = self.b
        if self.searched:
            return None
        return (find_deep_lookahead(b, shapes=b.k == 1)
                or (find_deep_lookahead(b) if b.k > 1 else None))

    def _consistent(self) -> tuple | None:
        """The first solution agreeing with the stars placed and the squares still open:
        from the exact search (k = 1), or from a search on the board itself (k > 1)."""
        b = self.b
        if b.k > 1:
            found = first_solution(b)
            return None if found is None else stars_from_squares(b.n, b.squares(found))
        if self._solutions is None:
            self._solutions = solutions(self.p)
        allowed = b.cand | b.stars

        def agrees(s: tuple) -> bool:
            mask = sum(1 << (r * b.n + c) for r, c in star_squares(s))
            return not mask & ~allowed and not b.stars & ~mask
        for s in self._known:
            if agrees(s):
                return s
        for s in self._solutions:
            self._known.append(s)
            if agrees(s):
                return s
        return None

    def _search(self) -> Step:
        b = self.b
        s = self._consistent()
        if s is None:
            return Step("stuck")
        units = b.open_units()
        u = min(units, key=lambda x: (b.cand & b.mask(x)).bit_count())
        cell = next(r * b.n + c for r, c in star_squares(s)
                    if b.mask(u) >> (r * b.n + c) & 1 and not b.stars >> (r * b.n + c) & 1)
        self.searched = True
        return b.place(cell, "search", (u,))

    def solution(self) -> tuple | None:
        b = self.b
        if self.dead or b.placed < self.total:
            return None
        rows: list[list[int]] = [[] for _ in range(b.n)]
        for r, c in b.squares(b.stars):
            rows[r].append(c)
        if b.k == 1:
            return tuple(cols[0] for cols in rows)
        return tuple(tuple(cols) for cols in rows)
