"""The explainer's steps in words, in English, Japanese and Korean, in the players' terms.

Squares are written ``<row,col>`` (``(row,col)`` in Japanese), 1-based; a one-star puzzle
speaks of queens (the Queens game), a k-star puzzle of stars (Star Battle).

>>> from nqueens.puzzles.model import completion_puzzle
>>> s = Step("single", place=(2, 4), removed=((2, 3),), units=(("row", 2),))
>>> step_text(s, "en", completion_puzzle(5))
'Last square: row 3 has one square left, <3,5>, so a queen goes there. It clears 1 square.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from nqueens._validate import check_choice, check_instance
from nqueens.hangul import with_particle
from nqueens.narrate import LANGUAGES
from nqueens.puzzles.exact import PuzzleCount
from nqueens.puzzles.grades import DEDUCTION, TECHNIQUES, technique
from nqueens.puzzles.model import REGION_LETTERS, Puzzle, Square, check_puzzle
from nqueens.puzzles.steps import GRADES, Explanation, Step, Unit, stars_of

__all__ = ["GRADE_NAMES", "NAMES", "SAY", "SHAPE_NAMES", "TECHNIQUE_NAMES", "not_unique_text",
           "step_text", "summary_text"]

NAMES: dict[str, dict[str, str]] = {
    "given_queen": {"en": "given queen", "ja": "最初からあるクイーン", "ko": "주어진 퀸"},
    "last_square": {"en": "last square", "ja": "最後の1マス", "ko": "마지막 칸"},
    "one_way": {"en": "only one way", "ja": "置き方が1通り", "ko": "놓는 방법이 하나뿐"},
    "confined_line": {"en": "region confined to a line", "ja": "1本の行(列)に収まる領域",
                      "ko": "한 줄에 갇힌 영역"},
    "k_lines": {"en": "k regions in k lines", "ja": "k個の領域がk本の行(列)に収まる",
                "ko": "k개 영역이 k줄에"},
    "whole_region": {"en": "attacks a whole region", "ja": "領域全体を攻撃するマス",
                     "ko": "영역 전체를 공격하는 칸"},
    "two_by_two": {"en": "2x2 blocks", "ja": "2×2ブロック", "ko": "2×2 블록"},
    "line_pairs": {"en": "pairs of rows or columns", "ja": "2行(2列)の組",
                   "ko": "두 행(열)의 짝"},
    "contradiction": {"en": "contradiction", "ja": "背理法(仮置き)", "ko": "모순(가정해 보기)"},
    "trial": {"en": "trial and error (search)", "ja": "探索(総当たり)",
              "ko": "탐색(모든 경우 시도)"},
    "no_solution": {"en": "no solution", "ja": "解なし", "ko": "해답 없음"},
}
"""Each technique's name as players say it, by its words key and language."""


class _ByRule(Mapping):
    """:data:`NAMES` by a technique's name (its steps' ``rule``), easiest first."""

    def __getitem__(self, rule: str) -> dict[str, str]:
        return NAMES[technique(rule).words]

    def __iter__(self) -> Iterator[str]:
        return iter(TECHNIQUES)

    def __len__(self) -> int:
        return len(TECHNIQUES)


TECHNIQUE_NAMES: Mapping[str, dict[str, str]] = _ByRule()
"""Each technique's name as players say it, by language."""

SHAPE_NAMES: dict[str, dict[str, str]] = {
    "2-square": {"en": "a 2-square", "ja": "2マス", "ko": "2칸"},
    "3-in-a-line": {"en": "a 3-in-a-line", "ja": "一列の3マス", "ko": "일렬 3칸"},
    "L": {"en": "an L", "ja": "L字形", "ko": "L자 모양"},
    "T": {"en": "a T", "ja": "T字形", "ko": "T자 모양"},
    "Z": {"en": "a Z", "ja": "Z字形", "ko": "Z자 모양"},
    "block": {"en": "a 2x2 block", "ja": "2×2の正方形", "ko": "2×2 정사각형"},
}
"""The names of the shapes a ``shape`` step can see, by language."""

GRADE_NAMES: dict[str, tuple[str, ...]] = {
    "en": GRADES, "ja": ("自明", "易しい", "普通", "難しい", "とても難しい", "探索が必要"),
    "ko": ("자명", "쉬움", "보통", "어려움", "매우 어려움", "탐색 필요")}
"""The grade names by language."""


