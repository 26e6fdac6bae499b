"""The SOURCE of every `nqueens puzzle` command: a file (our text, a plain grid with a
player's state, qsolve's files, JSON, a screenshot, our own SVG), `-` for standard input,
or a puzz.link URL or SBN string given on the command line.

`load` reads it into an `Imported` (the puzzle and the
player's state), applies `--stars` and, where the source gave no star count, refuses in
one line a 1-star reading that is not unique while a k-star reading is
(`nqueens.puzzles.star_count`). Bad input: one line, exit 2.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from nqueens.errors import ParseError, PuzzleImportError

if TYPE_CHECKING:
    from nqueens.puzzles.io import Imported

__all__ = ["MAX_SOURCE_BYTES", "check_lang", "load", "refuse_other_reading"]

MAX_SOURCE_BYTES = 64 << 20
"""The largest source file read (64 MiB: a screenshot is far smaller)."""

_PREFIXES = ("the puzzle text: ",)


def load(path: str, stars: int | None = None, *, guess_stars: bool = True) -> Imported:
    """The puzzle and state in SOURCE `path`, k = `stars` where given.

    Cost: O(size) to read; a screenshot O(pixels); the star-count check, where the source
    gave no k, counts the 1-star solutions (up to 10,000) and tries each k that fits.
    """
    from nqueens.files import read_limited
    from nqueens.puzzles.io import read_source, with_stars
    from nqueens.puzzles.io.pzprjs import looks_like_url
    from nqueens.puzzles.io.sbn import looks_like_sbn

    data: str | bytes
    if path != "-" and not os.path.exists(path) and (looks_like_url(path)
                                                     or looks_like_sbn(path)):
        data = path
    else:
        data = read_limited(path, MAX_SOURCE_BYTES, what="puzzle file", binary=True)
    where = "stdin" if path == "-" else repr(path)
    try:
        imported = read_source(data)
        if stars is not None:
            imported = with_stars(imported, stars)
    except ParseError as err:
        message = str(err)
        for prefix in _PREFIXES:
            message = message.removeprefix(prefix)
        raise type(err)(f"puzzle {where}: {message}") from None
    if stars is None and guess_stars:
        refuse_other_reading(imported, data, f"the puzzle {where}")
    return imported


def refuse_other_reading(imported: Imported, data: str | bytes, what: str) -> None:
    """Refuse in one line a source that gave no k, reads as a 1-star puzzle without a
    unique solution and as a k-star puzzle with one (`nqueens.puzzles.star_count`).
    Cost: that of `other_reading` where k is unsaid."""
    if not _unstated(imported, data):
        return
    from nqueens.puzzles.star_count import reading_text

    line = reading_text(imported.puzzle, "the picture" if imported.source == "image" else what,
                        advice="add --stars {k}")
    if line is not None:
        raise PuzzleImportError(line)


def check_lang(lang: str) -> None:
    """`--lang`: one of `nqueens.narrate.LANGUAGES`, else one line (exit 2)."""
    from nqueens.errors import UnknownOptionError
    from nqueens.narrate import LANGUAGES

    if lang not in LANGUAGES:
        raise UnknownOptionError(f"--lang {lang!r}: choose one of {', '.join(LANGUAGES)}")


def _unstated(imported: Imported, data: str | bytes) -> bool:
    """Whether the source left k unsaid: a picture, or a plain grid (our text format, with
    its `kind:` line, means one star when it says none)."""
    if imported.stars_stated or not imported.puzzle.rules.has_regions:
        return False
    if imported.source != "text":
        return True
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return re.search(r"^\s*kind\s*:", text, re.MULTILINE) is None
