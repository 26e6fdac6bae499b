"""Time reading puzzles from the wild: screenshots by size and style, URLs and SBN strings.

    PYTHONPATH=src python benchmarks/puzzles/bench_puzzle_import.py [--quick] [--out FILE]

Screenshots are drawn by tests/_puzzle_pictures.py (the styles the tests use) from community
levels of each size, at the square size of a phone screenshot (40 px, an app bar above, JPEG
at quality 60), and read by :func:`nqueens.puzzles.io.image.read_image`; each reading is
checked exact, then timed (median of 3). A 1600-px picture of each board gives the large
case (pictures over 1000 px a side are shrunk first). URLs and SBN strings: every connected
community level written and read back, checked, timed per puzzle. Saves the results as
``puzzle_import`` (see benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from _puzzle_pictures import draw_board  # noqa: E402
from nqueens.puzzles.io import Imported, export, read_source  # noqa: E402
from nqueens.puzzles.io.image import read_image  # noqa: E402
from nqueens.puzzles.model import region_puzzle  # noqa: E402

CORPUS = ROOT.parent.parent / "shared/reference/puzzles/community-levels.jsonl"
if not CORPUS.exists():
    CORPUS = Path("/work/shared/reference/puzzles/community-levels.jsonl")


def numbered(rows: list[str]) -> list[list[int]]:
    names: dict[str, int] = {}
    return [[names.setdefault(ch, len(names)) for ch in row] for row in rows]


def median_time(fn, repeats: int = 3) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="two sizes, 40-px squares only")
    ap.add_argument("--out", default=None,
                    help="write the markdown here instead of saving it in benchmarks/results")
    args = ap.parse_args(argv)
    levels = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    table = ["| board | style | picture (px) | read (s) |", "|---|---|---|---:|"]
    for size in (6, 11) if args.quick else (6, 9, 11, 15, 18):
        rows = next(lv["rows"] for lv in levels if lv["size"] == size)
        want = region_puzzle(rows).regions
        for style, cell in (("queens", 40), ("dark", 40), ("queens", 1600 // size)):
            if args.quick and cell != 40:
                continue
            data = draw_board(numbered(rows), style=style, cell=cell, header=90, jpeg=60)
            assert read_image(data).puzzle.regions == want
            seconds = median_time(lambda data=data: read_image(data))
            side = size * cell + 60
            table.append(f"| {size} x {size} | {style} | {side} x {side + 90} | "
                         f"{seconds:.3f} |")
    grids = []
    for lv in levels:
        try:
            grids.append(region_puzzle(lv["rows"], connected=True))
        except ValueError:
            continue
    strings = []
    for fmt in ("url", "sbn"):
        t = time.perf_counter()
        for p in grids:
            assert read_source(export(Imported(p), fmt)).puzzle.regions == p.regions
        per = (time.perf_counter() - t) / len(grids)
        strings.append(f"{fmt}: {per * 1e3:.2f} ms a puzzle")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from _results import publish  # benchmarks/_results.py

    publish("puzzle_import",
            "# Puzzle import: screenshots, URLs, SBN\n\n"
            "Made by `PYTHONPATH=src python benchmarks/puzzles/bench_puzzle_import.py` "
            f"(Python {platform.python_version()}, {platform.machine()}), on a shared "
            "2-core machine under load from other jobs (times vary by about 2x between "
            "runs). Screenshots drawn by tests/_puzzle_pictures.py with an app bar, JPEG "
            "at quality 60; each reading checked exact; median of 3. Pictures over 1000 px "
            "a side are shrunk to 1000 first.\n\n" + "\n".join(table) + "\n\n"
            f"Every connected community level ({len(grids)}) written and read back: "
            + ", ".join(strings) + " (most of it the puzzle's own checks).\n",
            args.out)


if __name__ == "__main__":
    main()
