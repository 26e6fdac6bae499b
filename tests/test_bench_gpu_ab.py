"""benchmarks/gpu/bench_gpu_ab.py, the paired A/B runs of the GPU kernel's knobs: the rotated
schedule, the same-round ratios that decide a default, the budget that skips a run, a
failing variant recorded while the rest runs, bad arguments refused in one line, and one
real run on numba-cuda's simulator whose counts must be OEIS's."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from _procs import env
from test_gpu import needs_numba_cuda

from conftest import OEIS, ROOT, load_benchmark

ab = load_benchmark("bench_gpu_ab")


def test_configs_join_their_knobs_and_an_unknown_name_is_refused():
    assert ab.knobs_of("default") == {}
    assert ab.knobs_of("planes + block 64") == {"planes": True, "block": 64}
    assert ab.knobs_of("block 64+block 256") == {"block": 256}  # the last name wins
    with pytest.raises(ValueError, match="unknown config 'block 96'"):
        ab.knobs_of("default+block 96")


@pytest.mark.parametrize("k,rounds", [(1, 3), (2, 2), (5, 5), (4, 9)])
def test_every_round_runs_every_config_once_and_no_config_always_first(k, rounds):
    configs = [f"c{i}" for i in range(k)]
    order = ab.schedule(configs, rounds)
    assert len(order) == k * rounds
    for r in range(rounds):
        assert sorted(c for rr, c in order if rr == r) == configs
    firsts = [next(c for rr, c in order if rr == r) for r in range(rounds)]
    assert firsts == [configs[r % k] for r in range(rounds)]
    # the rounds run in order: a round's runs are together
    assert [r for r, _ in order] == sorted(r for r, _ in order)


def test_the_ratio_is_taken_in_the_same_round_and_failures_are_left_out():
    recs = [
        {"n": 20, "config": "default", "round": 0, "seconds": 2.0},
        {"n": 20, "config": "fast", "round": 0, "seconds": 1.8},     # 0.9
        {"n": 20, "config": "default", "round": 1, "seconds": 4.0},  # a slow round
        {"n": 20, "config": "fast", "round": 1, "seconds": 3.2},     # 0.8
        {"n": 20, "config": "fast", "round": 2, "seconds": 1.0},     # no default: no ratio
        {"n": 20, "config": "wrong", "round": 0, "seconds": 0.1, "exact": False},
        {"n": 20, "config": "broken", "round": 0, "seconds": None, "error": "boom"},
        {"n": 20, "config": "default", "round": 0, "seconds": 0.5, "stage": "warm"},
        {"n": 21, "config": "fast", "round": 0, "seconds": 9.0},
    ]
    rows = {(r["n"], r["config"]): r for r in ab.summarize(recs)}
    assert set(rows) == {(20, "default"), (20, "fast"), (21, "fast")}
    fast = rows[20, "fast"]
    assert (fast["runs"], fast["median"], fast["best"]) == (3, 1.8, 1.0)
    assert fast["ratio"] == pytest.approx(0.85)  # median of 0.9 and 0.8
    assert rows[20, "default"]["ratio"] == 1.0
    assert rows[21, "fast"]["ratio"] is None
    text = ab.render(recs)
    assert "| 20 | fast | 3 | 1.800 | 1.000 | 0.850 |" in text
    assert "- n = 20, wrong" in text and "not exact" in text and "boom" in text


def test_the_best_configs_are_ranked_at_the_largest_n(tmp_path):
    recs = [{"n": n, "config": c, "round": 0, "seconds": s} for n, c, s in [
        (19, "default", 1.0), (19, "a", 0.5), (19, "b", 0.9), (19, "c", 2.0),
        (20, "default", 1.0), (20, "a", 1.2), (20, "b", 0.9), (20, "c", 0.95)]]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs) + "\n")
    assert ab.best_configs(path, 2) == ["default", "b", "c"]
    assert ab.best_configs(path, 0) == ["default"]
    assert ab.best_configs(tmp_path / "missing.jsonl", 2) == ["default"]
    (tmp_path / "junk.jsonl").write_text("{not json\n")
    assert ab.best_configs(tmp_path / "junk.jsonl", 2) == ["default"]


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_run_is_skipped_where_its_projection_does_not_fit(tmp_path):
    clock = _Clock()
    times = {"default": 10.0, "slow": 30.0}
    calls: list[tuple[int, str]] = []

    def batch(n, kernel, knobs):
        config = "slow" if knobs.get("block") == 64 else "default"
        calls.append((n, config))
        if n != 7:  # the warm-up is free
            clock.now += times[config]
        return {"seconds": times[config] if n != 7 else 0.01, "total": OEIS[n][0],
                "unique": OEIS[n][1]}

    ab.CONFIGS["slow"] = {"block": 64}
    try:
        results = tmp_path / "r.jsonl"
        recs = ab.run([9], ["default", "slow"], 3, 75.0, results, batch=batch, clock=clock,
                      warm_n=7)
    finally:
        del ab.CONFIGS["slow"]
    # warm-ups first, then round 0 (default, slow: 40 s), round 1 (slow 33 projected, fits
    # in 35; then default: 11 projected, 5 left: skipped), round 2 (default skipped, then
    # slow: 33 projected, 5 left: skipped)
    assert calls == [(7, "default"), (7, "slow"), (9, "default"), (9, "slow"), (9, "slow")]
    ran = [(r["round"], r["config"]) for r in recs if "seconds" in r]
    assert ran == [(0, "default"), (0, "slow"), (1, "slow")]
    skipped = [r for r in recs if "skipped" in r]
    assert len(skipped) == 3 and all("s left" in r["skipped"] for r in skipped)
    assert all(r["exact"] is True for r in recs if "seconds" in r)
    lines = [json.loads(x) for x in results.read_text().splitlines()]
    assert [x["stage"] for x in lines] == ["warm", "warm"] + ["ab"] * 6


def test_a_failing_variant_is_one_line_and_the_rest_runs(tmp_path):
    def batch(n, kernel, knobs):
        if knobs.get("max_registers") == 32:
            raise RuntimeError("ptxas ran out of registers")
        return {"seconds": 1.0, "total": OEIS[n][0] + (knobs.get("planes") is True),
                "unique": OEIS[n][1]}

    recs = ab.run([8], ["default", "max 32 registers", "planes"], 1, float("inf"),
                  tmp_path / "r.jsonl", batch=batch, warm_n=6)
    by = {r["config"]: r for r in recs}
    assert by["max 32 registers"]["error"] == "RuntimeError: ptxas ran out of registers"
    assert by["default"]["exact"] is True and by["planes"]["exact"] is False
    table = ab.render(recs)
    assert "| 8 | default |" in table and "| 8 | planes |" not in table
    assert "ptxas ran out of registers" in table and "not exact" in table


def test_the_loop_of_tries_is_the_innermost_loop_that_loads_and_stores_shared_memory():
    def line(addr, ins):
        return f"        /*{addr:04x}*/                   {ins} ;  /* 0x0000 */"

    sass = "\n".join([
        line(0x00, "MOV R1, c[0x0][0x28]"),
        line(0x10, "STS.128 [R2], R4"),             # the fill: stores only
        line(0x20, "@P0 BRA 0x10"),
        line(0x30, "LDS.128 R4, [R2]"),             # the outer loop: loads and stores, longer
        line(0x40, "LDS.128 R8, [R2+0x10]"),         # the loop of tries
        line(0x50, "LOP3.LUT R8, R7, R9, RZ, 0xc0, !PT"),
        line(0x60, "@P1 STS.128 [R2+0x10], R4"),
        line(0x70, "@!P2 BRA P3, 0x40"),
        line(0x80, "IADD3 R3, R3, 0x1, RZ"),
        line(0x90, "@P0 BRA 0x30"),
        line(0xa0, "LDS.128 R4, [R2]"),             # the save: loads only, shortest
        line(0xb0, "STG.E desc[UR10][R2.64], R4"),
        line(0xc0, "@P0 BRA 0xa0"),
        line(0xd0, "BRA 0xe0"),                     # forward: not a loop
        line(0xe0, "EXIT"),
    ])
    assert ab.loop_of_tries(sass) == ["LDS.128 R8, [R2+0x10]", "LOP3.LUT R8, R7, R9, RZ, 0xc0, !PT",
                                      "@P1 STS.128 [R2+0x10], R4", "@!P2 BRA P3, 0x40"]
    assert ab.loop_of_tries("no code here") == []


@pytest.mark.parametrize("argv,msg", [
    (["--configs", "default,warp 3"], "unknown config 'warp 3'"),
    (["--n", "twenty"], "invalid literal"),
    (["--n", "40"], "board sizes must be from 1 to 27"),
    (["--warm-n", "0"], "board sizes must be from 1 to 27"),
    (["--rounds", "0"], "--rounds must be at least 1"),
    (["--top", "-1"], "--top at least 0"),
    (["--render", "/nonexistent/ab.jsonl"], "No such file"),
])
def test_bad_arguments_are_one_line_and_status_2(tmp_path, argv, msg):
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gpu" / "bench_gpu_ab.py"),
                           "--results", str(tmp_path / "r.jsonl"), *argv],
                          capture_output=True, text=True, env=env(), timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.startswith("bench_gpu_ab.py: ") and msg in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    assert not (tmp_path / "r.jsonl").exists()


@needs_numba_cuda
def test_the_paired_runs_on_the_simulator_count_exactly(tmp_path):
    e = env()
    e["NUMBA_ENABLE_CUDASIM"] = "1"
    results, doc = tmp_path / "r.jsonl", tmp_path / "doc.md"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "gpu" / "bench_gpu_ab.py"), "--kernel", "numba",
         "--n", "7,8", "--rounds", "2", "--warm-n", "6", "--configs",
         "default,block 64,largest first+rows 3", "--results", str(results),
         "--doc", str(doc)],
        capture_output=True, text=True, env=e, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    recs = [json.loads(line) for line in results.read_text().splitlines()]
    timed = [r for r in recs if r["stage"] == "ab"]
    assert len(timed) == 2 * 2 * 3 and not [r for r in recs if "error" in r]
    for r in timed:
        assert (r["total"], r["unique"]) == OEIS[r["n"]] and r["exact"] is True
        ph = r["phases"]
        assert ph["cut"] + ph["setup"] + ph["gpu"] <= r["seconds"] + 1e-3
    text = doc.read_text()
    assert text == proc.stdout[-len(text):]
    assert all(f"| {n} | {c} | 2 |" in text for n in (7, 8)
               for c in ("default", "block 64", "largest first+rows 3"))
