"""A hint from where the player is: the next deduction only, or the mistake on the board.

`hint` takes a puzzle and a player's state (n rows of `Q`, `x` and `.`, as
`nqueens.puzzles.io.Imported` carries it) and says, in this order:

1. a rule the board breaks (`nqueens.puzzles.check.check_state`, pzprjs's codes);
2. a mistake: the queen (or star) that is not part of the unique solution, or with several
   solutions the queen no solution agrees with, else the cross that rules them out, named
   without showing any other square of the solution;
3. the next step of the logical explainer (`nqueens.puzzles.logic`, techniques up to
   expert, never a search) from that state, in the words of `explain`, naming its
   squares: the star it places or the squares it crosses out;
4. else why there is none: every star placed, several solutions left that no technique
   tells apart, or logic stalls (the rest is trial and error); or, given `seconds`, that
   the step was not found within them (a large board).

The queens of the state clear what they attack before the step is looked for (as in
`explain`), so a hint never asks for the crosses a queen implies.

>>> from nqueens.puzzles.model import parse_puzzle
>>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
>>> h = hint(p, ("Q....", ".....", ".....", ".....", "....."))
>>> h.kind, h.step.rule, h.step.place
('step', 'single', (2, 1))
>>> hint(p, ("Q....", ".Q...", ".....", ".....", ".....")).text
'Two queens touch: <1,1> and <2,2>.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice

from nqueens._validate import check_choice
from nqueens.narrate import LANGUAGES
from nqueens.puzzles.check import Broken, check_state, marks, state_text
from nqueens.puzzles.grades import VERDICT, technique
from nqueens.puzzles.model import Puzzle, Square, check_puzzle
from nqueens.puzzles.solution import star_squares
from nqueens.puzzles.state_words import say

__all__ = ["HINT_NODES", "Hint", "agreeing_solution", "hint"]

HINT_NODES = 2_000_000
"""The search nodes a hint spends on each question about the solutions (does any agree
with the state, is the puzzle unique); past them it gives the next step unchecked."""


@dataclass(frozen=True)
class Hint:
    """What `hint` found: its `kind` (`broken`, `wrong-star`, `wrong-cross`,
    `dead-end`, `step`, `done`, `open`, `stalled` or `late`), the explainer's `step`
    (kind `step`), the `broken` rule, the `square` of a mistake, and the `text`."""

    kind: str
    text: str
    step: object = None
    broken: Broken | None = None
    square: Square | None = None

    def _repr_html_(self) -> str:
        from html import escape

        return f"<p><b>{escape(self.kind)}</b>: {escape(self.text)}</p>"


def hint(p: Puzzle, state: Sequence[str] | None, *, lang: str = "en",
         max_grade: int = 4, seconds: float | None = None) -> Hint:
    """The next thing a player can know from `state` in puzzle `p` (see the module).

    `lang` is `en`, `ja` or `ko`; `max_grade` the hardest technique tried (1-4);
    `seconds` bounds the explainer's step (one step of a 62 x 62 board can take minutes):
    past it the hint is of kind `late` and says so. Cost: O(n^2) for the rules, up to
    `HINT_NODES` search nodes for each question about the solutions (one per mark on the
    board when a mistake is looked for among several solutions), and one step of the
    explainer (at most `seconds`).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> hint(parse_puzzle("AAB\\nACB\\nCCB\\n"), None).kind   # no solution at all
    'dead-end'
    """
    p = check_puzzle(p)
    check_choice(lang, "language", LANGUAGES)
    rows = tuple(state) if state else ("." * p.n,) * p.n
    k = p.stars
    broken = check_state(p, rows)
    if broken is not None:
        return Hint("broken", state_text(p, rows, broken, lang), broken=broken)
    stars, crosses = _own_marks(p, rows)
    if len(stars) + len(p.givens) == p.n * k:
        return Hint("done", say("done", lang, k))
    mistake = _mistake(p, stars, crosses, lang)
    if mistake is not None:
        return mistake
    from nqueens.puzzles.logic import Solve, step_text

    solve = Solve(p)
    solve.start_from(stars, crosses)
    found: list[object] = []
    if seconds is None:
        found.append(solve.next_step(max_grade))
    else:
        from nqueens.puzzles.budget import run_within

        if not run_within(lambda: found.append(solve.next_step(max_grade)), seconds):
            return Hint("late", say("late", lang, k, seconds=seconds))
    step = found[0]
    if step is not None and technique(step.rule).role != VERDICT:
        return Hint("step", step_text(step, lang, p), step=step)
    if step is not None:
        return Hint("dead-end", say("deadEnd", lang, k))
    left = _agreeing(p, stars, crosses, 2)
    if left is not None and len(left) >= 2:
        return Hint("open", say("open", lang, k))
    return Hint("stalled", say("stalled", lang, k))


def _own_marks(p: Puzzle, rows: Sequence[str]) -> tuple[list, list]:
    """The player's own stars and crosses: a mark on a given queen's square says nothing
    (the given queen stays), so it is left out."""
    stars, crosses = marks(rows)
    given = set(p.givens)
    return sorted(set(stars) - given), [c for c in crosses if c not in given]


def agreeing_solution(p: Puzzle, state: Sequence[str] | None) -> tuple | None:
    """The first solution of `p` that agrees with a player's `state`, or None.

    It has every star of `state` and none on its crosses; None when there is none (the
    search is exhaustive, in slices Ctrl-C stops).

    Cost: O(the search nodes up to that solution).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
    >>> agreeing_solution(p, (".Q...", ".....", ".....", ".....", "....."))
    (1, 3, 0, 2, 4)
    """
    p = check_puzzle(p)
    if check_state(p, state) is not None:
        return None
    stars, crosses = _own_marks(p, state or ())
    found = _agreeing(p, stars, crosses, 1, nodes=1 << 62)
    return found[0] if found else None


# --- private helpers ---------------------------------------------------------------------

def _mistake(p: Puzzle, stars: list[Square], crosses: list[Square], lang: str) -> Hint | None:
    """The mark that takes every solution away, if the state has one (see the module)."""
    k = p.stars
    agreeing = _agreeing(p, stars, crosses, 1)
    if agreeing is None or agreeing:
        return None
    own = _agreeing(p, [], [], 2)
    if own is not None and len(own) == 1:
        solution = set(star_squares(own[0]))
        for s in stars:
            if s not in solution:
                return Hint("wrong-star", say("wrongStar", lang, k, squares=(s,)), square=s)
        for s in crosses:
            if s in solution:
                return Hint("wrong-cross", say("wrongCross", lang, k, squares=(s,)), square=s)
    for s in stars:
        if _agreeing(p, [t for t in stars if t != s], crosses, 1):
            return Hint("wrong-star", say("wrongStarAny", lang, k, squares=(s,)), square=s)
    for s in crosses:
        if _agreeing(p, stars, [t for t in crosses if t != s], 1):
            return Hint("wrong-cross", say("wrongCrossAny", lang, k, squares=(s,)), square=s)
    return Hint("dead-end", say("deadEnd", lang, k))


def _agreeing(p: Puzzle, stars: list[Square], crosses: list[Square], limit: int,
              nodes: int = HINT_NODES) -> list[tuple] | None:
    """Up to `limit` solutions with these stars and none on these crosses (None: the
    search ran past `HINT_NODES` nodes without settling it)."""
    if not p.rules.has_regions:
        from nqueens.puzzles.exact import solutions
        from nqueens.puzzles.model import completion_puzzle

        q = completion_puzzle(p.n, sorted(set(p.givens) | set(stars)),
                              blocked=sorted(set(p.blocked) | set(crosses)))
        return list(islice(solutions(q), limit))
    from nqueens.puzzles.exact import solutions_within

    n, k = p.n, p.stars
    allowed = (1 << (n * n)) - 1
    for r, c in crosses:
        allowed &= ~(1 << (r * n + c))
    full: dict[tuple[str, int], int] = {}
    for r, c in stars:
        for u in (("row", r), ("col", c), ("region", p.regions[r][c])):
            full[u] = full.get(u, 0) + 1
        for rr in range(max(r - 1, 0), min(r + 2, n)):
            for cc in range(max(c - 1, 0), min(c + 2, n)):
                if (rr, cc) != (r, c):
                    allowed &= ~(1 << (rr * n + cc))
    star_set = set(stars)
    for r in range(n):
        for c in range(n):
            if (r, c) in star_set:
                continue
            if any(full.get(u, 0) >= k for u in
                   (("row", r), ("col", c), ("region", p.regions[r][c]))):
                allowed &= ~(1 << (r * n + c))
    if p.rules.one_star or not stars:  # one star: the mask forces the stars placed
        return solutions_within(p, allowed, limit=limit, nodes=nodes)
    wide = max(limit, 64)  # k stars: the mask alone does not force them; filter
    found = solutions_within(p, allowed, limit=wide, nodes=nodes)
    if found is None:
        return None
    keep = [s for s in found if star_set <= set(star_squares(s))]
    if keep or len(found) < wide:
        return keep[:limit]
    return None
