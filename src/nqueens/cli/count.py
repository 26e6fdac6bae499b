"""`nqueens count`: the number of solutions, and of classes up to symmetry.

The default strategy runs the counting engine through `nqueens.count`: threads on
every core (`--workers`), a Dask cluster (`--scheduler` or `DASK_SCHEDULER_ADDRESS`),
a resumable ledger (`--ledger`), a progress bar on a terminal, and - for a count expected
to take over a minute - its estimated cost on stderr before it starts (and in `--json`).
The pure strategies count in this process only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, NamedTuple

from nqueens.cli._common import (
    UsageError,
    add_dask_options,
    announce_compiling,
    board_size,
    cap_workers,
    check_address,
    check_dask_options,
    dask_options,
    fraction,
    ledger_name,
    ledger_options,
    one_line,
    positive_int,
)
from nqueens.cli.variants import add_variant_options, classes_words, variant_of, wants_variant

__all__ = ["register", "run"]


def register(sub: Any) -> None:
    from nqueens.strategies import DEFAULT_STRATEGY, STRATEGIES

    p = sub.add_parser(
        "count", help="count the solutions (and the classes up to symmetry)",
        description="Count the solutions of the N-queens problem exactly. --unique also "
        "counts the classes up to rotation and reflection (OEIS A002562). The default "
        "strategy counts start constellations under the full symmetry group on every core; "
        "--scheduler runs it on a Dask cluster, --ledger makes it resumable.",
    )
    p.add_argument("n", type=board_size, metavar="N", help="board size")
    p.add_argument("--unique", "-u", action="store_true", help="also count symmetry classes")
    p.add_argument(
        "--strategy", "-s", choices=STRATEGIES, default=None,
        help=f"search strategy (default: {DEFAULT_STRATEGY}, the counting engine)",
    )
    p.add_argument(
        "--workers", "-w", type=positive_int, default=None, metavar="W",
        help="worker threads (default: every core; 1 counts in the calling thread)",
    )
    p.add_argument(
        "--scheduler", metavar="ADDR", default=None,
        help="run on the Dask cluster at ADDR, e.g. tcp://10.0.0.5:8786 "
        "(default: $DASK_SCHEDULER_ADDRESS when set)",
    )
    p.add_argument(
        "--ledger", type=ledger_name, metavar="FILE", default=None,
        help="record finished subproblems in this SQLite file and resume from it",
    )
    p.add_argument("--repair", action="store_true",
                   help="recount the ledger rows that fail their check instead of refusing")
    p.add_argument("--wait", action="store_true",
                   help="wait for another count holding the ledger instead of refusing")
    add_dask_options(p)
    p.add_argument(
        "--replicate", type=fraction, default=None, metavar="F",
        help="with --scheduler: hold a random fraction F (0 to 1) of the units until another "
        "worker's independent search agrees (1: no single lying worker can change the "
        "total); a disagreement is settled by this machine's own recount",
    )
    p.add_argument(
        "--gpu", action="store_true",
        help="count on a CUDA GPU (pip install \"nqueens-toolkit[gpu]\"); with --scheduler, on "
        "workers that have one",
    )
    p.add_argument(
        "--symmetric", metavar="SYM", default=None,
        help="count only the solutions the quarter turn (rot90, OEIS A033148; classes "
        "A260318) or the half turn (rot180, A032522) maps to themselves, on the engine",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_variant_options(p)
    p.set_defaults(func=run)


class _Outcome(NamedTuple):
    """What a count printed from: its answer and how it was obtained."""

    total: int
    unique: int | None
    workers: int
    subproblems: int
    estimate: dict[str, object] | None
    device: str
    gpu: str | None
    fleet: dict[str, Any] | None = None


def run(args: argparse.Namespace) -> int:
    if args.symmetric is not None:
        _check_symmetric(args)
    variant = None
    if wants_variant(args):  # --variant, --width, --queens: on the engine, classes too
        variant = variant_of(args)
        if args.strategy is not None or args.gpu:
            flag = "--gpu" if args.gpu else f"--strategy {args.strategy}"
            raise UsageError(f"{flag} cannot be combined with --variant, --width or --queens "
                             "(variants count with their own kernels, on CPUs)")
    from nqueens.strategies import DEFAULT_STRATEGY

    strategy = args.strategy or DEFAULT_STRATEGY
    scheduler = (args.scheduler if args.scheduler is not None
                 else os.environ.get("DASK_SCHEDULER_ADDRESS") or None)
    for flag in ("repair", "wait"):
        if getattr(args, flag) and args.ledger is None:
            raise UsageError(f"--{flag} applies only to --ledger FILE")
    check_dask_options(args, scheduler, from_env=True, ledger=args.ledger)
    if args.replicate is not None and scheduler is None:
        raise UsageError("--replicate applies only to --scheduler ADDR "
                         "(or $DASK_SCHEDULER_ADDRESS): units are replicated on other workers")
    start = time.perf_counter()
    pure = strategy != "bitmask"
    got = _count_pure(args, strategy) if pure else _count_engine(args, scheduler, variant)
    seconds = time.perf_counter() - start
    if args.json:
        # one shape for every N and option: a key not measured is null, never left out
        print(json.dumps({"n": args.n, "total": got.total, "unique": got.unique,
                          "seconds": round(seconds, 6), "workers": got.workers,
                          "subproblems": got.subproblems, "estimate": got.estimate,
                          "device": got.device, "gpu": got.gpu,
                          "idle_fraction": got.fleet["idle_fraction"] if got.fleet else None,
                          "replicated": got.fleet["replicated"] if got.fleet else None,
                          "fleet": got.fleet, **_variant_json(variant)}))
        return 0
    if got.unique is None:
        line = str(got.total)
    else:
        word = "solution" if got.total == 1 else "solutions"
        line = f"{got.total} {word}, {got.unique} unique {classes_words(variant)}"
    print(line + (_fleet_words(got.fleet) if got.fleet else ""))
    return 0


def _fleet_words(fleet: dict[str, Any]) -> str:
    """The fleet's part of the final line: its units, idle share and replication."""
    rep = fleet["replicated"]
    words = (f"; {fleet['units']} units on {fleet['workers']} workers, "
             f"{fleet['idle_fraction']:.1%} idle")
    if rep["units"]:
        agreed = ("all agreed" if rep["agree"] == rep["units"]
                  else f"{rep['agree']} agreed, {rep['units'] - rep['agree']} DISAGREED "
                       "(settled by this machine's own recount; see --json)")
        words += f"; {rep['units']} replicated, {agreed}"
    spots = fleet.get("spot_checks") or {}
    if spots.get("units"):
        words += f"; {spots['units']} spot-checked here"
    for q in fleet.get("quarantined") or []:
        words += f"; worker {one_line(q['worker'])} QUARANTINED ({q['reason']})"
    return words


