"""Notebook faces: a trace that shows its player inline, and a progress bar for long counts.

- `Trace`: the search's events and sentences for one board, shown in a notebook as
  the player (`_repr_html_`, a self-contained page in an iframe) or as a widget that
  follows the step both ways (`Trace.widget`, anywidget, the `notebook` extra).
- `ProgressBar`: give it to `nqueens.count(..., progress=bar)` or to
  `tree_stats(..., progress=bar)`; it draws one output and updates it in place, so a
  saved notebook keeps one final bar (a command run with `!nqueens count` draws its bar
  once, at the end, too: `nqueens.engine.progress.in_notebook`).

`Solution` (SVG) and `TreeStats`
(a table) have rich reprs of their own.

>>> t = Trace(4)
>>> t
Trace(4, until='first'): 39 events, 26 squares tried, 1 solution
>>> "<iframe" in t._repr_html_()
True
"""

from __future__ import annotations

import html as _html
import os
import time
from collections.abc import Iterator, Sequence
from typing import Any

from nqueens._validate import check_choice
from nqueens.analysis.treesize import DEFAULT_MAX_STEPS, trace
from nqueens.narrate import LANGUAGES, event_lines, summary_line
from nqueens.render.player import player_html, search_totals, write_player
from nqueens.render.studio import check_strategies
from nqueens.trace import UNTIL, Event

__all__ = ["ProgressBar", "Trace"]


class Trace:
    """The search for `n` queens step by step, shown in a notebook as the player.

    `strategies` are the programs shown beside the board (one, or two compared). A trace
    longer than `max_steps` squares is refused, as by `nqueens trace`.
    Cost: O(n) per event to build (the stream, the sentences).

    >>> len(Trace(4, until="all", lang="ja", strategies=("promising", "arrays")))
    92
    """

    def __init__(self, n: int, *, until: str = "first", lang: str = "en",
                 strategies: Sequence[str] = ("promising",),
                 max_steps: int = DEFAULT_MAX_STEPS) -> None:
        check_choice(until, "until", UNTIL)
        check_choice(lang, "language", LANGUAGES)
        self.strategies = check_strategies(strategies, until=until)
        self.events: list[Event] = list(trace(n, until=until, max_steps=max_steps))  # type: ignore[arg-type]
        self.n, self.until, self.lang = n, until, lang
        self.lines = event_lines(self.events, lang, n=n)

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __repr__(self) -> str:
        tried = sum(e.kind == "try" for e in self.events)
        found = sum(e.kind == "solution" for e in self.events)
        return (f"Trace({self.n}, until={self.until!r}): {len(self.events)} events, "
                f"{tried} squares tried, {found} solution{'s' * (found != 1)}")

    def _summary(self) -> str | None:
        found = sum(e.kind == "solution" for e in self.events)
        return (summary_line(self.n, found, self.lang)
                if self.until == "all" or found == 0 else None)

    def html(self) -> str:
        """The player page (as `nqueens trace --html` writes it).

        Cost: O(n^2 + events).

        >>> Trace(1).html().startswith("<!DOCTYPE html>")
        True
        """
        return player_html(n=self.n, events=self.events, lines=self.lines, lang=self.lang,
                           summary=self._summary(), strategies=self.strategies,
                           totals=search_totals(self.n))

    def write_html(self, path: str | os.PathLike[str]) -> None:
        """Write the player page to `path` atomically.

        Cost: O(n^2 + events).

        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as d:
        ...     Trace(1).write_html(os.path.join(d, "t.html"))
        ...     os.path.getsize(os.path.join(d, "t.html")) > 1000
        True
        """
        write_player(path, n=self.n, events=self.events, lines=self.lines, lang=self.lang,
                     summary=self._summary(), strategies=self.strategies,
                     totals=search_totals(self.n))

    def _repr_html_(self, height: int = 720) -> str:
        """Jupyter's hook: the player page in an iframe of its own (works offline).

        Cost: O(n^2 + events).

        >>> Trace(1)._repr_html_(300).count('height:300px')
        1
        """
        page = _html.escape(self.html(), quote=True)
        return (f'<iframe class="nqueens-player" srcdoc="{page}" '
                f'style="width:100%;height:{int(height)}px;border:0"></iframe>')

    def widget(self, *, height: int = 720) -> Any:
        """The player as an anywidget (`widget.step` follows the player both ways).

        Raises `MissingDependencyError` without anywidget.
        Cost: O(n^2 + events).

        >>> from nqueens.errors import MissingDependencyError
        >>> try:
        ...     ok = Trace(1).widget(height=400).height == 400
        ... except MissingDependencyError:
        ...     ok = True
        >>> ok
        True
        """
        from nqueens.render.widget import player_widget

        return player_widget(self.html(), height=height)


class ProgressBar:
    """A progress bar for a notebook: one output, updated in place, its last state kept.

    A `progress` callback for `nqueens.count` (called with a
    `CountProgress`) and for
    `tree_stats` (called with `done, total`). Updates come
    at most every `interval` seconds (the last one always). Outside IPython it draws
    nothing and keeps the last state (`text`). Cost: O(1) per call.

    >>> bar = ProgressBar("n = 8")
    >>> bar(3, 4); bar(4, 4)
    >>> bar.fraction, bar.text
    (1.0, 'n = 8: 4 / 4')
    """

    def __init__(self, label: str = "counting", *, interval: float = 0.25) -> None:
        self.label = label
        self.interval = interval
        self.fraction = 0.0
        self.text = f"{label}: starting"
        self.updates = 0
        self._handle: Any = None
        self._last = 0.0

    def __call__(self, info: Any, total: int | None = None) -> None:
        if total is None:  # a CountProgress from the counting engine
            self.fraction = float(info.fraction)
            self.text = (f"{self.label}: {info.done}/{info.total} subproblems, "
                         f"{info.solutions:,} solutions")
        else:
            self.fraction = info / total if total else 0.0
            self.text = f"{self.label}: {info:,} / {total:,}"
        now = time.monotonic()
        if self.fraction < 1.0 and now - self._last < self.interval:
            return
        self._last = now
        self._draw()

    def close(self) -> None:
        """Draw the last state (once more, whatever the interval). Cost: O(1).

        >>> ProgressBar().close()
        """
        self._draw()

    def _repr_html_(self) -> str:
        return (f'<div class="nqueens-progress"><progress max="1" value="{self.fraction:.4f}">'
                f"</progress> {self.fraction:6.1%} {_html.escape(self.text)}</div>")

    def _draw(self) -> None:
        try:
            from IPython import get_ipython
            from IPython.display import HTML, display
        except ImportError:
            return
        if get_ipython() is None:
            return
        self.updates += 1
        if self._handle is None:
            self._handle = display(HTML(self._repr_html_()), display_id=True)
        else:
            self._handle.update(HTML(self._repr_html_()))
