"""Argument checks at the public face, in one wording (as stumpy's `core.check_*`).

Every public function checks what a person passes it through these helpers, so that a bad
argument raises the project's own error (`nqueens.errors`, each a `ValueError`) with
a message that names the argument and what it accepts. Kernels and private helpers trust
their callers and check nothing. Each helper returns the value it accepted, so a check
reads as an assignment - and must be used as one: `check_int` and `check_size`
accept numpy integers and return them as Python ints (numpy's wrap at 2**63), and
`check_squares` turns an iterable into a list.

Numbers (sizes, counts, limits, seeds, seconds) raise
`InvalidSizeError`; names of options
`UnknownOptionError`; placements and squares
`InvalidBoardError`; flags, callbacks, paths and records of the
wrong kind `InvalidArgumentError`.

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

import math
import os
import reprlib
from collections.abc import Iterable, Sequence
from typing import TypeVar, cast

from nqueens.errors import (
    InvalidArgumentError,
    InvalidBoardError,
    InvalidSizeError,
    NQueensError,
    ParseError,
    UnknownOptionError,
)

__all__ = [
    "INT64_MAX",
    "as_int",
    "check_backend",
    "check_bool",
    "check_callable",
    "check_choice",
    "check_columns",
    "check_engine_options",
    "check_executor",
    "check_instance",
    "check_int",
    "check_integers",
    "check_ledger_size",
    "check_optional_bool",
    "check_path",
    "check_seconds",
    "check_size",
    "check_squares",
    "check_text",
    "is_sequence",
    "short_repr",
]

T = TypeVar("T")

MAX_COUNT_N = 28
"""The largest n counted exactly, and the largest a ledger may claim: its total fits the
64-bit counters (A000170(28) is about 2.4e18)."""

INT64_MAX = 2**63 - 1
"""The largest count or limit a compiled kernel (an int64) takes."""


def check_int(value: object, name: str, *, low: int | None = None,
              high: int | None = None) -> int:
    """`value` as an int if it is an integer (an int or a numpy integer, not a bool) in
    `low..high`, else `InvalidSizeError`.

    Cost: O(1).

    >>> check_int(3, "k", low=0, high=3)
    3
    >>> import numpy as np
    >>> check_int(np.int64(8), "n", low=1)   # a Python int comes back
    8
    >>> check_int(True, "k")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: k must be an integer, got True (a bool, not a number)
    """
    number = as_int(value)
    if number is None:
        raise InvalidSizeError(f"{name} must be {_int_range(low, high)}, got "
                               f"{short_repr(value)}{not_a_number(value)}")
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidSizeError(f"{name} must be {_int_range(low, high)}, got {number!r}")
    return number


def check_size(n: object, *, largest: int | None = None, name: str = "N") -> int:
    """A board size: an integer from 1 to `largest` (unbounded if `None`), as an int.

    Numpy integers are sizes too (returned as Python ints). Cost: O(1).

    >>> check_size(8)
    8
    >>> check_size(0)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: N must be a positive integer, got 0
    """
    return check_int(n, name, low=1, high=largest)


def check_choice(value: T, name: str, choices: Iterable[T]) -> T:
    """`value` if it is one of `choices`, else `UnknownOptionError`. Cost: O(choices).

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
    """Columns `base .. base + n - 1`, one per row, as a tuple of 0-based ints. Cost: O(n).

    A bool, a float or a string is not a column (numpy integers are); a column off the
    board, or anything that is not a sequence, raises
    `InvalidBoardError`. With `permutation`, two queens in one
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
                                    f"size {n} (columns {base}..{base + n - 1})"
                                    + _other_base(cols, base))
        if permutation:
            if c in seen:
                raise InvalidBoardError(f"{name} is not a permutation: rows {seen[c] + 1} and "
                                        f"{row + 1} both have column {c}")
            seen[c] = row
    return cols if base == 0 else tuple(c - base for c in cols)


def check_integers(placement: object, name: str = "placement") -> tuple[int, ...]:
    """A sequence of integers (ints or numpy integers) as a tuple of ints. Cost: O(n).

    Anything else (a string, a number, `None`, a sequence holding a float, a bool or
    `None`) raises `InvalidBoardError`; the values' range is not
    checked (`check_columns` does that).

    >>> check_integers([3, -1])
    (3, -1)
    >>> check_integers(None, "cols")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: cols must be a sequence of integer columns, got None
    """
    if not is_sequence(placement):
        raise InvalidBoardError(f"{name} must be a sequence of integer columns, "
                                f"got {placement!r}")
    seq = cast("Sequence[object]", placement)  # a sequence, or a numpy array
    cols: list[int] = []
    for row, col in enumerate(seq):
        c = as_int(col)  # numpy integers are columns; floats, strs, bools are not
        if c is None:
            raise InvalidBoardError(f"{name} must hold integer columns, got {col!r} "
                                    f"in row {row + 1}")
        cols.append(c)
    return tuple(cols)


def check_bool(value: object, name: str) -> bool:
    """`value` if it is `True` or `False` (a numpy bool too), else
    `InvalidArgumentError`. Cost: O(1).

    >>> check_bool(True, "unique")
    True
    >>> check_bool("no", "unique")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: unique must be True or False, got 'no'
    """
    if isinstance(value, bool):
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool_", "bool"):
        return bool(value)
    raise InvalidArgumentError(f"{name} must be True or False, got {short_repr(value)}")


def check_optional_bool(value: object, name: str) -> bool | None:
    """`value` if it is `None`, `True` or `False` (a numpy bool too), else
    `InvalidArgumentError`. Cost: O(1).

    >>> check_optional_bool(None, "pieces"), check_optional_bool(False, "pieces")
    (None, False)
    >>> check_optional_bool(1, "pieces")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: pieces must be True, False or None, got 1
    """
    if value is None:
        return None
    try:
        return check_bool(value, name)
    except InvalidArgumentError:
        raise InvalidArgumentError(f"{name} must be True, False or None, got "
                                   f"{short_repr(value)}") from None


def check_callable(value: T, name: str) -> T:
    """`value` if it is callable or `None`, else
    `InvalidArgumentError`. Cost: O(1).

    >>> check_callable(print, "progress") is print
    True
    >>> check_callable("p", "progress")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: progress must be a callable or None, got 'p'
    """
    if value is not None and not callable(value):
        raise InvalidArgumentError(f"{name} must be a callable or None, got {short_repr(value)}")
    return value


def check_path(value: T, name: str) -> T:
    """`value` if it names a file (a `str` or an `os.PathLike` of one), else
    `InvalidArgumentError`. Cost: O(1).

    >>> check_path("count.sqlite", "ledger")
    'count.sqlite'
    >>> check_path(5, "ledger")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: ledger must be a file name (a str or an \
os.PathLike), got 5
    """
    if isinstance(value, str) or (
            isinstance(value, os.PathLike) and isinstance(os.fspath(value), str)):
        return value
    raise InvalidArgumentError(
        f"{name} must be a file name (a str or an os.PathLike), got {short_repr(value)}")


def check_seconds(value: object, name: str, *, infinite: bool = False) -> float:
    """`value` as a float if it is a positive number (an int or a float, not a bool nor
    NaN; infinity only with `infinite`), else `InvalidSizeError`. Cost: O(1).

    >>> check_seconds(2, "target_seconds")
    2.0
    >>> check_seconds(float("nan"), "target_seconds")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: target_seconds must be a positive number of seconds, \
