"""The explainer's steps in words, in every language of `nqueens.words`, in the
players' terms.

Each technique names a words key (`Technique`); each
language's words module has a sentence function under that key, and the technique's name
in `NAMES`. Squares are written `<row,col>` (`(row,col)` in Japanese), 1-based; a
one-star puzzle speaks of queens (the Queens game), a k-star puzzle of stars (Star Battle).

>>> from nqueens.puzzles.model import completion_puzzle
>>> s = Step("single", place=(2, 4), removed=((2, 3),), units=(("row", 2),))
>>> step_text(s, "en", completion_puzzle(5))
'Last square: row 3 has one square left, <3,5>, so a queen goes there. It clears 1 square.'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from nqueens._validate import check_choice, check_instance
from nqueens.puzzles.exact import PuzzleCount
from nqueens.puzzles.grades import DEDUCTION, TECHNIQUES, technique
from nqueens.puzzles.model import Puzzle, check_puzzle
from nqueens.puzzles.steps import Explanation, Step
from nqueens.words import LANGUAGES, words

__all__ = ["GRADE_NAMES", "NAMES", "SHAPE_NAMES", "TECHNIQUE_NAMES", "not_unique_text",
           "step_text", "summary_text"]


class _ByLanguage(Mapping):
    """One table of every language's words module, by key, then by language."""

    def __init__(self, table: str) -> None:
        self._table = table

    def _of(self, lang: str) -> dict[str, str]:
        return getattr(words(lang), self._table)

    def __getitem__(self, key: str) -> dict[str, str]:
        return {lang: self._of(lang)[key] for lang in LANGUAGES}

    def __iter__(self) -> Iterator[str]:
        return iter(self._of(LANGUAGES[0]))

    def __len__(self) -> int:
        return len(self._of(LANGUAGES[0]))


NAMES: Mapping[str, dict[str, str]] = _ByLanguage("NAMES")
"""Each technique's name as players say it, by its words key and language."""

SHAPE_NAMES: Mapping[str, dict[str, str]] = _ByLanguage("SHAPES")
"""The names of the shapes a `shape` step can see, by language."""


class _ByRule(Mapping):
    """`NAMES` by a technique's name (its steps' `rule`), easiest first."""

    def __getitem__(self, rule: str) -> dict[str, str]:
        return NAMES[technique(rule).words]

    def __iter__(self) -> Iterator[str]:
        return iter(TECHNIQUES)

    def __len__(self) -> int:
        return len(TECHNIQUES)


TECHNIQUE_NAMES: Mapping[str, dict[str, str]] = _ByRule()
"""Each technique's name as players say it, by the technique's name and language."""


class _Grades(Mapping):
    def __getitem__(self, lang: str) -> tuple[str, ...]:
        return words(lang).GRADE_NAMES

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


GRADE_NAMES: Mapping[str, tuple[str, ...]] = _Grades()
"""The grade names by language."""


def step_text(step: Step, lang: str, p: Puzzle) -> str:
    """The step in words, in `lang` (one of `nqueens.words.LANGUAGES`).

    A `step` that is not a `Step` or a `p` that is not a `Puzzle` raises
    `InvalidArgumentError`. Cost: O(squares named).

    >>> s = Step("single", place=(2, 4), removed=((2, 3),), units=(("row", 2),))
    >>> from nqueens.puzzles.model import completion_puzzle
    >>> step_text(s, "ja", completion_puzzle(5))
    '最後の1マス: 3行目に残るマスは(3,5)だけなので、ここにクイーンを置く。1マスに置けなくなる。'
    """
    check_instance(step, Step, "step", "a Step (from explain)")
    check_puzzle(p)
    check_choice(lang, "language", LANGUAGES)
    return getattr(words(lang), technique(step.rule).words)(step, p.stars)


def summary_text(e: Explanation, lang: str) -> str:
    """The closing line: solved (and the grade) or no solution.

    Cost: O(steps).

    >>> from nqueens.puzzles.logic import explain
    >>> from nqueens.puzzles.model import completion_puzzle
    >>> summary_text(explain(completion_puzzle(4, [(0, 1)])), "en")
    'All 4 queens are placed: solved. Techniques: last square. Difficulty: easy (grade 1 of 5).'

    An `e` that is not an `Explanation` raises
    `InvalidArgumentError`.
    """
    check_instance(e, Explanation, "e", "an Explanation (from explain)")
    check_choice(lang, "language", LANGUAGES)
    said = words(lang)
    if e.solution is None:
        return said.NO_SOLUTION
    k = e.puzzle.stars
    used = [said.NAMES[technique(r).words] for r in e.techniques
            if technique(r).role == DEDUCTION]
    return said.summary(e.puzzle.n * k, k, used, e.grade)


def not_unique_text(counted: PuzzleCount, lang: str) -> str | None:
    """The warning that follows an explanation when the puzzle has several solutions, else None.

    `counted` is the puzzle's `count`; `limit=1` is enough
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

    A `counted` that is not a `PuzzleCount` raises
    `InvalidArgumentError`.
    """
    check_instance(counted, PuzzleCount, "counted", "a PuzzleCount (from count)")
    check_choice(lang, "language", LANGUAGES)
    if counted.count < 2:
        return None
    return words(lang).not_unique(counted.count, counted.exact)
