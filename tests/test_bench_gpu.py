"""benchmarks/gpu/bench_gpu.py's budgeted mode: the projections that skip steps (on a fake clock,
no GPU), failures recorded while the rest runs, the results file and the doc rendered from
it, and one real run on numba-cuda's simulator whose counts must be OEIS's."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from _procs import env
from test_gpu import needs_numba_cuda

from conftest import OEIS, ROOT, load_benchmark

bench_gpu = load_benchmark("bench_gpu")


# --- the pure functions ------------------------------------------------------------------


def test_projection_uses_the_larger_of_8_and_the_measured_growth():
    assert bench_gpu.project({20: 2.0, 21: 20.0}, 22) == pytest.approx(200.0)  # 10x measured
    assert bench_gpu.project({20: 2.0, 21: 10.0}, 22) == pytest.approx(80.0)   # 5x: 8x floor
    assert bench_gpu.project({19: 1.0, 21: 10.0}, 22) == pytest.approx(80.0)   # no n - 1
    assert bench_gpu.project({20: 1.0, 21: 9.0}, 23) == pytest.approx(9.0 * 81)
    assert bench_gpu.project({}, 22) is None
    assert bench_gpu.project({22: 5.0}, 22) is None  # its own time at n is no projection
    assert bench_gpu.project({22: 5.0}, 22, same_n=True) == 5.0
    assert bench_gpu.chain({20: 1.0, 21: 8.0}, 21, 22) == pytest.approx(64.0)
    assert bench_gpu.chain({20: 1.0}, 20, 22) == pytest.approx(8.0 + 64.0)


def test_a_step_starts_only_if_its_projection_fits_with_a_margin():
    assert bench_gpu.skip_reason(100.0, 111.0) is None
    assert bench_gpu.skip_reason(100.0, 109.0) == "skipped: projected 100.0 s, 109.0 s left"
    assert bench_gpu.skip_reason(None, 1.0) is None
    assert bench_gpu.skip_reason(None, 0.0).startswith("skipped: the budget is spent")
    # a lower-value step gives way to a reserve that fits now and would not after it
    assert bench_gpu.reserve_reason(30.0, 300.0, 250.0, "the batch") == (
        "skipped: projected 30.0 s, 300.0 s left, of which the batch needs 250.0 s")
    assert bench_gpu.reserve_reason(20.0, 400.0, 250.0, "the batch") is None
    assert bench_gpu.reserve_reason(20.0, 200.0, 250.0, "the batch") is None  # lost anyway
    assert bench_gpu.reserve_reason(20.0, 300.0, None, "the batch") is None


# --- the stages on a fake clock ----------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FakeOps:
    """The steps' work as fake seconds on ``clock``: batch time ``base * growth ** (n - 16)``,
    the engine 1.2x that, the CPU engine 3x; counts from OEIS (or ``wrong``)."""

    def __init__(self, clock: Clock, base: float, growth: float, *, raise_at=(),
                 wrong=()) -> None:
        self.clock, self.base, self.growth = clock, base, growth
        self.raise_at, self.wrong = set(raise_at), set(wrong)
        self.calls: list[tuple[str, int, str]] = []
        self.engine_kernels: list[tuple[str, str | None]] = []

    def items(self, n):
        return list(range(n))

    def rows(self, n, kernel="numba"):
        return 2

    def _work(self, what, n, kernel, factor):
        self.calls.append((what, n, kernel))
        if (what, n, kernel) in self.raise_at:
            raise RuntimeError(f"boom at {what} {n} {kernel}")
        secs = self.base * self.growth ** (n - 16) * factor
        self.clock.now += secs
        total, unique = OEIS[n]
        if (what, n, kernel) in self.wrong:
            total += 1
        return {"seconds": secs, "total": total, "unique": unique,
                "payload": [(total, unique, 0)]}

    def batch(self, n, kernel, rows, **knobs):
        return self._work("variant" if knobs else "batch", n, kernel, 1.0)

    def twin(self, n):
        return self._work("twin", n, "cpu-twin", 1.0)

    def engine(self, n, device, estimate=None, kernel=None):
        self.engine_kernels.append((device, kernel))
        return self._work("engine", n, device, 1.2 if device == "gpu" else 3.0)

    def engine_kernel(self, n):
        return "numba"


def _run(tmp_path, budget, ops_args, *extra):
    clock = Clock()
    ops = FakeOps(clock, *ops_args[:2], **ops_args[2] if len(ops_args) > 2 else {})
    args = bench_gpu.parse(["--results", str(tmp_path / "r.jsonl"), "--kernel", "numba",
                            *extra])
    results = bench_gpu.Results(args.results)
    bench = bench_gpu.Bench(results, budget, clock=clock, alarm=False, known=OEIS,
                            echo=lambda line: None, fail=frozenset(args.fail))
    bench_gpu.run_stages(args, bench, ops, args.kernel.split(","))
    recs = bench_gpu.read_results(args.results)
    return ops, recs, clock.now - 1000.0


def _rec(recs, stage, n, kernel="numba"):
    found = [r for r in recs if r["stage"] == stage and r["n"] == n and r["kernel"] == kernel]
    assert len(found) == 1, (stage, n, found)
    return found[0]


def test_n22_is_skipped_when_projected_past_the_budget_and_never_started(tmp_path):
    # batches grow 8.2x per n: 36.8 s at n = 21, so 302 s projected at n = 22
    ops, recs, used = _run(tmp_path, 200.0, (0.001, 8.2), "--sweep-rows", "")
    assert ("batch", 21, "numba") in ops.calls
    assert ("batch", 22, "numba") not in ops.calls
    skip = _rec(recs, "batch", 22)
    t21 = _rec(recs, "batch", 21)["wall"]
    assert skip["projected"] == pytest.approx(t21 * 8.2, rel=1e-3)  # measured growth, not 8
    left = 200.0 - skip["t"]
    assert skip["skipped"] == f"skipped: projected {t21 * 8.2:.1f} s, {left:.1f} s left"
    assert skip["total"] is None and skip["seconds"] is None
    assert used <= 200.0
    # everything that ran is exact; the CPU engine only up to --cpu-max-n
    ran = [r for r in recs if r["stage"] in ("batch", "engine", "cpu") and r["total"]]
    assert {(r["stage"], r["n"]) for r in ran} >= {("batch", n) for n in range(16, 22)}
    assert all(r["exact"] and (r["total"], r["unique"]) == OEIS[r["n"]] for r in ran)
    assert max(r["n"] for r in ran if r["stage"] == "cpu") == 18


def test_lower_value_steps_give_way_to_the_last_batch_when_it_can_fit(tmp_path):
    # growth exactly 8: 32.8 s at n = 21, 262 s at n = 22; the engine at n = 21 (~39 s)
    # would leave too little for n = 22's batch
    budget = 346.0
    ops, recs, used = _run(tmp_path, budget, (0.001, 8.0), "--sweep-rows", "")
    assert ("engine", 21, "gpu") not in ops.calls
    assert "of which the numba batches at n = 22 needs" in _rec(recs, "engine", 21)["skipped"]
    assert _rec(recs, "batch", 22)["exact"] is True
    assert used <= budget
    # without the reserve the engine at n = 21 runs and n = 22 no longer fits
    ops, recs, used = _run(tmp_path, budget, (0.001, 8.0), "--sweep-rows", "",
                           "--no-reserve")
    assert ("engine", 21, "gpu") in ops.calls
    assert ("batch", 22, "numba") not in ops.calls
    assert _rec(recs, "batch", 22)["skipped"].startswith("skipped: projected")


def test_a_failing_step_is_recorded_and_the_rest_runs(tmp_path):
    _, recs, _ = _run(tmp_path, math.inf,
                        (0.001, 2.0, {"raise_at": {("engine", 17, "gpu")},
                                      "wrong": {("batch", 18, "numba")}}),
                        "--fail", "batch:19", "--sweep-rows", "1,3")
    assert _rec(recs, "engine", 17)["error"] == "RuntimeError: boom at engine 17 gpu"
    assert _rec(recs, "batch", 19)["error"] == "RuntimeError: injected failure (--fail batch:19)"
    assert _rec(recs, "batch", 18)["exact"] is False  # a wrong count is recorded as such
    # the later steps ran: engine at 18.., batches at 20.., the sweep
    assert _rec(recs, "engine", 18)["exact"] is True
    assert _rec(recs, "batch", 22)["exact"] is True
    assert [r["rows"] for r in recs if r["stage"] == "sweep"] == [1, 3]
    doc = bench_gpu.render(recs)
    assert "| 17 | yes | 0.002 | failed |" in doc
    assert "RuntimeError: boom at engine 17 gpu" in doc
    assert "| 18 | NO (1 wrong) |" in doc


def test_a_kernel_that_does_not_compile_is_dropped_with_its_reason(tmp_path):
    clock = Clock()
    ops = FakeOps(clock, 0.001, 8.0, raise_at={("batch", 12, "cuda-c")})
    args = bench_gpu.parse(["--results", str(tmp_path / "r.jsonl"), "--max-n", "17",
                            "--sweep-rows", ""])
    bench = bench_gpu.Bench(bench_gpu.Results(args.results), math.inf, clock=clock,
                            alarm=False, known=OEIS, echo=lambda line: None)
    bench_gpu.run_stages(args, bench, ops, ["numba", "cuda-c"])
    recs = bench_gpu.read_results(args.results)
    assert _rec(recs, "compile", 12, "cuda-c")["error"].startswith("RuntimeError")
    assert [c for c in ops.calls if c[2] == "cuda-c"] == [("batch", 12, "cuda-c")]
    for n in (16, 17):
        assert _rec(recs, "batch", n, "cuda-c")["skipped"] == (
            "skipped: the cuda-c kernel did not compile and run")
        assert _rec(recs, "batch", n, "numba")["exact"] is True


def test_a_cut_last_line_is_left_out_and_the_doc_says_the_run_did_not_end(tmp_path):
    path = tmp_path / "r.jsonl"
    res = bench_gpu.Results(path)
    res.add({"stage": "env", "device": "NVIDIA H100", "args": {"min_n": 20, "max_n": 22,
                                                               "kernels": ["numba"]}})
    res.add({"stage": "batch", "n": 20, "kernel": "numba", "rows": 2, "seconds": 3.5,
             "total": OEIS[20][0], "unique": OEIS[20][1], "exact": True})
    with open(path, "a") as f:
        f.write('{"stage": "batch", "n": 21, "kern')  # killed mid-write
    recs = bench_gpu.read_results(path)
    assert [r.get("n") for r in recs] == [None, 20]
    doc = bench_gpu.render(recs)
    assert "the run did not reach its end" in doc
    assert "| 20 | yes | 3.50 |" in doc
    assert "| 21 | not run |" in doc
    assert "| 22 | not run |" in doc and "| 249.9 | 180.4 | 416.0 | 125.0 |" in doc


def test_the_ncu_lines_kept_are_the_launch_and_occupancy_figures():
    text = """==PROF== Connected to process 123
  step_slots (2048, 1, 1)x(128, 1, 1), Context 1, Stream 7, Device 0, CC 9.0
    Section: Launch Statistics
    Metric Name                          Metric Unit    Metric Value
    Block Size                                                   128
    Registers Per Thread             register/thread              71
    Section: Occupancy
    Theoretical Occupancy                          %           43.75
    Achieved Occupancy                             %           41.02
    Section: Instruction Statistics
    Issued Instructions                         inst     123,456,789
