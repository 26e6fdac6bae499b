"""Knuth's (1975) Monte Carlo estimate of the size of the backtracking tree for n queens.

A probe walks from the root to a dead end or a solution, choosing a promising child
uniformly at random at every node and multiplying the numbers of promising children met
on the way: `m_0 * m_1 * ... * m_(d-1)` is an unbiased estimate of the promising nodes at
depth d. Summed over depths, a probe estimates

- `checked`: nodes checked, root included (`1 + n * (promising nodes above the last row)`),
- `promising`: promising nodes, root included,
- `solutions`: promising nodes at depth n,

with the conventions of `nqueens.analysis.stats`. The mean of many probes is reported
with its standard error and a normal 95% confidence interval (mean ± 1.96 SE); the exact
value sits beside it where it is cheap (n <= 14). Probes run in a compiled kernel
(`nqueens.kernels.montecarlo`) seeded inside numba, so a seeded run is reproducible.
Printing is left to the CLI.

>>> e = estimate(8, trials=20_000, seed=1)
>>> e.checked.exact, e.solutions.exact
(15721, 92)
>>> abs(e.checked.mean - 15721) < 4 * e.checked.stderr
True
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nqueens._validate import check_callable, check_int, check_size
from nqueens.analysis.stats import Progress, tree_stats
from nqueens.kernels import MAX_PROBE_N

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "EXACT_UP_TO",
    "MAX_ESTIMATE_N",
    "MAX_TRIALS",
    "SLICE_STEPS",
    "Estimate",
    "Quantity",
    "estimate",
]

EXACT_UP_TO = 14
"""Exact values are computed beside the estimate for n up to this (a fraction of a second)."""
MAX_ESTIMATE_N = MAX_PROBE_N
"""The largest board the 64-bit kernel probes (`nqueens.kernels.MAX_PROBE_N`)."""
MAX_TRIALS = 10**9
"""The most probes one call runs."""
SLICE_STEPS = 1 << 20
"""Probe steps (rows) one kernel call runs before Python regains control (hundredths of a
second)."""
Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True, slots=True)
class Quantity:
    """One estimated number: the probes' mean, its standard error, and the exact value if known."""

    name: str
    mean: float
    stderr: float
    exact: int | None = None

    @property
    def ci95(self) -> tuple[float, float]:
        """The normal 95% confidence interval, `mean ± 1.96 stderr`."""
        return (self.mean - Z95 * self.stderr, self.mean + Z95 * self.stderr)

    @property
    def z(self) -> float | None:
        """How many standard errors the mean lies from the exact value (None if unknown)."""
        if self.exact is None:
            return None
        if self.stderr == 0:
            return 0.0 if self.mean == self.exact else math.inf
        return (self.mean - self.exact) / self.stderr

    def to_json(self) -> dict[str, object]:
        """A plain dict: mean, stderr, ci95 and exact.

        Cost: O(1).

        >>> Quantity("solutions", 2.0, 0.5, exact=2).to_json()["ci95"]
        [1.020018007729973, 2.979981992270027]
        """
        low, high = self.ci95
        return {"mean": self.mean, "stderr": self.stderr, "ci95": [low, high],
                "exact": self.exact}


@dataclass(frozen=True, slots=True)
class Estimate:
    """The estimates of one run: nodes checked, promising nodes, solutions."""

    n: int
    trials: int
    seed: int
    checked: Quantity
    promising: Quantity
    solutions: Quantity

    @property
    def quantities(self) -> tuple[Quantity, Quantity, Quantity]:
        """`(checked, promising, solutions)`."""
        return (self.checked, self.promising, self.solutions)

    def to_json(self) -> dict[str, object]:
        """A plain dict of the run (n, trials, seed) and each quantity.

        Cost: O(1).

        >>> sorted(estimate(4, trials=10, seed=1).to_json())
        ['checked', 'n', 'promising', 'seed', 'solutions', 'trials']
        """
        record: dict[str, object] = {"n": self.n, "trials": self.trials, "seed": self.seed}
        for q in self.quantities:
            record[q.name] = q.to_json()
        return record


def estimate(
    n: int, *, trials: int = 100_000, seed: int | None = None, progress: Progress | None = None
) -> Estimate:
    """Estimate nodes checked, promising nodes and solutions of n queens by `trials` probes.

    Cost: O(trials * n) in the compiled kernel, plus the exact counts for
    n <= `EXACT_UP_TO` (O(their search trees); docs/performance.md, "Analysis kernels").
    `seed=None` draws a fresh seed, reported in the result so that the run can be
    repeated. The probes run in slices of about `SLICE_STEPS` steps, so Ctrl-C stops any
    run within a second; `progress(done, trials)` is called between slices with the
    probes done so far. A size, `trials` or `seed` out of range raises `InvalidSizeError`,
    a `progress` that is not callable
    `InvalidArgumentError`.

    >>> a = estimate(6, trials=1000, seed=7)
    >>> b = estimate(6, trials=1000, seed=7)
    >>> a == b
    True
    """
    n = check_size(n, largest=MAX_ESTIMATE_N)
    trials = check_int(trials, "trials", low=2, high=MAX_TRIALS)
    if seed is None:
        seed = secrets.randbelow(2**32)
    else:
        seed = check_int(seed, "seed", low=0, high=2**32 - 1)
    check_callable(progress, "progress")

    raw = _probes(n, trials, seed, SLICE_STEPS, progress)
    exact: tuple[int | None, int | None, int | None] = (None, None, None)
    if n <= EXACT_UP_TO:
        s = tree_stats(n)
        exact = (s.checked, s.promising, s.solutions)
    names = ("checked", "promising", "solutions")
    quantities = [
        Quantity(name, float(raw[i, 0]), math.sqrt(float(raw[i, 1]) / (trials - 1) / trials),
                 exact[i])
        for i, name in enumerate(names)
    ]
    return Estimate(n, trials, seed, *quantities)


def _probes(
    n: int, trials: int, seed: int, steps: int, progress: Progress | None = None
) -> npt.NDArray[np.float64]:
    """Run the probes in slices of about `steps` rows each; per quantity `[mean, M2]`.

    The result does not depend on `steps`: the slices run one after another in this
    thread, drawing from numba's generator seeded once.
    """
    import numpy as np

    from nqueens.kernels.montecarlo import knuth_probes, seed_probes

    per_slice = max(1, steps // n)
    out = np.zeros((3, 2), dtype=np.float64)
    seed_probes(seed)
    done = 0
    while done < trials:
        chunk = min(per_slice, trials - done)
        knuth_probes(n, done, chunk, out)
        done += chunk
        if progress is not None:
            progress(done, trials)
    return out
