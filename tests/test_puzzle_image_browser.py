"""Screenshots of our own play page, taken in a real headless Chromium at phone and laptop
sizes, light and dark, with a hover shade, crosses and queens on the board, scaled and
JPEG-compressed: each imports to exactly the puzzle and the marks the page shows (its
``data-state`` of every square, read back from the page). Skipped, with the reason, where
chromium or playwright is missing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("PIL")

from PIL import Image

from nqueens.puzzles import parse_puzzle, solve
from nqueens.puzzles.io import read_source
from nqueens.render.puzzle_play import play_html

pytestmark = pytest.mark.browser

R8 = """kind: regions
AABBBBCC
AABBBBBC
AAABBBBD
AAEEBBBD
AEEEEDDD
FEEEEEDG
HEEEEGGG
HHEGGGGG
"""
"""A unique 8 x 8 region puzzle (``puzzle make -n 8 --seed 5``), as the play page tests use."""

DARK = """body, html { background: #161616 !important; color: #e8e8e8 !important; }
button { background: #2a2a2a !important; color: #eee !important; }"""
INVERTED = "html { filter: invert(1) hue-rotate(180deg); background: white; }"
HOVER = "rect.cell:hover { filter: brightness(0.82); }"

# viewport, device pixel ratio, extra style, JPEG quality (None: PNG), scale afterwards
CASES = [
    ("phone-390x844", (390, 844), 1, "", None, 1.0),
    ("phone-1080x2400-dark-jpeg", (360, 800), 3, DARK, 70, 1.0),
    ("laptop-hover-scaled-jpeg", (1366, 768), 1, HOVER, 80, 0.75),
    ("laptop-inverted", (1366, 768), 1, INVERTED, None, 1.0),
    ("laptop-2x-hover-dark", (1280, 720), 2, DARK + HOVER, 85, 0.6),
]


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("shots") / "r8.html"
    path.write_text(play_html(parse_puzzle(R8)), encoding="utf-8")
    return path


def progress_on(page, n: int) -> tuple[str, ...] | None:
    """The marks the page shows, as a progress: queens Q, crosses (automatic ones too) x."""
    states = page.evaluate("""() => Array.from(document.querySelectorAll('rect.cell'))
        .filter(e => e.dataset.state)
        .map(e => [Number(e.dataset.row), Number(e.dataset.col), e.dataset.state])""")
    grid = [["."] * n for _ in range(n)]
    for r, c, state in states:
        grid[r][c] = "Q" if state == "queen" else "x" if state in ("cross", "auto") else "."
    rows = tuple("".join(row) for row in grid)
    return None if all(set(row) == {"."} for row in rows) else rows


@pytest.mark.parametrize(("name", "size", "ratio", "style", "jpeg", "scale"), CASES,
                         ids=[c[0] for c in CASES])
def test_a_screenshot_of_our_play_page_imports_exactly(browser, page_file, name, size, ratio,
                                                      style, jpeg, scale):
    puzzle = parse_puzzle(R8)
    solution = solve(puzzle)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  device_scale_factor=ratio, is_mobile=size[0] < size[1],
                                  has_touch=size[0] < size[1])
    try:
        page = context.new_page()
        page.goto(page_file.resolve().as_uri())
        page.wait_for_selector('body[data-ready="1"]', timeout=5000)
        if style:
            page.add_style_tag(content=style)
        for r in (1, 4):  # two queens of the solution: a click crosses, a second crowns
            cell = page.locator(f'rect.cell[data-row="{r}"][data-col="{solution[r]}"]')
            cell.click()
            cell.click()
        page.locator(f'rect.cell[data-row="7"][data-col="{(solution[7] + 4) % 8}"]').click()
        page.locator('rect.cell[data-row="6"][data-col="7"]').hover()  # the pointer stays
        want = progress_on(page, 8)
        shot = page.screenshot(type="png")
    finally:
        context.close()
    img = Image.open(io.BytesIO(shot))
    if scale != 1.0:
        img = img.resize((round(img.width * scale), round(img.height * scale)),
                         Image.Resampling.LANCZOS)
    out = io.BytesIO()
    if jpeg is None:
        img.save(out, "PNG")
    else:
        img.convert("RGB").save(out, "JPEG", quality=jpeg)
    imp = read_source(out.getvalue())
    assert imp.puzzle.regions == puzzle.regions
    assert want is not None and want[1][solution[1]] == "Q"
    assert imp.progress == want
