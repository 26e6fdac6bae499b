"""GPU counting: the host-side cut, the task search (CPU twin), and the CUDA kernel itself
run by numba-cuda's simulator (``NUMBA_ENABLE_CUDASIM=1``, in a subprocess, since the
simulator is chosen when numba.cuda is first imported)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest

from _oeis import OEIS
from _procs import env
from nqueens.completion import count_completions
from nqueens.engine.gpu import count_batch_twin, default_rows
from nqueens.engine.split import split
from nqueens.engine.task import count_batch
from nqueens.kernels import gpu_tasks
from nqueens.kernels.constellations import constellation_masks, count_subproblem

try:
    # the product's own test: numba's deprecated built-in ``numba.cuda`` does not count
    from nqueens.engine.gpu.device import numba_cuda

    numba_cuda()
    HAVE_NUMBA_CUDA = True
except ImportError:  # pragma: no cover - the [gpu-sim] extra is not installed
    HAVE_NUMBA_CUDA = False

needs_numba_cuda = pytest.mark.skipif(
    not HAVE_NUMBA_CUDA, reason='numba-cuda is not installed (pip install ".[gpu-sim]")'
)


def _items(n):
    return np.array([tuple(s) for s in split(n)], np.int64).reshape(-1, 6)


def _cut_and_count(n, d, budget=gpu_tasks.NO_BUDGET):
    """Per constellation ``(completions, fixed90, fixed180, nodes)``: host share + tasks."""
    items = _items(n)
    subs, tables, host, (tsub, state, pre) = gpu_tasks.expand(n, items, d)
    out = np.zeros((tsub.shape[0], 4), np.int64)
    gpu_tasks.count_tasks(d, subs, tables, tsub, state, out, budget)
    sums = host.copy()
    np.add.at(sums, tsub, out)
    return items, sums, (subs, tsub, state, pre, out)


# --- the host-side cut, checked against the CPU engine's kernel for every n up to 14 ---------


@pytest.mark.parametrize("n", range(4, 15))
def test_cut_adds_up_to_the_constellation_kernel_exactly(n):
    """Host share plus tasks = the CPU kernel's completions, fixed points and nodes, for
    every constellation, at several cut depths (nodes too: the same search, cut)."""
    depths = range(5) if n <= 11 else sorted({1, default_rows(n), 3})
    want = np.array([count_subproblem(n, *row[:4], row[4]) for row in _items(n)],
                    np.int64).reshape(-1, 4)
    for d in depths:
        _, sums, _ = _cut_and_count(n, d)
        assert (sums == want).all(), (n, d, np.nonzero((sums != want).any(axis=1))[0][:5])


@pytest.mark.parametrize("n", range(6, 12))
@pytest.mark.parametrize("budget", [1, 2, 7, 100])
def test_searches_stopped_every_few_steps_and_resumed_add_up_the_same(n, budget):
    """The GPU stops every task after a step budget and resumes it in the next launch; the
    twin does the same, and the sums do not change, nodes included."""
    want = np.array([count_subproblem(n, *row[:4], row[4]) for row in _items(n)],
                    np.int64).reshape(-1, 4)
    _, sums, _ = _cut_and_count(n, 2, budget)
    assert (sums == want).all()


@pytest.mark.parametrize("n", range(4, 15))
def test_twin_rows_match_the_cpu_engine_and_oeis(n):
    items = [tuple(s) for s in split(n)]
    twin = count_batch_twin(n, items)
    cpu = count_batch(n, items)
    assert [r[:3] for r in twin] == [r[:3] for r in cpu]
    if n >= 4:
        assert (sum(r[0] for r in twin), sum(r[1] for r in twin)) == OEIS[n]


@pytest.mark.parametrize("n", [8, 9])
def test_each_task_counts_the_completions_of_its_partial_board(n):
    """An independent oracle per task: the completion module's exhaustive count of the
    border queens plus the task's placed queens equals what the task search found."""
    d = 2
    items, _, (subs, tsub, _state, pre, out) = _cut_and_count(n, d)
    assert len(tsub) > 0
    deeper = 0
    for t in range(len(tsub)):
        top, bottom, left, right = (int(v) for v in items[tsub[t], :4])
        _, free = constellation_masks(n, top, bottom, left, right)
        cut = d + len(free) - int(subs[tsub[t], 0])  # a corner's one row deeper
        deeper += cut > d
        assert int(subs[tsub[t], 0]) == n - 4 and not pre[t, cut:].any()
        placed = {(0, top), (n - 1, bottom), (left, 0), (right, n - 1)}
        placed |= {(int(free[k]), int(pre[t, k]).bit_length() - 1) for k in range(cut)}
        assert len(placed) == 4 + cut - (len(free) - (n - 4))  # a corner queen is two
        assert out[t, 0] == count_completions(n, sorted(placed)), (t, placed)
    assert deeper > 0


