"""Regenerate the pictures in docs/images/ (run from the repository root).

    PYTHONPATH=src python docs/images/make_images.py

Writes board-8.svg, board-attacks.svg (with the command the README shows beside it),
tree-N.svg (n = 4..8, until the first solution) and tree-N-all.svg (n = 4..8, the whole
search), player-4.html, and player.png: a screenshot of the player taken with headless
Debian chromium through playwright (both come with the test extras and .ci/run; without
them the screenshot is skipped with one line and the rest is still written).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from nqueens.analysis.tree import pruned_tree
from nqueens.board import Solution
from nqueens.narrate import event_lines, summary_line
from nqueens.render.player import search_totals, write_player
from nqueens.render.svg import board_svg
from nqueens.render.tree import tree_svg
from nqueens.trace import events

HERE = Path(__file__).resolve().parent
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def nqueens_output(*args: str) -> str:
    """What ``nqueens ARGS`` writes to stdout (this checkout's sources)."""
    src = str(HERE.parents[1] / "src")
    return subprocess.run([sys.executable, "-m", "nqueens", *args], check=True,
                          capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": src}).stdout


def main() -> None:
    (HERE / "board-8.svg").write_text(board_svg(Solution.from_cols([1, 5, 8, 6, 3, 7, 2, 4])))
    # the README shows this picture beside the command that makes it: make it with that command
    (HERE / "board-attacks.svg").write_text(nqueens_output(
        "solve", "8", "--limit", "1", "--format", "svg", "--attacks"))
    (HERE / "tree-4.svg").write_text(tree_svg(pruned_tree(4, until="first")))
    for n in range(4, 9):  # every one fits a 1600 x 900 slide
        (HERE / f"tree-{n}-all.svg").write_text(tree_svg(pruned_tree(n, until="all")))
        if n > 4:
            (HERE / f"tree-{n}.svg").write_text(tree_svg(pruned_tree(n, until="first")))
    evs = list(events(4, until="all"))
    page = HERE / "player-4.html"
    found = sum(e.kind == "solution" for e in evs)
    # as `nqueens trace 4 --until all --compare promising,arrays --html`
    write_player(page, n=4, events=evs, lines=list(event_lines(evs, "en")), lang="en",
                 summary=summary_line(4, found, "en"), strategies=("promising", "arrays"),
                 totals=search_totals(4))
    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if chromium is None:
        print("player.png not made: it needs Debian's chromium and playwright "
              "(pip install -e '.[test]')", file=sys.stderr)
        return

    # a nonpromising try with two attackers shows most of what the player draws
    step = next(i for i, e in enumerate(evs)
                if e.kind == "try" and len(e.attackers) >= 2 and len(e.queens) >= 2)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        tab = browser.new_page(viewport={"width": 1366, "height": 768})
        tab.goto(page.as_uri())
        tab.eval_on_selector(
            "#position", f"el => {{ el.value = {step}; el.dispatchEvent(new Event('input')); }}")
        tab.screenshot(path=str(HERE / "player.png"))
        browser.close()
    subprocess.run(["ls", "-la", str(HERE)], check=False)


if __name__ == "__main__":
    main()
