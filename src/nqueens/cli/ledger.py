"""`nqueens ledger show|verify|export FILE`: inspect a count's ledger, re-check its entries,
publish its per-unit certificate."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import shlex
from typing import Any

from nqueens.cli._common import (
    EXIT_NEGATIVE,
    UsageError,
    add_dask_options,
    atomic_output,
    cap_workers,
    check_address,
    check_dask_options,
    dask_options,
    file_name,
    non_negative_int,
    one_line,
    positive_int,
)

__all__ = ["EXIT_FAILING", "done_percent", "register", "run_export", "run_show", "run_verify"]

EXIT_FAILING = EXIT_NEGATIVE
"""A recount disagrees with the ledger, or rows fail their check (`show` and `verify`)."""

SHOWN = 5
"""How many indexes of failing rows a line names."""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "ledger", help="show or verify the ledger of a resumable count",
        description="Inspect the SQLite ledger written by 'nqueens count N --ledger FILE'.",
    )
    lsub = p.add_subparsers(dest="ledger_command", metavar="ACTION", required=True)
    show = lsub.add_parser("show", help="summarise a ledger's progress",
                           description="Summarise a ledger: the job, the subproblems done, "
                           "the solutions counted so far. Rows that fail their check are left "
                           "out of the sums and named on one more line (exit status 1).")
    show.add_argument("file", type=file_name, metavar="FILE", help="ledger file")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    show.set_defaults(func=run_show)
    verify = lsub.add_parser(
        "verify", help="recount subproblems with an independent search",
        description="Recount finished subproblems of a ledger with an independent search "
        "(plain row-by-row backtracking from the border queens, classes by explicit symmetry "
        "images) and report each disagreement. By default a random sample sized so that a 1% "
        "error rate is caught with probability at least 99%; --all recounts every row. "
        "Exit status 1 when a recount disagrees with the ledger or rows fail their check.",
    )
    verify.add_argument("file", type=file_name, metavar="FILE", help="ledger file")
    how = verify.add_mutually_exclusive_group()
    how.add_argument("--all", action="store_true", dest="everything",
                     help="recount every finished subproblem")
    how.add_argument("--sample", "-k", type=positive_int, default=None, metavar="K",
                     help="recount K random subproblems (default: enough for 99%% confidence)")
    verify.add_argument("--seed", type=non_negative_int, default=None,
                        help="random seed for the sample (not with --all)")
    verify.add_argument("--workers", "-w", type=positive_int, default=None, metavar="W",
                        help="threads (default: every core)")
    verify.add_argument("--scheduler", metavar="ADDR", default=None,
                        help="recount on the Dask cluster at ADDR")
    add_dask_options(verify)
    verify.add_argument("--json", action="store_true", help="print one JSON object")
    verify.set_defaults(func=run_verify)
    export = lsub.add_parser(
        "export", help="publish the per-unit subtotals, residues and digests",
        description="Write one record per finished subproblem (index, key, total, unique, "
        "nodes, total mod 13, total mod 15, the row's digest) so that others can add the "
        "totals up and compare residues. To stdout, or atomically to --output.",
    )
    export.add_argument("file", type=file_name, metavar="FILE", help="ledger file")
    export.add_argument("--to", required=True, metavar="FORMAT", help="csv or jsonl")
    export.add_argument("--output", "--out", "-o", type=file_name, metavar="OUT",
                        default=None, help="write to OUT (atomically) instead of stdout")
    export.set_defaults(func=run_export)


def run_export(args: argparse.Namespace) -> int:
    import sys

    from nqueens.engine.ledger_export import FORMATS, write_export

    if args.to not in FORMATS:
        raise UsageError(f"no export format {one_line(args.to)!r}: choose "
                         f"{' or '.join(FORMATS)}")
    if args.output is None:
        write_export(args.file, args.to, sys.stdout)
        return 0
    with atomic_output(args.output) as out:
        write_export(args.file, args.to, out)
    return 0


def run_show(args: argparse.Namespace) -> int:
    from nqueens.engine.ledger import Ledger
    from nqueens.engine.split import trivial_counts

    with Ledger.read(args.file, check_rows=False) as led:
        led.check_split()  # what a count checks: the method, version and split of its N
        s = led.summary()
        failing = led.failing()
        sealed = led.version >= 3
    job = s.job
    extra_total, extra_unique = 0, 0
    if job.method == "constellations":
        extra_total, extra_unique = trivial_counts(job.n)
    else:  # symmetric solutions, a variant: its own sums
        from nqueens.engine.problems import from_method
        from nqueens.errors import EngineError

        with contextlib.suppress(EngineError):  # half-turn classes: whole once complete
            total, unique = from_method(job.method, job.n).result(s.total, s.unique)
            extra_total, extra_unique = total - s.total, unique - s.unique
    # an unsealed (format 2) ledger's rows are claims anyone could have written: never
    # called complete on their word
    complete = sealed and s.done == job.subproblems
    if args.json:
        print(json.dumps({
            "file": args.file, "n": job.n, "method": job.method, "version": job.version,
            "subproblems": job.subproblems, "done": s.done, "complete": complete,
            "sealed": sealed,
            "total": s.total + extra_total, "unique": s.unique + extra_unique,
            "nodes": s.nodes, "cpu_seconds": round(s.seconds, 3),
            "created": s.created, "updated": s.updated, "failing": failing,
        }))
        return EXIT_FAILING if failing else 0
    pct = done_percent(s.done, job.subproblems)
    state = ("complete" if complete else "incomplete" if sealed
             else "unsealed (format 2): its rows are claims, not evidence")
    # text from the file (and its name) printed as one plain line: a forged field's escape
    # sequences are shown, never sent to the terminal
    print(f"ledger {one_line(args.file)}: N = {job.n}, method {one_line(job.method)} "
          f"v{job.version}, {state}")
    print(f"  subproblems  {s.done:,} of {job.subproblems:,} "
          f"{'done' if sealed else 'recorded'} ({pct})")
    word = "total" if complete else "so far" if sealed else "claimed"
    if job.method == "tree-nodes":  # stats --nodes-only: the tree's nodes, its solutions
        print(f"  tree nodes   {s.total + extra_total:,} ({word}), "
              f"{s.unique + extra_unique:,} solutions")
    else:
        print(f"  solutions    {s.total + extra_total:,} ({word}), "
              f"{s.unique + extra_unique:,} unique up to symmetry")
    print(f"  searched     {s.nodes:,} nodes in the kernels, {s.seconds:,.1f} s of worker time")
    print(f"  created      {one_line(s.created)}, last update {one_line(s.updated)}")
    if failing:
        print(f"  damaged      {_failing_text(failing)}, left out above; recount just "
              f"those: {_repair_command(job.n, args.file)}")
    elif not sealed:
        print(f"  unsealed     format 2 has no seal: anyone can rewrite its rows; "
              f"{resume_command(job.n, args.file)} counts every row again and seals it")
    elif not complete:
        print(f"  resume       {resume_command(job.n, args.file)}")
    return EXIT_FAILING if failing else 0


def run_verify(args: argparse.Namespace) -> int:
    from nqueens.engine.verify import verify_ledger

    if args.everything and args.seed is not None:
        raise UsageError("--seed applies only to a random sample, not to --all")
    check_dask_options(args, args.scheduler, ledger=args.file)
    options = {"sample": args.sample, "everything": args.everything, "seed": args.seed}
    if args.scheduler is not None:
        check_address(args.scheduler)
        from nqueens.engine.executors import dask_executor

        with dask_executor(args.scheduler, **dask_options(args)) as (executor, threads):
            report = verify_ledger(args.file, workers=args.workers or threads,
                                   executor=executor, **options)
    else:
        report = verify_ledger(args.file, workers=cap_workers("ledger verify", args.workers),
                               **options)
    summary, checks = report.summary, report.checks
    bad = [c for c in checks if not c.ok]
    if args.json:
        print(json.dumps({
            "file": args.file, "n": summary.job.n, "checked": len(checks),
            "finished": summary.done, "rate": report.rate,
            "probability": report.probability,
            "mismatches": [{"index": c.position, "key": c.key, "ledger": list(c.ledger),
                            "recount": list(c.recount)} for c in bad],
            "failing": list(report.failing), "ok": not bad and not report.failing,
        }))
    else:
        if report.failing:
            print(f"  damaged: {_failing_text(list(report.failing))}, not recounted; recount "
                  f"them: {_repair_command(summary.job.n, args.file)}")
        for c in bad:
            print(f"  #{c.position:<6} [{one_line(c.key)}]  "
                  f"ledger {c.ledger[0]:,}/{c.ledger[1]:,}  "
                  f"recount {c.recount[0]:,}/{c.recount[1]:,}  MISMATCH")
        verdict = "all agree" if not bad else f"{len(bad)} MISMATCH(ES)"
        if report.failing:
            verdict += f", {len(report.failing)} DAMAGED"
        print(f"{len(checks)} of {summary.done} finished subproblems of N = {summary.job.n} "
              f"recounted independently: {verdict}")
        if len(checks) < summary.done:
            pct = math.floor(report.probability * 1000) / 10
            print(f"a {report.rate:.0%} error rate would have been caught with probability "
                  f"{pct:.1f}%")
    return EXIT_FAILING if bad or report.failing else 0


def _failing_text(failing: list[int]) -> str:
    """`3 rows (5, 17, 40) fail their check`: the count and the first few indexes."""
    shown = ", ".join(str(i) for i in failing[:SHOWN]) + (", ..." if len(failing) > SHOWN
                                                           else "")
    rows = "1 row" if len(failing) == 1 else f"{len(failing)} rows"
    return f"{rows} ({shown}) {'fails its' if len(failing) == 1 else 'fail their'} check"


def resume_command(n: int, path: str) -> str:
    """The command that goes on with an unfinished count, ready to paste."""
    return f"nqueens count {n} --ledger {shlex.quote(one_line(path))}"


def _repair_command(n: int, path: str) -> str:
    """The command that recounts just the rows failing their check, ready to paste."""
    return f"nqueens count {n} --ledger {shlex.quote(one_line(path))} --repair"


def done_percent(done: int, of: int) -> str:
    """`"99.9%"`-style share of `of` units that are done, rounded down to a tenth, so that
    only a finished ledger shows 100%, and at least 0.1% once a unit is done. Cost: O(1).

    >>> done_percent(3205, 3206), done_percent(3206, 3206), done_percent(1, 5000)
    ('99.9%', '100.0%', '0.1%')
    >>> done_percent(0, 10), done_percent(0, 0)
    ('0.0%', '100.0%')
    """
    if done >= of:
        return "100.0%"
    tenths = max(1000 * done // of, 1 if done else 0)
    return f"{tenths // 10}.{tenths % 10}%"
