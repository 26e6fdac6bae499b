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
from collections.abc import Sequence
from html import escape
from importlib import resources
from typing import Any

from nqueens._validate import check_choice
from nqueens.narrate import LANGUAGES
from nqueens.puzzles.logic import explain, step_text
from nqueens.puzzles.model import REGION_LETTERS, Puzzle
from nqueens.puzzles.solution import first_violation, star_squares
from nqueens.render.puzzle_svg import puzzle_svg
from nqueens.render.svg import queen_shape

__all__ = ["LABELS", "page_labels", "play_data", "play_html"]

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{n} x {n} queens puzzle", "title_stars": "{n} x {n} Star Battle, {k} stars",
        "hint": "Hint", "reset": "Start again", "undo": "Undo", "redo": "Redo",
        "auto": "Automatic crosses", "time": "Time",
        "howto": "Click or tap a square once for a cross, twice for a queen, three times to "
                 "clear it; drag across squares to cross them out.",
        "howto_stars": "Click or tap a square once for a cross, twice for a star, three "
                       "times to clear it; drag across squares to cross them out.",
        "keys": "Keys: arrows move, Space cycles, X cross, Q queen, Delete clears, "
                "H hint, Ctrl-Z undo, Ctrl-Y redo.",
        "keys_stars": "Keys: arrows move, Space cycles, X cross, S star, Delete clears, "
                      "H hint, Ctrl-Z undo, Ctrl-Y redo.",
        "placed": "{k} of {n} queens placed", "placed_stars": "{k} of {n} stars placed",
        "solved": "Solved!",
        "conflict": "Some queens break a rule (ringed in red).",
        "conflict_stars": "Some stars break a rule (ringed in red).",
        "wrong": "The queen at {sq} is not part of the solution.",
        "wrong_stars": "The star at {sq} is not part of the solution.",
        "wrongcross": "The cross at {sq} covers a square of the solution.",
        "nohint": "Nothing left to deduce: place the last queens.",
        "nohint_stars": "Nothing left to deduce: place the last stars.", "square": "<{r},{c}>",
        "regions": "Place one queen in every row, column and region; no two queens touch, "
                   "not even at a corner.",
        "regions_stars": "Place {k} stars in every row, column and region; no two stars "
                         "touch, not even at a corner.",
        "diagonals": " No two queens share a diagonal.",
        "completion": "Place one queen in every row and column, no two on a diagonal; the "
                      "black queens are given, grey squares are blocked.",
    },
    "ja": {
        "title": "{n}×{n} クイーンパズル", "title_stars": "{n}×{n} スターバトル ({k}つ星)",
        "hint": "ヒント", "reset": "最初から", "undo": "戻す", "redo": "やり直す",
        "auto": "自動で×", "time": "時間",
        "howto": "マスを1回クリックで×、2回でクイーン、3回で消去。ドラッグで続けて×。",
        "howto_stars": "マスを1回クリックで×、2回で星、3回で消去。ドラッグで続けて×。",
        "keys": "キー: 矢印で移動、スペースで切替、X で×、Q でクイーン、Delete で消去、"
                "H でヒント、Ctrl-Z で戻す、Ctrl-Y でやり直す。",
        "keys_stars": "キー: 矢印で移動、スペースで切替、X で×、S で星、Delete で消去、"
                      "H でヒント、Ctrl-Z で戻す、Ctrl-Y でやり直す。",
        "placed": "クイーン {k} / {n}", "placed_stars": "星 {k} / {n}", "solved": "解けた!",
        "conflict": "ルール違反のクイーンがある (赤丸)。",
        "conflict_stars": "ルール違反の星がある (赤丸)。",
        "wrong": "{sq}のクイーンは解に含まれない。",
        "wrong_stars": "{sq}の星は解に含まれない。",
        "wrongcross": "{sq}の×は解のマスを消している。",
        "nohint": "推論はもう不要: 残りのクイーンを置こう。",
        "nohint_stars": "推論はもう不要: 残りの星を置こう。", "square": "({r},{c})",
        "regions": ("各行・各列・各領域にクイーンを1つずつ置く。"
                    "クイーン同士は角も含めて隣り合わない。"),
        "regions_stars": ("各行・各列・各領域に星を{k}つずつ置く。"
                          "星同士は角も含めて隣り合わない。"),
        "diagonals": " 同じ斜めの線にも置かない。",
        "completion": ("各行・各列にクイーンを1つずつ、斜めに重ならないように置く。"
                       "黒いクイーンは最初から置かれ、灰色のマスには置けない。"),
    },
    "ko": {
        "title": "{n}×{n} 퀸 퍼즐", "title_stars": "{n}×{n} 스타 배틀 (별 {k}개)",
        "hint": "힌트", "reset": "다시 시작", "undo": "되돌리기", "redo": "다시 하기",
        "auto": "자동 ×", "time": "시간",
        "howto": "칸을 한 번 누르면 ×, 두 번 누르면 퀸, 세 번 누르면 지워진다. "
                 "끌면 여러 칸에 ×.",
        "howto_stars": "칸을 한 번 누르면 ×, 두 번 누르면 별, 세 번 누르면 지워진다. "
                       "끌면 여러 칸에 ×.",
        "keys": "키: 화살표로 이동, 스페이스로 바꾸기, X는 ×, Q는 퀸, Delete는 지우기, "
                "H는 힌트, Ctrl-Z 되돌리기, Ctrl-Y 다시 하기.",
        "keys_stars": "키: 화살표로 이동, 스페이스로 바꾸기, X는 ×, S는 별, Delete는 지우기, "
                      "H는 힌트, Ctrl-Z 되돌리기, Ctrl-Y 다시 하기.",
        "placed": "퀸 {k} / {n}", "placed_stars": "별 {k} / {n}", "solved": "풀었다!",
        "conflict": "규칙을 어긴 퀸이 있다 (빨간 원).",
        "conflict_stars": "규칙을 어긴 별이 있다 (빨간 원).",
        "wrong": "{sq}의 퀸은 해답에 없다.",
        "wrong_stars": "{sq}의 별은 해답에 없다.",
        "wrongcross": "{sq}의 ×는 해답의 칸을 지웠다.",
        "nohint": "더 추론할 것이 없다: 남은 퀸을 놓자.",
        "nohint_stars": "더 추론할 것이 없다: 남은 별을 놓자.", "square": "<{r},{c}>",
        "regions": "모든 행, 열, 영역에 퀸을 하나씩 놓는다. 퀸끼리는 모서리로도 닿지 않는다.",
        "regions_stars": "모든 행, 열, 영역에 별을 {k}개씩 놓는다. "
                         "별끼리는 모서리로도 닿지 않는다.",
        "diagonals": " 같은 대각선에도 놓지 않는다.",
        "completion": ("모든 행과 열에 퀸을 하나씩, 대각선이 겹치지 않게 놓는다. "
                       "검은 퀸은 주어진 퀸이고 회색 칸에는 놓을 수 없다."),
    },
}
"""The page's texts by language."""


