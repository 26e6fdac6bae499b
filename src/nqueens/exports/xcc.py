"""Knuth's XCC format: exact cover with colours, as his DLX2 and DLX3 programs and
`xcover` read it.

The first line names the items: primary items (covered exactly once) first, then `|`,
then secondary items (covered at most once, or agreeing in colour). Each later line is one
option: a square that takes a queen, with the items it covers. A group of exactly one queen
(a row, a column, a region) is a primary item; a group of at most one (a diagonal, a 2 x 2
block, a knight's pair, a column of a wide board) is a secondary item. A given queen is a
primary item of its own that only its square covers; a blocked square has no option.

The K-queens problem (exactly K queens, at most one per row) adds, for each row r, an
option "row r stays empty" and coloured secondary items `#1` .. `#(N-1)`: the colour of
`#r` is the number of empty rows above row r, so each solution has one colouring and the
covers are the placements, one for one. Item names: `r3` row 3, `c5` column 5, `d-2`
the diagonal row - col = -2, `a7` the antidiagonal row + col = 7 (0-based), `g4` region 4,
`t2.3` the 2 x 2 block at <2,3>, `n5` the fifth knight's pair (reading order), `q12`
the given queen on square 12. Comment lines (starting with `|`) come first only, where
`xcover`'s reader expects them. Groups of two or more queens (Star Battle with k > 1)
need multiplicities, which XCC lacks: they raise
`UnknownOptionError`.

>>> from nqueens.exports.model import board_problem
>>> lines = xcc_text(board_problem(4)).splitlines()
>>> [line for line in lines if not line.startswith("|")][:2]
['r1 r2 r3 r4 c1 c2 c3 c4 | d-2 d-1 d0 d1 d2 a1 a2 a3 a4 a5', 'r1 c1 d0']
"""

from __future__ import annotations

from collections.abc import Iterator

from nqueens.errors import UnknownOptionError
from nqueens.exports.model import Group, Problem

__all__ = ["xcc_lines", "xcc_text"]


def _split(problem: Problem) -> tuple[list[Group], list[Group], Group | None]:
    primary, secondary, total = [], [], None
    for g in problem.groups:
        if g.kind == "total":
            total = g
        elif g.high != 1:
            raise UnknownOptionError(
                f"XCC cannot say '{g.label}' holds {g.low} to {g.high} queens (it needs "
                "Knuth's multiplicities, MCC); export to cnf or mzn instead")
        elif g.low == 1:
            primary.append(g)
        else:
            secondary.append(g)
    if total is not None:  # the rows become primary items of the counted options
        if any(g.kind == "row" for g in primary):
            raise UnknownOptionError("XCC counts K queens only with rows of at most one")
        secondary = [g for g in secondary if g.kind != "row"]
    return primary, secondary, total


def xcc_lines(problem: Problem) -> Iterator[str]:
    """The XCC text of `problem`, line by line.

    Cost: O(total size of the groups), times N - K + 1 for the K-queens problem (each
    option once per count of empty rows above); two passes (the first finds the secondary
    items some option covers).

    >>> from nqueens.exports.model import board_problem
    >>> sum(1 for line in xcc_lines(board_problem(8)) if not line.startswith("|"))
    65
    """
    primary, secondary, total = _split(problem)
    covers: dict[int, list[str]] = {s: [] for s in range(problem.squares)}
    for g in primary + secondary:
        for s in g.squares:
            covers[s].append(g.key)
    given = {s: f"q{s + 1}" for s in problem.givens}
    for s, key in given.items():
        covers[s].append(key)
    rows = problem.rows
    yield f"| {problem.title}\n"
    for note in problem.notes:
        yield f"| {note}\n"
    yield ("| one option per open square (row r, column c, 1-based in the item names r and "
           "c); primary: exactly one, secondary: at most one\n")
    head = [g.key for g in primary] + list(given.values())
    tail = [g.key for g in secondary]
    if total is not None:
        head = [f"r{r + 1}" for r in range(rows)] + head
        tail += [f"#{r}" for r in range(1, rows)]
        yield (f"| exactly {total.low} queens: row r's options each say how many rows above "
               "it stay empty (the colour of #r)\n")
    blocked = set(problem.blocked)

    def options() -> Iterator[str]:
        if total is None:
            yield from (" ".join(covers[s]) + "\n" for s in range(problem.squares)
                        if s not in blocked)
        else:
            yield from _counted(problem, covers, blocked, total.low)

    # a secondary item no option covers is dropped (a reader may reject it: xcover does)
    used = {item.split(":")[0] for line in options() for item in line.split()}
    tail = [item for item in tail if item in used]
    yield " ".join(head) + (" | " + " ".join(tail) if tail else "") + "\n"
    yield from options()


def _counted(problem: Problem, covers: dict[int, list[str]], blocked: set[int],
             k: int) -> Iterator[str]:
    """The options of the K-queens problem: each row's squares and its "empty" option, once
    per number e of empty rows above it (e to e for a queen, e to e + 1 for an empty row)."""
    rows = problem.rows
    empty = rows - k
    for r in range(rows):
        for e in range(min(r, empty) + 1):
            here = [f"#{r}:{e}"] if r > 0 else []
            for after, items in _row_options(problem, covers, blocked, r, e):
                if after > empty or (r == rows - 1 and after != empty):
                    continue
                below = [f"#{r + 1}:{after}"] if r < rows - 1 else []
                yield " ".join([f"r{r + 1}", *items, *here, *below]) + "\n"


def _row_options(problem: Problem, covers: dict[int, list[str]], blocked: set[int],
                 r: int, e: int) -> Iterator[tuple[int, list[str]]]:
    cols = problem.cols
    for c in range(cols):
        s = r * cols + c
        if s not in blocked:
            yield e, covers[s]
    if not any(r * cols + c in problem.givens for c in range(cols)):
        yield e + 1, []


def xcc_text(problem: Problem) -> str:
    """`xcc_lines` joined into one string. Cost: O(size of the output).

    >>> from nqueens.exports.model import board_problem
    >>> xcc_text(board_problem(2)).splitlines()[-4:]
    ['r1 c1 d0', 'r1 c2 a1', 'r2 c1 a1', 'r2 c2 d0']
    """
    return "".join(xcc_lines(problem))
