"""Time puzzle counting and generation against OR-Tools CP-SAT; update docs/puzzles.md.

    PYTHONPATH=src python benchmarks/puzzles/bench_puzzles.py [--quick]

1. Counting: for each n in 8..14, the same random region puzzles (n connected regions grown
   at random from n random squares; any number of solutions) and the same generated unique
   puzzles are counted exactly by nqueens (the compiled sliced search) and by CP-SAT
   (``enumerate_all_solutions``, one worker). The counts must agree: each side checks the
   other. CP-SAT times include building its model; CP-SAT gets at most 20 s per puzzle
   (random puzzles can have tens of thousands of solutions, each a Python callback), and a
   row where it ran out says so and gives its time as a lower bound.
2. Generation: ``make(n, logic_only=True)`` at 8, 10, 12 for several seeds, once with the
   package's final uniqueness proof and once with CP-SAT giving it (the generator's
   ``is_unique`` patched to call CP-SAT; the search among the squares the logical solver
   leaves open stays ours); each made puzzle is re-checked unique by the other.

3. The community corpus: all 480 player-made levels of an open-source Queens clone
   (``../shared/reference/puzzles/community-levels.jsonl``, regions in several pieces
   included) counted exactly, one after the other in one process as a test or a user
   would, every count checked against the level's recorded ``solutions``; the whole pass
   timed, best of 3 (the kernels loaded before), with the median and slowest level. This
   part needs no CP-SAT, runs alone with ``--community`` and is saved in
   ``results/puzzles.jsonl`` (shown in docs/performance.md) unless ``--no-write``.

Timings alternate A B A B per puzzle and keep each side's best of the repeats; the table
gives medians over puzzles. Needs ``ortools`` (pip install ortools): an optional benchmark
dependency, not one of the package's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from nqueens.puzzles import Puzzle, count, make, region_puzzle  # noqa: E402
from nqueens.puzzles import steer as steer_module  # noqa: E402
from nqueens.puzzles.generate import random_regions  # noqa: E402

DOCS = ROOT / "docs" / "puzzles.md"
START, END = "<!-- bench-puzzles:start -->", "<!-- bench-puzzles:end -->"


def cpsat_model(p: Puzzle):  # type: ignore[no-untyped-def]
    from ortools.sat.python import cp_model

    n = p.n
    m = cp_model.CpModel()
    x = [[m.NewBoolVar(f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        m.AddExactlyOne(x[i])
        m.AddExactlyOne(x[r][i] for r in range(n))
    if p.regions:
        for cells in p.region_cells():
            m.AddExactlyOne(x[r][c] for r, c in cells)
    if p.touching:
        for r in range(n - 1):
            for c in range(n - 1):
                m.AddAtMostOne(x[r][c], x[r + 1][c], x[r][c + 1], x[r + 1][c + 1])
    if p.uses_diagonals:
        for d in range(-(n - 1), n):
            m.AddAtMostOne(x[r][r - d] for r in range(n) if 0 <= r - d < n)
            m.AddAtMostOne(x[r][d + n - 1 - r] for r in range(n) if 0 <= d + n - 1 - r < n)
    for r, c in p.givens:
        m.Add(x[r][c] == 1)
    for r, c in p.blocked:
        m.Add(x[r][c] == 0)
    return m, x


def cpsat_solutions(p: Puzzle, limit: int = 0, seconds: float | None = None
                    ) -> list[tuple[int, ...]] | None:
    """Every solution (or the first ``limit``) by CP-SAT enumeration, one worker; None when
    ``seconds`` ran out first."""
    from ortools.sat.python import cp_model

    m, x = cpsat_model(p)
    found: list[tuple[int, ...]] = []

    class Collect(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        def on_solution_callback(self) -> None:
            found.append(tuple(next(c for c in range(p.n) if self.Value(x[r][c]))
                               for r in range(p.n)))
            if limit and len(found) >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    if seconds is not None:
        solver.parameters.max_time_in_seconds = seconds
    status = solver.Solve(m, Collect())
    if status == cp_model.UNKNOWN or (status == cp_model.FEASIBLE and not limit):
        return None
    return found


def random_puzzle(n: int, rng: random.Random) -> Puzzle:
    seeds = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
    return region_puzzle(random_regions(n, rng, seeds))


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def ab(fa: Callable[[], object], fb: Callable[[], object], repeats: int
       ) -> tuple[float, float, object, object]:
    """Best times of A and B, alternating A B A B (B returning None: it gave up; no repeat)."""
    ta = tb = float("inf")
    ra = rb = None
    for _ in range(repeats):
        t, ra = timed(fa)
        ta = min(ta, t)
        t, rb = timed(fb)
        tb = min(tb, t)
        if rb is None:
            break
    return ta, tb, ra, rb


CAP = 20.0
"""Seconds CP-SAT may spend enumerating one puzzle's solutions (its time is then a bound)."""


