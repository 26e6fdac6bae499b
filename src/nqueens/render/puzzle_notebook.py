"""How a made puzzle and an explanation show in a notebook: a picture and a few lines of
HTML instead of a dataclass dump (Jupyter calls `_repr_html_`, which imports this module
only then).

>>> from nqueens.puzzles.logic import explain
>>> from nqueens.puzzles.model import parse_puzzle
>>> html = explanation_html(explain(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")))
>>> html.count("<li>"), "<svg" in html
(10, True)
"""

from __future__ import annotations

from html import escape
from typing import Any

from nqueens.puzzles.logic import step_text, summary_text
from nqueens.render.puzzle_svg import puzzle_svg

__all__ = ["explanation_html", "made_html"]


def made_html(made: Any, *, size: int = 320) -> str:
    """A made puzzle (`Made`) as HTML for a notebook.

    The board, its grade and seed (the solution is not shown). Cost: O(n^2).

    >>> from nqueens.puzzles.generate import make
    >>> "seed 3" in made_html(make(6, seed=3))
    True
    """
    p = made.puzzle
    return (f"<div class=\"nqueens-made\">{puzzle_svg(p, size=size)}"
            f"<p>{p.n} x {p.n}, {escape(p.rules_text())}; difficulty "
            f"<b>{escape(made.grade_name)}</b>; seed {made.seed} (exactly one solution)"
            "</p></div>")


def explanation_html(e: Any, *, lang: str = "en", size: int = 320) -> str:
    """An explanation (`Explanation`) as HTML for a notebook.

    The solved board, the numbered steps in words and the summary. Cost: O(n^2 + steps).

    >>> from nqueens.puzzles.logic import explain
    >>> from nqueens.puzzles.model import parse_puzzle
    >>> html = explanation_html(explain(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")))
    >>> html.count("<li>"), "<svg" in html
    (10, True)
    """
    p = e.puzzle
    board = puzzle_svg(p, size=size, solution=e.solution)
    steps = "".join(f"<li>{escape(step_text(s, lang, p))}</li>" for s in e.steps)
    return (f"<div class=\"nqueens-explanation\">{board}<ol>{steps}</ol>"
            f"<p>{escape(summary_text(e, lang))}</p></div>")
