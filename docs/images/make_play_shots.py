"""Screenshots of the puzzle play page (run from the repository root).

    PYTHONPATH=src python docs/images/make_play_shots.py

Writes puzzle-play-laptop.png (an 8 x 8 Queens puzzle in a 1366 x 768 window: a few moves,
the keyboard cursor, automatic crosses and the explainer's next step as a hint) and
puzzle-play-phone.png (a 10 x 10 two-star Star Battle in a 390 x 844 phone, played by
touch), taken with headless Debian chromium through playwright, the pages made by
``nqueens puzzle play`` from the puzzles below.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

QUEENS = """kind: regions
AABBBBCC
AABBBBBC
AAABBBBD
AAEEBBBD
AEEEEDDD
FEEEEEDG
HEEEEGGG
HHEGGGGG
"""
"""``nqueens puzzle make -n 8 --seed 5``."""

STARS = """kind: regions
stars: 2
ABBBBBCDDD
ABBCCCCCDD
ABBCEECCCD
AABEECCCDD
AAFEGGGGGG
AFFEEGGGGG
FFHHEGGGGI
FFHHEEIIJI
FHHHJJIIJI
FHHHJJJJJJ
"""
"""A 10 x 10 two-star puzzle (``benchmarks/bench_puzzles_cpsat.py``'s ``star_battle(10, 2, 0)``)."""


def page(text: str, out: Path) -> Path:
    src = out / "puzzle.txt"
    src.write_text(text, encoding="utf-8")
    html = out / (src.stem + ".html")
    subprocess.run([sys.executable, "-m", "nqueens", "puzzle", "play", str(src), "-o", str(html)],
                   check=True, env={**os.environ, "PYTHONPATH": str(HERE.parents[1] / "src")})
    return html


def cell(r: int, c: int) -> str:
    return f'rect.cell[data-row="{r}"][data-col="{c}"]'


def main() -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("needs Debian's chromium (apt install chromium) and playwright")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        laptop = browser.new_context(viewport={"width": 1366, "height": 768})
        tab = laptop.new_page()
        tab.goto(page(QUEENS, Path(tmp)).as_uri())
        tab.check("#auto")
        tab.click(cell(5, 0))
        tab.click(cell(5, 0))                    # region F's queen, with automatic crosses
        for c in (0, 1):
            tab.click(cell(0, c))                # crosses
        tab.click("#hint")
        tab.keyboard.press("ArrowDown")          # the keyboard cursor
        tab.keyboard.press("ArrowRight")
        tab.screenshot(path=str(HERE / "puzzle-play-laptop.png"))
        laptop.close()
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                    has_touch=True, device_scale_factor=2)
        tab = phone.new_page()
        (Path(tmp) / "stars").mkdir()
        tab.goto(page(STARS, Path(tmp) / "stars").as_uri())
        tab.check("#auto")
        for r, c in ((0, 3), (0, 3), (0, 7), (0, 7), (2, 0), (2, 0), (9, 9), (8, 9)):
            tab.tap(cell(r, c))                  # three stars, two crosses
        tab.screenshot(path=str(HERE / "puzzle-play-phone.png"))
        browser.close()
    print("wrote", HERE / "puzzle-play-laptop.png", HERE / "puzzle-play-phone.png")


if __name__ == "__main__":
    main()