def page_labels(p: Puzzle, lang: str) -> dict[str, str]:
    """The page's texts in ``lang`` for ``p``, with the title and rules filled in.

    The star wording is used where ``p`` has k > 1 stars; ``placed`` keeps ``{k}``/``{n}``
    for the page to fill.

    Cost: O(1).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> page_labels(completion_puzzle(4), "en")["title"]
    '4 x 4 queens puzzle'
    """
    k = p.stars
    base = LABELS[lang]
    out = {key: base.get(key + "_stars", text) if k > 1 else text
           for key, text in base.items() if not key.endswith("_stars")}
    out["title"] = out["title"].replace("{n}", str(p.n)).replace("{k}", str(k))
    if p.kind == "completion":
        out["rules"] = out["completion"]
    else:
        out["rules"] = out["regions"].replace("{k}", str(k)) + (
            out["diagonals"] if p.diagonals else "")
    return out


def play_data(p: Puzzle, *, lang: str = "en", state: Sequence[str] | None = None,
              explained: Any = None, solution: Any = None) -> dict[str, object]:
    """The page's data: rules, solution squares and narrated explainer steps (0-based), and
    the player's ``state`` to start from (n rows of ``Q``, ``x``, ``.``; ``start``).

    ``explained`` is an explanation already made (a large board's, within a time budget:
    :func:`nqueens.puzzles.budget.explain_within`), ``solution`` the solution to use where
    that explanation stops short.

    Cost: O(n^2) plus one run of :func:`nqueens.puzzles.logic.explain`.

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
             for s in e.steps if s.rule != "given"]
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
        "steps": steps, "labels": page_labels(p, lang), "mark": "star" if k > 1 else "queen",
        "queen": queen_shape(0, 0), "start": list(state or ()),
    }


def play_html(p: Puzzle, *, lang: str = "en", state: Sequence[str] | None = None,
              explained: Any = None, solution: Any = None) -> str:
    """The whole page as one string (UTF-8 text, no external resources), starting from the
    player's ``state`` where given.

    Cost: O(n^2) plus one run of :func:`nqueens.puzzles.logic.explain`.

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
