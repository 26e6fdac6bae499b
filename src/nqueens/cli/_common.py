"""What every subcommand shares: argument types, the error guard, safe output files.

Bad input becomes one line on stderr and exit status 2; a runtime failure (disk full,
scheduler lost) one line and exit status 3; a closed pipe ends quietly; Ctrl-C exits 130
and SIGTERM 143, with what was printed still printed. Output files go through
:func:`nqueens.files.atomic_output` (re-exported here), so a failed or interrupted command
leaves nothing half-written.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn, TypedDict

from nqueens.errors import NQueensError, NQueensRuntimeError
from nqueens.files import atomic_output

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
    "add_json_shorthand",
    "ascii_int",
    "atomic_output",
    "board_size",
    "cap_workers",
    "check_address",
    "check_dask_options",
    "dask_options",
    "file_name",
    "hint_if_slow",
    "ledger_options",
    "non_negative_int",
    "one_line",
    "positive_int",
    "run_guarded",
    "same_file",
]

EXIT_OK = 0
EXIT_NEGATIVE = 1
"""A negative verdict: ``verify`` found a conflict, ``complete`` proved there is none."""
EXIT_BAD_INPUT = 2
EXIT_RUNTIME = 3
"""The input was fine but the work could not finish (disk full, scheduler lost)."""
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """Raised in the main thread by SIGTERM, SIGHUP or SIGQUIT, so that it unwinds exactly as
    Ctrl-C does (temporary files removed, the ledger closed); ``signum`` says which."""

    def __init__(self, signum: int = signal.SIGTERM) -> None:
        super().__init__(signum)
        self.signum = signum


class UsageError(NQueensError):
    """Bad command-line usage: the message is printed as one line, exit status 2."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse whose errors are one line on stderr (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops a failed write (``--help > /dev/full`` said nothing, status 0):
        # let it fail as every other output does
        if message:
            (file or sys.stderr).write(message)


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
    """argparse type: a positive integer such as ``8`` (not ``0``, ``-3``, ``abc``, ``2.5``)."""
    return _int_at_least(text, 1, "expected a positive integer,")


def non_negative_int(text: str) -> int:
    """argparse type: an integer >= 0, such as a seed or a count (``0``, ``42``)."""
    return _int_at_least(text, 0, "expected a non-negative integer,")


def board_size(text: str) -> int:
    """argparse type for N: a positive integer board size."""
    return _int_at_least(text, 1, "N must be a positive integer,")


def add_json_shorthand(group: Any) -> None:
    """``--json``, the same as ``--format json``: every command with JSON output takes it.

    ``group`` is the mutually exclusive group (or parser) that holds ``--format``.
    """
    group.add_argument("--json", action="store_const", const="json", dest="format",
                       help="print JSON: the same as --format json")


def add_dask_options(parser: argparse.ArgumentParser) -> None:
    """``--scheduler-timeout`` and ``--dask-log`` for a command that takes ``--scheduler``."""
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
    """Keyword arguments for :func:`nqueens.engine.executors.dask_executor` from the flags."""
    timeout = getattr(args, "scheduler_timeout", None)
    return {"lost_after": 30.0 if timeout is None else float(timeout),
            "log": getattr(args, "dask_log", None)}


def positive_float(text: str) -> float:
    """argparse type: a finite number of seconds above 0, such as ``30`` or ``2.5``."""
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def cap_workers(command: str, workers: int | None) -> int:
    """``--workers`` for local work: every core when None; more than the cores runs on
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
    """``repair`` and ``wait`` for :func:`nqueens.engine.run.run_count` from ``count``'s flags."""
    return {"repair": bool(getattr(args, "repair", False)),
            "wait": bool(getattr(args, "wait", False))}


