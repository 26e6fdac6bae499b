"""Screenshots in: boards drawn in several styles (not only ours) read back exactly, or
refused in one line - never a wrong puzzle."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("PIL")

from PIL import Image

from _puzzle_pictures import draw_board
from nqueens.errors import ImageSupportMissingError, PuzzleImportError
from nqueens.puzzles.io import read_source
from nqueens.puzzles.io.image import read_image
from nqueens.puzzles.model import region_puzzle

from conftest import assert_bad_input, run_cli

CORPUS = Path("/work/shared/reference/puzzles/community-levels.jsonl")
for _up in Path(__file__).resolve().parents:
    if (_up / "shared/reference/puzzles/community-levels.jsonl").exists():
        CORPUS = _up / "shared/reference/puzzles/community-levels.jsonl"
        break
LEVELS = [json.loads(line) for line in CORPUS.read_text().splitlines()]


def numbered(rows: list[str]) -> list[list[int]]:
    names: dict[str, int] = {}
    return [[names.setdefault(ch, len(names)) for ch in row] for row in rows]


def connected(rows: list[str]) -> bool:
    try:
        region_puzzle(rows, connected=True)
    except ValueError:
        return False
    return True


def level(size: int, *, whole: bool, skip: int = 0) -> list[str]:
    """A corpus level of this size (with every region in one piece, if ``whole``)."""
    found = [lv["rows"] for lv in LEVELS if lv["size"] == size and (connected(lv["rows"])
                                                                   or not whole)]
    return found[skip]


# style, size, regions in one piece?, drawing options: pastel apps with thin lines, walls on
# white as Star Battle sites, dashed grids, dark themes, app bars and margins, odd scales,
# JPEG at quality 60, crowns and crosses drawn by a player
CASES = [
    ("queens", 8, False, dict(cell=40, header=90, crowns=((0, 2), (5, 5)), crosses=((1, 1),))),
    ("queens", 11, False, dict(cell=30, scale=0.73, jpeg=60, crowns=((3, 3),))),
    ("queens-flat", 9, False, dict(cell=44, margin=8, jpeg=60, crosses=((2, 2), (4, 7)))),
    ("queens-flat", 13, False, dict(cell=26, header=120, scale=1.6)),
    ("walls", 7, True, dict(cell=52, scale=1.6, jpeg=60, crowns=((0, 1),))),
    ("walls", 10, True, dict(cell=36, header=70, crosses=((4, 4), (5, 6)))),
    ("dashed", 6, True, dict(cell=40, margin=60, jpeg=60)),
    ("dark", 10, False, dict(cell=40, header=90, scale=0.73, crowns=((2, 5),))),
    ("dark", 7, False, dict(cell=48, jpeg=60, crosses=((6, 6),))),
    ("dark-light-lines", 8, True, dict(cell=44, header=90, crowns=((1, 4),))),
    ("queens-reuse", 9, True, dict(cell=40, scale=1.3, jpeg=85)),
    ("queens", 15, False, dict(cell=34, header=100, jpeg=60)),
    ("walls", 9, True, dict(cell=40, margin=0)),         # cropped to the board
    ("tiles", 10, False, dict(cell=40, header=80, jpeg=60, crowns=((4, 4),))),
    ("tiles-dark", 8, False, dict(cell=44, margin=12, crosses=((0, 0), (7, 7)))),
    ("queens-flat", 18, False, dict(cell=30, margin=0, jpeg=85)),
]


@pytest.mark.parametrize(("style", "size", "whole", "options"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_screenshots_read_exactly(style, size, whole, options):
    rows = level(size, whole=whole)
    picture = draw_board(numbered(rows), style=style, **options)
    imp = read_source(picture)
    assert imp.source == "image" and not imp.stars_stated
    assert imp.puzzle.regions == region_puzzle(rows, connected=False).regions
    assert imp.progress == marks(size, options.get("crowns", ()), options.get("crosses", ()))


def marks(n, crowns, crosses):
    """The progress a picture with these crowns and crosses drawn on it shows."""
    if not crowns and not crosses:
        return None
    grid = [["."] * n for _ in range(n)]
    for r, c in crowns:
        grid[r][c] = "Q"
    for r, c in crosses:
        grid[r][c] = "x"
    return tuple("".join(row) for row in grid)


def test_our_own_renderer_reads_back():
    pytest.importorskip("cairosvg")
    from nqueens.render.png import svg_to_png
    from nqueens.render.puzzle_svg import puzzle_svg

    p = region_puzzle(level(11, whole=False), connected=False)
    assert read_image(svg_to_png(puzzle_svg(p))).puzzle.regions == p.regions


def test_many_random_pictures_are_never_misread():
    """Random styles, scales, margins and marks: each is read exactly or refused."""
    rnd = random.Random(33)
    styles = ["queens", "queens-flat", "walls", "dashed", "dark", "dark-light-lines",
              "queens-reuse", "tiles", "tiles-dark"]
    read = 0
    for lv in rnd.sample(LEVELS, 16):
        n = lv["size"]
        picture = draw_board(
            numbered(lv["rows"]), style=rnd.choice(styles), cell=rnd.choice([22, 30, 44]),
            header=rnd.choice([0, 80]), margin=rnd.choice([8, 40]),
            crowns=((rnd.randrange(n), rnd.randrange(n)),),
            crosses=((rnd.randrange(n), rnd.randrange(n)),),
            scale=rnd.choice([1.0, 0.8, 1.4]), jpeg=rnd.choice([None, 60]))
        try:
            got = read_image(picture).puzzle.regions
        except PuzzleImportError:
            continue
        assert got == region_puzzle(lv["rows"], connected=False).regions, lv["id"]
        read += 1
    assert read >= 10  # and most are read


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def test_pictures_without_a_board_are_refused():
    rnd = random.Random(1)
    noise = Image.frombytes("RGB", (300, 300), bytes(rnd.randrange(256) for _ in range(270000)))
    with pytest.raises(PuzzleImportError, match="no board found"):
        read_image(_png(noise))
    with pytest.raises(PuzzleImportError, match="no board found"):
        read_image(_png(Image.new("RGB", (400, 300), (240, 240, 240))))
    with pytest.raises(PuzzleImportError, match="too small"):
        read_image(_png(Image.new("RGB", (10, 10), (240, 240, 240))))
    with pytest.raises(PuzzleImportError, match="cannot be decoded as PNG or JPEG"):
        read_image(b"\x89PNG\r\n\x1a\n broken")


def test_walls_alone_cannot_show_a_region_in_pieces():
    rows = next(lv["rows"] for lv in LEVELS if lv["size"] == 7 and not connected(lv["rows"]))
    with pytest.raises(PuzzleImportError, match="the walls cut the 7 x 7 board into"):
        read_image(draw_board(numbered(rows), style="walls"))


def test_without_pillow_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(ImportError, match=r'pip install "nqueens-toolkit\[image\]"') as err:
        read_image(b"\x89PNG\r\n\x1a\n")
    assert isinstance(err.value, ImageSupportMissingError)


def test_cli_imports_a_screenshot(tmp_path):
    rows = level(8, whole=False)
    shot = tmp_path / "today.jpg"
    shot.write_bytes(draw_board(numbered(rows), style="queens", header=90, jpeg=60))
    r = run_cli("puzzle", "import", str(shot))
    assert r.code == 0
    assert read_source(r.out).puzzle.regions == region_puzzle(rows, connected=False).regions
    blank = tmp_path / "blank.png"
    blank.write_bytes(_png(Image.new("RGB", (300, 500), (20, 20, 20))))
    out = tmp_path / "out.txt"
    assert_bad_input(run_cli("puzzle", "import", str(blank), "-o", str(out)), "no board found")
    assert not out.exists()


def test_a_two_star_board_from_a_picture(tmp_path):
    sbn = "AA2W001H3m7LYIZecL6o6QcbBbrHq-gq2W"  # StarBattleLab, 10 x 10, two stars
    want = read_source(sbn).puzzle
    shot = tmp_path / "two.png"
    shot.write_bytes(draw_board([list(row) for row in want.regions], style="walls",
                                header=80, crowns=((0, 1),)))
    r = run_cli("puzzle", "export", str(shot), "--stars", "2", "--to", "sbn")
    assert r.code == 0  # SBN with the crown drawn as progress
    back = read_source(r.out.strip())
    assert back.puzzle == want and back.progress == marks(10, ((0, 1),), ())
