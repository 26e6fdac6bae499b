"""Partial boards: finish them, count their completions, or prove that none exists.

The n-Queens Completion problem (Gent, Jefferson and Nightingale, 2017; NP-complete): some
queens are already placed (and some squares may be blocked); place the others. Every answer
comes from the compiled search of `nqueens.kernels.completion`: bitsets of the squares
still open per row and per column (boards up to `MAX_COMPLETION_N`), propagation of
forced squares (a row or column with one open square) and of dead ends (a row or column
with none), and one of two branching orders:

`order="rows"`
    the textbook order: the lowest row without a queen, columns ascending. The first answer
    is the first completion in search order (the lexicographically smallest); listing gives
    the completions in that order. Fast up to `ORDERED_MAX_N` or so; past it random
    instances can take minutes.
`order="constrained"`
    the row or column with the fewest open squares first. `complete` then breaks ties
    and orders candidates at random (seeded: the same `seed` gives the same answer) and
    restarts after a growing number of dead ends, which cuts the heavy tails of random
    instances; the runs are unlimited after a few dozen restarts, so `None` is still a
    proof (a run that searched its whole tree). Counting and listing use the same order
    without randomness or restarts: listing order is then the order of that search, not
    the textbook order.
`order="auto"` (the default)
    `"rows"` for n <= `ORDERED_MAX_N`, `"constrained"` beyond; but for one answer
    on a board with blocked squares or excluded diagonals (n <= `PORTFOLIO_MAX_N`) a
    portfolio: the restarted constrained search and the row-by-row bitmask search (O(1) a
    node) take turns of equal time until one decides. On CSPLib prob079's hard boards the
    first finds completions in milliseconds where the textbook order takes seconds, and
    the second proves "none" 60 and more times sooner than the first. The bitmask search
    goes first for 32,768 nodes, so an easy board gets the textbook-first completion, as
    before; a hard one gets a completion, the textbook-first one when the bitmask search
    found it.

Excluded diagonals (`diagonals=`, see `nqueens.diagonals`) are a constraint of their
own: whole diagonals no queen may stand on, as CSPLib prob079 poses them. `timeout=S`
stops a search after S seconds with `SearchTimeout` (the answer is
unknown); `progress` is called between slices with the nodes so far and the seconds.

Counts ignore the order (the same number either way) and always use `"constrained"`.
The searches run in bounded slices, so Ctrl-C stops them within a fraction of a second.

Squares are `(row, col)` pairs, 0-based, as everywhere in the API; messages name squares
in the textbooks' 1-based `<row,col>` notation. Parsing the CLI's 1-based text lives here
too (`parse_squares`, `parse_board`); printing is the CLI's job.

>>> complete(8, [(0, 0), (1, 4)])
Solution('1 5 8 6 3 7 2 4')
>>> count_completions(8, [(0, 0)]), count_completions(8, [(0, 0)], blocked=[(1, 4)])
(4, 3)
>>> count_completions(8, [], limit=10)    # more than 10
11
>>> complete(4, [(0, 0)]) is None    # no 4-queens solution has a corner queen: proven
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from nqueens._completion_run import (
    RowsSearch,
    Search,
    board_masks,
    count_board,
    portfolio,
    stream,
)
from nqueens._limits import NO_LIMITS, Limits, Progress, limits
from nqueens._types import Square
from nqueens._validate import (
    INT64_MAX,
    check_choice,
    check_int,
    check_size,
    check_squares,
    check_text,
)
from nqueens.board import CLASH_WORDS, Solution, board_squares, clash_kind
from nqueens.diagonals import Diagonal, check_diagonals, diagonal_squares, format_diagonals
from nqueens.errors import InvalidArgumentError, InvalidBoardError, InvalidSizeError, ParseError

__all__ = [
    "MAX_COMPLETION_N",
    "ORDERED_MAX_N",
    "Order",
    "SearchReport",
    "Square",
    "allowed_masks",
    "board_squares",
    "complete",
    "completions",
    "count_completions",
    "parse_board",
    "parse_squares",
    "random_instance",
    "solve",
]

Squares = Iterable[Square] | Mapping[int, int]

Order = Literal["auto", "rows", "constrained"]
"""Branching order: see the module docstring."""

MAX_COMPLETION_N = 1000
"""The largest board the completion search accepts (memory and time grow as n^2)."""

ORDERED_MAX_N = 24
"""Up to this n, `order="auto"` keeps the textbook order (measured: see docs/completion.md)."""

PORTFOLIO_MAX_N = ORDERED_MAX_N
"""`order="auto"` for one answer on a board with blocked squares or excluded diagonals up
to this n: the constrained search and the row-by-row bitmask search by turns (beyond, the
constrained search alone, as before: it answers typical large boards in milliseconds)."""


ORDERS = ("auto", "rows", "constrained")

class _NotGiven:
    """The default of an argument left out; `help()` shows it as `NOT_GIVEN`."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"