def _length(found: list[tuple[int, ...]] | None) -> int | None:
    return None if found is None else len(found)


def ms(t: float) -> str:
    return f"{t * 1e3:.2f}" if t < 1 else f"{t * 1e3:,.0f}"


CORPUS = Path("reference") / "puzzles" / "community-levels.jsonl"


def community_levels() -> list[tuple[Puzzle, int]]:
    """Every community level (all 480, duplicates included) with its recorded count."""
    for shared in (ROOT.parent / "shared", ROOT / "shared", ROOT.parents[1] / "shared"):
        if (shared / CORPUS).exists():
            lines = (shared / CORPUS).read_text(encoding="utf-8").splitlines()
            return [(region_puzzle(lv["rows"]), int(lv["solutions"]))
                    for lv in map(json.loads, lines)]
    raise SystemExit(f"../shared/{CORPUS} not found")


def community_timing(passes: int = 3) -> str:
    """Count every community level, checked; the whole pass's best time, as Markdown."""
    from _common import machine_line  # benchmarks/_common.py

    levels = community_levels()
    load = os.getloadavg()[0]
    count(levels[0][0])  # load (or compile) the kernels first
    best, per = float("inf"), [float("inf")] * len(levels)
    for _ in range(passes):
        start = time.perf_counter()
        for i, (p, recorded) in enumerate(levels):
            t = time.perf_counter()
            got = count(p)
            per[i] = min(per[i], time.perf_counter() - t)
            if not got.exact or got.count != recorded:
                raise SystemExit(f"count {got.count} but the level records {recorded}:\n"
                                 f"{p.to_text()}")
        best = min(best, time.perf_counter() - start)
    pieces = sum(1 for p, _ in levels if not _connected(p))
    slowest = max(range(len(levels)), key=per.__getitem__)
    return "\n".join([
        "## Counting every community level", "",
        f"Measured by `python benchmarks/puzzles/bench_puzzles.py --community` on "
        f"{machine_line()}, load average {load:.1f} at the start and "
        f"{os.getloadavg()[0]:.1f} at the end. All {len(levels)} player-made levels of an "
        f"open-source Queens clone ({pieces} with a region in several pieces) counted "
        "exactly by `nqueens.puzzles.count`, one after the other in one process, every "
        "count equal to the level's recorded count; the whole pass best of "
        f"{passes}, the kernels loaded before.", "",
        "| levels | n | all counts, s | median level, ms | slowest level, ms | slowest n | "
        "its solutions |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {len(levels)} | {min(p.n for p, _ in levels)}-{max(p.n for p, _ in levels)} | "
        f"{best:.2f} | {statistics.median(per) * 1e3:.2f} | {per[slowest] * 1e3:.1f} | "
        f"{levels[slowest][0].n} | {levels[slowest][1]:,} |", ""])


def _connected(p: Puzzle) -> bool:
    n = p.n
    for cells in p.region_cells():
        seen, todo = {cells[0]}, [cells[0]]
        inside = set(cells)
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in inside and nb not in seen and 0 <= nb[0] < n:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != len(cells):
            return False
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer puzzles (a smoke run)")
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--per-size", type=int, default=5, help="puzzles per size (default 5)")
    ap.add_argument("--community", action="store_true",
                    help="only count the community levels (part 3; no CP-SAT needed)")
    args = ap.parse_args()
    section = community_timing(1 if args.quick else 3)
    print(section, flush=True)
    if not args.no_write and not args.quick:
        from _results import save  # benchmarks/_results.py

        save("puzzles", section)
    if args.community:
        return
    per_size = 3 if args.quick else args.per_size
    repeats = 2
    lines = [*counting_table(per_size, repeats), "", *generation_table(per_size, repeats)]
    table = "\n".join(lines)
    if args.no_write or not DOCS.exists():
        return
    text = DOCS.read_text(encoding="utf-8")
    if START in text and END in text:
        head, rest = text.split(START, 1)
        _, tail = rest.split(END, 1)
        DOCS.write_text(f"{head}{START}\n{table}\n{END}{tail}", encoding="utf-8")
        print(f"wrote {DOCS}")


