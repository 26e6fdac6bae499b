"""The exceptions the toolkit raises: bad input, and work that could not finish.

Every error a person can cause is a :class:`NQueensError` (a ``ValueError``) with a
message that says what to change; the CLI prints it as one line and exits 2. A failure at
run time that no change of input would fix (a disk full, a scheduler lost, a batch that
keeps failing) is a :class:`NQueensRuntimeError` (a ``RuntimeError``); the CLI prints it
as one line and exits 3. Library messages name arguments, not command-line flags.
"""

from __future__ import annotations

__all__ = [
    "ConflictingOptionsError",
    "DiskFullError",
    "ImageSupportMissingError",
    "InvalidArgumentError",
    "InvalidBoardError",
    "InvalidSizeError",
    "MissingDependencyError",
    "NQueensError",
    "NQueensRuntimeError",
    "ParseError",
    "PuzzleImportError",
    "UnknownOptionError",
]


class NQueensError(ValueError):
    """Base class of every input error raised by nqueens."""


class InvalidSizeError(NQueensError):
    """A board size that is not a positive integer, or too large for the method asked for."""


class UnknownOptionError(NQueensError):
    """A strategy, format, language or method name that does not exist."""


class ParseError(NQueensError):
    """Text that cannot be read as a board, a column list or a solution file."""


class InvalidBoardError(NQueensError):
    """A placement that is not a solution where a solution is required."""


class InvalidArgumentError(NQueensError):
    """An argument of the wrong kind: a flag that is not True or False, a callback that
    cannot be called, a file name that is not a path, an object that is not the record
    (a puzzle, a step, a trace event, an executor) the function works on."""


class ConflictingOptionsError(NQueensError):
    """Options that cannot be used together, such as a pure strategy with a ledger."""


class MissingDependencyError(NQueensError):
    """An optional package (or the C library under it) that a requested output needs."""


class ImageSupportMissingError(MissingDependencyError, ImportError):
    """Pillow, which reading a screenshot needs, is not installed (the message says how).

    Both a missing dependency (exit 2) and an :class:`ImportError`, so ``except ImportError``
    catches it as it catches any absent package."""


class PuzzleImportError(ParseError):
    """A puzzle source that cannot be read: a broken URL or SBN string, a picture with no
    board in it or one read with too little confidence, a grid that is no puzzle."""


class NQueensRuntimeError(RuntimeError):
    """Base class of failures at run time: the input was fine, the work could not finish."""


class DiskFullError(NQueensRuntimeError):
    """A write that failed for want of room: a full disk (ENOSPC) or a file-size limit (EFBIG)."""