_UNSET: Any = _NotGiven()
"""An argument left out (`queens` has the deprecated alias `placed`)."""


@dataclass(frozen=True)
class SearchReport:
    """What one `solve` call did: the answer and the effort it took."""

    solution: Solution | None
    """A completion, or None: then `proof` is True (the search was exhaustive)."""
    order: str
    """The branching order used (`"rows"` or `"constrained"`)."""
    nodes: int
    """Branching decisions tried (forced squares not counted)."""
    fails: int
    """Dead ends met."""
    restarts: int
    """Restarts of the randomised search."""


def complete(
    n: int, queens: Squares | str | object = _UNSET, *, blocked: Iterable[Square] | str = (),
    order: Order = "auto", seed: int = 0, placed: Squares | object = _UNSET,
    diagonals: Iterable[Diagonal] | str = (), timeout: float | None = None,
    progress: Progress | None = None,
) -> Solution | None:
    """A completion of the board, or None when there is none (a proof).

    `queens` (the CLI's `--given`) are the placed queens: 0-based `(row, col)` pairs
    (or a mapping row -> col), as everywhere in the API, or the command line's 1-based text
    `"1,1 2,5"` (`(0, 0), (1, 4)` here); `blocked` the same. `placed` is the old
    name of `queens` (deprecated).

    With `order="rows"` it is the first completion in search order (rows top-down,
    columns ascending); with `"constrained"` the randomised, restarted search answers
    (deterministic for a given `seed`); `"auto"` picks by board size.

    Cost: O(n) per search node; the number of nodes depends on the instance (a few hundred
    on random boards up to n = 200 with `"constrained"`). O(k) checks of the k placed
    queens first: squares that are not `(row, col)` pairs of integers, off the board or
    attacking each other raise `InvalidBoardError`; a size that is not
    an integer from 1 to `MAX_COMPLETION_N` (or a `seed` that is not a non-negative integer)
    `InvalidSizeError`; an unknown `order`
    `UnknownOptionError`.

    >>> complete(5, {0: 2})
    Solution('3 1 4 2 5')
    >>> complete(8, "1,1 2,5") == complete(8, [(0, 0), (1, 4)])   # 1-based text, 0-based pairs
    True
    >>> complete(4, [(0, 1), (1, 1)])
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: placed queens at <1,2> and <2,2> share a column
    >>> complete(8, [(8, 1)])
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: queen (8, 1) is off the 8x8 board: queens holds 0-based \
(row, col) pairs, 0..7; for the 1-based square <8,1> give (7, 0) or the text '8,1'
    """
    queens = _renamed(queens, placed, "complete")
    return solve(n, queens, blocked=blocked, order=order, seed=seed, diagonals=diagonals,
                 timeout=timeout, progress=progress).solution


