"""The GPU itself: numba-cuda present, a device there, and one batch's tables and launches.

numba-cuda is an optional extra (`pip install "nqueens-toolkit[gpu]"`)
imported only here, only when a GPU count runs; CuPy (`pip install cupy-cuda12x`) runs
the CUDA C kernel. With `NUMBA_ENABLE_CUDASIM=1` numba-cuda's simulator runs the numba
kernel on the CPU (slowly: for tests of small boards).

>>> import sys
>>> from unittest import mock
>>> with mock.patch.dict(sys.modules, {"numba.cuda": None}):   # as if it were absent
...     try:
...         require_gpu()
...     except ImportError as err:
...         print(type(err).__name__)
GPUPackageError
"""

from __future__ import annotations

import contextlib
import importlib
import os
import time
from typing import Any

import numpy as np

from nqueens.errors import GPUPackageError, GPUUnavailableError, install_line

__all__ = ["NEEDS_CUPY", "NEEDS_NUMBA_CUDA", "Device", "device_name", "numba_cuda",
           "raw_kernel", "require_gpu", "simulated"]

NEEDS_NUMBA_CUDA = f"counting on a GPU needs numba-cuda: {install_line('gpu')}"


WAIT_POLL = 0.001
"""Seconds between two looks at a launch in flight."""
NEEDS_CUPY = "the CUDA C kernels need CuPy: pip install cupy-cuda12x (or -cuda13x)"


def numba_cuda() -> Any:
    """`numba.cuda` (numba-cuda's), or `GPUPackageError`.

    The error's message is the install line. Cost: O(1) after numba-cuda's first import.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"numba.cuda": None}):   # as if it were absent
    ...     numba_cuda()
    Traceback (most recent call last):
    ...
    nqueens.errors.GPUPackageError: counting on a GPU needs numba-cuda: \
pip install "nqueens-toolkit[gpu]"
    """
    try:
        cuda = importlib.import_module("numba.cuda")
    except ImportError:
        cuda = None
    # numba still ships a deprecated built-in ``numba.cuda``; only NVIDIA's numba-cuda
    # package (which takes that name over when installed) has what the kernel needs.
    if cuda is None or getattr(cuda, "implementation", "NVIDIA") == "Built-in":
        raise GPUPackageError(NEEDS_NUMBA_CUDA)
    return cuda


def require_gpu() -> None:
    """Raise unless numba-cuda and a CUDA GPU are present.

    `GPUPackageError` (an `ImportError`) without numba-cuda,
    `GPUUnavailableError` without a GPU.

    The numba-cuda simulator (`NUMBA_ENABLE_CUDASIM=1`) counts as a GPU.
    Cost: O(1) per call, after numba-cuda's import and the CUDA driver's first start.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"numba.cuda": None}):   # as if it were absent
    ...     try:
    ...         require_gpu()
    ...     except GPUPackageError as err:
    ...         print(err)
    counting on a GPU needs numba-cuda: pip install "nqueens-toolkit[gpu]"
    """
    cuda = numba_cuda()
    try:
        present = bool(cuda.is_available())
    except Exception:  # a broken driver install reads as no GPU
        present = False
    if not present:
        raise GPUUnavailableError(
            "no CUDA GPU found (numba-cuda sees no device with a working driver); "
            "count on the CPU instead"
        )


def device_name() -> str:
    """The name of the GPU counts run on (`"simulator"` under the numba-cuda simulator).

    Raises `GPUPackageError` without numba-cuda.
    Cost: O(1) per call.

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"NUMBA_ENABLE_CUDASIM": "1"}):
    ...     device_name()
    'simulator'
    >>> with mock.patch.dict(os.environ, {"NUMBA_ENABLE_CUDASIM": "0"}), \\
    ...         mock.patch.dict(sys.modules, {"numba.cuda": None}):   # as if it were absent
    ...     device_name()
    Traceback (most recent call last):
    ...
    nqueens.errors.GPUPackageError: counting on a GPU needs numba-cuda: \
pip install "nqueens-toolkit[gpu]"
    """
    if simulated():
        return "simulator"
    cuda = numba_cuda()
    name = cuda.get_current_device().name
    return name.decode() if isinstance(name, bytes) else str(name)


def simulated() -> bool:
    """Whether numba-cuda's simulator stands in for the GPU (`NUMBA_ENABLE_CUDASIM=1`).

    Cost: O(1).

    >>> simulated() == (os.environ.get("NUMBA_ENABLE_CUDASIM", "") == "1")
    True
    """
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "") == "1"




def raw_kernel(max_registers: int | None, planes: bool = False, unroll: int = 1) -> Any:
    """The `cuda-stack` CUDA C kernel compiled by CuPy (cached per variant and process).

    Raises `GPUPackageError` without CuPy.
    Cost: O(1), after one compilation a process and variant (cached on disk by CuPy).

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"cupy": None}):   # as if CuPy were absent
    ...     raw_kernel(None)
    Traceback (most recent call last):
    ...
    nqueens.errors.GPUPackageError: the CUDA C kernels need CuPy: pip install cupy-cuda12x \
(or -cuda13x)
    """
    from nqueens.kernels import gpu_cuda_stack

    try:
        importlib.import_module("cupy")
    except ImportError:
        raise GPUPackageError(NEEDS_CUPY) from None
    return gpu_cuda_stack.raw_kernel(max_registers, planes, unroll)


