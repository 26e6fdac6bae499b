"""What `make` is asked for, checked once at the face: a frozen `MakeRequest`.

`make_request` is the one place the options of a puzzle to make are checked; it
returns a request that below it is trusted (the generator asks its fields and its
`Rules`, never checks again).
`make` and the command line (`nqueens puzzle make`) both build one here. A
refusal names the parameters it is about in its `params` (the command line says its
flags instead: the messages here name no flag).

>>> r = make_request(8, stars=1, seed=3)
>>> r.n, r.rules.kind, r.seed, r.max_grade
(8, 'regions', 3, 4)
>>> make_request(8, kind="completion", pieces=True)
Traceback (most recent call last):
...
nqueens.errors.UnknownOptionError: pieces applies only to kind regions (completion puzzles \
have no regions)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nqueens._validate import (
    as_int,
    check_bool,
    check_choice,
    check_int,
    check_optional_bool,
    check_size,
)
from nqueens.errors import InvalidSizeError, NQueensError, PuzzleFormatError, UnknownOptionError
from nqueens.puzzles.grades import EASY, EXPERT, GRADES, SEARCH, TRIVIAL
from nqueens.puzzles.logic import grade_number
from nqueens.puzzles.model import MAX_PUZZLE_N, check_stars
from nqueens.puzzles.rules import KINDS, Rules, rules_for

__all__ = ["ATTEMPTS", "EASY_MOST_STARS", "EXPERT_IN_PIECES", "EXPERT_SMALLEST",
           "SMALL_EXPERT_STARTS", "MakeRequest", "make_request", "min_size"]

EASY_MOST_STARS = 4
"""The most stars an easy region puzzle is made with, unless its regions may fall into
pieces (`pieces=True`). From three stars on, a connected region holding its stars
without two touching has five squares or more, so the easy solve rests on "only one way"
(a unit's squares left hold its stars one way only); boards that the easy techniques
solve alone grow rarer with every star, too rare from five on to be found in minutes
(docs/puzzles.md has the measured times)."""

EXPERT_IN_PIECES = 10
"""Up to this size an expert one-star puzzle is made with regions in pieces (unless
`pieces=False`), as the community levels' small expert puzzles all are (four at 7 x 7,
one at 8 x 8, each region in 5 to 9 pieces): with connected regions few small boards are
expert, in pieces many are. From 11 x 11 on, regions stay connected: there pieces are no
faster (docs/puzzles.md has the measured times)."""

EXPERT_SMALLEST = 6
"""The smallest board an expert one-star region puzzle is made on (regions in pieces): at
6 x 6 they are rare (so `SMALL_EXPERT_STARTS` starts there), at 5 x 5 none was found
in hundreds of starts."""

ATTEMPTS = 50
"""Fresh starts (attempts for completion puzzles) a make is given unless told."""

SMALL_EXPERT_STARTS = 1_000
"""Fresh starts an expert one-star puzzle on the smallest board (`EXPERT_SMALLEST`)
is given unless told (seeds 1-6 needed 65 to 306 there)."""


@dataclass(frozen=True)
class MakeRequest:
    """A checked request for a puzzle: its size, rules (kind, stars, diagonals), seed
    (drawn when none was given), the grade wanted (None: any logic-only one),
    `logic_only`, the fresh starts allowed and `pieces` (regions may fall into pieces;
    None for completion puzzles). Build it with `make_request`."""

    n: int
    rules: Rules
    seed: int
    want: int | None
    logic_only: bool
    attempts: int
    pieces: bool | None

    @property
    def max_grade(self) -> int:
        """The hardest grade a made puzzle may have. Cost: O(1)."""
        if self.want is not None:
            return self.want
        return EXPERT if self.logic_only or self.rules.has_regions else SEARCH

    def rng(self) -> random.Random:
        """A fresh random stream from the seed. Cost: O(1).

        >>> make_request(8, seed=3).rng().random() == random.Random(3).random()
        True
        """
        return random.Random(self.seed)


def min_size(stars: int) -> int:
    """The smallest board a k-star puzzle is made on: 4 for one star, 4k for k > 1.

    Below 4k no two-star to seven-star board has a solution at all (k stars in every row
    and column with none touching; checked by exhaustive search for k <= 7), though the
    plain bound of `check_stars` lets 4k - 1 through.
    Cost: O(1).

    >>> min_size(1), min_size(2), min_size(3), min_size(6)
    (4, 8, 12, 24)
    """
    return 4 * stars


def refuse(cls: type[NQueensError], message: str, *params: str) -> NQueensError:
    """An error of `cls` whose `params` name the parameters it is about.

    Each is written as a word in the message before any other use of that word (a caller
    with other names for them, the command line, puts its own there). Cost: O(1).

    >>> refuse(UnknownOptionError, "grade 0 is no puzzle", "grade").params
    ('grade',)
    """
    err = cls(message)
    err.params = params  # type: ignore[attr-defined]
    return err


def make_request(
    n: int, *, kind: str = "regions", seed: int | None = None, grade: int | str | None = None,
    logic_only: bool = False, diagonals: bool = False, attempts: int | None = None,
    stars: int = 1, pieces: bool | None = None,
) -> MakeRequest:
    """Check the options of `make` once; the request.

    The errors are `make`'s (each names its parameters in
    `params`). Cost: O(1).

    >>> make_request(6, grade="search", logic_only=True)
    Traceback (most recent call last):
    ...
    nqueens.errors.UnknownOptionError: grade 5 (search) contradicts logic_only
    """
    check_choice(kind, "kind", KINDS)
    n = check_size(n, largest=MAX_PUZZLE_N, name="n")
    logic_only = check_bool(logic_only, "logic_only")
    diagonals = check_bool(diagonals, "diagonals")
    pieces = check_optional_bool(pieces, "pieces")
    if attempts is not None:
        attempts = check_int(attempts, "attempts", low=1)
    rules = _rules(n, kind, stars, diagonals, pieces)
    if seed is not None:
        seed = check_int(seed, "seed", low=0)
    if n in (2, 3):
        raise InvalidSizeError(f"no {n} x {n} puzzle has a solution: queens that may not "
                               "touch need n = 1 or n >= 4")
    want = _want(grade, logic_only, rules, n, pieces)
    if rules.has_regions and pieces is None:
        pieces = rules.one_star and want == EXPERT and n <= EXPERT_IN_PIECES
    if attempts is None:
        small_expert = (rules.has_regions and rules.one_star and want == EXPERT
                        and n <= EXPERT_SMALLEST)
        attempts = SMALL_EXPERT_STARTS if small_expert else ATTEMPTS
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    return MakeRequest(n, rules, seed, want, logic_only, attempts, pieces)


def _rules(n: int, kind: str, stars: object, diagonals: bool, pieces: bool | None) -> Rules:
    """The rules asked for, refused (one line) where this generator cannot make them."""
    if isinstance(stars, bool):
        raise refuse(InvalidSizeError, f"stars must be an integer >= 1, got {stars!r}", "stars")
    try:
        k = check_stars(max(n, 1), stars)
    except PuzzleFormatError as err:  # a k that is no count names the parameter first
        whole = as_int(stars)
        named = ("stars",) if whole is None or whole < 1 else ()
        raise refuse(InvalidSizeError, str(err), *named) from None
    rules = rules_for(kind, k, diagonals)
    if not rules.takes_stars:
        asked_for = (("stars", not rules.one_star), ("diagonals", diagonals), ("pieces", pieces))
        for name, asked in asked_for:
            if asked:
                raise refuse(UnknownOptionError, _NOT_FOR_COMPLETION[name], name, "kind")
        return rules_for(kind)
    if not rules.one_star and diagonals:
        raise refuse(UnknownOptionError, "diagonals is a rule of one-star puzzles; k-star "
                     "puzzles have the Star Battle rules", "diagonals")
    if not rules.one_star and n < min_size(k):
        raise refuse(InvalidSizeError, f"{k} stars per row need a board of at least "
                     f"{min_size(k)} x {min_size(k)}: on {n} x {n} no {k} stars per row and "
                     "column fit without touching", "stars")
    return rules


_NOT_FOR_COMPLETION = {
    "stars": "stars apply to region puzzles only (completion puzzles have one queen per row)",
    "diagonals": "diagonals applies only to kind regions (completion puzzles always have it)",
    "pieces": "pieces applies only to kind regions (completion puzzles have no regions)",
}


def _want(grade: int | str | None, logic_only: bool, rules: Rules, n: int,
          pieces: bool | None) -> int | None:
    """The grade asked for as a number, refused where no puzzle of it is made."""
    if grade is None:
        return None
    try:
        want = grade_number(grade)
    except UnknownOptionError as err:
        raise refuse(UnknownOptionError, str(err), "grade") from None
    if want == TRIVIAL:
        raise refuse(UnknownOptionError, f"grade must be 1-5 or one of {', '.join(GRADES[1:])}, "
                     f"got {grade!r}: a trivial puzzle (grade 0) has every queen given", "grade")
    k = rules.stars
    if want == EASY and k > EASY_MOST_STARS and rules.has_regions and not pieces:
        raise refuse(UnknownOptionError, f"grade easy is not made with {k} stars: from "
                     f"{EASY_MOST_STARS + 1} on, boards the easy techniques solve alone are "
                     "too rare to find in minutes; ask for medium or harder, or allow regions "
                     "in several parts (set pieces)", "grade", "pieces")
    if want == EXPERT and rules.has_regions and rules.one_star and n < EXPERT_SMALLEST:
        raise refuse(UnknownOptionError, f"grade expert is not made below {EXPERT_SMALLEST} x "
                     f"{EXPERT_SMALLEST}: such boards are too rare to find in minutes (at "
                     "5 x 5 none in 800 fresh starts); ask for hard or easier", "grade")
    if want == SEARCH and logic_only:
        raise refuse(UnknownOptionError, "grade 5 (search) contradicts logic_only", "grade",
                     "logic_only")
    return want