@pytest.mark.parametrize("n", range(8, 15))
def test_corner_constellations_are_cut_one_row_deeper(n):
    """Every task of a batch has n - 4 free rows below the cut: a corner constellation (a
    0 among its border queens: one free row more) is cut one row deeper, its tables shifted
    by that row (the sums of every cut are checked above)."""
    items = _items(n)
    items = items[items[:, 4] == 0]
    for d in sorted({1, default_rows(n)}):
        subs, tables, _host, (tsub, _state, pre) = gpu_tasks.expand(n, items, d)
        cut = subs[:, 3] == 1
        assert (subs[cut, 0] == n - 4).all()
        corner = [s for s in np.nonzero(cut)[0] if 0 in items[s, :4]]
        assert corner
        for s in np.nonzero(cut)[0]:
            allowed, free = constellation_masks(n, *(int(v) for v in items[s, :4]))
            lift = 1 if s in corner else 0
            assert len(free) == n - 4 + lift
            assert tables[s, 2, :n - 4].tolist() == free[lift:].tolist()
            assert tables[s, 0, :n - 4].tolist() == [int(allowed[r]) for r in free[lift:]]
            assert tables[s, 1, :n - 5].tolist() == np.diff(free[lift:]).tolist()
            mine = pre[tsub == s]
            assert mine[:, :d + lift].all() and not mine[:, d + lift:].any()


@pytest.mark.parametrize("n", range(7, 15))  # n = 6's are too shallow to cut
def test_symmetric_constellations_go_to_the_gpu_and_their_fixed_points_stay_on_the_host(n):
    """A symmetric constellation is cut into tasks like any other: the tasks (which test no
    rotation) count its completions and nodes, and the host's share holds the completions
    the rotation fixes - the CPU kernel's, found by the half-board search (n = 12, 13 have
    quarter-turn constellations, every n >= 7 half-turn ones)."""
    items = _items(n)
    _, sums, (subs, tsub, _state, _pre, out) = _cut_and_count(n, default_rows(n))
    host = sums.copy()
    np.subtract.at(host, tsub, out)
    sym = items[:, 4] != 0
    assert sym.any() and sym[tsub].any() and subs[sym, 3].all()
    assert not out[:, 1:3].any()  # no task counts a fixed point
    want = np.array([count_subproblem(n, *row[:4], row[4]) for row in items[sym]])
    assert (host[sym, 1:3] == want[:, 1:3]).all() and (sums[sym] == want).all()
    assert want[:, 2].any() and (n not in (12, 13) or want[:, 1].any())


@pytest.mark.parametrize("cores", [1, 3, 8])
def test_the_cut_on_several_threads_is_the_one_call_cut(monkeypatch, cores):
    """The GPU executor cuts a batch in chunks on every core (each chunk's tasks counted,
    then written into its slice of arrays made once): the same arrays as one call of
    expand (task owners shifted to the batch's numbering), the symmetric constellations'
    fixed points and the queens above the cut included or left out alike."""
    from nqueens.engine import executors
    from nqueens.engine.gpu.cut import expand

    monkeypatch.setattr(executors, "cpu_count", lambda: cores)
    items = _items(14)
    assert (items[:, 4] != 0).any()
    for d in (2, 3):
        for with_pre in (True, False):
            subs, tables, host, (tsub, state, pre) = gpu_tasks.expand(14, items, d, with_pre)
            got = expand(14, items, d, with_pre)
            for a, b in zip(got, (subs, tables, host, tsub, state, pre), strict=True):
                assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)
    assert host[:, 1:3].any()   # fixed points found, in the chunks as in the one call


