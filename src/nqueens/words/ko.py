"""Korean words (한국어): the explainer's steps, in the players' terms. The same names as
`en`; particles follow the sound before them (`nqueens.words._hangul`, public as
`nqueens.hangul`).

Squares are written `<row,col>`, 1-based.

>>> square((2, 4)), units((("region", 0), ("region", 2)))
('<3,5>', 'A, C 영역')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nqueens._types import REGION_LETTERS, Square
from nqueens.words._hangul import with_particle
from nqueens.words._phrases import Textbook

if TYPE_CHECKING:
    from nqueens.trace import Event

NAME = "한국어"
ENGLISH_NAME = "Korean"
"""The language's name in English, for messages."""

GLYPHS = r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]"
"""The characters of this language that a font must have glyphs for (a regular expression;
empty: any Latin font draws it), so that a PNG warns when no installed font covers them."""

NAMES: dict[str, str] = {
    "given_queen": "주어진 퀸", "last_square": "마지막 칸", "one_way": "놓는 방법이 하나뿐",
    "confined_line": "한 줄에 갇힌 영역", "k_lines": "k개 영역이 k줄에",
    "whole_region": "영역 전체를 공격하는 칸", "two_by_two": "2×2 블록",
    "line_pairs": "두 행(열)의 짝", "contradiction": "모순(가정해 보기)",
    "trial": "탐색(모든 경우 시도)", "no_solution": "해답 없음",
}
"""Each technique's name as players say it, by the technique's words key."""

SHAPES: dict[str, str] = {"2-square": "2칸", "3-in-a-line": "일렬 3칸", "L": "L자 모양",
                          "T": "T자 모양", "Z": "Z자 모양", "block": "2×2 정사각형"}
"""The shapes a whole-region step can see."""

GRADE_NAMES = ("자명", "쉬움", "보통", "어려움", "매우 어려움", "탐색 필요")
"""The grade names by number."""


def square(s: Square) -> str:
    return f"<{s[0] + 1},{s[1] + 1}>"


def unit(u: tuple[str, int]) -> str:
    family, i = u
    if family == "region":
        return f"{REGION_LETTERS[i]} 영역"
    return f"{i + 1}행" if family == "row" else f"{i + 1}열"


def units(us: tuple[tuple[str, int], ...]) -> str:
    if len(us) == 1:
        return unit(us[0])
    family = us[0][0]
    names = [REGION_LETTERS[i] if family == "region" else str(i + 1) for _, i in us]
    suffix = {"region": " 영역", "row": "행", "col": "열"}[family]
    return ", ".join(names) + suffix if family == "region" else ", ".join(
        f"{x}{suffix}" for x in names)


def listed(items: list[str]) -> str:
    return ", ".join(items)


def _star(k: int) -> str:
    return "퀸" if k == 1 else "별"


def _listed(squares: tuple[Square, ...]) -> tuple[str, bool]:
    return listed([square(s) for s in squares[:8]]), len(squares) > 8


def _squares(squares: tuple[Square, ...]) -> str:
    shown, more = _listed(squares)
    return shown + (" ..." if more else "")


def _object(squares: tuple[Square, ...]) -> str:
    """Squares as the object of a verb (을/를 after the last one read aloud)."""
    shown, more = _listed(squares)
    return with_particle(shown + (" 등" if more else ""), "을/를")


def _clears(n: int) -> str:
    return f" {n}칸을 지운다." if n else ""


def given_queen(step: Any, k: int) -> str:
    return f"{square(step.place)}에 {_star(k)}이 주어져 있다." + _clears(len(step.removed))


def trial(step: Any, k: int) -> str:
    u = unit(step.units[0]) if step.units else ""
    return (f"논리로는 더 나아갈 수 없으므로 탐색(모든 경우 시도)으로 {u}의 {_star(k)}을 "
            f"{square(step.place)}에 놓는다." + _clears(len(step.removed)))


