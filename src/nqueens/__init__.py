"""nqueens: the N-Queens problem, from the textbook's backtracking to compiled counting.

A short session:

>>> import nqueens
>>> nqueens.first_solution(8)
Solution('1 5 8 6 3 7 2 4')
>>> [s.to_compact() for s in nqueens.solutions(4)]
['2 4 1 3', '3 1 4 2']
>>> nqueens.count(8), nqueens.count(8, unique=True).unique
(92, 12)
>>> nqueens.is_solution((1, 3, 0, 2))
True

Importing the package is cheap: numba is imported only when a compiled kernel is first used.
"""

from __future__ import annotations

from nqueens.analysis.estimate import Estimate, estimate
from nqueens.analysis.stats import TreeStats, tree_stats
from nqueens.board import (
    Conflict,
    Placement,
    Solution,
    canonical,
    first_conflict,
    is_solution,
    symmetries,
)
from nqueens.completion import complete, completions, count_completions
from nqueens.counting import Counts, count
from nqueens.errors import NQueensError, NQueensRuntimeError
from nqueens.large import find
from nqueens.large.verify import Verdict, verify_file
from nqueens.narrate import event_lines
from nqueens.search import first_solution, solutions

__version__ = "0.1.0"

__all__ = [
    "Conflict",
    "Counts",
    "Estimate",
    "NQueensError",
    "NQueensRuntimeError",
    "Placement",
    "Solution",
    "TreeStats",
    "Verdict",
    "__version__",
    "canonical",
    "complete",
    "completions",
    "count",
    "count_completions",
    "estimate",
    "event_lines",
    "find",
    "first_conflict",
    "first_solution",
    "is_solution",
    "solutions",
    "symmetries",
    "tree_stats",
    "verify_file",
]
