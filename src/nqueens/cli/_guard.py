"""The guard around a command: every way it can end becomes one line and an exit status.

Bad input becomes one line on stderr and exit status 2; a runtime failure (disk full,
scheduler lost) one line and exit status 3; a closed pipe ends quietly; Ctrl-C exits 130,
SIGTERM 143, SIGHUP 129 and SIGQUIT 131, after the same clean-ups, with what was printed
still printed. Never a traceback, except for a bug. It imports nothing of the CLI.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

from nqueens.errors import MissingDependencyError, NQueensError, NQueensRuntimeError
from nqueens.files import remove_unfinished

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_NEGATIVE",
    "EXIT_OK",
    "EXIT_RUNTIME",
    "EXIT_TERMINATED",
    "Terminated",
    "one_line",
    "run_guarded",
    "short_line",
]

EXIT_OK = 0
EXIT_NEGATIVE = 1
"""A negative verdict: `verify` found a conflict, `complete` proved there is none."""
EXIT_BAD_INPUT = 2
EXIT_RUNTIME = 3
"""The input was fine but the work could not finish (disk full, scheduler lost)."""
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """Raised in the main thread by SIGTERM, SIGHUP or SIGQUIT, so that it unwinds exactly as
    Ctrl-C does (temporary files removed, the ledger closed); `signum` says which."""

    def __init__(self, signum: int = signal.SIGTERM) -> None:
        super().__init__(signum)
        self.signum = signum



def run_guarded(body: Callable[[], int], *, exit_on_interrupt: bool = False) -> int:
    """Run `body` and turn the ways a command can end into exit codes, never a traceback.

    SIGTERM, SIGHUP (the terminal closed) and SIGQUIT are turned into `Terminated`
    (a `KeyboardInterrupt`) while `body` runs, so every clean-up written for Ctrl-C also
    runs for them; the status is 128 + the signal's number. A Ctrl-C that a C extension
    turned into its own error while importing (numpy, numba) still reads "interrupted".
    With `exit_on_interrupt` (the program itself, not a caller in Python), an interrupted
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
    except (NQueensError, MissingDependencyError, NQueensRuntimeError) as err:
        _flush_quietly()
        message = short_line("; ".join([str(err), *getattr(err, "__notes__", ())]))
        hint = getattr(err, "cli_hint", None)
        if hint:
            message = f"{message}; {hint}"
        if not message.startswith("nqueens"):
            message = f"nqueens: error: {message}"
        _say(message)
        return EXIT_RUNTIME if isinstance(err, NQueensRuntimeError) else EXIT_BAD_INPUT
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
        _say(_with_notes(NO_MEMORY, err) if _no_memory(err) else _os_failure(err))
        return EXIT_RUNTIME
    except KeyboardInterrupt as stop:
        signum = stop.signum if isinstance(stop, Terminated) else signal.SIGINT
        return _stopped(stop, signum, exit_on_interrupt)
    except Exception as err:
        # numpy's and numba's imports turn a Ctrl-C that lands inside them into an
        # ImportError or a RuntimeError: that is still the person stopping the command
        if _SIGNALLED:
            return _stopped(err, _SIGNALLED[-1], exit_on_interrupt)
        line = NO_THREADS if _no_threads(err) else NO_MEMORY if _no_memory(err) else None
        if line is None:
            raise
        _flush_quietly()
        _say(_with_notes(line, err))
        return EXIT_RUNTIME
    finally:
        undo_hook()
        _restore_signals(previous)
        _SIGNALLED.clear()


NO_THREADS = ("nqueens: error: cannot start a thread: this user's process and thread limit "
              "is reached (ulimit -u, or a container's pids limit); raise it or end other "
              "processes, then run the command again")
"""The one line for work that could not start a thread (a runtime failure, exit 3)."""


NO_MEMORY = ("nqueens: error: out of memory: a library could not be loaded or mapped "
             "(an address-space limit such as ulimit -v is too low); raise the limit or "
             "free memory, then run the command again")
"""The one line for a shared library or mapping refused for want of memory (exit 3)."""

_NO_MEMORY_WORDS = ("failed to map segment", "cannot allocate memory", "out of memory",
                    "cannot map zero-fill pages")


