"""The exceptions the toolkit raises on bad input.

Every error a person can cause is a :class:`NQueensError` (a ``ValueError``) with a
message that says what to change. The CLI prints that message as one line and exits 2.
"""

from __future__ import annotations

__all__ = [
    "ConflictingOptionsError",
    "InvalidBoardError",
    "InvalidSizeError",
    "NQueensError",
    "ParseError",
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


class ConflictingOptionsError(NQueensError):
    """Options that cannot be used together, such as a pure strategy with a ledger."""