def _count_pure(args: argparse.Namespace, strategy: str) -> _Outcome:
    """Count with a pure strategy (in this process; none of the engine's flags)."""
    from nqueens.counting import count

    used = [opt for opt, value in (("--workers", args.workers), ("--ledger", args.ledger),
                                   ("--scheduler", args.scheduler),
                                   ("--scheduler-timeout", args.scheduler_timeout),
                                   ("--dask-log", args.dask_log),
                                   ("--gpu", args.gpu or None)) if value is not None]
    if used:
        raise UsageError(
            f"{' and '.join(used)} cannot be combined with "
            f"--strategy {strategy} (the engine needs the default bitmask strategy)"
        )
    if args.symmetric is not None:
        raise UsageError(f"--symmetric cannot be combined with --strategy {strategy} (it "
                         "searches orbits on the engine)")
    if args.unique:
        result = count(args.n, unique=True, strategy=strategy)
        return _Outcome(result.total, result.unique, 1, 1, None, "cpu", None)
    return _Outcome(count(args.n, strategy=strategy), None, 1, 1, None, "cpu", None)


def _variant_json(variant: Any) -> dict[str, object]:
    if variant is None:
        return {}
    return {"variant": variant.kind, "width": variant.width, "queens": variant.queens,
            "symmetry": variant.group}


def _count_engine(args: argparse.Namespace, scheduler: str | None,
                  variant: Any = None) -> _Outcome:
    """Count with the engine on the backend the flags ask for, with a progress bar."""
    from nqueens.counting import SMALL_N, check_count_size, count, count_variant
    from nqueens.engine.progress import Progress, wants_progress

    if args.symmetric is None and variant is None:
        check_count_size(args.n)
    if scheduler is not None:
        check_address(scheduler)
    backend = _backend(args, scheduler)
    device = backend.device if backend is not None else "cpu"
    bar = Progress(enabled=wants_progress(quiet=args.quiet or args.json), label=f"N = {args.n}")
    estimate: dict[str, object] | None = None

    def on_estimate(e: Any) -> None:
        nonlocal estimate
        estimate = e.to_json()
        if e.seconds >= LONG_SECONDS and not args.quiet:
            _say_cost(e, sampled="growth" if args.symmetric is not None
                      else variant is not None)

    if args.symmetric is not None:
        announce_compiling("the symmetric search", _symmetric_uncached)
    elif variant is not None:
        announce_compiling("the variant search", _variant_uncached)
    elif args.n > SMALL_N and device == "cpu":
        announce_compiling("the counting kernels", lambda: _kernels_uncached(args.n))
    extra = {} if args.symmetric is None else {"symmetric": args.symmetric}
    try:
        if variant is not None:
            from nqueens.variants import VariantCount

            result = count_variant(variant, unique=args.unique, backend=backend,
                                   ledger=args.ledger, progress=bar, on_estimate=on_estimate,
                                   **ledger_options(args))
            if not args.unique:  # a total alone: no classes to print
                result = VariantCount(result)
        else:
            result = count(args.n, unique=True, backend=backend, ledger=args.ledger,
                           progress=bar, on_estimate=on_estimate, **ledger_options(args),
                           **extra)
    except KeyboardInterrupt as stop:  # Ctrl-C: "interrupted" says how to go on
        if type(stop) is KeyboardInterrupt:
            stop.add_note(_resume_note(args))
        raise
    finally:
        bar.close()
    last = bar.last
    stats = backend.stats() if backend is not None else {}
    return _Outcome(result.total, result.unique if args.unique else None,
                    last.workers if last else 1, last.total if last else 1, estimate, device,
                    backend.hardware() if backend is not None else None, stats or None)


