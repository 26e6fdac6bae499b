"""The explainer's records: techniques (named as players name them), steps and grades.

A :class:`Step` is one deduction by one technique; an :class:`Explanation` is the steps from
the empty grid to the solution. The techniques, easiest first, as players of the Queens
game and of Star Battle call them (k is the number of stars per row, column and region;
k = 1 is the Queens game):

========== ======= ==========================================================================
rule       grade   technique
========== ======= ==========================================================================
given      trivial a given queen stands (completion puzzles)
single     easy    **last square**: a row, column or region has exactly as many squares left
                   as it needs stars; a star goes there and crosses out the squares it attacks
one-way    easy    **only one way** (k > 1): a unit's squares left hold the stars it needs,
                   none touching, in one way only (a row's last five squares in a run
                   hold three stars on the first, third and fifth); a star goes there
confined   easy    **region confined to a line**: a region's squares left all lie in one
                   row or column, which crosses out the rest of that line (and the converse:
                   a line confined to one region)
k-lines    medium  **k regions in k lines**: k regions whose squares left all lie in k rows
                   or columns (and the converse); hard from 3 regions up
shape      medium  **attacks a whole region**: a square that touches or attacks every square
                   left in a region (the 2-square, 3-in-a-line, L, T and Z shapes) is
                   crossed out
blocks     medium  **2x2 blocks** (k > 1): two adjacent rows (columns) need as many stars
                   as the 2x2 blocks that cover their squares left, and a block holds at
                   most one star, so each holds exactly one: a lone square takes a star, a
                   square that would clear a whole block is crossed out, a unit holding as
                   many whole blocks as it needs stars keeps only those; hard with more
                   lines or with the regions inside the band taken out
pairs      hard    **pairs of rows or columns**: every way two rows (columns) can take their
                   queens attacks a square: it is crossed out
lookahead  hard    **contradiction**: a queen on a square forces last squares that leave a
                   row, column or region empty; expert from 4 forced queens on, or when
                   the easier techniques (not only last squares) lead to the contradiction
search     search  logic stalls: trial and error (the exhaustive search) places a queen
========== ======= ==========================================================================

>>> Step("k-lines", units=(("region", 0), ("region", 1)), lines=(("row", 0), ("row", 1))).grade
2
>>> Step("lookahead", removed=((0, 0),), chain=((1, 2),) * 4).grade_name
'expert'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from nqueens.puzzles.model import Puzzle, Square

__all__ = ["CHAIN_EXPERT", "GRADES", "KLINES_HARD", "RULES", "Explanation", "Record", "Step",
           "Unit", "record_of", "stars_of"]

RULES: dict[str, int] = {"given": 0, "single": 1, "one-way": 1, "confined": 1, "k-lines": 2,
                         "shape": 2, "blocks": 2, "pairs": 3, "lookahead": 3, "search": 5,
                         "stuck": 0}
"""Each technique and its (least) grade, easiest first (``stuck``: a unit with too few
squares left, the puzzle is unsolvable)."""

GRADES = ("trivial", "easy", "medium", "hard", "expert", "search")
"""Grade names by number: the hardest step a puzzle needs (``search``: logic is not enough)."""

KLINES_HARD = 3
"""From this many lines (regions in as many lines), ``k-lines`` is graded hard."""

CHAIN_EXPERT = 4
"""From this many forced queens before the contradiction, ``lookahead`` is graded expert."""

Unit = tuple[str, int]
"""A unit: ``("row", r)``, ``("col", c)`` or ``("region", k)``, 0-based."""


def stars_of(p: Puzzle) -> int:
    """The stars per row, column and region of ``p`` (1: the Queens game). Cost: O(1).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> stars_of(completion_puzzle(4))
    1
    """
    return int(getattr(p, "stars", 1) or 1)


@dataclass(frozen=True)
class Step:
    """One deduction: the ``rule`` (technique), the star it places (if any), the squares it
    removes, the ``units`` that justify it, the ``lines`` it clears (or the unit it would
    leave empty), the ``chain`` of queens a look-ahead forces and the ``shape`` of the
    squares a ``shape`` step attacks (``"L"``, ``"T"``, ...; empty when it has no name;
    ``"deep"`` for a look-ahead that runs the easier techniques, not only last squares);
    for a ``blocks`` step, the top-left squares of the 2x2 ``blocks`` that hold one star
    each, the ones it ``used`` (the block whose star it places or protects, or those that
    fill a unit) and the unit they ``filled``, if any."""

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
        """The step's difficulty (0-5): its rule's grade, raised for many lines or a long
        chain. Cost: O(1)."""
        base = RULES[self.rule]
        if self.rule == "k-lines" and len(self.lines) >= KLINES_HARD:
            return RULES["pairs"]
        if self.rule == "blocks" and (self.units or len(self.lines) != 2):
            return RULES["pairs"]
        if self.rule == "lookahead" and (len(self.chain) >= CHAIN_EXPERT or self.shape == "deep"):
            return 4
        return base

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
        return self.solution is not None and self.grade < RULES["search"]

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
        return tuple(r for r in RULES if r in used)


class Record(NamedTuple):
    """How a solve went: ``solved`` (every star placed), the ``grade`` (the hardest step,
    0-4), the longest ``chain`` of forced queens of a contradiction (0 when none) and the
    number of steps of that grade (``at_grade``)."""

    solved: bool
    grade: int
    chain: int
    at_grade: int


def record_of(e: Explanation) -> Record:
    """The :class:`Record` of an explanation. Cost: O(steps).

    >>> from nqueens.puzzles.logic import explain
    >>> from nqueens.puzzles.model import parse_puzzle
    >>> record_of(explain(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")))
    Record(solved=True, grade=5, chain=0, at_grade=1)
    """
    chain = max((len(s.chain) for s in e.steps if s.rule == "lookahead"), default=0)
    return Record(e.solution is not None, e.grade, chain,
                  sum(s.grade == e.grade for s in e.steps))
