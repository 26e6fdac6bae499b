"""How large the pruned search tree is, and a trace refused up front when it would be too long.

The one place that measures the textbook's search tree before anything walks it: the CLI's
`trace` and `tree` and `nqueens.analysis.tree.pruned_tree` all ask here.

- `count_tries` counts the squares the Python event stream tries, up to a cap (the
  slow, obvious count, about 3 microseconds a square);
- `trace_size` says how many squares a trace would try: that count while it is small,
  else the compiled counts of `nqueens.analysis.stats`, else a Monte Carlo estimate;
- `trace` is the event stream of `nqueens.trace.events`, refused with
  `InvalidSizeError` when it would try more than `max_steps` squares.

>>> count_tries(4), count_tries(4, until="first"), count_tries(8, cap=1000)
(60, 26, None)
>>> trace_size(8, until="all")
(15720, True)
"""

from __future__ import annotations

from collections.abc import Iterator

from nqueens._validate import check_choice, check_int, check_size
from nqueens.errors import InvalidSizeError, with_cli_hint
from nqueens.trace import UNTIL, Event, Until, events

__all__ = [
    "COUNT_CAP",
    "DEFAULT_MAX_STEPS",
    "EXACT_TRACE_SIZE_UP_TO",
    "MAX_TRACE_N",
    "count_tries",
    "trace",
    "trace_size",
]


COUNT_CAP = 20_000
"""The most squares `trace_size` counts on the Python stream before it asks the
compiled counts (a walk of O(COUNT_CAP) squares)."""
DEFAULT_MAX_STEPS = 10_000
"""The most squares (try events) `trace` accepts unless told otherwise."""
MAX_TRACE_N = 32
"""The largest board `trace` accepts (a per-node narrative is for small boards)."""
EXACT_TRACE_SIZE_UP_TO = 16
"""Whole-search sizes (`until="all"`) are measured exactly up to this n, estimated above."""


def count_tries(n: int, *, until: Until = "all", cap: int = COUNT_CAP) -> int | None:
    """Squares the search tries (the tree's nodes less the root), or `None` past `cap`.

    Walks the Python event stream. Cost: O(min(tries, cap)), about 3 microseconds a square.

    >>> count_tries(1), count_tries(3), count_tries(5, until="first")
    (1, 18, 15)
    """
    n, cap = _check_args(n, until, cap, "cap")
    tried = 0
    for event in events(n, until=until):
        if event.kind == "try":
            tried += 1
            if tried > cap:
                return None
    return tried


def trace_size(n: int, *, until: Until = "first",
               max_steps: int = DEFAULT_MAX_STEPS) -> tuple[int, bool]:
    """How many squares a trace would try, and whether that number is exact.

    Exact for every n with `until="first"` and for n <= 16 with `until="all"` (the
    compiled counts of `nqueens.analysis.stats`); above that, a Monte Carlo estimate
    (which is always far above any sensible bound). With a small bound (up to
    `COUNT_CAP`) the Python stream itself is counted first, up to the bound, so a
    trace that fits loads no compiled code. Cost: O(min(tries, max_steps)) for a trace that
    fits; else the compiled count (milliseconds to seconds).

    >>> trace_size(4), trace_size(4, until="all")
    ((26, True), (60, True))
    """
    n, max_steps = _check_args(n, until, max_steps, "max_steps")
    if max_steps <= COUNT_CAP:
        tried = count_tries(n, until=until, cap=max_steps)
        if tried is not None:
            return tried, True
    from nqueens.analysis import stats

    if until == "first":
        return stats.first_solution_tries(n), True
    if n <= EXACT_TRACE_SIZE_UP_TO:
        return stats.tree_stats(n).tried, True
    from nqueens.analysis.estimate import estimate

    return round(estimate(n, trials=10_000, seed=0).checked.mean) - 1, False


def trace(n: int, *, until: Until = "first", max_steps: int = DEFAULT_MAX_STEPS) -> Iterator[Event]:
    """The event stream of `nqueens.trace.events`, refused up front when too long.

    A trace tries one square per `try` event; when it would try more than `max_steps`
    squares, `InvalidSizeError` says how many (see
    `trace_size`). Cost: O(min(tries, max_steps)) for the size check (a compiled count
    beyond that), then O(1) per event as the stream is consumed.

    >>> [e.kind for e in trace(1)]
    ['try', 'place', 'solution']
    >>> trace(8, until="all")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidSizeError: a trace of 8 queens to the end would try 15,720 squares, \
more than the bound of 10,000 steps
    """
    n = check_size(n, largest=MAX_TRACE_N)
    tried, exact = trace_size(n, until=until, max_steps=max_steps)
    if tried > max_steps:
        goal = "to the first solution" if until == "first" else "to the end"
        amount = f"{tried:,} squares" if exact else f"about {tried:.2g} squares (estimated)"
        raise with_cli_hint(InvalidSizeError(
            f"a trace of {n} queens {goal} would try {amount}, more than the bound of "
            f"{max_steps:,} steps"),
            "raise the bound with --max-steps" + (" or use --until first" if until == "all"
                                                  else ""))
    return events(n, until=until)


def _check_args(n: int, until: str, bound: int, name: str) -> tuple[int, int]:
    n = check_size(n)
    check_choice(until, "until", UNTIL)
    return n, check_int(bound, name, low=1)