def step_text(step: Step, lang: str, p: Puzzle) -> str:
    """The step in words, in ``lang`` (``en``, ``ja`` or ``ko``).

    A ``step`` that is not a :class:`Step` or a ``p`` that is not a :class:`Puzzle` raises
    :class:`~nqueens.errors.InvalidArgumentError`. Cost: O(squares named).

    >>> s = Step("single", place=(2, 4), removed=((2, 3),), units=(("row", 2),))
    >>> from nqueens.puzzles.model import completion_puzzle
    >>> step_text(s, "ja", completion_puzzle(5))
    '最後の1マス: 3行目に残るマスは(3,5)だけなので、ここにクイーンを置く。1マスに置けなくなる。'
    """
    check_instance(step, Step, "step", "a Step (from explain)")
    check_puzzle(p)
    check_choice(lang, "language", LANGUAGES)
    return SAY[technique(step.rule).words](step, lang, p, stars_of(p))


def _stuck(step: Step, lang: str, p: Puzzle, k: int) -> str:
    u = _unit(step.lines[0], lang) if step.lines else ""
    return {"en": f"{_cap(u)} has too few squares left: the puzzle has no solution.",
            "ja": f"{u}に置けるマスが足りないので、このパズルには解がない。",
            "ko": f"{u}에 남은 칸이 모자라므로 이 퍼즐에는 해답이 없다."}[lang]


def _star(k: int, lang: str, plural: bool = False) -> str:
    if lang == "en":
        word = "queen" if k == 1 else "star"
        return word + ("s" if plural else "")
    return {"ja": "クイーン" if k == 1 else "星", "ko": "퀸" if k == 1 else "별"}[lang]


def _name(key: str, lang: str) -> str:
    name = NAMES[key][lang]
    return _cap(name) if lang == "en" else name


def _squares(squares: tuple[Square, ...], lang: str) -> tuple[str, bool]:
    listed = _list([_square(s, lang) for s in squares[:8]], lang)
    return listed, len(squares) > 8


def _placement(step: Step, lang: str, p: Puzzle, k: int) -> str:
    assert step.place is not None
    where = _square(step.place, lang)
    star = _star(k, lang)
    cleared = len(step.removed)
    clears = {"en": f" It clears {cleared} square{'s' if cleared != 1 else ''}.",
              "ja": f"{cleared}マスに置けなくなる。",
              "ko": f" {cleared}칸을 지운다."}[lang] if cleared else ""
    key = technique(step.rule).words
    if key == "given_queen":
        return {"en": f"A {star} is given at {where}.",
                "ja": f"{where}には最初から{star}がある。",
                "ko": f"{where}에 {star}이 주어져 있다." if k > 1 else
                      f"{where}에 퀸이 주어져 있다."}[lang] + clears
    u = _unit(step.units[0], lang) if step.units else ""
    if key == "trial":
        return {"en": f"Logic stalls here, so a search (trying the possibilities) places "
                      f"a {star} of {u} at {where}.",
                "ja": f"論理ではここで行き詰まるので、探索(総当たり)で{u}の{star}を"
                      f"{where}に置く。",
                "ko": f"논리로는 더 나아갈 수 없으므로 탐색(모든 경우 시도)으로 {u}의 "
                      f"{star}을 {where}에 놓는다."}[lang] + clears
    name = _name(key, lang)
    if key == "one_way":
        head = {"en": f"{name}: the stars {u} still needs fit on its squares left in only "
                      f"one way, none touching, so a star goes at {where}.",
                "ja": f"{name}: {u}に残るマスに必要な星を隣り合わずに置く方法は1通りしか"
                      f"ないので、{where}に星を置く。",
                "ko": f"{name}: {u}의 남은 칸에 필요한 별을 서로 닿지 않게 놓는 방법은 한 "
                      f"가지뿐이므로 {where}에 별을 놓는다."}[lang]
    elif k == 1:
        head = {"en": f"{name}: {u} has one square left, {where}, so a queen goes there.",
                "ja": f"{name}: {u}に残るマスは{where}だけなので、ここにクイーンを置く。",
                "ko": f"{name}: {u}에 남은 칸은 {where}뿐이므로 퀸을 놓는다."}[lang]
    else:
        head = {"en": f"{name}: {u} has only as many squares left as it needs stars, so "
                      f"a star goes at {where}.",
                "ja": f"{name}: {u}には必要な星の数だけしかマスが残っていないので、"
                      f"{where}に星を置く。",
                "ko": f"{name}: {u}에는 필요한 별 수만큼만 칸이 남았으므로 {where}에 "
                      "별을 놓는다."}[lang]
    return head + clears


