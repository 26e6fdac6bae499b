"""Japanese words (日本語): the explainer's steps, in the players' terms. The same names as
`en`.

Squares are written `(row,col)`, 1-based.

>>> square((2, 4)), units((("row", 0), ("row", 2)))
('(3,5)', '1行目と3行目')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nqueens._types import REGION_LETTERS, Square
from nqueens.words._phrases import Phrases

if TYPE_CHECKING:
    from nqueens.trace import Event

NAME = "日本語"
ENGLISH_NAME = "Japanese"
"""The language's name in English, for messages."""

GLYPHS = r"[\u3040-\u30ff\u4e00-\u9fff]"
"""The characters of this language that a font must have glyphs for (a regular expression;
empty: any Latin font draws it), so that a PNG warns when no installed font covers them."""

NAMES: dict[str, str] = {
    "given_queen": "最初からあるクイーン", "last_square": "最後の1マス",
    "one_way": "置き方が1通り", "confined_line": "1本の行(列)に収まる領域",
    "k_lines": "k個の領域がk本の行(列)に収まる", "whole_region": "領域全体を攻撃するマス",
    "two_by_two": "2×2ブロック", "line_pairs": "2行(2列)の組",
    "contradiction": "背理法(仮置き)", "trial": "探索(総当たり)", "no_solution": "解なし",
}
"""Each technique's name as players say it, by the technique's words key."""

SHAPES: dict[str, str] = {"2-square": "2マス", "3-in-a-line": "一列の3マス", "L": "L字形",
                          "T": "T字形", "Z": "Z字形", "block": "2×2の正方形"}
"""The shapes a whole-region step can see."""

GRADE_NAMES = ("自明", "易しい", "普通", "難しい", "とても難しい", "探索が必要")
"""The grade names by number."""


def square(s: Square) -> str:
    return f"({s[0] + 1},{s[1] + 1})"


def unit(u: tuple[str, int]) -> str:
    family, i = u
    if family == "region":
        return f"領域{REGION_LETTERS[i]}"
    return f"{i + 1}行目" if family == "row" else f"{i + 1}列目"


def units(us: tuple[tuple[str, int], ...]) -> str:
    if len(us) == 1:
        return unit(us[0])
    family = us[0][0]
    names = [REGION_LETTERS[i] if family == "region" else str(i + 1) for _, i in us]
    suffix = {"region": "", "row": "行目", "col": "列目"}[family]
    prefix = "領域" if family == "region" else ""
    return prefix + "と".join(f"{x}{suffix}" for x in names)


def listed(items: list[str]) -> str:
    return "、".join(items)


def _star(k: int) -> str:
    return "クイーン" if k == 1 else "星"


def _squares(squares: tuple[Square, ...]) -> str:
    return listed([square(s) for s in squares[:8]]) + (" ..." if len(squares) > 8 else "")


def _clears(n: int) -> str:
    return f"{n}マスに置けなくなる。" if n else ""


def given_queen(step: Any, k: int) -> str:
    return f"{square(step.place)}には最初から{_star(k)}がある。" + _clears(len(step.removed))


def trial(step: Any, k: int) -> str:
    u = unit(step.units[0]) if step.units else ""
    return (f"論理ではここで行き詰まるので、探索(総当たり)で{u}の{_star(k)}を"
            f"{square(step.place)}に置く。" + _clears(len(step.removed)))


def last_square(step: Any, k: int) -> str:
    u, where, name = unit(step.units[0]) if step.units else "", square(step.place), \
        NAMES["last_square"]
    if k == 1:
        head = f"{name}: {u}に残るマスは{where}だけなので、ここにクイーンを置く。"
    else:
        head = f"{name}: {u}には必要な星の数だけしかマスが残っていないので、{where}に星を置く。"
    return head + _clears(len(step.removed))


def one_way(step: Any, k: int) -> str:
    u = unit(step.units[0]) if step.units else ""
    return (f"{NAMES['one_way']}: {u}に残るマスに必要な星を隣り合わずに置く方法は1通りしか"
            f"ないので、{square(step.place)}に星を置く。" + _clears(len(step.removed)))


def confined_line(step: Any, k: int) -> str:
    us, lines = units(step.units), units(step.lines)
    m, count = len(step.lines), len(step.units)
    name = (NAMES["confined_line"] if count == m == 1 else
            NAMES["k_lines"].replace("k", str(count), 1).replace("k", str(m), 1))
    need = f"あり、{lines}に残る星の数だけ星が必要なので" if k > 1 else "あるので"
    return (f"{name}: {us}の残りのマスはすべて{lines}に{need}、{lines}のほかの"
            f"マス{_squares(step.removed)}には置けない。")


