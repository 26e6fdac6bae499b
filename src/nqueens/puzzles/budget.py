"""The explainer within a time budget, for large boards: one step of a 62 x 62 board can take
minutes (k regions in k lines and contradictions try many sets of squares).

`explain_within` runs the explainer (`nqueens.puzzles.logic.Solve`, step by
step) in a worker thread and waits at most `seconds`; past them it stops the step under
way (an exception raised in that thread at its next bytecode, CPython's
`PyThreadState_SetAsyncExc`) and returns the steps found so far, marked unfinished.
Ctrl-C while it waits stops the worker the same way and lands within a second.

>>> from nqueens.puzzles.model import parse_puzzle
>>> e, done = explain_within(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"), 30)
>>> done, e.grade_name
(True, 'search')
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable, Sequence

from nqueens.puzzles.model import Puzzle, Square, check_puzzle
from nqueens.puzzles.steps import Explanation

__all__ = ["LARGE_N", "explain_within", "run_within"]

LARGE_N = 26
"""From this size on the commands explain within a time budget (and say so first)."""


class _Stop(Exception):
    """Raised inside the worker thread to end the step under way."""


def explain_within(p: Puzzle, seconds: float, *, max_grade: int = 5,
                   start: tuple[Sequence[Square], Sequence[Square]] | None = None,
                   progress: Callable[[int], None] | None = None) -> tuple[Explanation, bool]:
    """The explanation of `p` found within `seconds`, and whether it is finished.

    `start` is a player's (stars, crosses) to go on from; `progress(steps)` is called
    about twice a second while it runs. Cost: O(the steps found), at most `seconds` (plus
    up to a tenth of a second to stop the step under way).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> e, finished = explain_within(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"), 30)
    >>> finished, e.solution
    (True, (0, 3, 1, 4, 2))
    """
    from nqueens.puzzles.logic import Solve

    p = check_puzzle(p)
    solve = Solve(p)
    if start is not None:
        solve.start_from(*start)

    def work() -> None:
        while solve.next_step(max_grade) is not None:
            pass

    tick = None if progress is None else (lambda: progress(len(solve.explanation().steps)))
    finished = run_within(work, seconds, tick)
    return solve.explanation(), finished


def run_within(work: Callable[[], object], seconds: float,
               tick: Callable[[], None] | None = None) -> bool:
    """Run `work()` for at most `seconds`; whether it ended by itself (else it was stopped).

    `work` runs in a worker thread; past `seconds` the step under way is stopped (see the
    module), as it is on Ctrl-C, which then reaches the caller. `tick()` is called about
    twice a second while it runs. An error in `work` is raised here. Cost: O(that of
    `work`), at most `seconds` plus a tenth of a second.

    >>> run_within(lambda: None, 5.0)
    True
    >>> import time
    >>> run_within(lambda: time.sleep(0.01) or run_within, 5.0)
    True
    """
    done = threading.Event()
    failure: list[BaseException] = []
    cut: list[bool] = []

    def run() -> None:
        try:
            work()
        except _Stop:
            cut.append(True)
        except BaseException as err:  # handed to the caller's thread
            failure.append(err)
        finally:
            done.set()

    worker = threading.Thread(target=run, name="nqueens-explain", daemon=True)
    worker.start()
    deadline = time.monotonic() + seconds
    try:
        while not done.wait(min(0.5, max(0.0, deadline - time.monotonic()))):
            if tick is not None:
                tick()
            if time.monotonic() >= deadline:
                break
    finally:
        if not done.is_set():
            _stop(worker)
    if failure:
        raise failure[0]
    return not cut and done.is_set()


def _stop(worker: threading.Thread) -> None:
    """End the worker's step: raise `_Stop` in it, and wait for it to go."""
    ident = worker.ident
    if ident is None:
        return
    for _ in range(50):
        if not worker.is_alive():
            return
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident),
                                                   ctypes.py_object(_Stop))
        worker.join(0.1)
