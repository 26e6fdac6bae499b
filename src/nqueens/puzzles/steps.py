"""The explainer's records: techniques (named as players name them), steps and grades.

A `Step` is one deduction by one technique; an `Explanation` is the steps from
the empty grid to the solution. The techniques, easiest first, as players of the Queens
game and of Star Battle call them, with their grades, are listed in
`nqueens.puzzles.ladder`.

Each technique is one module of `nqueens.puzzles.techniques` (its finder, its grade
rule and the key of its words); `nqueens.puzzles.ladder` orders them.

>>> Step("k-lines", units=(("region", 0), ("region", 1)), lines=(("row", 0), ("row", 1))).grade
2
>>> Step("lookahead", removed=((0, 0),), chain=((1, 2),) * 4).grade_name
'expert'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from nqueens.puzzles.grades import GRADES, SEARCH, TECHNIQUES, technique
from nqueens.puzzles.model import Puzzle, Square

__all__ = ["GRADES", "RULES", "Explanation", "Record", "Step", "Unit", "record_of"]


class _Rules(Mapping):
    """Each technique's least grade by name, easiest first (read from the ladder's
    registry, `TECHNIQUES`)."""

    def __getitem__(self, rule: str) -> int:
        return TECHNIQUES[rule].grade

    def __iter__(self) -> Iterator[str]:
        return iter(TECHNIQUES)

    def __len__(self) -> int:
        return len(TECHNIQUES)


RULES: Mapping[str, int] = _Rules()
"""Each technique and its (least) grade, easiest first (`stuck`: a unit with too few
squares left, the puzzle is unsolvable)."""

Unit = tuple[str, int]
"""A unit: `("row", r)`, `("col", c)` or `("region", k)`, 0-based."""


@dataclass(frozen=True)
class Step:
    """One deduction: the `rule` (technique), the star it places (if any), the squares it
    removes, the `units` that justify it, the `lines` it clears (or the unit it would
    leave empty), the `chain` of queens a look-ahead forces and the `shape` of the
    squares a `shape` step attacks (`"L"`, `"T"`, ...; empty when it has no name;
    `"deep"` for a look-ahead that runs the easier techniques, not only last squares);
    for a `blocks` step, the top-left squares of the 2x2 `blocks` that hold one star
    each, the ones it `used` (the block whose star it places or protects, or those that
    fill a unit) and the unit they `filled`, if any."""

    rule: str
    place: Square | None = None
    removed: tuple[Square, ...] = ()
    units: tuple[Unit, ...] = ()
    lines: tuple[Unit, ...] = ()
    chain: tuple[Square, ...] = ()
    shape: str = ""
    blocks: tuple[Square, ...] = ()
    used: tuple[Square, ...] = ()
    filled: Unit | None = None

    @property
    def grade(self) -> int:
        """The step's difficulty (0-5): its technique's grade, raised by the technique's
        rule (many lines, a long chain). Cost: O(1)."""
        return technique(self.rule).grade_of(self)

    @property
    def grade_name(self) -> str:
        return GRADES[self.grade]


@dataclass(frozen=True)
class Explanation:
    """The steps from the empty grid to the solution (or to the proof that there is none)."""

    puzzle: Puzzle
    steps: tuple[Step, ...]
    solution: tuple | None
    grade: int = field(default=0)

    @property
    def grade_name(self) -> str:
        return GRADES[self.grade]

    @property
    def logic_only(self) -> bool:
        """Solved without a search step."""
        return self.solution is not None and self.grade < SEARCH

    def _repr_html_(self) -> str:
        """The solved board and the steps in words, for Jupyter (the renderer imported only
        here)."""
        import importlib

        module = importlib.import_module("nqueens.render.puzzle_notebook")
        return str(module.explanation_html(self))

    @property
    def techniques(self) -> tuple[str, ...]:
        """The rules used, easiest first (each once). Cost: O(steps)."""
        used = {s.rule for s in self.steps}
        return tuple(r for r in TECHNIQUES if r in used)


class Record(NamedTuple):
    """How a solve went: `solved` (every star placed), the `grade` (the hardest step,
    0-4), the longest `chain` of forced queens of a contradiction (0 when none) and the
    number of steps of that grade (`at_grade`)."""

    solved: bool
    grade: int
    chain: int
    at_grade: int


def record_of(e: Explanation) -> Record:
    """The `Record` of an explanation. Cost: O(steps).

    >>> from nqueens.puzzles.logic import explain
    >>> from nqueens.puzzles.model import parse_puzzle
    >>> record_of(explain(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")))
    Record(solved=True, grade=5, chain=0, at_grade=1)
    """
    chain = max((len(s.chain) for s in e.steps), default=0)  # only contradictions have one
    return Record(e.solution is not None, e.grade, chain,
                  sum(s.grade == e.grade for s in e.steps))