def run_guarded(body: Callable[[], int], *, exit_on_interrupt: bool = False) -> int:
    """Run ``body`` and turn the ways a command can end into exit codes, never a traceback.

    SIGTERM, SIGHUP (the terminal closed) and SIGQUIT are turned into :class:`Terminated`
    (a ``KeyboardInterrupt``) while ``body`` runs, so every clean-up written for Ctrl-C also
    runs for them; the status is 128 + the signal's number. A Ctrl-C that a C extension
    turned into its own error while importing (numpy, numba) still reads "interrupted".
    With ``exit_on_interrupt`` (the program itself, not a caller in Python), an interrupted
    process ends right after its one line: the clean-ups have run while the interrupt
    unwound, and freeing a large search tree or event list object by object could otherwise
    hold the exit for seconds.
    An interrupt that lands in a callback from C, where Python can only print it and go on
    (numba's LLVM calls back into Python while it loads a kernel), is delivered again.
    """
    undo_hook: Callable[[], None] = _nothing
    previous: dict[int, Any] = {}
    try:
        try:
            undo_hook = _redeliver_swallowed_interrupts()
            previous = _catch_stop_signals()
            code = body()
        except SystemExit as stop:  # argparse after --help or --version: output to check
            if stop.code not in (0, None):
                raise
            code = 0
        sys.stdout.flush()  # a full disk under stdout is reported here, not at exit
        return code
    except (NQueensError, NQueensRuntimeError) as err:
        _flush_quietly()
        message = one_line("; ".join([str(err), *getattr(err, "__notes__", ())]))
        hint = getattr(err, "cli_hint", None)
        if hint:
            message = f"{message}; {hint}"
        if not message.startswith("nqueens"):
            message = f"nqueens: error: {message}"
        _say(message)
        return EXIT_BAD_INPUT if isinstance(err, NQueensError) else EXIT_RUNTIME
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, and keep Python's exit-time flush
        # of stdout from raising again.
        _silence_stdout()
        return 0
    except MemoryError:
        _flush_quietly()
        _say("nqueens: error: out of memory; try a smaller problem")
        return EXIT_RUNTIME
    except RecursionError:
        _flush_quietly()
        _say("nqueens: error: input nested too deeply to process")
        return EXIT_RUNTIME
    except OSError as err:
        if _SIGNALLED:  # an interrupt that a C extension turned into its own error
            return _stopped(err, _SIGNALLED[-1], exit_on_interrupt)
        _say(_os_failure(err))
        return EXIT_RUNTIME
    except KeyboardInterrupt as stop:
        signum = stop.signum if isinstance(stop, Terminated) else signal.SIGINT
        return _stopped(stop, signum, exit_on_interrupt)
    except Exception as err:
        # numpy's and numba's imports turn a Ctrl-C that lands inside them into an
        # ImportError or a RuntimeError: that is still the person stopping the command
        if _SIGNALLED:
            return _stopped(err, _SIGNALLED[-1], exit_on_interrupt)
        raise
    finally:
        undo_hook()
        _restore_signals(previous)
        _SIGNALLED.clear()


def _stopped(stop: BaseException, signum: int, exit_on_interrupt: bool) -> int:
    """Say that the command was stopped (with the notes it added) and give its status."""
    _flush_quietly()
    if signum == signal.SIGINT:
        line, code = "nqueens: interrupted", EXIT_INTERRUPTED
    elif signum == signal.SIGTERM:
        line, code = "nqueens: terminated", EXIT_TERMINATED
    else:
        line, code = f"nqueens: terminated ({signal.Signals(signum).name})", 128 + signum
    _say(_with_notes(line, stop))
    _exit_now_if(exit_on_interrupt, code)
    return code


_WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EIO, errno.EBADF,
                             errno.EPIPE, errno.EAGAIN, errno.EROFS, errno.EINVAL})
"""The errors a write to standard output gives (a full disk, a closed descriptor, ...)."""


def _os_failure(err: OSError) -> str:
    """The one line for an ``OSError`` that no command sorted out itself: a file it names,
    a working folder deleted under the command, or else standard output that failed."""
    reason = err.strerror or str(err)
    if err.filename:
        return f"nqueens: error: cannot write {err.filename!r}: {reason}"
    try:
        os.getcwd()
    except OSError:
        return ("nqueens: error: the current folder no longer exists; "
                "change to another folder and run the command again")
    if err.errno in _WRITE_FAILURES:
        _silence_stdout()  # the exit-time flush of what is buffered must not fail again
        return f"nqueens: error: cannot write to standard output: {reason}"
    return f"nqueens: error: {reason}"


def _say(line: str) -> None:
    """Print one line on stderr; a terminal already gone (SIGHUP) is not an error."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr)


def _nothing() -> None:
    pass


def _with_notes(line: str, err: BaseException) -> str:
    """``line`` followed by the notes a command added to ``err`` on its way out (one line)."""
    return one_line("; ".join([line, *getattr(err, "__notes__", ())]))


HINT_SECONDS = 3.0
"""How long a search may run without its first result before :func:`hint_if_slow` speaks."""


@contextlib.contextmanager
def hint_if_slow(line: str, *, after: float = HINT_SECONDS) -> Iterator[None]:
    """Say ``line`` on stderr, once, if the block is still running after ``after`` seconds.

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


def one_line(text: str) -> str:
    r"""``text`` as one printable line: line breaks (``\n``, ``\x1c``, U+2028 ...) become
    spaces, and every other character a terminal would not print its escape.

    Cost: O(len(text)).

    >>> print(one_line("bad ledger\n(text '\x1a\x07ok')"))
    bad ledger (text '\x1a\x07ok')
    """
    text = " ".join(text.splitlines())
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def _exit_now_if(wanted: bool, code: int) -> None:
    """End the process with ``code`` at once (streams flushed), skipping the teardown."""
    if wanted:
        _flush_quietly()
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
        os._exit(code)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the exit-time flush of what is buffered cannot fail."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


_STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT")
                      if hasattr(signal, name))
"""Signals that end a command as Ctrl-C does: the clean-ups run, then one line and 128 + N."""

_SIGNALLED: list[int] = []
"""The stop signals (Ctrl-C included) that arrived while a guarded command ran."""


def _on_stop_signal(signum: int, frame: object) -> None:
    _SIGNALLED.append(signum)
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated(signum)


def _catch_stop_signals() -> dict[int, Any]:
    """Route Ctrl-C, SIGTERM, SIGHUP and SIGQUIT to :func:`_on_stop_signal` (main thread
    only); return the old handlers. A signal its parent set to be ignored (``nohup``, a
    background job of a script) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    if hasattr(signal, "SIGXFSZ"):  # a file-size limit: let write() fail with EFBIG
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous: dict[int, Any] = {}
    for signum in (signal.SIGINT, *_STOP_SIGNALS):
        default = signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL
        if signal.getsignal(signum) is default:
            previous[signum] = signal.signal(signum, _on_stop_signal)
    return previous


def _redeliver_swallowed_interrupts() -> Callable[[], None]:
    """Hook ``sys.unraisablehook``: a Ctrl-C or SIGTERM raised inside a callback from C is
    "ignored" there (the C caller cannot take an exception) and the command would run on.
    The hook interrupts the main thread again 10 ms later, until the interrupt lands in
    Python code that can unwind. Returns the function that puts the old hook back."""
    import _thread

    previous = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            previous(unraisable)
            return
        stop = unraisable.exc_value
        signum = stop.signum if isinstance(stop, Terminated) else signal.SIGINT
        again = threading.Timer(0.01, _thread.interrupt_main, args=(signum,))
        again.daemon = True
        again.start()

    sys.unraisablehook = hook

    def undo() -> None:
        sys.unraisablehook = previous

    return undo


def _restore_signals(previous: dict[int, Any]) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)


def _flush_quietly() -> None:
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()


# -- argument types and option checks --------------------------------------------------------

_ASCII_INT = re.compile(r"\s*([+-]?)0*([0-9]+)\s*", re.ASCII)


def ascii_int(text: str) -> int:
    """The integer ``text`` writes in ASCII digits: an optional sign, spaces around.

    ``int()`` also reads other scripts' digits (``"\\u0668"``, ``"\\uff19"``) and
    underscores (``"1_0"`` is 10); the command line takes 0-9 only, everywhere. Raises
    :class:`ValueError` for anything else, and :class:`OverflowError` past 64 bits (either
    sign) without converting a long string. Cost: O(len(text)).

    >>> ascii_int(" 42 "), ascii_int("-007"), ascii_int("+3")
    (42, -7, 3)
    >>> ascii_int("1_0")
    Traceback (most recent call last):
    ...
    ValueError: not an integer in ASCII digits: '1_0'
    >>> ascii_int("9" * 41)
    Traceback (most recent call last):
    ...
    OverflowError: past 64 bits
    """
    match = _ASCII_INT.fullmatch(text)
    if match is None:
        raise ValueError(f"not an integer in ASCII digits: {_shown(text)}")
    sign, digits = match.groups()
    if len(digits) > len(str(MAX_INT)) or int(digits) > MAX_INT:
        raise OverflowError("past 64 bits")
    return -int(digits) if sign == "-" else int(digits)


def _shown(text: str, width: int = 40) -> str:
    """``text`` quoted for a message, cut after ``width`` characters."""
    return repr(text) if len(text) <= width else f"{text[:width]!r}..."


def file_name(text: str) -> str:
    """argparse type of every FILE argument: a name, never the empty string.

    An empty ``--out ''`` would otherwise mean stdout to one command and the current
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


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (after ``..``, symlinks, or as hard links).

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
    """Refuse ``--scheduler-timeout`` and ``--dask-log`` without a scheduler to apply to,
    and a Dask log written over the ledger.

    ``scheduler`` is the address in use (``--scheduler``, or ``$DASK_SCHEDULER_ADDRESS``
    where ``from_env`` says the command takes it from there); ``ledger`` the ledger file.
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
    nqueens.cli._common.UsageError: 'tcp://h:\u0668\u0667' is not a scheduler address \
(expected tcp://HOST:PORT in ASCII, a port from 1 to 65535)
    """
    if not scheduler.isascii():
        raise UsageError(f"{_shown(scheduler)} is not a scheduler address (expected "
                         "tcp://HOST:PORT in ASCII, a port from 1 to 65535)")
