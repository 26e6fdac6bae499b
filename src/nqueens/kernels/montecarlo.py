"""Compiled Monte Carlo probes of the pruned state-space tree (Knuth, 1975).

Private kernel: ints in, a float64 numpy array out; no validation. Each probe walks from the
root, at every node counting its promising children ``m`` and stepping to one of them chosen
uniformly at random; the product ``m_0 * m_1 * ... * m_(d-1)`` is an unbiased estimate of
the number of promising nodes at depth ``d``. The friendly face is
:mod:`nqueens.analysis.estimate`.
"""

from __future__ import annotations

import numpy as np

from nqueens._jit import njit

__all__ = ["QUANTITIES", "knuth_probes"]

QUANTITIES = 3
"""Rows of the kernel's result: nodes checked, promising nodes, solutions."""


@njit
def knuth_probes(n, trials, seed):
    """Run ``trials`` probes seeded with ``seed``; return per quantity ``[mean, M2]``.

    Row 0: nodes checked (root included), row 1: promising nodes (root included), row 2:
    solutions. ``M2`` is the sum of squared deviations (Welford), so the sample variance
    is ``M2 / (trials - 1)``. Seeding numba's generator inside the kernel makes runs
    reproducible.
    """
    np.random.seed(seed)
    full = (np.int64(1) << n) - 1
    out = np.zeros((3, 2), dtype=np.float64)
    values = np.zeros(3, dtype=np.float64)
    for t in range(trials):
        cs = np.int64(0)
        ls = np.int64(0)
        rs = np.int64(0)
        prod = 1.0
        internal = 0.0  # estimated promising nodes at depths 0 .. n-1
        leaves = 0.0
        for d in range(n):
            internal += prod
            avail = full & ~(cs | ls | rs)
            m = 0
            a = avail
            while a:
                a &= a - 1
                m += 1
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
            b = a & -a
            cs |= b
            ls = ((ls | b) << 1) & full
            rs = (rs | b) >> 1
        leaves = prod
        values[0] = 1.0 + n * internal
        values[1] = internal + leaves
        values[2] = leaves
        count = t + 1
        for q in range(3):
            delta = values[q] - out[q, 0]
            out[q, 0] += delta / count
            out[q, 1] += delta * (values[q] - out[q, 0])
    return out
