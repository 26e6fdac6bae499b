"""The words of the tree picture in English, Japanese and Korean, and how wide they draw.

English follows the Korean/English textbook (Neapolitan): "pruned state-space tree",
"promising", "nonpromising". Japanese follows the lecture slides the trace follows
(seed 004): a square ``に置ける`` / ``には置けない``, pruning is ``刈り込み``, rows are
``N行目``, a search ``調べる``; the root is ``根``, as in the player. Korean follows the
Korean textbook chapter: ``가지 친 상태공간트리``, ``루트 노드``, ``유망한 노드`` /
``유망하지 않은 노드``, ``가지치기``, ``검사한``, ``해답``.

Each language is a table of ``str.format`` templates (the same keys in each); the drawing
code in :mod:`nqueens.render.tree` fills them. :func:`text_width` estimates the drawn
width of a text, so that CJK titles and legends are given their room.

>>> words("ja")["promising"], words("ko")["promising"]
('置ける', '유망한 노드')
>>> text_width("row 1", 6.5), round(text_width("1行目", 6.5), 2)
(32.5, 31.2)
"""

from __future__ import annotations

import unicodedata

from nqueens._validate import check_choice
from nqueens.narrate import LANGUAGES

__all__ = ["FONTS", "LANGUAGES", "text_width", "words"]

_LATIN = "Helvetica, Arial"
FONTS: dict[str, str] = {
    "en": f"{_LATIN}, sans-serif",
    "ja": "'Noto Sans CJK JP', 'Noto Sans JP', IPAGothic, IPAexGothic, 'Hiragino Sans', "
          f"'Yu Gothic', 'Noto Sans CJK KR', NanumGothic, {_LATIN}, sans-serif",
    "ko": "'Noto Sans CJK KR', 'Noto Sans KR', NanumGothic, 'Malgun Gothic', "
          f"'Apple SD Gothic Neo', 'Noto Sans CJK JP', IPAGothic, {_LATIN}, sans-serif",
}
"""The ``font-family`` of each language: for Japanese and Korean, common CJK fonts for the
script of the language first (a CJK font also draws Latin letters and digits), then those
of the other script, then Latin fonts."""

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Pruned state-space tree, n = {n}, {what}: {nodes} nodes ({tried} squares "
                 "tried), {found}",
        "first": "until the first solution", "all": "whole search",
        "solutions": "{k} solutions", "solution": "{k} solution",
        "runs": "pruned siblings drawn as one",
        "folded": "subtrees below {where} folded into squares tried per row",
        "with_paths": ", solution paths included",
        "join": "; ", "note": "{text}.",
        "root": "root", "row": "row {d}", "tried": "{k} tried",
        "root_tip": "root: no queen placed",
        "promising_tip": "{square} is promising", "nonpromising_tip": "{square} is "
        "nonpromising", "solution_tip": "{square} is a solution",
        "run_tip": "{k} nonpromising: {squares}",
        "fold_tip": "{tried} squares tried below, {good} promising: per row {rows}",
        "square": "<{r},{c}>", "list": ", ",
        "promising": "promising", "nonpromising": "nonpromising (pruned)",
        "path": "solution, and the path to it", "run": "k pruned siblings",
        "fold": "folded subtree: squares tried per row (promising dark)",
    },
    "ja": {
        "title": "{n}クイーン問題の刈り込んだ探索木、{what}: ノード{nodes}個 "
                 "({tried}マスを調べた)、{found}",
        "first": "最初の解まで", "all": "探索の最後まで",
        "solutions": "解{k}個", "solution": "解{k}個",
        "runs": "続けて置けなかったマスは1つにまとめて描く",
        "folded": "{where}より下の部分木は、行ごとに調べたマスの数に畳む",
        "with_paths": " (解への経路も畳む)",
        "join": "。", "note": "{text}。",
        "root": "根", "row": "{d}行目", "tried": "{k}マス調べた",
        "root_tip": "根: クイーンなし",
        "promising_tip": "{square}に置ける", "nonpromising_tip": "{square}には置けない",
        "solution_tip": "{square}に置ける: 解発見!",
        "run_tip": "置けないマス{k}個: {squares}",
        "fold_tip": "この下で{tried}マスを調べ、{good}マスに置けた: 行ごとに {rows}",
        "square": "({r},{c})", "list": ",",
        "promising": "置ける", "nonpromising": "置けない (刈り込み)",
        "path": "解と、そこへの経路", "run": "置けないマスk個をまとめたもの",
        "fold": "畳んだ部分木: 行ごとに調べたマスの数 (濃い部分は置けたマス)",
    },
    "ko": {
        "title": "가지 친 상태공간트리, n = {n}, {what}: 노드 {nodes}개 (검사한 칸 "
                 "{tried}개), {found}",
        "first": "첫 해답까지", "all": "전체 탐색",
        "solutions": "해답 {k}개", "solution": "해답 {k}개",
        "runs": "유망하지 않은 형제 노드는 하나로 그림",
        "folded": "{where} 아래의 부분 트리는 행별로 검사한 칸 수로 접음",
        "with_paths": " (해답 경로도 접음)",
        "join": "; ", "note": "{text}.",
        "root": "루트 노드", "row": "{d}행", "tried": "{k}개 검사",
        "root_tip": "루트 노드: 놓인 퀸 없음",
        "promising_tip": "{square} 노드는 유망하다", "nonpromising_tip": "{square} 노드는 "
        "유망하지 않다", "solution_tip": "{square} 노드는 해답이다",
        "run_tip": "유망하지 않은 노드 {k}개: {squares}",
        "fold_tip": "아래에서 검사한 칸 {tried}개, 유망한 칸 {good}개: 행별 {rows}",
        "square": "<{r},{c}>", "list": ", ",
        "promising": "유망한 노드", "nonpromising": "유망하지 않은 노드 (가지치기)",
        "path": "해답과 그 경로", "run": "유망하지 않은 형제 노드 k개",
        "fold": "접은 부분 트리: 행별로 검사한 칸 수 (진한 부분은 유망)",
    },
}


def words(lang: str) -> dict[str, str]:
    """The templates of ``lang`` (``en``, ``ja`` or ``ko``).

    Another ``lang`` raises :class:`~nqueens.errors.UnknownOptionError`.

    Cost: O(1).

    >>> words("en")["row"].format(d=2)
    'row 2'
    """
    check_choice(lang, "language", LANGUAGES)
    return _WORDS[lang]


def text_width(text: str, narrow: float) -> float:
    """About how wide ``text`` draws, in pixels, when a narrow character takes ``narrow``.

    A wide (CJK) character takes one em, about 1.9 narrow characters.

    Cost: O(len(text)).

    >>> text_width("abc", 10), text_width("木", 10)
    (30.0, 19.0)
    """
    wide = sum(unicodedata.east_asian_width(ch) in "WF" for ch in text)
    return narrow * (len(text) - wide) + narrow * 1.9 * wide
