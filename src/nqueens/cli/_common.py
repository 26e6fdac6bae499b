"""What every subcommand shares: argument types, the error guard, safe output files.

Bad input becomes one line on stderr and exit status 2; a closed pipe ends quietly; Ctrl-C
exits 130 with what was printed still printed. Output files are written to a temporary name
and renamed at the end, so a failed or interrupted command leaves nothing half-written.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, NoReturn

from nqueens.errors import NQueensError

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "ArgumentParser",
    "UsageError",
    "atomic_output",
    "board_size",
    "positive_int",
    "run_guarded",
]

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


class UsageError(NQueensError):
    """Bad command-line usage: the message is printed as one line, exit status 2."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse whose errors are one line on stderr (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see --help)")


def positive_int(text: str) -> int:
    """argparse type: a positive integer such as ``8`` (not ``0``, ``-3``, ``abc``, ``2.5``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def board_size(text: str) -> int:
    """argparse type for N: a positive integer board size."""
    try:
        return positive_int(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"N must be a positive integer, got {text!r}"
        ) from None


def run_guarded(body: Callable[[], int]) -> int:
    """Run ``body`` and turn the ways a command can end into exit codes, never a traceback."""
    try:
        return body()
    except NQueensError as err:
        _flush_quietly()
        message = str(err)
        if not message.startswith("nqueens"):
            message = f"nqueens: error: {message}"
        print(message, file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, and keep Python's exit-time flush
        # of stdout from raising again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        _flush_quietly()
        print("nqueens: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _flush_quietly() -> None:
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; rename it onto ``path`` only on success.

    An unwritable destination raises :class:`UsageError` with one clear line; an error or
    Ctrl-C inside the block removes the temporary file, so no half-written file remains.
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as err:
        raise UsageError(f"cannot write {str(target)!r}: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, mode) as handle:
            yield handle
        try:
            os.replace(tmp, target)
        except OSError as err:  # e.g. the destination is a directory
            raise UsageError(f"cannot write {str(target)!r}: {err.strerror or err}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
