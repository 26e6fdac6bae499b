"""XCSP3 (XML, the core profile): an array of 0/1 variables and one `sum` per group.

`q[r][c]` (0-based, as XCSP3 indexes arrays) is 1 where a queen stands: the 0-based layout
of every export, unchanged. Each group is a `<sum>` of its squares with the condition
`(eq,k)`, `(le,k)` or `(in,low..high)`; givens and blocked squares are one
`<instantiation>`. Only constraints of XCSP3-core appear (Audemard, Boussemart, Lecoutre,
Piette and Roussel, "XCSP3-core", 2020), so every solver of the XCSP competitions reads it;
ACE (shipped with pycsp3) counts its solutions with `java -jar ACE.jar FILE.xml -s=all`.

>>> from nqueens.exports.model import board_problem
>>> text = xcsp3_text(board_problem(4))
>>> '<array id="q" size="[4][4]"> 0 1 </array>' in text
True
>>> text.count("<sum>")
18
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.sax.saxutils import escape

from nqueens.exports.model import Group, Problem

__all__ = ["xcsp3_lines", "xcsp3_text"]


def _cell(problem: Problem, s: int) -> str:
    r, c = divmod(s, problem.cols)
    return f"q[{r}][{c}]"


def _condition(g: Group) -> str:
    if g.low == g.high:
        return f"(eq,{g.low})"
    if g.low == 0:
        return f"(le,{g.high})"
    return f"(in,{g.low}..{g.high})"


def _comment(text: str) -> str:
    return "<!-- " + escape(text).replace("--", "- -") + " -->"


def xcsp3_lines(problem: Problem) -> Iterator[str]:
    """The XCSP3 instance of `problem`, line by line. Cost: O(total size of the groups).

    >>> from nqueens.exports.model import board_problem
    >>> next(xcsp3_lines(board_problem(8)))
    '<instance format="XCSP3" type="CSP">\\n'
    """
    yield '<instance format="XCSP3" type="CSP">\n'
    yield f"  {_comment(problem.title)}\n"
    for note in problem.notes:
        yield f"  {_comment(note)}\n"
    yield f"  {_comment('q[r][c] = 1: a queen on row r, column c (0-based)')}\n"
    yield "  <variables>\n"
    yield f'    <array id="q" size="[{problem.rows}][{problem.cols}]"> 0 1 </array>\n'
    yield "  </variables>\n"
    yield "  <constraints>\n"
    fixed = [(s, 1) for s in problem.givens] + [(s, 0) for s in problem.blocked]
    if fixed:
        fixed.sort()
        yield "    <instantiation>\n"
        yield f"      <list> {' '.join(_cell(problem, s) for s, _ in fixed)} </list>\n"
        yield f"      <values> {' '.join(str(v) for _, v in fixed)} </values>\n"
        yield "    </instantiation>\n"
    for g in problem.groups:
        if g.low == 0 and g.high >= len(g.squares):
            continue
        yield f"    <sum>  {_comment(g.label)}\n"
        yield f"      <list> {' '.join(_cell(problem, s) for s in g.squares)} </list>\n"
        yield f"      <condition> {_condition(g)} </condition>\n"
        yield "    </sum>\n"
    yield "  </constraints>\n"
    yield "</instance>\n"


def xcsp3_text(problem: Problem) -> str:
    """`xcsp3_lines` joined into one string. Cost: O(size of the output).

    >>> from nqueens.exports.model import board_problem
    >>> xcsp3_text(board_problem(2)).count("<condition> (le,1) </condition>")
    2
    """
    return "".join(xcsp3_lines(problem))
