"""A printable worksheet drawn from the real search, with its answer key on its own page.

Three exercises, all answered by `nqueens.trace.events` itself, never typed in:

1. which squares of the next row are promising after the queens the search had placed
   (the first states of the search with one and with two queens, and one with three);
2. how many nodes the pruned state-space tree has (nodes checked, root included) and how
   many of them are promising (the textbook's table; `nqueens.render.studio.search_totals`);
3. the first four solutions in the order the search finds them (the slides' homework for
   n = 5), on empty boards.

`worksheet` gives the questions and answers as plain data; `worksheet_pdf`
draws the exercise page and the answer page as SVG and writes both into one PDF with
cairosvg (the `png` extra): chosen by measurement over matplotlib's PdfPages
(`benchmarks/teaching/bench_studio.py`: it imports three times faster, and its Japanese
text reads back whole with pdftotext, matplotlib's not). Japanese and
Korean need a CJK font (Noto Sans CJK, Debian's fonts-noto-cjk).

>>> w = worksheet(5)
>>> w["rows"][0]
{'queens': [0], 'row': 1, 'promising': [2, 3, 4]}
>>> w["solutions"][:2], w["checked"], w["promising"]
([[0, 2, 4, 1, 3], [0, 3, 1, 4, 2]], 221, 54)
"""

from __future__ import annotations

import io
import os
from typing import Any
from xml.sax.saxutils import escape

from nqueens._validate import check_int
from nqueens.errors import MissingDependencyError
from nqueens.files import write_atomic
from nqueens.render.studio import search_totals
from nqueens.render.svg import board_svg
from nqueens.trace import events
from nqueens.words import words

__all__ = ["INSTALL_HINT", "WORKSHEET_SIZES", "worksheet", "worksheet_pdf", "write_worksheet"]

WORKSHEET_SIZES = range(4, 9)
"""The boards a worksheet is made for (4 to 8: small enough to work by hand)."""
INSTALL_HINT = 'a PDF worksheet needs cairosvg: pip install "nqueens-toolkit[png]"'
_PAGE = (595, 842)  # A4 in points


def worksheet(n: int) -> dict[str, Any]:
    """The questions and answers of a worksheet for `n` queens, from the search.

    `rows`: for the search's first state with 1, 2 and 3 queens placed (0-based columns),
    the next row and its promising columns; `checked`/`promising`: the whole search's
    nodes (root included); `solutions`: the first four in search order.
    An `n` outside `WORKSHEET_SIZES` raises `InvalidSizeError`.
    Cost: O(nodes of the pruned tree), one walk of the whole search (15,720 squares for
    n = 8).

    >>> worksheet(4)["solutions"]
    [[1, 3, 0, 2], [2, 0, 3, 1]]
    """
    n = check_int(n, "worksheet board size", low=WORKSHEET_SIZES.start,
                  high=WORKSHEET_SIZES.stop - 1)
    first: dict[int, tuple[int, ...]] = {}
    tried: dict[tuple[int, ...], list[int]] = {}
    solutions: list[list[int]] = []
    for e in events(n, until="all"):
        if e.kind == "try" and e.promising:
            tried.setdefault(e.queens, []).append(e.col)
        elif e.kind == "place" and len(e.queens) not in first and len(e.queens) < n:
            first[len(e.queens)] = e.queens
        elif e.kind == "solution" and len(solutions) < 4:
            solutions.append(list(e.queens))
    rows = [{"queens": list(first[d]), "row": d, "promising": tried.get(first[d], [])}
            for d in (1, 2, 3) if d in first]
    totals = search_totals(n)
    assert totals is not None  # WORKSHEET_SIZES lie within search_totals' boards
    return {"n": n, "rows": rows, "checked": totals["checked"],
            "promising": totals["promising"], "solutions": solutions}


def _text(x: float, y: float, text: str, font: str, size: int = 13, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-family="{font}"{weight} '
            f'fill="#111">{escape(text)}</text>')


def _board(x: float, y: float, side: float, queens: list[int], n: int) -> str:
    svg = board_svg(tuple(queens), n=n, size=None)
    return svg.replace("<svg ", f'<svg x="{x}" y="{y}" width="{side}" height="{side}" ', 1)


