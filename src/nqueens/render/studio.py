"""What the player shows beside the board: the programs, the growing tree and the counters.

`studio_data` turns an event stream into the page's plain data: for each program of
`nqueens.render.programs` its lines and one frame per event (the line that runs, the
variables, the squares a check looked at); the pruned tree's nodes in search order (each
with the event that tried it and whether a solution lies below it: a promising node with
none is a *failed subtree*, which the page can fold); and the whole search's totals, which
the counters run towards. The page's script (`player_studio.js`) only draws this data.

>>> from nqueens.trace import events
>>> d = studio_data(n=4, events=list(events(4, until="first")), lang="en",
...                 strategies=("promising",), totals=search_totals(4))
>>> len(d["tree"]), d["tree"][0], d["totals"]
(26, [1, 0, 0, 0, 1, 0, 0], {'checked': 61, 'promising': 17, 'solutions': 2, 'textbook': True})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from nqueens._validate import check_choice, check_size
from nqueens.errors import PlayerInputError
from nqueens.render.programs import FIRST_ONLY, SOURCES, STRATEGIES, frames
from nqueens.trace import Event, events
from nqueens.words import words

__all__ = ["TEXTBOOK_TOTALS", "Totals", "search_totals", "studio_data"]

TEXTBOOK_TOTALS: dict[int, tuple[int, int]] = {4: (61, 17), 8: (15_721, 2_057)}
"""The textbook's table (Neapolitan, section 5.2): nodes checked by backtracking and the
promising nodes among them, root included, for the boards it gives exactly."""

TOTALS_UP_TO = 10
"""The largest board whose whole search `search_totals` walks (n = 10: 35,538 tries,
about a tenth of a second)."""


class Totals(TypedDict):
    """The whole search's counts (root included) and whether they are the textbook's."""

    checked: int
    promising: int
    solutions: int
    textbook: bool


def search_totals(n: int) -> Totals | None:
    """Nodes checked, promising nodes and solutions of the whole search, by walking it.

    `textbook` says that the book's table gives the same numbers (n = 4 and 8); the
    numbers are always the walk's. `None` above `TOTALS_UP_TO`.
    Cost: O(nodes of the pruned tree), about 3 microseconds a node.

    >>> search_totals(8)
    {'checked': 15721, 'promising': 2057, 'solutions': 92, 'textbook': True}
    """
    n = check_size(n)
    if n > TOTALS_UP_TO:
        return None
    checked = promising = 1  # the root
    solutions = 0
    for e in events(n, until="all"):
        if e.kind == "try":
            checked += 1
            promising += bool(e.promising)
        elif e.kind == "solution":
            solutions += 1
    return {"checked": checked, "promising": promising, "solutions": solutions,
            "textbook": TEXTBOOK_TOTALS.get(n) == (checked, promising)}


def check_strategies(strategies: Sequence[str], *, until: str | None = None) -> tuple[str, ...]:
    """The programs to show, checked: one or two known ones, none twice.

    A first-solution program is taken only with `until="first"`; anything else raises
    `PlayerInputError` with one line.

    Cost: O(1).

    >>> check_strategies(["promising", "arrays"])
    ('promising', 'arrays')
    """
    chosen = tuple(strategies)
    if not 1 <= len(chosen) <= 2:
        raise PlayerInputError(f"show one program or compare two, not {len(chosen)}")
    for s in chosen:
        check_choice(s, "strategy", STRATEGIES)
    if len(set(chosen)) != len(chosen):
        raise PlayerInputError(f"compare two different programs, not {chosen[0]} twice")
    if until == "all":
        for s in chosen:
            if s in FIRST_ONLY:
                raise PlayerInputError(f"{s} stops at the first solution; use until='first'")
    return chosen


def studio_data(*, n: int, events: Sequence[Event], lang: str, strategies: Sequence[str],
                totals: Totals | None) -> dict[str, Any]:
    """The page data of the program panels, the tree and the counters (module docstring).

    The words are those of `lang` (its words module's `STUDIO` and `STUDIO_PROGRAMS`;
    English for a language without one).

    Cost: O(n) per event.

    >>> from nqueens.trace import events
    >>> d = studio_data(n=1, events=list(events(1)), lang="ja", strategies=["arrays"],
    ...                 totals=None)
    >>> [f["line"] for f in d["programs"][0]["frames"]], d["words"]["solutions"]
    ([7, 9, 2], '解')
    """
    chosen = check_strategies(strategies)
    w = words(lang, fallback="en")
    programs = [{"name": s, "title": w.STUDIO_PROGRAMS[s], "lines": SOURCES[s].splitlines(),
                 "frames": frames(events, n=n, strategy=s)} for s in chosen]
    return {"programs": programs, "tree": tree_nodes(events), "totals": totals,
            "words": w.STUDIO}


def tree_nodes(events: Sequence[Event]) -> list[list[int]]:
    """The tried nodes in search order, each a list of integers.

    `[node, parent, row, col, promising, step, solution_below]`: `step` is the index of
    the event that tried it, `solution_below` 1 when the node is a solution or an
    ancestor of one.

    Cost: O(events * depth).

    >>> from nqueens.trace import events
    >>> [t[:5] for t in tree_nodes(list(events(1)))]
    [[1, 0, 0, 0, 1]]
    """
    nodes: dict[int, list[int]] = {}
    for k, e in enumerate(events):
        if e.kind == "try":
            nodes[e.node] = [e.node, e.parent, e.row, e.col, int(bool(e.promising)), k, 0]
        elif e.kind == "solution":
            up = e.node
            while up in nodes and not nodes[up][6]:
                nodes[up][6] = 1
                up = nodes[up][1]
    return list(nodes.values())
