"""The CUDA C kernel that keeps every frame on its shared-memory stack
(:mod:`nqueens.kernels.gpu_cuda_stack`), built as C++ for the CPU and driven as the GPU
drives it, against the CPU kernel; its tables and stack depth, its launch through
``count_batch`` (a stand-in for CuPy), the engine running it, and its GPU build."""

from __future__ import annotations

import ctypes
import json
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

from nqueens.engine.split import split
from nqueens.kernels import gpu_tasks
from nqueens.kernels.gpu_cuda_common import pack_tables
from nqueens.kernels.gpu_cuda_stack import HOST_ENTRY, HOST_SHIM, SOURCE, frames, pair_tables
from test_gpu import FAKE_CUPY, _sim_env, drive_slots, needs_numba_cuda

from conftest import OEIS, load_benchmark


def _build(tmp, planes, unroll=1):
    cxx = shutil.which("g++") or shutil.which("c++")
    if cxx is None:
        pytest.skip("no C++ compiler to build the kernel for the CPU")
    src = tmp / "stack.cpp"
    src.write_text(HOST_SHIM + SOURCE + HOST_ENTRY)
    lib = tmp / f"stack{planes}{unroll}.so"
    subprocess.run([cxx, "-O2", "-shared", "-fPIC", "-Wall", "-Werror",
                    f"-DNQ_PLANES={planes}", f"-DNQ_UNROLL={unroll}", "-o", str(lib),
                    str(src)], check=True, capture_output=True, text=True)
    return lib


_BUILDS = [(0, 1), (1, 1), (0, 2), (1, 2), (0, 4)]


@pytest.fixture(scope="module", params=_BUILDS,
                ids=["frames", "planes", "frames-unroll2", "planes-unroll2", "frames-unroll4"])
def built(request, tmp_path_factory):
    """The kernel built for the CPU (one slot at a time, a canary past its frames), its
    frames whole and in two halves (``NQ_PLANES``), one try a turn of its loop and more
    (``NQ_UNROLL``, with its sentinel frame); ``(lib, unroll)``."""
    planes, unroll = request.param
    return _build(tmp_path_factory.mktemp("stack"), planes, unroll), unroll


@pytest.fixture(scope="module")
def step(built):
    """The CPU build's entry and the frames a slot needs beyond :func:`frames` (the
    sentinel's)."""
    lib, unroll = built
    return ctypes.CDLL(str(lib)).step_slots_stack, int(unroll > 1)


def _items(n):
    # every constellation: the symmetric ones' tasks too (their fixed points are the host's)
    return np.array([tuple(s) for s in split(n)], np.int64).reshape(-1, 6)


def _frames_needed(n, d):
    subs = gpu_tasks.expand(n, _items(n), d)[0]
    return frames(subs[subs[:, 3] == 1], d)


def _drive(step, n, d, budget, nframes):
    fn, sentinel = step
    return drive_slots(fn, n, d, budget, _items(n),
                       pack=lambda t: pair_tables(pack_tables(t)),
                       last=(ctypes.c_int(nframes + sentinel),), returns=True)


@pytest.mark.parametrize("n,d,budget", [(8, 1, 1 << 40), (9, 2, 3), (10, 0, 5), (11, 2, 4),
                                         (11, 1, 1), (12, 2, 1 << 40), (13, 3, 7),
                                         (14, 3, 1000)])
@pytest.mark.slow
def test_stack_kernel_built_for_the_cpu_counts_as_the_cpu_kernel(step, n, d, budget):
    """Completions and nodes of every constellation equal the CPU kernel's, with searches
    stopped every few tries (every try, at budget 1; every turn of two or four tries) and
    resumed from the stacks saved in S, and no slot deeper than :func:`frames` and the
    sentinel's frame (the canary past them is intact)."""
    got, want, launches, overflow, (slot_task, taken, ntasks, left) = _drive(
        step, n, d, budget, _frames_needed(n, d))
    assert not overflow
    assert (got == want).all()
    assert (slot_task == -1).all() and not left.any() and taken >= ntasks
    assert launches > 1 or budget > 1000


