"""The backtrack tree's nodes (A319283) on the engine: ``count_tree(n)`` timed n after n.

Board after board from n = 12, each count on the engine (``--workers`` threads, default 1)
in this process after one small count (no time includes compiling), each stating its cost
first as ``stats N --nodes-only`` does (the nodes foreseen from the measured growth at a
rate timed on a small tree): "foreseen s" is what it said, "s after it" what the rest took.
The run stops at the first board its prediction says would overrun ``--budget`` seconds,
then states what n = 19 (A319283's last listed term) and n = 20 (past the listed terms)
would take here. ``--ledger FILE`` adds a finished count's ledger (``stats N --nodes-only
--ledger FILE``, counted apart, e.g. in the background): its result against the OEIS term,
and its rows exported per unit (as ``nqueens ledger export FILE --to csv`` writes them) to
``benchmarks/results/tree-N.csv``. Saved to benchmarks/results/tree.jsonl (the "tree"
section of docs/performance.md), or to ``--out FILE`` for a trial run.

    python benchmarks/counting/bench_tree.py --budget 60
    python benchmarks/counting/bench_tree.py --budget 60 --ledger n19.sqlite
"""

from __future__ import annotations

import argparse
import subprocess
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

A319283 = terms("A319283")


def run(budget: float, workers: int) -> tuple[list[list[object]], list[str], float]:
    from nqueens.counting import count_tree
    from nqueens.engine.backends import ThreadBackend
    from nqueens.engine.problem_tree import TreeNodes

    rows: list[list[object]] = []
    points: list[tuple[int, float]] = []
    spent, n, rate = 0.0, 12, 0.0
    while n <= 30:
        if len(points) >= 2:
            g = points[-1][1] / points[-2][1]
            if points[-1][1] * g > budget - spent:
                break
        said: list[tuple[float, object]] = []
        t = time.perf_counter()
        got = count_tree(n, backend=ThreadBackend(workers),
                         on_estimate=lambda e, said=said: said.append((time.perf_counter(), e)))
        end = time.perf_counter()
        when, e = said[0] if said else (end, None)
        spent += end - t
        points.append((n, end - t))
        if e is not None and e.rate:  # type: ignore[attr-defined]
            rate = float(e.rate)  # type: ignore[attr-defined]
        term = A319283.get(n)
        verdict = "new" if term is None else "yes" if term == got.nodes else "MISMATCH"
        rows.append([n, got.nodes, "-" if term is None else term, verdict, round(end - t, 3),
                     f"{TreeNodes(n).foreseen_nodes():.4g}",
                     "-" if e is None else round(e.seconds, 2),  # type: ignore[attr-defined]
                     round(end - when, 2)])
        n += 1
    last = [p for p in points if p[1] > 0.05][-3:]
    growth = (last[-1][1] / last[0][1]) ** (1 / (last[-1][0] - last[0][0])) if len(last) > 1 \
        else float("nan")
    words = [f"Largest n {points[-1][0]} in {spent:.0f} s of a {budget:.0f} s budget on "
             f"{workers} worker(s); time grows about {growth:.2f}x per n (the last boards)."]
    for m in (19, 20):
        nodes = TreeNodes(m).foreseen_nodes()
        listed = f"A319283({m}) = {A319283[m]:,}" if m in A319283 else "past the listed terms"
        words.append(f"n = {m} ({listed}): {nodes:.3g} nodes foreseen, about "
                     f"{nodes / rate / 60:.0f} minutes of one core at the {rate:.3g} nodes/s "
                     f"timed here." if rate else f"n = {m}: no rate timed")
    return rows, words, rate


def ledger_block(path: str) -> tuple[str, bool]:
    """A ledger's result against the OEIS term (a finished one's rows exported per unit),
    or, for one still being counted, how far it got."""
    from nqueens.engine.ledger import Ledger
    from nqueens.engine.problem_tree import TreeNodes
    from nqueens.engine.problems import from_method

    with Ledger.read(path) as led:
        s = led.summary()
    job = s.job
    term = A319283.get(job.n)
    minutes = s.seconds / 60
    if s.done < job.subproblems:
        share = s.total / TreeNodes(job.n).foreseen_nodes()
        return (f"The ledger of `stats {job.n} --nodes-only` is INCOMPLETE: {s.done:,} of "
                f"{job.subproblems:,} units, {s.total:,} nodes so far (about {share:.0%} of "
                f"the {TreeNodes(job.n).foreseen_nodes():.3g} foreseen) in {minutes:.1f} "
                "minutes of worker time; rerunning the same command resumes it. No result "
                "is claimed and no rows are exported.", True)
    nodes, solutions = from_method(job.method, job.n).result(s.total, s.unique)
    out = BENCH / "results" / f"tree-{job.n}.csv"
    subprocess.run([sys.executable, "-m", "nqueens", "ledger", "export", path, "--to", "csv",
                    "--output", str(out)], check=True, cwd=ROOT)
    agrees = "agrees with" if term == nodes else "DIFFERS from"
    text = (f"The ledger of `stats {job.n} --nodes-only` (complete, {s.done:,} units, "
            f"{minutes:.1f} minutes of worker time): {nodes:,} nodes and {solutions:,} "
            f"solutions; the node count {agrees} A319283({job.n}) = {term:,}. Its rows, one "
            f"per unit, are `benchmarks/results/{out.name}` (`nqueens ledger export --to "
            "csv`).")
    return text, term == nodes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=float, default=60.0, help="seconds for the timed boards")
    ap.add_argument("--workers", type=int, default=1, help="threads (default 1)")
    ap.add_argument("--ledger", default=None, help="a finished stats --nodes-only ledger")
    ap.add_argument("--out", default=None, help="write the Markdown here, not the results")
    args = ap.parse_args(argv)
    from nqueens.counting import count_tree

    count_tree(12)  # compile (or load) the kernel first
    rows, words, _ = run(args.budget, args.workers)
    ok = all(r[3] != "MISMATCH" for r in rows)
    if args.ledger is not None:
        text, good = ledger_block(args.ledger)
        words.append(text)
        ok &= good
    head = ("| n | nodes | A319283 | agrees | seconds | foreseen nodes | foreseen s | "
            "s after it |\n|---|---|---|---|---|---|---|---|\n")
    body = "".join("| " + " | ".join(str(c) for c in r) + " |\n" for r in rows)
    made = generated_line("counting/bench_tree.py", sys.argv[1:] if argv is None else argv)
    md = (f"## The backtrack tree's nodes on the engine (A319283)\n\n{made} {machine_line()}"
          "\n\n" + "\n\n".join(words) + "\n\n" + head + body)
    publish("tree", md, args.out)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
