"""What the engine loop asks of a count besides Q(n): the `Problem` interface.

`nqueens.engine.problems` holds the problems themselves (symmetric solutions, the
variants) and `nqueens.engine.problem_tree` the backtrack tree's node count; the loop
(`nqueens.engine.run`) talks to this interface only.

>>> Problem.trivial(None)  # type: ignore[arg-type]
(0, 0)
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nqueens.engine.task import Row

__all__ = ["Problem"]


class Problem(abc.ABC):
    """One count the engine runs in place of Q(n)'s constellations."""

    n: int
    method: str
    version: int = 1
    classes: bool = True
    """Whether `result`'s second number means anything (else it is None)."""

    @abc.abstractmethod
    def items(self) -> list[tuple[int, ...]]:
        """The subproblems, in their fixed order."""

    def key(self, item: Sequence[int]) -> str:
        """A subproblem's name in the ledger: the numbers after its tag and code.

        Cost: O(len(item)).

        >>> Problem.key(None, (-1, 3, 1, 8, 8, 3, 0, 2))  # type: ignore[arg-type]
        '1,8,8,3,0,2'
        """
        return ",".join(str(int(v)) for v in item[2:])

    def foreseen_nodes(self) -> float | None:
        """The kernel's nodes the whole count is foreseen to take, where a model knows them.

        None: scale up the sample. Cost: O(1).

        >>> Problem.foreseen_nodes(None) is None  # type: ignore[arg-type]
        True
        """
        return None

    def calibration(self) -> Problem | None:
        """A small count of the same kind to time the kernel's rate on, or None.

        In place of a sample of this one's subproblems (too large to count one in a
        second); None: sample them. Cost: O(1).

        >>> Problem.calibration(None) is None  # type: ignore[arg-type]
        True
        """
        return None

    def trivial(self) -> tuple[int, int]:
        """`(total, unique)` counted by no subproblem. Cost: O(1).

        >>> Problem.trivial(None)  # type: ignore[arg-type]
        (0, 0)
        """
        return 0, 0

    @abc.abstractmethod
    def check(self, rows: Sequence[Row]) -> str | None:
        """Why a row breaks this problem's rule (None when all keep it)."""

    def result(self, total: int, unique: int) -> tuple[int, int]:
        """The answer from the sums of the rows' first two fields."""
        t, u = self.trivial()
        return t + total, u + unique

    @abc.abstractmethod
    def flags(self) -> str:
        """The options of `nqueens count N` that ask for this count."""