def last_square(step: Any, k: int) -> str:
    u, where, name = unit(step.units[0]) if step.units else "", square(step.place), \
        NAMES["last_square"]
    if k == 1:
        head = f"{name}: {u}에 남은 칸은 {where}뿐이므로 퀸을 놓는다."
    else:
        head = f"{name}: {u}에는 필요한 별 수만큼만 칸이 남았으므로 {where}에 별을 놓는다."
    return head + _clears(len(step.removed))


def one_way(step: Any, k: int) -> str:
    u = unit(step.units[0]) if step.units else ""
    return (f"{NAMES['one_way']}: {u}의 남은 칸에 필요한 별을 서로 닿지 않게 놓는 방법은 한 "
            f"가지뿐이므로 {square(step.place)}에 별을 놓는다." + _clears(len(step.removed)))


def confined_line(step: Any, k: int) -> str:
    us, lines = units(step.units), units(step.lines)
    m, count = len(step.lines), len(step.units)
    name = (NAMES["confined_line"] if count == m == 1 else
            NAMES["k_lines"].replace("k", str(count), 1).replace("k", str(m), 1))
    need = f" {lines}에 남은 별 수만큼 별이 필요하므로" if k > 1 else "므로"
    return (f"{name}: {us}의 남은 칸은 모두 {lines} 안에 있{'고' if k > 1 else '으'}"
            f"{need} {lines}의 다른 칸 {_object(step.removed)} 지운다.")


k_lines = confined_line


def whole_region(step: Any, k: int) -> str:
    u, shape = unit(step.lines[0]), SHAPES.get(step.shape, "")
    what = (f"{u}의 남은 칸" + (f"({shape})" if shape else "") + "을 모두 공격하므로"
            if k == 1 else f"{u}에 필요한 별이 들어갈 칸이 모자라므로")
    return (f"{NAMES['whole_region']}: {_squares(step.removed)}에 {_star(k)}을 놓으면 {what} "
            f"{_object(step.removed)} 지운다.")


def line_pairs(step: Any, k: int) -> str:
    return (f"{NAMES['line_pairs']}: {units(step.lines)}의 퀸을 어떻게 놓아도 "
            f"{_object(step.removed)} 공격하므로 지운다.")


def two_by_two(step: Any, k: int) -> str:
    lines, m, star = units(step.lines), len(step.blocks), _star(k)
    corners = listed([square(s) for s in step.blocks])
    block = listed([square(s) for s in step.used])
    taken = units(step.units) if step.units else ""
    if step.filled is not None:
        u = unit(step.filled)
        tail = (f" {block} 블록은 {u} 안에 있고 {u}에 필요한 {star}은 그만큼뿐이므로 "
                f"{u}의 다른 칸 {_object(step.removed)} 지운다.")
    elif step.place is not None:
        tail = (f" {block} 블록에 남은 칸은 {square(step.place)}뿐이므로 {star}을 놓는다."
                + _clears(len(step.removed)))
    else:
        tail = (f" {_squares(step.removed)}에 {star}을 놓으면 {block} 블록에 남는 칸이 "
                f"없어지므로 {_object(step.removed)} 지운다.")
    less = f"(안쪽에 있는 {taken}의 몫을 빼고) " if taken else ""
    return (f"{NAMES['two_by_two']}: {lines}에는 {less}{star}이 {m}개 더 필요하고, 남은 칸은 "
            f"{with_particle(corners, '을/를')} 왼쪽 위로 하는 2×2 블록 {m}개에 들어간다. "
            f"한 블록에는 {star}이 하나까지만 들어가므로 블록마다 정확히 하나씩 들어간다.{tail}")


