"""The ladder: every technique of the explainer, easiest first, as one ordered list.

`explain` (`nqueens.puzzles.logic`), the grades, the hints and the generator's
judge all read this list: the solver tries its rungs in order and takes the first step
found; a rung is tried only when the grade asked for reaches its `tier`, and only on the
puzzles it applies to; the compiled judge (`nqueens.puzzles.quick`) runs the rungs
it has a compiled form for, from `compiled_ladder`. Each technique is one module of
`nqueens.puzzles.techniques` (its record, its finder, its grade rule, the key of its
words); a new technique is its module, one line here, and its words.

The techniques, as players of the Queens game and of Star Battle call them (k is the
number of stars per row, column and region; k = 1 is the Queens game):

=================== ======= =================================================================
module              grade   technique
=================== ======= =================================================================
`given`           trivial a given queen stands (completion puzzles)
`single`          easy    **last square**: a row, column or region has exactly as many
                            squares left as it needs stars; a star goes there and crosses
                            out the squares it attacks
`one_way`         easy    **only one way** (k > 1): a unit's squares left hold the stars
                            it needs, none touching, in one way only
`confined`        easy    **region confined to a line**: a region's squares left all lie
                            in one row or column, which crosses out the rest of that line
                            (and the converse: a line confined to one region)
`k_lines`         medium  **k regions in k lines** (and the converse); hard from 3 up
`shape`           medium  **attacks a whole region**: a square that touches or attacks
                            every square left in a region (the 2-square, 3-in-a-line, L, T
                            and Z shapes) is crossed out
`blocks`          medium  **2x2 blocks** (k > 1): a band of lines that needs as many stars
                            as the 2x2 blocks covering its squares left; hard with more
                            lines or with the regions inside the band taken out
`pairs`           hard    **pairs of rows or columns**: every way two rows (columns) can
                            take their queens attacks a square: it is crossed out
`lookahead`       hard    **contradiction**: a queen on a square forces last squares that
                            leave a unit empty; expert from 4 forced queens on, or when the
                            easier techniques (not only last squares) lead to it
`search`          search  logic stalls: trial and error (the exhaustive search)
`stuck`           trivial a unit with too few squares left: the puzzle has no solution
=================== ======= =================================================================

>>> [t.name for t in TECHNIQUES.values()][:4]
['given', 'single', 'one-way', 'confined']
>>> [(r.technique.name, r.tier) for r in LADDER][:3]
[('given', 0), ('stuck', 0), ('single', 0)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from nqueens.puzzles.grades import TECHNIQUES, Rung, Technique, register
from nqueens.puzzles.model import Puzzle
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques import (
    blocks,
    confined,
    given,
    k_lines,
    lookahead,
    one_way,
    pairs,
    search,
    shape,
    single,
    stuck,
)
from nqueens.puzzles.techniques.mark_board import MarkBoard

__all__ = ["LADDER", "TECHNIQUES", "compiled_ladder", "next_step", "rungs_for", "with_rung"]

ORDER: tuple[Technique, ...] = (
    given.TECHNIQUE, single.TECHNIQUE, one_way.TECHNIQUE, confined.TECHNIQUE,
    k_lines.TECHNIQUE, shape.TECHNIQUE, blocks.TECHNIQUE, pairs.TECHNIQUE,
    lookahead.TECHNIQUE, search.TECHNIQUE, stuck.TECHNIQUE)
"""The techniques, easiest first (the order an explanation lists them in)."""

LADDER: list[Rung] = [
    given.RUNG,
    stuck.RUNG,
    single.RUNG,
    one_way.RUNG,
    confined.RUNG,
    k_lines.RUNG,
    shape.RUNG,
    blocks.RUNG,
    k_lines.HARD_RUNG,
    blocks.HARD_RUNG,
    pairs.RUNG,
    lookahead.SHORT,
    lookahead.LONG,
    lookahead.DEEP,
    search.RUNG,
]
"""The rungs, in the order the solver tries them (tiers never decrease)."""

for _t in ORDER:
    register(_t)


def rungs_for(p: Puzzle, ladder: Sequence[Rung] | None = None) -> tuple[Rung, ...]:
    """The rungs of `ladder` (None: `LADDER`) that apply to `p`, in order.

    Cost: O(rungs).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> [r.technique.name for r in rungs_for(completion_puzzle(4))][:2]
    ['stuck', 'single']
    """
    return tuple(r for r in (LADDER if ladder is None else ladder) if r.applies(p))


def next_step(b: MarkBoard, rungs: Sequence[Rung], max_grade: int) -> Step | None:
    """The first step the rungs find on `b`, up to `max_grade`, applied; else None.

    Cost: O(that of the rungs tried).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> p = parse_puzzle("AAB\\nACB\\nCCB\\n")
    >>> next_step(MarkBoard(p), rungs_for(p), 0) is None
    True
    """
    for rung in rungs:
        if rung.tier > max_grade:
            return None
        step = rung.find(b)
        if step is not None:
            return step
    return None


def compiled_ladder(p: Puzzle, max_grade: int) -> tuple[Rung, ...] | None:
    """The rungs the compiled judge runs for `p` up to `max_grade` (None: not all can).

    None when a rung that applies has no compiled form. Cost: O(rungs).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> [r.compiled.op for r in compiled_ladder(parse_puzzle("AB\\nBA\\n"), 4)][:3]
    ['no_room', 'last_square', 'confine']
    """
    rungs = tuple(r for r in rungs_for(p) if r.tier <= max_grade)
    return None if any(r.compiled is None for r in rungs) else rungs


@contextmanager
def with_rung(rung: Rung, before: str) -> Iterator[None]:
    """`rung` in the ladder before technique `before`, for as long as the block lasts.

    Its technique is registered too (listed just before that one): how a technique from
    outside the package is tried. Cost: O(rungs).

    >>> from nqueens.puzzles.grades import Rung, Technique
    >>> toy = Rung(Technique("toy", 1, "toy"), 0, lambda b: None)
    >>> with with_rung(toy, before="single"):
    ...     [r.technique.name for r in LADDER][:4]
    ['given', 'stuck', 'toy', 'single']
    >>> toy in LADDER, "toy" in TECHNIQUES
    (False, False)
    """
    at = next(i for i, r in enumerate(LADDER) if r.technique.name == before)
    LADDER.insert(at, rung)
    had = dict(TECHNIQUES)
    TECHNIQUES.clear()
    for t in ORDER[: [t.name for t in ORDER].index(before)]:
        TECHNIQUES[t.name] = t
    TECHNIQUES[rung.technique.name] = rung.technique
    for t in had.values():
        TECHNIQUES.setdefault(t.name, t)
    try:
        yield
    finally:
        LADDER.remove(rung)
        TECHNIQUES.clear()
        TECHNIQUES.update(had)
