"""English words: the explainer's steps, in the players' terms (the Queens game, Star
Battle). One module per language (this one, `ja`, `ko`) with the same names;
`nqueens.words` finds them.

Squares are written `<row,col>`, 1-based; a one-star puzzle speaks of queens, a k-star
puzzle of stars.

>>> square((2, 4)), unit(("col", 0))
('<3,5>', 'column 1')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nqueens._types import REGION_LETTERS, Square
from nqueens.words._phrases import Textbook

if TYPE_CHECKING:
    from nqueens.trace import Event

NAME = "English"
ENGLISH_NAME = "English"
"""The language's name in English, for messages."""

GLYPHS = ""
"""The characters of this language that a font must have glyphs for (a regular expression;
empty: any Latin font draws it), so that a PNG warns when no installed font covers them."""

NAMES: dict[str, str] = {
    "given_queen": "given queen", "last_square": "last square", "one_way": "only one way",
    "confined_line": "region confined to a line", "k_lines": "k regions in k lines",
    "whole_region": "attacks a whole region", "two_by_two": "2x2 blocks",
    "line_pairs": "pairs of rows or columns", "contradiction": "contradiction",
    "trial": "trial and error (search)", "no_solution": "no solution",
}
"""Each technique's name as players say it, by the technique's words key."""

SHAPES: dict[str, str] = {"2-square": "a 2-square", "3-in-a-line": "a 3-in-a-line",
                          "L": "an L", "T": "a T", "Z": "a Z", "block": "a 2x2 block"}
"""The shapes a whole-region step can see."""

GRADE_NAMES = ("trivial", "easy", "medium", "hard", "expert", "search")
"""The grade names by number."""

_FAMILY = {"region": "regions", "row": "rows", "col": "columns"}


def square(s: Square) -> str:
    return f"<{s[0] + 1},{s[1] + 1}>"


def unit(u: tuple[str, int]) -> str:
    family, i = u
    if family == "region":
        return f"region {REGION_LETTERS[i]}"
    return f"row {i + 1}" if family == "row" else f"column {i + 1}"


def units(us: tuple[tuple[str, int], ...]) -> str:
    if len(us) == 1:
        return unit(us[0])
    family = us[0][0]
    names = [REGION_LETTERS[i] if family == "region" else str(i + 1) for _, i in us]
    return f"{_FAMILY[family]} {listed(names)}"


def listed(items: list[str]) -> str:
    if len(items) > 1:
        return ", ".join(items[:-1]) + " and " + items[-1]
    return ", ".join(items)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _star(k: int, plural: bool = False) -> str:
    return ("queen" if k == 1 else "star") + ("s" if plural else "")


def _name(key: str) -> str:
    return _cap(NAMES[key])


def _squares(squares: tuple[Square, ...]) -> str:
    return listed([square(s) for s in squares[:8]]) + (" ..." if len(squares) > 8 else "")


def _clears(n: int) -> str:
    return f" It clears {n} square{'s' if n != 1 else ''}." if n else ""


def given_queen(step: Any, k: int) -> str:
    return f"A {_star(k)} is given at {square(step.place)}." + _clears(len(step.removed))


def trial(step: Any, k: int) -> str:
    u = unit(step.units[0]) if step.units else ""
    return (f"Logic stalls here, so a search (trying the possibilities) places a {_star(k)} "
            f"of {u} at {square(step.place)}." + _clears(len(step.removed)))


def last_square(step: Any, k: int) -> str:
    u, where = unit(step.units[0]) if step.units else "", square(step.place)
    if k == 1:
        head = f"{_name('last_square')}: {u} has one square left, {where}, so a queen goes there."
    else:
        head = (f"{_name('last_square')}: {u} has only as many squares left as it needs "
                f"stars, so a star goes at {where}.")
    return head + _clears(len(step.removed))


