"""Region puzzles counted and solved by nqueens and by a CP-SAT model, puzzle by puzzle.

    PYTHONPATH=src python benchmarks/puzzles/bench_puzzles_cpsat.py [--quick] [--out FILE]

The sets:

1. **Community**: the player-made levels of an open-source Queens clone
   (``../shared/reference/puzzles/community-levels.jsonl``: 480 levels, 6 x 6 to 18 x 18, one
   star; 127 have a region in several pieces), each distinct grid once. Both counts must
   equal the level's recorded ``solutions``.
2. **Star Battle**: 10 x 10 with 2 stars and 14 x 14 with 3 stars (the classic sizes), built
   here: a random placement of k stars per row and column, no two touching (CP-SAT trying
   the squares in a random order fixed by the seed), its stars grouped k by k with their nearest
   neighbours, and n regions grown at random around the groups, so every puzzle has at
   least one solution and any number of others; regions may come in several pieces. With
   ``make`` from the package able to make k-star puzzles, its unique puzzles are a third
   set (``unique``).
3. **Star Battle from puzz.link**: the 2-star puzzles of ``tests/data/starbattle-puzzlink.jsonl``
   (10 x 10 to 13 x 13, each one solution: links found in public code, each record naming
   where), made by people, as a player imports them; and a 15 x 15 three-star puzzle,
   :data:`THREE_STAR` (one solution).

For every puzzle both sides count every solution (nqueens ``count``; CP-SAT
``enumerate_all_solutions`` with a callback that only counts) and find one solution
(nqueens ``solve``; CP-SAT ``Solve``). The counts must be equal (the check: the run stops
on the first difference), and each side's solution must obey the rules (checked here by
plain Python). Timings alternate nqueens, CP-SAT per puzzle and task, best of ``--repeats``;
CP-SAT runs one worker (enumeration requires it; the solve gets one too, as nqueens uses
one core) and its times include building the model. The table gives medians over puzzles
and the median of the per-puzzle ratios. Needs ``ortools`` (the optional ``bench`` extra).
Results are saved in benchmarks/results/puzzles_cpsat.jsonl and shown in docs/performance.md.
"""

from __future__ import annotations

import argparse
import inspect
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

from _common import machine_line  # noqa: E402  (benchmarks/_common.py)

from nqueens.puzzles import Puzzle, count, region_puzzle, solve  # noqa: E402
from nqueens.puzzles.solution import star_squares  # noqa: E402

CORPUS_NAME = Path("reference") / "puzzles" / "community-levels.jsonl"

Squares = list[list[int]]


def corpus_path() -> Path:
    for shared in (ROOT.parent / "shared", ROOT / "shared", ROOT.parents[1] / "shared"):
        if (shared / CORPUS_NAME).exists():
            return shared / CORPUS_NAME
    raise SystemExit(f"../shared/{CORPUS_NAME} not found")


# ---- the CP-SAT model --------------------------------------------------------------------

