"""Korean particles chosen by the sound before them (nqueens.hangul)."""

from __future__ import annotations

import pytest

from nqueens.errors import InvalidArgumentError
from nqueens.hangul import PARTICLES, particle, with_particle

# each digit as a Korean reader says it; ending in 0: 십, 백, 천, 만 (or 영 alone)
READINGS = {"0": "영", "1": "일", "2": "이", "3": "삼", "4": "사", "5": "오", "6": "육",
            "7": "칠", "8": "팔", "9": "구", "10": "십", "20": "이십", "100": "백",
            "1000": "천", "10000": "만"}


def by_ear(word: str, pair: str) -> str:
    """The particle after the Hangul syllable ``word`` ends in, from first principles:
    jamo decomposition of the syllable (U+AC00 + 28 * 21 * initial + 28 * vowel + final)."""
    final = (ord(word[-1]) - 0xAC00) % 28
    after_consonant, after_vowel = PARTICLES[pair]
    if pair == "으로/로" and final == 8:          # ㄹ takes 로
        return after_vowel
    return after_consonant if final else after_vowel


@pytest.mark.parametrize("pair", list(PARTICLES))
@pytest.mark.parametrize("number", list(READINGS))
def test_a_number_takes_the_particle_of_its_reading(number, pair):
    expected = by_ear(READINGS[number], pair)
    assert particle(number, pair) == expected
    assert with_particle(f"<3,{number}>", pair) == f"<3,{number}>{expected}"
    assert with_particle(f"({number})", pair) == f"({number}){expected}"


def test_the_object_particle_after_each_final_digit():
    # the audit's rule, written out: 을 after 0 1 3 6 7 8, 를 after 2 4 5 9
    assert [particle(f"<3,{d}>", "을/를") for d in "0123456789"] == [
        "을", "을", "를", "을", "를", "를", "을", "을", "을", "를"]


@pytest.mark.parametrize(("word", "pair", "expected"), [
    ("칸", "을/를", "칸을"), ("퀸", "이/가", "퀸이"), ("노드", "은/는", "노드는"),
    ("루트", "으로/로", "루트로"), ("2행", "은/는", "2행은"), ("3열", "으로/로", "3열로"),
    ("영역", "과/와", "영역과"), ("해답", "이/가", "해답이"), ("D", "을/를", "D를"),
    ("L", "이/가", "L이"), ("<1,2>, <3,3> 등", "을/를", "<1,2>, <3,3> 등을"),
])
def test_words(word, pair, expected):
    assert with_particle(word, pair) == expected


def test_what_cannot_be_read_gets_both_forms():
    assert with_particle("", "을/를") == "을(를)"
    assert with_particle("x?", "이/가") == "x?이(가)"


def test_an_unknown_particle_is_refused():
    with pytest.raises(InvalidArgumentError, match="unknown particle"):
        particle("칸", "에")