def solve(
    n: int, queens: Squares | str | object = _UNSET, *, blocked: Iterable[Square] | str = (),
    order: Order = "auto", seed: int = 0, placed: Squares | object = _UNSET,
    diagonals: Iterable[Diagonal] | str = (), timeout: float | None = None,
    progress: Progress | None = None,
) -> SearchReport:
    """`complete` with the effort reported (nodes, dead ends, restarts).

    Cost: O(n) per search node, as `complete`; bad input raises as there.

    >>> r = solve(8, [(0, 0)], order="rows")
    >>> r.solution, r.order, r.restarts
    (Solution('1 5 8 6 3 7 2 4'), 'rows', 0)
    """
    queens = _renamed(queens, placed, "solve")
    n = _completion_size(n)
    seed = check_int(seed, "seed", low=0)
    how = _pick_order(n, order)
    board = _validate(n, queens, blocked, diagonals)
    limits = _limits(timeout, progress)
    if order == "auto" and len(board[2]) and n <= PORTFOLIO_MAX_N:
        s = Search(*board, "constrained", stop=True, restart=True, seed=seed, limits=limits)
        rows = RowsSearch(n, board_masks(*board))
        found, how = portfolio(s, rows, limits)
        return SearchReport(found, how, s.nodes + rows.nodes, int(s.meta[_k().M_FAILS]),
                            int(s.meta[_k().M_RESTARTS]))
    s = Search(*board, how, stop=True, restart=how == "constrained", seed=seed, limits=limits)
    found = s.next_solution()
    return SearchReport(found, how, s.nodes, int(s.meta[_k().M_FAILS]),
                        int(s.meta[_k().M_RESTARTS]))


def completions(
    n: int, queens: Squares | str | object = _UNSET, *, blocked: Iterable[Square] | str = (),
    batch: int = 64, order: Order = "auto", placed: Squares | object = _UNSET,
    diagonals: Iterable[Diagonal] | str = (), timeout: float | None = None,
    progress: Progress | None = None,
) -> Iterator[Solution]:
    """Every completion, lazily, in the order `order` names.

    In textbook order with `order="rows"` (the default up to `ORDERED_MAX_N`), in
    most-constrained-line search order with `"constrained"`.

    `batch` is accepted for compatibility and ignored: completions come one at a time.
    Cost: O(n) per node of one exhaustive search for the whole stream; memory O(n^2).
    Bad input raises as in `complete`, when the call is made (not at the first `next`).

    >>> [s.to_compact() for s in completions(6, [(0, 1)])]
    ['2 4 6 1 3 5']
    >>> fast = [s.placement for s in completions(8, [(0, 0)], order="constrained")]
    >>> sorted(fast) == [s.placement for s in completions(8, [(0, 0)], order="rows")]
    True
    """
    del batch
    queens = _renamed(queens, placed, "completions")
    n = _completion_size(n)
    how = _pick_order(n, order)
    s = Search(*_validate(n, queens, blocked, diagonals), how, stop=True, restart=False,
               seed=0, limits=_limits(timeout, progress))
    return stream(s)


def count_completions(
    n: int, queens: Squares | str | object = _UNSET, *, blocked: Iterable[Square] | str = (),
    limit: int | None = None, placed: Squares | object = _UNSET,
    diagonals: Iterable[Diagonal] | str = (), timeout: float | None = None,
    progress: Progress | None = None,
) -> int:
    """The number of completions (0 is a proof that there is none). Exhaustive search.

    Up to `ORDERED_MAX_N` the row-by-row bitmask count (O(1) per node, fastest when there
    are many completions); beyond, the most-constrained-line search with propagation
    (O(n) per node, far fewer nodes on large boards).

    With `limit=K` the search stops as soon as it has seen K + 1 completions and returns
    K + 1, which means "more than K" (`limit=1` answers "is the completion unique?");
    `limit` is an integer from 0 to 2**63 - 1, else
    `InvalidSizeError`. Other bad input raises as in `complete`.
    Cost: O(n) per node of the most-constrained-line search (the same count in any order).

    >>> count_completions(8, []), count_completions(6, [(0, 1)])
    (92, 1)
    >>> count_completions(8, [], limit=0), count_completions(6, [(0, 1)], limit=1)
    (1, 1)
    """
    queens = _renamed(queens, placed, "count_completions")
    n = _completion_size(n)
    if limit is not None:
        limit = check_int(limit, "limit", low=0, high=INT64_MAX)
    limits = _limits(timeout, progress)
    return count_board(*_validate(n, queens, blocked, diagonals), limit, limits,
                       by_rows=n <= ORDERED_MAX_N)