def test_the_counting_pass_counts_the_tasks_the_filling_pass_writes():
    """``count_cut`` (the first pass, nothing written) and the tasks ``expand_into`` writes
    (the second) agree for every cut depth, corner and symmetric constellations included:
    the arrays sized by the first are exactly filled by the second (a task past them
    would be a write out of bounds, which the JIT-less run of the kernel tests catches)."""
    for n in (8, 11, 14):
        items = _items(n)
        for d in range(4):
            nt = gpu_tasks.count_cut(n, items, d)
            tsub = np.full(nt + 1, -1, np.int32)        # one task more: it stays unwritten
            state = np.zeros((nt + 1, 4), np.uint32)
            pre = np.zeros((nt + 1, d + 1), np.uint32)
            gpu_tasks.expand_into(n, items, d, True, tsub, state, pre)
            assert (tsub[:nt] >= 0).all() and tsub[nt] == -1
            assert nt == gpu_tasks.expand(n, items, d)[3][0].shape[0]
            assert nt > 0 or n == 8   # n = 8 is too shallow to cut at depth 2 or 3


def test_cut_is_deterministic_and_ordered_by_constellation():
    a = gpu_tasks.expand(12, _items(12), 2)
    b = gpu_tasks.expand(12, _items(12), 2)
    tsub = a[3][0]
    assert len(tsub) > 1000
    assert (np.diff(tsub) >= 0).all()
    for x, y in zip(a[:3] + a[3], b[:3] + b[3], strict=True):
        assert np.array_equal(x, y)


def test_default_rows_grow_with_n():
    for kernel in ("numba", "cuda-stack"):
        rows = [default_rows(n, kernel) for n in range(1, 29)]
        assert rows == sorted(rows) and rows[0] >= 1 and rows[-1] <= 3, kernel
    # cuda-stack keeps two rows where numba's takes three (n = 18..20), as measured
    assert [default_rows(n, "cuda-stack") for n in (17, 18, 20, 21)] == [2, 2, 2, 3]
    assert [default_rows(n, "numba") for n in (17, 18, 20, 21)] == [2, 3, 3, 3]


# --- errors without a GPU ---------------------------------------------------------------


def test_missing_numba_cuda_is_one_clear_error(monkeypatch):
    from nqueens.engine import gpu

    monkeypatch.setitem(sys.modules, "numba.cuda", None)
    from nqueens.errors import MissingDependencyError

    with pytest.raises(MissingDependencyError, match=r'install "nqueens-toolkit\[gpu\]"') as err:
        gpu.require_gpu()
    assert isinstance(err.value, ImportError)


# --- the CUDA kernel under numba-cuda's simulator ----------------------------------------


def _sim_env():
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1"
    return e


_SIM_SCRIPT = """
import json, sys
from nqueens.engine.gpu import Tuning, count_batch
from nqueens.engine.split import split
out = {}
for n, rows, budget, slots in json.loads(sys.argv[1]):
    items = [tuple(s) for s in split(n)]
    rows_out = count_batch(n, items, tuning=Tuning(rows=rows, budget=budget, slots=slots))
    out[f"{n}/{rows}/{budget}/{slots}"] = [r[:3] for r in rows_out]
print(json.dumps(out))
"""