def _confined(step: Step, lang: str, p: Puzzle, k: int) -> str:
    units = _units(step.units, lang)
    lines = _units(step.lines, lang)
    listed, more = _squares(step.removed, lang)
    squares = listed + (" ..." if more else "")
    m, count = len(step.lines), len(step.units)
    if lang == "en":
        fam_u, fam_l = _family(step.units[0][0]), _family(step.lines[0][0])
        name = (f"a {fam_u[:-1]} confined to a {fam_l[:-1]}" if count == m == 1
                else f"{count} {fam_u if count > 1 else fam_u[:-1]} in {m} "
                     f"{fam_l if m > 1 else fam_l[:-1]}")
        plural = k > 1 or m > 1
        stars = _star(k, lang, plural=plural)
        need = (f", and {'they need' if count > 1 else 'it needs'} as many stars as "
                f"{'those' if m > 1 else 'that'} {fam_l if m > 1 else fam_l[:-1]} still "
                f"{'hold' if m > 1 else 'holds'}" if k > 1 else "")
        return (f"Every square left in {units} lies in {lines}{need} ({name}), so the {stars} "
                f"of {lines} belong{'' if plural else 's'} to {units}: clear the other "
                f"squares of {lines}: {squares}.")
    if count == m == 1:
        name = NAMES["confined_line"][lang]
    else:
        name = NAMES["k_lines"][lang].replace("k", str(count), 1).replace(
            "k", str(m), 1)
    if lang == "ja":
        need = f"あり、{lines}に残る星の数だけ星が必要なので" if k > 1 else "あるので"
        return (f"{name}: {units}の残りのマスはすべて{lines}に{need}、{lines}のほかの"
                f"マス{squares}には置けない。")
    need = f" {lines}에 남은 별 수만큼 별이 필요하므로" if k > 1 else "므로"
    return (f"{name}: {units}의 남은 칸은 모두 {lines} 안에 있{'고' if k > 1 else '으'}"
            f"{need} {lines}의 다른 칸 {_object(listed, more)} 지운다.")


def _object(listed: str, more: bool) -> str:
    """Squares as the object of a Korean verb (을/를 after the last one read aloud)."""
    return with_particle(listed + (" 등" if more else ""), "을/를")


def _shape(step: Step, lang: str, p: Puzzle, k: int) -> str:
    u = _unit(step.lines[0], lang)
    listed, more = _squares(step.removed, lang)
    squares = listed + (" ..." if more else "")
    name = _name("whole_region", lang)
    shape = SHAPE_NAMES[step.shape][lang] if step.shape in SHAPE_NAMES else ""
    one = len(step.removed) == 1
    star = _star(k, lang)
    where = squares if one else {"en": f"any of {squares}", "ja": squares, "ko": squares}[lang]
    if lang == "en":
        what = (f"every square left in {u}" + (f" ({shape})" if shape else "") if k == 1
                else f"{u} too few squares for its stars")
        verb = "touch or attack" if k == 1 else "leave"
        return (f"{name}: a {star} on {where} would {verb} {what}, so "
                f"{'it is' if one else 'they are'} crossed out.")
    if lang == "ja":
        what = (f"{u}の残りのマス" + (f"({shape})" if shape else "") + "をすべて攻撃してしまう"
                if k == 1 else f"{u}に必要な星が入らなくなる")
        return f"{name}: {squares}に{star}を置くと{what}ので、そこには置けない。"
    what = (f"{u}의 남은 칸" + (f"({shape})" if shape else "") + "을 모두 공격하므로"
            if k == 1 else f"{u}에 필요한 별이 들어갈 칸이 모자라므로")
    return f"{name}: {squares}에 {star}을 놓으면 {what} {_object(listed, more)} 지운다."


def _pairs(step: Step, lang: str, p: Puzzle, k: int) -> str:
    lines = _units(step.lines, lang)
    listed, more = _squares(step.removed, lang)
    squares = listed + (" ..." if more else "")
    name = _name("line_pairs", lang)
    return {"en": f"{name}: every way {lines} can take their queens, without touching, "
                  f"attacks {squares}, so {'it is' if len(step.removed) == 1 else 'they are'} "
                  "crossed out.",
            "ja": f"{name}: {lines}のクイーンをどう置いても{squares}を攻撃するので、"
                  "そこには置けない。",
            "ko": f"{name}: {lines}의 퀸을 어떻게 놓아도 {_object(listed, more)} 공격하므로 "
                  "지운다."}[lang]