def allowed_masks(n: int, placed: Squares, *, blocked: Iterable[Square] = (),
                  diagonals: Iterable[Diagonal] | str = ()) -> list[int]:
    """Per-row masks of the columns a queen may take (bit c = column c), input checked.

    Bad input raises as in `complete`. Cost: O(n*k).

    >>> [bin(m) for m in allowed_masks(4, [(0, 1)], blocked=[(2, 0)])]
    ['0b10', '0b1000', '0b100', '0b1101']
    """
    return board_masks(*_validate(n, placed, blocked, diagonals))


def _trusted_completions(n: int, queens: list[Square], walls: list[Square],
                         lim: Limits = NO_LIMITS) -> Iterator[Solution]:
    """`completions(n, queens, blocked=walls)` of a board checked already (the puzzle
    wing's completion puzzles, checked when made): no checks. Cost: as `completions`.

    >>> [s.to_compact() for s in _trusted_completions(6, [(0, 1)], [])]
    ['2 4 6 1 3 5']
    """
    return stream(Search(n, queens, walls, _pick_order(n, "auto"), stop=True, restart=False,
                         seed=0, limits=lim))


def _trusted_count(n: int, queens: list[Square], walls: list[Square],
                   lim: Limits = NO_LIMITS) -> int:
    """`count_completions(n, queens, blocked=walls)` of a board checked already: no checks.

    >>> _trusted_count(8, [(0, 0)], [(1, 4)])
    3
    """
    return count_board(n, queens, walls, None, lim, by_rows=n <= ORDERED_MAX_N)


