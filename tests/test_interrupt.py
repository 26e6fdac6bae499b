"""Ctrl-C and SIGTERM stop every long command within a second, and the sliced kernels count
exactly what the unsliced ones do.

The kernels work in bounded slices (a node or step budget, their state kept in arrays), so
Python regains control between slices. The first half checks that cutting the work into
slices of any size (1 node included) changes no result; the second sends SIGINT at a random
moment of real commands and checks the exit status, the time to stop, the process group and
the output files.
"""

from __future__ import annotations

import functools
import os
import random
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from _procs import live_processes, proc_stat, start_cli
from nqueens.analysis import estimate as est
from nqueens.analysis import stats
from nqueens.large import local
from nqueens.strategies import bitmask

from conftest import OEIS, SRC
from naive import naive_promising_levels

BUDGETS = (1, 2, 3, 17, 1000, 1 << 62)
"""Slice sizes: 1 node per call up to one call for everything."""


# -- sliced kernels give the unsliced results ----------------------------------------------


@pytest.mark.parametrize("budget", BUDGETS)
def test_sliced_count_is_exact(budget):
    ns = range(1, 11) if budget > 2 else range(1, 9)
    assert [bitmask.count(n, budget=budget) for n in ns] == [OEIS[n][0] for n in ns]
    assert bitmask.count_unique(8, budget=budget) == OEIS[8]


@pytest.mark.parametrize("budget", BUDGETS)
def test_sliced_enumeration_is_the_same_stream(budget):
    whole = list(bitmask.solutions_allowed(8, [255] * 8, budget=1 << 62))
    assert len(whole) == 92
    for batch in (1, 5, 1024):
        assert list(bitmask.solutions_allowed(8, [255] * 8, batch=batch, budget=budget)) == whole
    allowed = [255, 0b100, 255, 255, 255, 255, 255, 0b11110111]
    expect = [p for p in whole if p[1] == 2 and p[7] != 3]
    assert list(bitmask.solutions_allowed(8, allowed, budget=budget)) == expect
    assert bitmask.count_allowed(8, allowed, budget=budget) == len(expect)


@functools.cache
def _naive_levels(n: int) -> tuple[int, ...]:
    return tuple(naive_promising_levels(n))


@pytest.mark.parametrize("budget", BUDGETS)
def test_sliced_levels_and_first_tries(budget):
    for n in range(1, 7):
        assert stats._levels(n, budget) == _naive_levels(n)
    for n in range(7, 11):
        assert stats._levels(n, budget) == stats._levels(n, 1 << 62)
    whole = [stats._first_tries(n, 1 << 62) for n in range(1, 13)]
    assert whole[:8] == [1, 6, 18, 26, 15, 171, 42, 876]  # the Python event stream's counts
    assert [stats._first_tries(n, budget) for n in range(1, 13)] == whole


def test_first_tries_match_the_event_stream():
    from nqueens.trace import events

    for n in range(1, 10):
        tried = sum(e.kind == "try" for e in events(n, until="first"))
        assert stats._first_tries(n, 5) == tried


@pytest.mark.parametrize("steps", (1, 7, 60, 1000, 1 << 62))
def test_sliced_probes_do_not_depend_on_the_slices(steps):
    for n in (1, 4, 9, 30):
        whole = est._probes(n, 500, 11, 1 << 62)
        assert np.array_equal(est._probes(n, 500, 11, steps), whole)
    other = est._probes(9, 500, 12, 1 << 62)
    assert not np.array_equal(est._probes(9, 500, 11, steps), other)  # the seed matters


def test_estimate_progress_reports_every_slice():
    seen: list[tuple[int, int]] = []
    est.estimate(10, trials=10_000, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (10_000, 10_000)
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})


def test_tree_stats_progress_counts_first_row_columns():
    seen: list[tuple[int, int]] = []
    s = stats.tree_stats(9, progress=lambda d, t: seen.append((d, t)))
    assert s.levels == stats._levels(9, 1 << 62)
    assert seen[-1] == (5, 5)  # four mirrored columns and the middle one


@pytest.mark.parametrize("steps", (1, 3, 50, 4096, 1 << 62))
def test_sliced_local_search_does_not_depend_on_the_slices(steps):
    from nqueens.large.verify import verify_cols

    for n, seed in ((4, 1), (8, 2), (50, 3), (700, 4)):
        whole = local._search(seed, n, 1 << 62)
        sliced = local._search(seed, n, steps)
        assert np.array_equal(sliced, whole)
        assert verify_cols(sliced).ok


