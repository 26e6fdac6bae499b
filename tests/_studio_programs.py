"""The oracle of the program panel: run a shown program for real, under ``sys.settrace``,
and read off, for each event of the search, the line it ran and its variables just after.

Independent of :func:`nqueens.render.programs.frames` (which reads the event stream): here
the state is the running program's own locals and arrays.
"""

from __future__ import annotations

import sys
from typing import Any

from nqueens.render.programs import SOURCES, role_lines

ARRAYS = {"promising": ("col",), "arrays": ("placement", "cols", "diags1", "diags2"),
          "put_queen": ("pos", "col", "up", "down")}
SCALARS = {"promising": ("i",), "arrays": ("row", "col", "diag1", "diag2"),
           "put_queen": ("a", "b")}


def _env(strategy: str, n: int) -> tuple[dict[str, Any], str]:
    if strategy == "promising":
        return {"n": n, "col": [0] * (n + 1)}, "queens(0)"
    if strategy == "arrays":
        return {"n": n, "placement": [0] * n, "cols": [False] * n,
                "diags1": [False] * (2 * n - 1), "diags2": [False] * (2 * n - 1)}, "backtrack(0)"
    return {"N": n, "FREE": 1, "NOT_FREE": 0, "SUCCESS": 1, "FAIL": 0, "pos": [-1] * n,
            "col": [1] * n, "up": [1] * (2 * n - 1), "down": [1] * (2 * n - 1)}, "put_queen(0)"


def executed(strategy: str, n: int) -> list[tuple[int, dict[str, Any], dict[str, list]]]:
    """Every line the program runs: (0-based line, its frame's locals, the arrays as they
    are once the line has run)."""
    env, start = _env(strategy, n)
    env["print"] = lambda *args: None
    code = compile(SOURCES[strategy] + "\n" + start + "\n", "<shown>", "exec")
    before: list[tuple[int, dict[str, Any]]] = []
    after: list[dict[str, list]] = []
    body = len(SOURCES[strategy].splitlines())

    def arrays() -> dict[str, list]:
        return {name: list(env[name]) for name in ARRAYS[strategy]}

    def tracer(frame, event, arg):
        if frame.f_code.co_filename == "<shown>" and event == "line":
            if before:
                after.append(arrays())
            if frame.f_lineno - 1 < body:
                before.append((frame.f_lineno - 1, {k: v for k, v in frame.f_locals.items()
                                                    if not isinstance(v, list)}))
            else:
                before.append((-1, {}))
        return tracer

    sys.settrace(tracer)
    try:
        exec(code, env)
    finally:
        sys.settrace(None)
    after.append(arrays())
    return [(line, loc, arr) for (line, loc), arr in zip(before, after, strict=True)
            if line >= 0]


def program_steps(strategy: str, n: int, until: str) -> list[tuple[str, int, dict[str, Any]]]:
    """(event kind, line, variables) for each event of the search, from the real run."""
    lines = role_lines(strategy)
    run = executed(strategy, n)
    out: list[tuple[str, int, dict[str, Any]]] = []
    loop = SOURCES["promising"].splitlines().index("                col[i + 1] = j")
    for k, (line, loc, arr) in enumerate(run):
        kind = next((kind for kind, at in lines.items() if at == line), None)
        if kind is None:
            continue
        if strategy == "promising":
            if loc["i"] == 0:
                continue  # the root: checked, but no event
            if kind == "backtrack" and (k + 1 < len(run) and run[k + 1][0] == loop):
                continue  # the loop goes on: not exhausted
        if strategy == "arrays" and kind == "backtrack" and loc["row"] == n - 1:
            continue  # the queen of a solution taken away: the search goes on silently
        values: dict[str, Any] = {name: loc.get(name) for name in SCALARS[strategy]}
        for name, value in arr.items():
            values[name] = value[1:] if strategy == "promising" else value
        out.append((kind, line, values))
        if kind == "solution" and until == "first":
            break
    return out