def cpsat_model(p: Puzzle):  # type: ignore[no-untyped-def]
    """k per row, column and region, no two touching (and the diagonal rule if set)."""
    from ortools.sat.python import cp_model

    n, k = p.n, p.stars
    m = cp_model.CpModel()
    x = [[m.NewBoolVar(f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        m.Add(sum(x[i]) == k)
        m.Add(sum(x[r][i] for r in range(n)) == k)
    for cells in p.region_cells():
        m.Add(sum(x[r][c] for r, c in cells) == k)
    for r in range(n - 1):
        for c in range(n - 1):
            m.AddAtMostOne(x[r][c], x[r + 1][c], x[r][c + 1], x[r + 1][c + 1])
    if p.uses_diagonals:
        for d in range(-(n - 1), n):
            m.AddAtMostOne(x[r][r - d] for r in range(n) if 0 <= r - d < n)
            m.AddAtMostOne(x[r][d + n - 1 - r] for r in range(n) if 0 <= d + n - 1 - r < n)
    return m, x


def tune(solver) -> None:  # type: ignore[no-untyped-def]
    """One worker; no LP relaxation (linearization_level 0): 30 to 60 times faster than
    CP-SAT's default at enumerating the Star Battle puzzles, as fast on the community levels
    (median ratio 1.01 over 60 of them), and no slower at solving."""
    solver.parameters.num_workers = 1
    solver.parameters.linearization_level = 0


def cpsat_count(p: Puzzle) -> int:
    from ortools.sat.python import cp_model

    m, _x = cpsat_model(p)
    found = [0]

    class Tally(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        def on_solution_callback(self) -> None:
            found[0] += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    tune(solver)
    status = solver.Solve(m, Tally())
    if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        raise SystemExit(f"CP-SAT did not finish enumerating: {solver.StatusName(status)}")
    return found[0]


def cpsat_solve(p: Puzzle) -> Squares | None:
    from ortools.sat.python import cp_model

    m, x = cpsat_model(p)
    solver = cp_model.CpSolver()
    tune(solver)
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[r, c] for r in range(p.n) for c in range(p.n) if solver.Value(x[r][c])]


def ours_count(p: Puzzle) -> int:
    counted = count(p)
    assert counted.exact
    return counted.count


def ours_solve(p: Puzzle) -> Squares | None:
    found = solve(p)
    return None if found is None else [list(sq) for sq in star_squares(found)]


def obeys(p: Puzzle, squares: Squares) -> bool:
    """Plain Python: k stars in every row, column and region, none touching (or on a
    shared diagonal where the rules say so)."""
    n, k = p.n, p.stars
    tally: dict[tuple[str, int], int] = {}
    for r, c in squares:
        for unit in (("r", r), ("c", c), ("g", p.regions[r][c])):
            tally[unit] = tally.get(unit, 0) + 1
    if len(squares) != n * k or any(v != k for v in tally.values()):
        return False
    for i, (r1, c1) in enumerate(squares):
        for r2, c2 in squares[i + 1:]:
            dr, dc = abs(r1 - r2), abs(c1 - c2)
            if max(dr, dc) <= 1 or (p.uses_diagonals and dr == dc):
                return False
    return True


# ---- the puzzles -------------------------------------------------------------------------

def community() -> list[tuple[Puzzle, int]]:
    """Each grid of the corpus once (regions numbered in reading order, so levels that differ
    only in their letters are one), with its recorded count."""
    seen: set[tuple[tuple[int, ...], ...]] = set()
    out = []
    with corpus_path().open(encoding="utf-8") as f:
        for line in f:
            level = json.loads(line)
            p = region_puzzle(level["rows"])
            if p.regions not in seen:
                seen.add(p.regions)
                out.append((p, int(level["solutions"])))
    return out


def random_stars(n: int, k: int, seed: int) -> list[tuple[int, int]]:
    """k stars per row and column, none touching: the first placement CP-SAT finds trying
    the squares in a random order (fixed by ``seed``), a star first."""
    from ortools.sat.python import cp_model

    rng = random.Random(seed)
    m = cp_model.CpModel()
    x = [[m.NewBoolVar(f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        m.Add(sum(x[i]) == k)
        m.Add(sum(x[r][i] for r in range(n)) == k)
    for r in range(n - 1):
        for c in range(n - 1):
            m.AddAtMostOne(x[r][c], x[r + 1][c], x[r][c + 1], x[r + 1][c + 1])
    order = [x[r][c] for r in range(n) for c in range(n)]
    rng.shuffle(order)
    m.AddDecisionStrategy(order, cp_model.CHOOSE_FIRST, cp_model.SELECT_MAX_VALUE)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.search_branching = cp_model.FIXED_SEARCH
    solver.parameters.random_seed = seed
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise SystemExit(f"no {k}-star placement on {n} x {n} found")
    return [(r, c) for r in range(n) for c in range(n) if solver.Value(x[r][c])]


def star_battle(n: int, k: int, seed: int) -> Puzzle:
    """n regions grown at random around the stars of a random placement, k stars each."""
    rng = random.Random(seed)
    stars = random_stars(n, k, seed)
    free = set(stars)
    grid = [[-1] * n for _ in range(n)]
    for g in range(n):  # a random star and its k - 1 nearest free ones make a region
        first = rng.choice(sorted(free))
        group = sorted(free, key=lambda s: (abs(s[0] - first[0]) + abs(s[1] - first[1]),
                                            rng.random()))[:k]
        for r, c in group:
            grid[r][c] = g
            free.discard((r, c))
    owned = [(r, c) for r in range(n) for c in range(n) if grid[r][c] >= 0]
    while len(owned) < n * n:
        r, c = rng.choice(owned)
        options = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] < 0]
        if options:
            rr, cc = rng.choice(options)
            grid[rr][cc] = grid[r][c]
            owned.append((rr, cc))
    return region_puzzle(grid, stars=k)


THREE_STAR = ("https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1"
              "go2h84a4802gt5hah8la6046hc9aign1ga18424a42h8")
"""A 3-star Star Battle by a person: the example link of the Star Battle solver of the
noqx puzzle solver (github.com/T0nyX1ang/noqx, ``solver/starbattle.py``)."""


def three_star() -> Puzzle:
    from nqueens.puzzles.io.pzprjs import read_url

    return read_url(THREE_STAR).puzzle


def puzzlink() -> list[Puzzle]:
    """The k-star puzzles of ``tests/data/starbattle-puzzlink.jsonl`` (real puzz.link links)."""
    path = ROOT / "tests" / "data" / "starbattle-puzzlink.jsonl"
    return [region_puzzle(g["rows"], stars=g["stars"]) for g in
            map(json.loads, path.read_text(encoding="utf-8").splitlines())]


def made(n: int, k: int, seeds: range) -> list[Puzzle] | None:
    """Unique k-star puzzles from the package's ``make``, where it makes them."""
    from nqueens.puzzles import make

    if "stars" not in inspect.signature(make).parameters:
        return None
    return [make(n, stars=k, seed=s).puzzle for s in seeds]  # type: ignore[call-arg]


# ---- timing ------------------------------------------------------------------------------

def timed(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def side_by_side(p: Puzzle, repeats: int) -> dict[str, float | int]:
    """Best times of nqueens and CP-SAT counting and solving ``p``, interleaved; checked."""
    best = {"count_ours": float("inf"), "count_cpsat": float("inf"),
            "solve_ours": float("inf"), "solve_cpsat": float("inf")}
    results: dict[str, object] = {}
    tasks: list[tuple[str, Callable[[Puzzle], object]]] = [
        ("count_ours", ours_count), ("count_cpsat", cpsat_count),
        ("solve_ours", ours_solve), ("solve_cpsat", cpsat_solve)]
    for i in range(repeats):
        for key, fn in tasks:
            t, results[key] = timed(lambda fn=fn: fn(p))
            best[key] = min(best[key], t)
        if i == 0 and best["count_cpsat"] > LONG:
            break  # a long count is timed once
    n_ours, n_cpsat = results["count_ours"], results["count_cpsat"]
    if n_ours != n_cpsat:
        raise SystemExit(f"count mismatch: nqueens {n_ours}, CP-SAT {n_cpsat} on\n"
                         f"{p.to_text()}")
    for side in ("solve_ours", "solve_cpsat"):
        sol = results[side]
        if (sol is None) != (n_ours == 0) or (sol is not None and not obeys(p, sol)):  # type: ignore[arg-type]
            raise SystemExit(f"{side} gave {sol} for a puzzle with {n_ours} solutions:\n"
                             f"{p.to_text()}")
    return {**best, "solutions": int(n_ours)}  # type: ignore[call-overload]


LONG = 2.0
"""Seconds: a puzzle whose CP-SAT count takes longer is timed once, not best of repeats."""


def ms(t: float) -> str:
    return f"{t * 1e3:.2f}" if t < 1 else f"{t * 1e3:,.0f}"


def row(name: str, sizes: str, k: int, rows: list[dict[str, float | int]]) -> str:
    med = {key: statistics.median(r[key] for r in rows) for key in rows[0]}
    ratio_count = statistics.median(r["count_cpsat"] / r["count_ours"] for r in rows)
    ratio_solve = statistics.median(r["solve_cpsat"] / r["solve_ours"] for r in rows)
    sols = sorted(int(r["solutions"]) for r in rows)
    total_ours = sum(r["count_ours"] for r in rows)
    total_cpsat = sum(r["count_cpsat"] for r in rows)
    return (f"| {name} | {len(rows)} | {sizes} | {k} | {statistics.median(sols):g} "
            f"({sols[0]:,}-{sols[-1]:,}) | {ms(med['count_ours'])} | {ms(med['count_cpsat'])} "
            f"| {times(ratio_count)} | {total_ours:.2f} / {total_cpsat:.2f} | "
            f"{ms(med['solve_ours'])} | {ms(med['solve_cpsat'])} | {times(ratio_solve)} |")


def times(ratio: float) -> str:
    """A ratio as read: whole above 10, else two significant digits (0.011x: CP-SAT faster)."""
    return f"{ratio:.0f}x" if ratio >= 10 else f"{ratio:.2g}x"


HEADER = ("| set | puzzles | n | k | median solutions (range) | count: nqueens ms | "
          "count: CP-SAT ms | CP-SAT / nqueens | all counts, s (nqueens / CP-SAT) | "
          "solve: nqueens ms | solve: CP-SAT ms | CP-SAT / nqueens |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a few puzzles per set (smoke run)")
    ap.add_argument("--out", metavar="FILE",
                    help="write the run here (a trial) instead of into the results")
    ap.add_argument("--repeats", type=int, default=2, help="best of this many (default 2)")
    ap.add_argument("--per-set", type=int, default=10,
                    help="Star Battle puzzles per size (default 10; 0: community levels only)")
    args = ap.parse_args()
    load_at_start = os.getloadavg()[0]
    per_set = min(3, args.per_set) if args.quick else args.per_set
    levels = community()
    if args.quick:
        levels = levels[:20]
    count(levels[0][0])  # load (or compile) the kernels and CP-SAT before timing
    cpsat_count(levels[0][0])
    lines = [HEADER]
    started = time.perf_counter()
    measured = []
    for p, recorded in levels:
        got = side_by_side(p, args.repeats)
        if got["solutions"] != recorded:
            raise SystemExit(f"count {got['solutions']} but the level records {recorded}:\n"
                             f"{p.to_text()}")
        measured.append(got)
    sizes = f"{min(p.n for p, _ in levels)}-{max(p.n for p, _ in levels)}"
    lines.append(row("community levels", sizes, 1, measured))
    print(lines[-1], flush=True)
    for n, k in ((10, 2), (14, 3)) if per_set > 0 else ():
        sets = [("random regions", [star_battle(n, k, seed) for seed in range(per_set)])]
        unique = made(n, k, range(per_set))
        if unique is not None:
            sets.append(("unique (make)", unique))
        for name, puzzles in sets:
            lines.append(row(f"Star Battle, {name}", str(n), k,
                             [side_by_side(p, args.repeats) for p in puzzles]))
            print(lines[-1], flush=True)
    if per_set > 0:
        real = puzzlink()
        lines.append(row("Star Battle, puzz.link links", f"{min(p.n for p in real)}-"
                         f"{max(p.n for p in real)}", real[0].stars,
                         [side_by_side(p, args.repeats) for p in real]))
        print(lines[-1], flush=True)
        lines.append(row("Star Battle, puzz.link 3-star (noqx)", "15", 3,
                         [side_by_side(three_star(), args.repeats)]))
        print(lines[-1], flush=True)
    print(f"({time.perf_counter() - started:.0f} s in all)")
    args.load = (load_at_start, os.getloadavg()[0])
    if args.quick:
        return
    from _results import publish  # benchmarks/_results.py

    publish("puzzles_cpsat", "\n".join([*intro(args), *lines]) + "\n", out=args.out)


def intro(args: argparse.Namespace) -> list[str]:
    return [
        "# Puzzles against CP-SAT", "",
        f"Measured by `python benchmarks/puzzles/bench_puzzles_cpsat.py` on {machine_line()}, "
        f"load average {args.load[0]:.1f} at the start and {args.load[1]:.1f} at the end; "
        f"OR-Tools {ortools_version()}. Per puzzle, nqueens and "
        "CP-SAT count every solution and find one, interleaved, best of "
        f"{args.repeats} (once where CP-SAT's count took over {LONG:g} s); every count is "
        "checked equal between the two (and, for the community levels, to the recorded "
        "count), every solution checked against the rules. CP-SAT: one worker, LP "
        "relaxation off (`linearization_level` 0: 30-60x faster than its default at "
        "enumerating the Star Battle puzzles, as fast on the community levels), times "
        "including building the model. The ratio columns are the median of the per-puzzle "
        "ratios; 'all counts' is the sum over the set.", "",
        "The community levels are the 480 player-made levels of an open-source Queens clone "
        "(127 with a region in several pieces)." + (
            " The Star Battle puzzles are random: n regions grown around a random placement "
            "of k stars per row and column, so each has at least one solution, often "
            "hundreds; 'unique (make)' rows are the package's own puzzles, where `make` makes "
            "k-star puzzles. The puzz.link row is the 2-star puzzles of "
            "`tests/data/starbattle-puzzlink.jsonl`: people's puzzles, from puzz.link links "
            "found in public code (each record names where), one solution each; the "
            "3-star row a 15 x 15 puzzle from the example link of the noqx solver "
            "(github.com/T0nyX1ang/noqx, `solver/starbattle.py`), one solution." if
            args.per_set > 0 else
            " This run has no Star Battle rows (`--per-set 0`)."), "",
    ]


def ortools_version() -> str:
    import ortools

    return str(ortools.__version__)


if __name__ == "__main__":
    main()
