"""Time ``nqueens puzzle make`` at the players' sizes, and how often each grade is found.

    PYTHONPATH=src python benchmarks/puzzles/bench_make.py [--quick] [--seeds S] [--out FILE]

Sizes: the whole command, as a user runs it (a fresh process each time: Python with its
bytecode cache, numba's cached kernels, the generator, the output), ``--json`` to read the
grade, for one star at n = 5, 10, 15, 20, 25 and the classic Star Battle sizes (10 x 10
with 2 stars, 14 x 14 with 3, 17/4, 21/5, 25/6); median, fastest and slowest of seeds
1..S (k >= 3: three seeds), and the grades made. Then the whole command asked for the
hardest grade, expert, with one star at n = 15, 20 and 25 (the issue's targets: 1 s, 3 s,
15 s).
Grades: in one process, ``make(n, grade=G, seed=s)`` for each grade easy..expert on a few
sizes, each make given at most a third of ``--cap`` seconds (stopped through its tally
when past): how many seeds found one, the median time of all seeds (a stopped one counted
as longer than any) and each seed's time. Saves the results as
``puzzle_make`` (see benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from nqueens.errors import NQueensRuntimeError  # noqa: E402
from nqueens.puzzles import make  # noqa: E402
from nqueens.puzzles.generate import EASY_MOST_STARS  # noqa: E402

SIZES = [(5, 1), (10, 1), (15, 1), (20, 1), (25, 1), (10, 2), (14, 3), (17, 4), (21, 5),
         (25, 6)]
GRADE_SIZES = [(7, 1), (10, 1), (15, 1), (20, 1), (25, 1), (10, 2), (14, 3), (17, 4), (21, 5),
               (25, 6)]
GRADES = ("easy", "medium", "hard", "expert")
WHOLE_EXPERT = [15, 20, 25]
"""One-star sizes whose whole command is also timed with ``--grade expert``."""


class TooLong(Exception):
    """Raised from the tally when a make passes its cap."""


def whole_command(n: int, k: int, seed: int, cap: float, grade: str | None = None
                  ) -> tuple[float, str]:
    """(seconds, grade name) of one ``nqueens puzzle make`` process (``--grade`` when
    given); grade '-' past cap."""
    env = _user_env()
    argv = [sys.executable, "-m", "nqueens", "puzzle", "make", "--size", str(n), "--stars",
            str(k), "--seed", str(seed), "--json", *(["--grade", grade] if grade else [])]
    start = time.perf_counter()
    try:
        out = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=cap,
                             check=True).stdout
    except subprocess.TimeoutExpired:
        return cap, "-"
    return time.perf_counter() - start, json.loads(out)["grade_name"]


def _user_env() -> dict[str, str]:
    """The environment of a user's command: ``src`` on the path, and Python free to keep
    its bytecode cache (``PYTHONDONTWRITEBYTECODE``, set on some build machines, would
    have every command compile the package's sources again: 0.05-0.07 s here)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def graded(n: int, k: int, grade: str, seed: int, cap: float) -> float | None:
    """Seconds to make one puzzle of ``grade`` in process, or None (not found, or past cap)."""
    start = time.perf_counter()

    def tally(boards: int, starts: int) -> None:
        if time.perf_counter() - start > cap:
            raise TooLong

    try:
        made = make(n, stars=k, seed=seed, grade=grade, tally=tally)
    except (TooLong, NQueensRuntimeError):
        return None
    assert made.grade_name == grade
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes only, 2 seeds")
    ap.add_argument("--seeds", type=int, default=5, help="seeds 1..S per row (default 5)")
    ap.add_argument("--cap", type=float, default=90.0,
                    help="seconds allowed per make (default 90; grades: a third of it)")
    ap.add_argument("--out", default=None,
                    help="write the markdown here instead of saving it in benchmarks/results")
    ap.add_argument("--sizes", default=None,
                    help="only these rows, as N/K,N/K (e.g. 14/3), and no grades table")
    args = ap.parse_args(argv)
    seeds = range(1, (2 if args.quick else args.seeds) + 1)
    sizes = [(5, 1), (10, 1), (10, 2)] if args.quick else SIZES
    if args.sizes:
        sizes = [(int(a), int(b)) for a, b in (x.split("/") for x in args.sizes.split(","))]
    make(6, seed=0)  # numba's kernels compiled or loaded once before the timed runs
    whole_command(6, 1, 0, args.cap)  # and Python's bytecode cache written, as a user's is
    table = ["| board | stars | median (s) | fastest (s) | slowest (s) | grades made |",
             "|---|---:|---:|---:|---:|---|"]
    for n, k in sizes:
        # k >= 3 takes seconds to tens of seconds a make: three seeds there
        some = seeds if k <= 2 else seeds[:3]
        runs = [whole_command(n, k, s, args.cap) for s in some]
        times = [t for t, _ in runs]
        made = Counter(g for _, g in runs)
        shown = ", ".join(f"{g} {c}" for g, c in sorted(made.items()))
        table.append(f"| {n} x {n} | {k} | {statistics.median(times):.2f} | {min(times):.2f} "
                     f"| {max(times):.2f} | {shown} |")
        print(table[-1], flush=True)
    experts = ["| board | median (s) | fastest (s) | slowest (s) | grades made |",
               "|---|---:|---:|---:|---|"]
    for n in [] if args.quick or args.sizes else WHOLE_EXPERT:
        runs = [whole_command(n, 1, s, args.cap, "expert") for s in seeds]
        times = [t for t, _ in runs]
        shown = ", ".join(f"{g} {c}" for g, c in sorted(Counter(g for _, g in runs).items()))
        experts.append(f"| {n} x {n} | {statistics.median(times):.2f} | {min(times):.2f} "
                       f"| {max(times):.2f} | {shown} |")
        print(experts[-1], flush=True)
    cap = args.cap / 3
    grades = ["| board | stars | grade | found | median (s) | each seed (s) |",
              "|---|---:|---|---:|---:|---|"]
    for n, k in [] if args.sizes else [(10, 1), (10, 2)] if args.quick else GRADE_SIZES:
        for grade in GRADES:
            if grade == "easy" and k > EASY_MOST_STARS:
                continue  # refused before any board (make's EASY_MOST_STARS)
            times = [graded(n, k, grade, s, cap) for s in seeds]
            found = [t for t in times if t is not None]
            # the median of every seed, one stopped counted as longer than any
            middle = sorted(times, key=lambda t: (t is None, t or 0))[len(times) // 2]
            median = f"> {cap:.0f}" if middle is None else f"{middle:.2f}"
            each = ", ".join("-" if t is None else f"{t:.1f}" for t in times)
            grades.append(f"| {n} x {n} | {k} | {grade} | {len(found)} of {len(seeds)} "
                          f"| {median} | {each} |")
            print(grades[-1], flush=True)
    expert_md = ("The same whole command asked for expert one-star puzzles (`--grade expert`), "
                 f"seeds 1 to {len(seeds)}:\n\n" + "\n".join(experts) + "\n\n"
                 if len(experts) > 2 else "")
    markdown = (
        "# Making puzzles: time and grades\n\n"
        f"Made by `PYTHONPATH=src python benchmarks/puzzles/bench_make.py` (Python "
        f"{platform.python_version()}, {platform.machine()}), on a shared 2-core machine "
        "under load from other jobs (times vary by about 2x between runs). The whole "
        "command `nqueens puzzle make --size N --stars K --seed S --json`, a fresh process "
        "each time (Python's bytecode cache kept, as a user's is), "
        f"seeds 1 to {len(seeds)} (k >= 3: 1 to 3), no grade "
        "asked (the generator returns the first logic-only puzzle it reaches); a run past "
        f"{args.cap:.0f} s is stopped and "
        "counted at that time, grade '-'.\n\n" + "\n".join(table) + "\n\n"
        + expert_md +
        f"Each grade asked for, in one process, seeds 1 to {len(seeds)}, each make stopped "
        f"after {cap:.0f} s ('-'): how many found one, the median time of all (a stopped "
        "one counted as longer than any; the upper middle of an even count) and each "
        "seed's.\n\n"
        + "\n".join(grades) + "\n")
    if args.out:
        Path(args.out).write_text(markdown, encoding="utf-8")
        return
    from _results import save

    save("puzzle_make", markdown)


if __name__ == "__main__":
    main()