def _blocks(step: Step, lang: str, p: Puzzle, k: int) -> str:
    """A band of lines, less the regions inside it, fits in as many 2x2 blocks as it needs
    stars: each block holds one (it places a lone square or clears what would empty one)."""
    lines, m, star = _units(step.lines, lang), len(step.blocks), _star(k, lang, plural=True)
    corners = _list([_square(s, lang) for s in step.blocks], lang)
    block, name = _list([_square(s, lang) for s in step.used], lang), _name("two_by_two", lang)
    taken = _units(step.units, lang) if step.units else ""
    if step.filled is not None:
        tail = _filled(step, lang, block, star)
    elif step.place is not None:
        where = _square(step.place, lang)
        n = len(step.removed)
        tail = {"en": f" The block at {block} has one square left, so a {star[:-1]} goes at "
                      f"{where}." + (f" It clears {n} square{'s' if n != 1 else ''}." if n else ""),
                "ja": f"{block}のブロックに残るマスは{where}だけなので、ここに{star}を置く。"
                      + (f"{n}マスに置けなくなる。" if n else ""),
                "ko": f" {block} 블록에 남은 칸은 {where}뿐이므로 {star}을 놓는다."
                      + (f" {n}칸을 지운다." if n else "")}[lang]
    else:
        listed, more = _squares(step.removed, lang)
        squares = listed + (" ..." if more else "")
        one = len(step.removed) == 1
        tail = {"en": f" A {star[:-1]} on {squares if one else 'any of ' + squares} would "
                      f"clear every square left in the block at {block}, so "
                      f"{'it is' if one else 'they are'} crossed out.",
                "ja": f"{squares}に{star}を置くと{block}のブロックに残るマスがなくなるので、"
                      "そこには置けない。",
                "ko": f" {squares}에 {star}을 놓으면 {block} 블록에 남는 칸이 없어지므로 "
                      f"{_object(listed, more)} 지운다."}[lang]
    if lang == "en":
        less = f" (less what {taken}, inside them, {'need' if len(step.units) > 1 else 'needs'})" \
            if taken else ""
        return (f"{name}: {lines}{less} need {m} more {star}, and their squares left fit in "
                f"{m} 2x2 blocks, at {corners}; a block holds at most one {star[:-1]}, so "
                f"each holds exactly one.{tail}")
    if lang == "ja":
        less = f"(内側にある{taken}の分を除いて)" if taken else ""
        return (f"{name}: {lines}には{less}あと{m}個の{star}が必要で、残りのマスは{corners}を"
                f"左上とする{m}個の2×2ブロックに収まる。1つのブロックに{star}は1個までなので、"
                f"どのブロックにもちょうど1個ずつ入る。{tail}")
    less = f"(안쪽에 있는 {taken}의 몫을 빼고) " if taken else ""
    return (f"{name}: {lines}에는 {less}{star}이 {m}개 더 필요하고, 남은 칸은 "
            f"{with_particle(corners, '을/를')} 왼쪽 위로 하는 2×2 블록 {m}개에 들어간다. "
            f"한 블록에는 {star}이 하나까지만 들어가므로 블록마다 정확히 하나씩 들어간다.{tail}")


def _filled(step: Step, lang: str, block: str, star: str) -> str:
    """The tail of a blocks step whose blocks lie wholly in a unit that needs that many."""
    assert step.filled is not None
    u = _unit(step.filled, lang)
    listed, more = _squares(step.removed, lang)
    squares = listed + (" ..." if more else "")
    one = len(step.used) == 1
    return {"en": f" The block{'' if one else 's'} at {block} lie{'s' if one else ''} wholly "
                  f"in {u}, which needs just that many {star}: clear its other squares: "
                  f"{squares}.",
            "ja": f"{block}のブロックは{u}の中にあり、{u}に必要な{star}はそれだけなので、"
                  f"{u}のほかのマス{squares}には置けない。",
            "ko": f" {block} 블록은 {u} 안에 있고 {u}에 필요한 {star}은 그만큼뿐이므로 "
                  f"{u}의 다른 칸 {_object(listed, more)} 지운다."}[lang]


