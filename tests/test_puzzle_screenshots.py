"""Real screenshots nobody here drew (tests/data/screenshots, with their licences): every one
imports to exactly its puzzle and the marks a player drew on it, and its puzzle solves to
the recorded solution; shrunk, enlarged, JPEG-compressed or set in a phone's screen they are
read exactly or refused in one line, never misread."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("PIL")

from PIL import Image, ImageDraw

from nqueens.errors import PuzzleImportError
from nqueens.puzzles import count, solve
from nqueens.puzzles.io import read_source

DATA = Path(__file__).parent / "data" / "screenshots"


def canon(rows) -> tuple[tuple[int, ...], ...]:
    """Regions numbered in order of first appearance (letters are case-sensitive)."""
    names: dict[object, int] = {}
    return tuple(tuple(names.setdefault(ch, len(names)) for ch in row) for row in rows)


def truths() -> list[tuple[str, Path, list[str], list[int] | None, tuple[str, ...] | None]]:
    """(name, picture, region rows, solution columns or None, progress drawn or None)."""
    out = []
    for line in (DATA / "ryan-zhao313" / "truth.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, _, size, framing, regions, solution = line.split("\t")
        cols = [int(c) for c in solution.split()]
        n = int(size)
        progress = None
        if framing.startswith("SOLVED"):  # every queen placed, every other square crossed
            progress = tuple("".join("Q" if c == cols[r] else "x" for c in range(n))
                             for r in range(n))
        out.append((name, DATA / "ryan-zhao313" / name, regions.split("/"), cols, progress))
    partial = {"linkedin-1": (DATA / "qsolve" / "linkedin-1-partial.txt")}
    for picture in sorted((DATA / "qsolve").glob("*.png")):
        rows = picture.with_suffix(".txt").read_text().split()
        state = partial.get(picture.stem)
        progress = tuple(state.read_text().split()) if state else None
        out.append((picture.name, picture, rows, None, progress))
    return out


TRUTHS = truths()


def test_the_copies_are_all_here():
    assert len(TRUTHS) == 20
    assert (DATA / "ryan-zhao313" / "LICENSE").exists() and (DATA / "qsolve" / "LICENSE").exists()


@pytest.mark.parametrize(("name", "picture", "rows", "cols", "progress"), TRUTHS,
                         ids=[t[0] for t in TRUTHS])
def test_each_real_screenshot_reads_exactly(name, picture, rows, cols, progress):
    imp = read_source(picture.read_bytes())
    assert imp.source == "image" and not imp.stars_stated
    assert canon(imp.puzzle.regions) == canon(rows)
    assert imp.progress == progress


@pytest.mark.slow
def test_each_real_screenshot_solves_to_its_recorded_solution():
    for name, picture, _, cols, _ in TRUTHS:
        p = read_source(picture.read_bytes()).puzzle
        assert count(p, limit=2).count == 1, name
        if cols is not None:
            assert list(solve(p)) == cols, name


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def _jpeg(img: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    img.convert("RGB").save(out, "JPEG", quality=quality)
    return out.getvalue()


def in_a_phone(img: Image.Image, *, dark: bool = False) -> Image.Image:
    """The picture set in a 1080 x 2400 phone screen: a status bar, a title, the board
    scaled to the screen's width, and a keyboard's grid of keys under it."""
    back, ink, key = ((18, 18, 18), (235, 235, 235), (50, 50, 50)) if dark else \
        ((243, 242, 239), (20, 20, 20), (255, 255, 255))
    screen = Image.new("RGB", (1080, 2400), back)
    d = ImageDraw.Draw(screen)
    d.text((40, 30), "9:41      LTE  87%", fill=ink)
    d.text((60, 160), "Queens  #257   0:42", fill=ink)
    scale = min(1000 / img.width, 1300 / img.height)
    board = img.convert("RGB").resize((round(img.width * scale), round(img.height * scale)),
                                      Image.Resampling.LANCZOS)
    screen.paste(board, ((1080 - board.width) // 2, 260))
    top = 300 + board.height
    for i in range(4):
        for j in range(10):
            d.rounded_rectangle([20 + j * 104, top + i * 120, 110 + j * 104, top + i * 120 + 100],
                                radius=12, fill=key, outline=(150, 150, 150))
    return screen


def variants(img: Image.Image) -> list[tuple[str, bytes]]:
    w, h = img.size
    return [("jpeg50", _jpeg(img, 50)),
            ("x0.7", _png(img.resize((round(w * 0.7), round(h * 0.7)), Image.Resampling.LANCZOS))),
            ("x1.6", _png(img.resize((round(w * 1.6), round(h * 1.6)), Image.Resampling.LANCZOS))),
            ("phone", _png(in_a_phone(img))),
            ("phone-jpeg", _jpeg(in_a_phone(img), 70))]


def _outcome(data: bytes, rows, progress) -> str:
    try:
        imp = read_source(data)
    except PuzzleImportError as err:
        assert "\n" not in str(err)
        return "refused"
    ok = canon(imp.puzzle.regions) == canon(rows) and imp.progress == progress
    return "read" if ok else "misread"


def test_a_real_screenshot_in_a_phone_screen_and_compressed_reads():
    _, picture, rows, _, progress = next(t for t in TRUTHS if t[0] == "257-ans.png")
    img = Image.open(picture)
    assert _outcome(_jpeg(in_a_phone(img), 70), rows, progress) == "read"
    assert _outcome(_jpeg(img, 50), rows, progress) == "read"


@pytest.mark.slow
def test_real_screenshots_shrunk_enlarged_compressed_and_in_a_phone_are_never_misread():
    """100 pictures made from the 20: at least 90% read exactly, none misread."""
    outcomes: dict[str, list[str]] = {"read": [], "refused": [], "misread": []}
    for name, picture, rows, _, progress in TRUTHS:
        for how, data in variants(Image.open(picture)):
            outcomes[_outcome(data, rows, progress)].append(f"{name} {how}")
    assert outcomes["misread"] == []
    assert len(outcomes["read"]) >= 90, outcomes["refused"]