def contradiction(step: Any, k: int) -> str:
    where, u, star = square(step.removed[0]), unit(step.lines[0]), _star(k)
    chain = listed([square(s) for s in step.chain])
    if step.shape == "deep":
        forced = f"더 쉬운 기법으로 {chain}에 {star}이 들어가고, " if step.chain else \
            "더 쉬운 기법을 적용하면 "
    else:
        forced = (f"{chain}에 {star}을 놓을 수밖에 없고(각각 행·열·영역의 마지막 칸), 그러면 "
                  if step.chain else "")
    return (f"{NAMES['contradiction']}: {where}에 {star}을 놓으면 {forced}{u}에 남는 칸이 "
            f"모자라므로 {with_particle(where, '을/를')} 지운다.")


def no_solution(step: Any, k: int) -> str:
    u = unit(step.lines[0]) if step.lines else ""
    return f"{u}에 남은 칸이 모자라므로 이 퍼즐에는 해답이 없다."


def summary(n: int, k: int, used: list[str], grade: int) -> str:
    """The closing line of a solved puzzle: `n` stars placed, the techniques `used`."""
    tech = f" 사용한 기법: {', '.join(used)}." if used else ""
    return (f"{_star(k)} {n}개를 모두 놓았다. 풀었다.{tech} 난이도: {GRADE_NAMES[grade]} "
            f"(5단계 중 {grade}).")


NO_SOLUTION = "해답 없음."


def not_unique(count: int, exact: bool) -> str:
    if exact:
        return (f"주의: 이 퍼즐은 해답이 하나가 아니다. 해답이 {count}개 있고, 위의 해답은 "
                "그중 하나일 뿐이다.")
    return (f"주의: 이 퍼즐은 해답이 하나가 아니다. 해답이 적어도 {count}개 있고, 위의 "
            "해답은 그중 하나일 뿐이다(모두 세려면 nqueens puzzle count).")


TREE: dict[str, str] = {
    "title": "가지 친 상태공간트리, n = {n}, {what}: 노드 {nodes}개 (검사한 칸 "
             "{tried}개), {found}",
    "first": "첫 해답까지", "all": "전체 탐색",
    "solutions": "해답 {k}개", "solution": "해답 {k}개",
    "runs": "유망하지 않은 형제 노드는 하나로 그림",
    "folded": "{where} 아래의 부분 트리는 행별로 검사한 칸 수로 접음",
    "with_paths": " (해답 경로도 접음)",
    "join": "; ", "note": "{text}.",
    "root_named": "루트 노드",
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
}
"""The `str.format` templates of the search-tree picture (the Korean textbook: 가지 친
상태공간트리, 유망한 노드); the same keys in every language."""

FONT = ("'Noto Sans CJK KR', 'Noto Sans KR', NanumGothic, 'Malgun Gothic', "
        "'Apple SD Gothic Neo', 'Noto Sans CJK JP', IPAGothic, Helvetica, Arial, "
        "sans-serif")
"""The `font-family` the pictures draw this language with (for CJK, the fonts of its own
script first, then the other's, then Latin fonts)."""


PUZZLE_PAGE: dict[str, str] = {
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
}
"""The texts of the puzzle play page (`_stars`: the wording for k > 1 stars)."""


PLAYER_PAGE: dict[str, str] = {
    "title": "{n}-퀸: 백트래킹 단계별 보기",
    "first": "처음", "back": "이전", "play": "재생", "pause": "일시정지",
    "forward": "다음", "last": "마지막", "speed": "속도 (단계/초)",
    "stop": "해답마다 일시정지", "step": "단계", "path": "루트부터의 경로",
    "root": "(루트: 놓인 퀸 없음)", "keys": "키: ← → 한 단계, 스페이스 재생/정지, "
    "Home/End 처음/마지막", "square": "<{r},{c}>",
    "legend": "유망한 칸|유망하지 않은 칸|공격하는 퀸|되돌린 퀸|해답",
}
"""The texts of the HTML player of a trace."""


