"""An interactive HTML player for a search trace: one self-contained page, works offline.

`player_html` turns a list of `Event` and their narrative lines
into one HTML page: the events as inline JSON (plain data), plain JavaScript, and an inline
SVG board. No CDN, no network, no JavaScript library: open the file from disk. The page's
HTML, script and style are package data beside this module (`player.html`, `player.js`,
`player.css`, read with `importlib.resources`); the board's geometry comes from
`nqueens.render.svg` (`SQUARE`, `MARGIN`) through the page's data, and each event
is embedded as `to_json` gives it. The page
shows the board at the current step (queens, the square tried, the queens attacking it, the
queen taken back), the narrative line, the path from the root, and controls: first, back,
play/pause, forward, last, a position slider and a speed control. The counter shows the
book's step label beside the event's number ("Step (d) · 13 / 39": the steps (a), (b), ...
that `nqueens trace` prints, from `nqueens.narrate.step_labels`). Given a
`summary` (the line a search run to its end closes with), the page ends on one more
frame showing it. Keys: arrows step, space plays or pauses (also while the position
slider has focus), Home/End jump.

Tests and programs can read the board from the page: every square is a `<rect>` with
`data-row`/`data-col` (0-based), `data-queen` ("1" or "0") and `data-state`
(`tried-promising`, `tried-nonpromising`, `attacker`, `lifted` or empty); the board
`<svg id="board">` carries `data-step` (the 0-based index of the current event),
`data-kind` (`summary` on the closing frame) and `data-queens` (0-based columns,
comma-separated); the counter `#counter` carries `data-label` (the book's step label,
empty on the closing frame). The narrative box
`#line` shows `lines[i]`, or for an event without a line of its own the last non-empty
line before it (its index in `data-line-step`).

Narration is left to the caller (`lines[i]` is the line of `events[i]`, possibly empty):
`nqueens.narrate` writes them in each language.

>>> from nqueens.trace import events
>>> evs = list(events(4, until="first"))
>>> page = player_html(n=4, events=evs, lines=[e.kind for e in evs], lang="en")
>>> page.startswith("<!DOCTYPE html>"), page.count('class="square'), "http://" in page.replace(
...     "http://www.w3.org/2000/svg", "")
(True, 16, False)
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Sequence
from html import escape
from importlib import resources

from nqueens._validate import check_size
from nqueens.errors import PlayerInputError
from nqueens.files import write_atomic
from nqueens.narrate import step_labels
from nqueens.render.studio import Totals, search_totals, studio_data
from nqueens.render.svg import COLORS, MARGIN, SQUARE, queen_shape
from nqueens.trace import Event
from nqueens.words import LANGUAGES, words

__all__ = ["LABELS", "PlayerInputError", "Totals", "player_html", "search_totals",
           "write_player"]

MAX_PLAYER_N = 32
"""The largest board the player draws (a trace of a larger board would not be readable)."""

LABELS: dict[str, dict[str, str]] = {lang: words(lang).PLAYER_PAGE for lang in LANGUAGES}
"""Button and heading texts, and how a 1-based square is written (the textbook's `<r,c>`,
the slides' `(r,c)`), by language; other languages get the English ones."""


def player_html(*, n: int, events: Sequence[Event], lines: Sequence[str], lang: str,
                summary: str | None = None, strategies: Sequence[str] = ("promising",),
                totals: Totals | None = None) -> str:
    """The player page for `events` of an `n`-queens search, narrated by `lines`.

    `lines[i]` is shown with `events[i]` (`""` shows nothing); `lang` sets the
    page's language and its button texts (en, ja, ko; others fall back to English).
    `events` start at the beginning of the search (the counter shows the book's steps).
    A `summary` (`nqueens.narrate.summary_line`) is shown on a last frame after
    the events. `strategies` (one, or two side by side) name the programs of
    `nqueens.render.programs` shown beside the board; `totals` are the whole
    search's counts shown beside the counters (`search_totals`).
    Cost: O(n^2 + len(events)) time and page size; 200 to 500 bytes of page per event.

    >>> from nqueens.trace import events
    >>> ev = list(events(4, until="first"))
    >>> page = player_html(n=4, events=ev, lines=[""] * len(ev), lang="en")
    >>> page.count('class="square')
    16
    """
    events = list(events)
    lines = list(lines)
    n = check_size(n, largest=MAX_PLAYER_N)
    if not events:
        raise PlayerInputError("no events to play: the trace is empty")
    if len(lines) != len(events):
        raise PlayerInputError(
            f"{len(events)} events but {len(lines)} narrative lines; give one line per event"
        )
    if summary is not None and not isinstance(summary, str):
        raise PlayerInputError(f"summary must be a line of text, got {type(summary).__name__}")
    labels = LABELS.get(lang, LABELS["en"])
    studio = studio_data(n=n, events=events, lang=lang, strategies=strategies, totals=totals)
    data = {
        "n": n,
        "square": SQUARE,  # the board's geometry, for the script: the one in render.svg
        "margin": MARGIN,
        "labels": labels,
        "events": [e.to_json() for e in events],  # the one JSON shape of an event
        "lines": [str(line) for line in lines],
        "steps": step_labels(events),
        "summary": summary,
        **studio,
    }
    payload = (json.dumps(data, ensure_ascii=False, separators=(",", ":"))
               .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
    replacements = {
        "%LANG%": escape(lang),
        "%TITLE%": escape(labels["title"].format(n=n)),
        "%BOARD%": _board_skeleton(n),
        "%DATA%": payload,
        "%CSS%": _asset("player.css"),
        "%JS%": _asset("player.js"),
        "%STUDIO_JS%": _asset("player_studio.js"),
        "%LAST%": str(len(events) - (summary is None)),
    }
    for key in ("first", "back", "play", "forward", "last", "speed", "stop", "step",
                "path", "keys"):
        replacements[f"%L_{key.upper()}%"] = escape(labels[key])
    replacements["%LEGEND%"] = "".join(
        f'<li><span class="swatch {state}"></span>{escape(text)}</li>'
        for state, text in zip(_LEGEND_STATES, labels["legend"].split("|"), strict=True)
    )
    # one pass, so text inside the data can never be taken for a placeholder
    return re.sub(r"%[A-Z_]+%", lambda m: replacements[m.group()], _asset("player.html"))


def write_player(path: str | os.PathLike[str], *, n: int, events: Sequence[Event],
                 lines: Sequence[str], lang: str, summary: str | None = None,
                 strategies: Sequence[str] = ("promising",),
                 totals: Totals | None = None) -> None:
    """Write `player_html` to `path` atomically (no half-written file).

    An unwritable path raises `OutputPathError` (an
    `NQueensError`) with one line naming it.

    Cost: O(n^2 + len(events)), as the page.

    >>> import os, tempfile
    >>> from nqueens.trace import events
    >>> ev = list(events(1))
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_player(os.path.join(d, "p.html"), n=1, events=ev, lines=[""] * 3, lang="en")
    ...     open(os.path.join(d, "p.html"), encoding="utf-8").read() == player_html(
    ...         n=1, events=ev, lines=[""] * 3, lang="en")
    True
    """
    write_atomic(path, player_html(n=n, events=events, lines=lines, lang=lang,
                                   summary=summary, strategies=strategies, totals=totals))


def _board_skeleton(n: int) -> str:
    """The inline SVG board: squares with data attributes, a hidden queen on each square."""
    margin = MARGIN
    side = n * SQUARE
    width = margin + side + margin // 2
    out = [
        f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width}" '
        f'data-n="{n}" data-step="-1" data-kind="" data-queens="" role="img">'
    ]
    for r in range(n):
        for c in range(n):
            shade = "light" if (r + c) % 2 == 0 else "dark"
            out.append(
                f'<rect id="sq-{r}-{c}" class="square {shade}" data-row="{r}" data-col="{c}" '
                f'data-queen="0" data-state="" x="{margin + c * SQUARE}" '
                f'y="{margin + r * SQUARE}" width="{SQUARE}" height="{SQUARE}" '
                f'fill="{COLORS[shade]}"/>'
            )
    out.append('<g id="lines"></g>')
    for r in range(n):
        for c in range(n):
            x, y = margin + c * SQUARE, margin + r * SQUARE
            out.append(f'<g id="q-{r}-{c}" class="queen" data-row="{r}" data-col="{c}" '
                       f'display="none">{queen_shape(x, y)}</g>')
    font = 'font-size="14" fill="#555" text-anchor="middle" font-family="sans-serif"'
    for i in range(n):
        mid = margin + i * SQUARE + SQUARE / 2
        out.append(f'<text x="{mid:g}" y="{margin - 6}" {font}>{i + 1}</text>')
        out.append(f'<text x="{margin / 2:g}" y="{mid + 5:g}" {font}>{i + 1}</text>')
    out.append("</svg>")
    return "\n".join(out)


_LEGEND_STATES = ("tried-promising", "tried-nonpromising", "attacker", "lifted", "solution")


@functools.cache
def _asset(name: str) -> str:
    """A file of the page (`player.html`, `.js`, `.css`): package data beside this module."""
    return resources.files("nqueens.render").joinpath(name).read_text(encoding="utf-8")
