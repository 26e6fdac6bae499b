"""Puzzles from the wild and back: read a puzzle wherever a player has it, write it anywhere.

`read_source` takes what a player has - a puzz.link URL, an SBN string, a screenshot
(PNG or JPEG bytes), our text format or a plain letter grid, our JSON - and returns an
`Imported`: the checked `Puzzle` and the progress the
player had made, if the source carries one. `export` writes an `Imported` in
one of the formats of `WRITERS`, a registry keyed by name, to which
`register_writer` adds formats (`cnf`, `mzn`, ...). One module per source:
`pzprjs`, `sbn`,
`text`, `image`.

>>> imp = read_source("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")
>>> print(*export(imp, "text").splitlines()[-6:], sep=chr(10))
AAABBB
ABBBCC
ADDEEC
FFDDEC
FEEEEC
FCCCCC
>>> export(imp, "sbn")
'661W9Agum9_Rym\\n'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nqueens.errors import PuzzleImportError, UnknownOptionError

if TYPE_CHECKING:
    from nqueens.puzzles.model import Puzzle

__all__ = [
    "WRITERS",
    "Imported",
    "Writer",
    "export",
    "read_source",
    "register_writer",
    "with_stars",
]


@dataclass(frozen=True)
class Imported:
    """A puzzle read from a source, and the player's progress it carried.

    `progress` is None or n rows of `Q` (a star), `x` (a cross) and `.` (open);
    `source` names the reader (`url`, `sbn`, `text`, `json`, `image`);
    `stars_stated` says whether the source gave k itself (a screenshot or a plain grid
    does not: it is 1 unless the caller says otherwise, see `with_stars`).
    """

    puzzle: Puzzle
    progress: tuple[str, ...] | None = None
    source: str = "text"
    stars_stated: bool = True


@dataclass(frozen=True)
class Writer:
    """One export format: `write(imported)` returns the text; `help` says what it is."""

    write: Callable[[Imported], str]
    help: str


WRITERS: dict[str, Writer] = {}
"""The export formats by name, in the order `--to` lists them."""


def register_writer(name: str, write: Callable[[Imported], str], help: str) -> None:
    """Add (or replace) the export format `name`. Cost: O(1).

    >>> register_writer("rows", lambda imp: "".join(f"{r}\\n" for r in imp.puzzle.regions),
    ...                 "region numbers, a row per line")
    >>> export(read_source("AB\\nBB"), "rows")
    '(0, 1)\\n(1, 1)\\n'
    >>> del WRITERS["rows"]
    """
    WRITERS[name] = Writer(write, help)


def export(imported: Imported, fmt: str) -> str:
    """`imported` in format `fmt` (a name of `WRITERS`), as that format's files end.

    Cost: O(that of the writer), O(n^2) for the built-in ones. An unknown format raises
    `UnknownOptionError`; a puzzle the format cannot hold raises
    `PuzzleImportError`.

    >>> export(read_source("AB\\nBB"), "url")
    'https://puzz.link/p?starbattle/2/2/1/gg\\n'
    """
    writer = WRITERS.get(fmt)
    if writer is None:
        raise UnknownOptionError(f"unknown export format {fmt!r}; use one of "
                                 f"{', '.join(WRITERS)}")
    return writer.write(imported)


def with_stars(imported: Imported, stars: int) -> Imported:
    """`imported` with k = `stars`, where the source gave no k (else it must agree).

    A source that gave another k is refused in one line
    (`PuzzleImportError`), as are k stars that cannot fit.
    Cost: O(n^2).

    >>> with_stars(read_source("AABB\\n" * 2 + "CCDD\\n" * 2), 1).puzzle.stars
    1
    """
    from dataclasses import replace

    from nqueens.puzzles.io.grids import build_puzzle

    have = imported.puzzle.stars
    if have == stars:
        return imported
    if imported.stars_stated:
        raise PuzzleImportError(f"the {_NAMES.get(imported.source, imported.source)} says "
                                f"{have} star{'s' if have > 1 else ''} per row, column and "
                                f"region, not {stars}")
    p = imported.puzzle
    if not p.rules.takes_stars:
        raise PuzzleImportError("stars apply to region puzzles only")
    what = f"the {_NAMES.get(imported.source, imported.source)}"
    return replace(imported, puzzle=build_puzzle(p.regions, stars, what), stars_stated=True)


_NAMES = {"url": "puzz.link URL", "sbn": "SBN string", "text": "puzzle text",
          "json": "puzzle JSON", "image": "picture", "svg": "puzzle SVG"}


_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"


def _is_image(data: bytes) -> bool:
    """Whether `data` starts as a PNG or a JPEG file does. Cost: O(1)."""
    return data.startswith(_PNG) or data.startswith(_JPEG)


def read_source(source: str | bytes) -> Imported:
    """The puzzle in `source`: text or the bytes of a file (a screenshot, or any text).

    Text is a puzz.link URL, an SBN string, our text format, a plain grid or our JSON;
    bytes are a PNG or JPEG screenshot or such text. Cost: O(size) for text; a screenshot
    costs O(pixels) (see `nqueens.puzzles.io.image`). What is no puzzle raises
    `PuzzleImportError` in one line.

    >>> read_source("881W00KZtPDMpPGmOALDIC8").puzzle.n
    8
    """
    if isinstance(source, bytes):
        if _is_image(source):
            from nqueens.puzzles.io.image import read_image

            return read_image(source)
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as err:
            raise PuzzleImportError("the file is neither a PNG or JPEG picture nor UTF-8 "
                                    f"text ({err.reason} at byte {err.start})") from None
    text = source.removeprefix("\ufeff").strip()
    if not text:
        raise PuzzleImportError("the source is empty: give a puzz.link URL, an SBN string, "
                                "a screenshot or a puzzle file")
    from nqueens.puzzles.io.pzprjs import looks_like_url, read_url
    from nqueens.puzzles.io.sbn import looks_like_sbn, read_sbn
    from nqueens.puzzles.io.text import read_json, read_text

    if "\n" not in text and looks_like_url(text):
        return read_url(text)
    if "\n" not in text and looks_like_sbn(text):
        return read_sbn(text)
    if text.startswith("{"):
        return read_json(text)
    from nqueens.puzzles.io.svg import looks_like_svg, read_svg

    if looks_like_svg(text):
        return read_svg(text)
    return read_text(source)


def _register_builtin() -> None:
    from nqueens.puzzles.io.pzprjs import write_url
    from nqueens.puzzles.io.sbn import write_sbn
    from nqueens.puzzles.io.text import write_json, write_text

    register_writer("url", lambda imp: write_url(imp) + "\n",
                    "a puzz.link Star Battle URL (pzprjs)")
    register_writer("sbn", lambda imp: write_sbn(imp) + "\n",
                    "Star Battle Notation, as StarBattleLab reads it, progress included")
    register_writer("text", write_text, "our text format, the player's state in a state: block")
    register_writer("json", write_json, "one JSON object: the puzzle, k and progress")
    for name, what in (("cnf", "DIMACS CNF for a SAT solver (square (r, c) is r*n + c + 1)"),
                       ("mzn", "a MiniZinc model"),
                       ("xcc", "Knuth's exact cover with colours (one star per region)")):
        register_writer(name, _solver_writer(name), what)


def _solver_writer(name: str) -> Callable[[Imported], str]:
    """The export for other solvers' format `name` (`nqueens.exports.PUZZLE_FORMATS`),
    imported only when used."""
    def write(imp: Imported) -> str:
        from nqueens.exports import PUZZLE_FORMATS

        return PUZZLE_FORMATS[name](imp.puzzle)
    return write


_register_builtin()