def one_way(step: Any, k: int) -> str:
    u = unit(step.units[0]) if step.units else ""
    return (f"{_name('one_way')}: the stars {u} still needs fit on its squares left in only "
            f"one way, none touching, so a star goes at {square(step.place)}."
            + _clears(len(step.removed)))


def confined_line(step: Any, k: int) -> str:
    us, lines = units(step.units), units(step.lines)
    m, count = len(step.lines), len(step.units)
    fam_u, fam_l = _FAMILY[step.units[0][0]], _FAMILY[step.lines[0][0]]
    name = (f"a {fam_u[:-1]} confined to a {fam_l[:-1]}" if count == m == 1
            else f"{count} {fam_u if count > 1 else fam_u[:-1]} in {m} "
                 f"{fam_l if m > 1 else fam_l[:-1]}")
    plural = k > 1 or m > 1
    need = (f", and {'they need' if count > 1 else 'it needs'} as many stars as "
            f"{'those' if m > 1 else 'that'} {fam_l if m > 1 else fam_l[:-1]} still "
            f"{'hold' if m > 1 else 'holds'}" if k > 1 else "")
    return (f"Every square left in {us} lies in {lines}{need} ({name}), so the "
            f"{_star(k, plural=plural)} of {lines} belong{'' if plural else 's'} to {us}: "
            f"clear the other squares of {lines}: {_squares(step.removed)}.")


k_lines = confined_line


def whole_region(step: Any, k: int) -> str:
    u = unit(step.lines[0])
    squares = _squares(step.removed)
    shape = SHAPES.get(step.shape, "")
    one = len(step.removed) == 1
    where = squares if one else f"any of {squares}"
    what = (f"every square left in {u}" + (f" ({shape})" if shape else "") if k == 1
            else f"{u} too few squares for its stars")
    verb = "touch or attack" if k == 1 else "leave"
    return (f"{_name('whole_region')}: a {_star(k)} on {where} would {verb} {what}, so "
            f"{'it is' if one else 'they are'} crossed out.")


def line_pairs(step: Any, k: int) -> str:
    one = len(step.removed) == 1
    return (f"{_name('line_pairs')}: every way {units(step.lines)} can take their queens, "
            f"without touching, attacks {_squares(step.removed)}, so "
            f"{'it is' if one else 'they are'} crossed out.")


def two_by_two(step: Any, k: int) -> str:
    lines, m, star = units(step.lines), len(step.blocks), _star(k, plural=True)
    corners = listed([square(s) for s in step.blocks])
    block = listed([square(s) for s in step.used])
    taken = units(step.units) if step.units else ""
    if step.filled is not None:
        one = len(step.used) == 1
        u = unit(step.filled)
        tail = (f" The block{'' if one else 's'} at {block} lie{'s' if one else ''} wholly in "
                f"{u}, which needs just that many {star}: clear its other squares: "
                f"{_squares(step.removed)}.")
    elif step.place is not None:
        n = len(step.removed)
        tail = (f" The block at {block} has one square left, so a {star[:-1]} goes at "
                f"{square(step.place)}." + (f" It clears {n} square{'s' if n != 1 else ''}."
                                            if n else ""))
    else:
        squares, one = _squares(step.removed), len(step.removed) == 1
        tail = (f" A {star[:-1]} on {squares if one else 'any of ' + squares} would clear "
                f"every square left in the block at {block}, so "
                f"{'it is' if one else 'they are'} crossed out.")
    less = (f" (less what {taken}, inside them, {'need' if len(step.units) > 1 else 'needs'})"
            if taken else "")
    return (f"{_name('two_by_two')}: {lines}{less} need {m} more {star}, and their squares "
            f"left fit in {m} 2x2 blocks, at {corners}; a block holds at most one "
            f"{star[:-1]}, so each holds exactly one.{tail}")


