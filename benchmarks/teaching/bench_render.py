"""Time the renderers and write docs/render-benchmarks.md (run from the repository root).

    PYTHONPATH=src python benchmarks/teaching/bench_render.py

Each row is the best of several repeats of one call, measured in one run on this machine;
the output sizes are exact.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

from nqueens.analysis.tree import pruned_tree
from nqueens.render.player import player_html
from nqueens.render.svg import board_svg
from nqueens.render.tree import tree_svg
from nqueens.trace import events


def best(fn: Callable[[], object], *, repeat: int = 5, number: int = 1) -> tuple[float, object]:
    """Best time of one call (seconds) over ``repeat`` rounds of ``number`` calls."""
    times = []
    result: object = None
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            result = fn()
        times.append((time.perf_counter() - t) / number)
    return min(times), result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=None,
                    help="write the markdown here instead of saving it in benchmarks/results")
    args = ap.parse_args(argv)
    eight = (0, 4, 7, 5, 2, 6, 1, 3)
    rows: list[tuple[str, float, int]] = []

    def add(name: str, fn: Callable[[], object], number: int = 1) -> None:
        t, out = best(fn, number=number)
        size = len(out) if isinstance(out, (str, bytes)) else 0
        rows.append((name, t, size))
        print(f"{name:45s} {t * 1e3:10.3f} ms {size:10,d} bytes", flush=True)

    add("board_svg, n = 8", lambda: board_svg(eight), number=200)
    add("board_svg, n = 8, attacks=True", lambda: board_svg(eight, attacks=True), number=200)
    add("board_svg, n = 32", lambda: board_svg(tuple(range(0, 32, 2)), n=32), number=20)
    try:
        from nqueens.render.png import svg_to_png

        svg = board_svg(eight)
        add("svg_to_png, n = 8 board (400 px)", lambda: svg_to_png(svg), number=5)
    except Exception as err:  # cairosvg missing: leave the row out
        print("png skipped:", err)
    # search + build (nqueens.analysis.tree) and draw (nqueens.render.tree), as the CLI does
    add("tree_svg, n = 4, until first (27 nodes)", lambda: tree_svg(pruned_tree(4)), number=20)
    add("tree_svg, n = 4, all (61 nodes)",
        lambda: tree_svg(pruned_tree(4, until="all")), number=20)
    add("tree_svg, n = 5, all (221 nodes)",
        lambda: tree_svg(pruned_tree(5, until="all")), number=5)
    add("tree_svg, n = 8, until first (877 nodes)", lambda: tree_svg(pruned_tree(8)), number=5)
    add("tree_svg, n = 8, all (15,721 nodes)",
        lambda: tree_svg(pruned_tree(8, until="all")), number=2)
    for n in (4, 6):
        evs = list(events(n))
        lines = [f"{e.kind} {e.row + 1},{e.col + 1}" for e in evs]
        add(f"player_html, n = {n}, all ({len(evs)} events)",
            lambda evs=evs, lines=lines, n=n: player_html(n=n, events=evs, lines=lines,
                                                          lang="en"), number=5)

    table = ["| what | time per call | output |", "|---|---:|---:|"]
    for name, t, size in rows:
        shown = f"{t * 1e6:,.0f} µs" if t < 1e-3 else f"{t * 1e3:,.1f} ms"
        table.append(f"| {name} | {shown} | {size:,} bytes |")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from _results import publish  # benchmarks/_results.py
    publish("render",
        "# Renderer timings\n\n"
        "Made by `PYTHONPATH=src python benchmarks/teaching/bench_render.py` "
        f"(Python {platform.python_version()}, {platform.machine()}); best of 5 rounds, "
        "one run, on a shared 2-core machine under load from other jobs, so read the "
        "numbers as orders of magnitude.\n\n" + "\n".join(table) + "\n",
        args.out,
    )


if __name__ == "__main__":
    main()