class Device:
    """The batch's tables and slots on the GPU, and one launch of a kernel over the slots.

    `tables` are `(subs, tables, tsub, state, tasks)`: the cut, and each
    constellation's number of tasks (the kernel's `left` starts there); `kf` the stack
    frames a thread keeps in shared memory (`cuda-stack`; 0 for `numba`)."""

    def __init__(self, kernel: str, d: int, grid: int, block: int,
                 tables: tuple[Any, ...], stack_shape: tuple[int, int, int],
                 max_registers: int | None = None, kf: int = 0, planes: bool = False,
                 unroll: int = 1) -> None:
        from nqueens.kernels.gpu import FRESH
        from nqueens.kernels.gpu_cuda_common import pack_tables, shared_bytes

        self.kernel, self.d, self.grid, self.block = kernel, d, grid, block
        self.kf, self.shared = kf, shared_bytes(block, kf)
        subs, tabs, tsub, state, tasks = tables
        if kernel == "cuda-stack":
            from nqueens.kernels.gpu_cuda_stack import pair_tables

            tabs = pair_tables(pack_tables(tabs))
        self.ntasks = int(tsub.shape[0])
        nslots = stack_shape[2]
        host = [np.ascontiguousarray(a) for a in (subs, tabs, tsub, state)]
        host += [np.zeros(1, np.int64), np.full(nslots, -1, np.int64),
                 np.full(nslots, FRESH, np.int64), np.zeros((subs.shape[0], 2), np.int64),
                 np.ascontiguousarray(tasks, np.int64)]
        if kernel == "numba":
            from nqueens.kernels.gpu import step_slots_limited

            self.fn: Any = step_slots_limited(max_registers)
            self.xp = numba_cuda()
            arrays = [self.xp.to_device(a) for a in host]
            self.stack = self.xp.device_array(stack_shape, dtype=np.uint32)
        else:
            self.fn = raw_kernel(max_registers, planes, unroll)
            self.xp = importlib.import_module("cupy")
            if self.shared > 48 * 1024:  # past the default limit, the kernel must ask for it
                self.fn.max_dynamic_shared_size_bytes = self.shared
            if self.shared:  # all of the SM's memory as shared memory, so the blocks all fit
                # (a hint: an older CuPy or driver leaves the choice to the driver)
                with contextlib.suppress(Exception):
                    self.fn.preferred_shared_memory_carveout = 100
            arrays = [self.xp.asarray(a) for a in host]
            self.stack = self.xp.zeros(stack_shape, dtype=np.uint32)
        (self.subs, self.tables, self.tsub, self.state, self.next_task, self.slot_task,
         self.slot_level, self.sums, self.left) = arrays

    def _host(self, a: Any) -> Any:
        return a.copy_to_host() if self.kernel == "numba" else self.xp.asnumpy(a)

    def launch(self, step: int) -> None:
        """Give every slot `step` steps (new tasks taken on the GPU as tasks finish).

        Cost: O(slots * step) on the GPU; returns at once where the GPU queues the launch.

        >>> Device.launch.__name__
        'launch'
        """
        if self.kernel == "numba":
            self.fn[self.grid, self.block](
                self.d, step, self.ntasks, self.next_task, self.slot_task, self.slot_level,
                self.subs, self.tables, self.tsub, self.state, self.stack, self.sums,
                self.left)
            return
        i32, i64 = np.int32, np.int64
        args = (i32(self.d), i64(step), i64(self.ntasks), self.next_task,
                i32(self.slot_task.shape[0]), self.slot_task, self.slot_level, self.subs,
                self.tables, self.tsub, self.state, self.stack, self.sums, self.left)
        # cuda-stack: the frames a thread keeps in shared memory, last
        self.fn((self.grid,), (self.block,), (*args, i32(self.kf)), shared_mem=self.shared)

    def progress(self) -> tuple[Any, Any]:
        """Per constellation: the tasks not yet finished, and the counts so far.

        The counts are `(completions, nodes)`, exact once no task is left. Two small
        copies, whatever the tasks. Cost: O(constellations).

        >>> Device.progress.__name__
        'progress'
        """
        self.wait()
        return self._host(self.left), self._host(self.sums)

    def wait(self) -> None:
        """Wait for the launch in flight in short sleeps, so that Ctrl-C lands at once.

        Ctrl-C lands then rather than when the launch ends (CuPy's stream is queried;
        numba-cuda's copy waits).

        Cost: O(1) work of its own; it waits the launch's time, plus up to a millisecond.

        >>> Device.wait.__name__
        'wait'
        """
        cuda = getattr(self.xp, "cuda", None) if self.kernel != "numba" else None
        current = getattr(cuda, "get_current_stream", None)
        if current is None:
            return
        stream = current()
        while not stream.done:
            time.sleep(WAIT_POLL)