def contradiction(step: Any, k: int) -> str:
    where, u, star = square(step.removed[0]), unit(step.lines[0]), _star(k)
    chain = listed([square(s) for s in step.chain])
    short = "no square left" if k == 1 else "too few squares left for its stars"
    name = _name("contradiction")
    if step.shape == "deep":
        forced = (f"; the easier techniques then put {star}s on {chain}, and" if step.chain
                  else "; the easier techniques then")
        return (f"{name}: suppose a {star} on {where}{forced} leave {u} with {short}, so "
                f"{where} is crossed out.")
    forced = (f", which forces {star}s on {chain} (each the last square of its row, "
              "column or region)," if step.chain else ",")
    return f"{name}: suppose a {star} on {where}{forced} then {u} has {short}, so " \
           f"{where} is crossed out."


def no_solution(step: Any, k: int) -> str:
    u = unit(step.lines[0]) if step.lines else ""
    return f"{_cap(u)} has too few squares left: the puzzle has no solution."


def summary(n: int, k: int, used: list[str], grade: int) -> str:
    """The closing line of a solved puzzle: `n` stars placed, the techniques `used`."""
    tech = f" Techniques: {', '.join(used)}." if used else ""
    return (f"All {n} {_star(k, True)} are placed: solved.{tech} Difficulty: "
            f"{GRADE_NAMES[grade]} (grade {grade} of 5).")


NO_SOLUTION = "No solution."


def not_unique(count: int, exact: bool) -> str:
    if exact:
        return (f"Note: this puzzle is not unique: it has {count} solutions, and the one "
                "above is only one of them.")
    return (f"Note: this puzzle is not unique: it has at least {count} solutions, and the "
            "one above is only one of them (nqueens puzzle count counts them all).")


TREE: dict[str, str] = {
    "title": "Pruned state-space tree, n = {n}, {what}: {nodes} nodes ({tried} squares "
             "tried), {found}",
    "first": "until the first solution", "all": "whole search",
    "solutions": "{k} solutions", "solution": "{k} solution",
    "runs": "pruned siblings drawn as one",
    "folded": "subtrees below {where} folded into squares tried per row",
    "with_paths": ", solution paths included",
    "join": "; ", "note": "{text}.",
    "root_named": "the root",
    "root": "root", "row": "row {d}", "tried": "{k} tried",
    "root_tip": "root: no queen placed",
    "promising_tip": "{square} is promising", "nonpromising_tip": "{square} is "
    "nonpromising", "solution_tip": "{square} is a solution",
    "run_tip": "{k} nonpromising: {squares}",
    "fold_tip": "{tried} squares tried below, {good} promising: per row {rows}",
    "square": "<{r},{c}>", "list": ", ",
    "promising": "promising", "nonpromising": "nonpromising (pruned)",
    "path": "solution, and the path to it", "run": "k pruned siblings",
    "fold": "folded subtree: squares tried per row (promising dark)",
}
"""The `str.format` templates of the search-tree picture (Neapolitan's textbook:
"pruned state-space tree", "promising", "nonpromising"); the same keys in every
language."""

FONT = "Helvetica, Arial, sans-serif"
"""The `font-family` the pictures draw this language with (for CJK, the fonts of its own
script first, then the other's, then Latin fonts)."""


