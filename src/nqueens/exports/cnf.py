"""DIMACS CNF: the problem as clauses over one variable per square, plus auxiliaries.

Square `(r, c)` (0-based) of a board with `M` columns is variable `r * M + c + 1`;
auxiliary variables come after the squares. A group with at most one queen is written with
one of three at-most-one encodings:

`pairwise`
    one clause `-a -b` per pair: no auxiliaries, m(m-1)/2 clauses for m squares.
`sequential`
    Sinz's sequential counter (2005): m - 1 auxiliaries `s_i` ("a queen among the first
    i squares"), 3m - 4 clauses.
`commander`
    Klieber and Kwon's commander encoding (2007): squares in runs of 3, each run pairwise
    with a commander variable equal to "a queen in this run", the commanders again the
    same way until 3 or fewer remain, which are pairwise.

Groups of `SMALL` (4) squares or fewer are pairwise under every encoding (at most
6 clauses, no auxiliaries: smaller than the others there). A group with exactly one queen
adds the clause of all its squares. A group whose bound is above one (k stars in a region,
K queens on the board) is a unary counter: `u[i][j]` is true exactly when the first i
squares hold at least j queens (each defined both ways, so the auxiliaries are fixed by
the squares and every board has one model).

>>> from nqueens.exports.model import board_problem
>>> text = cnf_text(board_problem(8))
>>> [line for line in text.splitlines() if line.startswith("p ")]
['p cnf 64 744']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from nqueens._validate import check_choice
from nqueens.exports.model import Group, Problem

__all__ = ["ENCODINGS", "cnf_lines", "cnf_size", "cnf_text"]

ENCODINGS = ("pairwise", "sequential", "commander")
"""The at-most-one encodings of `cnf_lines`."""

Clause = list[int]


class _Vars:
    """Hands out auxiliary variables after the board's."""

    def __init__(self, first: int) -> None:
        self.top = first - 1

    def new(self) -> int:
        self.top += 1
        return self.top


def _pairwise(xs: Sequence[int], v: _Vars) -> Iterator[Clause]:
    for i, a in enumerate(xs):
        for b in xs[i + 1:]:
            yield [-a, -b]


def _sequential(xs: Sequence[int], v: _Vars) -> Iterator[Clause]:
    m = len(xs)
    if m <= 1:
        return
    s = [v.new() for _ in range(m - 1)]
    yield [-xs[0], s[0]]
    for i in range(1, m - 1):
        yield [-xs[i], s[i]]
        yield [-s[i - 1], s[i]]
        yield [-xs[i], -s[i - 1]]
    yield [-xs[m - 1], -s[m - 2]]


def _commander(xs: Sequence[int], v: _Vars) -> Iterator[Clause]:
    if len(xs) <= 3:
        yield from _pairwise(xs, v)
        return
    commanders = []
    for start in range(0, len(xs), 3):
        run = xs[start:start + 3]
        yield from _pairwise(run, v)
        c = v.new()
        commanders.append(c)
        yield [-c, *run]                 # the commander is true only with a queen in its run
        for x in run:
            yield [-x, c]                # and is true with one
    yield from _commander(commanders, v)


_AT_MOST_ONE = {"pairwise": _pairwise, "sequential": _sequential, "commander": _commander}


def _counter(xs: Sequence[int], low: int, high: int, v: _Vars) -> Iterator[Clause]:
    """`low` <= queens on `xs` <= `high`: u[i][j] <-> at least j of xs[:i+1]."""
    top = high + 1
    prev: list[int | None] = []          # prev[j - 1]: u[i-1][j], None where always false
    for i, x in enumerate(xs):
        cur: list[int | None] = []
        for j in range(1, min(i + 1, top) + 1):
            u = v.new()
            cur.append(u)
            before = prev[j - 1] if j - 1 < len(prev) else None       # u[i-1][j]
            less = prev[j - 2] if j >= 2 else 0                       # u[i-1][j-1]; 0: true
            if before is not None:
                yield [-before, u]                                    # u[i-1][j] -> u
                yield [-u, before, x]                                 # u -> u[i-1][j] or x
            else:
                yield [-u, x]
            if less == 0:
                yield [-x, u]                                         # x -> u (j = 1)
            elif less is not None:
                yield [-x, -less, u]                                  # x and u[i-1][j-1] -> u
                if before is not None:
                    yield [-u, before, less]
                else:
                    yield [-u, less]
        prev = cur
    if len(prev) >= top and prev[top - 1] is not None:
        yield [-prev[top - 1]]                # not high + 1 queens
    if low > 0:
        last = prev[low - 1] if low - 1 < len(prev) else None
        if last is None:                      # low is out of reach: a contradiction
            last = v.new()
            yield [-last]
        yield [last]


