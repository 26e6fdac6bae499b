"""Telling the format of an input nqueens reads: the table of formats and the sniffing rule.

`FORMATS` lists each format nqueens writes, who writes it and who reads it back
(docs/formats.md prints it); `sniff` tells a format from an input's first bytes by the
rule of `nqueens.formats` (which reads the formats and re-exports these names).

>>> sniff(b"1 3 5 2 4\\n"), format_of("q.json", b"")
('cols', 'json')
"""

from __future__ import annotations

import os
import re
from typing import NamedTuple

from nqueens.errors import ParseError

__all__ = ["FORMATS", "HEAD_BYTES", "READS", "FormatInfo", "format_of", "sniff"]


class FormatInfo(NamedTuple):
    """One format: its name, what it looks like, who writes it, who reads it."""

    name: str
    looks: str
    writers: str
    readers: str


FORMATS = (
    FormatInfo("board", "rows of `Q` and `.` (spaces between optional); `x` a blocked square; "
               "boards apart by a blank line", "`solve`, `first`, `complete` (`--format board`, "
               "the default), `puzzle solve`", "`verify`, `complete --board`"),
    FormatInfo("grid", "rows of `Q` and `#`, boards apart by a blank line",
               "`solve`, `first` (`--format grid`)", "`verify`, `complete --board`"),
    FormatInfo("cols", "1-based columns, one solution a line (spaces or commas between)",
               "`solve`, `first`, `complete` (`--format cols`)",
               "`verify`, `complete --board` (one line)"),
    FormatInfo("cols", "1-based columns, one column a line (one solution a file)",
               "`find` (`--format cols`, the default)", "`verify`, `complete --board`"),
    FormatInfo("json", "JSON Lines: `{\"n\", \"cols\"}` (1-based) a line, or `null`; a list "
               "of columns; one document over many lines", "`solve`, `first`, `complete` "
               "(`--format json`, `--json`)", "`verify`, `complete --board` (one record)"),
    FormatInfo("npy", "numpy `.npy`: a 1-D integer array of 0-based columns", "`find "
               "--format npy`", "`verify` (in chunks: memory 5n/8 bytes), `complete --board`"),
    FormatInfo("puzzle", "`kind:`/`rules:` lines, then rows (`Q` `.` `x`, or region letters)",
               "`puzzle make`", "`puzzle ...`, `complete --board` (completion puzzles)"),
)
"""Every format nqueens writes, who writes it and who reads it back (docs/formats.md)."""

READS = ("board", "grid", "cols", "json", "npy", "puzzle")
"""The format names `fmt` takes (the `--format` of `verify` and `complete --board`)."""

HEAD_BYTES = 1 << 16
"""How much of an input is looked at to tell its format."""

_REFUSED = {"png": "a PNG picture", "svg": "an SVG picture", "html": "an HTML page"}


# -- telling the format ------------------------------------------------------------------


def sniff(head: bytes) -> str:
    """The format of an input that begins with `head`, by the module docstring's rule.

    A name of `READS`, or `png`, `svg`, `html`, `empty` or `unknown`.

    Cost: O(len(head)).

    >>> sniff(b"\\x93NUMPY..."), sniff(b"# made by\\nkind: completion\\n..\\n"), sniff(b"  \\n")
    ('npy', 'puzzle', 'empty')
    >>> sniff(b"Q . .\\n. . Q\\n"), sniff(b"AAB\\nACB\\n"), sniff(b"<svg xmlns=...")
    ('board', 'puzzle', 'svg')
    """
    if head.startswith(b"\x93NUMPY"):
        return "npy"
    if head.startswith(b"\x89PNG"):
        return "png"
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    lower = text[:64].lower()
    if lower.startswith((b"<svg", b"<?xml")):
        return "svg"
    if lower.startswith((b"<!doctype html", b"<html")):
        return "html"
    if text[:1] in (b"{", b"[") or text.startswith(b"null"):
        return "json"
    line = _first_content_line(text)
    if line is None:
        return "empty"
    return _line_kind(line)


def format_of(name: str | os.PathLike[str], head: bytes, fmt: str | None = None) -> str:
    """The format to read: `fmt`, else a `.npy` or `.json` name's, else the content's.

    The content's is `sniff` of `head`. Cost: O(len(head)).

    >>> format_of("q.npy", b"garbage"), format_of("-", b"2 4 1 3"), format_of("q.txt", b"Q")
    ('npy', 'cols', 'board')
    """
    if fmt is not None:
        return fmt
    suffix = os.path.splitext(os.fspath(name))[1].lower()
    return {".npy": "npy", ".json": "json"}.get(suffix) or sniff(head)


def _first_content_line(text: bytes) -> bytes | None:
    for raw in text.split(b"\n"):
        line = raw.strip()
        if line and not _is_comment(line):
            return line
    return None


def _is_comment(line: bytes) -> bool:
    """A `#` comment or `complete`'s `instance:` line; a row of `Q` and `#` only is a
    grid's row, not a comment."""
    if line.startswith(b"instance:"):
        return True
    return line.startswith(b"#") and bool(line.strip(b"Q#"))


_SETTING = re.compile(rb"\s*(kind|rules)\s*:")


def _line_kind(line: bytes) -> str:
    if _SETTING.match(line):
        return "puzzle"
    squares = bytes(b for b in line if b not in b" \t\r\v\f")
    if squares[:1].isdigit():
        return "cols"
    if not squares.strip(b"Q.xX"):
        return "board"
    if not squares.strip(b"Q#"):
        return "grid"
    if squares.isalnum():
        return "puzzle"
    return "unknown"


def _refusal(name: str, seen: str, wanted: str) -> ParseError:
    """The one line for an input in a format the command does not take."""
    what = {"empty": "nothing (it is empty)", "unknown": "no format nqueens writes",
            **_REFUSED}.get(seen, f"the {seen} format")
    return ParseError(f"{_shown(name)} holds {what}; expected {wanted}")


def _shown(name: str) -> str:
    """The input as a message names it (a long path is cut, head and tail, by the CLI)."""
    return "standard input" if name == "-" else repr(name)