def _wrapped(x: float, y: float, text: str, font: str, width: int = 88) -> tuple[list[str], float]:
    """`text` in rows of about `width` narrow characters (a CJK character counts two)."""
    rows, row, used = [], "", 0
    for ch in text:
        w = 2 if ord(ch) > 0x2E80 else 1
        if used + w > width and (ch == " " or w == 2):
            rows.append(row)
            row, used = ("" if ch == " " else ch), (0 if ch == " " else w)
            continue
        row, used = row + ch, used + w
    rows.append(row)
    out = [_text(x, y + 18 * k, r, font) for k, r in enumerate(rows)]
    return out, y + 18 * len(rows)


def _pages(w: dict[str, Any], lang: str) -> tuple[str, str]:
    """The exercise page and the answer page, as SVG documents, in the words of `lang`
    (its words module's `WORKSHEET`, `square` and `FONT`; English for a language without
    one)."""
    said = words(lang, fallback="en")
    t = said.WORKSHEET
    font = escape(said.FONT, {'"': "&quot;"})
    n = w["n"]
    sols = w["solutions"]

    def sq(r: int, c: int) -> str:
        return str(said.square((r, c)))

    pages = []
    for answers in (False, True):
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_PAGE[0]}" '
               f'height="{_PAGE[1]}" viewBox="0 0 {_PAGE[0]} {_PAGE[1]}">',
               f'<rect width="{_PAGE[0]}" height="{_PAGE[1]}" fill="#fff"/>',
               _text(40, 50, t["title"].format(n=n) + (f" - {t['key']}" if answers else ""),
                     font, 18, True),
               _text(360, 50, "" if answers else t["name"], font, 11)]
        y = 85.0
        for k, item in enumerate(w["rows"]):
            lines, y = _wrapped(40, y, t["q1"].format(k="abc"[k], r=item["row"] + 1), font)
            out += lines
            out.append(_board(50, y - 6, 110, item["queens"], n))
            if answers:
                got = ", ".join(sq(item["row"], c) for c in item["promising"]) or t["none"]
                out += _wrapped(180, y + 40, got, font, 55)[0]
            y += 118
        lines, y = _wrapped(40, y + 4, t["q2"].format(n=n), font)
        out += lines
        if answers:
            out.append(_text(60, y + 6, t["checked"].format(k=w["checked"]) + "    "
                             + t["good"].format(k=w["promising"]), font, 13, True))
        y += 30
        lines, y = _wrapped(40, y, t["q3"].format(k=len(sols)), font)
        out += lines
        for k, sol in enumerate(sols):
            x = 50 + k * 130
            out.append(_text(x, y + 12, t["sol"].format(k=k + 1), font, 11))
            out.append(_board(x, y + 18, 115, sol if answers else [], n))
            if answers:
                out.append(_text(x, y + 150, "col = " + ", ".join(str(c + 1) for c in sol),
                                 font, 11))
        out.append("</svg>")
        pages.append("\n".join(out))
    return pages[0], pages[1]


def worksheet_pdf(n: int, lang: str = "en") -> bytes:
    """The worksheet as a two-page PDF: the exercises, then the answer key.

    Cost: O(nodes of the pruned tree) for `worksheet`, then O(the page) to draw.
    Raises `MissingDependencyError` without cairosvg or libcairo.

    >>> try:
    ...     made = worksheet_pdf(4, "ko").startswith(b"%PDF")
    ... except MissingDependencyError as err:
    ...     made = str(err) == INSTALL_HINT
    >>> made
    True
    """
    exercises, key = _pages(worksheet(n), lang)
    try:
        import cairocffi  # type: ignore[import-untyped]
        from cairosvg.parser import Tree  # type: ignore[import-untyped]
        from cairosvg.surface import PDFSurface  # type: ignore[import-untyped]
    except (ImportError, OSError):
        raise MissingDependencyError(INSTALL_HINT) from None
    out = io.BytesIO()
    shared = cairocffi.PDFSurface(out, *_PAGE)

    class _Page(PDFSurface):  # type: ignore[misc]
        """cairosvg drawing onto the shared multi-page surface (one page per SVG)."""

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            return shared, width, height

    for svg in (exercises, key):
        _Page(Tree(bytestring=svg.encode("utf-8")), None, 72)
        shared.show_page()
    shared.finish()
    return out.getvalue()


def write_worksheet(path: str | os.PathLike[str], n: int, lang: str = "en") -> None:
    """Write `worksheet_pdf` to `path` atomically (no half-written file).

    Cost: O(nodes of the pruned tree), as `worksheet_pdf`.

    >>> write_worksheet("w.pdf", 3)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: worksheet board size must be an integer from 4 to 8, got 3
    """
    write_atomic(path, worksheet_pdf(n, lang))