def random_instance(n: int, k: int, *, seed: int | None = None) -> list[Square]:
    """`k` mutually non-attacking queens on random rows and columns, sorted by row.

    Each queen takes a random column not attacked by the earlier ones; a dead end starts
    over, up to 1000 times and at most about 2 * 10**7 squares looked at in all (so that
    `k` near `n` on a large board gives up in a fraction of a second, not hours). The
    instance may or may not have a completion: that is the question it poses. Reproducible
    with `seed` (a non-negative integer, or None). A size, `k` or seed out of range
    raises `InvalidSizeError`. Cost: O(k*n) per start, in numpy.

    >>> random_instance(8, 3, seed=1) == random_instance(8, 3, seed=1)
    True
    >>> len(random_instance(8, 3, seed=1))
    3
    """
    n = _completion_size(n)
    k = check_int(k, "k", low=0, high=n)
    if seed is not None:
        seed = check_int(seed, "seed", low=0)
    import numpy as np

    rng = random.Random(seed)
    tries = max(10, min(1000, 2 * 10**7 // max(1, k * n)))
    columns = np.arange(n)
    for _ in range(tries):
        rows = sorted(rng.sample(range(n), k))
        queens: list[Square] = []
        used = np.zeros(n, dtype=bool)
        down = np.zeros(2 * n - 1, dtype=bool)  # r - c + n - 1
        up = np.zeros(2 * n - 1, dtype=bool)  # r + c
        for r in rows:
            free = np.flatnonzero(~(used | down[r - columns + n - 1] | up[r + columns]))
            if not len(free):
                break
            c = int(rng.choice(free))
            used[c] = down[r - c + n - 1] = up[r + c] = True
            queens.append((r, c))
        else:
            return queens
    raise InvalidSizeError(f"could not place {k} non-attacking queens on a {n}x{n} board "
                           f"in {tries} random tries; ask for fewer")


def parse_squares(text: str) -> list[Square]:
    """Read 1-based `"r,c r,c ..."` into 0-based squares (no range check).

    Numbers are ASCII digits (`int()` would also read `"\\uff11"` or `"1_0"`); text
    that is not a `str` or not squares raises `ParseError`.
    Cost: O(len(text)).

    >>> parse_squares("1,1 2,5")
    [(0, 0), (1, 4)]
    >>> parse_squares("1_0,1")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: cannot read '1_0,1' as a square: expected ROW,COL like 2,5 \
(1-based)
    >>> parse_squares("1;1")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: cannot read '1;1' as a square: expected ROW,COL like 2,5 (1-based)
    """
    squares = []
    for item in check_text(text, "text").split():
        parts = item.split(",")
        try:
            if len(parts) != 2 or not all(p.isascii() and p.lstrip("+-").isdigit()
                                          for p in parts):  # int() takes "\uff11", "1_0"
                raise ValueError
            r, c = int(parts[0]), int(parts[1])
        except ValueError:
            raise ParseError(
                f"cannot read {item!r} as a square: expected ROW,COL like 2,5 (1-based)"
            ) from None
        squares.append((r - 1, c - 1))
    return squares


def parse_board(text: str) -> tuple[int, list[Square], list[Square]]:
    """Read a board of `Q` (placed queen), `.` (empty) and `x` (blocked) squares.

    One line per row, spaces between squares optional; returns `(n, placed, blocked)`,
    0-based. Rows of the wrong length, other characters, or text that is not a `str`
    raise `ParseError`.

    Cost: O(len(text)).

    >>> parse_board("Q . . .\\n. . x .\\n. . . .\\n. . . .")
    (4, [(0, 0)], [(1, 2)])
    """
    rows = [line.replace(" ", "").replace("\t", "")
            for line in check_text(text, "text").splitlines()]
    rows = [r for r in rows if r]
    n = len(rows)
    if n == 0:
        raise ParseError("the board is empty: expected rows of Q (queen), . (empty), x (blocked)")
    for r, row in enumerate(rows):
        if len(row) != n:
            raise ParseError(f"row {r + 1} has {len(row)} squares; a board of {n} rows needs {n}")
    placed, blocked = board_squares(rows, lambda r, c, ch: ParseError(
        f"row {r + 1} has {ch!r}; only Q (queen), . (empty) and x (blocked) are allowed"))
    return n, placed, blocked


# -- private helpers -----------------------------------------------------------------------


def _completion_size(n: object) -> int:
    """A completion board's size, 1 to `MAX_COMPLETION_N` (`check_size` with the cap)."""
    n = check_size(n, name="n")
    if n > MAX_COMPLETION_N:
        raise InvalidSizeError(
            f"n = {n} is too large for completion: the exact search handles n <= {MAX_COMPLETION_N}"
        )
    return n


def _limits(timeout: object, progress: Progress | None) -> Limits:
    return limits(timeout, progress)


def _validate(n: int, placed: Squares, blocked: Iterable[Square] | str,
              diagonals: Iterable[Diagonal] | str = ()
              ) -> tuple[int, list[Square], list[Square]]:
    """The size, the placed queens and blocked squares (with the squares of the excluded
    diagonals), checked: pairs of integers, on the board, no two queens attacking each
    other, no queen on a blocked square or an excluded diagonal. O(k + b + n * d) with
    dictionaries per line."""
    n = _completion_size(n)
    queens = _squares(n, list(placed.items()) if isinstance(placed, Mapping) else placed,
                      "queens", "queen")
    walls = _squares(n, blocked, "blocked", "blocked square")
    seen: list[dict[int, Square]] = [{}, {}, {}, {}, {}]
    for sq in queens:
        r, c = sq
        for key, table in zip((r * n + c, r, c, r - c, r + c), seen, strict=True):
            other = table.get(key)
            if other is not None:
                a, b = sorted([sq, other])
                if a == b:
                    raise InvalidBoardError(f"a queen is placed twice at {_name(a)}")
                raise InvalidBoardError(f"placed queens at {_name(a)} and {_name(b)} share "
                                        f"{_clash(a, b)}")
            table[key] = sq
    by_row = dict(queens)
    for sq in walls:
        if by_row.get(sq[0]) == sq[1]:
            raise InvalidBoardError(f"square {_name(sq)} is blocked and holds a placed queen")
    excluded = check_diagonals(n, diagonals)
    if excluded:
        for r, c in queens:
            for kind, k in excluded:
                if (r + c if kind == "sum" else r - c) == k:
                    raise InvalidBoardError(
                        f"the placed queen at {_name((r, c))} stands on the excluded diagonal "
                        f"{format_diagonals([(kind, k)])}")
        walls = sorted(set(walls) | set(diagonal_squares(n, excluded)))
    return n, queens, walls


def _k() -> Any:
    """The compiled kernels, imported on first use (numba is slow to import)."""
    from nqueens.kernels import completion as kernels

    return kernels


def _pick_order(n: int, order: str) -> str:
    check_choice(order, "order", ORDERS)
    if order == "auto":
        return "rows" if n <= ORDERED_MAX_N else "constrained"
    return order


def _Search(n: int, placed: Squares, blocked: Iterable[Square], order: str, *,
            stop: bool, restart: bool, seed: int) -> Search:
    """A checked board's resumable search (the benchmarks drive it slice by slice)."""
    return Search(*_validate(n, placed, blocked), order, stop=stop, restart=restart, seed=seed)


def _name(sq: Square) -> str:
    return f"<{sq[0] + 1},{sq[1] + 1}>"


def _clash(a: Square, b: Square) -> str:
    """How two distinct squares attack each other ('' when they do not)."""
    (r1, c1), (r2, c2) = a, b
    if r1 == r2:
        return f"row {r1 + 1}"
    kind = clash_kind(r1, c1, r2, c2)
    return "" if kind is None else CLASH_WORDS[kind]


def _squares(n: int, items: object, name: str, what: str) -> list[Square]:
    if isinstance(items, str):  # the command line's 1-based "R,C R,C"
        out = [(r, c) for r, c in parse_squares(items)]
        base = 1
    else:
        out = check_squares(items, name)
        base = 0
    for r, c in out:
        if not (0 <= r < n and 0 <= c < n):
            raise InvalidBoardError(_off_board(n, r, c, name, what, base))
    return out


def _off_board(n: int, r: int, c: int, name: str, what: str, base: int) -> str:
    """Why a square is off the board, in the base it was given in, and what to give where
    the other base puts it on the board."""
    if base == 1:
        line = (f"{what} <{r + 1},{c + 1}> is off the {n}x{n} board: {name} as text holds "
                f"1-based ROW,COL squares, 1..{n}")
        if 0 <= r + 1 < n and 0 <= c + 1 < n:
            line += (f"; for the 0-based square ({r + 1}, {c + 1}) give the text "
                     f"'{r + 2},{c + 2}' or the pair ({r + 1}, {c + 1})")
        return line
    line = (f"{what} ({r}, {c}) is off the {n}x{n} board: {name} holds 0-based (row, col) "
            f"pairs, 0..{n - 1}")
    if 1 <= r <= n and 1 <= c <= n:
        line += f"; for the 1-based square <{r},{c}> give ({r - 1}, {c - 1}) or the text '{r},{c}'"
    return line


def _renamed(queens: object, placed: object, function: str) -> Any:
    """`queens`, or the deprecated `placed` that was its name (with a warning)."""
    if placed is not _UNSET:
        if queens is not _UNSET:
            raise InvalidArgumentError(f"{function}() got both queens and placed (its old "
                                       "name); give queens")
        import warnings

        warnings.warn(f"{function}(placed=...) is now {function}(queens=...)",
                      DeprecationWarning, stacklevel=3)
        return placed
    if queens is _UNSET:
        raise InvalidArgumentError(f"{function}() needs queens: the placed queens, 0-based "
                                   "(row, col) pairs, or 1-based text such as '1,1 2,5'")
    return queens