def counting_table(per_size: int, repeats: int) -> list[str]:
    """Part 1: random and unique puzzles counted by nqueens and CP-SAT, n = 8..14."""
    rng = random.Random(2026)
    count(random_puzzle(6, rng))  # compile (or load) the kernel first
    lines = []
    lines.append("Counting (exact), median over puzzles of each side's best of "
                 f"{repeats}, A B A B:\n")
    lines.append("| n | puzzles | kind | median solutions | nqueens ms | CP-SAT ms | "
                 "CP-SAT / nqueens | note |")
    lines.append("|---:|---:|---|---:|---:|---:|---:|---|")
    for n in range(8, 15):
        for kind in ("random", "unique"):
            puzzles = ([random_puzzle(n, rng) for _ in range(per_size)] if kind == "random"
                       else [make(n, seed=s).puzzle for s in range(per_size)])
            ours, theirs, counts = [], [], []
            gave_up = 0
            for p in puzzles:
                ta, tb, ra, rb = ab(lambda p=p: count(p).count,
                                    lambda p=p: _length(cpsat_solutions(p, seconds=CAP)),
                                    repeats)
                if rb is None:
                    gave_up += 1
                elif ra != rb:
                    raise SystemExit(f"count mismatch on\n{p.to_text()}nqueens {ra}, "
                                     f"CP-SAT {rb}")
                ours.append(ta)
                theirs.append(tb)
                counts.append(int(ra))  # type: ignore[call-overload]
            mo, mt = statistics.median(ours), statistics.median(theirs)
            over = "≥ " if gave_up else ""
            row = (f"| {n} | {len(puzzles)} | {kind} | {statistics.median(counts):g} | "
                   f"{ms(mo)} | {over}{ms(mt)} | {over}{mt / mo:.0f}x | "
                   + (f"CP-SAT stopped at {CAP:g} s on {gave_up} of {len(puzzles)} "
                      if gave_up else "") + "|")
            print(row, flush=True)
            lines.append(row)
    return lines


def generation_table(per_size: int, repeats: int) -> list[str]:
    """Part 2: generation with the package's uniqueness check against CP-SAT's."""
    lines = []
    lines.append("Generating a unique logic-only region puzzle (`make(n, logic_only=True)`), "
                 "same seeds, its final uniqueness proof (the count up to 2 of the puzzle "
                 "the logical solver accepted) by nqueens or by CP-SAT, A B A B; 'checks' "
                 "is the median over seeds of the proofs one generation ran (the mean of "
                 "both sides):\n")
    lines.append("| n | seeds | median checks | nqueens ms | with CP-SAT ms | ratio |")
    lines.append("|---:|---:|---:|---:|---:|---:|")
    own_unique = steer_module.is_unique
    calls = [0]

    def cpsat_unique(p: Puzzle) -> bool:
        calls[0] += 1
        found = cpsat_solutions(p, limit=2)
        assert found is not None
        return len(found) == 1

    def counted_unique(p: Puzzle) -> bool:
        calls[0] += 1
        return own_unique(p)

    for n in (8, 10, 12):
        ours, theirs, checks = [], [], []
        for seed in range(per_size):
            def with_ours(seed: int = seed, n: int = n) -> object:
                steer_module.is_unique = counted_unique  # type: ignore[assignment]
                return make(n, seed=seed, logic_only=True).puzzle

            def with_cpsat(seed: int = seed, n: int = n) -> object:
                steer_module.is_unique = cpsat_unique  # type: ignore[assignment]
                return make(n, seed=seed, logic_only=True).puzzle

            calls[0] = 0
            ta, tb, ra, rb = ab(with_ours, with_cpsat, repeats)
            checks.append(calls[0] / (2 * repeats))
            steer_module.is_unique = own_unique  # type: ignore[assignment]
            # each puzzle is re-checked unique by the other side
            assert isinstance(ra, Puzzle) and isinstance(rb, Puzzle)
            if _length(cpsat_solutions(ra)) != 1 or count(rb).count != 1:
                raise SystemExit(f"n={n} seed={seed}: a made puzzle is not unique")
            ours.append(ta)
            theirs.append(tb)
        mo, mt = statistics.median(ours), statistics.median(theirs)
        row = (f"| {n} | {per_size} | {statistics.median(checks):g} | {ms(mo)} | {ms(mt)} | "
               f"{mt / mo:.1f}x |")
        print(row, flush=True)
        lines.append(row)
    return lines


if __name__ == "__main__":
    main()