def _lookahead(step: Step, lang: str, p: Puzzle, k: int) -> str:
    where = _square(step.removed[0], lang)
    u = _unit(step.lines[0], lang)
    star = _star(k, lang)
    name = _name("contradiction", lang)
    chain = _list([_square(s, lang) for s in step.chain], lang)
    deep = step.shape == "deep"
    if lang == "en":
        short = "no square left" if k == 1 else "too few squares left for its stars"
        if deep:
            forced = (f"; the easier techniques then put {star}s on {chain}, and" if step.chain
                      else "; the easier techniques then")
            return (f"{name}: suppose a {star} on {where}{forced} leave {u} with {short}, so "
                    f"{where} is crossed out.")
        forced = (f", which forces {star}s on {chain} (each the last square of its row, "
                  "column or region)," if step.chain else ",")
        return f"{name}: suppose a {star} on {where}{forced} then {u} has {short}, so " \
               f"{where} is crossed out."
    if lang == "ja":
        if deep:
            forced = f"より易しい手筋で{chain}に{star}が入り、" if step.chain else \
                "より易しい手筋を進めると、"
        else:
            forced = (f"{chain}に{star}を置くしかなくなり(それぞれ行・列・領域の最後のマス)、"
                      if step.chain else "")
        return f"{name}: {where}に{star}を置くと、{forced}{u}に置けるマスが足りなくなるので、" \
               f"{where}には置けない。"
    if deep:
        forced = f"더 쉬운 기법으로 {chain}에 {star}이 들어가고, " if step.chain else \
            "더 쉬운 기법을 적용하면 "
    else:
        forced = (f"{chain}에 {star}을 놓을 수밖에 없고(각각 행·열·영역의 마지막 칸), 그러면 "
                  if step.chain else "")
    return (f"{name}: {where}에 {star}을 놓으면 {forced}{u}에 남는 칸이 모자라므로 "
            f"{with_particle(where, '을/를')} 지운다.")


def summary_text(e: Explanation, lang: str) -> str:
    """The closing line: solved (and the grade) or no solution.

    Cost: O(steps).

    >>> from nqueens.puzzles.logic import explain
    >>> from nqueens.puzzles.model import completion_puzzle
    >>> summary_text(explain(completion_puzzle(4, [(0, 1)])), "en")
    'All 4 queens are placed: solved. Techniques: last square. Difficulty: easy (grade 1 of 5).'

    An ``e`` that is not an :class:`Explanation` raises
    :class:`~nqueens.errors.InvalidArgumentError`.
    """
    check_instance(e, Explanation, "e", "an Explanation (from explain)")
    check_choice(lang, "language", LANGUAGES)
    k = stars_of(e.puzzle)
    n = e.puzzle.n * k
    name = GRADE_NAMES[lang][e.grade]
    if e.solution is None:
        return {"en": "No solution.", "ja": "解なし。", "ko": "해답 없음."}[lang]
    used = [TECHNIQUE_NAMES[r][lang] for r in e.techniques
            if technique(r).role == DEDUCTION]
    sep = {"en": ", ", "ja": "、", "ko": ", "}[lang]
    tech = {"en": f" Techniques: {sep.join(used)}." if used else "",
            "ja": f"使った手筋: {sep.join(used)}。" if used else "",
            "ko": f" 사용한 기법: {sep.join(used)}." if used else ""}[lang]
    star = _star(k, lang, True)
    return {"en": f"All {n} {star} are placed: solved.{tech} Difficulty: {name} "
                  f"(grade {e.grade} of 5).",
            "ja": f"{n}個の{star}をすべて置いた。解けた。{tech}難易度: {name} (5段階中{e.grade})。",
            "ko": f"{star} {n}개를 모두 놓았다. 풀었다.{tech} 난이도: {name} "
                  f"(5단계 중 {e.grade})."}[lang]


SAY: dict[str, Callable[[Step, str, Puzzle, int], str]] = {
    "given_queen": _placement, "last_square": _placement, "one_way": _placement,
    "trial": _placement, "confined_line": _confined, "k_lines": _confined,
    "whole_region": _shape, "line_pairs": _pairs, "two_by_two": _blocks,
    "contradiction": _lookahead, "no_solution": _stuck}
