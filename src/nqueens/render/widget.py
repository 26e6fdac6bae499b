"""The trace player as a notebook widget (anywidget: JupyterLab, VS Code, Colab).

One ES module (`player_widget.js`, package data beside this module) shows the player page
of `nqueens.render.player` in an iframe and keeps the step in the widget's model both
ways: `widget.step = 12` moves the player, a step taken in the player sets
`widget.step`. anywidget is the optional `notebook` extra; the class is made at first
use, so this module imports without it.

>>> ESM.strip().endswith("export default { render };")
True
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

from nqueens.errors import MissingDependencyError

__all__ = ["ESM", "INSTALL_HINT", "player_widget"]

ESM = resources.files("nqueens.render").joinpath("player_widget.js").read_text(encoding="utf-8")
"""The widget's ES module (anywidget's `_esm`)."""
INSTALL_HINT = 'the notebook widget needs anywidget: pip install "nqueens-toolkit[notebook]"'


def player_widget(html: str, *, height: int = 720, step: int = 0) -> Any:
    """An anywidget showing the player page `html`, `height` pixels tall, at `step`.

    Raises `MissingDependencyError` without anywidget.
    Cost: O(len(html)) to send the page to the notebook.

    >>> try:
    ...     w = player_widget("<!DOCTYPE html>", height=300)
    ...     made = (w.height, w.step) == (300, 0)
    ... except MissingDependencyError as err:
    ...     made = str(err) == INSTALL_HINT
    >>> made
    True
    """
    return _widget_class()(html=html, height=height, step=step)


@functools.cache
def _widget_class() -> Any:
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise MissingDependencyError(INSTALL_HINT) from None

    class Player(anywidget.AnyWidget):  # type: ignore[misc]
        """The trace player; `step` is the 0-based frame shown."""

        _esm = ESM
        html = traitlets.Unicode("").tag(sync=True)
        step = traitlets.Int(0).tag(sync=True)
        height = traitlets.Int(720).tag(sync=True)

    return Player
