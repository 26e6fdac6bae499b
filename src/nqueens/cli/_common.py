"""What every subcommand shares: argument types, option checks, safe output files.

The guard that turns every ending of a command into one line and an exit status lives in
`nqueens.cli._guard` (its names are re-exported here). Output files go through
`nqueens.files.atomic_output` (re-exported here), so a failed or interrupted command
leaves nothing half-written.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn, TypedDict

from nqueens.cli._guard import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_NEGATIVE,
    EXIT_OK,
    EXIT_RUNTIME,
    EXIT_TERMINATED,
    Terminated,
    one_line,
    run_guarded,
)
from nqueens.errors import ParseError, UsageError
from nqueens.files import atomic_output as _atomic_output

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_NEGATIVE",
    "EXIT_OK",
    "EXIT_RUNTIME",
    "EXIT_TERMINATED",
    "MAX_INT",
    "ArgumentParser",
    "Terminated",
    "UsageError",
    "add_dask_options",
    "add_given_option",
    "add_json_shorthand",
    "announce_compiling",
    "ascii_int",
    "atomic_output",
    "board_size",
    "cap_workers",
    "check_address",
    "check_dask_options",
    "dask_options",
    "file_name",
    "hint_if_slow",
    "ledger_name",
    "ledger_options",
    "non_negative_int",
    "one_line",
    "positive_int",
    "run_guarded",
    "same_file",
    "say_wrote",
]

@contextlib.contextmanager
def atomic_output(path: str, mode: str = "w", *, say: bool = True) -> Iterator[Any]:
    """`nqueens.files.atomic_output`, and on a terminal (stderr), once the file is in
    place, one line saying what was written: `nqueens: wrote board.svg (2,345 bytes)`.
    A script's stderr stays empty; `say=False` for a command that says it its own way."""
    with _atomic_output(path, mode) as handle:
        yield handle
    if say:
        say_wrote(path)


def announce_compiling(what: str, uncached: Callable[[], bool]) -> None:
    """On a terminal, say once that this first run compiles `what` (numba's kernels):
    when `uncached()` finds no on-disk cache for them. Nothing off a terminal."""
    if sys.stderr is None or not sys.stderr.isatty():
        return
    if uncached():
        print(f"nqueens: compiling {what} (first run only; this takes a while)",
              file=sys.stderr, flush=True)


def say_wrote(path: str) -> None:
    """`nqueens: wrote FILE (N bytes)` on stderr when stderr is a terminal and FILE a
    regular file (not a device or a pipe written into)."""
    import stat

    if sys.stderr is None or not sys.stderr.isatty():
        return
    try:
        info = os.stat(path)
    except OSError:
        return
    if stat.S_ISREG(info.st_mode):
        print(f"nqueens: wrote {one_line(path)} ({info.st_size:,} bytes)", file=sys.stderr)


class ArgumentParser(argparse.ArgumentParser):
    """argparse whose errors are one line on stderr (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # a choice mistyped (a command, an action, a --format): the nearest one first
        choices = action.choices
        if choices is not None and value not in choices:
            names = [str(c) for c in choices]
            listed = ", ".join(repr(c) for c in names)
            raise argparse.ArgumentError(
                action, f"invalid choice: {value!r}{did_you_mean(str(value), names)} "
                        f"(choose from {listed})")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops a failed write (`--help > /dev/full` said nothing, status 0):
        # let it fail as every other output does
        if message:
            (file or sys.stderr).write(message)


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`" (did you mean 'x'?)"` for the nearest of `known` to a mistyped `word`, or "".

    Cost: O(len(known)) string comparisons (difflib).

    >>> did_you_mean("cout", ["solve", "count", "first"])
    " (did you mean 'count'?)"
    >>> did_you_mean("--uniqe", ["--unique", "--quiet"])
    " (did you mean '--unique'?)"
    >>> did_you_mean("xyz", ["solve", "count"])
    ''
    """
    import difflib

    near = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


MAX_INT = 2**63 - 1
"""The largest integer an option takes: counts, limits and seeds are 64-bit in the kernels."""


def _int_at_least(text: str, minimum: int, what: str) -> int:
    try:
        value = ascii_int(text)  # ASCII digits only: int() would also take "\uff19", "1_0"
    except OverflowError:
        if text.strip().startswith("-"):
            value = minimum - 1
        else:
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} is past 64 bits (at most {MAX_INT})") from None
    except ValueError:
        value = minimum - 1
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{what} got {_shown(text)}")
    return value


def positive_int(text: str) -> int:
    """argparse type: a positive integer such as `8` (not `0`, `-3`, `abc`, `2.5`)."""
    return _int_at_least(text, 1, "expected a positive integer,")


