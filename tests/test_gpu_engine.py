"""The GPU as one more device of the engine: the CLI's --gpu, count(device="gpu"), the ledger,
and the one-line errors where no GPU is present (the kernel runs under numba-cuda's simulator,
in a subprocess)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from _procs import env
from nqueens.engine.split import split
from test_gpu import _sim_env, needs_numba_cuda

from conftest import OEIS, assert_bad_input, run_cli


@needs_numba_cuda
def test_no_gpu_is_one_line_exit_2():
    e = env()
    e.pop("NUMBA_ENABLE_CUDASIM", None)
    proc = subprocess.run([sys.executable, "-c", "import numba.cuda as c; print(c.is_available())"],
                          env=e, capture_output=True, text=True, timeout=120)
    if proc.stdout.strip() != "False":
        pytest.skip("this machine has a CUDA GPU")
    r = run_cli("count", "10", "--gpu")
    assert_bad_input(r, "no CUDA GPU found")


def test_numbas_own_builtin_cuda_is_not_numba_cuda(monkeypatch):
    """numba (0.68) still ships a deprecated ``numba.cuda`` of its own; it is refused."""
    import types

    from nqueens.engine.gpu import require_gpu
    from nqueens.errors import MissingDependencyError

    builtin = types.SimpleNamespace(implementation="Built-in", is_available=lambda: True)
    monkeypatch.setitem(sys.modules, "numba.cuda", builtin)
    with pytest.raises(MissingDependencyError,
                       match=r'needs numba-cuda: pip install "nqueens-toolkit\[gpu\]"'):
        require_gpu()
    monkeypatch.setitem(sys.modules, "numba.cuda", types.SimpleNamespace(
        implementation="NVIDIA", is_available=lambda: True))
    require_gpu()


def test_gpu_with_a_pure_strategy_is_bad_input():
    r = run_cli("count", "8", "--gpu", "--strategy", "arrays")
    assert_bad_input(r, "--gpu cannot be combined with --strategy arrays")


def test_library_rejects_an_unknown_device():
    from nqueens.engine.run import run_count
    from nqueens.errors import NQueensError

    with pytest.raises(NQueensError, match="device must be one of"):
        run_count(8, device="tpu")


@needs_numba_cuda
def test_cli_count_10_gpu_json_is_exact_under_the_simulator():
    proc = subprocess.run([sys.executable, "-m", "nqueens", "count", "10", "--gpu", "--unique",
                           "--json"], env=_sim_env(), capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    assert (record["total"], record["unique"]) == OEIS[10]
    assert record["device"] == "gpu" and record["gpu"] == "simulator"
    assert record["subproblems"] == len(split(10))


@needs_numba_cuda
def test_library_count_on_the_simulated_gpu_with_a_ledger(tmp_path):
    """``count(n, backend=GPUBackend())`` writes a ledger of the CPU engine's job: the CPU engine
    resumes every subproblem from it and gets the OEIS counts."""
    script = (
        "import sys; from nqueens import GPUBackend, count; "
        "print(tuple(count(10, unique=True, backend=GPUBackend(), ledger=sys.argv[1]))[1:])"
    )
    ledger = tmp_path / "n10.sqlite"
    proc = subprocess.run([sys.executable, "-c", script, str(ledger)], env=_sim_env(),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(OEIS[10])
    from nqueens.engine.run import run_count

    r = run_count(10, workers=1, ledger=ledger)
    assert r.resumed == r.subproblems and (r.total, r.unique) == OEIS[10]


@pytest.mark.slow
@needs_numba_cuda
def test_dask_workers_with_a_simulated_gpu_run_the_gpu_batches():
    """A scheduler and a worker whose environment has the simulator as its GPU; the client
    has no GPU at all, so the batches can only have been counted on the worker."""
    pytest.importorskip("distributed", reason="dask.distributed is not installed")
    from test_dask import _free_port

    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    py = [sys.executable, "-m"]
    procs = [subprocess.Popen(
        [*py, "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
         "--no-dashboard"], env=env(), start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        procs.append(subprocess.Popen(
            [*py, "distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny",
             "--no-dashboard", "--host", "127.0.0.1"], env=_sim_env(), start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        from distributed import Client

        client = Client(address, timeout=60)
        try:
            client.wait_for_workers(1, timeout=60)
        finally:
            client.close()
        client_env = env()
        client_env.pop("NUMBA_ENABLE_CUDASIM", None)
        proc = subprocess.run(
            [*py, "nqueens", "count", "11", "--gpu", "--unique", "--json", "--scheduler",
             address], env=client_env, capture_output=True, text=True, timeout=300)
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=30)
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    assert (record["total"], record["unique"]) == OEIS[11]
    assert record["device"] == "gpu" and record["gpu"] is None


# --- one large batch that reports what it finishes as it goes ---------------------------

_PREFIX_SCRIPT = """
import json, sys
from nqueens.engine.gpu import Tuning, count_batch
from nqueens.engine.split import split
from nqueens.engine.task import Stopped

