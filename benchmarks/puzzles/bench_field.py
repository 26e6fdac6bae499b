"""The field's own hard benchmarks, our library call against CP-SAT in one warm process.

    PYTHONPATH=src python benchmarks/puzzles/bench_field.py                 # a sample
    PYTHONPATH=src python benchmarks/puzzles/bench_field.py --per-cell 100 --asp 400 \\
        --stars 10 --limit 60                                             # the full sets

Families (needs ``ortools``, the ``bench`` extra, and ``../shared/reference/completion``
beside the repository, or ``--shared DIR``):

- **prob079** (CSPLib, excluded diagonals): N = 18..21 at every d in the phase transition
  (30-70 % of the 1,000 instances satisfiable, by the answers file), ``--per-cell``
  instances drawn per (N, d) with a fixed seed, and N = 21, d = 19, ID = 259 (the
  paper's hardest). Every answer is checked against the file's SAT/UNSAT.
- **prob080** (CSPLib, blocked queens): ``--asp`` ASP-competition instances (n = 28..56),
  drawn with a fixed seed.
- **Star Battle** (count, solve and uniqueness: count with ``limit=1``): random 14 x 14
  3-star boards (``star_battle`` of bench_puzzles_cpsat.py), the real 15 x 15 3-star
  puzzle (noqx's example link), 21 x 21 5-star and 25 x 25 6-star puzzles from ``make``;
  and the 480 community levels (count). Counts checked equal between the two sides.

Ours is the public call (``nqueens.completion.solve`` with ``timeout``, or
``nqueens.puzzles.count`` / ``solve``); CP-SAT's ``Solve`` alone (model built first), one
worker, the same time limit (``--limit``). Each instance runs ours then CP-SAT once. The
ratio is ours / CP-SAT's time per instance; an instance where both hit the limit counts
1.0. Results go to benchmarks/results/field.jsonl and docs/performance.md.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import statistics
import sys
import tarfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "benchmarks" / "puzzles"))

from _common import machine_line  # noqa: E402

from nqueens.completion import solve  # noqa: E402
from nqueens.diagonals import diagonal_squares  # noqa: E402
from nqueens.errors import SearchTimeout  # noqa: E402
from nqueens.instances import parse_instance  # noqa: E402

PHASE = (0.30, 0.70)


# ---- CP-SAT -------------------------------------------------------------------------------

def cpsat_board(n: int, walls: list[tuple[int, int]], limit: float) -> tuple[float, bool | None]:
    """CP-SAT on the blocked board: a boolean per open square, exactly one per row and
    column, at most one per diagonal; one worker. Seconds of Solve, and the answer (None:
    the limit)."""
    from ortools.sat.python import cp_model

    closed = set(walls)
    m = cp_model.CpModel()
    x = {(r, c): m.NewBoolVar(f"x{r}_{c}") for r in range(n) for c in range(n)
         if (r, c) not in closed}
    lines: dict[tuple[str, int], list[object]] = defaultdict(list)
    for (r, c), v in x.items():
        for key in (("r", r), ("c", c), ("s", r + c), ("d", r - c)):
            lines[key].append(v)
    for r in range(n):
        m.AddExactlyOne(lines["r", r])
        m.AddExactlyOne(lines["c", r])
    for (kind, _), vs in lines.items():
        if kind in "sd" and len(vs) > 1:
            m.AddAtMostOne(vs)
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = limit
    t = time.perf_counter()
    status = s.Solve(m)
    t = time.perf_counter() - t
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return t, True
    return t, False if status == cp_model.INFEASIBLE else None


def cpsat_int(n: int, walls: list[tuple[int, int]], limit: float) -> tuple[float, bool | None]:
    """CP-SAT's other model: a column variable per row over its open squares and three
    AllDifferent (columns, col + row, col - row); one worker."""
    from ortools.sat.python import cp_model

    closed = set(walls)
    m = cp_model.CpModel()
    q = [m.NewIntVarFromDomain(cp_model.Domain.FromValues(
        [c for c in range(n) if (r, c) not in closed]), f"q{r}") for r in range(n)]
    m.AddAllDifferent(q)
    m.AddAllDifferent([q[r] + r for r in range(n)])
    m.AddAllDifferent([q[r] - r for r in range(n)])
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = limit
    t = time.perf_counter()
    status = s.Solve(m)
    t = time.perf_counter() - t
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return t, True
    return t, False if status == cp_model.INFEASIBLE else None


def ours_board(n: int, walls: list, diagonals: list, limit: float) -> tuple[float, bool | None]:
    t = time.perf_counter()
    try:
        found: bool | None = solve(n, [], blocked=walls, diagonals=diagonals,
                                   timeout=limit).solution is not None
    except SearchTimeout:
        found = None
    return time.perf_counter() - t, found


# ---- families -----------------------------------------------------------------------------

def prob079(shared: Path, per_cell: int) -> list[tuple[str, int, str, bool]]:
    """(label, N, file text at d, answer): the phase-transition sample and ID 259."""
    answers: dict[tuple[int, int, int], bool] = {}
    with gzip.open(shared / "csplib-prob079/results/run-diags-shiftqueens-processed.txt.gz",
                   "rt") as f:
        for line in f:
            p = line.split()
            answers[int(p[0]), int(p[1]), int(p[3])] = int(p[5]) > 0
    cells: dict[tuple[int, int], list[int]] = defaultdict(list)
    for (n, d, _i), sat in answers.items():
        cells[n, d].append(sat)
    out = []
    for n in range(18, 22):
        with tarfile.open(shared / f"csplib-prob079/data/diag-{n}.tar.gz") as t:
            files = {int(m.name.rsplit("-", 1)[1].split(".")[0]): m for m in t.getmembers()
                     if m.isfile()}
            picks = []
            for d in sorted(d for (nn, d) in cells if nn == n):
                share = sum(cells[n, d]) / len(cells[n, d])
                if PHASE[0] <= share <= PHASE[1]:
                    ids = random.Random(n * 1000 + d).sample(sorted(files), per_cell)
                    picks += [(d, i) for i in ids]
            if n == 21:
                picks.append((19, 259))
            for d, i in picks:
                text = t.extractfile(files[i]).read().decode()
                out.append((f"N={n} d={d} id={i}", n, (text, d), answers[n, d, i]))
    return out


def asp(shared: Path, k: int) -> list[tuple[str, str]]:
    with tarfile.open(shared / "csplib-prob080/data/asp-competition-instances.tar.gz") as t:
        ms = sorted((m for m in t.getmembers() if m.isfile() and "/._" not in m.name
                     and m.name.endswith(".param")), key=lambda m: m.name)
        pick = random.Random(80).sample(ms, min(k, len(ms)))
        return [(m.name.rsplit("/", 1)[1], t.extractfile(m).read().decode()) for m in pick]


def completion_rows(args: argparse.Namespace) -> list[str]:
    shared = Path(args.shared)
    lines = []
    fams = {"prob079 (N = 18-21, phase transition, + 21/19/259)": [],
            "prob080 ASP (n = 28-56)": []}
    for label, n, (text, d), truth in prob079(shared, args.per_cell):
        inst = parse_instance(text, first=d)
        walls = diagonal_squares(n, inst.diagonals)
        to, a = ours_board(n, [], inst.diagonals, args.limit)
        tc, b = CPSAT[args.model](n, walls, args.limit)
        if a not in (None, truth) or b not in (None, truth):
            raise SystemExit(f"wrong answer on {label}: file {truth}, ours {a}, CP-SAT {b}")
        fams["prob079 (N = 18-21, phase transition, + 21/19/259)"].append((label, to, a, tc, b))
        print(f"{label} {truth} ours {to:.3f} CP-SAT {tc:.3f}", flush=True)
    for name, text in asp(shared, args.asp):
        inst = parse_instance(text)
        to, a = ours_board(inst.n, inst.blocked, [], args.limit)
        tc, b = CPSAT[args.model](inst.n, inst.blocked, args.limit)
        if None not in (a, b) and a != b:
            raise SystemExit(f"answers differ on {name}: ours {a}, CP-SAT {b}")
        fams["prob080 ASP (n = 28-56)"].append((name, to, a, tc, b))
        print(f"{name} ours {a} {to:.3f} CP-SAT {b} {tc:.3f}", flush=True)
    for fam, rows in fams.items():
        if rows:
            lines.append(summary(fam, [(r[0], r[1], r[3], r[2] is None, r[4] is None)
                                       for r in rows], args.limit))
    return lines


def ratio(ours: float, theirs: float, ours_out: bool, theirs_out: bool) -> float:
    if ours_out and theirs_out:
        return 1.0
    return ours / max(theirs, 1e-4)


def summary(fam: str, rows: list[tuple[str, float, float, bool, bool]], limit: float) -> str:
    ratios = [(ratio(o, c, oo, co), name) for name, o, c, oo, co in rows]
    worst = max(ratios)
    med_o = statistics.median(r[1] for r in rows)
    med_c = statistics.median(r[2] for r in rows)
    out_o = sum(r[3] for r in rows)
    out_c = sum(r[4] for r in rows)
    return (f"| {fam} | {len(rows)} | {med_o:.4f} | {med_c:.4f} | "
            f"{statistics.median(r for r, _ in ratios):.3g}x | {worst[0]:.3g}x ({worst[1]}) | "
            f"{out_o} / {out_c} (limit {limit:g} s) |")


def star_rows(args: argparse.Namespace) -> list[str]:
    import bench_puzzles_cpsat as bp

    bp.ours_count(bp.three_star())  # compile the k-star kernels before timing
    sets = [("Star Battle random 14 x 14, 3 stars: count",
             [bp.star_battle(14, 3, s) for s in range(args.stars)])]
    sets.append(("Star Battle real 15 x 15, 3 stars (noqx): count", [bp.three_star()]))
    for n, k in ((21, 5), (25, 6)):
        made = bp.made(n, k, range(1, 1 + max(1, args.stars // 3)))
        if made:
            sets.append((f"Star Battle make {n} x {n}, {k} stars: count", made))
    levels = [p for p, _ in bp.community()]
    if args.levels:
        levels = levels[: args.levels]
    sets.append(("community levels (one star): count", levels))
    lines = []
    for name, puzzles in sets:
        rows = []
        for p in puzzles:
            t = time.perf_counter()
            ours = bp.ours_count(p)
            to = time.perf_counter() - t
            t = time.perf_counter()
            theirs = bp.cpsat_count(p)
            tc = time.perf_counter() - t
            if ours != theirs:
                raise SystemExit(f"count mismatch {ours} / {theirs} on\n{p.to_text()}")
            rows.append((f"{p.n}x{p.n}/{p.stars}", to, tc, False, False))
        lines.append(summary(name, rows, 0).replace(" (limit 0 s)", ""))
        print(lines[-1], flush=True)
    return lines


CPSAT = {"bool": cpsat_board, "int": cpsat_int}

HEADER = ("| family | instances | ours: median s | CP-SAT: median s | ours / CP-SAT, median | "
          "worst (instance) | at the limit, ours / CP-SAT |\n"
          "|---|---:|---:|---:|---:|---:|---:|")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared" / "reference" / "completion"),
                    help="the reference folder (default: shared/ beside the repository)")
    ap.add_argument("--per-cell", type=int, default=2, help="prob079 instances per (N, d)")
    ap.add_argument("--asp", type=int, default=8, help="prob080 ASP instances")
    ap.add_argument("--stars", type=int, default=3, help="random 14 x 14 3-star boards")
    ap.add_argument("--levels", type=int, default=0, help="community levels (0: all 480)")
    ap.add_argument("--limit", type=float, default=30.0, help="seconds per instance and side")
    ap.add_argument("--model", choices=sorted(CPSAT), default="bool",
                    help="CP-SAT's model of a board: bool (a boolean a square, the default) or "
                    "int (a column a row, three AllDifferent)")
    ap.add_argument("--no-stars", action="store_true", help="completion families only")
    ap.add_argument("--out", metavar="FILE", help="write the run here instead of the results")
    args = ap.parse_args()
    load = os.getloadavg()[0]
    solve(8, [], blocked=[(0, 0)], order="constrained")  # compile before timing
    solve(8, [], blocked=[(0, 0)], order="rows")
    cpsat_board(8, [], 1.0)
    started = time.perf_counter()
    lines = [HEADER, *completion_rows(args)]
    if not args.no_stars:
        lines += star_rows(args)
    took = time.perf_counter() - started
    text = "\n".join([
        "## The field's hard benchmarks against CP-SAT", "",
        f"Measured by `python benchmarks/puzzles/bench_field.py --per-cell {args.per_cell} "
        f"--asp {args.asp} --stars {args.stars} --limit {args.limit:g} --model {args.model}"
        f"{' --no-stars' if args.no_stars else ''}` on {machine_line()}, load average "
        f"{load:.1f} at the start and {os.getloadavg()[0]:.1f} at the end, {took:.0f} s in "
        "all. One warm process; per instance our public call, then CP-SAT's Solve (model "
        f"built first; the {args.model} model of a board: "
        + ("a boolean per open square, exactly one per row and column, at most one per "
           "diagonal" if args.model == "bool" else "a column per row, three AllDifferent")
        + "), one worker, the same time limit; every answer checked (prob079 "
        "against the CSPLib answers, counts equal between the two sides). Ratio = our time "
        "/ CP-SAT's (below 1: we are faster); the worst names its instance. A sample: the "
        "full sets are `--per-cell 100 --asp 400 --stars 10 --limit 60` (hours).", "",
        *lines, ""])
    print(text)
    from _results import publish

    publish("field", text, out=args.out)


if __name__ == "__main__":
    main()
