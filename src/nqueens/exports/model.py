"""The constraint problem every export writes: 0/1 squares and bounded groups of them.

A `Problem` is a board of `rows` x `cols` squares, each a 0/1 decision ("a queen
here"), and a list of `Group` s: sets of squares with a bound on how many queens they
hold (`low` to `high`): a row of the classic board holds exactly one, a diagonal at most
one, a Star Battle region exactly k, the whole board of the K-queens problem exactly K.
Given queens must hold a queen, blocked squares must not. Square `(r, c)` is number
`r * cols + c` (0-based); the formats number it from 1 where they number variables.

Every writer (`nqueens.exports.cnf`, `opb`, `mzn`, `xcsp3`, `xcc`) reads only this
record, so a variant or a puzzle is one more builder here, never one more case in a writer.

>>> p = board_problem(4)
>>> p.rows, p.cols, len(p.groups), p.groups[0].key, p.groups[0].low, p.groups[0].high
(4, 4, 18, 'r1', 1, 1)
>>> [g.key for g in p.groups if g.kind == "diagonal"][:3]
['d-2', 'd-1', 'd0']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nqueens._types import Square
from nqueens._validate import check_choice, check_int, check_squares
from nqueens.errors import ConflictingOptionsError, InvalidBoardError, InvalidSizeError

__all__ = [
    "MAX_SIDE",
    "VARIANTS",
    "Group",
    "Problem",
    "board_problem",
    "puzzle_problem",
]

MAX_SIDE = 1000
"""The longest side of an exported board (the completion search's largest n)."""

VARIANTS = ("classic", "toroidal", "superqueens")
"""The board variants an export encodes (`classic`: the textbook queen)."""



@dataclass(frozen=True)
class Group:
    """`low` to `high` queens on `squares` (square numbers, ascending).

    `kind` says what the group is (`row`, `column`, `diagonal`, `antidiagonal`,
    `knight`, `region`, `touch`, `total`); `key` is a short name without spaces
    (an item name in XCC, a comment elsewhere), `label` the same in words, 1-based.
    """

    kind: str
    key: str
    label: str
    squares: tuple[int, ...]
    low: int
    high: int


@dataclass(frozen=True)
class Problem:
    """One exported problem: see the module docstring. Built by `board_problem` or
    `puzzle_problem`, which check it; `title` and `notes` go into each file's
    comment header."""

    rows: int
    cols: int
    groups: tuple[Group, ...]
    givens: tuple[int, ...] = ()
    blocked: tuple[int, ...] = ()
    title: str = ""
    notes: tuple[str, ...] = ()

    @property
    def squares(self) -> int:
        """The number of squares (the board variables)."""
        return self.rows * self.cols

    def name(self, square: int) -> str:
        """Square number `square` as `<row,col>`, 1-based. Cost: O(1).

        >>> board_problem(8).name(10)
        '<2,3>'
        """
        r, c = divmod(square, self.cols)
        return f"<{r + 1},{c + 1}>"


def board_problem(
    n: int, *, width: int | None = None, variant: str = "classic", k: int | None = None,
    givens: Iterable[Square] = (), blocked: Iterable[Square] = (),
) -> Problem:
    """The queens problem on an n-row board as a `Problem`.

    `width` M >= n: n queens on n rows and M columns (one per row, at most one per column);
    `k`: exactly k queens on the n x n board (at most one per row and column); `variant`
    `toroidal` (diagonals wrap around; square boards only) or `superqueens` (queens also
    move as knights); `givens` must hold queens and `blocked` must not (0-based squares).

    Cost: O(n * M) groups' squares, plus O(n * M) knight pairs for superqueens.
    Raises `InvalidSizeError` for n or M off 1..`MAX_SIDE`, a
    width below n, k off 0..n; `ConflictingOptionsError` for a width
    with `toroidal` or with k; `InvalidBoardError` for givens off the
    board, on a blocked square, attacking each other, or more than k of them.

    >>> p = board_problem(8)
    >>> p.squares, sum(g.kind == "row" for g in p.groups)
    (64, 8)
    >>> board_problem(3, width=2)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: the width M must be at least N = 3, got 2
    >>> board_problem(4, givens=[(0, 0), (1, 1)])
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidBoardError: given queens at <1,1> and <2,2> share a diagonal
    """
    n = check_int(n, "N", low=1, high=MAX_SIDE)
    variant = check_choice(variant, "variant", VARIANTS)
    if width is not None:
        width = check_int(width, "the width M", low=1, high=MAX_SIDE)
        if width < n:
            raise InvalidSizeError(f"the width M must be at least N = {n}, got {width}")
        if variant == "toroidal" and width != n:
            raise ConflictingOptionsError("the toroidal board is square: a width applies "
                                          "only to the classic board and superqueens")
        if k is not None:
            raise ConflictingOptionsError("a width M (n queens on n x M) and k (k queens on "
                                          "n x n) do not go together")
    m = n if width is None else width
    if k is not None:
        k = check_int(k, "the number of queens K", low=0, high=n)
    exact = k is None
    groups = [Group("row", f"r{r + 1}", f"row {r + 1}",
                    tuple(range(r * m, r * m + m)), int(exact), 1) for r in range(n)]
    groups += [Group("column", f"c{c + 1}", f"column {c + 1}",
                     tuple(range(c, n * m, m)), int(exact and m == n), 1) for c in range(m)]
    groups += _diagonals(n, m, variant == "toroidal")
    if variant == "superqueens":
        groups += _knight_pairs(n, m)
    if k is not None:
        groups.append(Group("total", "total", f"{k} queens on the board",
                            tuple(range(n * m)), k, k))
    title = _title(n, m, variant, k)
    return _checked(Problem(n, m, tuple(groups), title=title), givens, blocked)


def _title(n: int, m: int, variant: str, k: int | None) -> str:
    what = {"classic": "queens", "toroidal": "queens on the torus (wrapped diagonals)",
            "superqueens": "superqueens (queens that also move as knights)"}[variant]
    count = k if k is not None else n
    if count == 1:
        what = what.replace("queens", "queen", 1)
    if k is not None:
        return f"{k} non-attacking {what} on the {n} x {n} board"
    return f"{n} non-attacking {what} on the {n} x {m} board, one per row"


def _diagonals(n: int, m: int, wrap: bool) -> list[Group]:
    """The diagonals (r - c constant) and antidiagonals (r + c constant) as at-most-one
    groups of two or more squares; on the torus, modulo n."""
    down: dict[int, list[int]] = {}
    up: dict[int, list[int]] = {}
    for r in range(n):
        for c in range(m):
            d, a = (r - c) % n if wrap else r - c, (r + c) % n if wrap else r + c
            down.setdefault(d, []).append(r * m + c)
            up.setdefault(a, []).append(r * m + c)
    out = [Group("diagonal", f"d{d}", f"diagonal row-col={d}", tuple(sq), 0, 1)
           for d, sq in sorted(down.items()) if len(sq) > 1]
    out += [Group("antidiagonal", f"a{a}", f"antidiagonal row+col={a}", tuple(sq), 0, 1)
            for a, sq in sorted(up.items()) if len(sq) > 1]
    return out


def _knight_pairs(n: int, m: int) -> list[Group]:
    """Every pair of squares a knight's move apart, as an at-most-one group."""
    out = []
    for r in range(n):
        for c in range(m):
            for dr, dc in ((1, -2), (1, 2), (2, -1), (2, 1)):
                r2, c2 = r + dr, c + dc
                if r2 < n and 0 <= c2 < m:
                    a, b = r * m + c, r2 * m + c2
                    out.append(Group("knight", f"n{len(out) + 1}",
                                     f"knight move <{r + 1},{c + 1}>-<{r2 + 1},{c2 + 1}>",
                                     (a, b), 0, 1))
    return out


def puzzle_problem(p: object) -> Problem:
    """A region (Star Battle) or completion puzzle of `nqueens.puzzles` as a Problem.

    A region puzzle with k stars (`p.stars`, 1 when the record has no such field): k
    queens in every row, column and region, no two touching (at most one in every 2 x 2
    block, corners included), and with the rule `diagonals` at most one per diagonal.
    A completion puzzle: the n-queens rules with its givens and blocked squares.
    Cost: O(n^2). Raises `InvalidArgumentError` when `p` is not a
    `Puzzle`.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> q = puzzle_problem(parse_puzzle("AAB\\nACB\\nCCB\\n"))
    >>> sorted({g.kind for g in q.groups})
    ['column', 'region', 'row', 'touch']
    """
    from nqueens.puzzles.model import check_puzzle

    p = check_puzzle(p)
    n = p.n
    if p.rules.has_givens:
        return board_problem(n, givens=p.givens, blocked=p.blocked)
    stars = int(getattr(p, "stars", 1))
    groups = [Group("row", f"r{r + 1}", f"row {r + 1}",
                    tuple(range(r * n, r * n + n)), stars, stars) for r in range(n)]
    groups += [Group("column", f"c{c + 1}", f"column {c + 1}",
                     tuple(range(c, n * n, n)), stars, stars) for c in range(n)]
    for i, cells in enumerate(p.region_cells()):
        groups.append(Group("region", f"g{i + 1}", f"region {i + 1}",
                            tuple(sorted(r * n + c for r, c in cells)), stars, stars))
    groups += [Group("touch", f"t{r + 1}.{c + 1}", f"2 x 2 block at <{r + 1},{c + 1}>",
                     (r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1), 0, 1)
               for r in range(n - 1) for c in range(n - 1)]
    if p.diagonals:
        groups += _diagonals(n, n, False)
    what = "one queen" if p.rules.one_star else f"{stars} stars"
    title = (f"region puzzle on the {n} x {n} board: {what} per row, column and region, "
             "none touching" + ("; none sharing a diagonal" if p.diagonals else ""))
    return Problem(n, n, tuple(groups), title=title)


def _checked(problem: Problem, givens: Iterable[Square], blocked: Iterable[Square]) -> Problem:
    """`problem` with its givens and blocked squares, after checking them."""
    n, m = problem.rows, problem.cols
    g = _squares(n, m, givens, "givens", "given queen")
    b = _squares(n, m, blocked, "blocked", "blocked square")
    both = sorted(set(g) & set(b))
    if both:
        raise InvalidBoardError(f"square {problem.name(both[0])} is both a given queen "
                                "and blocked")
    wanted = set(g)
    for group in problem.groups:
        inside = [s for s in group.squares if s in wanted]
        if len(inside) > group.high:
            if group.kind == "total":
                raise InvalidBoardError(f"{len(g)} given queen{'s' if len(g) != 1 else ''}, "
                                        f"but K = {group.high} queens in all")
            why = {"knight": "are a knight's move apart"}.get(group.kind, f"share a {group.kind}")
            raise InvalidBoardError(f"given queens at {problem.name(inside[0])} and "
                                    f"{problem.name(inside[1])} {why}")
    return Problem(n, m, problem.groups, tuple(sorted(g)), tuple(sorted(b)), problem.title,
                   problem.notes)


def _squares(n: int, m: int, items: Iterable[Square], name: str, what: str) -> list[int]:
    out = []
    for r, c in check_squares(items, name):
        if not (0 <= r < n and 0 <= c < m):
            raise InvalidBoardError(f"{what} <{r + 1},{c + 1}> is off the {n} x {m} board")
        out.append(r * m + c)
    if len(set(out)) != len(out):
        dup = next(s for s in out if out.count(s) > 1)
        r, c = divmod(dup, m)
        raise InvalidBoardError(f"{what} <{r + 1},{c + 1}> is given twice")
    return out