@pytest.mark.parametrize("n,d", [(12, 2), (13, 3), (14, 3)])
@pytest.mark.slow
def test_frames_are_all_a_stack_needs_and_no_more(step, n, d):
    """One frame fewer than :func:`frames` and some slot writes past its stack (the canary
    catches it): the bound is tight where a constellation reaches its last free row."""
    overflow = _drive(step, n, d, 1 << 40, _frames_needed(n, d) - 1)[3]
    assert overflow


def test_the_gpu_and_the_cpu_build_run_the_same_lop3_tables():
    """The bit operations are nq_lop3<TABLE> calls shared by both builds: on the GPU one
    ``lop3.b32`` with the table as its immediate, on the CPU the same table evaluated
    minterm by minterm, so the CPU build's exact counts (above) check the GPU's tables
    (a wrong one, 0x22 for 0x20, makes those counts fail). No other lop3 is written."""
    calls = re.findall(r"nq_lop3<(0x[0-9A-Fa-f]+)u>", SOURCE)
    assert sorted(calls) == ["0x20", "0x30", "0xF8"]
    assert SOURCE.count('asm("lop3.b32') == 1
    assert '"n"(LUT)' in SOURCE     # the immediate is the template's table, as on the CPU


def test_the_cpu_build_shifts_as_cudas_funnel_shifts_do(tmp_path):
    """Both builds shift through nq_funnel_l/r(lo, hi, s): CUDA's __funnelshift_l/_r on the
    GPU and, on the CPU, their definition (hi:lo shifted by s & 31, the high or the low
    word), which this test holds to that definition for every shift a table entry holds
    with a mask above it; the exact counts above then run the GPU's argument order."""
    assert "#define nq_funnel_l __funnelshift_l" in SOURCE
    assert "#define nq_funnel_r __funnelshift_r" in SOURCE
    cxx = shutil.which("g++") or shutil.which("c++")
    if cxx is None:
        pytest.skip("no C++ compiler")
    probe = HOST_SHIM + SOURCE + r"""
extern "C" unsigned probe(int right, unsigned lo, unsigned hi, unsigned s)
{
    return right ? nq_funnel_r(lo, hi, s) : nq_funnel_l(lo, hi, s);
}
"""
    src, lib = tmp_path / "probe.cpp", tmp_path / "probe.so"
    src.write_text(probe)
    subprocess.run([cxx, "-O2", "-shared", "-fPIC", "-o", str(lib), str(src)],
                   check=True, capture_output=True, text=True)
    fn = ctypes.CDLL(str(lib)).probe
    fn.restype = ctypes.c_uint32
    fn.argtypes = [ctypes.c_int] + [ctypes.c_uint32] * 3
    rng = np.random.default_rng(11)
    for _ in range(300):
        lo, hi = (int(v) for v in rng.integers(0, 1 << 32, 2, dtype=np.uint64))
        s = int(rng.integers(0, 1 << 27)) << 5 | int(rng.integers(0, 32))
        wide = hi << 32 | lo
        assert fn(0, lo, hi, s) == ((wide << (s & 31)) >> 32) & 0xFFFFFFFF
        assert fn(1, lo, hi, s) == (wide >> (s & 31)) & 0xFFFFFFFF