SMALL = 4
"""Groups of this many squares or fewer are pairwise under every encoding: fewer clauses
(at most 6) and no auxiliaries."""


def _group_clauses(g: Group, encoding: str, v: _Vars) -> Iterator[Clause]:
    xs = [s + 1 for s in g.squares]
    if g.high == 1:
        if g.low == 1:
            yield list(xs)
        yield from _AT_MOST_ONE["pairwise" if len(xs) <= SMALL else encoding](xs, v)
    elif g.low == 0 and g.high >= len(xs):
        return
    else:
        yield from _counter(xs, g.low, g.high, v)


def _clauses(problem: Problem, encoding: str, v: _Vars) -> Iterator[Clause]:
    for s in problem.givens:
        yield [s + 1]
    for s in problem.blocked:
        yield [-(s + 1)]
    for g in problem.groups:
        yield from _group_clauses(g, encoding, v)


def cnf_size(problem: Problem, encoding: str = "pairwise") -> tuple[int, int]:
    """`(variables, clauses)` of the CNF `cnf_lines` writes.

    Cost: O(size of the CNF): it generates every clause, writing none.

    >>> from nqueens.exports.model import board_problem
    >>> cnf_size(board_problem(8)), cnf_size(board_problem(8), "sequential")
    ((64, 744), (250, 584))
    """
    encoding = check_choice(encoding, "encoding", ENCODINGS)
    v = _Vars(problem.squares + 1)
    count = sum(1 for _ in _clauses(problem, encoding, v))
    return v.top, count


def cnf_lines(problem: Problem, encoding: str = "pairwise") -> Iterator[str]:
    """The DIMACS CNF text of `problem`, line by line (each ends with a newline).

    A comment header names the problem, the encoding and the variable layout; then the
    `p cnf` line and one clause a line. Cost: O(size of the output), in two passes over
    the clauses (the first counts them for the header).

    >>> from nqueens.exports.model import board_problem
    >>> lines = list(cnf_lines(board_problem(1)))
    >>> lines[-3:]
    ['p cnf 1 2\\n', '1 0\\n', '1 0\\n']
    """
    encoding = check_choice(encoding, "encoding", ENCODINGS)
    variables, clauses = cnf_size(problem, encoding)
    yield f"c {problem.title}\n"
    for note in problem.notes:
        yield f"c {note}\n"
    yield f"c encoding: at-most-one {encoding}; bounds above one by a unary counter\n"
    yield (f"c variables: square (row r, column c), 0-based, is r*{problem.cols} + c + 1 "
           f"(1..{problem.squares}); {variables - problem.squares} auxiliary variables "
           f"after them\n")
    yield f"c givens: {len(problem.givens)} unit clauses; blocked: {len(problem.blocked)}\n"
    yield f"p cnf {variables} {clauses}\n"
    for clause in _clauses(problem, encoding, _Vars(problem.squares + 1)):
        yield " ".join(map(str, clause)) + " 0\n"


def cnf_text(problem: Problem, encoding: str = "pairwise") -> str:
    """`cnf_lines` joined into one string. Cost: O(size of the output).

    >>> from nqueens.exports.model import board_problem
    >>> cnf_text(board_problem(2)).splitlines()[-1]
    '-2 -3 0'
    """
    return "".join(cnf_lines(problem, encoding))
