"""MiniZinc: a 0/1 array over the board and one `sum` constraint per group.

`q[r, c]` (1-based in the model, as MiniZinc arrays usually are) is 1 where a queen
stands; row r and column c of the 0-based layout are `q[r + 1, c + 1]`. Each group is a
sum of its squares between its bounds; givens and blocked squares fix squares to 1 or 0.
The output item prints each solution's queens as 1-based `row,col` pairs. Any MiniZinc
solver runs it; `minizinc --solver gecode -a FILE.mzn` lists every solution.

>>> from nqueens.exports.model import board_problem
>>> text = mzn_text(board_problem(4))
>>> "array[1..4, 1..4] of var 0..1: q;" in text
True
>>> [line for line in text.splitlines() if "row 1" in line]
['constraint sum([q[1,1], q[1,2], q[1,3], q[1,4]]) = 1;  % row 1']
"""

from __future__ import annotations

from collections.abc import Iterator

from nqueens.exports.model import Group, Problem

__all__ = ["mzn_lines", "mzn_text"]


def _cell(problem: Problem, s: int) -> str:
    r, c = divmod(s, problem.cols)
    return f"q[{r + 1},{c + 1}]"


def _group(problem: Problem, g: Group) -> str:
    total = f"sum([{', '.join(_cell(problem, s) for s in g.squares)}])"
    if g.low == g.high:
        test = f"{total} = {g.low}"
    elif g.low == 0:
        test = f"{total} <= {g.high}"
    else:
        test = f"{total} >= {g.low} /\\ {total} <= {g.high}"
    return f"constraint {test};  % {g.label}\n"


def mzn_lines(problem: Problem) -> Iterator[str]:
    """The MiniZinc model of `problem`, line by line. Cost: O(total size of the groups).

    >>> from nqueens.exports.model import board_problem
    >>> next(mzn_lines(board_problem(8)))
    '% 8 non-attacking queens on the 8 x 8 board, one per row\\n'
    """
    rows, cols = problem.rows, problem.cols
    yield f"% {problem.title}\n"
    for note in problem.notes:
        yield f"% {note}\n"
    yield ("% q[r,c] = 1: a queen on row r, column c (1-based; square (r, c) 0-based is "
           "q[r+1,c+1])\n")
    yield f"array[1..{rows}, 1..{cols}] of var 0..1: q;\n"
    for s in problem.givens:
        yield f"constraint {_cell(problem, s)} = 1;  % given queen\n"
    for s in problem.blocked:
        yield f"constraint {_cell(problem, s)} = 0;  % blocked square\n"
    for g in problem.groups:
        yield _group(problem, g)
    yield "solve satisfy;\n"
    yield (f"output [\"queens:\"] ++ [\" \\(r),\\(c)\" | r in 1..{rows}, c in 1..{cols} "
           "where fix(q[r,c]) = 1] ++ [\"\\n\"];\n")


def mzn_text(problem: Problem) -> str:
    """`mzn_lines` joined into one string. Cost: O(size of the output).

    >>> from nqueens.exports.model import board_problem
    >>> mzn_text(board_problem(1)).splitlines()[3]
    'constraint sum([q[1,1]]) = 1;  % row 1'
    """
    return "".join(mzn_lines(problem))