n, stop_after = json.loads(sys.argv[1])
items = [tuple(s) for s in split(n)]

class Flag:
    asked = 0
    def is_set(self):
        self.asked += 1
        return stop_after is not None and self.asked > stop_after

finished, seen, nodes = [], [], []
def tally(k):
    nodes.append(k)
    seen.append(len(finished))
try:
    rows = count_batch(n, items, tuning=Tuning(rows=1, budget=40, slots=8), stop=Flag(),
                       tally=tally, finished=finished)
except Stopped:
    rows = None
print(json.dumps({"rows": rows, "finished": finished, "seen": seen, "nodes": sum(nodes)}))
"""


def _prefix_run(n, stop_after):
    proc = subprocess.run([sys.executable, "-c", _PREFIX_SCRIPT, json.dumps([n, stop_after])],
                          env=_sim_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


_SYMMETRIC_SCRIPT = """
import json, sys, threading
from nqueens.engine import gpu
from nqueens.engine.gpu.device import Device
from nqueens.engine.split import split
from nqueens.engine.task import Stopped

n, stop_first = json.loads(sys.argv[1])
items = [tuple(s) for s in split(n) if s.sym]
launches = []
real_launch = Device.launch
def launch(self, step):
    launches.append(self.ntasks)
    return real_launch(self, step)
Device.launch = launch
flag = threading.Event()
if stop_first:
    flag.set()
finished, nodes = [], []
try:
    rows = gpu.count_batch(n, items, stop=flag, tally=nodes.append, finished=finished)
except Stopped:
    rows = None
print(json.dumps({"rows": rows and [r[:3] for r in rows], "nodes": sum(nodes),
                  "finished": [r[:3] for r in finished], "launches": launches}))
