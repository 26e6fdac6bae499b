"""The GPU wing: count the engine's subproblems on a CUDA GPU (the ``gpu`` extra).

What the product uses, re-exported here (:data:`__all__`); each lives in a module with one
job:

* :mod:`~nqueens.engine.gpu.batch` - :func:`count_batch`, the GPU's
  :func:`nqueens.engine.task.count_batch` (the same items in, the same rows out), and
  which kernel ``"auto"`` runs (:func:`pick_kernel`);
* :mod:`~nqueens.engine.gpu.cut` - the host's cut into tasks, :func:`batch_items`, and
  :func:`count_batch_twin`, the same tasks counted by the kernel's CPU twin;
* :mod:`~nqueens.engine.gpu.device` - numba-cuda and a GPU present
  (:func:`require_gpu`, :func:`device_name`), and a batch's launches;
* :mod:`~nqueens.engine.gpu.occupancy` - the slots and launch shape that fill a GPU;
* :mod:`~nqueens.engine.gpu.tuning` - the named constants and :class:`Tuning`, the one
  object of tuning knobs (benchmarks only: the engine runs the defaults).

The kernels themselves are :mod:`nqueens.kernels.gpu` (numba-cuda's, tested under its
simulator; its search is :mod:`nqueens.kernels.gpu_tasks`, whose CPU build is the twin) and
:mod:`nqueens.kernels.gpu_cuda_stack` (CUDA C through CuPy: the one ``"auto"`` picks on a
GPU). The kernels ``"auto"`` never picked are in ``benchmarks/gpu/lab/``.

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
