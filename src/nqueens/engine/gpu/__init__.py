"""The GPU wing: count the engine's subproblems on a CUDA GPU (the `gpu` extra).

What the product uses, re-exported here (`__all__`); each lives in a module with one
job:

* `batch` - `count_batch`, the GPU's
  `nqueens.engine.task.count_batch` (the same items in, the same rows out), and
  which kernel `"auto"` runs (`pick_kernel`);
* `cut` - the host's cut into tasks, `batch_items`, and
  `count_batch_twin`, the same tasks counted by the kernel's CPU twin;
* `device` - numba-cuda and a GPU present
  (`require_gpu`, `device_name`), and a batch's launches;
* `occupancy` - the slots and launch shape that fill a GPU;
* `tuning` - the named constants and `Tuning`, the one
  object of tuning knobs (benchmarks only: the engine runs the defaults).

The kernels themselves are `nqueens.kernels.gpu` (numba-cuda's, tested under its
simulator; its search is `nqueens.kernels.gpu_tasks`, whose CPU build is the twin) and
`nqueens.kernels.gpu_cuda_stack` (CUDA C through CuPy: the one `"auto"` picks on a
GPU). The kernels `"auto"` never picked are in `benchmarks/gpu/lab/`.

>>> count_batch_twin(8, [(0, 2, 0, 3, 0, 1)])[0][:2]   # the kernel's CPU twin: no GPU needed
(8, 1)
"""

from __future__ import annotations

from nqueens.engine.gpu.batch import count_batch, pick_kernel, pick_kernel_soon
from nqueens.engine.gpu.cut import batch_items, count_batch_twin
from nqueens.engine.gpu.device import device_name, require_gpu
from nqueens.engine.gpu.tuning import (
    KERNELS,
    LAUNCH_SECONDS,
    MAX_LAUNCH_SECONDS,
    Tuning,
    default_rows,
)

__all__ = [
    "KERNELS",
    "LAUNCH_SECONDS",
    "MAX_LAUNCH_SECONDS",
    "Tuning",
    "batch_items",
    "count_batch",
    "count_batch_twin",
    "default_rows",
    "device_name",
    "pick_kernel",
    "pick_kernel_soon",
    "require_gpu",
]