def non_negative_int(text: str) -> int:
    """argparse type: an integer >= 0, such as a seed or a count (`0`, `42`)."""
    return _int_at_least(text, 0, "expected a non-negative integer,")


def board_size(text: str) -> int:
    """argparse type for N: a positive integer board size."""
    return _int_at_least(text, 1, "N must be a positive integer,")


def add_json_shorthand(group: Any) -> None:
    """`--json`, the same as `--format json`: every command with JSON output takes it.

    `group` is the mutually exclusive group (or parser) that holds `--format`.
    """
    group.add_argument("--json", action="store_const", const="json", dest="format",
                       help="print JSON: the same as --format json")


GIVEN_RENAMED = ("nqueens: note: --queens 'R,C ...' is now --given 'R,C ...' (--queens K is a "
                 "number of queens, in count, solve and first)")
"""Said once on stderr when `complete` or `export` is given the old name of `--given`."""


class _OldGivenName(argparse.Action):
    """`--queens 'R,C ...'`, the old name of `--given`: the same, with a note on stderr."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        print(GIVEN_RENAMED, file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_given_option(group: Any, help: str) -> None:
    """`--given 'R,C R,C ...'` (`-q`): the squares of the queens given on the board, 1-based
    text, as the library's `givens` (`nqueens.exports`) and completion's `queens` take it.

    `--queens` is its old name, taken still (hidden from `--help`) with a one-line note:
    elsewhere (`count`, `solve`, `first`) `--queens K` is a number of queens.
    """
    group.add_argument("--given", "-q", dest="givens", default="", metavar="'R,C R,C ...'",
                       help=help)
    group.add_argument("--queens", dest="givens", default="", action=_OldGivenName,
                       help=argparse.SUPPRESS)


def add_dask_options(parser: argparse.ArgumentParser) -> None:
    """`--scheduler-timeout` and `--dask-log` for a command that takes `--scheduler`."""
    parser.add_argument(
        "--scheduler-timeout", type=positive_float, default=None, metavar="S",
        help="give up when the Dask scheduler stops answering for S seconds (default: 30)",
    )
    parser.add_argument("--dask-log", type=file_name, metavar="FILE", default=None,
                        help="write Dask's own log to FILE (default: discard it)")


class DaskOptions(TypedDict):
    lost_after: float
    log: str | None


class LedgerOptions(TypedDict):
    repair: bool
    wait: bool


def dask_options(args: argparse.Namespace) -> DaskOptions:
    """Keyword arguments for `nqueens.engine.executors.dask_executor` from the flags."""
    timeout = getattr(args, "scheduler_timeout", None)
    return {"lost_after": 30.0 if timeout is None else float(timeout),
            "log": getattr(args, "dask_log", None)}


def positive_float(text: str) -> float:
    """argparse type: a finite number of seconds above 0, such as `30` or `2.5`."""
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def fraction(text: str) -> float:
    """argparse type: a number from 0 to 1, such as `0.05`.

    >>> fraction("0.25")
    0.25
    >>> fraction("1.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a fraction from 0 to 1, got '1.5'
    """
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a fraction from 0 to 1, got {text!r}")
    return value


def cap_workers(command: str, workers: int | None) -> int:
    """`--workers` for local work: every core when None; more than the cores runs on
    every core, as the library does, and says so on stderr (a script moved from a larger
    machine still runs)."""
    from nqueens.engine.executors import cpu_count

    cores = cpu_count()
    if workers is None:
        return cores
    if workers > cores:
        print(f"nqueens {command}: warning: --workers {workers} is more than the {cores} cores "
              f"here; counting on {cores} (--scheduler spreads work over a cluster)",
              file=sys.stderr)
        return cores
    return workers


def ledger_options(args: argparse.Namespace) -> LedgerOptions:
    """`repair` and `wait` for `nqueens.engine.run.run_count` from `count`'s flags."""
    return {"repair": bool(getattr(args, "repair", False)),
            "wait": bool(getattr(args, "wait", False))}


HINT_SECONDS = 3.0
"""How long a search may run without its first result before `hint_if_slow` speaks."""


@contextlib.contextmanager
def hint_if_slow(line: str, *, after: float = HINT_SECONDS) -> Iterator[None]:
    """Say `line` on stderr, once, if the block is still running after `after` seconds.

    For valid work that can run for hours (the textbooks' order at large N): a person at a
    terminal learns that it is slow and what is quicker. Said only when stderr is a
    terminal, as a progress bar is, so a script's stderr stays empty.
    Cost: one timer thread while the block runs.
    """
    if not sys.stderr.isatty():
        yield
        return
    timer = threading.Timer(after, lambda: print(f"nqueens: {line}", file=sys.stderr))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


# -- argument types and option checks --------------------------------------------------------

_ASCII_INT = re.compile(r"\s*([+-]?)0*([0-9]+)\s*", re.ASCII)


def ascii_int(text: str) -> int:
    """The integer `text` writes in ASCII digits: an optional sign, spaces around.

    `int()` also reads other scripts' digits (`"\\u0668"`, `"\\uff19"`) and
    underscores (`"1_0"` is 10); the command line takes 0-9 only, everywhere. Raises
    `ValueError` for anything else, and `OverflowError` past 64 bits (either
    sign) without converting a long string. Cost: O(len(text)).

    >>> ascii_int(" 42 "), ascii_int("-007"), ascii_int("+3")
    (42, -7, 3)
    >>> ascii_int("1_0")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: not an integer in ASCII digits: '1_0'
    >>> ascii_int("9" * 41)
    Traceback (most recent call last):
    ...
    OverflowError: past 64 bits
    """
    match = _ASCII_INT.fullmatch(text)
    if match is None:
        raise ParseError(f"not an integer in ASCII digits: {_shown(text)}")
    sign, digits = match.groups()
    if len(digits) > len(str(MAX_INT)) or int(digits) > MAX_INT:
        raise OverflowError("past 64 bits")
    return -int(digits) if sign == "-" else int(digits)


def _shown(text: str, width: int = 40) -> str:
    """`text` quoted for a message, cut after `width` characters."""
    return repr(text) if len(text) <= width else f"{text[:width]!r}..."


def file_name(text: str) -> str:
    """argparse type of every FILE argument: a name, never the empty string.

    An empty `--out ''` would otherwise mean stdout to one command and the current
    directory to another; every command refuses it at parse time instead.

    >>> file_name("board.svg")
    'board.svg'
    >>> file_name("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a file name, got ''
    """
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got ''")
    return text


def ledger_name(text: str) -> str:
    """argparse type of `--ledger FILE`: a file name, never `-`.

    A ledger is a file read and rewritten in place, never a stream: `--ledger -` would
    otherwise create a file named `-` where the person meant standard output.

    >>> ledger_name("n16.sqlite")
    'n16.sqlite'
    >>> ledger_name("-")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a ledger is a file, not standard input or output: ...
    """
    if text == "-":
        raise argparse.ArgumentTypeError("a ledger is a file, not standard input or output: "
                                         "give a file name (./- for a file named '-')")
    return file_name(text)


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (after `..`, symlinks, or as hard links).

    >>> same_file("x.svg", "./x.svg"), same_file("x.svg", "y.svg")
    (True, False)
    """
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist yet
        return False


def check_dask_options(args: argparse.Namespace, scheduler: str | None, *,
                       from_env: bool = False, ledger: str | None = None) -> None:
    """Refuse `--scheduler-timeout` and `--dask-log` without a scheduler to apply to,
    and a Dask log written over the ledger.

    `scheduler` is the address in use (`--scheduler`, or `$DASK_SCHEDULER_ADDRESS`
    where `from_env` says the command takes it from there); `ledger` the ledger file.
    """
    needs = "--scheduler ADDR" + (" (or $DASK_SCHEDULER_ADDRESS)" if from_env else "")
    for option, value in (("--scheduler-timeout", getattr(args, "scheduler_timeout", None)),
                          ("--dask-log", getattr(args, "dask_log", None))):
        if value is not None and scheduler is None:
            raise UsageError(f"{option} applies only to {needs}")
    log = getattr(args, "dask_log", None)
    if log is not None and ledger is not None and same_file(log, ledger):
        raise UsageError(f"--dask-log names the ledger file {_shown(ledger)}; the log would "
                         "overwrite the ledger")


def check_address(scheduler: str) -> None:
    """Refuse a scheduler address that is not ASCII (a port of "\u0668\u0667" digits).

    >>> check_address("tcp://10.0.0.5:8786")
    >>> check_address("tcp://h:\u0668\u0667")
    Traceback (most recent call last):
    ...
    nqueens.errors.UsageError: 'tcp://h:\u0668\u0667' is not a scheduler address \
(expected tcp://HOST:PORT in ASCII, a port from 1 to 65535)
    """
    if not scheduler.isascii():
        raise UsageError(f"{_shown(scheduler)} is not a scheduler address (expected "
                         "tcp://HOST:PORT in ASCII, a port from 1 to 65535)")
