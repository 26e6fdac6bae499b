"""`nqueens trace`: narrate the search step by step (en, ja, ko), as jsonl, or as a player."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nqueens.cli._common import UsageError, board_size, file_name, positive_int
from nqueens.narrate import LANGUAGES
from nqueens.programs import FIRST_ONLY, STRATEGIES

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
    program = p.add_mutually_exclusive_group()
    program.add_argument("--strategy", choices=STRATEGIES, default=None,
                         help="the program the player shows beside the board: promising "
                         "(the textbook's queens/promising, default), arrays (cols, diags1, "
                         "diags2) or put_queen (the blog's first-solution search; with "
                         "--until first)")
    program.add_argument("--compare", type=_two_strategies, metavar="A,B", default=None,
                         help="the player shows two programs side by side, e.g. "
                         "promising,arrays, with what each check costs")
    p.add_argument("--gif", type=file_name, metavar="FILE",
                   help="write an animated GIF of the trace to FILE (one frame a step, the "
                   "sentence under the board; needs Pillow and cairosvg)")
    p.set_defaults(func=run)


def _two_strategies(text: str) -> tuple[str, str]:
    """argparse type of --compare: two different known programs, comma-separated."""
    names = tuple(part.strip() for part in text.split(","))
    if len(names) != 2:
        raise argparse.ArgumentTypeError(
            f"give two programs separated by a comma, e.g. promising,arrays; got {text!r}")
    for name in names:
        if name not in STRATEGIES:
            raise argparse.ArgumentTypeError(
                f"unknown strategy {name!r}; choose from {', '.join(STRATEGIES)}")
    if names[0] == names[1]:
        raise argparse.ArgumentTypeError(f"compare two different programs, not {names[0]} twice")
    return names[0], names[1]


def _programs(args: argparse.Namespace) -> tuple[str, ...]:
    """The program(s) the player shows, checked against the other options."""
    chosen = args.compare or ((args.strategy,) if args.strategy else ("promising",))
    if (args.strategy or args.compare) and args.html is None:
        raise UsageError("--strategy and --compare choose what the player shows: give "
                         "--html FILE")
    for name in chosen:
        if name in FIRST_ONLY and args.until == "all":
            raise UsageError(f"{name} stops at the first solution; use --until first")
    return chosen


def run(args: argparse.Namespace) -> int:
    from nqueens.analysis.treesize import DEFAULT_MAX_STEPS, trace

    if (args.html is not None or args.gif is not None) and args.format is not None:
        raise UsageError("--format and --json apply only to the trace on stdout, not to "
                         "--html FILE or --gif FILE")
    programs = _programs(args)
    max_steps = args.max_steps if args.max_steps is not None else DEFAULT_MAX_STEPS
    if args.gif is not None:
        _check_gif_size(args.n, args.until, max_steps)
    stream = trace(args.n, until=args.until, max_steps=max_steps)
    if args.html is not None or args.gif is not None:
        from nqueens.cli._common import say_wrote
        from nqueens.narrate import event_lines

        events = list(stream)
        lines = event_lines(events, args.lang, n=args.n)
        if args.gif is not None:
            from nqueens.render.gif import write_gif

            write_gif(args.gif, args.n, events, lines, args.lang)
            say_wrote(args.gif)
        if args.html is not None:
            _write_html(args, events, lines, programs)
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


def _check_gif_size(n: int, until: str, max_steps: int) -> None:
    """Refuse, before anything is drawn, a GIF of more squares than it is drawn for."""
    from nqueens.analysis.treesize import MAX_TRACE_N, trace_size
    from nqueens.render.gif import GIF_MAX_STEPS

    if n > MAX_TRACE_N:
        return  # trace() says so
    bound = min(max_steps, GIF_MAX_STEPS)
    tried, _ = trace_size(n, until=until, max_steps=bound)
    if tried > bound:
        goal = "to the first solution" if until == "first" else "to the end"
        raise UsageError(f"a GIF of {n} queens {goal} would show {tried:,} squares tried, "
                         f"more than the GIF's bound of {bound:,}; use a smaller board, "
                         "--until first, or --html FILE")


def _write_html(args: argparse.Namespace, events: list[Any], lines: list[str],
                programs: tuple[str, ...]) -> None:
    from nqueens.narrate import summary_line
    from nqueens.render.player import search_totals, write_player

    found = sum(e.kind == "solution" for e in events)
    # the closing line the text narrative ends with, as the player's last frame
    summary = (summary_line(args.n, found, args.lang)
               if args.until == "all" or found == 0 else None)
    write_player(args.html, n=args.n, events=events, lines=lines, lang=args.lang,
                 summary=summary, strategies=programs, totals=search_totals(args.n))


def _emit(console: Any, out: Any, text: str, style: str | None) -> None:
    if console is None:
        out.write(text + "\n")
    else:
        console.print(text, style=style, markup=False)
