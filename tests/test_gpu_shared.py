"""The shared-memory CUDA C kernel (:mod:`nqueens.kernels.gpu_cuda_shared`), built as C++
for the CPU and driven as the GPU drives it, against the CPU kernel; its tables, its stack
depth, its launch through ``count_batch`` (a stand-in for CuPy) and the kernel choice."""

from __future__ import annotations

import ctypes
import json
import shutil
import subprocess
import sys

import numpy as np
import pytest

from nqueens.engine.split import split
from nqueens.kernels import gpu_tasks
from nqueens.kernels.gpu_cuda_shared import (
    HOST_ENTRY,
    HOST_SHIM,
    SOURCE,
    frames,
    pack_tables,
)
from test_gpu import FAKE_CUPY, _sim_env, drive_slots, needs_numba_cuda


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


_FAKE_CUPY = FAKE_CUPY + """
rows = count_batch(n, items, kernel="cuda-shared", budget=5, slots=40, block=32)
deep = count_batch(n, items, kernel="cuda-shared", budget=5, slots=40, block=32,
                   shared_frames=1)   # every frame past the first in global memory
print(json.dumps({"rows": [r[:3] for r in rows], "deep": [r[:3] for r in deep],
                  "launches": launches}))
"""


@needs_numba_cuda
def test_count_batch_drives_the_shared_kernel_with_the_right_arguments(tmp_path):
    """``count_batch(kernel="cuda-shared")`` through a stand-in for CuPy that runs the
    kernel built for the CPU: the packed tables, the shared memory asked for (whole frames
    for every thread of the block), the argument order and the resumed searches give the
    CPU engine's rows."""
    from nqueens.engine.task import count_batch

    lib = _build(tmp_path)
    n = 10
    proc = subprocess.run([sys.executable, "-c", _FAKE_CUPY, str(lib), str(n)],
                          env=_sim_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [tuple(r) for r in out["rows"]] == [r[:3] for r in
                                              count_batch(n, [tuple(s) for s in split(n)])]
    assert out["deep"] == out["rows"]
    assert len(out["launches"]) > 1
    assert all(shared > 0 for _grid, _block, shared in out["launches"])
    assert {shared for _grid, _block, shared in out["launches"]} > {16 * 32}   # kf 1 too


def test_occupancy_blocks_follow_the_shared_memory_rule():
    """Against a plain count: blocks fit while their shared memory and 1 KB each do."""
    from nqueens.engine.gpu import occupancy_blocks

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
    from nqueens.engine.gpu import frames_in_shared, occupancy_blocks

    for blocks in range(1, 17):
        for nframes in range(1, 20):
            got = frames_in_shared(128, nframes, blocks)
            assert 1 <= got <= nframes
            if got > 1:   # it fits, and one more (if wanted) would not
                assert occupancy_blocks(32, 128, shared=16 * 128 * got) >= min(blocks, 16)
            if got < nframes:
                assert blocks * (16 * 128 * (got + 1) + 1024) > 233472
