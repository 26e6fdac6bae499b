"""What a count is expected to cost before it starts: Knuth's estimator, calibrated here.

Every subproblem is weighed by Knuth's estimator (`weigh`: its expected kernel nodes,
which the progress bar's ETA follows) and the kernel is timed briefly on sample subproblems
of this machine (`calibrate`), which turns nodes into seconds. The engine loop
(`nqueens.engine.run`) calls both; `estimate_count` is the public way in.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass

from nqueens._signals import HeldSignals
from nqueens._validate import check_int, check_size
from nqueens.engine.task import Row
from nqueens.kernels import MAX_CONSTELLATION_N

__all__ = [
    "CALIBRATION_SECONDS",
    "ESTIMATE_MAX_PROBES",
    "ESTIMATE_PROBES",
    "PRESPLIT_N",
    "CountEstimate",
    "Tally",
    "calibrate",
    "estimate_checked",
    "estimate_count",
    "weigh",
]

ESTIMATE_PROBES = 16
"""Knuth probes per subproblem (the sum over thousands of subproblems averages them out)."""
ESTIMATE_MAX_PROBES = 200_000
"""At most this many probes in all: fewer per subproblem for the largest boards."""
PRESPLIT_N = 22
"""From this n on, making the split takes long (minutes at n = 28), so the estimate is made
first, on the unoriented orbits (the same weights and solutions, at most ~15% more nodes),
and reported before the split is made."""
CALIBRATION_SECONDS = 0.1
"""How long the kernel is timed on sample subproblems to learn this machine's speed."""


@dataclass(frozen=True)
class CountEstimate:
    """What a count is expected to cost, before it starts (Knuth's estimator, calibrated)."""

    n: int
    solutions: float
    """Estimated number of solutions."""
    nodes: float
    """Estimated kernel nodes still to count (subproblems already in the ledger excluded)."""
    rate: float
    """Kernel nodes per second one worker counted here during the calibration."""
    workers: int
    seconds: float
    """Estimated wall seconds: `nodes / (rate * workers that run at once here)`."""

    def to_json(self) -> dict[str, object]:
        """The estimate as a JSON-ready dict (rounded).

        Cost: O(1) per call.

        >>> CountEstimate(8, 94.0, 168.875, 126228.4, 2, 0.00066).to_json()
        {'solutions': 94.0, 'seconds': 0.001, 'nodes': 168.9, 'rate': 126228, 'workers': 2}
        """
        return {"solutions": float(f"{self.solutions:.4g}"), "seconds": round(self.seconds, 3),
                "nodes": float(f"{self.nodes:.4g}"), "rate": round(self.rate),
                "workers": self.workers}



class Tally:
    """Kernel nodes counted by batches still in flight, added to by the worker threads.

    >>> t = Tally()
    >>> t(5); t(-2)
    >>> t.nodes
    3
    """

    def __init__(self) -> None:
        self.nodes = 0
        self._lock = threading.Lock()

    def __call__(self, nodes: int) -> None:
        with self._lock:
            self.nodes += nodes


def estimate_count(n: int, *, workers: int = 1, skip: Iterable[int] = ()) -> CountEstimate:
    """The estimated solutions and seconds of counting size `n` with `workers` here.

    Knuth's estimator runs on every subproblem (through the same pruned tree the kernel
    searches) and the kernel is timed for `CALIBRATION_SECONDS` on sample subproblems;
    subproblems in `skip` (already counted) are left out of the time. `n` and
    `workers` are checked as in `run_count`
    (`InvalidSizeError`).
    Cost: O(len(split(n)) * ESTIMATE_PROBES * n**2) compiled steps plus the calibration.

    >>> import nqueens.engine.estimate as est_module
    >>> saved, est_module.CALIBRATION_SECONDS = est_module.CALIBRATION_SECONDS, 0.001
    >>> e = estimate_count(8, workers=2, skip=range(78))   # all 78 subproblems counted
    >>> e.solutions, e.nodes, e.seconds, e.workers
    (94.0, 0, 0.0, 2)
    >>> est_module.CALIBRATION_SECONDS = saved
    """
    n = check_size(n, largest=MAX_CONSTELLATION_N)
    workers = check_int(workers, "workers", low=1)
    return estimate_checked(n, workers, set(skip))