k_lines = confined_line


def whole_region(step: Any, k: int) -> str:
    u, shape = unit(step.lines[0]), SHAPES.get(step.shape, "")
    what = (f"{u}の残りのマス" + (f"({shape})" if shape else "") + "をすべて攻撃してしまう"
            if k == 1 else f"{u}に必要な星が入らなくなる")
    return (f"{NAMES['whole_region']}: {_squares(step.removed)}に{_star(k)}を置くと{what}"
            "ので、そこには置けない。")


def line_pairs(step: Any, k: int) -> str:
    return (f"{NAMES['line_pairs']}: {units(step.lines)}のクイーンをどう置いても"
            f"{_squares(step.removed)}を攻撃するので、そこには置けない。")


def two_by_two(step: Any, k: int) -> str:
    lines, m, star = units(step.lines), len(step.blocks), _star(k)
    corners = listed([square(s) for s in step.blocks])
    block = listed([square(s) for s in step.used])
    taken = units(step.units) if step.units else ""
    squares = _squares(step.removed)
    if step.filled is not None:
        u = unit(step.filled)
        tail = (f"{block}のブロックは{u}の中にあり、{u}に必要な{star}はそれだけなので、"
                f"{u}のほかのマス{squares}には置けない。")
    elif step.place is not None:
        tail = (f"{block}のブロックに残るマスは{square(step.place)}だけなので、ここに{star}を"
                "置く。" + _clears(len(step.removed)))
    else:
        tail = (f"{squares}に{star}を置くと{block}のブロックに残るマスがなくなるので、"
                "そこには置けない。")
    less = f"(内側にある{taken}の分を除いて)" if taken else ""
    return (f"{NAMES['two_by_two']}: {lines}には{less}あと{m}個の{star}が必要で、残りのマスは"
            f"{corners}を左上とする{m}個の2×2ブロックに収まる。1つのブロックに{star}は1個まで"
            f"なので、どのブロックにもちょうど1個ずつ入る。{tail}")


def contradiction(step: Any, k: int) -> str:
    where, u, star = square(step.removed[0]), unit(step.lines[0]), _star(k)
    chain = listed([square(s) for s in step.chain])
    if step.shape == "deep":
        forced = f"より易しい手筋で{chain}に{star}が入り、" if step.chain else \
            "より易しい手筋を進めると、"
    else:
        forced = (f"{chain}に{star}を置くしかなくなり(それぞれ行・列・領域の最後のマス)、"
                  if step.chain else "")
    return (f"{NAMES['contradiction']}: {where}に{star}を置くと、{forced}{u}に置けるマスが"
            f"足りなくなるので、{where}には置けない。")


def no_solution(step: Any, k: int) -> str:
    u = unit(step.lines[0]) if step.lines else ""
    return f"{u}に置けるマスが足りないので、このパズルには解がない。"


def summary(n: int, k: int, used: list[str], grade: int) -> str:
    """The closing line of a solved puzzle: `n` stars placed, the techniques `used`."""
    tech = f"使った手筋: {'、'.join(used)}。" if used else ""
    return (f"{n}個の{_star(k)}をすべて置いた。解けた。{tech}難易度: {GRADE_NAMES[grade]} "
            f"(5段階中{grade})。")


NO_SOLUTION = "解なし。"


def not_unique(count: int, exact: bool) -> str:
    if exact:
        return f"注意: このパズルの解は1つではない。解は{count}つあり、上の解はその1つにすぎない。"
    return (f"注意: このパズルの解は1つではない。少なくとも{count}つの解があり、上の解は"
            "その1つにすぎない(すべて数えるには nqueens puzzle count)。")


TREE: dict[str, str] = {
    "title": "{n}クイーン問題の刈り込んだ探索木、{what}: ノード{nodes}個 "
             "({tried}マスを調べた)、{found}",
    "first": "最初の解まで", "all": "探索の最後まで",
    "solutions": "解{k}個", "solution": "解{k}個",
    "runs": "続けて置けなかったマスは1つにまとめて描く",
    "folded": "{where}より下の部分木は、行ごとに調べたマスの数に畳む",
    "with_paths": " (解への経路も畳む)",
    "join": "。", "note": "{text}。",
    "root_named": "根",
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
}
"""The `str.format` templates of the search-tree picture (the lecture slides: 刈り込み, 置ける
/ 置けない, 根); the same keys in every language."""

FONT = ("'Noto Sans CJK JP', 'Noto Sans JP', IPAGothic, IPAexGothic, 'Hiragino Sans', "
        "'Yu Gothic', 'Noto Sans CJK KR', NanumGothic, Helvetica, Arial, sans-serif")
