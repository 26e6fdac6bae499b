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
from nqueens.errors import InvalidSizeError, UnknownOptionError

__all__ = [
    "DEFAULT_MAX_STEPS",
    "MAX_TRACE_N",
    "ROOT",
    "Attack",
    "Event",
    "EventKind",
    "Visitor",
    "events",
    "trace",
    "trace_size",
    "visit",
]

EventKind = Literal["try", "place", "backtrack", "solution"]
ROOT = 0
"""The id of the root node (no queen placed)."""
DEFAULT_MAX_STEPS = 10_000
"""The most squares (try events) :func:`trace` accepts unless told otherwise."""
MAX_TRACE_N = 32
"""The largest board :func:`trace` accepts (a per-node narrative is for small boards)."""
EXACT_TRACE_SIZE_UP_TO = 16
"""Full traces (``until="all"``) are measured exactly up to this n, estimated above it."""


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

    def to_json(self) -> dict[str, object]:
        """The event as a plain dict (every field, 0-based squares), as ``--format jsonl``.

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


def trace(
    n: int,
    *,
    until: Literal["first", "all"] = "first",
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Iterator[Event]:
    """The event stream of :func:`events`, refused up front when it would be too long.

    A trace tries one square per ``try`` event; when it would try more than ``max_steps``
    squares, :class:`~nqueens.errors.InvalidSizeError` says how many (see
    :func:`trace_size`). Cost: the size check (milliseconds for small boards; a compiled
    count for larger ones), then O(1) per event as the stream is consumed.

    >>> [e.kind for e in trace(1)]
    ['try', 'place', 'solution']
    >>> next(trace(8, until="all"))
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: a trace of 8 queens to the end would try 15,720 squares, \
more than the bound of 10,000 steps; raise the bound with --max-steps or use --until first
    """
    _check_trace_args(n, until, max_steps)
    tried, exact = trace_size(n, until=until, max_steps=max_steps)
    if tried > max_steps:
        goal = "to the first solution" if until == "first" else "to the end"
        amount = f"{tried:,} squares" if exact else f"about {tried:.2g} squares (estimated)"
        raise InvalidSizeError(
            f"a trace of {n} queens {goal} would try {amount}, more than the bound of "
            f"{max_steps:,} steps; raise the bound with --max-steps"
            + (" or use --until first" if until == "all" else "")
        )
    return events(n, until=until)


def trace_size(
    n: int, *, until: Literal["first", "all"] = "first", max_steps: int = DEFAULT_MAX_STEPS
) -> tuple[int, bool]:
    """How many squares a trace would try, and whether that number is exact.

    Exact for every n with ``until="first"`` and for n <= 16 with ``until="all"`` (the
    compiled counts of :mod:`nqueens.analysis.stats`); above that, a Monte Carlo estimate
    (which is always far above any sensible bound). With a small bound (up to 20,000) the
    Python stream itself is counted first, up to the bound, so a trace that fits loads no
    compiled code; a trace that does not fit is then measured by the compiled kernel.

    >>> trace_size(4), trace_size(4, until="all")
    ((26, True), (60, True))
    """
    _check_trace_args(n, until, max_steps)
    if max_steps <= 20_000:
        tried = 0
        for event in events(n, until=until):
            if event.kind == "try":
                tried += 1
                if tried > max_steps:
                    break
        else:
            return tried, True
    from nqueens.analysis import stats

    if until == "first":
        return stats.first_solution_tries(n), True
    if n <= EXACT_TRACE_SIZE_UP_TO:
        return stats.tree_stats(n).tried, True
    from nqueens.analysis.estimate import estimate

    return round(estimate(n, trials=10_000, seed=0).checked.mean) - 1, False


def _check_trace_args(n: int, until: str, max_steps: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_TRACE_N:
        raise InvalidSizeError(f"N must be an integer from 1 to {MAX_TRACE_N} for a trace, "
                               f"got {n!r}")
    if until not in ("first", "all"):
        raise UnknownOptionError(f"unknown value for until {until!r}; choose 'first' or 'all'")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InvalidSizeError(f"max_steps must be a positive integer, got {max_steps!r}")