got nan
    """
    import numbers

    number = float(value) if isinstance(value, numbers.Real) and not isinstance(
        value, bool) and type(value).__name__ not in ("bool_", "bool") else math.nan
    if not number > 0 or (number == math.inf and not infinite):
        what = "a positive number of seconds" + (" (inf: no limit)" if infinite else "")
        raise InvalidSizeError(f"{name} must be {what}, got {short_repr(value)}")
    return number


def check_text(value: object, name: str, *,
               error: type[NQueensError] = ParseError) -> str:
    """`value` if it is a `str`, else `error` (a `ParseError`
    unless told). Cost: O(1).

    >>> check_text(b"1,1", "text")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: text must be a str, got b'1,1'
    """
    if not isinstance(value, str):
        raise error(f"{name} must be a str, got {short_repr(value)}")
    return value


def check_executor(value: T, name: str = "executor") -> T:
    """`value` if it is `None` or an executor (an object with a callable `submit`, as
    every `concurrent.futures.Executor` has), else
    `InvalidArgumentError`. Cost: O(1).

    >>> check_executor("pool")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: executor must be a concurrent.futures.Executor or \
None, got 'pool'
    """
    if value is not None and not callable(getattr(value, "submit", None)):
        raise InvalidArgumentError(
            f"{name} must be a concurrent.futures.Executor or None, got {short_repr(value)}")
    return value


def check_engine_options(*, ledger: object, progress: object, on_estimate: object,
                         repair: object, wait: object) -> tuple[bool, bool]:
    """The options every entry to the counting engine shares, checked at once (before any
    work): `(repair, wait)` as accepted. Cost: O(1).

    >>> check_engine_options(ledger="n.sqlite", progress=print, on_estimate=None,
    ...                      repair=False, wait=True)
    (False, True)
    """
    if ledger is not None:
        check_path(ledger, "ledger")
    check_callable(progress, "progress")
    check_callable(on_estimate, "on_estimate")
    return check_bool(repair, "repair"), check_bool(wait, "wait")


def check_ledger_size(n: int, ledger: object) -> None:
    """Refuse a ledger for a board larger than a ledger holds. Cost: O(1).

    >>> check_ledger_size(29, "l29.sqlite")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: a ledger holds N = 1..28; count N = 29 without one
    """
    if ledger is not None and n > MAX_COUNT_N:
        raise InvalidSizeError(f"a ledger holds N = 1..{MAX_COUNT_N}; count N = {n} "
                               "without one")


def check_backend(value: T) -> T:
    """`value` if it is None or a backend (an object with the callable `open`,
    `schedule` and `run` of `Backend`), else
    `InvalidArgumentError`. Cost: O(1).

    >>> check_backend("gpu")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: backend must be a nqueens.engine.backends.Backend \
