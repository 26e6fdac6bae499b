"""The sentences of a player's state in English, Japanese and Korean: what `check` and
`hint` say (a broken rule, a mistake, a solved board), one table per language, keyed by id.

`say` fills one sentence; squares are `<row,col>` (`(row,col)` in Japanese),
1-based, as `nqueens.puzzles.explain_text` writes them; units are `row 3`, `column
2`, `region B`. `{star}` is "queen" with one star per unit (the Queens game), "star"
with more (Star Battle).

>>> say("starAround", "en", 1, squares=((0, 0), (1, 1)))
'Two queens touch: <1,1> and <2,2>.'
>>> say("bkStarGt", "ja", 2, unit=("region", 1), have=3)
'領域Bに星が3個ある。各領域に置けるのは2個まで。'
"""

from __future__ import annotations

from nqueens.puzzles.model import REGION_LETTERS, Square

__all__ = ["WORDS", "say", "square_name", "unit_name"]

Unit = tuple[str, int]

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "starAround": "Two {stars} touch: {a} and {b}.",
        "starDiagonal": "Two {stars} share a diagonal: {a} and {b}.",
        "starBlocked": "A {star} stands on the blocked square {a}.",
        "bkStarGt": "{Unit} has {have} {stars_have}; each region takes {k}.",
        "lnStarGt": "{Unit} has {have} {stars_have}; each row and column takes {k}.",
        "bkStarLt": "{Unit} can no longer get its {k_stars}: it has {have} and {room} open "
                    "{squares} where one could go.",
        "lnStarLt": "{Unit} can no longer get its {k_stars}: it has {have} and {room} open "
                    "{squares} where one could go.",
        "lnStarNe": "{Unit} has {have} {stars_have}; each row and column takes {k}.",
        "bkStarLtDone": "{Unit} has {have} {stars_have}; each region takes {k}.",
        "fine": "No rule is broken ({placed} of {total} {stars} placed).",
        "solved": "Solved: every rule holds.",
        "wrongStar": "The {star} at {a} is not part of the solution.",
        "wrongStarAny": "No solution has a {star} at {a} together with the other {stars}: "
                        "take it away.",
        "wrongCross": "The cross at {a} covers a square that the solution needs.",
        "wrongCrossAny": "The cross at {a} rules out every solution left: take it away.",
        "deadEnd": "No solution agrees with these {stars} and crosses: go back a few moves.",
        "stalled": "No technique finds the next step from here: the rest takes trial and "
                   "error.",
        "open": "From here the puzzle has more than one solution, and no technique decides "
                "the next square.",
        "done": "Every {star} is placed: nothing is left to deduce.",
        "late": "No deduction was found within {seconds} s on this large board; allow more "
                "time to look further.",
    },
    "ja": {
        "starAround": "{a}と{b}の{star}が隣り合っている。",
        "starDiagonal": "{a}と{b}の{star}が同じ斜めの線上にある。",
        "starBlocked": "置けないマス{a}に{star}がある。",
        "bkStarGt": "{Unit}に{star}が{have}個ある。各領域に置けるのは{k}個まで。",
        "lnStarGt": "{Unit}に{star}が{have}個ある。各行・各列に置けるのは{k}個まで。",
        "bkStarLt": "{Unit}にはもう{star}を{k}個置けない。{star}は{have}個で、置けるマスは"
                    "{room}マスしか残っていない。",
        "lnStarLt": "{Unit}にはもう{star}を{k}個置けない。{star}は{have}個で、置けるマスは"
                    "{room}マスしか残っていない。",
        "lnStarNe": "{Unit}の{star}は{have}個。各行・各列にちょうど{k}個必要。",
        "bkStarLtDone": "{Unit}の{star}は{have}個。各領域にちょうど{k}個必要。",
        "fine": "ルール違反はない({star}{placed}/{total}個)。",
        "solved": "完成: すべてのルールを満たしている。",
        "wrongStar": "{a}の{star}は解に含まれない。",
        "wrongStarAny": "{a}の{star}と他の{star}を両立させる解はない。取り除こう。",
        "wrongCross": "{a}のバツは解に必要なマスをふさいでいる。",
        "wrongCrossAny": "{a}のバツで残りの解がすべてなくなる。取り除こう。",
        "deadEnd": "この{star}とバツに合う解はない。数手戻ろう。",
        "stalled": "ここから次の一手を見つけるテクニックはない。残りは試行錯誤が必要。",
        "open": "ここからは解が複数あり、次のマスを決めるテクニックはない。",
        "done": "{star}はすべて置かれている。もう推理することはない。",
        "late": "この大きな盤では{seconds}秒以内に次の一手が見つからなかった。"
                "時間を延ばせばさらに探せる。",
    },
    "ko": {
        "starAround": "{a}와 {b}의 {star}이 서로 닿아 있다.",
        "starDiagonal": "{a}와 {b}의 {star}이 같은 대각선 위에 있다.",
        "starBlocked": "놓을 수 없는 칸 {a}에 {star}이 있다.",
        "bkStarGt": "{Unit}에 {star}이 {have}개 있다. 각 영역에는 {k}개까지 놓는다.",
        "lnStarGt": "{Unit}에 {star}이 {have}개 있다. 각 행과 열에는 {k}개까지 놓는다.",
        "bkStarLt": "{Unit}에는 더 이상 {star} {k}개를 놓을 수 없다. {star}은 {have}개이고 "
                    "놓을 수 있는 칸은 {room}칸뿐이다.",
        "lnStarLt": "{Unit}에는 더 이상 {star} {k}개를 놓을 수 없다. {star}은 {have}개이고 "
                    "놓을 수 있는 칸은 {room}칸뿐이다.",
        "lnStarNe": "{Unit}의 {star}은 {have}개다. 각 행과 열에는 정확히 {k}개가 필요하다.",
        "bkStarLtDone": "{Unit}의 {star}은 {have}개다. 각 영역에는 정확히 {k}개가 필요하다.",
        "fine": "규칙 위반은 없다({star} {placed}/{total}개).",
        "solved": "완성: 모든 규칙을 지킨다.",
        "wrongStar": "{a}의 {star}은 해답에 없다.",
        "wrongStarAny": "{a}의 {star}과 다른 {star}을 함께 두는 해답은 없다. 치우자.",
        "wrongCross": "{a}의 X가 해답에 필요한 칸을 막고 있다.",
        "wrongCrossAny": "{a}의 X 때문에 남은 해답이 모두 사라진다. 치우자.",
        "deadEnd": "이 {star}과 X에 맞는 해답은 없다. 몇 수 되돌리자.",
        "stalled": "여기서 다음 수를 찾는 기법은 없다. 나머지는 시행착오가 필요하다.",
        "open": "여기서부터는 해답이 여럿이고, 다음 칸을 정하는 기법은 없다.",
        "done": "모든 {star}을 놓았다. 더 추리할 것이 없다.",
        "late": "이 큰 판에서는 {seconds}초 안에 다음 수를 찾지 못했다. "
                "시간을 늘리면 더 찾아볼 수 있다.",
    },
}
"""Each sentence by language, then by id (the ids of the broken rules are pzprjs's check
codes, see `nqueens.puzzles.check`)."""


