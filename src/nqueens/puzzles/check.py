"""Check a player's board, finished or partial, and name the first rule it breaks.

The rules are named by pzprjs's answer-check codes (its Star Battle checks, in its order:
`starAround` stars touching, `bkStarGt` a region with too many stars, `bkStarLt` a
region with too few, `lnStarNe` a row or column with a count other than k). On a partial
board (the default, unless every star is placed or no square is open) a unit with fewer
than k stars is no fault while it can still get them, so two refinements speak there:
`lnStarGt` (a row or column with too many) and `bkStarLt`/`lnStarLt` (a unit whose
open squares, those no star touches or attacks, are too few for the stars it lacks). Our
own rules add `starDiagonal` (the rule `diagonals`, and completion puzzles) and
`starBlocked` (a queen on a blocked square of a completion puzzle).

A state is n rows of `Q` (a queen or star), `x` (a cross) and `.` (open), as
`nqueens.puzzles.io.Imported` carries it.

>>> from nqueens.puzzles.model import parse_puzzle
>>> p = parse_puzzle("AAB\\nACB\\nCCB\\n")
>>> check_state(p, ("Q..", ".Q.", "..."))
Broken(code='starAround', unit=None, squares=((0, 0), (1, 1)), have=0, room=0, final=False)
>>> check_state(p, ("Q..", "...", "...")) is None
True
>>> check_state(p, ("Q..", "...", "..."), finished=True).code
'bkStarLt'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nqueens.puzzles.model import Puzzle, Square, check_puzzle
from nqueens.puzzles.state_words import say

__all__ = ["CODES", "Broken", "check_state", "marks", "state_text"]

CODES = ("starAround", "starDiagonal", "starBlocked", "bkStarGt", "lnStarGt", "bkStarLt",
         "lnStarLt", "lnStarNe")
"""Every code `check_state` can return."""

Unit = tuple[str, int]


@dataclass(frozen=True)
class Broken:
    """A broken rule: its pzprjs `code`, the `unit` it is in (None for two stars that
    clash), the `squares` of the stars concerned, the stars the unit `have` and the
    open squares it has `room` for more (for the too-few rules); `final` whether the
    board was checked as a final answer."""

    code: str
    unit: Unit | None = None
    squares: tuple[Square, ...] = ()
    have: int = 0
    room: int = 0
    final: bool = False


def marks(state: Sequence[str]) -> tuple[list[Square], list[Square]]:
    """The stars and the crosses of a state, in reading order. Cost: O(n^2).

    >>> marks(("Q.", ".x"))
    ([(0, 0)], [(1, 1)])
    """
    stars = [(r, c) for r, row in enumerate(state) for c, ch in enumerate(row) if ch == "Q"]
    crosses = [(r, c) for r, row in enumerate(state) for c, ch in enumerate(row)
               if ch == "x"]
    return stars, crosses


def check_state(p: Puzzle, state: Sequence[str] | None, *,
                finished: bool | None = None) -> Broken | None:
    """The first rule the board `state` breaks in puzzle `p` (None: none is broken).

    `finished` True checks the board as a final answer (every unit exactly k stars);
    False as a partial one; None (the default) as final when every star is placed or no
    square is open. The givens of a completion puzzle count as placed. Cost: O(n^2 + s^2)
    for s stars.

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> check_state(parse_puzzle("AAB\\nACB\\nCCB\\n"), ("Q.Q", "...", "...")).code
    'lnStarGt'
    """
    p = check_puzzle(p)
    n, k = p.n, p.stars
    rows = tuple(state) if state else ("." * n,) * n
    stars, _ = marks(rows)
    stars = sorted(set(stars) | set(p.givens))
    if finished is None:
        finished = len(stars) >= n * k or not any("." in row for row in rows)
    found = _clash(p, stars)
    if found is not None:
        return found
    units = _units(p)
    count = {u: 0 for u in units}
    for r, c in stars:
        for u in _of(p, r, c):
            count[u] += 1
    order = (("region", "bkStarGt"), ("row", "lnStarGt"), ("col", "lnStarGt"))
    for family, code in order:
        for u in (u for u in units if u[0] == family):
            if count[u] > k:
                return Broken("lnStarNe" if finished and family != "region" else code, u,
                              _in(p, u, stars), count[u])
    if finished:
        for family, code in (("region", "bkStarLt"), ("row", "lnStarNe"),
                             ("col", "lnStarNe")):
            for u in (u for u in units if u[0] == family):
                if count[u] < k:
                    return Broken(code, u, _in(p, u, stars), count[u], final=True)
        return None
    room = _room(p, rows, stars, count)
    for family, code in (("region", "bkStarLt"), ("row", "lnStarLt"), ("col", "lnStarLt")):
        for u in (u for u in units if u[0] == family):
            if count[u] + room[u] < k:
                return Broken(code, u, _in(p, u, stars), count[u], room[u])
    return None


def state_text(p: Puzzle, state: Sequence[str] | None, broken: Broken | None,
               lang: str = "en") -> str:
    """What `check_state` found, in words (`en`, `ja`, `ko`). Cost: O(n^2).

    >>> from nqueens.puzzles.model import parse_puzzle
    >>> p = parse_puzzle("AAB\\nACB\\nCCB\\n")
    >>> state_text(p, ("Q.Q", "...", "..."), check_state(p, ("Q.Q", "...", "...")))
    'Row 1 has 2 queens; each row and column takes 1.'
    """
    k = p.stars
    stars, _ = marks(state or ())
    placed = len(set(stars) | set(p.givens))
    if broken is None:
        if placed == p.n * k:
            return say("solved", lang, k)
        return say("fine", lang, k, placed=placed, total=p.n * k)
    key = broken.code
    if key == "bkStarLt" and broken.final:
        key = "bkStarLtDone"
    return say(key, lang, k, unit=broken.unit, squares=broken.squares, have=broken.have,
               room=broken.room)


# --- private helpers ---------------------------------------------------------------------

def _units(p: Puzzle) -> list[Unit]:
    return [(f, i) for f in p.rules.families for i in range(p.n)]


def _of(p: Puzzle, r: int, c: int) -> list[Unit]:
    units: list[Unit] = [("row", r), ("col", c)]
    if p.rules.has_regions:
        units.append(("region", p.regions[r][c]))
    return units


def _in(p: Puzzle, u: Unit, stars: list[Square]) -> tuple[Square, ...]:
    return tuple(s for s in stars if u in _of(p, *s))


def _clash(p: Puzzle, stars: list[Square]) -> Broken | None:
    """Two stars touching (or sharing a diagonal where that is a rule), or a blocked one."""
    blocked = set(p.blocked)
    for s in stars:
        if s in blocked:
            return Broken("starBlocked", None, (s,))
    for i, (r1, c1) in enumerate(stars):
        for r2, c2 in stars[i + 1:]:
            if p.touching and abs(r1 - r2) <= 1 and abs(c1 - c2) <= 1:
                return Broken("starAround", None, ((r1, c1), (r2, c2)))
    if p.uses_diagonals:
        for i, (r1, c1) in enumerate(stars):
            for r2, c2 in stars[i + 1:]:
                if abs(r1 - r2) == abs(c1 - c2):
                    return Broken("starDiagonal", None, ((r1, c1), (r2, c2)))
    return None


def _room(p: Puzzle, rows: Sequence[str], stars: list[Square],
          count: dict[Unit, int]) -> dict[Unit, int]:
    """Each unit's open squares where a star could still go: not crossed, not touching or
    attacking a star, in no unit that is full."""
    n, k = p.n, p.stars
    dead = set(p.blocked) | set(stars)
    for r, c in stars:
        if p.touching:
            dead |= {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        if p.uses_diagonals:
            dead |= {(r + d * sr, c + d * sc) for d in range(1, n) for sr in (-1, 1)
                     for sc in (-1, 1)}
    room = dict.fromkeys(count, 0)
    for r in range(n):
        for c in range(n):
            if rows[r][c] != "." or (r, c) in dead:
                continue
            units = _of(p, r, c)
            if any(count[u] >= k for u in units):
                continue
            for u in units:
                room[u] += 1
    return room
