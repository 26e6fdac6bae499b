"""Korean particles that depend on the sound before them: 을/를, 이/가, 은/는, 과/와, 으로/로.

A Korean particle after a word changes with the word's last sound: 을, 이, 은, 과, 으로 after
a final consonant (받침), 를, 가, 는, 와, 로 after a vowel (and 로 after ㄹ for 으로/로).
The narrators put particles after text they build (`<3,7>`, `2행`), so the last sound
is read the way a Korean reader says it: a Hangul syllable by its final consonant, a digit
by its Sino-Korean reading (1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구; a number
ending in 0 by its last unit: 십, 백, 천, 만 or 영), a Latin letter by its name (L 엘, M 엠,
N 엔, R 알 end in a consonant). Closing brackets, quotes and spaces are skipped: `<3,7>`
ends in 7. What cannot be read (an empty text, a symbol) gets both forms, `을(를)`.

>>> with_particle("<3,7>", "을/를"), with_particle("<3,2>", "을/를")
('<3,7>을', '<3,2>를')
>>> with_particle("2행", "이/가"), with_particle("서울", "으로/로")
('2행이', '서울로')
"""

from __future__ import annotations

from nqueens.errors import InvalidArgumentError

__all__ = ["PARTICLES", "particle", "with_particle"]

PARTICLES: dict[str, tuple[str, str]] = {
    "을/를": ("을", "를"),
    "이/가": ("이", "가"),
    "은/는": ("은", "는"),
    "과/와": ("과", "와"),
    "으로/로": ("으로", "로"),
}
"""Each particle pair: (after a final consonant, after a vowel)."""

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8                       # ㄹ's index among the final consonants (0 = none)
# the final consonant of each digit's reading: 일 ㄹ, 이 -, 삼 ㅁ, 사 -, 오 -, 육 ㄱ, 칠 ㄹ,
# 팔 ㄹ, 구 -; 0 is read by its unit (십 ㅂ, 백 ㄱ, 천 ㄴ, 만 ㄴ) or 영 ㅇ: never ㄹ, never none
_DIGIT_FINAL = {"0": 17, "1": _RIEUL, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": _RIEUL,
                "8": _RIEUL, "9": 0}
_LETTER_FINAL = {"l": _RIEUL, "m": 16, "n": 4, "r": _RIEUL}   # 엘, 엠, 엔, 알; others vowels
_SKIPPED = " )]}>\"'\u201d\u2019\u300d\u300f"


def particle(text: str, pair: str) -> str:
    """The form of the particle `pair` (a key of `PARTICLES`) that follows `text`.

    `pair` outside `PARTICLES` raises `InvalidArgumentError`.
    Cost: O(trailing brackets and spaces of `text`).

    >>> [particle(str(d), "을/를") for d in range(10)]
    ['을', '을', '를', '을', '를', '를', '을', '을', '을', '를']
    >>> particle("7", "으로/로"), particle("3", "으로/로"), particle("?", "이/가")
    ('로', '으로', '이(가)')
    """
    forms = PARTICLES.get(pair) if isinstance(pair, str) else None
    if forms is None:
        raise InvalidArgumentError(
            f"unknown particle {pair!r}; use one of {', '.join(PARTICLES)}")
    final = _final(text.rstrip(_SKIPPED)[-1:]) if isinstance(text, str) else None
    if final is None:
        return f"{forms[0]}({forms[1]})"
    if pair == "으로/로" and final == _RIEUL:
        return forms[1]
    return forms[0] if final else forms[1]


def with_particle(text: str, pair: str) -> str:
    """`text` followed by the right form of the particle `pair`.

    Cost: O(trailing brackets and spaces of `text`), as `particle`.

    >>> with_particle("<3,10>", "을/를"), with_particle("D 영역", "은/는")
    ('<3,10>을', 'D 영역은')
    """
    return text + particle(text, pair)


def _final(char: str) -> int | None:
    """The index of the final consonant heard at the end of `char` (0: a vowel), or None."""
    if not char:
        return None
    code = ord(char)
    if _HANGUL_FIRST <= code <= _HANGUL_LAST:
        return (code - _HANGUL_FIRST) % 28
    if char in _DIGIT_FINAL:
        return _DIGIT_FINAL[char]
    if char.isascii() and char.isalpha():
        return _LETTER_FINAL.get(char.lower(), 0)
    return None
