"""The programs the player shows beside the board, and what each does at every event.

Three short programs, ours, written for this project after the teaching material's
algorithms (each is runnable Python; the tests run them and compare their solutions and
checks with the event stream):

- `promising`: the Korean/English textbook's `queens(i)` / `promising(i)` (Neapolitan,
  section 5.2), 1-based `col[1..n]`; a check compares the node with each earlier queen in
  turn until one threatens it: O(i) squares looked at.
- `arrays`: the Japanese chapter's `backtrack(row)` with the boolean arrays `cols`,
  `diags1[row - col + n - 1]` and `diags2[row + col]`: a check looks at at most three
  entries, O(1).
- `put_queen`: the blog's first-solution search (`pos`, `col`, `up[a + b]`,
  `down[a - b + (N - 1)]`, `FREE`/`NOT_FREE`), which stops at the first solution.

All three try the same squares in the same order as `nqueens.trace.events`, so one
event stream drives them all. `frames` says, for each event, which line of the
program runs, the program's variables just after it, and for a check how many squares (or
array entries) it looked at.

>>> fr = frames(list(__import__("nqueens.trace").trace.events(4, until="first")), n=4,
...             strategy="arrays")
>>> SOURCES["arrays"].splitlines()[fr[0]["line"]].strip()
'if not cols[col] and not diags1[diag1] and not diags2[diag2]:'
>>> fr[0]["looked"], fr[1]["vars"]["cols"]
(3, [True, False, False, False])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nqueens._validate import check_choice, check_size
from nqueens.programs import FIRST_ONLY, STRATEGIES
from nqueens.trace import Event

__all__ = ["FIRST_ONLY", "ROLES", "SOURCES", "STRATEGIES", "frames", "role_lines"]


SOURCES: dict[str, str] = {
    "promising": '''\
def queens(i):
    if promising(i):
        if i == n:
            print(col[1 : n + 1])
        else:
            for j in range(1, n + 1):
                col[i + 1] = j
                queens(i + 1)


def promising(i):
    k = 1
    switch = True
    while k < i and switch:
        if col[i] == col[k] or abs(col[i] - col[k]) == i - k:
            switch = False
        k += 1
    return switch
''',
    "arrays": '''\
def backtrack(row):
    if row == n:
        print(placement)
        return
    for col in range(n):
        diag1 = row - col + n - 1
        diag2 = row + col
        if not cols[col] and not diags1[diag1] and not diags2[diag2]:
            placement[row] = col
            cols[col] = diags1[diag1] = diags2[diag2] = True
            backtrack(row + 1)
            cols[col] = diags1[diag1] = diags2[diag2] = False
''',
    "put_queen": '''\
def put_queen(a):
    for b in range(N):
        if col[b] == FREE and up[a + b] == FREE and down[a - b + (N - 1)] == FREE:
            pos[a] = b
            col[b] = up[a + b] = down[a - b + (N - 1)] = NOT_FREE
            if a + 1 >= N:
                return SUCCESS
            elif put_queen(a + 1) == SUCCESS:
                return SUCCESS
            else:
                pos[a] = -1
                col[b] = up[a + b] = down[a - b + (N - 1)] = FREE
    return FAIL
''',
}
"""Each program's text, as the player shows it (the call that starts it is in the docs)."""

ROLES: dict[str, dict[str, str]] = {
    "promising": {"try": "    if promising(i):", "place": "        if i == n:",
                  "solution": "            print(col[1 : n + 1])",
                  "backtrack": "            for j in range(1, n + 1):"},
    "arrays": {"try": "        if not cols[col] and not diags1[diag1] and not diags2[diag2]:",
               "place": "            cols[col] = diags1[diag1] = diags2[diag2] = True",
               "solution": "        print(placement)",
               "backtrack": "            cols[col] = diags1[diag1] = diags2[diag2] = False"},
    "put_queen": {
        "try": "        if col[b] == FREE and up[a + b] == FREE and down[a - b + (N - 1)] == FREE:",
        "place": "            col[b] = up[a + b] = down[a - b + (N - 1)] = NOT_FREE",
        "solution": "                return SUCCESS",
        "backtrack": "                col[b] = up[a + b] = down[a - b + (N - 1)] = FREE"},
}
"""The line each event kind runs, by program: a tried square is the check, a placed queen
the line that marks it, a solution the line that reports it, a step back the line that
takes the queen away (the `for` line that ends, in the textbook's program, which never
takes a queen away: it overwrites `col[i + 1]`)."""