def square_name(s: Square, lang: str) -> str:
    """`<3,5>` (`(3,5)` in Japanese), 1-based. Cost: O(1).

    >>> square_name((2, 4), "ja")
    '(3,5)'
    """
    return f"({s[0] + 1},{s[1] + 1})" if lang == "ja" else f"<{s[0] + 1},{s[1] + 1}>"


def unit_name(u: Unit, lang: str) -> str:
    """`row 3`, `column 2`, `region B` in `lang`. Cost: O(1).

    >>> unit_name(("col", 1), "ko")
    '2열'
    """
    family, i = u
    if family == "region":
        letter = REGION_LETTERS[i]
        return {"en": f"region {letter}", "ja": f"領域{letter}", "ko": f"{letter} 영역"}[lang]
    if family == "row":
        return {"en": f"row {i + 1}", "ja": f"{i + 1}行目", "ko": f"{i + 1}행"}[lang]
    return {"en": f"column {i + 1}", "ja": f"{i + 1}列目", "ko": f"{i + 1}열"}[lang]


def say(key: str, lang: str, k: int, *, unit: Unit | None = None,
        squares: tuple[Square, ...] = (), have: int = 0, room: int = 0, placed: int = 0,
        total: int = 0, seconds: float = 0) -> str:
    """Sentence `key` in `lang` for a puzzle of `k` stars per unit. Cost: O(1).

    >>> say("lnStarLt", "en", 1, unit=("row", 0), have=0, room=0)
    'Row 1 can no longer get its queen: it has 0 and 0 open squares where one could go.'
    """
    star = {"en": "queen" if k == 1 else "star", "ja": "クイーン" if k == 1 else "星",
            "ko": "퀸" if k == 1 else "별"}[lang]
    stars = star + "s" if lang == "en" else star
    name = unit_name(unit, lang) if unit is not None else ""
    a, b = (square_name(s, lang) for s in (*squares, (0, 0), (0, 0))[:2])
    fill = {"star": star, "stars": stars, "Unit": name[:1].upper() + name[1:],
            "a": a, "b": b, "k": k, "have": have, "room": room, "placed": placed,
            "total": total, "seconds": f"{seconds:g}",
            "stars_have": star if have == 1 or lang != "en" else stars,
            "k_stars": (f"{k} {stars}" if k > 1 else star) if lang == "en" else star,
            "squares": "square" if room == 1 else "squares"}
    return WORDS[lang][key].format(**fill)
