"""A self-contained HTML page to play a puzzle offline: click, see conflicts, ask for hints.

:func:`play_html` fills the page template (``puzzle_assets/page.html``, ``play.css`` and
``play.js``, package data read with :mod:`importlib.resources`) with the puzzle's SVG board
(:func:`nqueens.render.puzzle_svg.puzzle_svg`) and its data as inline JSON: the rules, the
solution, and the logical explainer's steps narrated in the page's language. No CDN, no
network, no JavaScript library: open the file from disk.

In the page a click cycles a square through empty, cross and queen; queens that break a
rule are ringed in red; "Hint" shows the first explainer step the board does not reflect
yet (a queen to place, or squares still to cross out), with its reason, and points out a
queen or cross that contradicts the solution first. Tests read the page back: every
``rect.cell`` carries ``data-row``/``data-col``, ``data-state`` (``queen``, ``cross``,
``blocked`` or empty), ``data-conflict`` and ``data-hint`` ("1" or "0"); ``body`` carries
``data-ready`` and ``data-solved``.

>>> from nqueens.puzzles.model import parse_puzzle
>>> page = play_html(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
>>> page.startswith("<!DOCTYPE html>"), page.count('class="cell"'), "https://" in page
(True, 25, False)
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources

from nqueens._validate import check_choice
from nqueens.narrate import LANGUAGES
from nqueens.puzzles.logic import explain, step_text
from nqueens.puzzles.model import REGION_LETTERS, Puzzle
from nqueens.render.puzzle_svg import puzzle_svg
from nqueens.render.svg import queen_shape

__all__ = ["LABELS", "play_data", "play_html"]

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{n} x {n} queens puzzle", "hint": "Hint", "reset": "Start again",
        "howto": "Click a square once for a cross, twice for a queen, three times to clear.",
        "placed": "{k} of {n} queens placed", "solved": "Solved!",
        "conflict": "Some queens break a rule (ringed in red).",
        "wrong": "The queen at {sq} is not part of the solution.",
        "wrongcross": "The cross at {sq} covers a square of the solution.",
        "nohint": "Nothing left to deduce: place the last queens.", "square": "<{r},{c}>",
        "regions": "Place one queen in every row, column and region; no two queens touch, "
                   "not even at a corner.",
        "diagonals": " No two queens share a diagonal.",
        "completion": "Place one queen in every row and column, no two on a diagonal; the "
                      "black queens are given, grey squares are blocked.",
    },
    "ja": {
        "title": "{n}×{n} クイーンパズル", "hint": "ヒント", "reset": "最初から",
        "howto": "マスを1回クリックで×、2回でクイーン、3回で消去。",
        "placed": "クイーン {k} / {n}", "solved": "解けた!",
        "conflict": "ルール違反のクイーンがある (赤丸)。",
        "wrong": "{sq}のクイーンは解に含まれない。",
        "wrongcross": "{sq}の×は解のマスを消している。",
        "nohint": "推論はもう不要: 残りのクイーンを置こう。", "square": "({r},{c})",
        "regions": ("各行・各列・各領域にクイーンを1つずつ置く。"
                    "クイーン同士は角も含めて隣り合わない。"),
        "diagonals": " 同じ斜めの線にも置かない。",
        "completion": ("各行・各列にクイーンを1つずつ、斜めに重ならないように置く。"
                       "黒いクイーンは最初から置かれ、灰色のマスには置けない。"),
    },
    "ko": {
        "title": "{n}×{n} 퀸 퍼즐", "hint": "힌트", "reset": "다시 시작",
        "howto": "칸을 한 번 누르면 ×, 두 번 누르면 퀸, 세 번 누르면 지워진다.",
        "placed": "퀸 {k} / {n}", "solved": "풀었다!",
        "conflict": "규칙을 어긴 퀸이 있다 (빨간 원).",
        "wrong": "{sq}의 퀸은 해답에 없다.",
        "wrongcross": "{sq}의 ×는 해답의 칸을 지웠다.",
        "nohint": "더 추론할 것이 없다: 남은 퀸을 놓자.", "square": "<{r},{c}>",
        "regions": "모든 행, 열, 영역에 퀸을 하나씩 놓는다. 퀸끼리는 모서리로도 닿지 않는다.",
        "diagonals": " 같은 대각선에도 놓지 않는다.",
        "completion": ("모든 행과 열에 퀸을 하나씩, 대각선이 겹치지 않게 놓는다. "
                       "검은 퀸은 주어진 퀸이고 회색 칸에는 놓을 수 없다."),
    },
}
"""The page's texts by language."""


def play_data(p: Puzzle, *, lang: str = "en") -> dict[str, object]:
    """The page's data: rules, solution and narrated explainer steps (0-based squares).

    Cost: O(n^2) plus one run of :func:`nqueens.puzzles.logic.explain`.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> d = play_data(completion_puzzle(4, [(0, 1)]))
    >>> d["solution"], [s["rule"] for s in d["steps"]]
    ([1, 3, 0, 2], ['single', 'single', 'single'])
    """
    check_choice(lang, "language", LANGUAGES)
    e = explain(p)
    steps = [{"rule": s.rule, "place": None if s.place is None else list(s.place),
              "removed": [list(sq) for sq in s.removed], "text": step_text(s, lang, p)}
             for s in e.steps if s.rule != "given"]
    return {
        "n": p.n, "kind": p.kind, "touching": p.touching, "diagonals": p.uses_diagonals,
        "regions": ["".join(REGION_LETTERS[k] for k in row) for row in p.regions],
        "givens": [list(sq) for sq in p.givens], "blocked": [list(sq) for sq in p.blocked],
        "solution": None if e.solution is None else list(e.solution),
        "steps": steps, "labels": LABELS[lang], "queen": queen_shape(0, 0),
    }


def play_html(p: Puzzle, *, lang: str = "en") -> str:
    """The whole page as one string (UTF-8 text, no external resources).

    Cost: O(n^2) plus one run of :func:`nqueens.puzzles.logic.explain`.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> "ヒント" in play_html(completion_puzzle(4, [(0, 1)]), lang="ja")
    True
    """
    data = play_data(p, lang=lang)
    labels = LABELS[lang]
    assets = resources.files("nqueens.render").joinpath("puzzle_assets")
    page = assets.joinpath("page.html").read_text(encoding="utf-8")
    css = assets.joinpath("play.css").read_text(encoding="utf-8")
    js = assets.joinpath("play.js").read_text(encoding="utf-8")
    rules = labels["completion"] if p.kind == "completion" else labels["regions"] + (
        labels["diagonals"] if p.diagonals else "")
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    fill = {
        "{{LANG}}": lang, "{{TITLE}}": escape(labels["title"].replace("{n}", str(p.n))),
        "{{RULES}}": escape(rules), "{{HOWTO}}": escape(labels["howto"]),
        "{{HINT}}": escape(labels["hint"]), "{{RESET}}": escape(labels["reset"]),
        "{{CSS}}": css, "{{JS}}": js, "{{BOARD}}": puzzle_svg(p, size=None),
        "{{DATA}}": payload,
    }
    for key, value in fill.items():
        page = page.replace(key, value)
    return page
