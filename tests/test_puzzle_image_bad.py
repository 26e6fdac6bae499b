"""Hostile and broken pictures: decompression bombs, truncated files, odd modes, animation, a
text file named .png. Each is one line on stderr, exit 2, nothing written, and the whole
command's peak memory (getrusage's maxrss, measured in the child) stays under 300 MB; odd
but honest pictures (CMYK JPEG, 16-bit grey PNG, a transparent PNG) are read."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("PIL")

from PIL import Image

from _puzzle_pictures import draw_board
from nqueens.puzzles.io import read_source
from nqueens.puzzles.io.image import MAX_PIXELS

from conftest import SRC

LIMIT_KB = 300 * 1024
LEVEL = ["AAABBB", "ACCCBB", "ACDDBE", "FCDDEE", "FFDDEE", "FFFFEE"]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def declared_png(width: int, height: int, rows: int) -> bytes:
    """A PNG whose header declares width x height RGB pixels, with ``rows`` rows of data."""
    z = zlib.compressobj(9)
    line = b"\x00" + b"\xff" * (width * 3)
    data = b"".join(z.compress(line) for _ in range(rows)) + z.flush()
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                                0, 0, 0))
            + _chunk(b"IDAT", data) + _chunk(b"IEND", b""))


def board(**options) -> bytes:
    names: dict[str, int] = {}
    return draw_board([[names.setdefault(ch, len(names)) for ch in row] for row in LEVEL],
                      style="queens", cell=40, header=60, **options)


def _save(img: Image.Image, fmt: str, **kw) -> bytes:
    out = io.BytesIO()
    img.save(out, fmt, **kw)
    return out.getvalue()


_MEASURE = """
import resource, subprocess, sys
done = subprocess.run([sys.executable, "-m", "nqueens", "puzzle", "import", sys.argv[1],
                       "-o", sys.argv[2]], capture_output=True, text=True)
sys.stderr.write(done.stderr)
print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
"""
"""A small go-between starts the command and reports its children's peak: Linux carries a
process's maxrss across fork and exec, so the command started straight from the test process
would report the test process's own peak."""


def import_measured(tmp_path: Path, data: bytes, name: str = "shot.png"
                    ) -> tuple[int, list[str], int, Path]:
    """Run ``nqueens puzzle import FILE -o OUT`` in a grandchild: exit code, stderr lines
    (less the measurement), peak memory in KB (getrusage's maxrss), and OUT."""
    shot, out = tmp_path / name, tmp_path / "out.txt"
    shot.write_bytes(data)
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, "-c", _MEASURE, str(shot), str(out)],
                          capture_output=True, text=True, timeout=300, env=env)
    lines = proc.stderr.strip().splitlines()
    code, maxrss = lines[-1].split()
    return int(code), lines[:-1], int(maxrss), out


BAD = [
    ("bomb-30000x30000", lambda: declared_png(30000, 30000, 20), "decodes safely"),
    ("1x60000000", lambda: declared_png(1, 60_000_000, 1000), "more than the 10,000,000"),
    ("4000x3001", lambda: declared_png(4000, 3001, 10), "more than the 10,000,000"),
    ("truncated", lambda: board()[:1500], "cannot be decoded"),
    ("text-named-png", lambda: b"hello, this is no picture\n", "the puzzle text"),
    ("animated-gif", lambda: _save(Image.new("P", (90, 90)), "GIF", save_all=True,
                                   append_images=[Image.new("P", (90, 90), 3)]),
     "neither a PNG or JPEG picture"),
    ("animated-png", lambda: _save(Image.open(io.BytesIO(board())).convert("RGB"), "PNG",
                                   save_all=True,
                                   append_images=[Image.new("RGB", (300, 300), "red")]),
     "animated (2 frames)"),
    ("blank-cmyk-jpeg", lambda: _save(Image.new("CMYK", (300, 300), (0, 0, 0, 20)), "JPEG"),
     "no board found"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "make", "says"), BAD, ids=[b[0] for b in BAD])
def test_bad_pictures_are_one_line_exit_2_in_bounded_memory(tmp_path, name, make, says):
    code, err, maxrss, out = import_measured(tmp_path, make())
    assert code == 2, err
    assert len(err) == 1 and says in err[0] and "Traceback" not in err[0], err
    assert not out.exists()
    assert maxrss < LIMIT_KB, maxrss


@pytest.mark.slow
def test_the_largest_picture_accepted_stays_under_300_mb(tmp_path):
    """A board on a transparent 3160 x 3160 picture (just under the limit): read, in bounded
    memory, as is an opaque one."""
    assert 3160 * 3160 <= MAX_PIXELS < 3170 * 3170
    small = Image.open(io.BytesIO(board())).convert("RGBA")
    for alpha in (255, 200):
        big = Image.new("RGBA", (3160, 3160), (250, 250, 250, alpha))
        big.paste(small.resize((small.width * 5, small.height * 5), Image.Resampling.NEAREST),
                  (400, 700))
        code, err, maxrss, out = import_measured(tmp_path, _save(big, "PNG"), f"a{alpha}.png")
        assert code == 0, (alpha, err)
        assert read_source(out.read_text()).puzzle.regions == read_source(
            "\n".join(LEVEL)).puzzle.regions
        assert maxrss < LIMIT_KB, (alpha, maxrss)
        out.unlink()


def test_odd_modes_are_read():
    want = read_source("\n".join(LEVEL)).puzzle.regions
    rgb = Image.open(io.BytesIO(board(crowns=((0, 0),)))).convert("RGB")
    cmyk = _save(rgb.convert("CMYK"), "JPEG", quality=92)
    assert read_source(cmyk).puzzle.regions == want
    assert read_source(cmyk).progress[0] == "Q....."
    names: dict[str, int] = {}
    walls = draw_board([[names.setdefault(ch, len(names)) for ch in row] for row in LEVEL],
                       style="walls", cell=40)
    grey = np.asarray(Image.open(io.BytesIO(walls)).convert("L"), np.uint16) * 257
    sixteen = Image.fromarray(grey)
    assert sixteen.mode.startswith("I;16")
    assert read_source(_save(sixteen, "PNG")).puzzle.regions == want  # by the walls alone


def test_pillow_limit_is_kept():
    assert Image.MAX_IMAGE_PIXELS is not None and Image.MAX_IMAGE_PIXELS > MAX_PIXELS
