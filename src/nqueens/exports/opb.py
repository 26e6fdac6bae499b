"""OPB, the pseudo-Boolean competition format: one linear constraint per group.

Square `(r, c)` is variable `x{r * M + c + 1}` (as in the CNF, M the number of columns);
there are no auxiliary variables. A group of `low` to `high` queens is `+1 x.. >= low`
(when `low` > 0) and `-1 x.. >= -high` (`=` where the two meet); a given queen is
`+1 x = 1`, a blocked square `+1 x = 0`. Only `>=` and `=` appear, as the format of
the PB competitions (Roussel and Manquinho) allows, with no objective: a decision problem.

>>> from nqueens.exports.model import board_problem
>>> lines = opb_text(board_problem(4)).splitlines()
>>> lines[0]
'* #variable= 16 #constraint= 18'
>>> lines[-1]
'-1 x12 -1 x15 >= -1 ;'
"""

from __future__ import annotations

from collections.abc import Iterator

from nqueens.exports.model import Group, Problem

__all__ = ["opb_lines", "opb_text"]


def _terms(squares: tuple[int, ...], sign: str) -> str:
    return " ".join(f"{sign}1 x{s + 1}" for s in squares)


def _group(g: Group) -> Iterator[str]:
    if g.low == g.high:
        yield f"{_terms(g.squares, '+')} = {g.low} ;"
        return
    if g.low > 0:
        yield f"{_terms(g.squares, '+')} >= {g.low} ;"
    if g.high < len(g.squares):
        yield f"{_terms(g.squares, '-')} >= {-g.high} ;"


def _constraints(problem: Problem) -> Iterator[str]:
    for s in problem.givens:
        yield f"+1 x{s + 1} = 1 ;"
    for s in problem.blocked:
        yield f"+1 x{s + 1} = 0 ;"
    for g in problem.groups:
        yield from _group(g)


def opb_lines(problem: Problem) -> Iterator[str]:
    """The OPB text of `problem`, line by line (each ends with a newline).

    Cost: O(total size of the groups), in two passes (the first counts the constraints for
    the header).

    >>> from nqueens.exports.model import board_problem
    >>> next(opb_lines(board_problem(8)))
    '* #variable= 64 #constraint= 42\\n'
    """
    total = sum(1 for _ in _constraints(problem))
    yield f"* #variable= {problem.squares} #constraint= {total}\n"
    yield f"* {problem.title}\n"
    for note in problem.notes:
        yield f"* {note}\n"
    yield (f"* variables: square (row r, column c), 0-based, is x(r*{problem.cols} + c + 1); "
           "no auxiliary variables\n")
    for line in _constraints(problem):
        yield line + "\n"


def opb_text(problem: Problem) -> str:
    """`opb_lines` joined into one string. Cost: O(size of the output).

    >>> from nqueens.exports.model import board_problem
    >>> opb_text(board_problem(1)).splitlines()[-1]
    '+1 x1 = 1 ;'
    """
    return "".join(opb_lines(problem))