_KO_ORDINALS = ("첫", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열")


STATE: dict[str, str] = {
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
}
"""What `puzzle check` and `puzzle hint` say of a player's board, by id (as `en`; `퀸`
and `별` both end in a final consonant, so the particles after `{star}` are fixed)."""


def state_marks(k: int, have: int, room: int) -> dict[str, str]:
    """The counted words of a `STATE` sentence (as `en`): Korean counts without a plural."""
    star = _star(k)
    return {"star": star, "stars": star, "stars_have": star, "k_stars": star,
            "squares": "칸"}


STUDIO: dict[str, str] = {
    "program": "프로그램", "variables": "변수", "tree": "가지 친 상태공간트리",
    "checked": "검사한 노드", "promising": "유망한 노드", "solutions": "해답",
    "textbook": "교과서: {k}", "whole": "전체 탐색: {k}",
    "looked": "살펴본 칸: 이번 검사 {k}, 모두 {total}",
    "fold": "실패한 서브트리 접기", "unfold": "모두 펼치기",
    "fold_tip": "이 서브트리 접기/펼치기 (아래에 해답 없음)",
    "unused": "이 호출에서는 쓰지 않음",
}
"""The lesson studio's own words, after the Korean textbook (`검사한 노드`, `유망한
노드`, `해답`)."""

STUDIO_PROGRAMS: dict[str, str] = {
    "promising": "queens(i) / promising(i): 교과서, 검사 O(i)",
    "arrays": "backtrack(row)와 cols, diags1, diags2: 검사 O(1)",
    "put_queen": "put_queen(a): 블로그의 첫 해답 탐색, 검사 O(1)",
}
"""The heading of each program's panel in the studio, by strategy."""

WORKSHEET: dict[str, str] = {
    "title": "{n}-퀸: 백트래킹 연습 문제", "key": "정답",
    "name": "이름: ______________________",
    "q1": "1{k}. 그림처럼 퀸을 놓았다. {r}번째 행의 어느 칸이 유망한가?",
    "q2": "2. n = {n}일 때 가지 친 상태공간트리에서 검사하는 노드는 몇 개인가 "
          "(루트 포함)? 그중 유망한 노드는 몇 개인가?",
    "q3": "3. 탐색이 찾는 처음 {k}개의 해답을 순서대로 쓰시오.",
    "checked": "검사한 노드: {k}", "good": "유망한 노드: {k}", "none": "없음",
    "sol": "해답 {k}:",
}
"""The printable worksheet's words (squares by `square`)."""


class Narration(Textbook):
    """The Korean textbook's terms (유망하다 / 유망하지 않다, 백트래킹, 루트 노드)."""

    def step(self, label: str) -> str:
        return f"단계 ({label})"

    def is_promising(self, square: str) -> str:
        return f"{square} 노드는 유망하다."

    def is_nonpromising(self, square: str) -> str:
        return f"{square} 노드는 유망하지 않다."

    def in_column(self, queen: int, col: int) -> str:
        return f"{queen}번 퀸이 {col}열에 있으므로"

    def on_diagonal(self, queen: int, *, left: bool) -> str:
        return f"{queen}번 퀸이 {'왼쪽' if left else '오른쪽'} 대각선에 있으므로"

    def first_queen(self) -> str:
        return "1번 퀸이 처음 놓는 퀸이므로"

    def again(self, event: Event, times: int) -> str:
        word = f"{_KO_ORDINALS[times - 1]} 번째" if times <= len(_KO_ORDINALS) else f"{times}번째"
        return f"{self.square(event.row, event.col)} 노드를 검사하는 것은 이번이 {word}이다."

    def backtrack(self, event: Event) -> str:
        return f"{self._target(event) or '루트'} 노드로 백트래킹한다."

    def solution(self, event: Event) -> str:
        squares = ", ".join(self.square(r, c) for r, c in enumerate(event.queens))
        return f"해답 {event.index}: {squares}"

    def summary(self, n: int, solutions: int) -> str:
        found = "해답이 없다" if solutions == 0 else f"해답 {solutions}개"
        return f"모든 노드를 검사했다: {found}."
