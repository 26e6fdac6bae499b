"""The rules of a puzzle, in one place: what kind it is and how many stars it has.

Two kinds of puzzle share the one `Puzzle` record: region
puzzles (k stars per row, column and region, none touching: the Queens game for k = 1,
Star Battle for more) and completion puzzles (n-queens with given queens and blocked
squares). Code that needs to know which asks the puzzle's `Rules`
(`p.rules`), never its `kind`: whether it has regions, whether stars may touch or
share a diagonal, whether it starts from given queens, how many stars, what a star is
called. Adding a variant is one more `Rules` subclass here (and the model's
reading of its text).

>>> from nqueens.puzzles.model import completion_puzzle, region_puzzle
>>> r = region_puzzle(["AB", "BB"]).rules
>>> r.has_regions, r.touching, r.one_star, r.families
(True, True, True, ('region', 'row', 'col'))
>>> completion_puzzle(4).rules.families
('row', 'col')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from nqueens._types import REGION_LETTERS
from nqueens._validate import as_int, short_repr
from nqueens.errors import PuzzleFormatError

__all__ = ["KINDS", "REGION_LETTERS", "CompletionRules", "RegionRules", "Rules", "check_stars",
           "rules_for"]


@dataclass(frozen=True)
class Rules:
    """What a puzzle's kind says, and its stars (k) and optional diagonal rule."""

    stars: int = 1
    diagonals: bool = False

    kind: ClassVar[str] = ""
    """The kind's name, as the text format writes it."""
    has_regions: ClassVar[bool] = False
    """Whether regions are units (a region puzzle) besides rows and columns."""
    touching: ClassVar[bool] = False
    """Whether stars may not touch (region puzzles; the diagonal rule covers it else)."""
    has_givens: ClassVar[bool] = False
    """Whether the puzzle starts from given queens and blocked squares (completion)."""
    takes_stars: ClassVar[bool] = False
    """Whether the kind allows k > 1 stars and the optional rules (diagonals, connected)."""

    @property
    def uses_diagonals(self) -> bool:
        """Whether two stars on one diagonal clash. Cost: O(1)."""
        return self.diagonals

    @property
    def one_star(self) -> bool:
        """Whether each unit holds one star (the Queens game, and every completion puzzle).

        Cost: O(1).
        """
        return self.stars == 1

    @property
    def one_a_block(self) -> bool:
        """Whether no 2 x 2 block holds two stars: they touch (region puzzles), or, one star
        per line, any two squares of a block share a row, a column or a diagonal. The
        2x2-block technique stands on it. Cost: O(1).

        >>> rules_for("regions", 2).one_a_block, rules_for("completion").one_a_block
        (True, True)
        """
        return self.touching or (self.one_star and self.uses_diagonals)

    @property
    def mark(self) -> str:
        """What a star is: `"queen"` where each unit holds one (`one_star`), else
        `"star"` (the key the words and the pages use). Cost: O(1).

        >>> rules_for("regions").mark, rules_for("regions", 2).mark
        ('queen', 'star')
        """
        return "queen" if self.one_star else "star"

    @property
    def families(self) -> tuple[str, ...]:
        """The unit families, regions first. Cost: O(1)."""
        return ("region", "row", "col") if self.has_regions else ("row", "col")

    def text(self) -> str:
        """The rules in words, for headings and reports. Cost: O(1).

        >>> rules_for("completion").text()[:22]
        'one queen per row and '
        """
        raise NotImplementedError


@dataclass(frozen=True)
class RegionRules(Rules):
    """Region puzzles: k stars per row, column and region, no two touching."""

    kind: ClassVar[str] = "regions"
    has_regions: ClassVar[bool] = True
    touching: ClassVar[bool] = True
    takes_stars: ClassVar[bool] = True

    def text(self) -> str:
        """The rules in words. Cost: O(1).

        >>> RegionRules(2).text()
        '2 stars per row, column and region; no two stars touch'
        """
        if self.one_star:
            text = "one queen per row, column and region; no two queens touch"
        else:
            text = f"{self.stars} stars per row, column and region; no two stars touch"
        return text + "; none share a diagonal" if self.diagonals else text


@dataclass(frozen=True)
class CompletionRules(Rules):
    """Completion puzzles: n-queens (one queen per row and column, no shared diagonal)
    from given queens and blocked squares."""

    kind: ClassVar[str] = "completion"
    has_givens: ClassVar[bool] = True

    @property
    def uses_diagonals(self) -> bool:
        return True

    def text(self) -> str:
        """The rules in words. Cost: O(1).

        >>> CompletionRules().text()
        'one queen per row and column, none sharing a diagonal'
        """
        return "one queen per row and column, none sharing a diagonal"


_BY_KIND: dict[str, type[Rules]] = {r.kind: r for r in (RegionRules, CompletionRules)}

KINDS: tuple[str, ...] = tuple(_BY_KIND)
"""The kinds of puzzle, as the text format names them."""


def rules_for(kind: str, stars: int = 1, diagonals: bool = False) -> Rules:
    """The rules of a puzzle of `kind` (one of `KINDS`). Cost: O(1).

    >>> rules_for("completion").uses_diagonals, rules_for("regions", 3).one_star
    (True, False)
    """
    return _BY_KIND[kind](stars, diagonals)


def check_stars(n: int, stars: object) -> int:
    """`stars` (k, the stars per row, column and region of an n x n board) as an int.

    Cost: O(1). Raises `PuzzleFormatError` for a k that is not an integer >= 1, or
    (k > 1) that cannot fit: no two stars touch, so each 2 x 2 block holds one at most, and
    ceil(n/2)^2 >= k n is needed (k = 1 takes every n, as ever: n = 2, 3 just have no
    solution).

    >>> check_stars(10, 2), check_stars(14, 3), check_stars(25, 6)
    (2, 3, 6)
    >>> check_stars(9, 3)
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleFormatError: 3 stars per row cannot fit on a 9 x 9 board: no \
two stars touch, so at most 25 fit (one per 2 x 2 block) and 3 x 9 = 27 are needed
    """
    k = as_int(stars)
    if k is None or k < 1:
        raise PuzzleFormatError(f"stars must be an integer >= 1 (stars per row, column and "
                                f"region), got {short_repr(stars)}")
    room = ((n + 1) // 2) ** 2
    if k > 1 and k * n > room:
        raise PuzzleFormatError(
            f"{k} stars per row cannot fit on a {n} x {n} board: no two stars touch, so at "
            f"most {room} fit (one per 2 x 2 block) and {k} x {n} = {k * n} are needed")
    return k
