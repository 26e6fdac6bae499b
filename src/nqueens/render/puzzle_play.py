"""A self-contained HTML page to play a puzzle offline: click, see conflicts, ask for hints.

`play_html` fills the page template (`puzzle_assets/page.html`, `play.css` and
`play.js`, package data read with `importlib.resources`) with the puzzle's SVG board
(`nqueens.render.puzzle_svg.puzzle_svg`) and its data as inline JSON: the rules, the
solution, and the logical explainer's steps narrated in the page's language. No CDN, no
network, no JavaScript library: open the file from disk.

In the page a click cycles a square through empty, cross and queen; queens that break a
rule are ringed in red; "Hint" shows the first explainer step the board does not reflect
yet (a queen to place, or squares still to cross out), with its reason, and points out a
queen or cross that contradicts the solution first. Tests read the page back: every
`rect.cell` carries `data-row`/`data-col`, `data-state` (`queen`, `cross`,
`blocked` or empty), `data-conflict` and `data-hint` ("1" or "0"); `body` carries
`data-ready` and `data-solved`.

>>> from nqueens.puzzles.model import parse_puzzle
>>> page = play_html(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
>>> page.startswith("<!DOCTYPE html>"), page.count('class="cell"'), "https://" in page
(True, 25, False)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from importlib import resources
from typing import Any

from nqueens._validate import check_choice
from nqueens.puzzles.grades import START, technique
from nqueens.puzzles.logic import explain, step_text
from nqueens.puzzles.model import REGION_LETTERS, Puzzle
from nqueens.puzzles.solution import first_violation, star_squares
from nqueens.render.puzzle_svg import puzzle_svg
from nqueens.render.svg import queen_shape
from nqueens.words import LANGUAGES, words

__all__ = ["LABELS", "page_labels", "play_data", "play_html"]

LABELS: dict[str, dict[str, str]] = {lang: words(lang).PUZZLE_PAGE for lang in LANGUAGES}
"""The page's texts by language."""


def page_labels(p: Puzzle, lang: str) -> dict[str, str]:
    """The page's texts in `lang` for `p`, with the title and rules filled in.

    The star wording is used where `p` has k > 1 stars; `placed` keeps `{k}`/`{n}`
    for the page to fill.

    Cost: O(1).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> page_labels(completion_puzzle(4), "en")["title"]
    '4 x 4 queens puzzle'
    """
    k = p.stars
    base = LABELS[lang]
    stars = not p.rules.one_star  # the labels' k-star forms, where they have one
    out = {key: base.get(key + "_stars", text) if stars else text
           for key, text in base.items() if not key.endswith("_stars")}
    out["title"] = out["title"].replace("{n}", str(p.n)).replace("{k}", str(k))
    if p.rules.has_givens:
        out["rules"] = out["completion"]
    else:
        out["rules"] = out["regions"].replace("{k}", str(k)) + (
            out["diagonals"] if p.diagonals else "")
    return out


def play_data(p: Puzzle, *, lang: str = "en", state: Sequence[str] | None = None,
              explained: Any = None, solution: Any = None) -> dict[str, object]:
    """The page's data: rules, solution squares, narrated steps and the player's state.

    Squares are 0-based; `start` is the player's `state` to start from (n rows of
    `Q`, `x`, `.`).

    `explained` is an explanation already made (a large board's, within a time budget:
    `nqueens.puzzles.budget.explain_within`), `solution` the solution to use where
    that explanation stops short.

    Cost: O(n^2) plus one run of `nqueens.puzzles.logic.explain`.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> d = play_data(completion_puzzle(4, [(0, 1)]))
    >>> d["solution"], d["stars"], [s["rule"] for s in d["steps"]]
    ([[0, 1], [1, 3], [2, 0], [3, 2]], 1, ['single', 'single', 'single'])
    """
    check_choice(lang, "language", LANGUAGES)
    e = explain(p) if explained is None else explained
    k = p.stars
    steps = [{"rule": s.rule, "place": None if s.place is None else list(s.place),
              "removed": [list(sq) for sq in s.removed], "text": step_text(s, lang, p)}
             for s in e.steps if technique(s.rule).role != START]
    solution = e.solution if e.solution is not None else solution
    if solution is not None and first_violation(p, solution) is not None:
        # an explainer that does not know k stars yet: no hints rather than wrong ones
        solution, steps = None, []
    return {
        "n": p.n, "kind": p.kind, "stars": k, "touching": p.touching,
        "diagonals": p.uses_diagonals,
        "regions": ["".join(REGION_LETTERS[r] for r in row) for row in p.regions],
        "givens": [list(sq) for sq in p.givens], "blocked": [list(sq) for sq in p.blocked],
        "solution": None if solution is None else [
            list(sq) for sq in star_squares(solution)],
        "steps": steps, "labels": page_labels(p, lang), "mark": p.rules.mark,
        "queen": queen_shape(0, 0), "start": list(state or ()),
    }


def play_html(p: Puzzle, *, lang: str = "en", state: Sequence[str] | None = None,
              explained: Any = None, solution: Any = None) -> str:
    """The whole page as one string (UTF-8 text, no external resources).

    It starts from the player's `state` where given.

    Cost: O(n^2) plus one run of `nqueens.puzzles.logic.explain`.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> "ヒント" in play_html(completion_puzzle(4, [(0, 1)]), lang="ja")
    True
    """
    data = play_data(p, lang=lang, state=state, explained=explained, solution=solution)
    labels = page_labels(p, lang)
    assets = resources.files("nqueens.render").joinpath("puzzle_assets")
    page = assets.joinpath("page.html").read_text(encoding="utf-8")
    css = assets.joinpath("play.css").read_text(encoding="utf-8")
    js = assets.joinpath("play.js").read_text(encoding="utf-8")
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    fill = {"{{LANG}}": lang, "{{CSS}}": css, "{{JS}}": js,
            "{{BOARD}}": puzzle_svg(p, size=None), "{{DATA}}": payload}
    for key in ("title", "rules", "howto", "keys", "hint", "reset", "undo", "redo", "auto",
                "time"):
        fill["{{" + key.upper() + "}}"] = escape(labels[key])
    for key, value in fill.items():
        page = page.replace(key, value)
    return page
