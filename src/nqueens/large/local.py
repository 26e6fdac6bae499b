"""One random solution for huge n by min-conflicts local search, reproducible with a seed.

The friendly face of `nqueens.kernels.local_search` (Minton et al. 1992; Sosic and Gu
1991): it checks the request, turns any seed into the kernel's 32-bit one, allocates the
arrays and returns the columns. Different seeds give different solutions (for n beyond a
handful, where there are many). The explicit formula is `nqueens.large.construct`.

>>> local_search(8, seed=1).tolist() == local_search(8, seed=1).tolist()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens._validate import check_int
from nqueens.errors import InvalidSizeError
from nqueens.large.construct import check_solvable_size

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BYTES_PER_QUEEN", "kernel_seed", "local_search"]

BYTES_PER_QUEEN = 20
"""Working memory per queen: 4 for the columns, 8 for each of the two diagonal counters."""

MAX_RESTARTS = 10_000
SLICE_STEPS = 1 << 18
"""Steps one kernel call runs before Python regains control, so that Ctrl-C stops a search
within a second. A step (a random draw or a swept row) touches big arrays at random, so a
step costs most, a cache miss or more, on the largest boards."""


def local_search(n: int, *, seed: int | None = None) -> npt.NDArray[np.int32]:
    """A solution found by min-conflicts local search, as 0-based int32 columns.

    Cost: O(n) expected time after a one-off JIT compile (times by n:
    docs/performance.md, "Benchmarks: huge boards"); memory 20n bytes. `seed=None` draws a
    fresh seed. The kernel runs in slices of `SLICE_STEPS` steps, so Ctrl-C stops it within a
    second.

    >>> cols = local_search(1000, seed=7)
    >>> len(cols), sorted(cols.tolist()) == list(range(1000))
    (1000, True)
    >>> local_search(1).tolist()
    [0]
    """
    n = check_solvable_size(n)
    return _search(kernel_seed(seed), n, SLICE_STEPS)


def _search(seed: int, n: int, steps: int) -> npt.NDArray[np.int32]:
    """Run the search in slices of about `steps` steps, from the kernel's 32-bit seed.

    The result depends on the seed only, not on `steps`: the slices run one after another
    in this thread, drawing from numba's generator seeded once.
    """
    import numpy as np

    from nqueens.kernels import local_search as k

    cols = np.empty(n, dtype=np.int32)
    if n == 1:
        cols[0] = 0
        return cols
    dneg = np.empty(2 * n - 1, dtype=np.int32)
    dpos = np.empty(2 * n - 1, dtype=np.int32)
    bad = np.empty(min(n, 65536), dtype=np.int64)
    meta = np.zeros(k.META_SIZE, dtype=np.int64)
    k.seed_search(seed)
    while meta[0] not in (k.PHASE_SOLVED, k.PHASE_FAILED):
        k.min_conflicts_slice(n, cols, dneg, dpos, bad, meta, MAX_RESTARTS, steps)
    if meta[0] == k.PHASE_FAILED:  # pragma: no cover - never observed for n >= 4
        raise InvalidSizeError(f"local search found no solution for n = {n}; try another seed")
    return cols


def kernel_seed(seed: int | None) -> int:
    """Map any non-negative integer seed (or `None`: fresh entropy) to a 32-bit seed.

    Cost: O(1).

    >>> kernel_seed(1) == kernel_seed(1) != kernel_seed(2)
    True
    """
    import numpy as np

    if seed is not None:
        seed = check_int(seed, "seed", low=0)
    return int(np.random.SeedSequence(seed).generate_state(1, dtype=np.uint32)[0])
