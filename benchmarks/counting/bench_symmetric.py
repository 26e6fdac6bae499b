"""How far the symmetric counts reach: ``count(n, symmetric=...)`` timed n after n.

For the quarter turn (n = 0, 1 mod 4: the others have none) and the half turn, board after
board from a small n, each count on the engine (``--workers`` threads, default every core)
in this process, after one small count so no time includes compiling. Each row shows our
count, the OEIS term (A033148 and A032522 from tests/data/oeis-symmetric.seq; "new" past
them) and the seconds; the run stops at the first board its prediction (the last time times
the growth per n) says would overrun ``--budget`` seconds for that symmetry. The growth per
n is the least-squares slope of log(seconds) over the last five boards. Each count states
its cost first, as the CLI does (`Problem.foreseen_nodes`, the nodes foreseen from the
measured growth, at the rate of a half-second sample): "foreseen s" is what it said the
rest would take, "s after it" what the rest took. A term we do not reproduce is marked
MISMATCH and the script exits 1. Saved to
benchmarks/results/symmetric.jsonl (the "symmetric" section of docs/performance.md), or to
``--out FILE`` for a trial run.

    python benchmarks/counting/bench_symmetric.py --budget 60     # a short run (shared machine)
    python benchmarks/counting/bench_symmetric.py --budget 3600   # an hour for each symmetry
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT / "tests"))

from _common import generated_line, machine_line  # noqa: E402
from _results import publish  # noqa: E402

from _oeis_seq import terms  # noqa: E402

START = {"rot90": 16, "rot180": 12}
NEXT = {"rot90": 72, "rot180": 33}
"""The first n whose term no OEIS entry lists (the shared excerpts: A032522 to n = 32;
A260318, half of A033148, to n = 69, and n = 70, 71 have none), beyond the counts' n = 62
for the quarter turn: its reach is told by n = 61, the largest board it counts."""
OEIS = {"rot90": ("A033148", terms("A033148")), "rot180": ("A032522", terms("A032522"))}


def _growth(points: list[tuple[int, float]]) -> float | None:
    pts = [(n, math.log(s)) for n, s in points[-5:] if s > 0.05]
    if len(pts) < 2:
        return None
    mn = sum(n for n, _ in pts) / len(pts)
    ml = sum(v for _, v in pts) / len(pts)
    den = sum((n - mn) ** 2 for n, _ in pts)
    return math.exp(sum((n - mn) * (v - ml) for n, v in pts) / den) if den else None


def run(sym: str, budget: float, workers: int | None) -> tuple[list[list[object]], str, bool]:
    from nqueens.engine.backends import ThreadBackend
    from nqueens.engine.problems import Symmetric
    from nqueens.engine.run import run_engine

    _, known = OEIS[sym]
    rows: list[list[object]] = []
    points: list[tuple[int, float]] = []
    spent, ok, n = 0.0, True, START[sym]
    while n <= 62:
        if sym == "rot90" and n % 4 in (2, 3):
            n += 1
            continue
        g = _growth(points)
        if points and g is not None:
            step = n - points[-1][0]
            if points[-1][1] * g ** step > budget - spent:
                break
        said: list[tuple[float, object]] = []
        t = time.perf_counter()
        r = run_engine(n, ThreadBackend(workers), estimate=True, problem=Symmetric(n, sym),
                       on_estimate=lambda e, said=said: said.append((time.perf_counter(), e)))
        end = time.perf_counter()
        s = end - t
        when, e = said[0] if said else (end, None)
        spent += s
        points.append((n, s))
        term = known.get(n)
        verdict = "new" if term is None else "yes" if term == r.total else "MISMATCH"
        ok &= verdict != "MISMATCH"
        rows.append([sym, n, r.total, "-" if term is None else term, verdict,
                     round(s, 3), r.nodes, r.subproblems,
                     "-" if e is None else f"{e.nodes:.3g}",  # type: ignore[attr-defined]
                     "-" if e is None else round(e.seconds, 2),  # type: ignore[attr-defined]
                     round(end - when, 2)])
        n += 1
    g = _growth(points)
    words = (f"{sym}: largest n {points[-1][0]} in {spent:.0f} s of a {budget:.0f} s budget; "
             f"time grows about {g:.2f}x per n" if points and g else f"{sym}: too few points")
    if rows and float(rows[-1][5]) > 0:
        last = rows[-1]
        rate = float(last[6]) / float(last[5]) / (workers or 1)   # nodes a second, a worker
        m = min(NEXT[sym], 61 if sym == "rot90" else 62)
        ahead = Symmetric(m, sym).foreseen_nodes()
        what = (f"the next unknown term, n = {m}," if m == NEXT[sym] else
                f"the next unknown term is n = {NEXT[sym]}, past the n = 62 it counts; even "
                f"n = {m}")
        words += (f". In nodes (the same on every machine): {_node_growth(rows)}. No new "
                  f"term is in reach: {what} is foreseen at {ahead:.2g} nodes, at the "
                  f"{rate:.2g} nodes/s of n = {last[1]} here about {ahead / rate / 86400:,.0f} "
                  "days of one core")
    return rows, words, ok


def _node_growth(rows: list[list[object]]) -> str:
    """The nodes' growth per n over the last boards of one residue class."""
    pts = [(int(r[1]), int(r[6])) for r in rows if int(r[6]) > 1000]
    step = 4 if rows and rows[0][0] == "rot90" else 2
    same = [p for p in pts if p[0] % step == pts[-1][0] % step][-3:] if pts else []
    if len(same) < 2:
        return "too few points"
    ratios = [f"{b[1] / a[1]:.1f}x" for a, b in itertools.pairwise(same)]
    per = (same[-1][1] / same[0][1]) ** (1 / (same[-1][0] - same[0][0]))
    return (f"{', then '.join(ratios)} per {step} rows up to n = {same[-1][0]}, about "
            f"{per:.2f}x per n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per symmetry")
    ap.add_argument("--workers", type=int, default=None, help="threads (default: every core)")
    ap.add_argument("--out", default=None, help="write the Markdown here, not the results")
    args = ap.parse_args(argv)
    from nqueens.counting import count

    count(12, symmetric="rot90")  # compile (or load) the kernel first
    table, summary, ok = [], [], True
    for sym in ("rot90", "rot180"):
        rows, words, good = run(sym, args.budget, args.workers)
        table += rows
        summary.append(words)
        ok &= good
    head = ("| symmetry | n | ours | OEIS | agrees | seconds | nodes | subproblems | "
            "foreseen nodes | foreseen s | s after it |\n")
    head += "|---|---|---|---|---|---|---|---|---|---|---|\n"
    body = "".join("| " + " | ".join(str(c) for c in r) + " |\n" for r in table)
    made = generated_line("counting/bench_symmetric.py", sys.argv[1:] if argv is None else argv)
    md = (f"## Symmetric counts: how far they reach\n\n{made}"
          f" {machine_line()}\n\n" + "\n\n".join(summary) + "\n\n" + head + body)
    publish("symmetric", md, args.out)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