PUZZLE_PAGE: dict[str, str] = {
    "title": "{n} x {n} queens puzzle", "title_stars": "{n} x {n} Star Battle, {k} stars",
    "hint": "Hint", "reset": "Start again", "undo": "Undo", "redo": "Redo",
    "auto": "Automatic crosses", "time": "Time",
    "howto": "Click or tap a square once for a cross, twice for a queen, three times to "
             "clear it; drag across squares to cross them out.",
    "howto_stars": "Click or tap a square once for a cross, twice for a star, three "
                   "times to clear it; drag across squares to cross them out.",
    "keys": "Keys: arrows move, Space cycles, X cross, Q queen, Delete clears, "
            "H hint, Ctrl-Z undo, Ctrl-Y redo.",
    "keys_stars": "Keys: arrows move, Space cycles, X cross, S star, Delete clears, "
                  "H hint, Ctrl-Z undo, Ctrl-Y redo.",
    "placed": "{k} of {n} queens placed", "placed_stars": "{k} of {n} stars placed",
    "solved": "Solved!",
    "conflict": "Some queens break a rule (ringed in red).",
    "conflict_stars": "Some stars break a rule (ringed in red).",
    "wrong": "The queen at {sq} is not part of the solution.",
    "wrong_stars": "The star at {sq} is not part of the solution.",
    "wrongcross": "The cross at {sq} covers a square of the solution.",
    "nohint": "Nothing left to deduce: place the last queens.",
    "nohint_stars": "Nothing left to deduce: place the last stars.", "square": "<{r},{c}>",
    "regions": "Place one queen in every row, column and region; no two queens touch, "
               "not even at a corner.",
    "regions_stars": "Place {k} stars in every row, column and region; no two stars "
                     "touch, not even at a corner.",
    "diagonals": " No two queens share a diagonal.",
    "completion": "Place one queen in every row and column, no two on a diagonal; the "
                  "black queens are given, grey squares are blocked.",
}
"""The texts of the puzzle play page (`_stars`: the wording for k > 1 stars)."""


PLAYER_PAGE: dict[str, str] = {
    "title": "{n}-queens: backtracking step by step",
    "first": "First", "back": "Back", "play": "Play", "pause": "Pause",
    "forward": "Forward", "last": "Last", "speed": "Speed (steps/s)",
    "stop": "Pause at each solution", "step": "Step", "path": "Path from the root",
    "root": "(root: no queen placed)", "keys": "Keys: ← → step, space play/pause, "
    "Home/End first/last", "square": "<{r},{c}>",
    "legend": "tried, promising|tried, nonpromising|attacking queen|queen taken back|"
    "solution",
}
"""The texts of the HTML player of a trace."""


STATE: dict[str, str] = {
    "starAround": "Two {stars} touch: {a} and {b}.",
    "starDiagonal": "Two {stars} share a diagonal: {a} and {b}.",
    "starBlocked": "A {star} stands on the blocked square {a}.",
    "bkStarGt": "{Unit} has {have} {stars_have}; each region takes {k}.",
    "lnStarGt": "{Unit} has {have} {stars_have}; each row and column takes {k}.",
    "bkStarLt": "{Unit} can no longer get its {k_stars}: it has {have} and {room} open "
                "{squares} where one could go.",
    "lnStarLt": "{Unit} can no longer get its {k_stars}: it has {have} and {room} open "
                "{squares} where one could go.",
    "lnStarNe": "{Unit} has {have} {stars_have}; each row and column takes {k}.",
    "bkStarLtDone": "{Unit} has {have} {stars_have}; each region takes {k}.",
    "fine": "No rule is broken ({placed} of {total} {stars} placed).",
    "solved": "Solved: every rule holds.",
    "wrongStar": "The {star} at {a} is not part of the solution.",
    "wrongStarAny": "No solution has a {star} at {a} together with the other {stars}: "
                    "take it away.",
    "wrongCross": "The cross at {a} covers a square that the solution needs.",
    "wrongCrossAny": "The cross at {a} rules out every solution left: take it away.",
    "deadEnd": "No solution agrees with these {stars} and crosses: go back a few moves.",
    "stalled": "No technique finds the next step from here: the rest takes trial and "
               "error.",
    "open": "From here the puzzle has more than one solution, and no technique decides "
            "the next square.",
    "done": "Every {star} is placed: nothing is left to deduce.",
    "late": "No deduction was found within {seconds} s on this large board; allow more "
            "time to look further.",
}
"""What `puzzle check` and `puzzle hint` say of a player's board, by id (the ids of the
broken rules are pzprjs's check codes, see `nqueens.puzzles.check`); filled by
`nqueens.puzzles.state_words.say` with `Unit`, `a`, `b` (squares), `k`, `have`, `room`,
`placed`, `total`, `seconds` and the words of `state_marks`."""


