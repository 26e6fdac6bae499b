"""Boards in colour for a terminal, through rich (imported only here).

`colour_console` says whether a stream is a terminal that shows colour (rich decides,
honouring `NO_COLOR` and `TERM=dumb`;
both give plain text) and returns a console for it; `board_text`
draws a board as rich text: light and dark squares, queens in bold (given queens of a
partial board in blue and underlined, blocked squares as `×`). Plain text for pipes is
left to `nqueens.board.Solution.to_text`, which callers use when this returns `None`.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Sequence
from typing import IO, Any

__all__ = ["board_text", "colour_console"]

_LIGHT = "on #f0d9b5"
_DARK = "on #b58863"


def colour_console(stream: IO[str]) -> Any | None:
    """A rich `Console` writing to `stream` if it is a colour terminal, else `None`.

    Cost: O(1), after importing rich the first time.

    >>> import io
    >>> colour_console(io.StringIO()) is None
    True
    """
    if not getattr(stream, "isatty", lambda: False)() or os.environ.get("NO_COLOR"):
        return None
    from rich.console import Console

    console = Console(file=stream, highlight=False, soft_wrap=True)
    if not console.is_terminal or console.color_system is None or console.no_color:
        return None
    return console


_QUEEN = "bold #111111"
_GIVEN = "bold underline #1d4ed8"
_EMPTY = "#7a6a55"
_BLOCKED = "bold #9b1c1c"


def board_text(placement: Sequence[int], *, n: int | None = None,
               given: Collection[tuple[int, int]] = (),
               blocked: Collection[tuple[int, int]] = ()) -> Any:
    """A `rich.text.Text` board: 3-character squares, `Q` bold on its square.

    `given` (0-based `(row, col)` squares) marks the queens a partial board came with,
    so that a completed board shows what was added; `blocked` squares show `×`.
    Cost: O(n^2).

    >>> board_text((1, 3, 0, 2)).plain.splitlines()[0]
    ' ·  Q  ·  · '
    >>> board_text((1, 3, 0, 2), blocked=[(0, 0)]).plain.splitlines()[0]
    ' ×  Q  ·  · '
    """
    from rich.text import Text

    size = len(placement) if n is None else n
    marked, walls = set(given), set(blocked)
    text = Text()
    for r in range(size):
        if r:
            text.append("\n")
        for c in range(size):
            shade = _LIGHT if (r + c) % 2 == 0 else _DARK
            if r < len(placement) and placement[r] == c:
                style = _GIVEN if (r, c) in marked else _QUEEN
                text.append(" Q ", style=f"{style} {shade}")
            elif (r, c) in walls:
                text.append(" × ", style=f"{_BLOCKED} {shade}")
            else:
                text.append(" · ", style=f"{_EMPTY} {shade}")
    return text
