"""n-Queens Completion at scale: our compiled search side by side with OR-Tools CP-SAT.

Families of instances (all generated here, seeded, so every run poses the same ones):

- ``random``: ``random_instance(n, k)`` (k random non-attacking queens) plus b random
  blocked squares, n = 50, 100, 200, k = 5%, 20%, 50% of n, b = 0, n, 2n.
- ``gen-fast``: made the way CSPLib prob079's ``queens-gen-fast.py`` is described: visit the
  squares of the board in a random order and put a queen on each one no queen placed so far
  attacks, until k queens stand (k = 10%, 30%, 60% of n).
- ``diag``: made the way CSPLib prob079's ``queens-diag-gen.py`` is described: shuffle all
  2(2n - 1) sum and difference diagonals and walk the list, excluding a diagonal only when
  every row and column keeps at least ``mininfile`` open squares; an instance excludes the
  first d of that list (d = 25%, 50%, 75% of its length). The excluded diagonals are posed
  directly as blocked squares (the equivalent blocked-board problem) rather than through the
  larger-board translation of prob079's ``queens-diag-transform.py``.
- ``blocked`` (prob080-style): each square blocked with probability p (p = 0.2, 0.4, 0.6).

For each instance: our ``nqueens.completion.solve`` (order ``"constrained"``, seed 0) and
CP-SAT (a boolean per open square, exactly one per row and column, at most one per
diagonal; one search worker, as ours is single-threaded) run one after the other (A B A B),
each answer checked by ``nqueens.board.is_solution`` and the placed queens; the two must
agree on whether a completion exists. Times are wall seconds: ours is the whole public call
(validation, set-up, search), CP-SAT's is ``Solve`` alone (model building not counted).
A first section measures where the textbook (``order="rows"``) search stops being instant.
Results are saved in benchmarks/results/completion.jsonl and shown in docs/performance.md.

    python benchmarks/puzzles/bench_completion.py            # everything (needs ortools)
    python benchmarks/puzzles/bench_completion.py --quick    # n = 50 and 100 only, 1 seed
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from nqueens.board import is_solution  # noqa: E402
from nqueens.completion import _Search, random_instance, solve  # noqa: E402

Square = tuple[int, int]
Instance = tuple[str, int, list[Square], list[Square]]


# -- generators ---------------------------------------------------------------------------


DIAG_FRACTIONS = (0.1, 0.2, 0.3, 0.4)


def gen_random(n: int, k: int, b: int, seed: int) -> tuple[list[Square], list[Square]]:
    rng = random.Random(seed)
    queens = random_instance(n, k, seed=rng.randrange(2**31))
    occupied = set(queens)
    blocked: set[Square] = set()
    while len(blocked) < b:
        sq = (rng.randrange(n), rng.randrange(n))
        if sq not in occupied:
            blocked.add(sq)
    return queens, sorted(blocked)


def gen_fast(n: int, k: int, seed: int) -> list[Square]:
    """Random squares in random order; a queen on each one not yet attacked, until k."""
    rng = random.Random(seed)
    squares = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(squares)
    rows: set[int] = set()
    cols: set[int] = set()
    d1: set[int] = set()
    d2: set[int] = set()
    queens: list[Square] = []
    for r, c in squares:
        if len(queens) == k:
            break
        if r in rows or c in cols or r - c in d1 or r + c in d2:
            continue
        queens.append((r, c))
        rows.add(r)
        cols.add(c)
        d1.add(r - c)
        d2.add(r + c)
    return sorted(queens)


def gen_diag(n: int, mininfile: int, seed: int) -> list[tuple[int, int]]:
    """The excluded-diagonals list: (index, kind) with kind 1 = sum r + c, 0 = difference
    r - c + n - 1; every prefix keeps >= mininfile open squares in each row and column."""
    rng = random.Random(seed)
    diags = [(i, kind) for kind in (0, 1) for i in range(2 * n - 1)]
    rng.shuffle(diags)
    row_open = [n] * n
    col_open = [n] * n
    closed: set[Square] = set()
    chosen = []
    for i, kind in diags:
        squares = [(r, c) for r in range(n)
                   for c in ([i - r] if kind == 1 else [r - (i - n + 1)])
                   if 0 <= c < n and (r, c) not in closed]
        rows: dict[int, int] = {}
        cols: dict[int, int] = {}
        for r, c in squares:
            rows[r] = rows.get(r, 0) + 1
            cols[c] = cols.get(c, 0) + 1
        if any(row_open[r] - m < mininfile for r, m in rows.items()) or any(
                col_open[c] - m < mininfile for c, m in cols.items()):
            continue
        for r, c in squares:
            closed.add((r, c))
            row_open[r] -= 1
            col_open[c] -= 1
        chosen.append((i, kind))
    return chosen


def diag_blocked(n: int, diags: list[tuple[int, int]]) -> list[Square]:
    out = set()
    for i, kind in diags:
        for r in range(n):
            c = i - r if kind == 1 else r - (i - n + 1)
            if 0 <= c < n:
                out.add((r, c))
    return sorted(out)


def gen_blocked(n: int, p: float, seed: int) -> list[Square]:
    rng = random.Random(seed)
    return [(r, c) for r in range(n) for c in range(n) if rng.random() < p]


def instances(sizes: list[int], seeds: int) -> list[Instance]:
    out: list[Instance] = []
    for n in sizes:
        for s in range(seeds):
            for kf in (0.05, 0.2, 0.5):
                for bf in (0, 1, 2):
                    q, b = gen_random(n, int(kf * n), bf * n, seed=1000 * n + 10 * s + bf)
                    out.append((f"random k={kf:.0%} b={bf}n", n, q, b))
            for kf in (0.1, 0.3, 0.6):
                out.append((f"gen-fast k={kf:.0%}", n, gen_fast(n, int(kf * n), 7 * n + s), []))
            diags = gen_diag(n, 4, 11 * n + s)
            for df in DIAG_FRACTIONS:
                d = int(df * len(diags))
                out.append((f"diag d={df:.0%}", n, [], diag_blocked(n, diags[:d])))
            for p in (0.2, 0.4, 0.6):
                out.append((f"blocked p={p}", n, [], gen_blocked(n, p, 13 * n + s)))
    return out


# -- solvers ------------------------------------------------------------------------------


def ours(n: int, queens: list[Square], blocked: list[Square],
         limit: float) -> tuple[float, bool | None]:
    """What ``solve(..., order="constrained", seed=0)`` does, slice by slice, given up
    after ``limit`` seconds (then the answer is None: undecided)."""
    k = __import__("nqueens.kernels.completion", fromlist=["x"])
    start = time.perf_counter()
    s = _Search(n, queens, blocked, "constrained", stop=True, restart=True, seed=0)
    while (st := k.search(n, s.w, *s.state, s.budget)) == k.STATUS_BUDGET:
        if time.perf_counter() - start > limit:
            return time.perf_counter() - start, None
    t = time.perf_counter() - start
    if st == k.STATUS_SOLUTION:
        p = tuple(int(c) for c in s.state[2][0])
        assert is_solution(p) and all(p[r] == c for r, c in queens)
        assert not any(p[r] == c for r, c in blocked)
    return t, st == k.STATUS_SOLUTION


def cpsat(n: int, queens: list[Square], blocked: list[Square],
          limit: float) -> tuple[float, bool | None]:
    from ortools.sat.python import cp_model

    closed = set(blocked)
    m = cp_model.CpModel()
    x = {(r, c): m.NewBoolVar("") for r in range(n) for c in range(n) if (r, c) not in closed}
    for r, c in queens:
        m.Add(x[r, c] == 1)
    for r in range(n):
        m.AddExactlyOne([x[r, c] for c in range(n) if (r, c) in x])
    for c in range(n):
        m.AddExactlyOne([x[r, c] for r in range(n) if (r, c) in x])
    for d in range(-n + 1, n):
        m.AddAtMostOne([v for (r, c), v in x.items() if r - c == d])
    for s in range(2 * n - 1):
        m.AddAtMostOne([v for (r, c), v in x.items() if r + c == s])
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    solver.parameters.max_time_in_seconds = limit
    start = time.perf_counter()
    status = solver.Solve(m)
    t = time.perf_counter() - start
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        p = [next(c for c in range(n) if (r, c) in x and solver.Value(x[r, c])) for r in range(n)]
        assert is_solution(p)
        return t, True
    if status == cp_model.INFEASIBLE:
        return t, False
    return t, None


def textbook_threshold(sizes: list[int], per: int, cap: float) -> list[str]:
    """Median and worst time of order="rows" on random boards (n // 10 queens, up to 2n
    blocked squares), each run cut off at ``cap`` seconds."""
    rows = [f"| n | median s | worst s | cut off at {cap:g} s |", "|---:|---:|---:|---:|"]
    k = __import__("nqueens.kernels.completion", fromlist=["x"])
    for n in sizes:
        times = []
        cut = 0
        for i in range(per):
            q, b = gen_random(n, max(1, n // 10), random.Random(i).randint(0, 2 * n), seed=i)
            start = time.perf_counter()
            s = _Search(n, q, b, "rows", stop=True, restart=False, seed=0)
            while True:
                st = k.search(n, s.w, *s.state, s.budget)
                if st != k.STATUS_BUDGET:
                    break
                if time.perf_counter() - start > cap:
                    cut += 1
                    break
            times.append(time.perf_counter() - start)
        rows.append(f"| {n} | {statistics.median(times):.4f} | {max(times):.4f} | {cut}/{per} |")
        print(rows[-1], flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-doc", action="store_true", help="print only, leave the docs alone")
    ap.add_argument("--limit", type=float, default=10.0,
                    help="give either solver up this many seconds an instance (undecided)")
    a = ap.parse_args()
    sizes = [50, 100] if a.quick else [50, 100, 200]
    seeds = 1
    solve(8, [(0, 0)], order="constrained")  # compile (or load) the kernels first
    solve(8, [(0, 0)], order="rows")

    lines = [f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
             f"{platform.machine()}, Python {platform.python_version()}; the machine was "
             "shared and loaded (2 cores, several other jobs), so read ratios, not "
             "absolute times. Re-run: `python benchmarks/puzzles/bench_completion.py`.", "",
             "### Where the textbook order stops being instant", ""]
    lines += textbook_threshold([16, 20, 24, 28, 32, 40], 10, 2.0)
    lines += ["", "### The suite: ours (`order=\"constrained\"`) against CP-SAT", ""]
    try:
        import ortools  # noqa: F401
        have_cpsat = True
    except ImportError:
        have_cpsat = False
        lines.append("(ortools not installed: CP-SAT column empty)")
    table = ["| family | n | queens | blocked | answer | ours s | CP-SAT s | ratio |",
             "|---|---:|---:|---:|---|---:|---:|---:|"]
    ours_t: list[float] = []
    sat_t: list[float] = []
    per_n: dict[int, list[tuple[float, float]]] = {}
    for fam, n, q, b in instances(sizes, seeds):
        t1, found = ours(n, q, b, a.limit)
        t2, sat = cpsat(n, q, b, a.limit) if have_cpsat else (float("nan"), None)
        if found is not None:   # A B A: ours twice around CP-SAT, keep the faster
            t1 = min(t1, ours(n, q, b, a.limit)[0])
        if sat is not None and found is not None:
            assert sat == found, (fam, n, q, b)
        ours_t.append(t1)
        if have_cpsat:
            sat_t.append(t2)
            per_n.setdefault(n, []).append((t1, t2))
        answer = {True: "completion", False: "none (proof)", None: "undecided"}[
            found if found is not None else sat]
        if found is None and sat is None:
            answer = "undecided by both"
        elif found is None:
            answer += " (CP-SAT only)"
        elif have_cpsat and sat is None:
            answer += " (ours only)"
        table.append(f"| {fam} | {n} | {len(q)} | {len(b)} | {answer} | {t1:.4f} | "
                     f"{t2:.4f} | {t2 / t1:.0f}x |" if have_cpsat else
                     f"| {fam} | {n} | {len(q)} | {len(b)} | {answer} | {t1:.4f} | | |")
        print(table[-1], flush=True)
    summary = [f"{len(ours_t)} instances; ours: median {statistics.median(ours_t):.4f} s, "
               f"worst {max(ours_t):.4f} s"]
    if sat_t:
        summary[0] += (f"; CP-SAT (1 worker, Solve only): median {statistics.median(sat_t):.4f}"
                       f" s, worst {max(sat_t):.4f} s")
        for n, pairs in sorted(per_n.items()):
            summary.append(f"n = {n}: ours median {statistics.median(p[0] for p in pairs):.4f} "
                           f"s, worst {max(p[0] for p in pairs):.4f} s; CP-SAT median "
                           f"{statistics.median(p[1] for p in pairs):.4f} s, worst "
                           f"{max(p[1] for p in pairs):.4f} s")
    lines += ["- " + s for s in summary] + [""] + table
    text = "\n".join(lines) + "\n"
    print(text)
    if not a.no_doc and not a.quick:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from _results import publish  # benchmarks/_results.py

        publish("completion", "# Completion: our search against CP-SAT\n\n" + text)


if __name__ == "__main__":
    main()
