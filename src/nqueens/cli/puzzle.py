"""`nqueens puzzle`: solve, count, explain, make, draw and play region and completion puzzles.

`nqueens puzzle solve FILE`, `count FILE [--max K]`, `explain FILE [--lang L]`,
`make --size N [--kind K] [--grade G] [--seed S] [--logic-only]`, `svg FILE`,
`play FILE`, and `import`/`export` (in `nqueens.cli.puzzle_io`).
 FILE holds a puzzle in the text format of `nqueens.puzzles.model`
(`-` reads standard input). `solve` and `explain` exit 1 when the exhaustive search
proves there is no solution; bad input exits 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from nqueens.cli._common import (
    EXIT_NEGATIVE,
    UsageError,
    add_json_shorthand,
    announce_compiling,
    atomic_output,
    file_name,
    non_negative_int,
    positive_int,
    same_file,
)
from nqueens.cli._searching import (
    EXIT_UNKNOWN,
    add_timeout,
    clear_progress,
    progress_line,
)

if TYPE_CHECKING:
    from nqueens.puzzles.model import Puzzle

__all__ = ["register"]

EXIT_NONE = EXIT_NEGATIVE
"""`solve`: the exhaustive search proved that the puzzle has no solution."""


def register(sub: Any) -> None:
    from nqueens.words import LANGUAGES

    langs = f"{', '.join(LANGUAGES)} (default en)"
    p = sub.add_parser(
        "puzzle", help="region (Queens / Star Battle) and completion puzzles",
        description="Solve, count, explain, make, draw and play puzzles: region puzzles "
        "(one queen per row, column and region, no two touching) and completion puzzles "
        "(n-queens rules with given queens Q and blocked squares x). See docs/puzzles.md.",
    )
    ps = p.add_subparsers(dest="puzzle_command", metavar="ACTION", required=True)

    def with_file(name: str, help_: str) -> argparse.ArgumentParser:
        q: argparse.ArgumentParser = ps.add_parser(name, help=help_, description=help_)
        q.add_argument("file", type=file_name, metavar="FILE",
                       help="any source import reads: a puzzle file with the player's "
                       "state, a plain grid, JSON, a screenshot, our SVG, a puzz.link URL "
                       "or an SBN string ('-' for stdin)")
        q.add_argument("--stars", "-k", type=positive_int, metavar="K", dest="source_stars",
                       help="stars per row, column and region where the source does not "
                       "say (a screenshot, a plain grid)")
        return q

    q = with_file("solve", "find a solution (exit 1 when there is provably none)")
    q.add_argument("--json", action="store_true", help="print JSON")
    add_timeout(q)
    q.set_defaults(func=_solve)

    q = with_file("count", "count the solutions exactly, optionally stopping past K")
    q.add_argument("--max", type=non_negative_int, metavar="K", dest="max",
                   help="stop after K + 1 solutions and report 'more than K'")
    q.add_argument("--json", action="store_true", help="print JSON")
    add_timeout(q)
    q.set_defaults(func=_count)

    q = with_file("explain", "solve step by step with human rules, and grade the puzzle; "
                  "warn when it has more than one solution (exit 1 when it has none)")
    q.add_argument("--lang", "-l", default="en", help=langs)
    q.add_argument("--json", action="store_true", help="print JSON")
    q.add_argument("--seconds", type=positive_int, metavar="S", default=None,
                   help="explain for at most S seconds and show the steps found (default: "
                   "no limit below 26 x 26, 30 s from there; said on stderr first)")
    q.set_defaults(func=_explain)

    q = ps.add_parser("make", help="generate a puzzle with exactly one solution",
                      description="Generate a puzzle with exactly one solution, the same "
                      "for the same seed. Region puzzles (k stars per row, column and "
                      "region; Queens for k = 1, Star Battle for more) grow connected "
                      "regions around a random solution and change them as the logical "
                      "solver directs until it solves the puzzle alone at the grade asked "
                      "for (always logic-only, unless --grade search); completion puzzles "
                      "remove givens while the completion stays unique. A 15 x 15 takes "
                      "about a second, 25 x 25 several; 3 stars and more take tens of "
                      "seconds to minutes. Progress on a terminal after a second; Ctrl-C "
                      "stops.")
    q.add_argument("size_given", nargs="?", type=positive_int, metavar="N",
                   help="board size (or --size N)")
    q.add_argument("--size", "-n", type=positive_int, metavar="N",
                   help="board size, as the positional N")
    q.add_argument("--stars", "-k", type=positive_int, default=1, metavar="K",
                   help="region puzzles: K stars per row, column and region (default 1, "
                   "the Queens game; K > 1 needs N >= 4K: 10/2, 14/3, 17/4, 21/5, 25/6 "
                   "are classic)")
    q.add_argument("--kind", choices=("regions", "completion"), default="regions")
    q.add_argument("--grade", metavar="G",
                   help="exact difficulty: 1-5 or easy, medium, hard, expert, search "
                   "(search is rare, expert slower: see docs/puzzles.md)")
    q.add_argument("--attempts", type=positive_int, default=None, metavar="A",
                   help="fresh starts before giving up (exit 3; default 50, 1000 for a "
                   "6 x 6 expert)")
    q.add_argument("--seed", type=non_negative_int, metavar="S",
                   help="random seed (default: drawn and printed)")
    q.add_argument("--logic-only", action="store_true",
                   help="only puzzles the logical rules solve without search")
    q.add_argument("--diagonals", action="store_true",
                   help="region puzzles: queens may not share a diagonal either")
    q.add_argument("--pieces", action=argparse.BooleanOptionalAction, default=None,
                   help="region puzzles: regions may fall into pieces, as in many real "
                   "puzzles (default: only for --grade expert with one star up to 10 x 10, "
                   "where connected experts are rare)")
    shape = q.add_mutually_exclusive_group()
    shape.add_argument("--format", "-f", choices=("text", "json", "svg", "png"), default="text",
                       help="png needs the png extra")
    add_json_shorthand(shape)
    q.add_argument("--solution", action="store_true", help="svg, png: draw the solution")
    q.add_argument("--output", "--out", "-o", type=file_name, metavar="FILE",
                   help="write here instead of stdout")
    q.set_defaults(func=_make)

    q = with_file("svg", "draw the puzzle as SVG, or PNG with --png (regions in colour and "
                  "letters)")
    q.add_argument("--solution", action="store_true", help="draw the solution on top")
    q.add_argument("--png", action="store_true",
                   help="write PNG instead of SVG (needs the png extra)")
    q.add_argument("--output", "--out", "-o", type=file_name, metavar="FILE",
                   help="write here instead of stdout")
    q.set_defaults(func=_svg)

    q = with_file("play", "write a self-contained HTML page to play the puzzle offline")
    q.add_argument("--lang", "-l", default="en", help=langs)
    q.add_argument("--output", "--out", "-o", type=file_name, metavar="FILE", required=True,
                   help="the HTML file")
    q.add_argument("--seconds", type=positive_int, metavar="S", default=20,
                   help="explain the hints for at most S seconds (default 20; past them the "
                   "page's later hints come from the solution)")
    q.set_defaults(func=_play)

    from nqueens.cli import puzzle_hint, puzzle_io

    puzzle_io.register(ps)  # import and export
    puzzle_hint.register(with_file)  # hint and check


MAX_PUZZLE_BYTES = 1 << 20
"""The largest puzzle file read (1 MiB: far beyond any board the solvers take)."""


def _read(path: str, stars: int | None = None) -> Puzzle:
    return _load(path, stars).puzzle


def _load(path: str, stars: int | None = None) -> Any:
    """The puzzle and the player's state in SOURCE `path` (see `_puzzle_source`)."""
    from nqueens.cli._puzzle_source import load

    return load(path, stars)