def test_construct_blocks_do_not_change_the_board(monkeypatch):
    from nqueens.large import construct as c
    from nqueens.large.verify import verify_cols

    sizes = (4, 5, 8, 9, 14, 20, 26, 27, 98, 99, 1000, 1001)
    whole = {n: c.construct(n) for n in sizes}
    assert all(verify_cols(cols).ok for cols in whole.values())
    for chunk in (1, 3, 64):
        monkeypatch.setattr(c, "CHUNK", chunk)
        assert all(np.array_equal(c.construct(n), whole[n]) for n in sizes)


# -- real commands stop on Ctrl-C ------------------------------------------------------------


def _cpu_seconds(pid: int) -> float:
    fields = proc_stat(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.fixture(scope="module")
def startup_cpu() -> float:
    """CPU seconds a warm short command spends before and after its (tiny) work."""
    proc = start_cli("stats", "5")
    usage = 0.0
    while proc.poll() is None:
        try:
            usage = _cpu_seconds(proc.pid)
        except OSError:
            break
        time.sleep(0.01)
    assert proc.wait(timeout=120) == 0
    return usage


STOP_WITHIN = 1.5
"""Seconds a command has from the signal to its exit (a second, and room for a busy box)."""


def _interrupt(args: list[str], startup: float, *, sig: int = signal.SIGINT,
               seed: int = 0) -> tuple[int, str, str]:
    """Start the CLI, let it work a random moment past its start-up, send ``sig``; return
    (exit status, stdout, stderr) of a command that ended within :data:`STOP_WITHIN`."""
    proc = start_cli(*args)
    try:
        deadline = time.monotonic() + 120
        while _cpu_seconds(proc.pid) < startup + 0.2:  # past imports and kernel loading
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.02)
        time.sleep(random.Random(seed).uniform(0.0, 1.5))
        assert proc.poll() is None, "the command ended before the signal"
        proc.send_signal(sig)
        try:
            out, err = proc.communicate(timeout=STOP_WITHIN)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{' '.join(args)} ran on {STOP_WITHIN} s past the signal")
        assert live_processes("group", proc.pid) == [], "a process of the command outlived it"
        return proc.returncode, out, err
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


LONG_COMMANDS = [
    ["stats", "17"],
    ["estimate", "40", "--trials", "100000000"],
    ["estimate", "60", "--trials", "1000000000"],
    ["first", "40"],
    ["solve", "40", "--format", "cols"],
    ["find", "30000000", "--method", "local", "--seed", "1"],
    ["trace", "32", "--max-steps", "100000000000"],
    ["tree", "13", "--until", "all", "--max-nodes", "100000000"],
]


@pytest.mark.slow
@pytest.mark.parametrize("args", LONG_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("seed", (1, 2))
def test_ctrl_c_stops_a_long_command_within_a_second(args, seed, startup_cpu):
    code, _, err = _interrupt(args, startup_cpu, seed=seed)
    assert code == 130, err
    assert err.strip() == "nqueens: interrupted"


@pytest.mark.slow
@pytest.mark.parametrize("args", [["stats", "17"], ["first", "40"]], ids=" ".join)
def test_sigterm_stops_a_long_command_within_a_second(args, startup_cpu):
    code, _, err = _interrupt(args, startup_cpu, sig=signal.SIGTERM, seed=3)
    assert code == 143, err
    assert err.strip() == "nqueens: terminated"


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["stats", "17", "--plot", "{dir}/plot.svg"],
    ["find", "30000000", "--method", "local", "--seed", "2", "--out", "{dir}/sol.npy"],
    ["first", "40", "--format", "cols", "--out", "{dir}/first.txt"],
    ["export", "900", "--to", "cnf", "--encoding", "sequential", "-o", "{dir}/q.cnf"],
    ["trace", "5", "--until", "all", "--gif", "{dir}/t.gif"],  # 326 frames, a minute
], ids=lambda a: a[0])
def test_ctrl_c_leaves_no_file_behind(args, startup_cpu, tmp_path):
    args = [a.replace("{dir}", str(tmp_path)) for a in args]
    code, out, err = _interrupt(args, startup_cpu, seed=4)
    assert code == 130, err
    assert list(tmp_path.iterdir()) == []  # neither the file nor its temporary twin
    assert out == ""


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGQUIT], ids=lambda s: s.name)
def test_hang_up_and_quit_end_a_command_as_sigterm_does(sig, startup_cpu, tmp_path):
    # closing the terminal (SIGHUP) or Ctrl-\ (SIGQUIT) used to kill the process outright,
    # leaving the half-written temporary file of the .npy behind
    out = tmp_path / "sol.npy"
    code, _, err = _interrupt(["find", "30000000", "--method", "local", "--seed", "2",
                                     "--out", str(out)], startup_cpu, sig=sig, seed=5)
    assert code == 128 + sig, err
    assert err.strip() == f"nqueens: terminated ({sig.name})"
    assert list(tmp_path.iterdir()) == []


