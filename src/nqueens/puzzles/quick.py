"""A compiled solve for the generator: what the explainer finds, without the words.

The generator judges hundreds of boards per puzzle by the players' techniques
(`nqueens.puzzles.steer`), and for a one-star board with no givens the same solve
runs compiled (`nqueens.kernels.grading`): the same deductions in the same order as
`Solve`, so the same grade, the same squares left open where
it stalls and the same record of how hard it was
(`Record`), in tens of
microseconds a step where the explainer takes milliseconds. It keeps no steps: the made
puzzle's explanation is the explainer's own. Boards it does not take (k stars, givens)
use `Solve`; `solver` picks.

>>> from nqueens.puzzles.model import parse_puzzle
>>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
>>> s = QuickSolve(p)
>>> s.advance(2), bin(s.cand).count("1")
(False, 19)
>>> s.advance(4), s.record()  # it needs search: no technique up to expert goes on
(False, Record(solved=False, grade=2, chain=0, at_grade=5))
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from nqueens.kernels.grading import INFO, LADDER_COLUMNS, OPS, WORD, setup, solve, uncached
from nqueens.puzzles.exact import region_array
from nqueens.puzzles.grades import EXPERT, Rung
from nqueens.puzzles.ladder import compiled_ladder
from nqueens.puzzles.logic import Solve
from nqueens.puzzles.model import Puzzle
from nqueens.puzzles.steps import Record
from nqueens.puzzles.techniques.mark_board import line_geometry

__all__ = ["QuickSolve", "ladder_array", "needs_compiling", "solver"]


class QuickSolve:
    """The compiled solve of a one-star region puzzle with no givens (see the module).

    Its face is `Solve`'s, less the steps: `advance`,
    `cand`, `stars`, and `record` for the explanation's summary. Grades
    up to 4 (expert): search is the explainer's. No checks.
    """

    def __init__(self, p: Puzzle) -> None:
        n = self.n = p.n
        geo = _geometry(n, p.touching, p.uses_diagonals)
        nw = self._nw = geo.nw
        reg = region_array(p)
        self._umask = np.empty((3 * n, nw), dtype=np.int64)
        self._uof = np.empty((n * n, 3), dtype=np.int64)
        self._attack = np.empty((n * n, nw), dtype=np.int64)
        setup(n, nw, reg, geo.rows_cols, geo.line_attack, self._umask, self._uof, self._attack)
        self._near = geo.near
        self._cand = geo.full.copy()
        self._stars = np.zeros(nw, dtype=np.int64)
        self._need = np.ones(3 * n, dtype=np.int64)
        self._info = np.zeros(INFO, dtype=np.int64)
        self._ladder = ladder_array(compiled_ladder(p, EXPERT) or ())
        self._done = 0

    @staticmethod
    def takes(p: Puzzle) -> bool:
        """Whether `p` is a board this solve takes (one star, regions, all rungs compiled).

        Nothing may be blocked, and every rung of the ladder up to expert that applies to it
        must have a compiled form (so no givens). Cost: O(rungs).

        >>> from nqueens.puzzles.model import completion_puzzle
        >>> QuickSolve.takes(completion_puzzle(5))
        False
        """
        return (p.rules.has_regions and p.rules.one_star and not p.blocked
                and compiled_ladder(p, EXPERT) is not None)

    @property
    def cand(self) -> int:
        """The squares still open, a bit mask (bit `r * n + c`)."""
        return _as_int(self._cand)

    @property
    def stars(self) -> int:
        """The stars placed so far, a bit mask."""
        return _as_int(self._stars)

    def advance(self, max_grade: int) -> bool:
        """Whether the techniques up to `max_grade` (at most 4) place every star.

        They go on from here, as `Solve.advance`.
        Cost: O(steps * the compiled techniques up to `max_grade`): microseconds a step
        for the cheap ones, up to milliseconds for a contradiction at 25 x 25.

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> QuickSolve(parse_puzzle("AB\\nBA\\n")).advance(4)  # no 2 x 2 solution
        False
        """
        if self._done == 0:
            self._done = int(solve(min(max_grade, 4), self.n, self._nw, self._cand,
                                   self._stars, self._need, self._info, self._umask,
                                   self._uof, self._near, self._attack, self._ladder))
        return self._done == 1

    def record(self) -> Record:
        """How the solve went so far. Cost: O(1).

        >>> from nqueens.puzzles.model import parse_puzzle
        >>> QuickSolve(parse_puzzle("AB\\nBA\\n")).record()
        Record(solved=False, grade=0, chain=0, at_grade=0)
        """
        grade = int(self._info[2])
        return Record(self._done == 1, grade, int(self._info[3]), int(self._info[4 + grade]))


def ladder_array(rungs: tuple[Rung, ...]) -> np.ndarray:
    """The compiled judge's ladder: one row per rung, its compiled form's numbers.

    Rows of `LADDER_COLUMNS`, the rung's tier second.
    Cost: O(rungs).

    >>> from nqueens.puzzles.ladder import compiled_ladder
    >>> from nqueens.puzzles.model import parse_puzzle
    >>> ladder_array(compiled_ladder(parse_puzzle("AB\\nBA\\n"), 4))[:3, :5].tolist()
    [[0, 0, 0, 0, 0], [1, 0, 0, 0, 1], [2, 1, 1, 1, 1]]
    """
    rows = []
    for r in rungs:
        c = r.compiled
        assert c is not None
        rows.append([OPS[c.op], r.tier, c.a, c.b, c.grade, c.raised, c.at, c.max_subsets])
    return np.array(rows, dtype=np.int64).reshape(len(rows), LADDER_COLUMNS)


def solver(p: Puzzle) -> QuickSolve | Solve:
    """The compiled solve where it takes `p`, else the explainer's. Cost: O(n^2).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> type(solver(parse_puzzle("AB\\nBA\\n"))).__name__
    'QuickSolve'
    """
    return QuickSolve(p) if QuickSolve.takes(p) else Solve(p)


def needs_compiling() -> bool:
    """Whether the compiled solve has no on-disk cache yet, so its first use compiles it.

    A first run after installing compiles it once (docs/performance.md), then reads the
    cache.
    Cost: O(1), a file check.

    >>> needs_compiling() in (True, False)
    True
    """
    return uncached()


# --- private helpers ---------------------------------------------------------------------

class _Geometry(NamedTuple):
    nw: int
    rows_cols: np.ndarray
    line_attack: np.ndarray
    near: np.ndarray
    full: np.ndarray


def _words(mask: int, nw: int) -> list[int]:
    low = (1 << WORD) - 1
    return [(mask >> (WORD * w)) & low for w in range(nw)]


def _as_int(words: np.ndarray) -> int:
    out = 0
    for w, x in enumerate(words.tolist()):
        out |= x << (WORD * w)
    return out


@lru_cache(maxsize=8)
def _geometry(n: int, touching: bool, diagonals: bool) -> _Geometry:
    """The word arrays of a board's rows, columns and near squares, once per geometry."""
    lines = line_geometry(n, touching, diagonals)
    nw = (n * n + WORD - 1) // WORD
    rows_cols = np.array([_words(m, nw) for m in lines.rows + lines.cols], dtype=np.int64)
    line_attack = np.array([_words(m, nw) for m in lines.attack], dtype=np.int64)
    near = np.array([_words(m, nw) for m in lines.near], dtype=np.int64)
    full = np.array(_words((1 << (n * n)) - 1, nw), dtype=np.int64)
    return _Geometry(nw, rows_cols, line_attack, near, full)
