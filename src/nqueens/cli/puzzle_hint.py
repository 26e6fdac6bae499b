"""`nqueens puzzle hint FILE` and `nqueens puzzle check FILE`: help from where the
player is.

`hint FILE [--lang en|ja|ko] [--json]` prints the next deduction from the player's state
in FILE (`nqueens.puzzles.hint.hint`), or the broken rule or the mistake on the
board. `check FILE [--finished] [--json]` names the first rule the board breaks, by
pzprjs's check codes (`nqueens.puzzles.check`): exit 1 when one is broken, 0 when
none is. FILE is any source `import` reads. Bad input: one line, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from nqueens.cli._common import positive_int

__all__ = ["EXIT_BROKEN", "register"]

EXIT_BROKEN = 1
"""`check`: the board breaks a rule."""
LARGE_HINT_SECONDS = 30
"""How long `hint` looks for the next deduction on a board of 26 x 26 or more."""


def register(with_file: Callable[[str, str], argparse.ArgumentParser]) -> None:
    """Add `hint` and `check`; `with_file` makes a subcommand that reads a SOURCE."""
    q = with_file("hint", "the next deduction from the player's state in FILE (queens and "
                  "crosses so far), in the words of explain; or the broken rule or the "
                  "mistake on the board, without giving the solution away")
    q.add_argument("--lang", "-l", default="en", help="en, ja or ko (default en)")
    q.add_argument("--json", action="store_true", help="print JSON")
    q.add_argument("--seconds", type=positive_int, metavar="S", default=None,
                   help="look for the next deduction for at most S seconds (default: no "
                   "limit below 26 x 26, 30 s from 26 x 26 on)")
    q.set_defaults(func=_hint)
    q = with_file("check", "check the player's board in FILE, finished or partial, and name "
                  "the first broken rule (pzprjs's check codes); exit 1 when one is broken")
    q.add_argument("--finished", action="store_true",
                   help="check the board as a final answer: every row, column and region "
                   "needs its stars (default: only when every star is placed or no square "
                   "is open)")
    q.add_argument("--lang", "-l", default="en", help="en, ja or ko (default en)")
    q.add_argument("--json", action="store_true", help="print JSON")
    q.set_defaults(func=_check)


def _squares(squares: Any) -> list[list[int]]:
    return [[r + 1, c + 1] for r, c in squares]


def _hint(args: argparse.Namespace) -> int:
    from nqueens.cli._puzzle_source import check_lang as step_text_check
    from nqueens.cli._puzzle_source import load
    from nqueens.puzzles.budget import LARGE_N
    from nqueens.puzzles.hint import hint

    step_text_check(args.lang)
    imported = load(args.file, args.source_stars)
    seconds = args.seconds
    if imported.puzzle.n >= LARGE_N:
        seconds = LARGE_HINT_SECONDS if seconds is None else seconds
        print(f"nqueens: a {imported.puzzle.n} x {imported.puzzle.n} board: looking for the "
              f"next deduction for at most {seconds} s (--seconds S to change; Ctrl-C "
              "stops)", file=sys.stderr)
    h = hint(imported.puzzle, imported.progress, lang=args.lang, seconds=seconds)
    if args.json:
        step = h.step
        print(json.dumps({
            "kind": h.kind, "text": h.text,
            "rule": getattr(step, "rule", None),
            "grade": getattr(step, "grade", None),
            "place": None if step is None or step.place is None else
            [step.place[0] + 1, step.place[1] + 1],
            "removed": [] if step is None else _squares(step.removed),
            "broken": None if h.broken is None else h.broken.code,
            "square": None if h.square is None else [h.square[0] + 1, h.square[1] + 1]},
            ensure_ascii=False))
    else:
        print(h.text)
    return 0


def _check(args: argparse.Namespace) -> int:
    from nqueens.cli._puzzle_source import check_lang as step_text_check
    from nqueens.cli._puzzle_source import load
    from nqueens.puzzles.check import check_state, state_text

    step_text_check(args.lang)
    imported = load(args.file, args.source_stars)
    p, state = imported.puzzle, imported.progress
    broken = check_state(p, state, finished=True if args.finished else None)
    text = state_text(p, state, broken, args.lang)
    if args.json:
        print(json.dumps({
            "broken": None if broken is None else broken.code, "text": text,
            "unit": None if broken is None or broken.unit is None else
            [broken.unit[0], broken.unit[1] + 1],
            "squares": [] if broken is None else _squares(broken.squares)},
            ensure_ascii=False))
    else:
        print(text)
    return 0 if broken is None else EXIT_BROKEN
