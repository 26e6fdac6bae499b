"""Contradiction: a queen on a square that forces a unit to be left short.

>>> TECHNIQUE.grade, CHAIN_EXPERT
(3, 4)
"""

from __future__ import annotations

from nqueens.puzzles.grades import EXPERT, HARD, Compiled, Rung, Technique
from nqueens.puzzles.placements import _bits
from nqueens.puzzles.steps import Step, Unit
from nqueens.puzzles.techniques.confined import MAX_SUBSETS, find_confined
from nqueens.puzzles.techniques.mark_board import MarkBoard
from nqueens.puzzles.techniques.pairs import find_pairs
from nqueens.puzzles.techniques.shape import find_shape
from nqueens.puzzles.techniques.single import find_single
from nqueens.puzzles.techniques.stuck import find_stuck

__all__ = ["CHAIN_EXPERT", "DEEP", "LONG", "SHORT", "TECHNIQUE", "find_deep", "find_deep_lookahead",
           "find_lookahead"]

TECHNIQUE = Technique("lookahead", HARD, "contradiction", raise_to=lambda s: _raised(s))
"""Contradiction: a star on a square leads to a unit left short, so the square goes."""

CHAIN_EXPERT = 4
"""From this many forced queens before the contradiction, `lookahead` is graded expert."""

SHORT = Rung(TECHNIQUE, HARD, lambda b: find_lookahead(b, CHAIN_EXPERT - 1),
             compiled=Compiled("forced_chain", CHAIN_EXPERT - 1, grade=HARD))
"""A contradiction by last squares, a few forced queens away (hard)."""

LONG = Rung(TECHNIQUE, EXPERT, lambda b: find_lookahead(b, b.n * b.k),
            compiled=Compiled("forced_chain", -1, grade=HARD, raised=EXPERT, at=CHAIN_EXPERT))
"""A contradiction by last squares, any number of them away (expert from
`CHAIN_EXPERT` on; -1: as many as the board has stars)."""

DEEP = Rung(TECHNIQUE, EXPERT, lambda b: find_deep(b),
            compiled=Compiled("deep", grade=EXPERT, max_subsets=MAX_SUBSETS))
"""A contradiction through the easier techniques (expert)."""


def _raised(step: Step) -> int | None:
    return EXPERT if len(step.chain) >= CHAIN_EXPERT or step.shape == "deep" else None


def find_lookahead(b: MarkBoard, limit: int) -> Step | None:
    """Contradiction: a star on a square forces last squares until a unit is short.

    At most `limit` forced stars; the square with the shortest chain is crossed out.
    Cost: O(squares * limit * units).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_lookahead(b, 3)
    >>> s.removed, s.lines, s.chain
    (((1, 0),), (('region', 2),), ())
    """
    best: tuple[int, int, tuple[int, ...], Unit] | None = None
    for i in _bits(b.cand):
        found = _chain(b, i, limit if best is None else len(best[2]) - 1)
        if found is not None:
            chain, dead = found
            best = (i, 0, chain, dead)
            if not chain:
                break
    if best is None:
        return None
    i, _, chain, dead = best
    return b.remove(1 << i, TECHNIQUE.name, lines=(dead,), chain=tuple(b.sq(j) for j in chain))


def _chain(b: MarkBoard, start: int, limit: int) -> tuple[tuple[int, ...], Unit] | None:
    """The last squares a star on `start` forces, and the unit left short, or None."""
    cand, changed = b.after(start)
    need = dict(b.need)
    need.update(changed)
    forced: list[int] = []
    one = b.one_star  # a local: this loop runs for every square of every trial
    while True:
        single = None
        for u, m in b.unit_masks:
            left_need = need[u]
            if left_need <= 0:
                continue
            left = cand & m
            if not left if one else not b.fits(left, left_need):
                return tuple(forced), u
            if single is None and left.bit_count() == left_need:
                single = (left & -left).bit_length() - 1
        if single is None or len(forced) >= limit:
            return None
        forced.append(single)
        cand &= ~b.near[single] & ~(1 << single)
        for u in b.of[single]:
            need[u] -= 1
            if need[u] == 0:
                cand &= ~b.mask(u)


def find_deep_lookahead(b: MarkBoard, shapes: bool = True) -> Step | None:
    """Contradiction, the long way: a star on a square, then the easier techniques, end short.

    The easier techniques are last square, regions confined to one or two lines, and with
    `shapes` attacks a whole region and pairs of lines; the first square whose trial
    ends with a unit that cannot hold its stars is crossed out. Cost: O(squares) trials
    of those techniques (with `shapes` and k > 1, seconds on a 10 x 10 board).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> b = MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
    >>> s = find_deep_lookahead(b)
    >>> s.removed, s.chain, s.shape
    (((0, 2),), ((1, 0),), 'deep')
    """
    for i in _bits(b.cand):
        trial = b.copy()
        trial.place(i, TECHNIQUE.name)
        chain: list[int] = []
        while True:
            stuck = find_stuck(trial)
            if stuck is not None:
                return b.remove(1 << i, TECHNIQUE.name, lines=stuck.lines,
                                chain=tuple(b.sq(j) for j in chain), shape="deep")
            step = (find_single(trial) or find_confined(trial, 1) or find_confined(trial, 2)
                    or (find_shape(trial) or find_pairs(trial) if shapes else None))
            if step is None or trial.placed == b.n * b.k:
                break
            if step.place is not None:
                chain.append(step.place[0] * b.n + step.place[1])
    return None


def find_deep(b: MarkBoard) -> Step | None:
    """A contradiction through the easier techniques; never after a guess.

    After a guess the grade is search anyway. k > 1: the trials without shapes first
    (much cheaper there). Cost: O(that of `find_deep_lookahead`), once or twice.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> find_deep(MarkBoard(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))).chain
    ((1, 0),)
    """
    if b.searched:
        return None
    if b.one_star:
        return find_deep_lookahead(b)
    return find_deep_lookahead(b, shapes=False) or find_deep_lookahead(b)