def _grid(p: Puzzle, solution: Any, crossed: Any = ()) -> str:
    """The solution (a column per row, or k columns per row) as rows of Q (a queen or star),
    . (empty) and x (blocked, or crossed by the player)."""
    from nqueens.puzzles.solution import star_squares

    blocked = set(p.blocked) | set(crossed)
    rows = [["x" if (r, c) in blocked else "." for c in range(p.n)] for r in range(p.n)]
    for r, c in star_squares(solution):
        rows[r][c] = "Q"
    return "".join("".join(row) + "\n" for row in rows)


def _searched(args: argparse.Namespace, p: Puzzle, search: Any) -> Any:
    """`search(timeout=..., progress=...)` with the command's `--timeout` and a progress
    line on a terminal; a search stopped at its limit says so (the JSON record too, with
    `--json`) and gives `_UNKNOWN`, on which the command exits `EXIT_UNKNOWN`."""
    from nqueens.errors import SearchTimeout

    show = progress_line()
    try:
        return search(timeout=args.timeout, progress=show)
    except SearchTimeout as stop:
        clear_progress(show)
        if args.json:
            print(json.dumps({**p.to_json(), "unknown_after": args.timeout}))
        print(f"nqueens: {stop}", file=sys.stderr)
        return _UNKNOWN
    finally:
        clear_progress(show)