def _simulate(cases):
    proc = subprocess.run([sys.executable, "-c", _SIM_SCRIPT, json.dumps(cases)],
                          env=_sim_env(), capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@needs_numba_cuda
def test_simulated_kernel_counts_every_subproblem_as_the_cpu_kernel():
    """n = 8..10: every constellation's total, unique and nodes from the CUDA kernel (run by
    the simulator) equal the CPU engine's; cut at several depths; with the default budget
    and slots, and with tasks stopped every 3 steps in 5 slots (many launches, tasks resumed
    and slots refilled); the sums are the OEIS counts."""
    cases = [[n, rows, None, None] for n in (8, 9, 10) for rows in (0, 1, 2)]
    cases += [[9, 1, 3, 5], [10, 2, 3, 5]]
    got = _simulate(cases)
    for n, rows, budget, slots in cases:
        rows_gpu = [tuple(r) for r in got[f"{n}/{rows}/{budget}/{slots}"]]
        cpu = [r[:3] for r in count_batch(n, [tuple(s) for s in split(n)])]
        assert rows_gpu == cpu, (n, rows, budget, slots)
        assert (sum(r[0] for r in rows_gpu), sum(r[1] for r in rows_gpu)) == OEIS[n]


_ASYNC_SCRIPT = """
import json
import numpy as np
from nqueens.engine import gpu
from nqueens.engine.gpu import batch
from nqueens.engine.split import split

class Clock:  # the batch's clock: only the stand-in GPU moves it
    t = 0.0

    @staticmethod
    def perf_counter():
        return Clock.t

STEP_SECONDS, WORK = 1e-6, 80_000_000  # a step a slot lasts 1 us; every task ends at WORK
launches = []

class AsyncDevice:  # as a GPU: a launch is queued at once, reading its results waits for it
    def __init__(self, kernel, d, grid, size, tables, *rest):
        self.tasks = tables[4].copy()
        self.done = self.queued = 0

    def launch(self, step):
        Clock.t += 1e-5  # queueing the launch
        self.queued = step

    def progress(self):
        Clock.t += self.queued * STEP_SECONDS
        launches.append([self.queued, self.queued * STEP_SECONDS])
        self.done, self.queued = self.done + self.queued, 0
        left = self.tasks if self.done < WORK else np.zeros_like(self.tasks)
        return left, np.zeros((self.tasks.shape[0], 2), np.int64)

batch.Device, batch.time = AsyncDevice, Clock
batch.rows_from = lambda *args: []  # its counts are not the test's: no rows weighed
gpu.count_batch(9, [tuple(s) for s in split(9)], kernel="numba")
print(json.dumps({"launches": launches, "first": gpu.LAUNCH_SECONDS,
                  "cap": gpu.MAX_LAUNCH_SECONDS}))
"""


@needs_numba_cuda
def test_launches_grow_from_launch_seconds_to_the_cap_when_the_gpu_runs_them_asynchronously():
    """On a GPU a launch returns before the kernel has run, and only reading its results
    waits for it: the step budget must be scaled by that wait (launch to results), or it
    grows 4x a launch without end. A stand-in GPU with its own clock (1 us a step) runs
    80 s of work: the launches settle at ``LAUNCH_SECONDS``, then each lasts about twice
    the one before, and none lasts longer than ``MAX_LAUNCH_SECONDS``."""
    proc = subprocess.run([sys.executable, "-c", _ASYNC_SCRIPT], env=_sim_env(),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    first, cap, seconds = out["first"], out["cap"], [s for _step, s in out["launches"]]
    assert sum(seconds) >= 80.0
    assert max(seconds) <= 1.01 * cap
    settled = next(i for i, s in enumerate(seconds) if s >= 0.9 * first)
    assert 0.9 * first <= seconds[settled] <= 1.01 * first, seconds
    growing = seconds[settled:-1]
    for before, after in itertools.pairwise(growing):
        assert 0.9 * min(2 * before, cap) <= after <= 1.01 * min(2 * before, cap), seconds
    assert growing[-1] >= 0.9 * cap, seconds  # the cap is reached, and held


# --- the CUDA C twin (CuPy RawKernel source) ----------------------------------------------


def drive_slots(step, n, d, budget, items, *, pack=None, last=(), returns=False):
    """Drive a CUDA C kernel built for the CPU (``step``) as the GPU executor does: every task
    of ``items`` cut at ``d``, in a third as many slots, launch after launch until every
    task is finished. ``pack`` turns the cut's tables into the kernel's, ``last`` are extra
    arguments after the others, and ``returns`` says the kernel returns 1 on a fault (which
    stops the drive). Returns the sums added to the host's share, the CPU kernel's answer,
    the launches, whether a launch reported a fault, and ``(slot_task, next_task, ntasks,
    left)``."""
    import ctypes

    subs, tables, host, (tsub, state, _pre) = gpu_tasks.expand(n, items, d)
    if pack is not None:
        tables = pack(tables)
    ntasks = len(tsub)
    nslots = max(1, ntasks // 3)  # each slot takes several tasks in turn
    depth = max(1, int(subs[:, 0].max()) - d)
    next_task = np.zeros(1, np.int64)
    slot_task = np.full(nslots, -1, np.int64)
    slot_level = np.zeros(nslots, np.int64)
    stack = np.zeros((depth, 4, nslots), np.uint32)
    sums = np.zeros((len(items), 2), np.int64)
    left = np.bincount(tsub, minlength=len(items)).astype(np.int64)
    tsub32 = np.ascontiguousarray(tsub, np.int32)

    def ptr(a):
        return a.ctypes.data_as(ctypes.c_void_p)

    launches, fault = 0, False
    while left.any() and not fault:
        assert (left >= 0).all()
        got = step(ctypes.c_int(d), ctypes.c_longlong(budget), ctypes.c_longlong(ntasks),
                   ptr(next_task), ctypes.c_int(nslots), ptr(slot_task), ptr(slot_level),
                   ptr(subs), ptr(tables), ptr(tsub32), ptr(state), ptr(stack), ptr(sums),
                   ptr(left), *last)
        fault = returns and bool(got)
        launches += 1
        assert launches < 10**6
    total = host.copy()
    total[:, 0] += sums[:, 0]
    total[:, 3] += sums[:, 1]
    want = np.array([count_subproblem(n, *row[:4], row[4]) for row in items],
                    np.int64).reshape(-1, 4)
    return total, want, launches, fault, (slot_task, next_task[0], ntasks, left)


FAKE_CUPY = """
import ctypes, json, os, sys, types
import numpy as np

lib = ctypes.CDLL(sys.argv[1])   # a CUDA C kernel built for the CPU
# builds for other options: {"-DNQ_UNROLL=2": path, ...} (else every option gets lib's)
builds = {k: ctypes.CDLL(v) for k, v in json.loads(os.environ.get("NQ_FAKE_BUILDS", "{}")).items()}
launches = []                    # (grid, block, shared memory) of every launch


class RawKernel:
    def __init__(self, source, name, options=()):
        self.fn = getattr(next((builds[o] for o in options if o in builds), lib), name)
        self.attributes = {"num_regs": 34}

    def __call__(self, grid, block, args, shared_mem=0):
        conv = []
        for a in args:
            if isinstance(a, np.ndarray):
                assert a.flags.c_contiguous
                conv.append(a.ctypes.data_as(ctypes.c_void_p))
            elif isinstance(a, np.int32):
                conv.append(ctypes.c_int(int(a)))
            elif isinstance(a, np.int64):
                conv.append(ctypes.c_longlong(int(a)))
            else:
                raise TypeError(type(a))
        launches.append((grid[0], block[0], shared_mem))
        if shared_mem:   # cuda-shared: kf frames for every thread, and no write past them
            assert shared_mem == 16 * block[0] * int(args[-1])
            assert self.fn(*conv) == 0
        else:
            self.fn(*conv)


cupy = types.ModuleType("cupy")
cupy.RawKernel = RawKernel
cupy.asarray = np.ascontiguousarray
cupy.asnumpy = np.array
cupy.zeros = np.zeros
sys.modules["cupy"] = cupy

from nqueens.engine.gpu import count_batch
from nqueens.engine.split import split

n = int(sys.argv[2])
items = [tuple(s) for s in split(n)]
"""
"""A stand-in for CuPy that runs a kernel built for the CPU (argv: the library, n; the
environment's ``NQ_FAKE_BUILDS``, a JSON object, may name a library for an option such as
``-DNQ_UNROLL=2``); the tests add the count_batch calls and the printing."""

# --- how many slots fill the GPU ----------------------------------------------------------


@needs_numba_cuda
def test_resident_slots_are_the_blocks_every_sm_keeps_resident(monkeypatch):
    """numba's kernel: the occupancy calculator's blocks (all SMs) times the block size;
    CuPy's: the same rule worked out from its registers and the device's limits; anything
    unreadable falls back to the fixed SLOTS."""
    import types

    from nqueens.engine.gpu import occupancy as gpu
    from nqueens.engine.gpu.tuning import SLOTS
    from nqueens.kernels import gpu as kernel

    asked = []

    class Compiled:
        def max_cooperative_grid_blocks(self, block):
            asked.append(block)
            return 132 * 7

    monkeypatch.setattr(kernel.step_slots, "compile",
                        lambda sig: Compiled() if sig == kernel.SIGNATURE else None)
    gpu.resident_slots.cache_clear()
    assert gpu.resident_slots("numba") == 132 * 7 * kernel.BLOCK
    assert asked == [kernel.BLOCK]

    def broken(sig):
        raise RuntimeError("no occupancy calculator")

    monkeypatch.setattr(kernel.step_slots, "compile", broken)
    gpu.resident_slots.cache_clear()
    assert gpu.resident_slots("numba") == SLOTS

    attrs = {"MaxRegistersPerMultiprocessor": 65536, "MaxThreadsPerMultiProcessor": 2048,
             "MaxBlocksPerMultiprocessor": 32, "MultiProcessorCount": 132}
    fake = types.SimpleNamespace(cuda=types.SimpleNamespace(
        Device=lambda: types.SimpleNamespace(attributes=attrs)))
    monkeypatch.setitem(sys.modules, "cupy", fake)
    from nqueens.engine.gpu import device

    # the CUDA C kernel: 13 frames of 16 bytes a thread bound it to 8 blocks an SM
    monkeypatch.setattr(device, "raw_kernel",
                        lambda max_registers=None, planes=False, unroll=1:
                        types.SimpleNamespace(attributes={"num_regs": 40}))
    attrs.update(MaxSharedMemoryPerMultiprocessor=233472, ReservedSharedMemoryPerBlock=1024)
    gpu.resident_slots.cache_clear()
    assert gpu.resident_slots("cuda-stack", 128, None, 128 * 13 * 16) == 132 * 8 * 128
    assert gpu.resident_slots("cuda-stack", 128, None, 0) == 132 * 12 * 128  # registers
    gpu.resident_slots.cache_clear()


def test_occupancy_blocks_follow_the_register_rule():
    """Against a plain count: warps fit while their registers (in units of 256 a warp) do."""
    from nqueens.engine.gpu.occupancy import occupancy_blocks

    for regs in range(1, 256):
        for block in (32, 64, 128, 256):
            warps, used = 0, 0
            unit = ((regs * 32 + 255) // 256) * 256
            while used + unit <= 65536 and warps < 64:
                used += unit
                warps += 1
            want = min(warps // (block // 32), 2048 // block, 32)
            assert occupancy_blocks(regs, block) == want, (regs, block)


_NO_ROW_STACK = """
import importlib, sys, warnings
warnings.simplefilter("ignore")
import numpy as np
if hasattr(np, "row_stack"):
    del np.row_stack        # as numpy 2.5 has it
if sys.argv[1] == "bare":   # numba-cuda's numpy support, loaded as it is
    try:
        importlib.import_module("numba.cuda.np.arrayobj")
    except AttributeError as err:
        print("failed:", err)
else:                       # through the kernel module, which loads it first
    import nqueens.kernels.gpu  # noqa: F401
    print("loaded" if "numba.cuda.np.arrayobj" in sys.modules else "not loaded",
          hasattr(np, "row_stack"))
"""


@needs_numba_cuda
def test_numba_cuda_loads_without_numpys_row_stack():
    """numpy 2.5 removed ``np.row_stack``, which numba-cuda 0.30.4's numpy support still
    registers: loaded bare it fails (on an H100 every kernel compilation stopped there);
    through ``nqueens.kernels.gpu`` it loads, and numpy is left without the alias."""
    e = {k: v for k, v in env().items() if k != "NUMBA_ENABLE_CUDASIM"}
    bare = subprocess.run([sys.executable, "-c", _NO_ROW_STACK, "bare"], env=e,
                          capture_output=True, text=True, timeout=300)
    ours = subprocess.run([sys.executable, "-c", _NO_ROW_STACK, "ours"], env=e,
                          capture_output=True, text=True, timeout=300)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout.split() == ["loaded", "False"]
    if "failed:" not in bare.stdout:   # a numba-cuda that no longer needs the alias
        pytest.skip("this numba-cuda loads without np.row_stack by itself")
    assert "row_stack" in bare.stdout
