"""The `nqueens` command line: parse, make one API call, render, return an exit code.

Each subcommand lives in its own module of this package and registers itself through a
`register(subparsers)` function; `COMMANDS` lists them in `--help` order. No
algorithm lives here. Heavy imports (numba, rich, matplotlib) happen inside the command
that needs them, so `--help` and `--version` answer fast.

Exit status: 0 for an answer (also "no solution" from `first`), 1 for a negative verdict
(`verify`, `complete`, `puzzle solve` and `explain`, `ledger show` and `verify`),
2 for bad input, 3 for a failure at run time (disk full, scheduler lost), 130 when interrupted
(Ctrl-C), 143 when terminated (SIGTERM).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from nqueens.cli._common import ArgumentParser

__all__ = ["COMMANDS", "build_parser", "main"]

COMMANDS = (
    "solve", "count", "ledger", "trace", "stats", "estimate", "tree", "find", "verify",
    "complete", "puzzle", "dominate", "export", "worksheet",
)
"""Modules of `nqueens.cli` that each add one or more subcommands."""


def build_parser() -> ArgumentParser:
    """The full argument parser, every subcommand registered."""
    from nqueens import __version__
    from nqueens.cli._common import ArgumentParser

    parser = ArgumentParser(
        prog="nqueens",
        description="The N-Queens problem: solve, count, trace and study backtracking.",
    )
    parser.add_argument("--version", action="version", version=f"nqueens {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"nqueens.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: `sys.argv[1:]`); return the exit code.

    Run as the program (`argv` None), it then freezes the garbage collector: the process
    is about to exit, and the final collection of numba's many objects would cost about
    0.3 CPU-seconds - a third of a second added to every compiled command and to Ctrl-C.
    Everything the command line needs is imported in here, under the guard, so that even
    a Ctrl-C in its first milliseconds ends with one line and status 130.
    """
    try:
        import warnings

        from nqueens.cli._guard import run_guarded

        if argv is None:  # the program: stdout and stderr as the shell handed them over
            import os

            from nqueens.cli._streams import steady_streams

            steady_streams()
            # no command uses BLAS: numpy's OpenBLAS need not start a thread per core (at
            # a process limit it would fail with four lines and a SIGINT of its own)
            os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        with warnings.catch_warnings():  # nqueens' own warnings as one line each
            warnings.showwarning = _one_line_warnings(warnings.showwarning)
            code = run_guarded(lambda: _dispatch(argv), exit_on_interrupt=argv is None)
    except KeyboardInterrupt:  # outside run_guarded's own guard: its words and status by hand
        print("nqueens: interrupted", file=sys.stderr)
        from nqueens.cli._guard import EXIT_INTERRUPTED

        return EXIT_INTERRUPTED
    if argv is None:
        import gc

        gc.freeze()
    return code


def _one_line_warnings(default: Callable[..., None]) -> Callable[..., None]:
    """A `warnings.showwarning` that shows a warning raised in nqueens itself as one line,
    `nqueens: warning: ...`, and hands any other to `default`."""
    import os

    import nqueens

    package = os.path.dirname(os.path.abspath(nqueens.__file__)) + os.sep

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        if os.path.abspath(filename).startswith(package):
            print(f"nqueens: warning: {message}", file=sys.stderr)
        else:
            default(message, category, filename, lineno, file, line)

    return show


def _dispatch(argv: Sequence[str] | None) -> int:
    from nqueens.cli._common import UsageError

    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # named after the subcommand they were given to, as its other errors are
        words = [w for w in (args.command, getattr(args, f"{args.command}_command", None)) if w]
        prog = " ".join(["nqueens", *words])
        hint = _nearest_option(parser, words, extra)
        raise UsageError(f"{prog}: error: unrecognized arguments: {' '.join(extra)}{hint} "
                         f"(see {prog} --help)")
    code: int = args.func(args)
    return code


def _nearest_option(parser: ArgumentParser, words: Sequence[str], extra: Sequence[str]) -> str:
    """" (did you mean '--unique'?)" for the first unknown option of `extra` that is near
    an option of the subcommand `words` names, else ""."""
    import argparse

    from nqueens.cli._common import did_you_mean

    for word in words:  # down to the subcommand's own parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction) and word in action.choices:
                parser = action.choices[word]
                break
    options = [o for a in parser._actions for o in a.option_strings if o.startswith("--")]
    for token in extra:
        if token.startswith("--"):
            hint = did_you_mean(token.split("=", 1)[0], options)
            if hint:
                return hint
    return ""