def _no_memory(err: BaseException) -> bool:
    """Whether `err` (or an error it was raised from) is memory refused while loading:
    an extension module or `ctypes` library the loader could not map (`ulimit -v`),
    which Python reports as an ImportError or OSError, not a MemoryError."""
    seen: set[int] = set()
    cause: BaseException | None = err
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, ImportError | OSError) and (
                getattr(cause, "errno", None) == errno.ENOMEM
                or any(w in str(cause).lower() for w in _NO_MEMORY_WORDS)):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


def _no_threads(err: BaseException) -> bool:
    """Whether `err` (or an error it was raised from) is a thread that could not start:
    CPython's `RuntimeError("can't start new thread")`, or OpenBLAS's or numba's
    start-up failing for want of a thread (`pthread_create` and EAGAIN)."""
    seen: set[int] = set()
    cause: BaseException | None = err
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        text = str(cause)
        if isinstance(cause, RuntimeError) and "can't start new thread" in text:
            return True
        if "pthread_create" in text:
            return True
        cause = cause.__cause__ or cause.__context__
    return False


def _can_start_thread() -> bool:
    """Whether a thread starts now (a probe of a few microseconds)."""
    try:
        probe = threading.Thread(target=_nothing, daemon=True)
        probe.start()
    except RuntimeError:
        return False
    probe.join()
    return True


def _stopped(stop: BaseException, signum: int, exit_on_interrupt: bool) -> int:
    """Say that the command was stopped (with the notes it added) and give its status.

    What was half written is removed first (`remove_unfinished`)."""
    remove_unfinished()
    _flush_quietly()
    if signum == signal.SIGINT and not _can_start_thread():
        # OpenBLAS raises SIGINT itself when it cannot start its threads (numpy's import
        # under ulimit -u 1): no person stopped the command, the system's limit did
        _say(_with_notes(NO_THREADS, stop))
        _exit_now_if(exit_on_interrupt, EXIT_RUNTIME)
        return EXIT_RUNTIME
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
    """The one line for an `OSError` that no command sorted out itself: a file it names,
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
    """`line` followed by the notes a command added to `err` on its way out (one line)."""
    return one_line("; ".join([line, *getattr(err, "__notes__", ())]))


def one_line(text: str) -> str:
    r"""`text` as one printable line: line breaks (`\n`, `\x1c`, U+2028 ...) become
    spaces, and every other character a terminal would not print its escape.

    Cost: O(len(text)).

    >>> print(one_line("bad ledger\n(text '\x1a\x07ok')"))
    bad ledger (text '\x1a\x07ok')
    """
    text = " ".join(text.splitlines())
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


QUOTED_MAX = 200
"""The most characters of one quoted piece of input (`'...'`) an error line shows whole;
a longer one keeps its head and its tail (a file's name ends a long path)."""

LINE_MAX = 1000
"""The most characters of an error line: input echoed whole could be a megabyte."""

_QUOTED = re.compile("|".join(rf"{q}(?:[^{q}\\]|\\.){{{QUOTED_MAX + 1},}}{q}" for q in "'\""))


def short_line(text: str) -> str:
    r"""`text` as `one_line` has it, with each quoted piece of input longer than
    `QUOTED_MAX` characters cut to its first 100 and last 60 characters (saying how
    many were left out), and the whole cut at `LINE_MAX` characters.
    Cost: O(len(text)).

    >>> short_line("cannot read '" + "7" * 5000 + "' as a square")  # doctest: +ELLIPSIS
    "cannot read '777...777...(4840 characters left out)...777' as a square"
    >>> len(short_line("x" * 10**6))
    1000
    """
    def cut(match: re.Match[str]) -> str:
        piece = match.group(0)
        quote, inner = piece[0], piece[1:-1]
        left = len(inner) - 160
        return f"{quote}{inner[:100]}...({left} characters left out)...{inner[-60:]}{quote}"

    line = _QUOTED.sub(cut, one_line(text))
    return line if len(line) <= LINE_MAX else line[:LINE_MAX - 3] + "..."


def _exit_now_if(wanted: bool, code: int) -> None:
    """End the process with `code` at once (streams flushed), skipping the teardown."""
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
    """Route Ctrl-C, SIGTERM, SIGHUP and SIGQUIT to `_on_stop_signal` (main thread
    only); return the old handlers. A signal its parent set to be ignored (`nohup`, a
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
    """Hook `sys.unraisablehook`: a Ctrl-C or SIGTERM raised inside a callback from C is
    "ignored" there (the C caller cannot take an exception) and the command would run on.
    The hook interrupts the main thread again, every 10 ms, until the interrupt lands in
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
