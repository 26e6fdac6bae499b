"""The names of the teaching programs the trace player shows beside the board.

Each is a short program of ours written after a seed's algorithm: `promising` the
textbook's `queens(i)`/`promising(i)`, `arrays` the cols/diags1/diags2 program,
`put_queen` the blog's first-solution search. Their text and what each line does live in
`nqueens.render.programs`; the names live here, so that the command line lists them
without loading a renderer.

>>> STRATEGIES[0], "put_queen" in FIRST_ONLY
('promising', True)
"""

from __future__ import annotations

__all__ = ["FIRST_ONLY", "STRATEGIES"]

STRATEGIES = ("promising", "arrays", "put_queen")
"""The programs the player can show, in the order `--strategy` lists them."""
FIRST_ONLY = frozenset({"put_queen"})
"""Programs that stop at the first solution (the blog's): refused with `--until all`."""
