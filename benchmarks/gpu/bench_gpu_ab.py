"""Paired runs of the GPU kernel's variants: which knobs count fastest, side by side in one
process, each round running every variant once in a rotated order, so that the machine's
drift (clocks, temperature, a neighbour) falls on every variant alike.

    python benchmarks/gpu/bench_gpu_ab.py --n 21 --rounds 2 --configs "default,block 256,block 64"
    python benchmarks/gpu/bench_gpu_ab.py --n 20 --configs "default,planes+block 256" --budget 120
    python benchmarks/gpu/bench_gpu_ab.py --sass DIR --configs "default,planes"  # nvcc, cuobjdump
    python benchmarks/gpu/bench_gpu_ab.py --render ab.jsonl                         # no GPU

A config is one name of :data:`CONFIGS` or several joined by ``+`` (their knobs together);
each run is one :func:`nqueens.engine.gpu.count_batch` of every subproblem of ``n`` (the
``cuda-stack`` kernel unless ``--kernel``), checked against tests/data/oeis.csv, its time
and its phases (the host's cut, the setup, the launches, the tail) one JSON line in
``--results`` as it ends. A run is skipped, and the reason recorded, where its projected time
(the config's last, else the slowest seen at that n, times 1.1) does not fit in what is left
of ``--budget``. The summary, per config: its runs, the median time, and the median over the
rounds of its time over the default's in the same round (the ratio that decides a default).
``--sass DIR`` writes each config's kernel as nvcc builds it (sm_90, ``cuobjdump -sass``) to
``DIR/sass_NAME.txt`` and prints the instructions of its loop of tries.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "src"))
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # _common

from bench_gpu import GpuOps, oeis, read_results  # noqa: E402

CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "block 64": {"block": 64},
    "block 128": {"block": 128},
    "block 256": {"block": 256},
    "planes": {"planes": True},
    "unroll 1": {"unroll": 1},
    "unroll 2": {"unroll": 2},
    "max 32 registers": {"max_registers": 32},
    "max 40 registers": {"max_registers": 40},
    "rows 2": {"rows": 2},
    "rows 3": {"rows": 3},
    "largest first": {"order": "estimate"},
}
"""The knobs of :func:`nqueens.engine.gpu.count_batch` a config names (``order`` is the
subproblems' order: the engine's largest first by Knuth's estimate)."""
SAFETY = 1.1
WARM_N = 12
"""Each config counts this n once, untimed, before the rounds: its kernel compiled."""


def knobs_of(config: str) -> dict[str, Any]:
    """The knobs of a config: its names joined by ``+``, each from :data:`CONFIGS`.

    >>> knobs_of("block 256+planes")
    {'block': 256, 'planes': True}
    """
    knobs: dict[str, Any] = {}
    for name in config.split("+"):
        if name.strip() not in CONFIGS:
            raise ValueError(f"unknown config {name.strip()!r} (known: {', '.join(CONFIGS)})")
        knobs.update(CONFIGS[name.strip()])
    return knobs


def schedule(configs: list[str], rounds: int) -> list[tuple[int, str]]:
    """``(round, config)`` in the order they run: every config once a round, the order
    rotated by one each round (so no config always runs first, after a compile).

    >>> schedule(["a", "b", "c"], 2)
    [(0, 'a'), (0, 'b'), (0, 'c'), (1, 'b'), (1, 'c'), (1, 'a')]
    """
    k = len(configs)
    return [(r, configs[(r + i) % k]) for r in range(rounds) for i in range(k)]


def summarize(recs: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (n, config): runs, median and best seconds, and the median over the rounds of
    its time over the default's time in the same round (None without a default there).

    >>> rows = summarize([{"n": 9, "config": "default", "round": 0, "seconds": 2.0},
    ...                   {"n": 9, "config": "x", "round": 0, "seconds": 1.0},
    ...                   {"n": 9, "config": "x", "round": 1, "seconds": 3.0}])
    >>> [(r["config"], r["runs"], r["median"], r["ratio"]) for r in rows]
    [('default', 1, 2.0, 1.0), ('x', 2, 2.0, 0.5)]
    """
    timed = [r for r in recs if r.get("stage", "ab") == "ab" and r.get("seconds") is not None
             and r.get("exact", True)]
    base = {(r["n"], r["round"]): r["seconds"] for r in timed if r["config"] == "default"}
    out = []
    for key in dict.fromkeys((r["n"], r["config"]) for r in timed):
        runs = [r for r in timed if (r["n"], r["config"]) == key]
        secs = [r["seconds"] for r in runs]
        ratios = [r["seconds"] / base[(r["n"], r["round"])] for r in runs
                  if (r["n"], r["round"]) in base]
        out.append({"n": key[0], "config": key[1], "runs": len(runs),
                    "median": round(statistics.median(secs), 4), "best": min(secs),
                    "ratio": round(statistics.median(ratios), 4) if ratios else None})
    return out


def best_configs(path: Path, top: int) -> list[str]:
    """``default`` and the ``top`` configs of a results file with the lowest ratio to it
    (at its largest n); just ``default`` where the file has none."""
    try:
        recs = read_results(path)
    except OSError:
        recs = []
    rows = summarize(recs)
    if not rows:
        return ["default"]
    last = max(r["n"] for r in rows)
    ranked = sorted((r for r in rows if r["n"] == last and r["config"] != "default"
                     and r["ratio"] is not None), key=lambda r: r["ratio"])
    return ["default", *(r["config"] for r in ranked[:top])]


def render(recs: list[dict[str, Any]]) -> str:
    """The summary as a Markdown table, then every run that failed or was skipped."""
    lines = ["| n | config | runs | median (s) | best (s) | / default, same round |",
             "|---|---|---|---|---|---|"]
    for s in summarize(recs):
        ratio = "" if s["ratio"] is None else f"{s['ratio']:.3f}"
        lines.append(f"| {s['n']} | {s['config']} | {s['runs']} | {s['median']:.3f} | "
                     f"{s['best']:.3f} | {ratio} |")
    for r in recs:
        if r.get("error") or r.get("skipped") or r.get("exact") is False:
            why = r.get("error") or r.get("skipped") or "not exact"
            lines.append(f"- n = {r['n']}, {r['config']}, {r.get('stage')} "
                         f"{r.get('round', '')}: {why}")
    return "\n".join(lines) + "\n"


_OPS = GpuOps()  # the subproblems of each n split once, for every run


def gpu_batch(n: int, kernel: str, knobs: dict[str, Any]) -> dict[str, Any]:
    """One count_batch of every subproblem of ``n`` with ``knobs`` (bench_gpu's
    :meth:`GpuOps.batch`): seconds, total, unique, phases."""
    knobs = dict(knobs)
    rec = _OPS.batch(n, kernel, knobs.pop("rows", None), order=knobs.pop("order", "split"),
                     **knobs)
    return {k: rec[k] for k in ("seconds", "total", "unique", "phases")}


def run(ns: list[int], configs: list[str], rounds: int, budget: float, results: Path,
        kernel: str = "cuda-stack",
        batch: Callable[[int, str, dict[str, Any]], dict[str, Any]] = gpu_batch,
        clock: Callable[[], float] = time.perf_counter,
        warm_n: int = WARM_N) -> list[dict[str, Any]]:
    """Every round of every config at every n (the smaller n first), within ``budget``
    seconds, after each config's untimed ``warm_n`` count; each run appended to
    ``results`` as it ends. Returns the timed runs' records."""
    known = oeis()
    start = clock()
    recs: list[dict[str, Any]] = []
    with results.open("a") as out:
        for config in configs:  # each variant compiled and loaded before any timed run
            rec = {"stage": "warm", "n": warm_n, "config": config, "kernel": kernel}
            try:
                rec.update(batch(warm_n, kernel, knobs_of(config)))
            except Exception as err:
                rec["error"] = f"{type(err).__name__}: {err}"
            out.write(json.dumps(rec) + "\n")
            print(json.dumps(rec), flush=True)
        for n in ns:
            last: dict[str, float] = {}
            for rnd, config in schedule(configs, rounds):
                rec: dict[str, Any] = {"stage": "ab", "n": n, "config": config, "round": rnd,
                                       "kernel": kernel}
                guess = last.get(config, max(last.values(), default=0.0)) * SAFETY
                left = budget - (clock() - start)
                if guess > left:
                    rec["skipped"] = f"projected {guess:.1f} s, {left:.1f} s left"
                else:
                    try:
                        rec.update(batch(n, kernel, knobs_of(config)))
                        last[config] = rec["seconds"]
                        if n in known:
                            rec["exact"] = (rec["total"], rec["unique"]) == known[n]
                    except Exception as err:  # one failed variant is one line
                        rec["error"] = f"{type(err).__name__}: {err}"
                recs.append(rec)
                out.write(json.dumps(rec) + "\n")
                out.flush()
                print(json.dumps(rec), flush=True)
    return recs


def loop_of_tries(sass: str) -> list[str]:
    """The instructions of the loop of tries in ``cuobjdump -sass`` text: the innermost
    loop (the shortest backward branch's body) that both loads and stores shared memory
    (the frame read, the next pushed; the loops that fill or save the stack do one)."""
    code: list[tuple[int, str]] = []
    for line in sass.splitlines():
        m = re.search(r"/\*([0-9a-f]{4,})\*/\s*(.*?)\s*;", line)
        if m and m.group(2):
            code.append((int(m.group(1), 16), m.group(2)))
    best: list[str] = []
    for i, (addr, ins) in enumerate(code):
        m = re.search(r"\bBRA\b.*?(0x[0-9a-f]+)\s*$", ins)
        if not m or int(m.group(1), 16) >= addr:
            continue
        first = next((j for j, (a, _) in enumerate(code) if a == int(m.group(1), 16)), None)
        body = [c for _, c in code[first:i + 1]] if first is not None else []
        shared = {op for c in body for op in ("LDS", "STS") if op in c}
        if shared == {"LDS", "STS"} and (not best or len(body) < len(best)):
            best = body
    return best


def dump_sass(configs: list[str], out: Path) -> None:
    """Each config's kernel built by nvcc (sm_90) and read back by cuobjdump: the whole
    SASS to ``out/sass_NAME.txt``, the loop of tries' length printed."""
    from nqueens.kernels.gpu_cuda_stack import SOURCE

    nvcc, cuobjdump = shutil.which("nvcc"), shutil.which("cuobjdump")
    if nvcc is None or cuobjdump is None:
        print(f"sass: needs nvcc and cuobjdump (nvcc: {nvcc}, cuobjdump: {cuobjdump})")
        return
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "stack.cu"
        src.write_text(SOURCE)
        for config in configs:
            knobs = knobs_of(config)
            cubin = Path(tmp) / "k.cubin"
            unroll = int(knobs.get("unroll") or 1)
            flags = [f"-DNQ_PLANES={int(knobs.get('planes', False))}", f"-DNQ_UNROLL={unroll}"]
            if knobs.get("max_registers"):
                flags.append(f"-maxrregcount={knobs['max_registers']}")
            built = subprocess.run([nvcc, "-arch=sm_90", "-cubin", *flags, "-Xptxas", "-v",
                                    "-o", str(cubin), str(src)], capture_output=True,
                                   text=True, timeout=300)
            if built.returncode != 0:
                print(f"sass {config}: nvcc failed: {built.stderr.strip()[-300:]}")
                continue
            sass = subprocess.run([cuobjdump, "-sass", str(cubin)], capture_output=True,
                                  text=True, timeout=300).stdout
            name = re.sub(r"[^a-z0-9]+", "_", config.lower())
            (out / f"sass_{name}.txt").write_text(built.stderr + "\n" + sass)
            loop = loop_of_tries(sass)
            regs = re.search(r"Used (\d+) registers", built.stderr)
            print(f"sass {config}: {regs.group(1) if regs else '?'} registers, loop of tries "
                  f"{len(loop)} instructions ({len(loop) / unroll:g} a try)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", default="21", help="board sizes, comma-separated (default 21)")
    p.add_argument("--configs", default="default,block 256,block 64",
                   help="comma-separated configs; a config joins names of CONFIGS with +")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--budget", type=float, default=float("inf"), help="seconds for all runs")
    p.add_argument("--kernel", default="cuda-stack")
    p.add_argument("--warm-n", type=int, default=WARM_N,
                   help=f"each config counts this n first, untimed (default {WARM_N})")
    p.add_argument("--results", type=Path, default=Path("ab_results.jsonl"))
    p.add_argument("--doc", type=Path, help="write the summary table here too")
    p.add_argument("--sass", type=Path, help="write each config's SASS to this folder")
    p.add_argument("--render", type=Path, help="summarize a results file and stop")
    p.add_argument("--best-of", type=Path, metavar="FILE",
                   help="configs: the default and the --top fastest of FILE's summary")
    p.add_argument("--top", type=int, default=2)
    args = p.parse_args(argv)
    try:
        configs = [c.strip() for c in args.configs.split(",") if c.strip()]
        if args.best_of is not None:
            configs = best_configs(args.best_of, args.top)
        for c in configs:
            knobs_of(c)
        ns = sorted({int(v) for v in args.n.split(",")})
        if not ns or not all(1 <= n <= 27 for n in [*ns, args.warm_n]):
            raise ValueError(f"board sizes must be from 1 to 27, got {args.n!r} and "
                             f"--warm-n {args.warm_n}")
        if args.rounds < 1 or args.top < 0:
            raise ValueError(f"--rounds must be at least 1 and --top at least 0, got "
                             f"{args.rounds} and {args.top}")
        if args.render is not None:
            print(render(read_results(args.render)), end="")
            return 0
        if args.sass is not None:
            dump_sass(configs, args.sass)
            return 0
        recs = run(ns, configs, args.rounds, args.budget, args.results, args.kernel,
                   warm_n=args.warm_n)
        table = render(recs)
        print(table, end="")
        if args.doc is not None:
            args.doc.write_text(table)
    except (ValueError, OSError) as err:
        print(f"bench_gpu_ab.py: {err}", file=sys.stderr)
        return 2
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