"""


def _symmetric_run(n, stop_first):
    proc = subprocess.run([sys.executable, "-c", _SYMMETRIC_SCRIPT,
                           json.dumps([n, stop_first])],
                          env=_sim_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@needs_numba_cuda
def test_symmetric_items_of_a_gpu_batch_are_counted_on_the_gpu():
    """A batch of symmetric constellations goes to the GPU (its kernel tests no rotation;
    the completions a rotation fixes come from the host's half-board search): exactly the
    CPU kernel's rows, in order, unique classes included."""
    from nqueens.engine.task import count_batch

    n = 12
    got = _symmetric_run(n, False)
    cpu = [list(r[:3]) for r in count_batch(n, [tuple(s) for s in split(n) if s.sym])]
    assert got["rows"] == cpu and got["finished"] == cpu
    assert got["nodes"] == sum(r[2] for r in cpu)
    assert got["launches"] and got["launches"][0] > 0   # their tasks ran on the GPU
    assert sum(r[1] for r in cpu) > 0   # they do carry the unique classes' fixed points


@needs_numba_cuda
def test_a_batch_stopped_before_its_first_launch_hands_out_nothing():
    got = _symmetric_run(12, True)
    assert got["rows"] is None and got["finished"] == [] and got["launches"] == []


@needs_numba_cuda
def test_gpu_batch_hands_out_its_finished_prefix_while_it_runs():
    """The rows of finished items come out in order while the batch runs on (the engine
    records them at once), equal to the CPU kernel's; tally's nodes add up to the rows'."""
    from nqueens.engine.task import count_batch

    n = 9
    got = _prefix_run(n, None)
    cpu = [list(r[:3]) for r in count_batch(n, [tuple(s) for s in split(n)])]
    assert [r[:3] for r in got["rows"]] == cpu
    assert [r[:3] for r in got["finished"]] == cpu
    seen = got["seen"]
    assert seen == sorted(seen) and seen[-1] == len(cpu)
    # rows came out long before the end: some tally saw a part of them
    assert any(0 < k < len(cpu) // 2 for k in seen), seen
    assert got["nodes"] == sum(r[2] for r in cpu)


@needs_numba_cuda
def test_gpu_batch_stopped_keeps_the_finished_prefix_exact():
    from nqueens.engine.task import count_batch

    n = 9
    got = _prefix_run(n, 3)
    assert got["rows"] is None  # stopped
    done = got["finished"]
    cpu = [list(r[:3]) for r in count_batch(n, [tuple(s) for s in split(n)])]
    assert 0 < len(done) < len(cpu)
    assert [r[:3] for r in done] == cpu[:len(done)]


_LEDGER_SCRIPT = """
import functools, json, sys
from nqueens.engine import gpu
from nqueens.engine.gpu import batch, cut
from nqueens.engine.run import run_count
from nqueens.engine.split import split

n, ledger, max_tasks = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
if max_tasks:
    cut.MAX_TASKS = max_tasks
batch._SIM_BUDGET = 16  # many short launches: the count takes a few seconds
items = [tuple(s) for s in split(n)]
size = gpu.batch_items(n, items)
batches = []
real = gpu.count_batch
@functools.wraps(real)  # keeps the signature the engine reads (stop, tally, finished)
def counting(n, items, **kw):
    batches.append(len(items))
    order.extend(items)
    return real(n, items, **kw)
order = []
gpu.count_batch = counting

def progress(p):
    if 0 < p.done < p.total and not max_tasks:
        raise KeyboardInterrupt  # as Ctrl-C would, at the first report of partial work
try:
    r = run_count(n, device="gpu", ledger=ledger, progress=progress)
    out = [r.total, r.unique]
except KeyboardInterrupt:
    out = "interrupted"
print(json.dumps({"size": size, "items": len(items), "batches": batches, "out": out,
                  "order": [items.index(tuple(it)) for it in order]}))
"""


@needs_numba_cuda
def test_engine_gives_the_gpu_one_batch_and_the_ledger_fills_as_it_runs(tmp_path):
    """One simulated GPU, n = 11: the engine hands the GPU all subproblems in one batch,
    the largest (by Knuth's estimate) first;
    interrupted at its first report of partial work, the ledger already holds the finished
    ones, and the CPU engine resumes from them to the OEIS counts."""
    from nqueens.engine.run import run_count

    ledger = tmp_path / "n11.sqlite"
    proc = subprocess.run([sys.executable, "-c", _LEDGER_SCRIPT, "11", str(ledger), "0"],
                          env=_sim_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["size"] == got["items"] and got["batches"] == [got["items"]]
    assert got["out"] == "interrupted"
    # the largest subproblems first, by Knuth's estimate (so the batch ends on small tasks)
    from nqueens.engine.estimate import weigh as _weigh

    sizes = _weigh(11, [tuple(s) for s in split(11)])[0]
    ranked = [sizes[i] for i in got["order"]]
    assert ranked == sorted(sizes, reverse=True)
    assert got["order"] != sorted(got["order"])
    r = run_count(11, workers=1, ledger=ledger)
    assert (r.total, r.unique) == OEIS[11]
    assert 0 < r.resumed < r.subproblems, r.resumed


@needs_numba_cuda
def test_engine_splits_the_gpu_work_by_task_memory(tmp_path):
    """With room for only a few hundred tasks a batch, n = 11 goes out in several batches
    of one size (batch_items'), and the counts stay exact."""
    proc = subprocess.run([sys.executable, "-c", _LEDGER_SCRIPT, "11", str(tmp_path / "l"),
                           "300"], env=_sim_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    batches = got["batches"]
    assert 1 <= got["size"] < got["items"]
    assert len(batches) > 1 and len(set(batches[:-1])) == 1 and batches[-1] <= batches[0]
    assert sum(batches) == got["items"]
    assert got["out"] == list(OEIS[11])


def test_batch_items_bounds_the_tasks_of_a_batch(monkeypatch):
    """batch_items: every item while the tasks fit; with less room, about as many items as
    MAX_TASKS tasks make (measured on a sample: within a factor of two)."""
    import numpy as np

    from nqueens.engine import gpu
    from nqueens.engine.gpu import cut
    from nqueens.kernels.gpu_tasks import expand

    n = 14
    items = [tuple(s) for s in split(n)]
    assert gpu.batch_items(n, items) == len(items)
    d = gpu.default_rows(n)
    all_tasks = expand(n, np.array(items, dtype=np.int64), d)[3][0].shape[0]
    monkeypatch.setattr(cut, "MAX_TASKS", all_tasks // 4)
    k = gpu.batch_items(n, items)
    assert 1 <= k < len(items)
    tasks = expand(n, np.array(items[:k], dtype=np.int64), d)[3][0].shape[0]
    assert cut.MAX_TASKS / 2 <= tasks <= 2 * cut.MAX_TASKS, (k, tasks)


_REFILL_SCRIPT = """
import json, sys
from nqueens.engine import gpu
from nqueens.engine.gpu.device import Device
from nqueens.engine.split import split

launches = []
real = Device.launch
def launch(self, step):
    launches.append(step)
    return real(self, step)
Device.launch = launch
n = int(sys.argv[1])
items = [tuple(s) for s in split(n)]
rows = gpu.count_batch(n, items, tuning=gpu.Tuning(rows=2, slots=4, budget=1 << 40))
print(json.dumps({"rows": [r[:3] for r in rows], "launches": len(launches)}))
"""


@needs_numba_cuda
def test_a_slot_takes_its_next_task_on_the_gpu_without_waiting_for_the_launch_to_end():
    """Four slots with an unbounded step budget count all of n = 9's tasks (many more than
    four) in a single launch: each thread takes task after task from the atomic counter."""
    from nqueens.engine.task import count_batch

    n = 9
    proc = subprocess.run([sys.executable, "-c", _REFILL_SCRIPT, str(n)], env=_sim_env(),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["launches"] == 1
    assert [tuple(r) for r in got["rows"]] == [r[:3] for r in
                                               count_batch(n, [tuple(s) for s in split(n)])]


_VARIANT_SCRIPT = """
import json, sys
from nqueens.engine.gpu import Tuning, count_batch
from nqueens.engine.split import split
n = 10
items = [tuple(s) for s in split(n)]
out = {}
for block, regs in ((32, None), (64, 40), (None, 255)):
    tuning = Tuning(block=block, max_registers=regs, budget=64)
    out[f"{block}/{regs}"] = [r[:3] for r in count_batch(n, items, tuning=tuning)]
print(json.dumps(out))
"""


@needs_numba_cuda
def test_kernel_variants_count_the_same():
    """The tuning knobs (threads a block, a register limit) change no answer."""
    from nqueens.engine.task import count_batch

    proc = subprocess.run([sys.executable, "-c", _VARIANT_SCRIPT], env=_sim_env(),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    cpu = [r[:3] for r in count_batch(10, [tuple(s) for s in split(10)])]
    for key, rows in json.loads(proc.stdout).items():
        assert [tuple(r) for r in rows] == cpu, key


@pytest.mark.parametrize("kwargs,message", [
    ({"block": 100}, "block must be a multiple of 32 from 32 to 1024, got 100"),
    ({"block": 2048}, "block must be a multiple of 32"),
    ({"block": True}, "block must be a multiple of 32"),
    ({"max_registers": 8}, "max_registers must be an integer from 16 to 255, got 8"),
    ({"max_registers": 64.0}, "max_registers must be an integer from 16 to 255"),
])
def test_kernel_variant_knobs_are_checked_before_any_gpu(kwargs, message):
    from nqueens.engine.gpu import Tuning
    from nqueens.errors import NQueensError

    with pytest.raises(NQueensError, match=message):
        Tuning(**kwargs)


_POOL_SCRIPT = """
import concurrent.futures as cf, functools, json
from nqueens.engine import gpu
from nqueens.engine.run import run_count

sizes = []
real = gpu.count_batch
@functools.wraps(real)
def counting(n, items, **kw):
    sizes.append(len(items))
    return real(n, items, **kw)
gpu.count_batch = counting
with cf.ThreadPoolExecutor(1) as pool:  # the simulator launches from one thread at a time
    r = run_count(10, device="gpu", executor=pool, workers=1)
print(json.dumps({"sizes": sizes, "subproblems": r.subproblems, "out": [r.total, r.unique]}))
"""


@needs_numba_cuda
def test_workers_with_gpus_get_two_large_batches_each():
    """Through an executor (as Dask's; one worker), the GPU batches are not the CPU's small
    timed ones: two a worker, and the counts are exact."""
    proc = subprocess.run([sys.executable, "-c", _POOL_SCRIPT], env=_sim_env(),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["out"] == list(OEIS[10])
    assert sum(got["sizes"]) == got["subproblems"]
    assert len(got["sizes"]) == 2 and min(got["sizes"]) >= got["subproblems"] // 2
