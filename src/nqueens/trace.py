"""The search as a stream of events, and visitors that consume it.

:func:`events` runs the textbook's row-by-row backtracking in plain Python and reports every
step as an :class:`Event`: a candidate square tried (promising or not, with every earlier
queen that attacks it and how), a queen placed, a row exhausted and the step back, a
solution. Narrators, statistics and pictures are all consumers of this one stream; a
:class:`Visitor` has a no-op hook per kind (python-chess' visitor pattern) and
:func:`visit` feeds a stream to it.

Nodes of the state-space tree have stable ids: the root is 0 and each tried square gets the
next id in search order, so a node's id is its rank in the depth-first walk.

>>> for e in events(4, until="first"):
...     if e.kind == "try" and e.row == 1:
...         print(e.square, e.promising, [a.kind for a in e.attackers])
(1, 0) False ['column']
(1, 1) False ['diagonal']
(1, 2) True []
(1, 3) True []
(1, 0) False ['anti-diagonal']
(1, 1) False ['column']
(1, 2) False ['diagonal']
(1, 3) True []
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from nqueens.board import ConflictKind, Placement
from nqueens.errors import UnknownOptionError

__all__ = [
    "ROOT",
    "Attack",
    "Event",
    "EventKind",
    "Visitor",
    "events",
    "visit",
]

EventKind = Literal["try", "place", "backtrack", "solution"]
ROOT = 0
"""The id of the root node (no queen placed)."""


class Attack(NamedTuple):
    """An earlier queen (0-based square) attacking a tried square, and how."""

    row: int
    col: int
    kind: ConflictKind


@dataclass(frozen=True, slots=True)
class Event:
    """One step of the search. Squares are 0-based ``(row, col)``.

    - ``try``: ``node`` is the tried square's new node (child of ``parent``); ``promising``
      says whether it survives; ``attackers`` lists every earlier queen attacking it, by row.
    - ``place``: the queen of a promising ``node`` is put on the board; ``queens`` includes it.
    - ``solution``: ``node`` completes the board; ``queens`` is the solution; ``index`` counts
      solutions from 1.
    - ``backtrack``: every column of ``row`` has been tried; the queen of node ``parent``
      (at ``(row - 1, col)``) is taken back and the search returns to ``node`` (the root, 0,
      or the node of the queen now last in ``queens``), whose next child is tried next.
      ``depth`` is ``row``. The exhausted first row ends the stream without an event.
    """

    kind: EventKind
    step: int
    node: int
    parent: int
    depth: int
    row: int
    col: int
    queens: Placement
    promising: bool | None = None
    attackers: tuple[Attack, ...] = field(default=())
    index: int = 0

    @property
    def square(self) -> tuple[int, int]:
        """``(row, col)``, 0-based."""
        return (self.row, self.col)


class Visitor:
    """Hooks called for each event kind; each does nothing unless overridden.

    ``result()`` is what :func:`visit` returns once the stream ends.
    """

    def on_try(self, event: Event) -> None:
        """A square was tried."""

    def on_place(self, event: Event) -> None:
        """A queen was placed on a promising square."""

    def on_solution(self, event: Event) -> None:
        """A solution was found."""

    def on_backtrack(self, event: Event) -> None:
        """A row was exhausted and the search stepped back."""

    def on_end(self) -> None:
        """The stream ended."""

    def result(self) -> object:
        """What the visitor computed (``None`` by default)."""
        return None


def visit(stream: Iterable[Event], visitor: Visitor) -> object:
    """Feed every event of ``stream`` to ``visitor``; return ``visitor.result()``. O(events)."""
    hooks = {
        "try": visitor.on_try,
        "place": visitor.on_place,
        "solution": visitor.on_solution,
        "backtrack": visitor.on_backtrack,
    }
    for event in stream:
        hooks[event.kind](event)
    visitor.on_end()
    return visitor.result()


def events(n: int, *, until: Literal["first", "all"] = "all") -> Iterator[Event]:
    """The search for ``n`` queens as events, lazily, stopping at the first solution or not.

    One event per tried square, placed queen, exhausted row and solution: the whole stream
    has about three times as many events as the pruned tree has nodes (61 nodes for n = 4,
    15,721 for n = 8), so it is meant for small boards. O(n) memory.
    """
    if until not in ("first", "all"):
        raise UnknownOptionError(f"unknown value for until {until!r}; choose 'first' or 'all'")
    queens: list[int] = []
    nodes: list[int] = [ROOT]  # nodes[r] = the node whose queen sits in row r-1; nodes[0] root
    next_id = 1
    step = 0
    found = 0
    row = 0
    col = 0
    while True:
        if col == n:
            # row exhausted: step back to the parent's parent
            if row == 0:
                return
            parent = nodes[row]
            lifted_col = queens.pop()
            nodes.pop()
            yield Event("backtrack", step, nodes[row - 1], parent, row, row, lifted_col,
                        tuple(queens))
            step += 1
            row -= 1
            col = lifted_col + 1
            continue
        parent = nodes[row]
        node = next_id
        next_id += 1
        attackers = tuple(
            Attack(r, c, "column" if c == col else ("diagonal" if r - c == row - col
                                                   else "anti-diagonal"))
            for r, c in enumerate(queens)
            if c == col or r - c == row - col or r + c == row + col
        )
        promising = not attackers
        yield Event("try", step, node, parent, row + 1, row, col, tuple(queens), promising,
                    attackers)
        step += 1
        if not promising:
            col += 1
            continue
        queens.append(col)
        nodes.append(node)
        yield Event("place", step, node, parent, row + 1, row, col, tuple(queens), True)
        step += 1
        if row + 1 == n:
            found += 1
            yield Event("solution", step, node, parent, row + 1, row, col, tuple(queens), True,
                        index=found)
            step += 1
            if until == "first":
                return
            queens.pop()
            nodes.pop()
            col += 1
            continue
        row += 1
        col = 0
