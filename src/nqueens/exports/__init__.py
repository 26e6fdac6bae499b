"""Exports: the queens problems written for other people's solvers.

One model (`nqueens.exports.model`: squares, bounded groups, givens, blocked) and one
writer per format: DIMACS CNF (`cnf`, three at-most-one encodings),
OPB (`opb`), MiniZinc (`mzn`), XCSP3
(`xcsp3`) and Knuth's XCC (`xcc`). Every
writer yields its text line by line, so a large export streams to its file.
docs/exports.md describes each format and which solvers read it.

>>> problem = board_problem(8)
>>> [line for line in export_lines(problem, "cnf") if line.startswith("p ")]
['p cnf 64 744\\n']
>>> puzzle_to_cnf(__import__("nqueens.puzzles.model").puzzles.model.parse_puzzle(
...     "AAB\\nACB\\nCCB\\n")).splitlines()[-1]
'-8 -9 0'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from nqueens._validate import check_choice
from nqueens.errors import ConflictingOptionsError, InvalidSizeError
from nqueens.exports.cnf import ENCODINGS, cnf_lines
from nqueens.exports.model import MAX_SIDE, VARIANTS, Group, Problem, board_problem, puzzle_problem
from nqueens.exports.mzn import mzn_lines
from nqueens.exports.opb import opb_lines
from nqueens.exports.xcc import xcc_lines
from nqueens.exports.xcsp3 import xcsp3_lines

__all__ = [
    "ENCODINGS",
    "FORMATS",
    "MAX_LINES",
    "MAX_SIDE",
    "PUZZLE_FORMATS",
    "VARIANTS",
    "Group",
    "Problem",
    "board_problem",
    "estimated_lines",
    "export_lines",
    "export_text",
    "puzzle_problem",
    "puzzle_to_cnf",
    "puzzle_to_mzn",
    "puzzle_to_xcc",
]

_WRITERS: dict[str, Callable[[Problem], Iterator[str]]] = {
    "cnf": cnf_lines, "opb": opb_lines, "mzn": mzn_lines, "xcsp3": xcsp3_lines, "xcc": xcc_lines,
}

FORMATS = tuple(_WRITERS)
"""The export formats, by the name `--to` takes."""

MAX_LINES = 10**8
"""The most lines (clauses, constraints, options) an export writes: several GB of text."""


def estimated_lines(problem: Problem, fmt: str, encoding: str = "pairwise") -> int:
    """About how many lines `fmt` writes for `problem`.

    Within a small factor; exact for pairwise CNF without bounds above one. Cost: O(groups).

    >>> estimated_lines(board_problem(8), "cnf")
    744
    >>> estimated_lines(board_problem(1000), "cnf") > MAX_LINES
    True
    """
    if fmt == "xcc":
        empty = next((problem.rows - g.low for g in problem.groups if g.kind == "total"), 0)
        return (problem.squares + problem.rows) * (empty + 1)
    if fmt != "cnf":
        return len(problem.groups) + len(problem.givens) + len(problem.blocked)
    total = len(problem.givens) + len(problem.blocked)
    for g in problem.groups:
        m = len(g.squares)
        if g.high != 1:
            total += 4 * m * (g.high + 1)
        else:
            total += g.low + (m * (m - 1) // 2 if encoding == "pairwise" else 4 * m)
    return total


def export_lines(problem: Problem, fmt: str, *, encoding: str | None = None) -> Iterator[str]:
    """`problem` in format `fmt` (one of `FORMATS`), line by line.

    `encoding` (one of `ENCODINGS`, default `pairwise`) applies to `cnf` only.
    Cost: O(size of the output); checked when the call is made: an unknown format or
    encoding raises `UnknownOptionError`, an encoding with another
    format `ConflictingOptionsError`, an export of more than
    `MAX_LINES` lines `InvalidSizeError`.

    >>> next(export_lines(board_problem(4), "opb"))
    '* #variable= 16 #constraint= 18\\n'
    >>> export_lines(board_problem(4), "opb", encoding="sequential")
    Traceback (most recent call last):
    ...
    nqueens.errors.ConflictingOptionsError: an encoding applies only to the cnf format
    """
    fmt = check_choice(fmt, "format", FORMATS)
    if encoding is not None:
        encoding = check_choice(encoding, "encoding", ENCODINGS)
        if fmt != "cnf":
            raise ConflictingOptionsError("an encoding applies only to the cnf format")
    size = estimated_lines(problem, fmt, encoding or "pairwise")
    if size > MAX_LINES:
        hint = "; the sequential encoding is smaller" if encoding in (None, "pairwise") and \
            fmt == "cnf" else ""
        raise InvalidSizeError(f"this {fmt} export would write about {size:,} lines (at "
                               f"most {MAX_LINES:,}){hint}")
    if encoding is not None:
        return cnf_lines(problem, encoding)
    if fmt == "xcc":
        xcc_lines(problem).__next__()  # refuses what XCC cannot say before any line is out
    return _WRITERS[fmt](problem)


def export_text(problem: Problem, fmt: str, *, encoding: str | None = None) -> str:
    """`export_lines` joined into one string. Cost: O(size of the output).

    >>> export_text(board_problem(1), "xcc").splitlines()[-2:]
    ['r1 c1', 'r1 c1']
    """
    return "".join(export_lines(problem, fmt, encoding=encoding))


def puzzle_to_cnf(p: object, encoding: str = "pairwise") -> str:
    """A region (Star Battle) or completion puzzle as DIMACS CNF text.

    Squares are variables `r * n + c + 1`. Cost: O(n^3) for pairwise groups of n squares.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> puzzle_to_cnf(completion_puzzle(4, [(0, 1)])).splitlines()[4:6]
    ['p cnf 16 85', '2 0']
    """
    return export_text(puzzle_problem(p), "cnf", encoding=encoding)


def puzzle_to_mzn(p: object) -> str:
    """A region or completion puzzle as a MiniZinc model. Cost: O(n^2).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> "% region 1" in puzzle_to_mzn(parse_puzzle("AAB\\nACB\\nCCB\\n"))
    True
    """
    return export_text(puzzle_problem(p), "mzn")


def puzzle_to_xcc(p: object) -> str:
    """A region or completion puzzle in Knuth's XCC format.

    One star per region only: more need multiplicities, and raise
    `UnknownOptionError`. Cost: O(n^2).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> puzzle_to_xcc(parse_puzzle("AAB\\nACB\\nCCB\\n")).splitlines()[2]
    'r1 r2 r3 c1 c2 c3 g1 g2 g3 | t1.1 t1.2 t2.1 t2.2'
    """
    return export_text(puzzle_problem(p), "xcc")


PUZZLE_FORMATS: dict[str, Callable[[object], str]] = {
    "cnf": puzzle_to_cnf, "mzn": puzzle_to_mzn, "xcc": puzzle_to_xcc,
}
"""The puzzle writers by format name, for `nqueens puzzle export --to`: each takes a
`Puzzle` and returns the text."""
