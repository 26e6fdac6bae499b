"""``nqueens trace``: narrate the search step by step (en, ja, ko), as jsonl, or as a player."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nqueens.cli._common import UsageError, board_size, file_name, positive_int
from nqueens.narrate import LANGUAGES

__all__ = ["FORMATS", "register", "run"]

FORMATS = ("text", "jsonl")
_STYLES = {
    "step": "bold",
    "promising": "green",
    "nonpromising": "red",
    "backtrack": "yellow",
    "solution": "bold magenta",
    "summary": "bold",
}


def register(sub: Any) -> None:
    p = sub.add_parser(
        "trace", help="narrate the backtracking search step by step",
        description="Narrate the textbook's backtracking search for N queens, one line per "
        "tried square: in English as the Korean/English textbook's worked example (steps "
        "(a), (b), ...), in Japanese as the slides, in Korean with the textbook's terms; or "
        "one JSON object per event (--format jsonl, see docs/trace.md). A trace that would "
        "try more squares than --max-steps is refused and says how many it would try.",
    )
    p.add_argument("n", type=board_size, metavar="N", help="board size (1 to 32)")
    p.add_argument("--lang", "-l", choices=LANGUAGES, default="en",
                   help="narrative language (default: en)")
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--format", "-f", choices=FORMATS, default=None,
                       help="text narrative or one JSON event per line (default: text; "
                       "not with --html)")
    shape.add_argument("--json", action="store_const", const="jsonl", dest="format",
                       help="one JSON event per line: the same as --format jsonl")
    p.add_argument("--until", choices=("first", "all"), default="first",
                   help="stop at the first solution, or search to the end (default: first)")
    p.add_argument("--max-steps", type=positive_int, default=None, metavar="K",
                   help="refuse a trace that would try more than K squares (default: 10000)")
    p.add_argument("--html", type=file_name, metavar="FILE",
                   help="write an interactive HTML player of the trace to FILE instead")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from nqueens.analysis.treesize import DEFAULT_MAX_STEPS, trace

    if args.html is not None and args.format is not None:
        raise UsageError("--format and --json apply only to the trace on stdout, not to "
                         "--html FILE")
    max_steps = args.max_steps if args.max_steps is not None else DEFAULT_MAX_STEPS
    stream = trace(args.n, until=args.until, max_steps=max_steps)
    if args.html is not None:
        from nqueens.narrate import event_lines, summary_line
        from nqueens.render.player import write_player

        events = list(stream)
        lines = event_lines(events, args.lang, n=args.n)
        found = sum(e.kind == "solution" for e in events)
        # the closing line the text narrative ends with, as the player's last frame
        summary = (summary_line(args.n, found, args.lang)
                   if args.until == "all" or found == 0 else None)
        write_player(args.html, n=args.n, events=events, lines=lines, lang=args.lang,
                     summary=summary)
        from nqueens.cli._common import say_wrote

        say_wrote(args.html)
        return 0
    out = sys.stdout
    if args.format == "jsonl":
        from nqueens.narrate import narrate_events

        for event, text in narrate_events(stream, n=args.n, lang=args.lang):
            record = event.to_json()
            record["text"] = text
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        out.flush()
        return 0
    from nqueens.narrate import narrate

    console = None
    if out.isatty():
        from rich.console import Console

        console = Console(highlight=False, soft_wrap=True)
    from nqueens.words import words

    spaced = words(args.lang).Narration.steps  # a narrative told in steps has blank lines
    first = True
    for line in narrate(stream, n=args.n, lang=args.lang, until=args.until):
        if spaced and not first and line.kind in ("step", "solution", "summary"):
            _emit(console, out, "", None)
        if not spaced and line.kind == "summary":
            _emit(console, out, "", None)
        _emit(console, out, line.text, _STYLES.get(line.kind))
        first = False
    out.flush()
    return 0


def _emit(console: Any, out: Any, text: str, style: str | None) -> None:
    if console is None:
        out.write(text + "\n")
    else:
        console.print(text, style=style, markup=False)
