"""Star Battle with 3 to 6 stars: nqueens' count, solve and is_unique against CP-SAT's, per puzzle.

    PYTHONPATH=src python benchmarks/puzzles/bench_stars.py [--quick] [--out FILE]
        [--random N] [--community N] [--plain-limit S]

The families (issue #47):

1. **random 14 x 14, 3 stars**: ``bench_puzzles_cpsat.star_battle(14, 3, seed)`` (regions
   grown around a random placement: at least one solution, often thousands);
2. **the real 15 x 15 3-star puzzle** (the noqx solver's example puzz.link link; one solution);
3. **made 21 x 21, 5 stars** and **made 25 x 25, 6 stars**: ``nqueens puzzle make 21 --stars 5
   --seed S`` (S = 1..5) and ``make 25 --stars 6`` (S = 1..3), saved in ``benchmarks/data/``
   (one solution each; making them takes a minute each);
4. **the community levels** (the 480 one-star levels of ``tests/data/community-levels.jsonl``,
   each distinct grid once), where nothing changed: the check that the fast path stays.

Per puzzle, in one warm process, interleaved, best of ``--repeats``: nqueens ``count`` (every
solution), ``solve`` and ``is_unique`` against CP-SAT (one worker, LP relaxation off, the model
built inside the timing) enumerating every solution, solving, and enumerating up to the second
solution. The counts must agree (the run stops on the first difference), each solution obey
the rules (plain Python), each uniqueness verdict match the count. For the record of what the
portfolio changed, the plain compiled search (``nqueens.puzzles.exact.PORTFOLIO = False``) is
timed counting too, stopped after ``--plain-limit`` seconds (then shown as "> S").
The table gives, per family and task, the median of the per-puzzle ratios nqueens / CP-SAT
(below 1: nqueens faster) and the worst. Needs ``ortools`` (the bench extra) and python-sat
(the sat extra). Results: benchmarks/results/stars.jsonl and docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "benchmarks" / "puzzles"))

import bench_puzzles_cpsat as base  # noqa: E402  (the CP-SAT model and the puzzles)
from _common import machine_line  # noqa: E402

from nqueens.puzzles import Puzzle, count, exact, is_unique, parse_puzzle, sat, solve  # noqa: E402

DATA = ROOT / "benchmarks" / "data"

QUICK = 0.2
QUICK_REPEATS = 5
"""A puzzle CP-SAT counts in under QUICK seconds is timed best of QUICK_REPEATS (at least):
on a shared machine one preemption of the process (8-10 ms, measured on a loaded 2-core
machine, with the garbage collector off as much as on) decides a sub-millisecond time, and
so the worst ratio of a family of such puzzles, unless each is timed more often."""


def made(n: int) -> list[Puzzle]:
    """The made n x n boards of benchmarks/data (stars-N_S.txt), by seed."""
    files = sorted(DATA.glob(f"stars-{n}_*.txt"))
    return [parse_puzzle(f.read_text(encoding="utf-8")) for f in files]


def cpsat_unique(p: Puzzle) -> bool:
    """CP-SAT enumerating until a second solution."""
    from ortools.sat.python import cp_model

    m, _x = base.cpsat_model(p)
    found = [0]

    class Two(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        def on_solution_callback(self) -> None:
            found[0] += 1
            if found[0] >= 2:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    base.tune(solver)
    solver.Solve(m, Two())
    return found[0] == 1


def plain_count(p: Puzzle, limit: float) -> float:
    """Seconds the plain compiled search takes to count ``p``; inf past ``limit`` (it runs
    in slices, so it stops within one)."""
    t = time.perf_counter()
    for _meta, _ in exact._run(p, 0, 0):
        if time.perf_counter() - t > limit:
            return float("inf")
    return time.perf_counter() - t


def measure(p: Puzzle, repeats: int, plain_limit: float) -> dict[str, float]:
    """Best times of both sides on the three tasks, checked against each other."""
    tasks: list[tuple[str, Callable[[], object], Callable[[], object]]] = [
        ("count", lambda: count(p).count, lambda: base.cpsat_count(p)),
        ("solve", lambda: solve(p), lambda: base.cpsat_solve(p)),
        ("unique", lambda: is_unique(p), lambda: cpsat_unique(p))]
    best: dict[str, float] = {}
    got: dict[str, object] = {}
    for i in range(max(repeats, QUICK_REPEATS)):
        if i >= repeats and best["count_cpsat"] >= QUICK:
            break
        for task, ours, theirs in tasks:
            for side, fn in (("ours", ours), ("cpsat", theirs)):
                t = time.perf_counter()
                got[f"{task}_{side}"] = fn()
                dt = time.perf_counter() - t
                best[f"{task}_{side}"] = min(best.get(f"{task}_{side}", dt), dt)
        if i == 0 and best["count_cpsat"] > base.LONG:
            break
    n = got["count_ours"]
    if n != got["count_cpsat"]:
        raise SystemExit(f"count mismatch: nqueens {n}, CP-SAT {got['count_cpsat']}:\n"
                         f"{p.to_text()}")
    if got["unique_ours"] != (n == 1) or got["unique_cpsat"] != (n == 1):
        raise SystemExit(f"uniqueness verdict wrong for {n} solutions:\n{p.to_text()}")
    found = got["solve_ours"]
    squares = None if found is None else [list(sq) for sq in
                                          base.star_squares(found)]  # type: ignore[arg-type]
    if (squares is None) != (n == 0) or (squares is not None and not base.obeys(p, squares)):
        raise SystemExit(f"solve gave {found} for {n} solutions:\n{p.to_text()}")
    best["solutions"] = float(n)  # type: ignore[arg-type]
    if p.stars >= sat.MIN_STARS:
        saved, exact.PORTFOLIO = exact.PORTFOLIO, False
        try:
            best["count_plain"] = plain_count(p, plain_limit)
        finally:
            exact.PORTFOLIO = saved
    return best


def ratio_cells(rows: list[dict[str, float]], task: str, ours: str = "ours") -> list[str]:
    ratios = [r[f"{task}_{ours}"] / r[f"{task}_cpsat"] for r in rows]
    return [fmt(statistics.median(ratios)), fmt(max(ratios))]


def worst_text(name: str, rows: list[dict[str, float]]) -> str:
    """Per task, the puzzle of the family with the highest ratio and both its times."""
    out = []
    for task in ("count", "solve", "unique"):
        i = max(range(len(rows)), key=lambda j: rows[j][f"{task}_ours"] / rows[j][f"{task}_cpsat"])
        ours, theirs = rows[i][f"{task}_ours"] * 1e3, rows[i][f"{task}_cpsat"] * 1e3
        out.append(f"{task} #{i} ({ours:.2f} / {theirs:.2f})")
    return f"{name}: " + ", ".join(out)


def fmt(ratio: float) -> str:
    return "> limit" if ratio == float("inf") else f"{ratio:.2f}x"


def ms(t: float) -> str:
    return "> limit" if t == float("inf") else f"{t * 1e3:,.1f}"


HEADER = ("| family | puzzles | k | solutions (median) | count: CP-SAT ms (median) | "
          "count: nqueens / CP-SAT, median | worst | solve: median | worst | "
          "is_unique: median | worst | plain search count / CP-SAT, median | worst |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def table_row(name: str, k: int, rows: list[dict[str, float]]) -> str:
    cells = [name, str(len(rows)), str(k), f"{statistics.median(r['solutions'] for r in rows):g}",
             ms(statistics.median(r["count_cpsat"] for r in rows)),
             *ratio_cells(rows, "count"), *ratio_cells(rows, "solve"),
             *ratio_cells(rows, "unique")]
    cells += ratio_cells(rows, "count", "plain") if "count_plain" in rows[0] else ["-", "-"]
    return "| " + " | ".join(cells) + " |"


def families(args: argparse.Namespace) -> list[tuple[str, list[Puzzle]]]:
    fams = [("random 14 x 14", [base.star_battle(14, 3, s) for s in range(args.random)]),
            ("real 15 x 15 (noqx)", [base.three_star()]),
            ("made 21 x 21", made(21)), ("made 25 x 25", made(25))]
    levels = [p for p, _ in base.community()][: args.community]
    if levels:
        fams.append(("community levels", levels))
    return [(name, ps) for name, ps in fams if ps]


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one puzzle a family (smoke run)")
    ap.add_argument("--out", metavar="FILE", help="write the run here instead of the results")
    ap.add_argument("--repeats", type=int, default=2, help="best of this many (default 2)")
    ap.add_argument("--random", type=int, default=8, help="random 14 x 14 boards (default 8)")
    ap.add_argument("--community", type=int, default=480,
                    help="community levels (default all 480)")
    ap.add_argument("--plain-limit", type=float, default=20.0,
                    help="seconds the plain search may count a puzzle (default 20)")
    args = ap.parse_args()
    if args.quick:
        args.random, args.community, args.repeats = 1, 5, 1
    if not sat.available():
        raise SystemExit("python-sat is not installed (pip install 'nqueens-toolkit[sat]')")
    load_at_start = os.getloadavg()[0]
    warm = base.three_star()
    count(warm), solve(warm), base.cpsat_count(warm)  # compile and load before timing
    count(base.star_battle(14, 3, 1000))  # and the row counter, which a 1-solution board skips
    lines = [HEADER]
    worst = []
    started = time.perf_counter()
    for name, puzzles in families(args):
        if args.quick:
            puzzles = puzzles[:1]
        rows = [measure(p, args.repeats, args.plain_limit) for p in puzzles]
        lines.append(table_row(name, puzzles[0].stars, rows))
        worst.append(worst_text(name, rows))
        print(lines[-1], flush=True)
    print(f"({time.perf_counter() - started:.0f} s in all)")
    lines += ["", "The worst puzzle of each family and task (its place in the family, from 0; "
              "nqueens ms / CP-SAT ms): " + "; ".join(worst) + "."]
    if args.quick:
        return
    load = (load_at_start, os.getloadavg()[0])
    from _results import publish  # benchmarks/_results.py

    publish("stars", "\n".join([*intro(args, load), *lines]) + "\n", out=args.out)


def intro(args: argparse.Namespace, load: tuple[float, float]) -> list[str]:
    import ortools
    import pysat

    return [
        "# Star Battle with 3 to 6 stars against CP-SAT", "",
        f"Measured by `python benchmarks/puzzles/bench_stars.py` on {machine_line()}, load "
        f"average {load[0]:.1f} at the start and {load[1]:.1f} at the end; OR-Tools "
        f"{ortools.__version__}, python-sat {pysat.__version__} (solver {sat.SOLVER}). "
        "Per puzzle, in one warm process, nqueens' library calls (`count`, `solve`, "
        "`is_unique`) and CP-SAT (one worker, LP relaxation off, model building timed) "
        f"interleaved, best of {args.repeats} (of {QUICK_REPEATS} where CP-SAT counts in under "
        f"{QUICK * 1e3:.0f} ms: one preemption of the process decides a sub-millisecond time); "
        "every count checked equal, every solution "
        "against the rules, every uniqueness verdict against the count. The ratios are "
        "nqueens' time over CP-SAT's (below 1: nqueens faster), the median over the family's "
        "puzzles and the worst. k >= 3 puzzles go to the SAT portfolio "
        "(`nqueens.puzzles.sat`: our CNF, python-sat's Glucose; counts past "
        f"{sat.COUNT_CAP} solutions row by row, `nqueens.puzzles.row_count`: a dynamic "
        "programme over row states, four directions side by side); the last two columns are the "
        "compiled search alone counting (what `count` did before the portfolio), stopped "
        f"after {args.plain_limit:g} s. Random 14 x 14: `star_battle(14, 3, seed)` of "
        "bench_puzzles_cpsat.py, seeds 0.."
        f"{args.random - 1}; made boards: `nqueens puzzle make 21 --stars 5` (seeds 1-5) "
        "and `make 25 --stars 6` (seeds 1-3), in benchmarks/data/.", "",
    ]


if __name__ == "__main__":
    main()