_UNKNOWN = object()
"""What `_searched` gives when the search stopped at `--timeout` (said already)."""


def _solve(args: argparse.Namespace) -> int:
    from nqueens.puzzles.exact import solve

    imported = _load(args.file, args.source_stars)
    p = imported.puzzle
    if imported.progress:
        if args.timeout is not None:
            raise UsageError("--timeout applies to a puzzle without a player's state (this "
                             "one has marks: its answer comes from the hints)")
        return _solve_from(imported, args.json)
    cols = _searched(args, p, lambda **lim: solve(p, **lim))
    if cols is _UNKNOWN:
        return EXIT_UNKNOWN
    if args.json:
        print(json.dumps({**p.to_json(), "solution": None if cols is None
                          else _json_solution(cols), "exhaustive": cols is None}))
    elif cols is None:
        print("no solution: the exhaustive search proves that this puzzle has none")
    else:
        sys.stdout.write(_grid(p, cols))
    return EXIT_NONE if cols is None else 0


def _solve_from(imported: Any, as_json: bool) -> int:
    """`solve` of a board with a player's state: the solution that agrees with it, or the
    mistake that leaves none (exit 1)."""
    from nqueens.puzzles.check import marks
    from nqueens.puzzles.hint import agreeing_solution, hint

    p = imported.puzzle
    found = agreeing_solution(p, imported.progress)
    if as_json:
        print(json.dumps({**p.to_json(), "solution": None if found is None
                          else _json_solution(found), "exhaustive": found is None}))
    elif found is None:
        print(f"no solution agrees with the state: {hint(p, imported.progress).text}")
    else:
        sys.stdout.write(_grid(p, found, marks(imported.progress)[1]))
    return EXIT_NONE if found is None else 0


def _json_solution(solution: Any) -> list[Any]:
    """1-based: a column per row (one star), or each row's columns (k stars)."""
    return [c + 1 if isinstance(c, int) else [x + 1 for x in c] for c in solution]


def _count(args: argparse.Namespace) -> int:
    from nqueens.puzzles.exact import count

    p = _read(args.file, args.source_stars)
    result = _searched(args, p, lambda **lim: count(p, limit=args.max, **lim))
    if result is _UNKNOWN:
        return EXIT_UNKNOWN
    if args.json:
        print(json.dumps({**p.to_json(), "count": result.count if result.exact else None,
                          "more_than": None if result.exact else args.max,
                          "unique_solution": result.exact and result.count == 1}))
    else:
        print(result)
    return 0


def _explain(args: argparse.Namespace) -> int:
    from nqueens.puzzles.exact import count
    from nqueens.puzzles.logic import not_unique_text, step_text, summary_text

    step_text_check(args.lang)
    imported = _load(args.file, args.source_stars)
    p = imported.puzzle
    e, finished = _explained(p, imported.progress, args.seconds)
    counted = count(p, limit=1)    # stops at the second solution: enough to warn
    lines = [step_text(s, args.lang, p) for s in e.steps]
    warning = not_unique_text(counted, args.lang)
    code = EXIT_NONE if e.solution is None else 0
    if args.json:
        print(json.dumps({
            **p.to_json(), "grade": e.grade, "grade_name": e.grade_name,
            "logic_only": e.logic_only, "techniques": list(e.techniques),
            "solution": None if e.solution is None else _json_solution(e.solution),
            "steps": [{"rule": s.rule, "grade": s.grade,
                       "place": None if s.place is None else [s.place[0] + 1, s.place[1] + 1],
                       "removed": [[r + 1, c + 1] for r, c in s.removed], "text": text}
                      for s, text in zip(e.steps, lines, strict=True)],
            "summary": summary_text(e, args.lang), "count": _exact(counted),
            "more_than": None if counted.exact else 1,
            "unique_solution": counted.exact and counted.count == 1, "warning": warning},
            ensure_ascii=False))
        return code
    width = len(str(len(lines)))
    for i, text in enumerate(lines, 1):
        print(f"{i:>{width}}. {text}")
    print(summary_text(e, args.lang) if finished else
          f"Stopped after {args.seconds or 30} s at step {len(lines)}: the rest is not explained "
          "(--seconds S allows more).")
    if warning is not None:
        print(warning)
    return code if finished else 0


