"""The laboratory's CUDA C kernels (``cuda-c``, :mod:`gpu_cuda`, and ``cuda-shared``,
:mod:`gpu_cuda_shared`), built as C++ for the CPU and driven as the GPU drives them, against
the CPU kernel; the shared-memory kernel's tables, stack depth and occupancy.

The engine never picked either (``cuda-stack`` replaced them); they stay here as the record
of what was measured. Run with ``pytest benchmarks/gpu/lab`` (not part of the suite)."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_cuda_shared import (
    HOST_ENTRY,
    HOST_SHIM,
    SOURCE,
    frames,
    frames_in_shared,
    pack_tables,
)

from nqueens.engine.split import split
from nqueens.kernels import gpu_tasks
from test_gpu import drive_slots


def _build(tmp_path, *flags):
    cxx = shutil.which("g++") or shutil.which("c++")
    if cxx is None:
        pytest.skip("no C++ compiler to build the kernel for the CPU")
    src = tmp_path / "shared.cpp"
    src.write_text(HOST_SHIM + SOURCE + HOST_ENTRY)
    lib = tmp_path / "shared.so"
    subprocess.run([cxx, "-O2", "-shared", "-fPIC", "-Wall", "-Werror", *flags, "-o",
                    str(lib), str(src)], check=True, capture_output=True, text=True)
    return lib


def _items(n):
    # every constellation: the symmetric ones' tasks too (their fixed points are the host's)
    return np.array([tuple(s) for s in split(n)], np.int64).reshape(-1, 6)


def _drive(step, n, d, budget, nframes=None):
    """Every task of n cut at d through the kernel's slots (``drive_slots``), with
    ``nframes`` frames a slot in "shared memory" (default all it can need); a fault is a
    write past them."""
    items = _items(n)
    if nframes is None:
        subs = gpu_tasks.expand(n, items, d)[0]
        nframes = frames(subs[subs[:, 3] == 1], d)
    return drive_slots(step, n, d, budget, items, pack=pack_tables,
                       last=(ctypes.c_int(nframes),), returns=True)


@pytest.mark.parametrize("predicated", [1, 0])
@pytest.mark.parametrize("n,d,budget", [(8, 1, 1 << 40), (9, 2, 3), (10, 0, 5), (11, 2, 4),
                                         (12, 2, 1 << 40), (13, 3, 7), (14, 3, 1000)])
def test_shared_kernel_built_for_the_cpu_counts_as_the_cpu_kernel(tmp_path, n, d, budget,
                                                                  predicated):
    """Completions and nodes of every constellation equal the CPU kernel's, with searches
    stopped every few tries and resumed from the saved stack, and no slot ever deeper than
    :func:`frames` (the canary past them is intact); both shapes of step."""
    lib = _build(tmp_path, f"-DNQ_PREDICATED={predicated}")
    step = ctypes.CDLL(str(lib)).step_slots_shared
    got, want, launches, overflow, (slot_task, taken, ntasks, left) = _drive(step, n, d,
                                                                              budget)
    assert not overflow
    assert (got == want).all()
    assert (slot_task == -1).all() and not left.any() and taken >= ntasks
    assert launches > 1 or budget > 1000


@pytest.mark.parametrize("predicated", [1, 0])
@pytest.mark.parametrize("kf", [1, 2, 3])
def test_frames_past_the_shared_ones_go_to_global_memory(tmp_path, predicated, kf):
    """With fewer shared-memory frames than the deepest stack, the deeper frames wait in S:
    the counts are still exact (nodes too), resumed launch after launch, and no slot
    writes past its kf frames (the canary after them is intact)."""
    lib = _build(tmp_path, f"-DNQ_PREDICATED={predicated}")
    step = ctypes.CDLL(str(lib)).step_slots_shared
    items = _items(13)
    subs = gpu_tasks.expand(13, items, 2)[0]
    assert frames(subs[subs[:, 3] == 1], 2) > kf          # so the deep frames are used
    for budget in (1 << 40, 5):
        got, want, _launches, overflow, _rest = _drive(step, 13, 2, budget, kf)
        assert not overflow
        assert (got == want).all()


def test_pack_tables_holds_each_levels_gap_and_next_mask():
    """q[s, k] = gap_k << 27 | mask_k+1, read back against the cut's tables entry by entry;
    0 past the last free row."""
    items = _items(13)
    subs, tables, _host, _tasks = gpu_tasks.expand(13, items, 2)
    q = pack_tables(tables)
    assert q.shape == (len(items), 32) and q.dtype == np.uint32
    for s in range(len(items)):
        f = int(subs[s, 0])
        for k in range(32):
            gap = int(tables[s, 1, k]) if k < f - 1 else 0
            mask = int(tables[s, 0, k + 1]) if k + 1 < f else 0
            assert int(q[s, k]) == gap << 27 | mask, (s, k)


def test_frames_bound_the_levels_left_with_squares():
    """Levels d .. f-3 can wait on the stack (f-2 is the last row's parent: never pushed)."""
    subs = np.array([[17, 0, 1, 1], [18, 0, 1, 1], [5, 0, 0, 0]])
    assert frames(subs, 3) == 13
    assert frames(subs[:0], 3) == 1


def test_occupancy_blocks_follow_the_shared_memory_rule():
    """Against a plain count: blocks fit while their shared memory and 1 KB each do."""
    from nqueens.engine.gpu.occupancy import occupancy_blocks

    for nframes in range(1, 24):
        for block in (64, 128, 256):
            shared = 16 * block * nframes
            blocks, used = 0, 0
            while used + shared + 1024 <= 233472:
                used += shared + 1024
                blocks += 1
            want = min(blocks, 2048 // block, 32)
            assert occupancy_blocks(32, block, shared=shared) == want, (nframes, block)


@pytest.mark.parametrize("predicated", [1, 0])
def test_shared_kernel_compiles_with_nvcc_without_local_memory(tmp_path, predicated):
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        pytest.skip("nvcc is not installed")
    src = tmp_path / "shared.cu"
    src.write_text(SOURCE)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", f"-DNQ_PREDICATED={predicated}",
                           "-Xptxas", "-v", "-o", str(tmp_path / "k.cubin"), str(src)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "0 bytes stack frame" in proc.stderr
    assert "0 bytes spill stores" in proc.stderr


def test_frames_in_shared_fill_what_the_registers_leave():
    """Against a plain count: the most frames that let the register-bound number of
    blocks fit, with 1 KB each; never more than the stack needs, never less than one."""
    from nqueens.engine.gpu.occupancy import occupancy_blocks

    for blocks in range(1, 17):
        for nframes in range(1, 20):
            got = frames_in_shared(128, nframes, blocks)
            assert 1 <= got <= nframes
            if got > 1:   # it fits, and one more (if wanted) would not
                assert occupancy_blocks(32, 128, shared=16 * 128 * got) >= min(blocks, 16)
            if got < nframes:
                assert blocks * (16 * 128 * (got + 1) + 1024) > 233472


# --- the CUDA C twin of numba-cuda's kernel (cuda-c) ----------------------------------


def _build_cuda_c_on_host(tmp_path):
    import ctypes
    import shutil

    from gpu_cuda import HOST_SHIM as C_HOST_SHIM
    from gpu_cuda import SOURCE as C_SOURCE

    cxx = shutil.which("g++") or shutil.which("c++")
    if cxx is None:
        pytest.skip("no C++ compiler to build the CUDA C twin for the CPU")
    src = tmp_path / "step_slots.cpp"
    src.write_text(C_HOST_SHIM + C_SOURCE)
    lib = tmp_path / "step_slots.so"
    subprocess.run([cxx, "-O2", "-shared", "-fPIC", "-Wall", "-Werror", "-o", str(lib),
                    str(src)], check=True, capture_output=True, text=True)
    return ctypes.CDLL(str(lib)).step_slots


@pytest.mark.parametrize("n,d,budget", [(8, 1, 1 << 40), (9, 2, 3), (10, 0, 5), (11, 2, 4),
                                         (12, 2, 1 << 40)])
def test_cuda_c_twin_built_for_the_cpu_counts_as_the_cpu_kernel(tmp_path, n, d, budget):
    """The CUDA C source, compiled as C++ for the CPU and driven like the GPU (slots
    advanced by a step budget until every task is done), adds up to the CPU kernel's
    completions, fixed points and nodes for every constellation."""
    step = _build_cuda_c_on_host(tmp_path)
    got, want, launches, _fault, (slot_task, taken, ntasks, left) = drive_slots(
        step, n, d, budget, _items(n))
    assert (slot_task == -1).all() and not left.any()   # every task finished
    assert taken >= ntasks
    assert (got == want).all()
    assert launches > 1 or budget > 1000


def test_cuda_c_twin_compiles_with_nvcc(tmp_path):
    import shutil

    from gpu_cuda import SOURCE

    nvcc = shutil.which("nvcc")
    if nvcc is None:
        pytest.skip("nvcc is not installed")
    src = tmp_path / "step_slots.cu"
    src.write_text(SOURCE)
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", "-Xptxas", "-v", "-o",
                           str(tmp_path / "k.cubin"), str(src)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "0 bytes spill stores" in proc.stderr
