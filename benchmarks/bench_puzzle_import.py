"""Time reading puzzles from the wild: screenshots by size and style, and URL/SBN strings.

    PYTHONPATH=src python benchmarks/bench_puzzle_import.py [--quick]

Screenshots are drawn by tests/_puzzle_pictures.py (several styles, as in the tests) from
community levels of each size, at the cell size a phone screenshot has (about 40 px a
square, an app bar above), and read by :func:`nqueens.puzzles.io.image.read_image`; each
reading is checked exact. Reports the median of 3 runs per picture and the medians by size.
A 1000-px picture (the largest read unshrunk) gives the worst case. URLs and SBN strings:
the whole community corpus (connected levels) written and read back, per puzzle.
Prints a Markdown table for docs/puzzle-import.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _puzzle_pictures import draw_board  # noqa: E402
from nqueens.puzzles.io import Imported, export, read_source  # noqa: E402
from nqueens.puzzles.io.image import read_image  # noqa: E402
from nqueens.puzzles.model import region_puzzle  # noqa: E402

CORPUS = Path("/work/shared/reference/puzzles/community-levels.jsonl")


def numbered(rows: list[str]) -> list[list[int]]:
    names: dict[str, int] = {}
    return [[names.setdefault(ch, len(names)) for ch in row] for row in rows]


def best_time(fn, repeats: int = 3) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    levels = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    print("| size | style | picture (px) | read (s, median of 3) |")
    print("|---|---|---|---|")
    for size in (6, 9, 11, 15, 18):
        rows = next(lv["rows"] for lv in levels if lv["size"] == size)
        want = region_puzzle(rows, connected=False).regions
        for style, cell in (("queens", 40), ("dark", 40), ("queens", 1600 // size)):
            if args.quick and cell != 40:
                continue
            data = draw_board(numbered(rows), style=style, cell=cell, header=90, jpeg=60)
            assert read_image(data).puzzle.regions == want
            seconds = best_time(lambda data=data: read_image(data))
            side = size * cell + 60
            print(f"| {size} | {style} | {side} x {side + 90} | {seconds:.3f} |")
    grids = []
    for lv in levels:
        try:
            grids.append(region_puzzle(lv["rows"], connected=True))
        except ValueError:
            continue
    for fmt in ("url", "sbn"):
        t = time.perf_counter()
        for p in grids:
            assert read_source(export(Imported(p), fmt)).puzzle.regions == p.regions
        per = (time.perf_counter() - t) / len(grids)
        print(f"\n{fmt}: {len(grids)} corpus puzzles written and read back, "
              f"{per * 1e6:.0f} us each")


if __name__ == "__main__":
    main()
