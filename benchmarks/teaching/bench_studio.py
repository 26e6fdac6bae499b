"""Measure the lesson studio's choices side by side in one run (run from the repository root).

    PYTHONPATH=src python benchmarks/teaching/bench_studio.py [--out FILE]

- the worksheet's PDF tool: cairosvg (SVG pages on one cairo PDF surface) against
  matplotlib's PdfPages, each in a fresh process (import included), two A4 pages with
  Japanese text, and whether poppler's pdftotext reads the Japanese back whole;
- the GIF of ``trace 4 --lang ja``: a palette per frame against one palette for all frames
  with Pillow's frame differences (bytes and seconds);
- the player's step in headless Chromium for ``trace 8 --until all --max-steps 20000``
  (milliseconds of script per step; skipped without chromium and playwright).

Medians of 3 runs; a shared 2-core machine, so read the seconds as orders of magnitude.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEXT = "練習 1: 5クイーン"

CAIRO = f"""
import io, time
t = time.perf_counter()
import cairocffi
from cairosvg.parser import Tree
from cairosvg.surface import PDFSurface
t1 = time.perf_counter()
out = io.BytesIO()
shared = cairocffi.PDFSurface(out, 595, 842)
class Page(PDFSurface):
    def _create_surface(self, width, height):
        return shared, width, height
svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="595" height="842"><text x="50" '
       'y="100" font-size="20" font-family="Noto Sans CJK JP">{TEXT}</text></svg>')
for _ in range(2):
    Page(Tree(bytestring=svg.encode()), None, 72)
    shared.show_page()
shared.finish()
open(PATH, "wb").write(out.getvalue())
print(t1 - t, time.perf_counter() - t1)
"""

MPL = f"""
import time
t = time.perf_counter()
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages
t1 = time.perf_counter()
with PdfPages(PATH) as pdf:
    for _ in range(2):
        fig = plt.figure(figsize=(8.27, 11.69))
        fig.text(0.1, 0.9, "{TEXT}", fontsize=20, family="Noto Sans CJK JP")
        pdf.savefig(fig)
        plt.close(fig)
print(t1 - t, time.perf_counter() - t1)
"""


def pdf_tool(code: str, path: str) -> tuple[float, float, bool]:
    """(import seconds, two pages seconds, Japanese read back whole) of one fresh process."""
    out = subprocess.run([sys.executable, "-c", f"PATH = {path!r}\n" + code],
                         capture_output=True, text=True, check=True).stdout.split()
    whole = False
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True,
                              check=True).stdout
        whole = TEXT in text
    return float(out[0]), float(out[1]), whole


def gif_variants() -> list[tuple[str, float, int, int]]:
    from PIL import Image

    from nqueens.narrate import event_lines
    from nqueens.render import gif
    from nqueens.render.png import svg_to_png
    from nqueens.trace import events

    evs = list(events(4, until="first"))
    lines = event_lines(evs, "ja", n=4)
    rows = []
    for _ in range(3):
        t = time.perf_counter()
        shared = gif.trace_gif(4, evs, lines, "ja")
        rows.append(("one palette, frame differences", time.perf_counter() - t, len(shared)))
        t = time.perf_counter()
        rgb, shown = [], ""
        height = max(len(gif._wrap(line, gif._WIDTH - 24)) for line in lines)
        for k, (e, line) in enumerate(zip(evs, lines, strict=True)):
            shown = line or shown
            png = svg_to_png(gif.frame_svg(4, e, shown, "ja", k + 1, len(evs), height))
            rgb.append(Image.open(io.BytesIO(png)).convert("RGB"))
        own = [im.quantize(colors=64, dither=Image.Dither.NONE) for im in rgb]
        out = io.BytesIO()
        own[0].save(out, format="GIF", save_all=True, append_images=own[1:], duration=700,
                    loop=0, optimize=False, disposal=1)
        rows.append(("a palette per frame", time.perf_counter() - t, len(out.getvalue())))
    merged = []
    for name in ("a palette per frame", "one palette, frame differences"):
        runs = [r for r in rows if r[0] == name]
        merged.append((name, statistics.median(r[1] for r in runs), runs[0][2], len(evs)))
    return merged


def player_step(folder: str) -> tuple[int, float, float] | None:
    """(events, seconds to load, milliseconds of script a step) or None without a browser."""
    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if chromium is None:
        return None
    page = os.path.join(folder, "big.html")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    subprocess.run([sys.executable, "-m", "nqueens", "trace", "8", "--until", "all",
                    "--max-steps", "20000", "--html", page], check=True, env=env)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium,
                                    args=["--headless=new", "--no-sandbox", "--disable-gpu"])
        tab = browser.new_page(viewport={"width": 1366, "height": 768})
        t = time.perf_counter()
        tab.goto(Path(page).as_uri())
        tab.wait_for_selector('body[data-ready="1"]', timeout=300_000)
        loaded = time.perf_counter() - t
        ms = tab.evaluate("""() => { const t = performance.now();
            for (let i = 1; i <= 50; i++) { window.nqueensPlayer.go(i);
                                             document.body.offsetHeight; }
            return (performance.now() - t) / 50; }""")
        frames = tab.evaluate("() => window.nqueensPlayer.frames")
        browser.close()
    return frames, loaded, ms


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=None,
                    help="write the markdown here instead of saving it in benchmarks/results")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        tools = {}
        for name, code in (("cairosvg", CAIRO), ("matplotlib", MPL)):
            runs = [pdf_tool(code, os.path.join(folder, f"{name}.pdf")) for _ in range(3)]
            tools[name] = (statistics.median(r[0] for r in runs),
                           statistics.median(r[1] for r in runs), all(r[2] for r in runs))
            print(name, tools[name], flush=True)
        gifs = gif_variants()
        print(gifs, flush=True)
        step = player_step(folder)
        print(step, flush=True)
    md = ["# Lesson studio: the worksheet's PDF tool, the GIF, the player's step", "",
          "Made by `PYTHONPATH=src python benchmarks/teaching/bench_studio.py` (Python "
          f"{platform.python_version()}, {platform.machine()}): medians of 3 runs, side by "
          "side in one run on a shared 2-core machine.", "",
          "| PDF tool (fresh process) | import | two A4 pages | Japanese read back whole |",
          "|---|---:|---:|---|"]
    for name, (imp, pages, whole) in tools.items():
        md.append(f"| {name} | {imp:.2f} s | {pages:.3f} s | {'yes' if whole else 'no'} |")
    md += ["", "| GIF of `trace 4 --lang ja` | frames | seconds | bytes |", "|---|---:|---:|---:|"]
    for name, sec, size, frames in gifs:
        md.append(f"| {name} | {frames} | {sec:.2f} | {size:,} |")
    if step is not None:
        md += ["", "| player in headless Chromium, 1366 x 768 | frames | load | script a step |",
               "|---|---:|---:|---:|",
               f"| `trace 8 --until all --max-steps 20000` | {step[0]:,} | {step[1]:.1f} s | "
               f"{step[2]:.0f} ms |"]
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from _results import publish  # benchmarks/_results.py

    publish("studio", "\n".join(md) + "\n", args.out)


if __name__ == "__main__":
    main()
