"""Grades and the technique record: what a technique is, to the explainer and to its judge.

A `Technique` is one unit: its `name` (the `rule` of its steps), its least
`grade`, its `grade_of` rule (a step's grade, raised for a harder form), the key of its
`words` in each language's words and its `role`. Each technique's module (under
`nqueens.puzzles.techniques`) defines its record beside its finder; the ladder
(`nqueens.puzzles.ladder`) orders them and registers them here, in
`TECHNIQUES`, where a step's grade and words are looked up by its rule (importing
any module of `nqueens.puzzles` imports the ladder first).

>>> t = Technique("toy", MEDIUM, "toy_words")
>>> t.grade_of(None), GRADES[t.grade]
(2, 'medium')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

__all__ = ["DEDUCTION", "EASY", "EXPERT", "GRADES", "HARD", "MEDIUM", "SEARCH", "START",
           "TECHNIQUES", "TRIVIAL", "VERDICT",
           "Compiled", "Rung", "Technique", "register", "technique"]

GRADES = ("trivial", "easy", "medium", "hard", "expert", "search")
"""Grade names by number: the hardest step a puzzle needs (`search`: logic is not enough)."""

TRIVIAL, EASY, MEDIUM, HARD, EXPERT, SEARCH = range(len(GRADES))
"""The grades by number (0-5)."""

START, DEDUCTION, VERDICT = "start", "deduction", "verdict"
"""A technique's role: a `start` (a given star) stands before any deduction; a
`deduction` is what players do (the closing line lists them); a `verdict` ends the
solve (no solution)."""


@dataclass(frozen=True)
class Technique:
    """One technique: its name (the `rule` of its steps), least grade, words key and role.

    `raise_to` is its grade rule: given a step, the grade it raises the step to, or
    None for the least `grade`.
    """

    name: str
    grade: int
    words: str
    role: str = DEDUCTION
    raise_to: Callable[[Any], int | None] | None = field(default=None, compare=False)

    def grade_of(self, step: Any) -> int:
        """The grade of a step of this technique: raised by its rule, else the least.

        Cost: O(1).

        >>> Technique("toy", EASY, "toy", raise_to=lambda s: HARD if s else None).grade_of(1)
        3
        """
        raised = None if self.raise_to is None else self.raise_to(step)
        return self.grade if raised is None else raised


class Compiled(NamedTuple):
    """What the compiled judge (`nqueens.kernels.grading`) runs for a rung: its
    `op` (a technique it knows), two numbers `a` and `b` (sizes for `confine`:
    from `a` to `b` lines, -1 the largest worth trying; the most forced queens for
    `lookahead`, -1 as many as stars), the `grade` of its steps, raised to
    `raised` from a chain of `at` forced queens on, and `max_subsets` (the most
    line sets gathered, `confine`)."""

    op: str
    a: int = 0
    b: int = 0
    grade: int = 0
    raised: int = 0
    at: int = 0
    max_subsets: int = 0


def _always(p: Any) -> bool:
    return True


@dataclass(frozen=True)
class Rung:
    """One rung of the ladder: a way to find a `technique`'s steps on a board, tried
    when the grade asked for reaches `tier` on puzzles it `applies` to, and what the
    compiled judge runs for it (None: the judge does not take puzzles it applies to)."""

    technique: Technique
    tier: int
    find: Callable[[Any], Any] = field(compare=False)
    applies: Callable[[Any], bool] = field(default=_always, compare=False)
    compiled: Compiled | None = None


TECHNIQUES: dict[str, Technique] = {}
"""Every technique by name, easiest first (the ladder's order); filled by the ladder."""


def register(t: Technique) -> Technique:
    """Enter `t` in `TECHNIQUES` (the ladder does, for each of its techniques).

    Cost: O(1).

    >>> register(TECHNIQUES["single"]) is TECHNIQUES["single"]
    True
    """
    TECHNIQUES[t.name] = t
    return t


def technique(rule: str) -> Technique:
    """The technique whose steps have `rule`. Cost: O(1).

    >>> technique("single").grade
    1
    """
    return TECHNIQUES[rule]