"""The sentence of a step, by its technique's words key (a new technique adds its words
here and its names to :data:`NAMES`)."""


def not_unique_text(counted: PuzzleCount, lang: str) -> str | None:
    """The warning that follows an explanation when the puzzle has several solutions, else None.

    ``counted`` is the puzzle's :func:`~nqueens.puzzles.exact.count`; ``limit=1`` is enough
    (it stops at the second solution) and the line then says "at least 2" and names the
    command that counts them all. With one solution or none there is nothing to warn about.

    Cost: O(1).

    >>> from nqueens.puzzles.exact import count
    >>> from nqueens.puzzles.model import parse_puzzle
    >>> p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
    >>> not_unique_text(count(p, limit=1), "en")[:58]
    'Note: this puzzle is not unique: it has at least 2 solutio'
    >>> not_unique_text(count(p), "ko")
    '주의: 이 퍼즐은 해답이 하나가 아니다. 해답이 7개 있고, 위의 해답은 그중 하나일 뿐이다.'
    >>> not_unique_text(count(parse_puzzle("AAB\\nACB\\nCCB\\n")), "en") is None
    True

    A ``counted`` that is not a :class:`~nqueens.puzzles.exact.PuzzleCount` raises
    :class:`~nqueens.errors.InvalidArgumentError`.
    """
    check_instance(counted, PuzzleCount, "counted", "a PuzzleCount (from count)")
    check_choice(lang, "language", LANGUAGES)
    if counted.count < 2:
        return None
    k = counted.count
    if counted.exact:
        return {"en": f"Note: this puzzle is not unique: it has {k} solutions, and the one "
                      "above is only one of them.",
                "ja": f"注意: このパズルの解は1つではない。解は{k}つあり、上の解はその1つに"
                      "すぎない。",
                "ko": f"주의: 이 퍼즐은 해답이 하나가 아니다. 해답이 {k}개 있고, 위의 해답은 "
                      "그중 하나일 뿐이다."}[lang]
    return {"en": f"Note: this puzzle is not unique: it has at least {k} solutions, and the "
                  "one above is only one of them (nqueens puzzle count counts them all).",
            "ja": f"注意: このパズルの解は1つではない。少なくとも{k}つの解があり、上の解は"
                  "その1つにすぎない(すべて数えるには nqueens puzzle count)。",
            "ko": f"주의: 이 퍼즐은 해답이 하나가 아니다. 해답이 적어도 {k}개 있고, 위의 "
                  "해답은 그중 하나일 뿐이다(모두 세려면 nqueens puzzle count)."}[lang]


def _square(s: Square, lang: str) -> str:
    return f"({s[0] + 1},{s[1] + 1})" if lang == "ja" else f"<{s[0] + 1},{s[1] + 1}>"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _family(family: str) -> str:
    return {"region": "regions", "row": "rows", "col": "columns"}[family]


def _unit(u: Unit, lang: str) -> str:
    family, i = u
    if family == "region":
        letter = REGION_LETTERS[i]
        return {"en": f"region {letter}", "ja": f"領域{letter}", "ko": f"{letter} 영역"}[lang]
    if family == "row":
        return {"en": f"row {i + 1}", "ja": f"{i + 1}行目", "ko": f"{i + 1}행"}[lang]
    return {"en": f"column {i + 1}", "ja": f"{i + 1}列目", "ko": f"{i + 1}열"}[lang]


def _units(units: tuple[Unit, ...], lang: str) -> str:
    if len(units) == 1:
        return _unit(units[0], lang)
    family = units[0][0]
    names = [REGION_LETTERS[i] if family == "region" else str(i + 1) for _, i in units]
    if lang == "en":
        word = {"region": "regions", "row": "rows", "col": "columns"}[family]
        return f"{word} {_list(names, 'en')}"
    if lang == "ja":
        suffix = {"region": "", "row": "行目", "col": "列目"}[family]
        prefix = "領域" if family == "region" else ""
        return prefix + "と".join(f"{x}{suffix}" for x in names)
    suffix = {"region": " 영역", "row": "행", "col": "열"}[family]
    return ", ".join(names) + suffix if family == "region" else ", ".join(
        f"{x}{suffix}" for x in names)


def _list(items: list[str], lang: str) -> str:
    if lang == "en" and len(items) > 1:
        return ", ".join(items[:-1]) + " and " + items[-1]
    return ("、" if lang == "ja" else ", ").join(items)
