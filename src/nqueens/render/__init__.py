"""Pictures of boards and of the search: SVG boards, the pruned tree, the HTML player, PNG.

Each renderer is its own module, imported only when a picture is asked for; this package
imports nothing at start-up. The modules draw; they do not search (the search and its event
stream live in `nqueens.search` and `nqueens.trace`, the tree built from it in
`nqueens.analysis.tree`).

- `nqueens.render.svg`: `board_svg`, one board as SVG.
- `nqueens.render.png`: `svg_to_png` (optional cairosvg).
- `nqueens.render.tree`: a pruned state-space tree as SVG, fitted to a slide.
- `nqueens.render.player`: one self-contained HTML page that steps through a trace
  (its HTML, script and style are package data: `player.html`, `.js`, `.css`).
- `nqueens.render.terminal`: boards in colour for a terminal (rich).
- `nqueens.render.plot`: the state-space statistics against n, on a log scale
  (matplotlib).
"""

from __future__ import annotations

__all__: list[str] = []