or None, got 'gpu'
    """
    parts = ("open", "schedule", "run")
    if value is not None and not all(callable(getattr(value, p, None)) for p in parts):
        raise InvalidArgumentError("backend must be a nqueens.engine.backends.Backend or "
                                   f"None, got {short_repr(value)}")
    return value


def check_instance(value: object, kind: type[T], name: str, what: str) -> T:
    """`value` if it is a `kind` (described to a person as `what`), else
    `InvalidArgumentError`. Cost: O(1).

    >>> check_instance(None, int, "n", "an int")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: n must be an int, got None
    """
    if not isinstance(value, kind):
        raise InvalidArgumentError(f"{name} must be {what}, got {short_repr(value)}")
    return value


def check_squares(squares: object, name: str, *,
                  error: type[NQueensError] = InvalidBoardError) -> list[tuple[int, int]]:
    """An iterable of `(row, col)` pairs of integers as a list of int pairs. Cost: O(k).

    Anything that is not an iterable (`None`, a number), a string or bytes, or an item
    that is not a pair of integers (a float, a string or a bool in it) raises `error`
    (`InvalidBoardError` unless told); the range is the caller's.

    >>> check_squares([(0, 1), [2, 3]], "placed")
    [(0, 1), (2, 3)]
    >>> check_squares([(1.5, 2)], "placed")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: placed must hold (row, col) pairs of integers, got \
(1.5, 2)
    """
    if isinstance(squares, (str, bytes)) or not isinstance(squares, Iterable):
        raise error(f"{name} must be an iterable of (row, col) pairs, got {short_repr(squares)}")
    out: list[tuple[int, int]] = []
    for item in squares:
        pair = list(cast("Iterable[object]", item)) if is_sequence(item) else []
        r, c = (as_int(v) for v in pair) if len(pair) == 2 else (None, None)
        if r is None or c is None:
            raise error(f"{name} must hold (row, col) pairs of integers, got {short_repr(item)}")
        out.append((r, c))
    return out


def is_sequence(value: object) -> bool:
    """A sequence of items (a list, a tuple, a numpy array of one or more dimensions), not a
    string, bytes or a 0-d array. Cost: O(1).

    >>> import numpy as np
    >>> is_sequence([1]), is_sequence(np.arange(2)), is_sequence(np.array(8)), is_sequence("ab")
    (True, True, False, False)
    """
    if isinstance(value, (str, bytes)):
        return False
    if hasattr(value, "__array__"):
        return getattr(value, "ndim", 1) != 0
    return isinstance(value, Sequence)


def as_int(value: object) -> int | None:
    """`value` as an int if it is an int or a numpy integer (not a bool, a float or a
    string), else None. Cost: O(1).

    >>> import numpy as np
    >>> as_int(np.uint8(7)), as_int(True), as_int(7.0)
    (7, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)
    import numbers

    if isinstance(value, numbers.Integral) and type(value).__name__ not in ("bool_", "bool"):
        return int(value)
    return None


def _int_range(low: int | None, high: int | None) -> str:
    if low is None and high is None:
        return "an integer"
    if high is None:
        return {0: "a non-negative integer", 1: "a positive integer"}.get(
            low, f"an integer of at least {low}")  # type: ignore[arg-type]
    if low is None:
        return f"an integer of at most {high}"
    return f"an integer from {low} to {high}"


def _other_base(cols: tuple[int, ...], base: int) -> str:
    """A hint for columns that would all be on the board in the other base (0 or 1)."""
    n = len(cols)
    other = 1 - base
    if not cols or not all(other <= c < other + n for c in cols):
        return ""
    words = {0: "0-based", 1: "1-based"}
    shown = " ".join(map(str, cols[:20])) + " ..." * (n > 20)
    return (f"; {words[base]} columns were expected: read as {words[other]}, "
            f"'{shown}' would fit" + (" (the text form Solution('2 4 1 3') is 1-based)"
                                      if base == 0 else ""))


def not_a_number(value: object) -> str:
    """What to change when `value` was given for an integer: `""` when nothing helps.

    Text, a float or a bool where a number is needed is the commonest slip from Python
    (`count("8")` after `input()`). Cost: O(len(repr(value))).

    >>> not_a_number("8"), not_a_number(8.0)
    (' (text: pass the number 8, without quotes)', ' (a float: pass the integer 8)')
    >>> not_a_number("x"), not_a_number(True), not_a_number(2.5)
    (' (text, not a number)', ' (a bool, not a number)', '')
    """
    if isinstance(value, bool):
        return " (a bool, not a number)"
    if isinstance(value, str):
        text = value.strip()
        if text.isascii() and text.lstrip("+-").isdigit():
            return f" (text: pass the number {int(text)}, without quotes)"
        return " (text, not a number)"
    if isinstance(value, float) and value.is_integer():
        return f" (a float: pass the integer {int(value)})"
    return ""


def short_repr(value: object) -> str:
    """`repr(value)`, cut short for a long one (a message is one line)."""
    return _REPR.repr(value)


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlong = 60
