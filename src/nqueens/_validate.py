"""Argument checks at the public face, in one wording (as stumpy's ``core.check_*``).

Every public function checks what a person passes it through these helpers, so that a bad
argument raises the project's own error (:mod:`nqueens.errors`, each a ``ValueError``) with
a message that names the argument and what it accepts. Kernels and private helpers trust
their callers and check nothing. Each helper returns the value it accepted, so a check
reads as an assignment.

>>> check_int(8, "n", low=1)
8
>>> check_int(2.5, "workers", low=1)
Traceback (most recent call last):
...
nqueens.errors.InvalidSizeError: workers must be a positive integer, got 2.5
>>> check_choice("xml", "fmt", ("cols", "npy"))
Traceback (most recent call last):
...
nqueens.errors.UnknownOptionError: unknown fmt 'xml'; choose one of cols, npy
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar, cast

from nqueens.errors import InvalidBoardError, InvalidSizeError, UnknownOptionError

__all__ = ["check_choice", "check_columns", "check_int", "check_integers", "check_size"]

T = TypeVar("T")


def check_int(value: object, name: str, *, low: int | None = None,
              high: int | None = None) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``, else :class:`InvalidSizeError`.

    Cost: O(1).

    >>> check_int(3, "k", low=0, high=3)
    3
    >>> check_int(True, "k")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: k must be an integer, got True
    """
    if isinstance(value, bool) or not isinstance(value, int) or (
            low is not None and value < low) or (high is not None and value > high):
        raise InvalidSizeError(f"{name} must be {_int_range(low, high)}, got {value!r}")
    return value


def check_size(n: object, *, largest: int | None = None, name: str = "N") -> int:
    """A board size: an int from 1 to ``largest`` (unbounded if ``None``). Cost: O(1).

    >>> check_size(8)
    8
    >>> check_size(0)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: N must be a positive integer, got 0
    """
    return check_int(n, name, low=1, high=largest)


def check_choice(value: T, name: str, choices: Iterable[T]) -> T:
    """``value`` if it is one of ``choices``, else :class:`UnknownOptionError`. Cost: O(choices).

    >>> check_choice("all", "until", ("first", "all"))
    'all'
    """
    options = tuple(choices)
    if value not in options:
        raise UnknownOptionError(
            f"unknown {name} {value!r}; choose one of {', '.join(str(c) for c in options)}")
    return value


def check_columns(placement: object, name: str = "placement", *, base: int = 0,
                  permutation: bool = False) -> tuple[int, ...]:
    """Columns ``base .. base + n - 1``, one per row, as a tuple of 0-based ints. Cost: O(n).

    A bool, a float or a string is not a column (numpy integers are); a column off the
    board, or anything that is not a sequence, raises
    :class:`~nqueens.errors.InvalidBoardError`. With ``permutation``, two queens in one
    column are refused too (the board symmetries act on permutations only).

    >>> check_columns([1, 3, 0, 2])
    (1, 3, 0, 2)
    >>> check_columns([2, 4, 1, 3], "cols", base=1)
    (1, 3, 0, 2)
    >>> check_columns((1.9, 3, 0, 2))
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: placement must hold integer columns, got 1.9 in row 1
    >>> check_columns((5, 1, 2))
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: placement has column 5 in row 1, off a board of size 3 \
(columns 0..2)
    >>> check_columns((0, 0), permutation=True)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: placement is not a permutation: rows 1 and 2 both have \
column 0
    """
    cols = check_integers(placement, name)
    n = len(cols)
    seen: dict[int, int] = {}
    for row, c in enumerate(cols):
        if not base <= c < base + n:
            raise InvalidBoardError(f"{name} has column {c} in row {row + 1}, off a board of "
                                    f"size {n} (columns {base}..{base + n - 1})")
        if permutation:
            if c in seen:
                raise InvalidBoardError(f"{name} is not a permutation: rows {seen[c] + 1} and "
                                        f"{row + 1} both have column {c}")
            seen[c] = row
    return cols if base == 0 else tuple(c - base for c in cols)


def check_integers(placement: object, name: str = "placement") -> tuple[int, ...]:
    """A sequence of integers (ints or numpy integers) as a tuple of ints. Cost: O(n).

    Anything else (a string, a number, ``None``, a sequence holding a float, a bool or
    ``None``) raises :class:`~nqueens.errors.InvalidBoardError`; the values' range is not
    checked (:func:`check_columns` does that).

    >>> check_integers([3, -1])
    (3, -1)
    >>> check_integers(None, "cols")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: cols must be a sequence of integer columns, got None
    """
    if isinstance(placement, (str, bytes)) or not (
            isinstance(placement, Sequence) or hasattr(placement, "__array__")):
        raise InvalidBoardError(f"{name} must be a sequence of integer columns, "
                                f"got {placement!r}")
    seq = cast("Sequence[object]", placement)  # a sequence, or a numpy array
    cols: list[int] = []
    for row, col in enumerate(seq):
        if not _is_integer(col):  # numpy integers are columns; floats, strs, bools are not
            raise InvalidBoardError(f"{name} must hold integer columns, got {col!r} "
                                    f"in row {row + 1}")
        cols.append(int(col))  # type: ignore[call-overload]  # an int or a numpy integer
    return tuple(cols)


def _is_integer(value: object) -> bool:
    """An int or a numpy integer; not a bool, a float or a string."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    import numbers

    return isinstance(value, numbers.Integral)


def _int_range(low: int | None, high: int | None) -> str:
    if low is None and high is None:
        return "an integer"
    if high is None:
        return {0: "a non-negative integer", 1: "a positive integer"}.get(
            low, f"an integer of at least {low}")  # type: ignore[arg-type]
    if low is None:
        return f"an integer of at most {high}"
    return f"an integer from {low} to {high}"
