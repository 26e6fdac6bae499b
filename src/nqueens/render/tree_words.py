"""The words of the tree picture, from each language's words module, and how wide they draw.

English follows the Korean/English textbook (Neapolitan): "pruned state-space tree",
"promising", "nonpromising". Japanese follows the lecture slides the trace follows
(seed 004): a square `に置ける` / `には置けない`, pruning is `刈り込み`, rows are
`N行目`, a search `調べる`; the root is `根`, as in the player. Korean follows the
Korean textbook chapter: `가지 친 상태공간트리`, `루트 노드`, `유망한 노드` /
`유망하지 않은 노드`, `가지치기`, `검사한`, `해답`.

Each language's templates are `TREE` in its words module (`nqueens.words`; the
same keys in each), its font `FONT`; the drawing code in `nqueens.render.tree`
fills them. `text_width` estimates the drawn
width of a text, so that CJK titles and legends are given their room.

>>> words("ja")["promising"], words("ko")["promising"]
('置ける', '유망한 노드')
>>> text_width("row 1", 6.5), round(text_width("1行目", 6.5), 2)
(32.5, 31.2)
"""

from __future__ import annotations

import unicodedata

from nqueens._validate import check_choice
from nqueens.words import LANGUAGES
from nqueens.words import words as _words

__all__ = ["FONTS", "LANGUAGES", "text_width", "words"]

FONTS: dict[str, str] = {lang: _words(lang).FONT for lang in LANGUAGES}
"""The `font-family` of each language: for Japanese and Korean, common CJK fonts for the
script of the language first (a CJK font also draws Latin letters and digits), then those
of the other script, then Latin fonts."""



def words(lang: str) -> dict[str, str]:
    """The templates of `lang` (`en`, `ja` or `ko`).

    Another `lang` raises `UnknownOptionError`.

    Cost: O(1).

    >>> words("en")["row"].format(d=2)
    'row 2'
    """
    check_choice(lang, "language", LANGUAGES)
    return _words(lang).TREE


def text_width(text: str, narrow: float) -> float:
    """About how wide `text` draws, in pixels, when a narrow character takes `narrow`.

    A wide (CJK) character takes one em, about 1.9 narrow characters.

    Cost: O(len(text)).

    >>> text_width("abc", 10), text_width("木", 10)
    (30.0, 19.0)
    """
    wide = sum(unicodedata.east_asian_width(ch) in "WF" for ch in text)
    return narrow * (len(text) - wide) + narrow * 1.9 * wide
