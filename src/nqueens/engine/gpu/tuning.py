"""The GPU count's named constants and its one tuning object.

The answers never depend on any of them - only the speed does. `Tuning` is what a
benchmark may change (the engine always runs `TUNING`, the defaults); the rest are
named constants.

>>> Tuning(rows=2).rows, TUNING.launch_seconds == LAUNCH_SECONDS
(2, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from nqueens.errors import InvalidArgumentError

__all__ = ["KERNELS", "LAUNCH_SECONDS", "MAX_LAUNCH_SECONDS", "MAX_TASKS", "SELF_CHECK_N",
           "SLOTS", "TUNING", "Tuning", "default_rows"]

KERNELS = ("numba", "cuda-stack")
"""The GPU kernels that ship: numba-cuda's (`nqueens.kernels.gpu`, simulator-tested;
the fallback) and the CUDA C kernel that keeps every frame on its shared-memory stack
(`nqueens.kernels.gpu_cuda_stack`, through CuPy; the faster of the two: docs/gpu.md,
docs/performance.md). `"auto"` picks one (`pick_kernel`).
Their forerunners, which `auto` never picked, are in `benchmarks/gpu/lab/`."""

LAUNCH_SECONDS = 1.0
"""What the first settled kernel launch of a batch should last; each launch's step budget is
scaled from the last one's time, and the target doubles launch by launch up to
`MAX_LAUNCH_SECONDS`. Short launches cost speed, each launch ending on its slowest warp
(the launch lengths measured against each other on an H200: docs/performance.md,
decisions). Ctrl-C does not wait for a launch (the host polls it; see `wait`)."""
MAX_LAUNCH_SECONDS = 16.0
"""The longest a launch is let grow. The finished subproblems reach the ledger and the
progress line between launches, so this is also the most GPU work a stop can lose."""
SLOTS = 1 << 18
"""Tasks in progress on the GPU at once, one per thread, where `resident_slots` cannot
read the GPU's occupancy (an H100 keeps 120-150 K threads resident, depending on the
kernel's registers)."""
_FIRST_BUDGET = 1 << 14
"""Steps per slot in the first launch of a batch, before any launch has been timed."""
_MIN_BUDGET = 1 << 8
_MAX_BUDGET = 1 << 30
_SIM_SLOTS = 32
"""Slots under the simulator: one block (each simulated thread is a Python thread)."""
_SIM_BUDGET = 1 << 10
SELF_CHECK_N = 10
"""The board whose every subproblem the `cuda-stack` kernel must count as the CPU kernel
does, on this GPU, before `kernel="auto"` picks it (`pick_kernel`)."""


MAX_TASKS = 1 << 25
"""Tasks in one GPU batch at most: 0.7 GB of them on the host and on the GPU (20 bytes a
task; 36 with the queens placed above the cut, at three rows, which only checks keep).
Every n up to 22 is one batch at the default rows (n = 22: 28.3 M tasks)."""




@dataclass(frozen=True)
class Tuning:
    """The knobs of a GPU batch (`count_batch`'s `tuning`).

    `rows` free rows placed on the host (default `default_rows`); `slots` GPU
    slots (default: as many as the GPU keeps resident); `budget` steps a slot each launch
    (default: adapted launch by launch to last `launch_seconds`, a target that then
    doubles each launch up to `max_launch_seconds`); `block` threads a block (a
    multiple of 32 up to 1024; default 128, for `cuda-stack` the occupancy calculator's);
    `max_registers` a limit on the kernel's registers a thread (16 to 255); `planes`
    (`cuda-stack`: each frame in two 8-byte halves) and `unroll` (`cuda-stack`: 1, 2
    or 4 tries a turn of its loop). Checked when made
    (`InvalidArgumentError`).

    >>> Tuning(block=100)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: block must be a multiple of 32 from 32 to 1024, got 100
    """

    rows: int | None = None
    budget: int | None = None
    slots: int | None = None
    block: int | None = None
    max_registers: int | None = None
    planes: bool = False
    unroll: int | None = None
    launch_seconds: float = LAUNCH_SECONDS
    max_launch_seconds: float = MAX_LAUNCH_SECONDS

    def __post_init__(self) -> None:
        for name, low in (("rows", 0), ("budget", 1), ("slots", 1)):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or value < low):
                raise InvalidArgumentError(
                    f"{name} must be an integer of at least {low}, got {value!r}")
        _check_launch(self)


def _check_launch(t: Tuning) -> None:
    """The launch-shape knobs: a block of whole warps, a register limit, the layout."""
    if t.block is not None and (type(t.block) is not int or not 32 <= t.block <= 1024
                                or t.block % 32):
        raise InvalidArgumentError(
            f"block must be a multiple of 32 from 32 to 1024, got {t.block!r}")
    regs = t.max_registers
    if regs is not None and (type(regs) is not int or not 16 <= regs <= 255):
        raise InvalidArgumentError(f"max_registers must be an integer from 16 to 255, got {regs!r}")
    if type(t.planes) is not bool:
        raise InvalidArgumentError(f"planes must be True or False, got {t.planes!r}")
    if t.unroll is not None and (type(t.unroll) is not int or t.unroll not in (1, 2, 4)):
        raise InvalidArgumentError(f"unroll must be 1, 2 or 4, got {t.unroll!r}")
    for name in ("launch_seconds", "max_launch_seconds"):
        seconds = getattr(t, name)
        if type(seconds) not in (int, float) or not (math.isfinite(seconds) and seconds > 0):
            raise InvalidArgumentError(f"{name} must be a positive number, got {seconds!r}")
    if t.max_launch_seconds < t.launch_seconds:
        raise InvalidArgumentError(f"max_launch_seconds must be at least launch_seconds "
                                   f"({t.launch_seconds!r}), got {t.max_launch_seconds!r}")


TUNING = Tuning()
"""The defaults: what the engine runs."""


def default_rows(n: int, kernel: str = "numba") -> int:
    """How many free rows the host places before the GPU takes over, for board size `n`.

    Enough tasks that a GPU's slots (about 170,000 on an H100) take several each, so that
    the last ones to finish are small. For `numba` (and the laboratory's kernels): three
    rows from n = 18 (3.6 M tasks for n = 18, 17.8 M for n = 21, 28.3 M for n = 22), where
    two rows left the slots a few tasks each and the batch ending on a few large tasks
    (a model of the slots, docs/performance.md: 0.82-0.95 of a perfect schedule at n = 20
    with two rows, 0.95-0.98 with three). `cuda-stack` takes a new task in a few instructions and
    keeps two rows up to n = 20, three from 21: two rows were faster up to n = 20 and
    three from 21 on an H100 (docs/gpu.md, "Measured"; docs/performance.md, "Decisions").
    Cost: O(1) per call.

    >>> [default_rows(n) for n in (8, 16, 18, 22)]
    [1, 2, 3, 3]
    >>> [default_rows(n, "cuda-stack") for n in (8, 16, 20, 21)]
    [1, 2, 2, 3]
    """
    if n < 12:
        return 1
    if kernel == "cuda-stack":
        return 2 if n <= 20 else 3
    return 2 if n < 18 else 3
