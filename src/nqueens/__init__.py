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

Importing the package is cheap: each public name is imported at its first use, and numba
only when a compiled kernel is first used.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
    from nqueens.engine.backends import Backend, ExecutorBackend, GPUBackend, ThreadBackend
    from nqueens.engine.fleet import DaskBackend
    from nqueens.errors import NQueensError, NQueensRuntimeError
    from nqueens.large import find
    from nqueens.large.verify import Verdict, verify_file
    from nqueens.narrate import event_lines
    from nqueens.search import first_solution, solutions

_HOME = {
    "Estimate": "nqueens.analysis.estimate", "estimate": "nqueens.analysis.estimate",
    "TreeStats": "nqueens.analysis.stats", "tree_stats": "nqueens.analysis.stats",
    **dict.fromkeys(("Conflict", "Placement", "Solution", "canonical", "first_conflict",
                     "is_solution", "symmetries"), "nqueens.board"),
    **dict.fromkeys(("complete", "completions", "count_completions"), "nqueens.completion"),
    "Counts": "nqueens.counting", "count": "nqueens.counting",
    **dict.fromkeys(("Backend", "ExecutorBackend", "GPUBackend", "ThreadBackend"),
                    "nqueens.engine.backends"),
    "DaskBackend": "nqueens.engine.fleet",
    "NQueensError": "nqueens.errors", "NQueensRuntimeError": "nqueens.errors",
    "find": "nqueens.large",
    "Verdict": "nqueens.large.verify", "verify_file": "nqueens.large.verify",
    "event_lines": "nqueens.narrate",
    "first_solution": "nqueens.search", "solutions": "nqueens.search",
}
"""Where each public name lives: it is imported at its first use (PEP 562), so that
`import nqueens` - and the command line's start, and its Ctrl-C - stay cheap."""


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'nqueens' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*__all__, "__doc__", "__file__", "__name__", "__path__", "__version__"})


__version__ = "0.2.0"

__all__ = [
    "Backend",
    "Conflict",
    "Counts",
    "DaskBackend",
    "Estimate",
    "ExecutorBackend",
    "GPUBackend",
    "NQueensError",
    "NQueensRuntimeError",
    "Placement",
    "Solution",
    "ThreadBackend",
    "TreeStats",
    "Verdict",
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