def _explained(p: Puzzle, state: Any, seconds: int | None) -> tuple[Any, bool]:
    """The explanation, from a player's state where given (its queens and crosses taken as
    given; a board that breaks a rule is refused in one line), within `seconds` (a large
    board: a limit of 30 s unless said, announced on stderr first); and whether it is finished."""
    from nqueens.puzzles.budget import LARGE_N, explain_within
    from nqueens.puzzles.check import check_state, marks, state_text

    start = None
    if state:
        broken = check_state(p, state)
        if broken is not None:
            raise UsageError(f"the state breaks a rule: {state_text(p, state, broken)} "
                             "(nqueens puzzle check FILE says the same)")
        start = marks(state)
    if seconds is None and p.n >= LARGE_N:
        seconds = 30
        print(f"nqueens: a {p.n} x {p.n} board: explaining it may take many minutes; "
              f"showing the steps found in {seconds} s (--seconds S for more; Ctrl-C "
              "stops)", file=sys.stderr)
    return explain_within(p, float(seconds) if seconds else float("inf"), start=start,
                          progress=_step_progress())


def _step_progress() -> Any:
    """Steps found so far on stderr, on a terminal only."""
    if not sys.stderr.isatty():
        return None

    def show(steps: int) -> None:
        sys.stderr.write(f"\r{steps} steps found...")
        sys.stderr.flush()
    return show


def _exact(counted: Any) -> int | None:
    """The count when it is exact, else None (JSON's `count`; `more_than` says the rest)."""
    return counted.count if counted.exact else None


def step_text_check(lang: str) -> None:
    from nqueens.cli._puzzle_source import check_lang

    check_lang(lang)


_FLAGS = {"n": "--size", "kind": "--kind", "seed": "--seed", "grade": "--grade",
          "logic_only": "--logic-only", "diagonals": "--diagonals", "attempts": "--attempts",
          "stars": "--stars", "pieces": "--pieces"}
"""The flag of each parameter of a make request, for the library's refusals."""


def _make(args: argparse.Namespace) -> int:
    from nqueens.errors import NQueensError
    from nqueens.puzzles.generate import make_from
    from nqueens.puzzles.request import make_request

    args.size = _board_size(args)
    if args.solution and args.format not in ("svg", "png"):
        raise UsageError("--solution applies only to --format svg or png")
    if args.format == "png":
        _check_png(args.output)
    if args.grade is not None and not args.grade.isascii():
        # "\u0663" is no grade 3 here, as in every number
        raise UsageError(f"--grade {args.grade!r}: use 1-5 or easy, medium, hard, expert, "
                         "search")
    try:
        request = make_request(args.size, kind=args.kind, seed=args.seed, grade=args.grade,
                               logic_only=args.logic_only, diagonals=args.diagonals,
                               stars=args.stars, attempts=args.attempts, pieces=args.pieces)
    except NQueensError as err:
        raise type(err)(_in_flags(str(err), getattr(err, "params", ()))) from None
    from nqueens.cli._make_progress import MakeProgress

    if request.rules.has_regions and request.rules.one_star and request.want != 5:
        from nqueens.puzzles.quick import needs_compiling

        announce_compiling("the puzzle solver", needs_compiling)
    with MakeProgress(args.size, args.stars) as shown:
        made = make_from(request, shown)
    p = made.puzzle
    if args.format == "json":
        text = json.dumps({"puzzle": p.to_json(), "text": p.to_text(), "seed": made.seed,
                           "grade": made.grade, "grade_name": made.grade_name,
                           "stars": p.stars, "solution": _json_solution(made.solution),
                           "unique_solution": True}) + "\n"
    elif args.format in ("svg", "png"):
        from nqueens.render.puzzle_svg import puzzle_svg

        text = puzzle_svg(p, solution=made.solution if args.solution else None)
        if args.format == "png":
            _emit_png(text, args.output)
            return 0
    else:
        text = (f"# made by: nqueens puzzle make --size {args.size} --kind {args.kind} "
                f"--seed {made.seed}" + (f" --stars {args.stars}" if args.stars > 1 else "")
                + (" --logic-only" if args.logic_only else "")
                + (" --diagonals" if args.diagonals else "")
                + {None: "", True: " --pieces", False: " --no-pieces"}[args.pieces]
                + (f" --grade {args.grade}" if args.grade is not None else "")
                + f"\n# exactly one solution; difficulty: {made.grade_name}\n" + p.to_text())
    _emit(text, args.output)
    return 0


