"""The backtrack tree's node count (OEIS A319283) as a count the engine runs and resumes.

`TreeNodes` cuts the textbook's row-by-row backtracking tree (the one `nqueens stats`
walks: promising nodes, the root included) at depth `DEPTH` = 3: one subproblem per safe
placement of rows 0 to 2, the row-0 queen in the left half (its mirror image has the same
subtree; the middle column of an odd board stands alone). A subproblem's row holds the
nodes below depth 3 in its subtree and the solutions among them, both weighed by the
mirror; the nodes of depths 0 to 3 (the root, n, then the safe pairs and triples) are
added at the end. So a count of A319283(19) (about 4.6e11 nodes) runs in units with a ledger
(`nqueens stats N --nodes-only --ledger FILE`): resumable after Ctrl-C or SIGKILL,
exported per unit by `ledger export`, each unit recounted by `ledger verify`.

>>> p = TreeNodes(8)
>>> p.method, len(p.items()), p.items()[0]
('tree-nodes', 70, (-1, 5, 2, 0, 2, 4))
>>> p.trivial()
(191, 0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nqueens._validate import check_int
from nqueens.engine.problem_base import Problem
from nqueens.engine.problem_tasks import TAG, TREE

if TYPE_CHECKING:
    from nqueens.engine.task import Row

__all__ = ["CALIBRATE_N", "DEPTH", "MAX_TREE_N", "TreeNodes"]

DEPTH = 3
"""The rows each subproblem fixes (n = 19: 2,179 subproblems of about 2e8 nodes each)."""

CALIBRATE_N = 16
"""From this n on, the cost stated first is timed on a small tree (`TreeNodes.calibration`)."""
_NODE_FIT = (-1.665246, 0.8904221, 0.03227265)
"""`TreeNodes.foreseen_nodes`' fit: (a, b, c) of log(nodes) = a + b n + c n^2."""
MAX_TREE_N = 30
"""The largest board a node count takes (each n + 1 about seven times as long as n, and
n = 19 is already a long run: docs/performance.md; n = 30 is far past any machine's reach)."""


@dataclass(frozen=True)
class TreeNodes(Problem):
    """The promising nodes of the backtracking tree of size `n` (A319283) and its solutions.

    Cost of the count: O(the nodes of half the tree), as `nqueens.analysis.tree_stats`.
    """

    n: int
    method = "tree-nodes"

    def __post_init__(self) -> None:
        check_int(self.n, "N", low=1, high=MAX_TREE_N)

    def items(self) -> list[tuple[int, ...]]:
        """One subproblem per safe placement of rows 0 to `DEPTH` - 1.

        The row-0 queen in the left half or the middle: `(TAG, TREE, weight, c0, c1, c2)`;
        none when the board has no more rows. Cost: O(n^DEPTH).

        >>> TreeNodes(5).items()[:3]
        [(-1, 5, 2, 0, 2, 4), (-1, 5, 2, 0, 3, 1), (-1, 5, 2, 0, 4, 1)]
        >>> TreeNodes(3).items()
        []
        """
        n = self.n
        if n <= DEPTH:
            return []
        return [(TAG, TREE, 2 if 2 * p[0] + 1 < n else 1, *p) for p in _safe(n, DEPTH)
                if 2 * p[0] + 1 <= n]

    def key(self, item: Sequence[int]) -> str:
        """A subproblem's name in the ledger: its rows' columns. Cost: O(1).

        >>> TreeNodes(5).key((-1, 5, 2, 0, 3, 1))
        '0,3,1'
        """
        return ",".join(str(int(c)) for c in item[3:3 + DEPTH])

    def trivial(self) -> tuple[int, int]:
        """`(nodes, solutions)` of depths 0 to `DEPTH`, which no subproblem counts.

        Cost: O(n^DEPTH).

        >>> [TreeNodes(n).trivial() for n in (1, 2, 3, 4)]
        [(2, 1), (3, 0), (6, 0), (15, 0)]
        """
        n = self.n
        depth = min(n, DEPTH)
        nodes = sum(len(_safe(n, d)) for d in range(depth + 1))
        return nodes, len(_safe(n, n)) if n <= DEPTH else 0

    def foreseen_nodes(self) -> float:
        """The tree's nodes foreseen from the measured growth.

        `exp(a + b n + c n^2)`, a least-squares fit to the counts of n = 10 .. 18 (each
        within 1.2%; it foresees A319283(19) 4.6% high). Cost: O(1).

        >>> f"{TreeNodes(19).foreseen_nodes():.3g}"
        '4.83e+11'
        """
        a, b, c = _NODE_FIT
        return math.exp(a + b * self.n + c * self.n * self.n)

    def calibration(self) -> Problem | None:
        """From n = `CALIBRATE_N` on, n = 13's tree, to time the rate on.

        The cost is then the foreseen nodes at the rate timed on n = 13's tree (a small
        fraction of one subproblem of n = 22). Cost: O(1).

        >>> TreeNodes(22).calibration(), TreeNodes(12).calibration()
        (TreeNodes(n=13), None)
        """
        return TreeNodes(13) if self.n >= CALIBRATE_N else None

    def check(self, rows: Sequence[Row]) -> str | None:
        """Why a row cannot be a subtree's (more solutions than nodes), or None.

        Cost: O(len(rows)).

        >>> TreeNodes(8).check([(10, 2, 0, 0)]) is None, TreeNodes(8).check([(1, 2, 0, 0)])
        (True, 'a tree row has 2 solutions among 1 nodes')
        """
        for t, u, _, _ in rows:
            if not 0 <= u <= t:
                return f"a tree row has {u} solutions among {t} nodes"
        return None

    def flags(self) -> str:
        """The command that asks for this count (for messages). Cost: O(1).

        >>> TreeNodes(19).flags()
        'stats --nodes-only'
        """
        return "stats --nodes-only"


def _safe(n: int, depth: int) -> list[tuple[int, ...]]:
    """Every placement of rows 0 .. depth-1 with no two queens attacking, in search order."""
    out: list[tuple[int, ...]] = [()]
    for r in range(depth):
        out = [(*p, c) for p in out for c in range(n)
               if all(c != pc and abs(c - pc) != r - pr for pr, pc in enumerate(p))]
    return out