def role_lines(strategy: str) -> dict[str, int]:
    """The 0-based line of `SOURCES` each event kind highlights.

    Cost: O(lines).

    >>> role_lines("promising")["try"]
    1
    """
    check_choice(strategy, "strategy", STRATEGIES)
    lines = SOURCES[strategy].splitlines()
    return {kind: lines.index(text) for kind, text in ROLES[strategy].items()}


def frames(events: Sequence[Event], *, n: int, strategy: str) -> list[dict[str, Any]]:
    """What the program `strategy` does at each event: its line, variables and cost.

    Each frame has `line` (0-based, of `SOURCES`), `vars` (name -> value or
    list, in the program's own terms) and `looked` (squares or entries a check looked at;
    `None` for other events).

    `events` start at the beginning of the search. Cost: O(n) per event.

    >>> fr = frames(list(__import__("nqueens.trace").trace.events(4)), n=4,
    ...             strategy="promising")
    >>> fr[2]["vars"], fr[2]["looked"]
    ({'i': 2, 'col': [1, 1, 0, 0]}, 1)
    """
    n = check_size(n)
    lines = role_lines(strategy)
    step = {"promising": _promising, "arrays": _arrays, "put_queen": _blog}[strategy]
    memory: list[int] = [0] * n if strategy == "promising" else [-1] * n
    out = []
    for e in events:
        scalars, looked = step(e, n, memory)
        out.append({"line": lines[e.kind], "vars": scalars, "looked": looked})
    return out


def _first_threat(e: Event) -> int | None:
    """The 1-based row of the first earlier queen (top down) threatening a tried square."""
    return min((a.row for a in e.attackers), default=None)


def _promising(e: Event, n: int, col: list[int]) -> tuple[dict[str, Any], int | None]:
    """The textbook's program: `col[i + 1] = j` at each try, never cleared."""
    looked = None
    if e.kind == "try":
        col[e.row] = e.col + 1
        first = _first_threat(e)
        looked = e.row if first is None else first + 1
        i = e.row + 1
    elif e.kind == "backtrack":
        i = e.row
    else:
        i = e.row + 1
    return {"i": i, "col": list(col)}, looked


def _lookups(taken: Sequence[bool]) -> int:
    """Entries a short-circuit `and` of three free-tests looks at."""
    return next((k + 1 for k, t in enumerate(taken) if t), len(taken))


def _arrays(e: Event, n: int, placement: list[int]) -> tuple[dict[str, Any], int | None]:
    """The chapter's program: three boolean arrays, `placement[row] = col`."""
    if e.kind == "place":
        placement[e.row] = e.col
    cols, diags1, diags2 = _marks(e.queens, n)
    looked = None
    if e.kind == "try":
        looked = _lookups((cols[e.col], diags1[e.row - e.col + n - 1], diags2[e.row + e.col]))
    row, col = (e.row - 1, e.col) if e.kind == "backtrack" else (e.row, e.col)
    scalars: dict[str, Any] = {"row": row, "col": col, "diag1": row - col + n - 1,
                               "diag2": row + col}
    if e.kind == "solution":
        scalars = {"row": n, "col": None, "diag1": None, "diag2": None}
    return {**scalars, "placement": [max(p, 0) for p in placement], "cols": cols,
            "diags1": diags1, "diags2": diags2}, looked


def _blog(e: Event, n: int, pos: list[int]) -> tuple[dict[str, Any], int | None]:
    """The blog's program: `FREE` = 1, `NOT_FREE` = 0; `pos[a] = -1` when taken back."""
    if e.kind == "place":
        pos[e.row] = e.col
    elif e.kind == "backtrack":
        pos[e.row - 1] = -1
    cols, downs, ups = _marks(e.queens, n)
    looked = None
    if e.kind == "try":
        looked = _lookups((cols[e.col], ups[e.row + e.col], downs[e.row - e.col + n - 1]))
    a, b = (e.row - 1, e.col) if e.kind == "backtrack" else (e.row, e.col)
    free = [[0 if t else 1 for t in marks] for marks in (cols, ups, downs)]
    return {"a": a, "b": b, "pos": list(pos), "col": free[0], "up": free[1],
            "down": free[2]}, looked


def _marks(queens: Sequence[int], n: int) -> tuple[list[bool], list[bool], list[bool]]:
    """Columns, main diagonals (`row - col + n - 1`) and anti-diagonals (`row + col`)
    taken by the queens on the board."""
    cols = [False] * n
    diags1 = [False] * (2 * n - 1)
    diags2 = [False] * (2 * n - 1)
    for r, c in enumerate(queens):
        cols[c] = diags1[r - c + n - 1] = diags2[r + c] = True
    return cols, diags1, diags2