def estimate_checked(n: int, workers: int, skip: set[int]) -> CountEstimate:
    """`estimate_count` of checked values (the engine loop's way in).

    Cost: O(len(split(n)) * ESTIMATE_PROBES * n**2) compiled steps plus the calibration.

    >>> estimate_checked(8, 1, set(range(78))).nodes   # every subproblem already counted
    0
    """
    items = _orbits(n)
    weights, solutions = weigh(n, items)
    return calibrate(n, items, weights, solutions, workers, skip)


def _orbits(n: int) -> list[tuple[int, ...]]:
    """The subproblems to estimate: the split's below `PRESPLIT_N`, else unoriented."""
    from nqueens.engine.split import split

    return [tuple(s) for s in split(n, orient=n < PRESPLIT_N)]



def weigh(n: int, items: list[tuple[int, ...]]) -> tuple[list[float], float]:
    """Knuth's estimate of each subproblem's kernel nodes, and of the total solutions.

    Cost: O(len(items) * ESTIMATE_PROBES * n**2) compiled steps.

    >>> weights, solutions = weigh(8, [(0, 2, 0, 3, 0, 1)])
    >>> len(weights), weights[0] > 0, solutions >= 0
    (1, True, True)
    """
    import numpy as np

    from nqueens.kernels.constellations import estimate_constellations

    arr = np.array(items, dtype=np.int64).reshape(len(items), 6)
    probes = max(4, min(ESTIMATE_PROBES, ESTIMATE_MAX_PROBES // max(1, len(items))))
    # in chunks of ~50,000 probes (milliseconds), so Ctrl-C is seen between them
    chunk = max(1, 50_000 // probes)
    est = np.concatenate([
        estimate_constellations(n, arr[lo:lo + chunk], probes, n * 100_003 + lo)
        for lo in range(0, len(items), chunk)
    ])
    mult = 8.0 / arr[:, 5]
    return [float(x) for x in est[:, 0]], float((est[:, 1] * mult).sum())


def calibrate(n: int, items: list[tuple[int, ...]], weights: list[float], solutions: float,
               workers: int, skip: set[int],
               keep: dict[int, Row] | None = None) -> CountEstimate:
    """The estimate of a count: the kernel timed here on sample subproblems of it.

    The kernel counts sample subproblems not in `skip` on as many threads at once as
    will count here (`workers`, at most the cores), and the node estimate is scaled to
    seconds by its speed. The rows of the samples counted to the end go into `keep` when
    given, so a count that calibrates first loses no work to it.
    Cost: O(1) kernel slices: `CALIBRATION_SECONDS` of kernel time on each thread.

    >>> e = calibrate(8, [(0, 2, 0, 3, 0, 1)], [1.0], 92.0, 1, skip={0})   # nothing to do
    >>> e.nodes, e.seconds
    (0, 0.0)
    """
    from nqueens.engine.executors import cpu_count
    from nqueens.engine.task import Stopped, count_batch

    todo = [i for i in range(len(items)) if i not in skip]
    left = sum(weights[i] for i in todo)
    runners = max(1, min(workers, cpu_count()))
    sample = todo[::max(1, len(todo) // (32 * runners))]
    count_batch(8, [(0, 2, 0, 3, 0, 1)])  # load the kernel before timing it
    tally = Tally()
    until = time.perf_counter() + CALIBRATION_SECONDS
    counted: dict[int, Row] = {} if keep is None else keep

    class Enough:
        def is_set(self) -> bool:
            return time.perf_counter() >= until

    def probe(part: list[int]) -> None:
        rows: list[Row] = []
        with contextlib.suppress(Stopped):
            rows = count_batch(n, [items[i] for i in part], stop=Enough(), tally=tally,
                               slice_nodes=1 << 16, finished=rows)
        counted.update(zip(part, rows, strict=False))

    t0 = time.perf_counter()
    if runners == 1:
        probe(sample)
    else:
        threads = [threading.Thread(target=probe, args=(sample[r::runners],), daemon=True)
                   for r in range(runners)]
        with HeldSignals():  # a Ctrl-C in a start would leave its thread hung; raised after
            for t in threads:
                t.start()
            for t in threads:
                t.join()  # within CALIBRATION_SECONDS
    seconds = max(time.perf_counter() - t0, 1e-6)
    rate = max(tally.nodes / seconds / runners, 1.0)
    return CountEstimate(n, solutions, left, rate, workers, left / (rate * runners))

