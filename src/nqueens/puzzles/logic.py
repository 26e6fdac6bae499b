"""A logical solver that explains itself: human rules, one narrated deduction at a time.

The solver keeps the squares still open for a queen and applies the rules a person uses,
always the easiest that makes progress:

===== =========== ===============================================================
grade rule        deduction
===== =========== ===============================================================
0     given       a given queen stands (completion puzzles)
1     single      a row, column or region has one square left: a queen goes there;
                  every placed queen clears its row, column, region, the squares
                  touching it (and its diagonals where the rules say so)
2     confined    a region (row, column) whose squares left all lie in one line
                  clears the rest of that line
3     k-lines     k regions (rows, columns) whose squares left all lie in k lines
                  clear the rest of those k lines
4     lookahead   a queen on a square would leave some row, column or region with
                  no square: that square is crossed out
5     search      logic stalls: the exhaustive search places one queen, and says so
===== =========== ===============================================================

The hardest rule needed is the puzzle's **difficulty grade** (:data:`GRADES` names them).
Each :class:`Step` records what it placed and what it removed, so its soundness can be
checked (no rule ever removes a square of a solution that agrees with the steps so far).
Narration in English, Japanese and Korean (:data:`nqueens.narrate.LANGUAGES`) is
:func:`step_text`; squares are written ``<row,col>`` (``(row,col)`` in Japanese), 1-based.

>>> from nqueens.puzzles.model import parse_puzzle
>>> e = explain(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"))
>>> e.grade_name, e.solution
('search', (0, 3, 1, 4, 2))
>>> step_text(e.steps[0], "en", e.puzzle)[:60]
'Every square left in regions A and C lies in columns 1 and 2'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

from nqueens._validate import check_choice, check_instance, check_int
from nqueens.errors import UnknownOptionError
from nqueens.hangul import with_particle
from nqueens.narrate import LANGUAGES
from nqueens.puzzles.exact import PuzzleCount, solutions
from nqueens.puzzles.model import REGION_LETTERS, Puzzle, Square, check_puzzle

__all__ = [
    "GRADES",
    "RULES",
    "Explanation",
    "Step",
    "explain",
    "grade_number",
    "not_unique_text",
    "step_text",
    "summary_text",
]

RULES: dict[str, int] = {"given": 0, "single": 1, "confined": 2, "k-lines": 3,
                         "lookahead": 4, "search": 5, "stuck": 0}
"""Each rule and its grade (``stuck``: a unit with no square left, the puzzle is unsolvable)."""

GRADES = ("trivial", "easy", "medium", "hard", "expert", "search")
"""Grade names by number: the hardest rule a puzzle needs (``search``: logic is not enough)."""

Unit = tuple[str, int]
"""A unit: ``("row", r)``, ``("col", c)`` or ``("region", k)``, 0-based."""


@dataclass(frozen=True)
class Step:
    """One deduction: the ``rule``, the queen it places (if any), the squares it removes,
    the ``units`` that justify it and the ``lines`` it clears (or the unit left empty)."""

    rule: str
    place: Square | None = None
    removed: tuple[Square, ...] = ()
    units: tuple[Unit, ...] = ()
    lines: tuple[Unit, ...] = ()

    @property
    def grade(self) -> int:
        return RULES[self.rule]


@dataclass(frozen=True)
class Explanation:
    """The steps from the empty grid to the solution (or to the proof that there is none)."""

    puzzle: Puzzle
    steps: tuple[Step, ...]
    solution: tuple[int, ...] | None
    grade: int = field(default=0)

    @property
    def grade_name(self) -> str:
        return GRADES[self.grade]

    @property
    def logic_only(self) -> bool:
        """Solved without a search step."""
        return self.solution is not None and self.grade < RULES["search"]


def explain(p: Puzzle, *, max_grade: int = RULES["search"]) -> Explanation:
    """Solve ``p`` by the rules, easiest first, recording every step.

    With ``max_grade`` below 5 the solver stops (``solution`` None) where it would need a
    harder rule, instead of searching. A ``p`` that is not a :class:`Puzzle` raises
    :class:`~nqueens.errors.InvalidArgumentError`; a ``max_grade`` that is not an integer
    from 0 to 5 :class:`~nqueens.errors.InvalidSizeError`.

    Cost: O(steps * units * MAX_SUBSETS): each step scans the units and up to
    :data:`MAX_SUBSETS` combinations of them per family pair and k (all of them for
    n <= 14); a search step streams the solutions once.

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> e = explain(completion_puzzle(4, [(0, 1)]))
    >>> [s.rule for s in e.steps], e.grade_name
    (['given', 'single', 'single', 'single'], 'easy')
    """
    p = check_puzzle(p)
    max_grade = check_int(max_grade, "max_grade", low=0, high=len(GRADES) - 1)
    solver = _Solver(p)
    steps: list[Step] = []
    for step in solver.run(max_grade):
        steps.append(step)
    grade = max((s.grade for s in steps), default=0)
    solution = solver.solution()
    return Explanation(p, tuple(steps), solution, grade)


def grade_number(grade: int | str) -> int:
    """A grade given as a number (0-5) or a name (``easy``, ..., ``search``).

    Cost: O(1).

    >>> grade_number("hard"), grade_number(2), grade_number("4")
    (3, 2, 4)
    """
    if isinstance(grade, str) and grade.isdigit():
        grade = int(grade)
    if isinstance(grade, int) and 0 <= grade < len(GRADES):
        return grade
    if grade in GRADES:
        return GRADES.index(str(grade))
    raise UnknownOptionError(f"unknown grade {grade!r}; use 1-5 or one of {', '.join(GRADES)}")


# --- narration ---------------------------------------------------------------------------

def step_text(step: Step, lang: str, p: Puzzle) -> str:
    """The step in words, in ``lang`` (``en``, ``ja`` or ``ko``).

    A ``step`` that is not a :class:`Step` or a ``p`` that is not a :class:`Puzzle` raises
    :class:`~nqueens.errors.InvalidArgumentError`. Cost: O(squares named).

    >>> s = Step("single", place=(2, 4), removed=((2, 3),), units=(("row", 2),))
    >>> from nqueens.puzzles.model import completion_puzzle
    >>> step_text(s, "en", completion_puzzle(5))
    'Row 3 has one square left, <3,5>: a queen goes there. It clears 1 square.'
    >>> step_text(s, "ja", completion_puzzle(5))
    '3行目に残るマスは(3,5)だけなので、ここにクイーンを置く。1マスに置けなくなる。'
    """
    check_instance(step, Step, "step", "a Step (from explain)")
    check_puzzle(p)
    check_choice(lang, "language", LANGUAGES)
    def sq(s: Square) -> str:
        return _square(s, lang)
    cleared = len(step.removed)
    if step.rule in ("given", "single", "search"):
        assert step.place is not None
        where = sq(step.place)
        clears = {"en": f" It clears {cleared} square{'s' if cleared != 1 else ''}.",
                  "ja": f"{cleared}マスに置けなくなる。",
                  "ko": f" {cleared}칸을 지운다."}[lang] if cleared else (
                      {"en": "", "ja": "", "ko": ""}[lang])
        if step.rule == "given":
            head = {"en": f"A queen is given at {where}.",
                    "ja": f"{where}には最初からクイーンがある。",
                    "ko": f"{where}에 퀸이 주어져 있다."}[lang]
        elif step.rule == "single":
            u = _unit(step.units[0], lang, p)
            head = {"en": f"{_cap(u)} has one square left, {where}: a queen goes there.",
                    "ja": f"{u}に残るマスは{where}だけなので、ここにクイーンを置く。",
                    "ko": f"{u}에 남은 칸은 {where}뿐이므로 퀸을 놓는다."}[lang]
        else:
            u = _unit(step.units[0], lang, p) if step.units else ""
            head = {"en": f"Logic stalls here, so a search (trying the possibilities) places "
                          f"the queen of {u} at {where}.",
                    "ja": f"論理ではここで行き詰まるので、探索(総当たり)で{u}のクイーンを"
                          f"{where}に置く。",
                    "ko": f"논리로는 더 나아갈 수 없으므로 탐색(모든 경우 시도)으로 {u}의 퀸을 "
                          f"{where}에 놓는다."}[lang]
        return head + clears
    listed = _list([sq(s) for s in step.removed[:8]], lang)
    more = len(step.removed) > 8
    squares = listed + (" ..." if more else "")
    if step.rule in ("confined", "k-lines"):
        units = _units(step.units, lang, p)
        lines = _units(step.lines, lang, p)
        return {
            "en": f"Every square left in {units} lies in {lines}, so {lines} "
                  f"hold{'s' if len(step.lines) == 1 else ''} the "
                  f"queen{'s' if len(step.units) > 1 else ''} of {units}: clear the other "
                  f"squares of {lines}: {squares}.",
            "ja": f"{units}の残りのマスはすべて{lines}にあるので、{lines}のほかのマス"
                  f"{squares}には置けない。",
            "ko": f"{units}의 남은 칸은 모두 {lines} 안에 있으므로 {lines}의 다른 칸 "
                  f"{with_particle(listed + (' 등' if more else ''), '을/를')} 지운다.",
        }[lang]
    if step.rule == "lookahead":
        where = sq(step.removed[0])
        u = _unit(step.lines[0], lang, p)
        return {"en": f"A queen at {where} would leave {u} with no square, so {where} is "
                      "crossed out.",
                "ja": f"{where}に置くと{u}に置けるマスがなくなるので、{where}には置けない。",
                "ko": f"{where}에 퀸을 놓으면 {u}에 남는 칸이 없으므로 "
                      f"{with_particle(where, '을/를')} 지운다."}[lang]
    u = _unit(step.lines[0], lang, p) if step.lines else ""
    return {"en": f"{_cap(u)} has no square left: the puzzle has no solution.",
            "ja": f"{u}に置けるマスがないので、このパズルには解がない。",
            "ko": f"{u}에 남은 칸이 없으므로 이 퍼즐에는 해답이 없다."}[lang]


def summary_text(e: Explanation, lang: str) -> str:
    """The closing line: solved (and the grade) or no solution.

    Cost: O(1).

    >>> from nqueens.puzzles.model import completion_puzzle
    >>> summary_text(explain(completion_puzzle(4, [(0, 1)])), "en")
    'All 4 queens are placed: solved. Difficulty: easy (grade 1 of 5).'

    An ``e`` that is not an :class:`Explanation` raises
    :class:`~nqueens.errors.InvalidArgumentError`.
    """
    check_instance(e, Explanation, "e", "an Explanation (from explain)")
    check_choice(lang, "language", LANGUAGES)
    n = e.puzzle.n
    name = {"en": GRADES, "ja": ("自明", "易しい", "普通", "難しい", "とても難しい", "探索が必要"),
            "ko": ("자명", "쉬움", "보통", "어려움", "매우 어려움", "탐색 필요")}[lang][e.grade]
    if e.solution is None:
        return {"en": "No solution.", "ja": "解なし。", "ko": "해답 없음."}[lang]
    return {"en": f"All {n} queens are placed: solved. Difficulty: {name} "
                  f"(grade {e.grade} of 5).",
            "ja": f"{n}個のクイーンをすべて置いた。解けた。難易度: {name} (5段階中{e.grade})。",
            "ko": f"퀸 {n}개를 모두 놓았다. 풀었다. 난이도: {name} (5단계 중 {e.grade})."}[lang]


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


def _unit(u: Unit, lang: str, p: Puzzle) -> str:
    family, i = u
    if family == "region":
        letter = REGION_LETTERS[i]
        return {"en": f"region {letter}", "ja": f"領域{letter}", "ko": f"{letter} 영역"}[lang]
    if family == "row":
        return {"en": f"row {i + 1}", "ja": f"{i + 1}行目", "ko": f"{i + 1}행"}[lang]
    return {"en": f"column {i + 1}", "ja": f"{i + 1}列目", "ko": f"{i + 1}열"}[lang]


def _units(units: tuple[Unit, ...], lang: str, p: Puzzle) -> str:
    if len(units) == 1:
        return _unit(units[0], lang, p)
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


# --- the solver --------------------------------------------------------------------------

MAX_SUBSETS = 5_000
"""The most k-line subsets tried per pair of unit families and per k: every k up to half
the open units while that fits (all of them for n <= 14), so a step stays well under a
second on large boards."""


def _largest_k(m: int) -> int:
    """The largest k <= m // 2 with C(m, k) <= MAX_SUBSETS (k subsets of m open units; the
    complementary m - k are covered by the same deduction seen from the other family)."""
    from math import comb

    k = 1
    while k + 1 <= m // 2 and comb(m, k + 1) <= MAX_SUBSETS:
        k += 1
    return k


class _Solver:
    """Bit-mask state: squares are bits ``r * n + c`` of Python ints."""

    def __init__(self, p: Puzzle) -> None:
        self.p = p
        n = self.n = p.n
        self.families: dict[str, list[int]] = {
            "row": [((1 << n) - 1) << (r * n) for r in range(n)],
            "col": [sum(1 << (r * n + c) for r in range(n)) for c in range(n)],
        }
        if p.kind == "regions":
            regions = [0] * n
            for r, row in enumerate(p.regions):
                for c, k in enumerate(row):
                    regions[k] |= 1 << (r * n + c)
            self.families["region"] = regions
        self.attack = [self._attack(i) for i in range(n * n)]
        self.cand = ((1 << (n * n)) - 1)
        for r, c in p.blocked:
            self.cand &= ~(1 << (r * n + c))
        self.queens = 0
        self.placed = 0
        self._solutions: Iterator[tuple[int, ...]] | None = None
        self._known: list[tuple[int, ...]] = []
        self.dead = False

    def _attack(self, i: int) -> int:
        n, p = self.n, self.p
        r, c = divmod(i, n)
        mask = self.families["row"][r] | self.families["col"][c]
        if p.kind == "regions":
            mask |= self.families["region"][p.regions[r][c]]
        for rr in range(n):
            dr = abs(rr - r)
            for cc in range(n):
                dc = abs(cc - c)
                if (p.touching and dr <= 1 and dc <= 1) or (p.uses_diagonals and dr == dc):
                    mask |= 1 << (rr * n + cc)
        return mask & ~(1 << i)

    def _sq(self, i: int) -> Square:
        return divmod(i, self.n)

    def _squares(self, mask: int) -> tuple[Square, ...]:
        out = []
        while mask:
            low = mask & -mask
            out.append(self._sq(low.bit_length() - 1))
            mask ^= low
        return tuple(out)

    def _place(self, i: int, rule: str, units: tuple[Unit, ...] = ()) -> Step:
        removed = self.cand & self.attack[i]
        self.cand &= ~removed & ~(1 << i)
        self.queens |= 1 << i
        self.placed += 1
        return Step(rule, place=self._sq(i), removed=self._squares(removed), units=units)

    def _open(self, family: str) -> list[int]:
        return [k for k, m in enumerate(self.families[family]) if not m & self.queens]

    def run(self, max_grade: int) -> Iterator[Step]:
        for r, c in self.p.givens:
            yield self._place(r * self.n + c, "given")
        while self.placed < self.n:
            step = self._next(max_grade)
            if step is None:
                return
            yield step
            if step.rule == "stuck":
                self.dead = True
                return

    def _next(self, max_grade: int) -> Step | None:
        fams = list(self.families)
        # a unit with nothing left: no solution
        for f in fams:
            for k in self._open(f):
                if not self.families[f][k] & self.cand:
                    return Step("stuck", lines=((f, k),))
        for f in fams:
            for k in self._open(f):
                left = self.families[f][k] & self.cand
                if left & (left - 1) == 0:
                    return self._place(left.bit_length() - 1, "single", ((f, k),))
        if max_grade < 2:
            return None
        m = len(self._open("row"))
        for k in range(1, _largest_k(m) + 1):
            if k >= 2 and max_grade < 3:
                return None
            for a in fams:
                for b in fams:
                    if a == b:
                        continue
                    step = self._confine(a, b, k)
                    if step is not None:
                        return step
        if max_grade < 4:
            return None
        step = self._lookahead(fams)
        if step is not None:
            return step
        if max_grade < 5:
            return None
        return self._search(fams)

    def _confine(self, a: str, b: str, k: int) -> Step | None:
        open_a = self._open(a)
        open_b = self._open(b)
        cand = self.cand
        fa, fb = self.families[a], self.families[b]
        for lines in combinations(open_b, k):
            union = 0
            for j in lines:
                union |= fb[j]
            inside = [u for u in open_a if not (fa[u] & cand) & ~union]
            if len(inside) != k:
                continue
            keep = 0
            for u in inside:
                keep |= fa[u]
            removed = cand & union & ~keep
            if removed:
                self.cand &= ~removed
                return Step("confined" if k == 1 else "k-lines", removed=self._squares(removed),
                            units=tuple((a, u) for u in inside),
                            lines=tuple((b, j) for j in lines))
        return None

    def _lookahead(self, fams: list[str]) -> Step | None:
        cand = self.cand
        rest = cand
        while rest:
            low = rest & -rest
            rest ^= low
            i = low.bit_length() - 1
            after = cand & ~self.attack[i] & ~low
            for f in fams:
                for k in self._open(f):
                    m = self.families[f][k]
                    if not m & low and not m & after:
                        self.cand &= ~low
                        return Step("lookahead", removed=(self._sq(i),), lines=((f, k),))
        return None

    def _consistent(self) -> tuple[int, ...] | None:
        """The first solution agreeing with the queens placed and the squares still open."""
        n = self.n
        if self._solutions is None:
            self._solutions = solutions(self.p)
        allowed = self.cand | self.queens
        for s in self._known:
            if all(allowed >> (r * n + c) & 1 for r, c in enumerate(s)):
                return s
        for s in self._solutions:
            self._known.append(s)
            if all(allowed >> (r * n + c) & 1 for r, c in enumerate(s)):
                return s
        return None

    def _search(self, fams: list[str]) -> Step:
        s = self._consistent()
        if s is None:
            return Step("stuck")
        best: tuple[int, str, int] | None = None
        for f in fams:
            for k in self._open(f):
                size = (self.families[f][k] & self.cand).bit_count()
                if best is None or size < best[0]:
                    best = (size, f, k)
        assert best is not None
        _, f, k = best
        unit_mask = self.families[f][k]
        cell = next(r * self.n + c for r, c in enumerate(s) if unit_mask >> (r * self.n + c) & 1)
        return self._place(cell, "search", ((f, k),))

    def solution(self) -> tuple[int, ...] | None:
        if self.dead or self.placed < self.n:
            return None
        cols = [0] * self.n
        for r, c in self._squares(self.queens):
            cols[r] = c
        return tuple(cols)