def test_pair_tables_put_each_level_beside_the_next():
    """Entry k of a constellation's table is (q[k], q[k + 1]), read back against
    :func:`pack_tables` entry by entry, each as the kernel reads it: the row's mask in bits
    5 to 31 over the shift to it (q: the shift in bits 27 to 31 over the mask); the last
    pairs with 0."""
    subs, tables, _host, _tasks = gpu_tasks.expand(12, _items(12), 2)
    q = pack_tables(tables)
    q2 = pair_tables(q)
    assert q2.shape == (len(subs), 32, 2) and q2.dtype == np.uint32
    assert q2.flags.c_contiguous
    def entry(v: int) -> int:
        shift, mask = v >> 27, v & ((1 << 27) - 1)
        assert shift < 32 and mask < 1 << 27
        return (mask << 5) | shift

    assert int(q[:, 0].max()) > 0   # shifts and masks there to move
    # the kernel pushes no child on the last free row only because the look-ahead entry
    # of the level before it (free rows - 2) has no open column
    for n, d in ((12, 2), (13, 3), (14, 1)):
        subs_n, tables_n = gpu_tasks.expand(n, _items(n), d)[:2]
        q2_n = pair_tables(pack_tables(tables_n))
        leaf = subs_n[:, 0].astype(np.int64) - 2
        assert (q2_n[np.arange(len(subs_n)), leaf, 1] >> 5 == 0).all()
        assert (q2_n[np.arange(len(subs_n)), leaf, 0] >> 5 != 0).any()
    for s in range(len(subs)):
        for k in range(32):
            assert int(q2[s, k, 0]) == entry(int(q[s, k]))
            assert int(q2[s, k, 1]) == (entry(int(q[s, k + 1])) if k < 31 else 0)


def test_frames_count_the_levels_from_the_cut_to_the_last_rows_parent():
    """Levels d .. f-2 each hold a frame (the current one included); f-1 is counted."""
    subs = np.array([[17, 0, 1, 1], [18, 0, 1, 1], [5, 0, 0, 0]])
    assert frames(subs, 3) == 18 - 1 - 3
    assert frames(subs[:1], 0) == 16


_FAKE_CUPY = FAKE_CUPY + """
import time
phases, whole_phases = {}, {}
t0 = time.perf_counter()
unroll = int(sys.argv[3])
from nqueens.engine.gpu import Tuning
rows = count_batch(n, items, kernel="cuda-stack", phases=phases,
                   tuning=Tuning(budget=5, slots=40, block=32, unroll=unroll))
wall = time.perf_counter() - t0
whole = count_batch(n, items, kernel="cuda-stack", phases=whole_phases,
                    tuning=Tuning(slots=7, block=32, budget=1 << 40, unroll=unroll))
print(json.dumps({"rows": [r[:3] for r in rows], "whole": [r[:3] for r in whole],
                  "launches": launches, "phases": phases, "whole_phases": whole_phases,
                  "wall": wall}))
"""


