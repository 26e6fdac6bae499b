"""The search as a stream of events, and visitors that consume it.

`events` runs the textbook's row-by-row backtracking in plain Python and reports every
step as an `Event`: a candidate square tried (promising or not, with every earlier
queen that attacks it and how), a queen placed, a row exhausted and the step back, a
solution. Narrators, statistics and pictures are all consumers of this one stream; a
`Visitor` has a no-op hook per kind (python-chess' visitor pattern) and
`visit` feeds a stream to it. How long a stream would be, and a trace refused up front
when too long, are `nqueens.analysis.treesize`'s: this module only walks.

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

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Generic, Literal, NamedTuple, TypeVar

from nqueens._validate import check_choice, check_size
from nqueens.board import ConflictKind, Placement, clash_kind

__all__ = [
    "ROOT",
    "UNTIL",
    "Attack",
    "Event",
    "EventKind",
    "ResultT",
    "Until",
    "Visitor",
    "events",
    "visit",
]

EventKind = Literal["try", "place", "backtrack", "solution"]
Until = Literal["first", "all"]
"""Where a search stops: at the first solution, or when the tree is exhausted."""
UNTIL: tuple[Until, ...] = ("first", "all")
"""The values of `Until`, for checks and the CLI."""
ROOT = 0
"""The id of the root node (no queen placed)."""


class Attack(NamedTuple):
    """An earlier queen (0-based square) attacking a tried square, and how."""

    row: int
    col: int
    kind: ConflictKind


@dataclass(frozen=True, slots=True)
class Event:
    """One step of the search. Squares are 0-based `(row, col)`.

    - `try`: `node` is the tried square's new node (child of `parent`); `promising`
      says whether it survives; `attackers` lists every earlier queen attacking it, by row.
    - `place`: the queen of a promising `node` is put on the board; `queens` includes it.
    - `solution`: `node` completes the board; `queens` is the solution; `index` counts
      solutions from 1.
    - `backtrack`: every column of `row` has been tried; the queen of node `parent`
      (at `(row - 1, col)`) is taken back and the search returns to `node` (the root, 0,
      or the node of the queen now last in `queens`), whose next child is tried next.
      `depth` is `row`. The exhausted first row ends the stream without an event.
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
        """`(row, col)`, 0-based."""
        return (self.row, self.col)

    def to_json(self) -> dict[str, object]:
        """The event as a plain dict (every field, 0-based squares), as `--format jsonl`.

        The one JSON shape of an event: the CLI's jsonl and the HTML player both use it.
        Cost: O(n).

        >>> next(events(4)).to_json()["attackers"]
        []
        """
        return {
            "kind": self.kind,
            "step": self.step,
            "node": self.node,
            "parent": self.parent,
            "depth": self.depth,
            "row": self.row,
            "col": self.col,
            "queens": list(self.queens),
            "promising": self.promising,
            "attackers": [{"row": a.row, "col": a.col, "kind": a.kind} for a in self.attackers],
            "index": self.index,
        }


ResultT = TypeVar("ResultT")


class Visitor(ABC, Generic[ResultT]):
    """Hooks called for each event kind; each does nothing unless overridden.

    Typed by what it computes (as python-chess's `BaseVisitor[ResultT]`): `result()`
    is what `visit` returns once the stream ends, so `visit(events(4),
    TreeCounter(4))` is a `TreeStats` to the type checker, with no `isinstance`.
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

    @abstractmethod
    def result(self) -> ResultT:
        """What the visitor computed."""

    def feed(self, event: Event) -> None:
        """Call the hook of `event`'s kind: the one dispatch of events to hooks.

        Cost: O(1) plus the hook.

        >>> class Kinds(Visitor[list[str]]):
        ...     def __init__(self) -> None:
        ...         self.seen: list[str] = []
        ...     def on_place(self, event: Event) -> None:
        ...         self.seen.append("place")
        ...     def result(self) -> list[str]:
        ...         return self.seen
        >>> v = Kinds()
        >>> for e in events(1):
        ...     v.feed(e)
        >>> v.result()
        ['place']
        """
        if event.kind == "try":
            self.on_try(event)
        elif event.kind == "place":
            self.on_place(event)
        elif event.kind == "solution":
            self.on_solution(event)
        else:
            self.on_backtrack(event)


def visit(stream: Iterable[Event], visitor: Visitor[ResultT]) -> ResultT:
    """Feed every event of `stream` to `visitor`; return `visitor.result()`.

    Cost: O(events) plus the visitor's hooks.

    >>> class Tries(Visitor[int]):
    ...     def __init__(self) -> None:
    ...         self.tries = 0
    ...     def on_try(self, event: Event) -> None:
    ...         self.tries += 1
    ...     def result(self) -> int:
    ...         return self.tries
    >>> visit(events(4), Tries())
    60
    """
    for event in stream:
        visitor.feed(event)
    visitor.on_end()
    return visitor.result()


def events(n: int, *, until: Until = "all") -> Iterator[Event]:
    """The search for `n` queens as events, lazily, stopping at the first solution or not.

    One event per tried square, placed queen, exhausted row and solution: the whole stream
    has about three times as many events as the pruned tree has nodes (61 nodes for n = 4,
    15,721 for n = 8), so it is meant for small boards. Cost: O(n) time per event (the
    attackers of a tried square), O(n) memory.

    >>> [(e.kind, e.square) for e in events(1)]
    [('try', (0, 0)), ('place', (0, 0)), ('solution', (0, 0))]

    A size that is not a positive integer raises `InvalidSizeError`
    (at the first `next`: the stream is lazy).
    """
    n = check_size(n)
    check_choice(until, "until", UNTIL)
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
            Attack(r, c, kind) for r, c in enumerate(queens)
            if (kind := clash_kind(r, c, row, col)) is not None
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