def _resume_note(args: Any) -> str:
    if args.ledger is None:
        return "nothing was kept: --ledger FILE makes a count resumable"
    from nqueens.cli.ledger import resume_command

    flags = "" if args.symmetric is None else f" --symmetric {args.symmetric}"
    for name in ("variant", "width", "queens"):
        if getattr(args, name, None) is not None:
            flags += f" --{name} {getattr(args, name)}"
    return f"resume with: {resume_command(args.n, args.ledger)}{flags}"


def _check_symmetric(args: argparse.Namespace) -> None:
    """`--symmetric`: a symmetry we count, on a board that has it, on the CPU."""
    from nqueens.engine.problems import MAX_SYMMETRIC_N, SYMMETRIES

    sym = args.symmetric
    if sym not in SYMMETRIES:
        raise UsageError(f"unknown --symmetric {sym!r}; choose one of {', '.join(SYMMETRIES)}")
    if args.width is not None and args.width != args.n:
        if sym == "rot90":
            raise UsageError(f"--symmetric rot90: an {args.n} x {args.width} board has no "
                             "quarter-turn symmetry (--symmetric counts N x N boards)")
        raise UsageError(f"--symmetric rot180 counts N x N boards only, not "
                         f"--width {args.width}")
    if args.queens is not None and args.queens != args.n:
        raise UsageError(f"--symmetric {sym} counts full boards of N queens, not "
                         f"--queens {args.queens}")
    if args.variant not in (None, "classic"):
        raise UsageError(f"--symmetric {sym} counts classic queens only, not --variant "
                         f"{args.variant}")
    if args.gpu:
        raise UsageError("--symmetric counts on CPUs only, not with --gpu")
    if args.n > MAX_SYMMETRIC_N:
        raise UsageError(f"--symmetric counts boards up to N = {MAX_SYMMETRIC_N}, "
                         f"got {args.n}")
    args.width = args.queens = args.variant = None  # the classic board: the engine's count


def _variant_uncached() -> bool:
    from nqueens._jit import needs_compiling
    from nqueens.kernels import variants as k

    return bool(needs_compiling(k.count_slice))


def _symmetric_uncached() -> bool:
    from nqueens._jit import needs_compiling
    from nqueens.kernels import symmetric as k

    return bool(needs_compiling(k.count_slice))


LONG_SECONDS = 60.0
"""A count expected to take longer than this says so on stderr before it starts."""


def _say_cost(e: Any, *, sampled: bool | str = False) -> None:
    from nqueens.engine.progress import format_seconds

    who = "1 worker" if e.workers == 1 else f"{e.workers} workers"
    print(f"nqueens: N = {e.n} has about {e.solutions:.2g} solutions; counting them should "
          f"take about {format_seconds(e.seconds)} with {who} here", file=sys.stderr)
    how = ("foreseen from the measured growth per n, at the rate of a half-second sample"
           if sampled == "growth" else
           "a rough guess from a half-second sample of the subproblems" if sampled
           else "Knuth's estimate, timed on this machine")
    print(f"nqueens: ({how}; Ctrl-C stops, --ledger resumes)", file=sys.stderr, flush=True)


def _backend(args: argparse.Namespace, scheduler: str | None) -> Any:
    """The backend the flags ask for: a Dask cluster (`--scheduler`), this machine's GPU
    (`--gpu`), `--workers` threads here; None (the library's default) for none of them."""
    from nqueens.engine.backends import GPUBackend, ThreadBackend

    if scheduler is not None:
        from nqueens.engine.fleet import DaskBackend, FleetConfig

        dask = dask_options(args)
        if args.workers is not None:
            raise UsageError("--workers does not apply to --scheduler: every worker of the "
                             "cluster pulls units (start the workers with --nthreads 1)")
        timeout = dask["lost_after"]
        config = FleetConfig(no_worker_seconds=timeout, overrun_grace=min(30.0, timeout))
        return DaskBackend(scheduler, replicate=args.replicate or 0.0, config=config,
                            timeout=timeout, log=dask["log"], gpu=args.gpu)
    workers = None if args.workers is None else cap_workers("count", args.workers)
    if args.gpu:
        return GPUBackend()
    return None if workers is None else ThreadBackend(workers)


def _kernels_uncached(n: int) -> bool:
    from nqueens.engine.run import needs_compiling

    return needs_compiling(n)
