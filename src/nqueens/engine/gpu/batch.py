"""A GPU batch: the subproblems of the engine counted by a GPU kernel, as the CPU counts them;
and which kernel `"auto"` runs (`cuda-stack` where CuPy sees a GPU and the kernel passes
its self-check there - a batch of its own - else numba-cuda's).

`count_batch` is `nqueens.engine.task.count_batch` for the GPU: the same items
in, the same rows `(total, unique, nodes, microseconds)` out, so the engine loop, the
ledger and resume work unchanged whichever device counted a subproblem. The host cuts the
constellations into tasks (`cut`); the GPU searches the tasks a
fixed number at a time, each launch advancing every task in progress by a step budget sized
so the launch lasts a second at first, then twice as long each launch up to 16 s, whatever
the size of a task (long launches count faster; the host polls the one in flight, so Ctrl-C
does not wait for it), finished tasks replaced by the next ones (so the GPU stays full to
the end).

>>> count_batch(8, [(0, 2, 0, 3, 0, 1)], kernel="opencl")   # checked before any GPU
Traceback (most recent call last):
...
nqueens.errors.UnknownOptionError: kernel must be auto or one of numba, cuda-stack, got 'opencl'
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from nqueens.engine.gpu import device as _device
from nqueens.engine.gpu.cut import expand, rows_from
from nqueens.engine.gpu.device import raw_kernel, simulated
from nqueens.engine.gpu.occupancy import resident_slots, stack_launch
from nqueens.engine.gpu.tuning import (
    _FIRST_BUDGET,
    _MAX_BUDGET,
    _MIN_BUDGET,
    _SIM_BUDGET,
    _SIM_SLOTS,
    KERNELS,
    SELF_CHECK_N,
    TUNING,
    Tuning,
    default_rows,
)
from nqueens.engine.task import Item, Row, StopFlag, Stopped, weigh
from nqueens.errors import (
    InvalidArgumentError,
    InvalidSizeError,
    UnknownOptionError,
)

__all__ = ["count_batch", "likely_kernel", "pick_kernel", "pick_kernel_soon",
           "stack_kernel_checked"]

Device = _device.Device
"""The device class a batch runs on (a benchmark may stand a subclass in, to time it)."""


def count_batch(
    n: int,
    items: Sequence[Item],
    *,
    kernel: str = "auto",
    tuning: Tuning | None = None,
    stop: StopFlag | None = None,
    tally: Callable[[int], None] | None = None,
    finished: list[Row] | None = None,
    phases: dict[str, float] | None = None,
) -> list[Row]:
    """Count each subproblem of `items` on the GPU; one row per item, as the CPU's.

    `tuning` (`Tuning`; default the defaults) says
    how many free rows the host places, how many GPU slots the tasks run in, each launch's
    step budget (adapted launch by launch to last `launch_seconds` at first, then twice
    as long each launch up to `max_launch_seconds`) and the kernel's
    launch shape: the answers do not depend on it. The symmetric constellations (fixed by
    a rotation; about 1% of the nodes) go to the GPU with the rest; the completions their
    rotation fixes are found on the host by a search of half the board
    (`count_fixed`), which keeps the rotation test out
    of the GPU kernel. `kernel` is one of
    `KERNELS` or `"auto"`
    (`pick_kernel`: the `cuda-stack` CUDA C kernel where
    CuPy sees a GPU, else numba-cuda's). Raises
    `GPUPackageError` without numba-cuda,
    `GPUUnavailableError` without a GPU.

    As the CPU's `count_batch`, between two launches it checks
    `stop` (`Stopped` when set) and tells `tally` the nodes
    of the tasks that finished; and it appends to `finished` the row of every item as
    soon as that item and all before it are finished (their tasks go out in order, so the
    finished items are a growing prefix of `items`). A caller can record those rows while
    the batch runs on, and a batch cut short loses none of them - which is what lets the
    engine hand the GPU one large batch (`batch_items`)
    instead of many small ones that would each end on a half-idle GPU.

    `phases`, when given, is filled with where the time went, in seconds: `cut` (the
    host's cut, with the symmetric items' fixed points), `setup` (with `kernel="auto"`
    the wait for the pick, which ran beside the cut; the tables to the GPU,
    the kernel loaded, the slots sized), `gpu` (the launches and their progress reads),
    `underfull` (the part of `gpu` after fewer tasks than slots were left, the batch's
    tail), `launches` and `tasks`.
    Cost: O(nodes) of the items' subtrees on the GPU, plus their first `rows` levels and
    the half-board searches of the symmetric items on the host.

    >>> count_batch(8, [(0, 2, 0, 3, 0, 1)], kernel="opencl")   # checked before any GPU
    Traceback (most recent call last):
    ...
    nqueens.errors.UnknownOptionError: kernel must be auto or one of numba, cuda-stack, got 'opencl'
    """
    if kernel != "auto" and kernel not in KERNELS:
        raise UnknownOptionError(f"kernel must be auto or one of {', '.join(KERNELS)}, "
                           f"got {kernel!r}")
    tune = TUNING if tuning is None else tuning
    if not isinstance(tune, Tuning):
        raise InvalidArgumentError(f"tuning must be a Tuning or None, got {tuning!r}")
    _device.require_gpu()
    from nqueens.kernels.gpu_cuda_common import MAX_KERNEL_N

    if kernel == "cuda-stack" and n > MAX_KERNEL_N:
        raise InvalidSizeError(f"the {kernel} kernel counts boards up to n = {MAX_KERNEL_N}, "
                               f"got {n}")
    run = _Batch(n, items, kernel, tune, phases)
    run.cut()
    prefix = _Prefix(run.arr, run.sums, run.done, finished, run.start)
    prefix.advance()
    if tally is not None:
        tally(int(run.host[:, 3].sum()))
    if run.ntasks:
        run.launch_all(prefix, stop, tally)
    return rows_from(n, run.arr, run.sums, time.perf_counter() - run.start)


class _Batch:
    """One batch on the GPU: its cut, its device, and the launches until every task is done."""

    def __init__(self, n: int, items: Sequence[Item], kernel: str, tune: Tuning,
                 phases: dict[str, float] | None) -> None:
        self.start = time.perf_counter()
        self.n, self.kernel, self.tune = n, kernel, tune
        self.spent = phases if phases is not None else {}
        self.spent.update(cut=0.0, setup=0.0, gpu=0.0, underfull=0.0, launches=0, tasks=0)
        self.arr = np.array(items, dtype=np.int64).reshape(-1, 6)

    def cut(self) -> None:
        """Cut the items into tasks at the kernel's rows (with `auto`, the pick runs on a
        thread meanwhile; a pick of another kernel than guessed cuts again)."""
        n, rows, spent = self.n, self.tune.rows, self.spent
        picking = self.kernel == "auto"
        if picking:  # the pick (CuPy, the kernel, its self-check) runs while the host cuts
            pick_kernel_soon(n)
        d = default_rows(n, likely_kernel(n) if picking else self.kernel) if rows is None else rows
        got = expand(n, self.arr, d, with_pre=False)
        spent["cut"] = time.perf_counter() - self.start
        if picking:
            self.kernel = pick_kernel(n)
            if rows is None and default_rows(n, self.kernel) != d:  # not the guess: cut again
                d = default_rows(n, self.kernel)
                again = time.perf_counter()
                got = expand(n, self.arr, d, with_pre=False)
                spent["cut"] += time.perf_counter() - again
        self.d = d
        self.subs, self.tables, self.host, self.tsub, self.state, _pre = got
        self.ntasks = int(self.tsub.shape[0])
        spent["tasks"] = self.ntasks
        self.tasks = np.bincount(self.tsub, minlength=self.arr.shape[0]).astype(np.int64)
        self.sums = self.host.copy()
        self.done = self.tasks == 0

    def device(self) -> tuple[Any, int]:
        """The batch's device (tables and slots on the GPU) and its number of slots."""
        from nqueens.kernels.gpu import BLOCK
        from nqueens.kernels.gpu_cuda_common import shared_bytes

        tune, kernel, subs, d = self.tune, self.kernel, self.subs, self.d
        sim = _device.simulated()
        size = tune.block or (32 if sim else BLOCK)
        unroll = tune.unroll
        kf = 0  # cuda-stack: stack frames a thread in shared memory (all of them)
        if kernel == "cuda-stack":
            from nqueens.kernels.gpu_cuda_stack import frames as stack_frames

            kf = stack_frames(subs[subs[:, 3] == 1], d)
            if not sim:
                size, unroll = stack_launch(kf, tune.max_registers, tune.planes, unroll)
                size = tune.block or size
            kf += (unroll or 1) > 1  # the sentinel's frame below the stack
        nslots = min(self.ntasks, tune.slots or (_SIM_SLOTS if sim else resident_slots(
            kernel, size, tune.max_registers, shared_bytes(size, kf))))
        # cuda-stack's blocks are whole warps (its frames are laid out a warp at a time)
        size = min(-(-nslots // 32) * 32 if kernel == "cuda-stack" else nslots, size)
        grid = (nslots + size - 1) // size
        depth = max(1, int(subs[:, 0].max()) - d)
        dev = Device(kernel, d, grid, size,
                     (subs, self.tables, self.tsub, self.state, self.tasks),
                     (depth, 4, nslots), tune.max_registers, kf, tune.planes, unroll or 1)
        self.spent["setup"] = time.perf_counter() - self.start - self.spent["cut"]
        return dev, nslots

    def launch_all(self, prefix: _Prefix, stop: StopFlag | None,
                   tally: Callable[[int], None] | None) -> None:
        """Launch until every task is done; between launches check `stop`, hand out the
        finished prefix and tell `tally` the new nodes."""
        dev, full = self.device()
        tune, spent, host, sums = self.tune, self.spent, self.host, self.sums
        step = tune.budget or (_SIM_BUDGET if _device.simulated() else _FIRST_BUDGET)
        target = tune.launch_seconds  # doubles once a launch reaches it, up to the cap
        counted = 0  # nodes the GPU has counted so far, as tally was told
        tail = False  # since a launch ended with fewer tasks left than slots
        while True:
            if stop is not None and stop.is_set():
                raise Stopped
            t0 = time.perf_counter()
            dev.launch(step)  # returns at once on a GPU: the launch is queued, not waited for
            left, got = dev.progress()  # waits for the launch to end
            this = time.perf_counter() - t0  # the launch's own time, its results on the host
            spent["gpu"] += this
            spent["launches"] += 1
            tail = tail or int(left.sum()) < full
            if tail:
                spent["underfull"] += this
            sums[:, 0] = host[:, 0] + got[:, 0]
            sums[:, 3] = host[:, 3] + got[:, 1]
            self.done[:] = left == 0
            new_nodes = int(got[:, 1].sum()) - counted
            counted += new_nodes
            prefix.advance()  # the rows out before tally is told: the engine records them
            if tally is not None and new_nodes:
                tally(new_nodes)
            if not left.any():
                return
            if tune.budget is None and this > 0:
                if this >= 0.9 * target:
                    target = min(tune.max_launch_seconds, 2 * target)
                scale = min(4.0, target / this)
                step = min(_MAX_BUDGET, max(_MIN_BUDGET, int(step * scale)))


class _Prefix:
    """The finished prefix of a batch's items: the rows handed out through `finished`.

    `done[k]` says item `k` is finished (every task of it); the rows go out in item
    order as soon as an item and all before it are finished. A row's microseconds are its
    nodes at the batch's mean time per node so far.
    """

    def __init__(self, arr: Any, sums: Any, done: Any, out: list[Row] | None,
                 start: float) -> None:
        self.arr, self.sums, self.done = arr, sums, done
        self.out, self.start = out, start
        self.next = 0

    def advance(self) -> None:
        if self.out is None:
            return
        end = self.next
        while end < self.done.shape[0] and self.done[end]:
            end += 1
        if end == self.next:
            return
        seconds = time.perf_counter() - self.start
        done_nodes = int(self.sums[:end, 3].sum())
        per_node = seconds / done_nodes if done_nodes else 0.0
        for k in range(self.next, end):
            c, f90, f180, nodes = (int(v) for v in self.sums[k])
            total, unique = weigh(int(self.arr[k, 5]), c, f90, f180)
            self.out.append((total, unique, nodes, int(nodes * per_node * 1e6)))
        self.next = end


# --- which kernel "auto" runs -----------------------------------------------------------


_PICKING = threading.Lock()
"""Held by `pick_kernel` while it picks: a second caller (the engine's, while
`pick_kernel_soon`'s thread picks) waits for the first and finds its work cached."""


def pick_kernel_soon(n: int) -> None:
    """Start `pick_kernel` for `n` on a background thread and return at once.

    CuPy's import, the CUDA context, the kernel's compilation (or its load from CuPy's
    cache) and its self-check then overlap what the host does meanwhile (the split, the
    subproblems' weights, the cut); a later `pick_kernel(n)` waits for that thread and
    finds its work done. An error is left for that later call to meet (the thread says
    nothing).
    Cost: O(1) here; the pick's on the thread.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"cupy": None}):    # as if CuPy were absent
    ...     pick_kernel_soon(21)
    ...     pick_kernel(21)
    'numba'
    """
    def pick() -> None:
        with contextlib.suppress(Exception):  # the caller's own pick_kernel meets it
            pick_kernel(n)

    threading.Thread(target=pick, name="nqueens-gpu-pick", daemon=True).start()


def likely_kernel(n: int) -> str:
    """The kernel `pick_kernel` most likely picks for `n`, without CuPy's import.

    No device query either: `cuda-stack` where CuPy is installed, else `numba` (for the
    rows the host may cut before the pick is known). Cost: O(1).

    >>> likely_kernel(28)   # wider than cuda-stack's words
    'numba'
    """
    from importlib.util import find_spec

    from nqueens.kernels.gpu_cuda_common import MAX_KERNEL_N

    if simulated() or n > MAX_KERNEL_N or find_spec("cupy") is None:
        return "numba"
    return "cuda-stack"


def pick_kernel(n: int) -> str:
    """The kernel `kernel="auto"` runs for board size `n`.

    `"cuda-stack"` where CuPy imports, sees a GPU and compiles the kernel, the kernel passes
    its self-check on this GPU (`stack_kernel_checked`), and `n` is at most 27 (its
    words hold 27 columns), else `"numba"`; the simulator always gets `"numba"`. A CuPy
    that cannot compile (no NVRTC, say) falls back to numba-cuda's kernel instead of
    stopping the count, and so does a kernel that miscounts (with a warning).
    One pick at a time: a call while `pick_kernel_soon`'s thread picks waits for it.
    Cost: O(1), after CuPy's import, a device query, the kernel's compilation (cached on
    disk by CuPy) and, once a process, its self-check.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"cupy": None}):    # as if CuPy were absent
    ...     pick_kernel(21)
    'numba'
    """
    from nqueens.kernels.gpu_cuda_common import MAX_KERNEL_N

    if simulated() or n > MAX_KERNEL_N:
        return "numba"
    with _PICKING:  # one pick at a time (pick_kernel_soon's thread may be in one)
        if not _cupy_sees_a_gpu():
            return "numba"
        try:
            raw_kernel(None).attributes  # noqa: B018 - compiles it, or raises
        except Exception:
            return "numba"
        return "cuda-stack" if stack_kernel_checked() else "numba"


@functools.cache
def stack_kernel_checked() -> bool:
    """Whether the `cuda-stack` kernel counts on this GPU as the CPU kernel does.

    Every subproblem of `SELF_CHECK_N`, its completions, classes and nodes, once a
    process, with one try a turn of the kernel's loop and with two (`stack_unroll`).
    The CUDA C kernel's tests run it built for the CPU; this runs the GPU's own
    build (its intrinsics, its compiler, this GPU), so that a kernel that miscounts here is
    never picked: False (and a `RuntimeWarning`) where any row differs or the count
    fails.
    Cost: O(1) after the first call, which counts n = 10 on the GPU and on the CPU
    (milliseconds).

    >>> import contextlib, sys, warnings
    >>> from unittest import mock
    >>> with contextlib.suppress(ImportError):   # numba-cuda loaded first, where it is
    ...     _ = _device.numba_cuda()             # installed: the patch below keeps it
    >>> stack_kernel_checked.cache_clear()
    >>> with mock.patch.dict(sys.modules, {"cupy": None}), \\
    ...         warnings.catch_warnings(record=True) as seen:   # as if CuPy were absent
    ...     warnings.simplefilter("always")
    ...     stack_kernel_checked()
    False
    >>> "failed its self-check" in str(seen[0].message)
    True
    >>> stack_kernel_checked.cache_clear()
    """
    import warnings

    from nqueens.engine.split import split
    from nqueens.engine.task import count_batch as count_on_cpu

    items = [tuple(s) for s in split(SELF_CHECK_N)]
    try:   # both builds "auto" runs: one try a turn of the loop, and two
        got = [[r[:3] for r in count_batch(SELF_CHECK_N, items, kernel="cuda-stack",
                                           tuning=Tuning(unroll=unroll))] for unroll in (1, 2)]
    except Exception as err:  # a launch that fails: not a kernel to count with
        why = f"{type(err).__name__}: {err}"
    else:
        want = [r[:3] for r in count_on_cpu(SELF_CHECK_N, items)]
        if got[0] == want and got[1] == want:
            return True
        why = "its rows differ from the CPU kernel's"
    warnings.warn(f"the cuda-stack GPU kernel failed its self-check on this GPU (n = "
                  f"{SELF_CHECK_N}: {why}); counting with numba-cuda's kernel instead",
                  RuntimeWarning, stacklevel=2)
    return False


def _cupy_sees_a_gpu() -> bool:
    try:
        cupy = importlib.import_module("cupy")
        return int(cupy.cuda.runtime.getDeviceCount()) > 0
    except Exception:  # no CuPy, or CuPy without a driver or a device
        return False