"""
    rec = bench_gpu.ncu_record(text, 18, "numba", 0)
    assert rec["error"] is None
    assert rec["lines"] == [
        "Block Size                                                   128",
        "Registers Per Thread             register/thread              71",
        "Theoretical Occupancy                          %           43.75",
        "Achieved Occupancy                             %           41.02",
        "Issued Instructions                         inst     123,456,789",
    ]
    bad = bench_gpu.ncu_record("==ERROR== ERR_NVGPUCTRPERM\n", 18, "numba", 1)
    assert bad["lines"] == [] and "ERR_NVGPUCTRPERM" in bad["error"]


# --- a real run on the simulator ---------------------------------------------------------


@needs_numba_cuda
def test_the_budgeted_run_on_the_simulator_counts_exactly(tmp_path):
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1"
    e.pop("OUT", None)
    results, doc = tmp_path / "r.jsonl", tmp_path / "doc.md"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu" / "bench_gpu.py"), "--min-n", "6",
         "--max-n", "8", "--check-n", "7", "--cpu-max-n", "7", "--sweep-rows", "2",
         "--budget", "120", "--results", str(results), "--doc", str(doc)],
        capture_output=True, text=True, env=e, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    recs = [json.loads(line) for line in results.read_text().splitlines()]
    assert recs[0]["stage"] == "env" and recs[0]["device"] == "simulator"
    assert recs[0]["args"]["kernels"] == ["numba"]  # no CuPy under the simulator
    assert recs[-1] == {**recs[-1], "stage": "end", "note": "finished"}
    counted = {(r["stage"], r["n"]): (r["total"], r["unique"]) for r in recs
               if r["stage"] in ("check", "batch", "engine", "cpu", "sweep", "variant")}
    # the sweep and the variants at --max-n - 2
    want = {("check", 7), ("sweep", 6), ("cpu", 6), ("cpu", 7), ("variant", 6),
            *[(s, n) for s in ("batch", "engine") for n in (6, 7, 8)]}
    assert set(counted) == want
    # every variant of the numba kernel ran at the sweep's n, and counted exactly (the
    # branching one and the shared frames are cuda-shared's alone, the planes and the tries
    # a turn cuda-stack's)
    assert sorted(r["variant"] for r in recs if r["stage"] == "variant") == sorted(
        v for v, knobs in bench_gpu.VARIANTS
        if not {"predicated", "shared_frames", "planes", "unroll"} & set(knobs))
    for (_, n), got in counted.items():
        assert got == OEIS[n]
    assert all(r["exact"] is True for r in recs if (r["stage"], r["n"]) in want)
    check = next(r for r in recs if r["stage"] == "check")
    assert check["note"].startswith("all 34 subproblems of n = 7 agree with the CPU twin")
    # each batch says where its time went, within its own seconds
    batches = [r for r in recs if r["stage"] == "batch"]
    assert any(r["phases"]["tasks"] for r in batches)
    for r in batches:
        ph = r["phases"]
        # no tasks (every constellation counted on the host): no launch
        assert (ph["launches"] >= 1) == (ph["tasks"] > 0) and ph["underfull"] <= ph["gpu"]
        assert ph["cut"] + ph["setup"] + ph["gpu"] <= r["seconds"] + 1e-3
        assert f"{ph['launches']} launches, {ph['tasks']} tasks" in proc.stdout
    assert not [r for r in recs if r["error"] or r["skipped"]]
    text = doc.read_text()
    assert all(f"| {n} | yes |" in text for n in (6, 7, 8))
    assert "| kernel | default | largest first | max 32 registers | block 64 |" in text
    assert "simulator" in text


def test_the_kernels_after_the_first_are_baselines_to_baseline_max_n(tmp_path):
    """The first kernel runs to --max-n and alone gets the sweeps and variants; the others
    run (b) to --baseline-max-n only, and the engine to --engine-max-n."""
    clock = Clock()
    ops = FakeOps(clock, 0.001, 2.0)
    args = bench_gpu.parse(["--results", str(tmp_path / "r.jsonl"), "--max-n", "19",
                            "--baseline-max-n", "17", "--sweep-rows", "1", "--sweep-n", "19",
                            "--engine-max-n", "18"])
    bench = bench_gpu.Bench(bench_gpu.Results(args.results), math.inf, clock=clock,
                            alarm=False, known=OEIS, echo=lambda line: None)
    bench_gpu.run_stages(args, bench, ops, ["numba", "cuda-c"])
    batches = {k: sorted(c[1] for c in ops.calls if c[0] == "batch" and c[2] == k)
               for k in ("numba", "cuda-c")}
    assert batches["numba"] == [12, 14, 16, 17, 18, 19, 19]   # compile, check, (b), sweep
    assert batches["cuda-c"] == [12, 14, 16, 17]
    assert {c[2] for c in ops.calls if c[0] == "variant"} == {"numba"}
    assert sorted(c[1] for c in ops.calls if c[0] == "engine" and c[2] == "gpu") == [
        12, 16, 17, 18]   # the first-use compile, then (b) up to --engine-max-n
    assert {k for d, k in ops.engine_kernels if d == "gpu"} == {"numba"}   # the first kernel
    recs = bench_gpu.read_results(args.results)
    assert {r["kernel"] for r in recs if r["stage"] == "sweep"} == {"numba"}


def test_the_whole_command_is_given_time_by_the_engines_measured_time(tmp_path):
    """``--project-engine N``: the engine's exact time at N (or at the largest n below,
    grown 8x an n), times 1.15, plus 5 s; nothing (exit 1) without one."""
    recs = [{"stage": "engine", "n": 20, "seconds": 2.0, "exact": True},
            {"stage": "engine", "n": 21, "seconds": 16.0, "exact": True},
            {"stage": "engine", "n": 22, "seconds": 1.0, "exact": False},   # wrong: ignored
            {"stage": "batch", "n": 22, "seconds": 100.0, "exact": True}]   # not the engine
    assert bench_gpu.project_engine(recs, 21) == math.ceil(16.0 * 1.15 + 5)
    assert bench_gpu.project_engine(recs, 22) == math.ceil(16.0 * 8 * 1.15 + 5)
    assert bench_gpu.project_engine(recs, 20) == math.ceil(2.0 * 1.15 + 5)
    assert bench_gpu.project_engine(recs, 19) is None
    results = tmp_path / "r.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in recs))
    script = [sys.executable, str(ROOT / "benchmarks" / "gpu" / "bench_gpu.py"), "--results",
              str(results), "--project-engine"]
    got = subprocess.run([*script, "22"], capture_output=True, text=True, timeout=120)
    assert got.returncode == 0 and int(got.stdout) == math.ceil(16.0 * 8 * 1.15 + 5)
    got = subprocess.run([*script, "19"], capture_output=True, text=True, timeout=120)
    assert got.returncode == 1 and got.stdout == ""