def test_an_ignored_hang_up_stays_ignored(tmp_path):
    # nohup sets SIGHUP to be ignored: the command must run on to its answer
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", "13"], env=dict(os.environ,
                                                               PYTHONPATH=str(SRC)),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    time.sleep(0.3)
    proc.send_signal(signal.SIGHUP)
    out, err = proc.communicate(timeout=120)
    assert (proc.returncode, out.strip(), err) == (0, str(OEIS[13][0]), "")


def test_a_ctrl_c_turned_into_an_import_error_still_reads_interrupted(capsys):
    # numpy's C core turns a KeyboardInterrupt during its import into an ImportError
    from nqueens.cli._guard import run_guarded

    # Python's own SIGINT handler, whatever an earlier test (a Dask scheduler) installed
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _import_error_reads_interrupted(run_guarded, capsys)
    finally:
        signal.signal(signal.SIGINT, previous)


def _import_error_reads_interrupted(run_guarded, capsys) -> None:
    def body() -> int:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)
        except KeyboardInterrupt:
            raise ImportError("PyCapsule_Import could not import module 'datetime'") from None
        return 0

    assert run_guarded(body) == 130
    assert capsys.readouterr().err == "nqueens: interrupted\n"
    with pytest.raises(ImportError):  # without a signal, an error is a bug: not hidden
        run_guarded(lambda: __import__("no_such_module_here"))


def test_a_ctrl_c_while_the_guard_starts_is_still_caught(monkeypatch, capsys):
    from nqueens.cli import _guard

    def interrupted() -> dict[int, object]:
        raise KeyboardInterrupt

    monkeypatch.setattr(_guard, "_catch_stop_signals", interrupted)
    assert _guard.run_guarded(lambda: 0) == 130
    assert capsys.readouterr().err == "nqueens: interrupted\n"


def test_a_process_that_ignores_ctrl_c_is_seen_alive():
    # the checks above can fail: a process ignoring SIGINT outlives 1.5 s and is listed
    code = (
        "import signal, time; signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "t = time.process_time()\n"
        "while time.process_time() - t < 60: pass\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    try:
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=1.5)
        assert live_processes("group", proc.pid) == [proc.pid]
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def test_an_interrupt_swallowed_by_a_callback_from_c_is_delivered_again(tmp_path):
    """numba's LLVM calls back into Python while it loads a kernel; a Ctrl-C landing there
    is printed as "Exception ignored" by ctypes and lost - the command ran on to the end."""
    script = tmp_path / "swallow.py"
    script.write_text(
        "import ctypes, sys, time\n"
        "from nqueens.cli._guard import run_guarded\n"
        "CB = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)\n"
        "fired = []\n"
        "def compare(a, b):\n"
        "    if not fired:\n"
        "        fired.append(1)\n"
        "        raise KeyboardInterrupt   # where a Ctrl-C in a callback from C is raised\n"
        "    return 0\n"
        "def body():\n"
        "    arr = (ctypes.c_int * 2)(1, 2)\n"
        "    ctypes.CDLL(None).qsort(arr, 2, ctypes.sizeof(ctypes.c_int), CB(compare))\n"
        "    start = time.monotonic()\n"
        "    while time.monotonic() - start < 30:\n"
        "        time.sleep(0.005)\n"
        "    print('ran on')\n"
        "    return 0\n"
        "sys.exit(run_guarded(body))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(SRC))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env,
                       timeout=60)
    # interrupted, not run on to the end ("ran on" after 30 s)
    assert (r.returncode, r.stdout, r.stderr) == (130, "", "nqueens: interrupted\n")