@needs_numba_cuda
@pytest.mark.parametrize("unroll", [1, 2])
def test_count_batch_drives_the_stack_kernel_with_the_right_arguments(tmp_path, unroll):
    """``count_batch(kernel="cuda-stack")`` through a stand-in for CuPy that runs the kernel
    built for the CPU: the paired tables, the shared memory asked for (every frame for
    every thread of the block, and the sentinel's with two tries a turn), the argument
    order and the resumed searches give the CPU engine's rows, launch after launch or in
    one."""
    from nqueens.engine.task import count_batch

    lib = _build(tmp_path, 0, unroll)
    n = 10
    proc = subprocess.run([sys.executable, "-c", _FAKE_CUPY, str(lib), str(n), str(unroll)],
                          env=_sim_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    want = [list(r[:3]) for r in count_batch(n, [tuple(s) for s in split(n)])]
    assert out["rows"] == want and out["whole"] == want
    assert len(out["launches"]) > 2
    # where the time went: every launch counted, the parts within the batch's wall time,
    # the tail (fewer tasks left than slots) a part of the launches' time
    ph, whole = out["phases"], out["whole_phases"]
    arr = np.array([tuple(s) for s in split(n)], dtype=np.int64).reshape(-1, 6)
    ntasks = gpu_tasks.expand(n, arr, 1, False)[3][0].shape[0]
    assert ph["tasks"] == whole["tasks"] == ntasks > 40
    assert ph["launches"] == len(out["launches"]) - whole["launches"] and whole["launches"] == 1
    assert 0 < ph["underfull"] < ph["gpu"]
    assert whole["underfull"] == whole["gpu"] > 0   # one launch, which ends with none left
    assert all(ph[k] >= 0 for k in ("cut", "setup")) and min(ph["cut"], ph["setup"]) > 0
    assert ph["cut"] + ph["setup"] + ph["gpu"] <= out["wall"]
    kf = _frames_needed(n, 1) + (unroll > 1)  # n = 10 places one row on the host
    assert {(block, shared) for _grid, block, shared in out["launches"]} == {
        (32, 16 * 32 * kf)}   # 7 slots too: a whole warp (frames are laid out a warp at a time)


_FAKE_ENGINE = FAKE_CUPY + """
import functools
from nqueens.engine import gpu
from nqueens.engine.run import run_count

tuning = gpu.Tuning(slots=16, block=32, budget=3, planes=True)
r = run_count(n, device="gpu", task=functools.partial(gpu.count_batch, kernel="cuda-stack",
                                                      tuning=tuning))
print(json.dumps({"total": r.total, "unique": r.unique, "device": r.device,
                  "kernels": sorted({s for _g, _b, s in launches})}))
"""


@needs_numba_cuda
def test_the_engine_runs_a_chosen_gpu_kernel(tmp_path):
    """``run_count(device="gpu", task=partial(count_batch, kernel=...))``: the engine hands
    its GPU batches to that kernel (here the stack kernel through the stand-in for CuPy)
    and its totals are the OEIS counts."""
    lib = _build(tmp_path, 1)   # the planes build: the stand-in ignores the options
    n = 11
    proc = subprocess.run([sys.executable, "-c", _FAKE_ENGINE, str(lib), str(n)],
                          env=_sim_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["total"], out["unique"]) == tuple(OEIS[n])
    assert out["device"] == "gpu" and out["kernels"] and all(out["kernels"])


_FAKE_CHECK = FAKE_CUPY + """
import warnings
from nqueens.engine.gpu import batch as gpu

with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    ok = gpu.stack_kernel_checked()
    first = len(launches)
    again = gpu.stack_kernel_checked()
print(json.dumps({"ok": ok, "again": again, "first": first, "launches": len(launches),
                  "shared": sorted({shared for _grid, _block, shared in launches}),
                  "warnings": [str(w.message) for w in seen]}))
"""


@needs_numba_cuda
@pytest.mark.parametrize("broken", ["", "both", "unroll2"],
                         ids=["sound", "miscounting", "miscounting-two-tries-a-turn"])
def test_a_kernel_that_miscounts_fails_its_self_check(tmp_path, broken):
    """``stack_kernel_checked`` runs the kernel (here built for the CPU, through the stand-in
    for CuPy, which runs the build of the options it is given) over every subproblem of
    n = 10 with one try a turn and with two, and holds its rows to the CPU kernel's, once
    a process: sound builds pass without a word; a build whose squares-left table is wrong
    (0x3C for 0x30) fails, with a warning, so ``"auto"`` would not pick it, and so does a
    fault in the two-tries build alone (a sentinel that attacks nothing, so that its tries
    push children)."""
    libs = {}
    for unroll in (1, 2):
        source = SOURCE
        if broken == "both":
            assert "nq_lop3<0x30u>" in source
            source = source.replace("nq_lop3<0x30u>", "nq_lop3<0x3Cu>")
        if broken == "unroll2":
            sentinel = "nq_store(empty, make_uint4(~0u, ~0u, ~0u, ~0u));"
            assert sentinel in source
            source = source.replace(sentinel, "nq_store(empty, make_uint4(0u, 0u, 0u, ~0u));")
        src = tmp_path / f"stack{unroll}.cpp"
        src.write_text(HOST_SHIM + source + HOST_ENTRY)
        libs[unroll] = tmp_path / f"stack{unroll}.so"
        subprocess.run([shutil.which("g++") or "c++", "-O2", "-shared", "-fPIC",
                        f"-DNQ_UNROLL={unroll}", "-o", str(libs[unroll]), str(src)],
                       check=True, capture_output=True, text=True)
    env = {**_sim_env(), "NQ_FAKE_BUILDS": json.dumps({"-DNQ_UNROLL=2": str(libs[2])})}
    proc = subprocess.run([sys.executable, "-c", _FAKE_CHECK, str(libs[1]), "10"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] is (not broken) and out["again"] is (not broken)
    assert out["launches"] == out["first"] >= 2   # it ran, once (cached after)
    if broken != "both":   # both builds: the two-tries one asks for the sentinel's frame too
        assert len(out["shared"]) == 2 and out["shared"][1] - out["shared"][0] == 16 * 32
    if broken:
        assert len(out["warnings"]) == 1 and "failed its self-check" in out["warnings"][0]
    else:
        assert out["warnings"] == []


_LOOPS = {   # the memory instructions and the branch of one try, in order
    0: ["LDS.128", "LDG.E.64.CONSTANT", "STS", "STS.128", "BRA"],
    1: ["LDS.64", "LDS.64", "LDG.E.64.CONSTANT", "STS", "STS.64", "STS.64", "BRA"],
}


@pytest.mark.parametrize("planes,unroll", [(0, 1), (1, 1), (0, 2), (1, 2)],
                         ids=["frames", "planes", "frames-unroll2", "planes-unroll2"])
@pytest.mark.slow
def test_stack_kernel_compiles_with_nvcc_to_a_lean_loop(tmp_path, planes, unroll):
    """nvcc (sm_90): no local memory, and the loop of one try is one block of straight
    code - the frame's shared load (one 16-byte, or two 8-byte halves), a 4-byte shared
    store, one 8-byte table load, a predicated push and one branch back - in at most 29
    instructions, 31 in planes (so with CUDA 13.0; 30 and 32 while the count tested the
    open row again; 37 and 39 before the shifts went into the low bits of the table's
    entries and the bit work into one LOP3 an operation; the cuda-shared kernel's measured
    86 a try is what it answers). With two tries a turn: one branch for both, at most 28
    and 30 instructions a try (27.5 and 29.5 with CUDA 13.0)."""
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        pytest.skip("nvcc is not installed")
    src = tmp_path / "stack.cu"
    src.write_text(SOURCE)
    cubin = tmp_path / "k.cubin"
    proc = subprocess.run([nvcc, "-arch=sm_90", "-cubin", f"-DNQ_PLANES={planes}",
                           f"-DNQ_UNROLL={unroll}", "-Xptxas", "-v", "-o", str(cubin),
                           str(src)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "0 bytes stack frame" in proc.stderr
    assert "0 bytes spill stores" in proc.stderr
    cuobjdump = shutil.which("cuobjdump")
    if cuobjdump is None:
        return
    sass = subprocess.run([cuobjdump, "-sass", str(cubin)], capture_output=True, text=True,
                          timeout=300)
    if sass.returncode != 0:   # cuobjdump without nvdisasm
        return
    code = load_benchmark("bench_gpu_ab").loop_of_tries(sass.stdout)  # the loop of tries
    loop = [c.split()[1] if c.startswith("@") else c.split()[0] for c in code]
    assert len(loop) <= unroll * (29 + 2 * planes) - (unroll - 1) * 2, code
    pushes = [c for c in code if re.search(r"STS\.(64|128)", c)]
    assert pushes and all(c.startswith("@P") for c in pushes)   # the push, predicated
    if unroll == 1:
        assert [op for op in loop if op[:3] in ("LDS", "STS", "LDG", "BRA")] == \
            _LOOPS[planes], code
    else:   # each try's table load and push, one branch back
        assert loop.count("LDG.E.64.CONSTANT") == unroll and loop.count("BRA") == 1, code
        assert len(pushes) == unroll * (1 + planes), code


def test_stack_block_keeps_the_most_warps_resident():
    """Against a plain count of the blocks that fit an SM (registers in units of 256 a
    warp, 64 K of them, 2,048 threads, 32 blocks, 228 KB of shared memory and 1 KB more a
    block): the block chosen keeps as many warps as the best of 64, 128 and 256, and 128
    wherever 128 does as well; ``stack_warps`` is that many, and ``stack_unroll`` takes
    two tries a turn exactly where one frame more a thread (the sentinel's) keeps as
    many."""
    from nqueens.engine.gpu.occupancy import stack_block, stack_unroll, stack_warps

    def warps(regs, block, nframes):
        per_block = 16 * block * nframes + 1024
        per_warp_regs = -(-regs * 32 // 256) * 256
        blocks = 0
        while ((blocks + 1) * per_block <= 233472 and (blocks + 1) * block <= 2048
               and blocks + 1 <= 32 and (blocks + 1) * (block // 32) * per_warp_regs <= 65536):
            blocks += 1
        return blocks * block // 32

    for regs in (24, 32, 40, 64):
        for nframes in range(1, 23):
            got = stack_block(regs, nframes)
            best = max(warps(regs, b, nframes) for b in (64, 128, 256))
            assert warps(regs, got, nframes) == best, (regs, nframes, got)
            if warps(regs, 128, nframes) == best:
                assert got == 128
            assert stack_warps(regs, nframes) == best
            # two tries a turn exactly where the sentinel's frame costs no warps
            more = max(warps(regs, b, nframes + 1) for b in (64, 128, 256))
            assert stack_unroll(regs, nframes) == (2 if more == best else 1)
    assert {stack_unroll(32, f) for f in range(1, 23)} == {1, 2}   # both occur


@pytest.mark.parametrize("knobs", [{"planes": 1}, {"planes": "yes"}, {"planes": None},
                                   {"unroll": 3}, {"unroll": 2.0}, {"unroll": True},
                                   {"unroll": "2"}, {"unroll": 0}])
def test_the_layout_knobs_take_only_their_values(knobs):
    """Checked when the tuning is made, before any GPU is looked for: one clear error,
    whatever the machine."""
    from nqueens.engine.gpu import Tuning
    from nqueens.errors import NQueensError

    with pytest.raises(NQueensError, match=r"must be True or False|must be 1, 2 or 4"):
        Tuning(**knobs)


def test_auto_picks_the_stack_kernel_where_cupy_sees_a_gpu(monkeypatch):
    """CuPy with a device and a compiler: the cuda-stack kernel, up to n = 27; else
    numba-cuda's."""
    import types

    from nqueens.engine import gpu
    from nqueens.engine.gpu import batch as pick
    from nqueens.kernels import gpu_cuda_stack

    monkeypatch.delenv("NUMBA_ENABLE_CUDASIM", raising=False)
    count = {"value": 1}
    compiles = {"value": True}

    class Kernel:
        @property
        def attributes(self):
            if not compiles["value"]:
                raise RuntimeError("nvrtc: not found")
            return {"num_regs": 40}

    fake = types.SimpleNamespace(cuda=types.SimpleNamespace(runtime=types.SimpleNamespace(
        getDeviceCount=lambda: count["value"])))
    monkeypatch.setitem(sys.modules, "cupy", fake)
    monkeypatch.setattr(gpu_cuda_stack, "raw_kernel",
                        lambda max_registers=None, planes=False, unroll=1: Kernel())
    checked = {"value": True}
    monkeypatch.setattr(pick, "stack_kernel_checked", lambda: checked["value"])
    assert gpu.pick_kernel(21) == "cuda-stack"
    checked["value"] = False                   # it miscounts on this GPU
    assert gpu.pick_kernel(21) == "numba"
    checked["value"] = True
    compiles["value"] = False                  # CuPy without a working compiler
    assert gpu.pick_kernel(21) == "numba"
    compiles["value"] = True
    assert gpu.pick_kernel(27) == "cuda-stack"
    assert gpu.pick_kernel(28) == "numba"
    count["value"] = 0
    assert gpu.pick_kernel(21) == "numba"
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "1")
    count["value"] = 1
    assert gpu.pick_kernel(21) == "numba"


def _slow_pick(monkeypatch, fail_first=False):
    """pick_kernel's parts faked as on a machine with a GPU and CuPy, its self-check slow
    (0.3 s) and watched: ``calls`` holds (start, end) of each self-check, ``overlapped``
    whether one began while another ran."""
    import threading
    import time
    import types

    from nqueens.engine.gpu import batch as pick

    monkeypatch.setattr(pick, "simulated", lambda: False)
    monkeypatch.setattr(pick, "_cupy_sees_a_gpu", lambda: True)
    monkeypatch.setattr(pick, "raw_kernel", lambda *a, **k: types.SimpleNamespace(
        attributes={"num_regs": 32}))
    seen = {"calls": [], "overlapped": False, "busy": False}
    lock = threading.Lock()

    def check():
        with lock:
            seen["overlapped"] |= seen["busy"]
            seen["busy"] = True
        start = time.perf_counter()
        time.sleep(0.3)
        with lock:
            seen["busy"] = False
            seen["calls"].append((start, time.perf_counter()))
            if fail_first and len(seen["calls"]) == 1:
                raise RuntimeError("the driver went away")
        return True

    monkeypatch.setattr(pick, "stack_kernel_checked", check)
    return seen


def test_pick_kernel_waits_for_the_pick_already_under_way(monkeypatch):
    """``pick_kernel_soon`` starts the pick on a thread and returns at once; a
    ``pick_kernel`` meanwhile waits for it rather than picking beside it (the two
    self-checks never overlap, the caller's begins after the thread's has ended)."""
    import time

    from nqueens.engine import gpu

    seen = _slow_pick(monkeypatch)
    gpu.pick_kernel_soon(21)
    assert seen["calls"] == []               # returned before its self-check ended
    time.sleep(0.05)                         # the thread is in its self-check
    assert gpu.pick_kernel(21) == "cuda-stack"
    assert len(seen["calls"]) == 2 and not seen["overlapped"]
    (_s1, e1), (s2, _e2) = seen["calls"]
    assert s2 >= e1


def test_a_background_pick_that_fails_says_nothing(monkeypatch):
    """The thread's error is not printed (no thread traceback); the caller's own pick
    runs again and meets whatever there is to meet."""
    import threading
    import time

    from nqueens.engine import gpu

    raised = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(args))
    seen = _slow_pick(monkeypatch, fail_first=True)
    gpu.pick_kernel_soon(21)
    time.sleep(0.05)
    assert gpu.pick_kernel(21) == "cuda-stack"
    assert len(seen["calls"]) == 2 and raised == []


_CUT_WHILE_PICKING = """
import json, sys
from nqueens.engine.gpu import batch
from nqueens.engine.split import split

n, guess = int(sys.argv[1]), sys.argv[2]
order = []
real_expand, real_rows = batch.expand, batch.default_rows
batch.pick_kernel_soon = lambda n: order.append("soon")
batch.likely_kernel = lambda n: guess
batch.default_rows = lambda n, kernel="numba": 2 if kernel == "cuda-stack" else 1
batch.expand = lambda n, arr, d, **kw: order.append(f"cut {d}") or real_expand(n, arr, d, **kw)
batch.pick_kernel = lambda n: order.append("pick") or "numba"
items = [tuple(s) for s in split(n)]
rows = batch.count_batch(n, items)
print(json.dumps({"order": order, "rows": [r[:3] for r in rows]}))
"""


@needs_numba_cuda
@pytest.mark.parametrize("guess", ["numba", "cuda-stack"])
def test_count_batch_cuts_while_the_kernel_is_picked(guess):
    """``kernel="auto"``: the pick starts on its thread, the host cuts at the rows of the
    kernel it will most likely pick, and only then waits for the pick; where the pick is
    another kernel with other rows, it cuts again at those. The rows are the CPU kernel's
    either way (numba-cuda's simulator counting)."""
    from nqueens.engine.task import count_batch

    n = 9
    proc = subprocess.run([sys.executable, "-c", _CUT_WHILE_PICKING, str(n), guess],
                          env=_sim_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    again = ["cut 1"] if guess == "cuda-stack" else []
    assert out["order"] == ["soon", f"cut {2 if guess == 'cuda-stack' else 1}", "pick",
                            *again]
    assert out["rows"] == [list(r[:3]) for r in count_batch(n, [tuple(s) for s in split(n)])]
