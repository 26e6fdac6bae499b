"""Compiled Monte Carlo probes of the pruned state-space tree (Knuth, 1975).

Private kernels: ints in, a float64 numpy array updated in place; no validation. Each
probe walks from the root, at every node counting its promising children `m` and stepping
to one of them chosen uniformly at random; the product `m_0 * m_1 * ... * m_(d-1)` is an
unbiased estimate of the number of promising nodes at depth `d`. The friendly face is
`nqueens.analysis.estimate`, which runs the probes in slices (a numba kernel never sees
Ctrl-C; Python does, between slices).
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit
from nqueens.kernels.bits import free, full_mask, lowest_bit, place, popcount

__all__ = ["knuth_probes", "seed_probes"]


@njit
def seed_probes(seed):
    """Seed numba's generator of the calling thread; `knuth_probes` then draws from it."""
    np.random.seed(seed)


@njit
def knuth_probes(n, done, trials, out):
    """Run `trials` more probes, after `done` already folded into `out`. O(trials * n).

    `out` is a float64 array of shape (3, 2) holding per quantity `[mean, M2]`; row 0:
    nodes checked (root included), row 1: promising nodes (root included), row 2: solutions.
    `M2` is the sum of squared deviations (Welford), so the sample variance is
    `M2 / (count - 1)`. Probes draw from numba's generator of the calling thread, seeded by
    `seed_probes`: one thread running the same slices after the same seed gives the
    same result, however the trials are cut into calls.
    """
    full = full_mask(n)
    values = np.zeros(3, dtype=np.float64)
    for t in range(trials):
        cs = np.int64(0)
        ls = np.int64(0)
        rs = np.int64(0)
        prod = 1.0
        internal = 0.0  # estimated promising nodes at depths 0 .. n-1
        for d in range(n):
            internal += prod
            avail = free(cs, ls, rs, full)
            m = popcount(avail)
            if m == 0:
                prod = 0.0
                break
            prod *= m
            if d == n - 1:
                break
            k = np.random.randint(0, m)
            a = avail
            for _ in range(k):
                a &= a - 1
            cs, ls, rs = place(cs, ls, rs, lowest_bit(a), full)
        values[0] = 1.0 + n * internal
        values[1] = internal + prod
        values[2] = prod
        count = done + t + 1
        for q in range(3):
            delta = values[q] - out[q, 0]
            out[q, 0] += delta / count
            out[q, 1] += delta * (values[q] - out[q, 0])