"""The `font-family` the pictures draw this language with (for CJK, the fonts of its own
script first, then the other's, then Latin fonts)."""


PUZZLE_PAGE: dict[str, str] = {
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
}
"""The texts of the puzzle play page (`_stars`: the wording for k > 1 stars)."""


PLAYER_PAGE: dict[str, str] = {
    "title": "{n}クイーン: バックトラックを一歩ずつ",
    "first": "最初", "back": "戻る", "play": "再生", "pause": "一時停止",
    "forward": "進む", "last": "最後", "speed": "速さ (ステップ/秒)",
    "stop": "解ごとに一時停止", "step": "ステップ", "path": "根からの経路",
    "root": "(根: クイーンなし)", "keys": "キー: ← → で一歩, スペースで再生/停止, "
    "Home/End で最初/最後", "square": "({r},{c})",
    "legend": "置ける|置けない|利いているクイーン|取り除くクイーン|解",
}
"""The texts of the HTML player of a trace."""


STATE: dict[str, str] = {
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
}
"""What `puzzle check` and `puzzle hint` say of a player's board, by id (as `en`)."""


def state_marks(k: int, have: int, room: int) -> dict[str, str]:
    """The counted words of a `STATE` sentence (as `en`): Japanese has no plural."""
    star = _star(k)
    return {"star": star, "stars": star, "stars_have": star, "k_stars": star,
            "squares": "マス"}


STUDIO: dict[str, str] = {
    "program": "プログラム", "variables": "変数", "tree": "刈り込んだ探索木",
    "checked": "調べた節点", "promising": "置ける節点", "solutions": "解",
    "textbook": "教科書: {k}", "whole": "探索全体: {k}",
    "looked": "見たマス: この判定で{k}, 合計{total}",
    "fold": "失敗した部分木をたたむ", "unfold": "すべて開く",
    "fold_tip": "この部分木をたたむ/開く (下に解なし)",
    "unused": "この呼び出しでは使わない",
}
"""The lesson studio's own words, after the lecture slides (`置ける`, `解`)."""

STUDIO_PROGRAMS: dict[str, str] = {
    "promising": "queens(i) / promising(i): 教科書, 判定 O(i)",
    "arrays": "backtrack(row) と cols, diags1, diags2: 判定 O(1)",
    "put_queen": "put_queen(a): ブログの最初の解を探す版, 判定 O(1)",
}
"""The heading of each program's panel in the studio, by strategy."""

WORKSHEET: dict[str, str] = {
    "title": "{n}クイーン: バックトラック演習", "key": "解答",
    "name": "名前: ______________________",
    "q1": "1{k}. 図のようにクイーンを置いた。{r}行目のどのマスに置けるか。",
    "q2": "2. n = {n} のとき、刈り込んだ探索木で調べる節点はいくつか (根を含む)。"
          "そのうち置ける節点はいくつか。",
    "q3": "3. この方法で順に解を求め、1~{k}番目に見つかった解を答えよ。",
    "checked": "調べた節点: {k}", "good": "置ける節点: {k}", "none": "なし",
    "sol": "{k}番目の解:",
}
"""The printable worksheet's words (squares by `square`)."""


class Narration(Phrases):
    """The slides: every attacker listed, one backtrack line per exhausted row, no steps."""

    steps = False
    merges_backtracks = False

    def square(self, row: int, col: int) -> str:
        """A 1-based square, `(2,3)` as the slides write it."""
        return f"({row + 1},{col + 1})"

    def step(self, label: str) -> str:
        return ""

    def promising(self, event: Event, n: int, remark: str | None) -> str:
        sq = self.square(event.row, event.col)
        return f"{sq}に置ける" if event.row + 1 == n else f"{sq}に置ける {event.row + 2}行目に進む"

    def first_queen(self) -> str:
        return ""

    def again(self, event: Event, times: int) -> str:
        return ""

    def nonpromising(self, event: Event) -> str:
        names = [self.square(a.row, a.col) for a in event.attackers]
        who = "と".join(names) if len(names) <= 2 else ",".join(names)
        return f"{who}があるので{self.square(event.row, event.col)}には置けない"

    def backtrack(self, event: Event) -> str:
        return (f"{event.row + 1}行目は全てダメだったので、"
                f"バックトラック({event.row}行目に戻る)する")

    def solution(self, event: Event) -> str:
        squares = ",".join(self.square(r, c) for r, c in enumerate(event.queens))
        return f"解発見! {squares}"

    def summary(self, n: int, solutions: int) -> str:
        size = f"{n}クイーン問題"
        if solutions == 0:
            return f"{size}には解がない"
        amount = f"{solutions}つ" if solutions < 10 else f"{solutions}個"
        return f"{size}の解は、この{amount}だけ"
