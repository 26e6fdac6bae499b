"""Which star count a source meant when it did not say: a screenshot, a plain letter grid.

Such a source reads as a 1-star puzzle. When that reading has no unique solution while a
k-star reading of the same regions has exactly one, the player almost surely meant k stars:
`other_reading` finds that k, and `reading_text` says so in one line.

>>> from nqueens.puzzles.model import region_puzzle
>>> p = region_puzzle(["AAABBCDDDD", "BBBBBCCCCD", "BBEEEECCCD", "BEEEEEECCD", "BFFEEFFCCC",
...                    "BFFFFFFGGH", "BFFIIFFGGH", "JJJIIGGGGH", "JJJIIGGGGH", "JJJIIHHHHH"])
>>> other_reading(p)[1]
2
>>> print(reading_text(p, "the plain grid"))
the plain grid has 1541 solutions as a 1-star puzzle and one as a 2-star puzzle: give stars=2
"""

from __future__ import annotations

from nqueens.errors import PuzzleFormatError
from nqueens.puzzles.exact import PuzzleCount, count, unique_within
from nqueens.puzzles.model import Puzzle, check_stars, made_region_puzzle

__all__ = ["COUNT_LIMIT", "READING_NODES", "other_reading", "reading_text"]

COUNT_LIMIT = 10_000
"""The 1-star solutions counted at most (past it the line says "more than 10000")."""

READING_NODES = 2_000_000
"""The search nodes spent on each k-star reading before it is passed over as unsettled."""


def other_reading(p: Puzzle) -> tuple[PuzzleCount, int] | None:
    """The 1-star count of `p` and the k > 1 whose reading is unique, or None.

    Only when `p` (a region puzzle read with one star) is not unique and such a k exists.
    Cost: O(the 1-star count up to `COUNT_LIMIT` solutions), then up to
    `READING_NODES` search nodes for each k that fits (ceil(n/2)^2 >= k n).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> other_reading(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")) is None  # unique
    True
    """
    if not p.rules.has_regions or not p.rules.one_star:
        return None
    one = count(p, limit=COUNT_LIMIT)
    if one.exact and one.count == 1:
        return None
    for k in range(2, p.n // 2 + 1):
        try:
            check_stars(p.n, k)
        except PuzzleFormatError:
            break
        q = made_region_puzzle(p.regions, diagonals=p.diagonals, stars=k)
        if unique_within(q, READING_NODES):
            return one, k
    return None


def reading_text(p: Puzzle, what: str, *, advice: str = "give stars={k}") -> str | None:
    """The one line that says `what` (the source) is a k-star puzzle, or None.

    `what` is how the source is named, e.g. "the picture" (see `other_reading`); the line
    ends with `advice`, its `{k}` replaced by k (the command line says its flag there).
    Cost: O(that of `other_reading`).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> reading_text(parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n"), "the grid") is None
    True
    """
    found = other_reading(p)
    if found is None:
        return None
    one, k = found
    many = ("no solution" if one.exact and one.count == 0 else
            f"{one.count} solutions" if one.exact else
            f"more than {one.count - 1} solutions")
    return (f"{what} has {many} as a 1-star puzzle and one as a {k}-star puzzle: "
            f"{advice.format(k=k)}")
