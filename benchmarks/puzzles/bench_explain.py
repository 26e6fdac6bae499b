"""Explain every real puzzle we have; time it and tabulate the grades in docs/puzzles.md.

    PYTHONPATH=src python benchmarks/puzzles/bench_explain.py [--no-write] [--out FILE]

Explains the 395 community levels with one solution (``tests/data/community-levels.jsonl``)
the qsolve games (``tests/data/qsolve-games.jsonl``) and the 2-star Star Battles
(``tests/data/starbattle-puzzlink.jsonl``) once each, in one process, and
writes between the markers of docs/puzzles.md: the grade distribution (the table that
``tests/test_puzzles_explain.py`` checks against a fresh run), the hardest technique per
level, the levels that still need search, and the time (total, median and slowest level,
by size), and what 2x2 blocks (the Star Battle counting technique) change: the grades
of the real Star Battles and of unique random 2-star puzzles (9 x 9 and 10 x 10, regions
grown around a planted placement by the tests' ``planted_star_puzzle``, seeds from 0,
the first ones with exactly one solution), explained with and without the technique. The
same run goes into the results (``results/explain.jsonl``) and so onto
docs/performance.md, unless ``--out FILE`` (a trial run) or ``--no-write``. A benchmark,
never a timed test: read the seconds with the load of the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import generated_line, machine_line  # noqa: E402
from _results import publish  # noqa: E402

from nqueens.puzzles import ladder  # noqa: E402
from nqueens.puzzles.exact import count  # noqa: E402
from nqueens.puzzles.explain_text import TECHNIQUE_NAMES  # noqa: E402
from nqueens.puzzles.logic import GRADES, explain  # noqa: E402
from nqueens.puzzles.model import region_puzzle  # noqa: E402

DATA = ROOT / "tests" / "data"
DOCS = ROOT / "docs" / "puzzles.md"
START, END = "<!-- corpus grades -->", "<!-- corpus grades end -->"

ALLOWS = {
    "easy": "last square, a region (row, column) confined to one line; with k > 1 stars, "
            "only one way (a unit's squares left hold its stars one way only)",
    "medium": "2 regions in 2 lines, a square that attacks a whole region (the shapes); "
              "with k > 1 stars, 2x2 blocks in two rows or columns",
    "hard": "3 or more regions in as many lines, pairs of rows or columns, a contradiction "
            "at most 3 forced queens away; with k > 1 stars, 2x2 blocks in more lines or "
            "with regions taken out",
    "expert": "a longer contradiction, or one reached through the easier techniques",
    "search": "trial and error (the exhaustive search places a queen)",
}


BLOCKS_SAMPLE = ((9, 30), (10, 10))
"""Sizes and how many unique random 2-star puzzles of each the blocks comparison explains."""


def blocks_effect(battles: list[tuple[str, object]]) -> list[str]:
    """Grades with and without 2x2 blocks: the real Star Battles, then unique random
    2-star puzzles; a Markdown table (no row starts with a one-digit grade)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_puzzles_explain import planted_star_puzzle  # the tests' planted puzzles

    sets: list[tuple[str, list]] = [("the real Star Battles above", [p for _, p in battles])]
    for n, want in BLOCKS_SAMPLE:
        found, seed = [], 0
        while len(found) < want:
            p = planted_star_puzzle(n, 2, seed)
            seed += 1
            if count(p, limit=2).count == 1:
                found.append(p)
        sets.append((f"unique random {n}x{n}, 2 stars (seeds 0-{seed - 1})", found))
    real = list(ladder.LADDER)
    without = [r for r in real if r.technique.name != "blocks"]
    lines = ["| puzzles | how many | grades without 2x2 blocks | grades with them | "
             "using them | time without / with, s |", "|---|---:|---|---|---:|---:|"]
    for name, puzzles in sets:
        grades, used, took = [], 0, []
        for rungs in (without, real):
            ladder.LADDER[:] = rungs
            t = time.perf_counter()
            explained = [explain(p) for p in puzzles]
            took.append(time.perf_counter() - t)
            tally = Counter(e.grade_name for e in explained)
            grades.append(", ".join(f"{g} {tally[g]}" for g in GRADES if tally[g]))
            used = sum("blocks" in e.techniques for e in explained)
        ladder.LADDER[:] = real
        lines.append(f"| {name} | {len(puzzles)} | {grades[0]} | {grades[1]} | {used} | "
                     f"{took[0]:.1f} / {took[1]:.1f} |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--out", help="write the performance section to this file instead of "
                    "the results (a trial run)")
    args = ap.parse_args()
    levels = [json.loads(line) for line in
              (DATA / "community-levels.jsonl").read_text().splitlines()]
    unique = [lv for lv in levels if lv["solutions"] == 1]
    grades: Counter[str] = Counter()
    hardest: Counter[str] = Counter()
    search: list[int] = []
    times: dict[int, list[float]] = defaultdict(list)
    start = time.perf_counter()
    for lv in unique:
        p = region_puzzle(lv["rows"], connected=False)
        t = time.perf_counter()
        e = explain(p)
        times[p.n].append(time.perf_counter() - t)
        grades[e.grade_name] += 1
        hardest[max(e.steps, key=lambda s: s.grade).rule] += 1
        if not e.logic_only:
            search.append(lv["id"])
    total = time.perf_counter() - start
    games = [json.loads(line) for line in (DATA / "qsolve-games.jsonl").read_text().splitlines()]
    qsolve = []
    for g in games:
        e = explain(region_puzzle(g["rows"], connected=False))
        qsolve.append(f"{g['name']} {e.grade_name}" + ("" if e.logic_only else " (search)"))
    battles, real_battles = [], []
    for g in (json.loads(line) for line in
              (DATA / "starbattle-puzzlink.jsonl").read_text().splitlines()):
        p = region_puzzle(g["rows"], stars=g["stars"])
        real_battles.append((g["name"], p))
        t = time.perf_counter()
        e = explain(p)
        battles.append(f"{g['name']} ({p.n}x{p.n}, {g['stars']} stars) {e.grade_name} in "
                       f"{time.perf_counter() - t:.2f} s")
    everything = [t for ts in times.values() for t in ts]
    lines = [START, "", generated_line("puzzles/bench_explain.py", []) + f" {machine_line()}, "
             f"load average {os.getloadavg()[0]:.1f}.", "",
             "| grade | name | levels | share | what it allows (beyond the grades above) |",
             "|---:|---|---:|---:|---|"]
    for g, name in enumerate(GRADES[1:], 1):
        lines.append(f"| {g} | {name} | {grades[name]} | "
                     f"{100 * grades[name] / len(unique):.0f}% | {ALLOWS[name]} |")
    lines += ["", "The hardest step of each level, by technique: " + ", ".join(
        f"{TECHNIQUE_NAMES[r]['en']} {c}" for r, c in hardest.most_common()) + ".", "",
        f"Levels that still need search: {', '.join(map(str, search)) or 'none'}.", "",
        "The qsolve games: " + ", ".join(qsolve) + ".", "",
        "The Star Battles of `tests/data/starbattle-puzzlink.jsonl`: " + ", ".join(battles)
        + ".", "",
        "2x2 blocks (for k > 1) on Star Battles, explained without and with them:", "",
        *blocks_effect(real_battles), "",
        f"Time: all {len(unique)} levels in {total:.1f} s (median "
        f"{1000 * statistics.median(everything):.0f} ms, slowest "
        f"{1000 * max(everything):.0f} ms); by size, median / slowest:", "",
        "| n | levels | median | slowest |", "|---:|---:|---:|---:|"]
    for n in sorted(times):
        ts = times[n]
        lines.append(f"| {n} | {len(ts)} | {1000 * statistics.median(ts):.0f} ms | "
                     f"{1000 * max(ts):.0f} ms |")
    lines += ["", END]
    block = "\n".join(lines)
    print(block)
    if args.no_write:
        return
    text = DOCS.read_text()
    if START in text and END in text:
        text = text[:text.index(START)] + block + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    DOCS.write_text(text)
    section = block.replace(START, "").replace(END, "").strip()
    publish("explain", "## Explaining real puzzles (the explainer on every real puzzle we "
            "have)\n\n" + section + "\n", args.out)


if __name__ == "__main__":
    main()
