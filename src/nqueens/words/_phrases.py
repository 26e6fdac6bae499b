"""The shape of a language's trace narration: one method per sentence
(`Phrases`), and the textbook's way of telling a search (`Textbook`). Each
language's words module subclasses one as `Narration`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nqueens.trace import Event

__all__ = ["Phrases", "Textbook"]

Attack = Any
"""An attacker of a trace event (`nqueens.trace.Attack`)."""


def _named_attacker(attackers: Sequence[Attack]) -> Attack:
    """The queen the book names: same column first, else the nearest on a diagonal."""
    for a in attackers:
        if a.kind == "column":
            return a
    return max(attackers, key=lambda a: a.row)


class Phrases(ABC):
    """The sentences of one language: one subclass per language, one method per sentence.

    `steps`: whether the narrative is grouped into the book's steps (a), (b), ...;
    `merges_backtracks`: whether consecutive backtracks make one sentence.
    """

    steps = True
    merges_backtracks = True

    def square(self, row: int, col: int) -> str:
        """A 1-based square, `<2,3>` as the textbook writes it."""
        return f"<{row + 1},{col + 1}>"

    @abstractmethod
    def step(self, label: str) -> str:
        """The line opening step `label`."""

    @abstractmethod
    def promising(self, event: Event, n: int, remark: str | None) -> str:
        """A promising square, with the book's remark if any."""

    @abstractmethod
    def first_queen(self) -> str:
        """The remark on the very first queen."""

    @abstractmethod
    def again(self, event: Event, times: int) -> str:
        """The remark on a square found promising after it was nonpromising."""

    @abstractmethod
    def nonpromising(self, event: Event) -> str:
        """A nonpromising square, and why."""

    @abstractmethod
    def backtrack(self, event: Event) -> str:
        """A step back."""

    @abstractmethod
    def solution(self, event: Event) -> str:
        """A solution found."""

    @abstractmethod
    def summary(self, n: int, solutions: int) -> str:
        """The end of a search that ran to its end."""

    def _target(self, event: Event) -> str | None:
        """Where a backtrack lands: the square of the queen now last, `None` for the root."""
        if not event.queens:
            return None
        r = len(event.queens) - 1
        return self.square(r, event.queens[r])


class Textbook(Phrases):
    """A language that tells the search as the textbook does: a sentence a square, with the
    book's remark in braces, and one attacker named for a nonpromising square (the queen in
    the same column, else the nearest on a diagonal)."""

    def promising(self, event: Event, n: int, remark: str | None) -> str:
        base = self.is_promising(self.square(event.row, event.col))
        return f"{base} {{ {remark} }}" if remark else base

    def nonpromising(self, event: Event) -> str:
        a = _named_attacker(event.attackers)
        queen = a.row + 1
        why = (self.in_column(queen, a.col + 1) if a.kind == "column"
               else self.on_diagonal(queen, left=a.kind == "diagonal"))
        return f"{self.is_nonpromising(self.square(event.row, event.col))} {{ {why} }}"

    @abstractmethod
    def is_promising(self, square: str) -> str:
        """The sentence for a promising `square` (already written out)."""

    @abstractmethod
    def is_nonpromising(self, square: str) -> str:
        """The sentence for a nonpromising `square`, before its reason."""

    @abstractmethod
    def in_column(self, queen: int, col: int) -> str:
        """The reason: queen `queen` (1-based) stands in column `col` (1-based)."""

    @abstractmethod
    def on_diagonal(self, queen: int, *, left: bool) -> str:
        """The reason: queen `queen` (1-based) is on the square's left or right diagonal."""