def state_marks(k: int, have: int, room: int) -> dict[str, str]:
    """The counted words of a `STATE` sentence for `k` stars a unit: `star` and `stars`
    (a queen with one star a unit, a star with more), `stars_have` (after `have` of
    them), `k_stars` (the `k` a unit needs), `squares` (after `room` of them)."""
    star = _star(k)
    stars = _star(k, plural=True)
    return {"star": star, "stars": stars, "stars_have": star if have == 1 else stars,
            "k_stars": f"{k} {stars}" if k > 1 else star,
            "squares": "square" if room == 1 else "squares"}


STUDIO: dict[str, str] = {
    "program": "Program", "variables": "Variables", "tree": "Pruned state-space tree",
    "checked": "Nodes checked", "promising": "Promising nodes", "solutions": "Solutions",
    "textbook": "textbook: {k}", "whole": "whole search: {k}",
    "looked": "Squares looked at: {k} this check, {total} in all",
    "fold": "Fold failed subtrees", "unfold": "Unfold all",
    "fold_tip": "fold or unfold this subtree (no solution below)",
    "unused": "not used by this call",
}
"""The lesson studio's own words (program panel, variables, tree, counters), after the
Korean/English textbook ("nodes checked", "promising nodes")."""

STUDIO_PROGRAMS: dict[str, str] = {
    "promising": "queens(i) / promising(i): the textbook, O(i) a check",
    "arrays": "backtrack(row) with cols, diags1, diags2: O(1) a check",
    "put_queen": "put_queen(a): the blog's first-solution search, O(1) a check",
}
"""The heading of each program's panel in the studio, by strategy."""

WORKSHEET: dict[str, str] = {
    "title": "{n}-queens: backtracking worksheet", "key": "Answer key",
    "name": "Name: ______________________",
    "q1": "1{k}. The search has placed the queens shown. Which squares of row {r} are "
          "promising?",
    "q2": "2. How many nodes of the pruned state-space tree does the search check for "
          "n = {n} (root included)? How many of them are promising?",
    "q3": "3. Write the first {k} solutions the search finds, in order.",
    "checked": "nodes checked: {k}", "good": "promising nodes: {k}",
    "none": "none", "sol": "solution {k}:",
}
"""The printable worksheet's words (`nqueens.render.worksheet`; squares by `square`)."""


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth")


def _ordinal(k: int) -> str:
    if k <= len(_ORDINALS):
        return _ORDINALS[k - 1]
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


class Narration(Textbook):
    """Neapolitan's worked example, word for word."""

    def step(self, label: str) -> str:
        return f"Step ({label})"

    def is_promising(self, square: str) -> str:
        return f"{square} is promising."

    def is_nonpromising(self, square: str) -> str:
        return f"{square} is nonpromising."

    def in_column(self, queen: int, col: int) -> str:
        return f"because queen {queen} is in column {col}"

    def on_diagonal(self, queen: int, *, left: bool) -> str:
        return f"because queen {queen} is on {'left' if left else 'right'} diagonal"

    def first_queen(self) -> str:
        return "because queen 1 is the first queen positioned"

    def again(self, event: Event, times: int) -> str:
        sq = self.square(event.row, event.col)
        return f"This is the {_ordinal(times)} time we\u2019ve tried {sq}."

    def backtrack(self, event: Event) -> str:
        return f"Backtrack to {self._target(event) or 'root'}."

    def solution(self, event: Event) -> str:
        squares = ", ".join(self.square(r, c) for r, c in enumerate(event.queens))
        return f"Solution {event.index} found: {squares}."

    def summary(self, n: int, solutions: int) -> str:
        found = {0: "no solution", 1: "1 solution"}.get(solutions, f"{solutions} solutions")
        return f"Every node has been checked: {found}."