def _in_flags(message: str, params: tuple[str, ...]) -> str:
    """A library refusal in the command line's words: each parameter it names, its flag.

    >>> _in_flags("grade 5 (search) contradicts logic_only", ("grade", "logic_only"))
    '--grade 5 (search) contradicts --logic-only'
    """
    import re

    for name in params:
        message = re.sub(rf"(?<![\w-]){re.escape(name)}\b", _FLAGS.get(name, name), message,
                         count=1)
    return message


def _svg(args: argparse.Namespace) -> int:
    from nqueens.puzzles.exact import solve
    from nqueens.render.puzzle_svg import puzzle_svg

    if args.png:
        _check_png(args.output)
    _not_over_the_input(args.file, args.output)
    imported = _load(args.file, args.source_stars)
    p = imported.puzzle
    cols = None
    queens: Any = []
    crosses: Any = []
    if imported.progress and not args.solution:
        from nqueens.puzzles.check import marks

        queens, crosses = marks(imported.progress)
    if args.solution:
        cols = solve(p)
        if cols is None:
            raise UsageError(f"--solution: the puzzle in {args.file!r} has no solution")
    svg = puzzle_svg(p, solution=cols, queens=queens, crosses=crosses)
    if args.png:
        _emit_png(svg, args.output)
    else:
        _emit(svg, args.output)
    return 0


def _play(args: argparse.Namespace) -> int:
    from nqueens.render.puzzle_play import play_html

    step_text_check(args.lang)
    _not_over_the_input(args.file, args.output)
    imported = _load(args.file, args.source_stars)
    from nqueens.puzzles.budget import explain_within

    p = imported.puzzle
    e, finished = explain_within(p, float(args.seconds), progress=_step_progress())
    solution = None
    if not finished:
        from nqueens.puzzles.exact import solve

        print(f"nqueens: the explainer found {len(e.steps)} steps in {args.seconds} s; the "
              "page's later hints come from the solution", file=sys.stderr)
        solution = solve(p)
    _emit(play_html(p, lang=args.lang, state=imported.progress, explained=e,
                    solution=solution), args.output)
    return 0


def _not_over_the_input(puzzle: str, output: str | None) -> None:
    """Refuse an output that would replace the puzzle file it is drawn from."""
    if output is not None and puzzle != "-" and same_file(puzzle, output):
        raise UsageError(f"--output {output!r} is the puzzle file itself; writing there "
                         "would replace the puzzle: give another file")


def _emit(text: str, output: str | None) -> None:
    if output is None:
        from nqueens.cli._streams import write_document

        write_document(text)
        return
    with atomic_output(output) as f:
        f.write(text)


def _check_png(output: str | None) -> None:
    """Before any work: PNG is refused on a terminal, and without cairosvg (one line each)."""
    from nqueens.render.png import svg_to_png

    if output is None and sys.stdout.isatty():
        raise UsageError("PNG is binary: give --output FILE or redirect stdout to a file")
    svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')


def _emit_png(svg: str, output: str | None) -> None:
    from nqueens.render.png import svg_to_png

    data = svg_to_png(svg)
    if output is None:
        from nqueens.cli._streams import write_document

        write_document(data)
        return
    with atomic_output(output, "wb") as f:
        f.write(data)


def _board_size(args: argparse.Namespace) -> int:
    """The size `puzzle make` was given, as `N` or as `--size N` (not two sizes)."""
    given = [v for v in (args.size_given, args.size) if v is not None]
    if not given:
        raise UsageError("puzzle make needs a board size: nqueens puzzle make N (or --size N)")
    if len(given) == 2 and given[0] != given[1]:
        raise UsageError(f"two board sizes given: {given[0]} and --size {given[1]}")
    return int(given[0])
