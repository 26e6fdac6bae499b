"""What a worker sends back, and the checks it passes before the ledger sees it.

Every row a backend hands the engine loop is checked (`check_rows`): a list of the
right length, each row four plain integers `(total, unique, nodes, microseconds)` with
`0 <= unique <= total <= 8 * unique` (a class of solutions has one to eight members) and
values below `2**63`. A fleet's worker also sends each total's residues modulo
`RESIDUE_MODULI` (as the Q27 database keeps them), and the coordinator checks those
too (`check_answer`): an answer mangled on the way, or made up, stops the count with
one line instead of reaching the ledger. `run_unit` is what a fleet's worker runs.
"""

from __future__ import annotations

import numbers
import time
from collections.abc import Callable

from nqueens.engine.task import Row
from nqueens.errors import EngineError

__all__ = [
    "MAX_TOTAL",
    "RESIDUE_MODULI",
    "Answer",
    "check_answer",
    "check_rows",
    "is_int",
    "is_number",
    "residues",
    "run_unit",
]

RESIDUE_MODULI = (13, 15)
"""A worker sends each subtotal's residues modulo these beside it."""
MAX_TOTAL = 2**63 - 1
"""The largest subtotal, node count or time a row may hold (the ledger's 64-bit integers)."""

Answer = tuple[list[Row], list[tuple[int, ...]], float] | tuple[str, str, str]
"""A fleet worker's answer: the rows, each total's residues, the seconds it counted."""


def is_int(x: object) -> bool:
    """An integer that is not a bool (numpy's too).

    Cost: O(1).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def is_number(x: object) -> bool:
    """A real number that is not a bool.

    Cost: O(1).

    >>> is_number(0.5), is_number(False), is_number("1")
    (True, False, False)
    """
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def residues(total: int) -> tuple[int, ...]:
    """A subtotal's residues modulo `RESIDUE_MODULI`.

    Cost: O(1) for a total of a fixed number of words (O(log total) in general).

    >>> residues(2279184)
    (11, 9)
    """
    return tuple(total % m for m in RESIDUE_MODULI)


def check_rows(n: int, count: int, rows: object, *, who: str = "a worker",
               loose: bool = False) -> list[Row]:
    """`rows` for `count` subproblems of size `n`, checked, as plain ints.

    `loose` rows (another problem's: `nqueens.engine.problems`) need only
    `0 <= unique <= total`: a variant's piece may hold placements of no class's least
    image, a tree's nodes outnumber its solutions; the problem checks its own rule.

    Cost: O(count).

    >>> check_rows(8, 1, [(8, 1, 9, 20)])
    [(8, 1, 9, 20)]
    >>> check_rows(8, 1, [(8.0, 1, 9, 20)])
    Traceback (most recent call last):
    ...
    nqueens.errors.EngineError: a worker's answer for n = 8 is not a count: row 1 is not four \
whole numbers
    >>> check_rows(8, 1, [(2**70, 2**68, 0, 0)])   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nqueens.errors.EngineError: ... row 1 has total 1180591620717411303424, unique ...
    """
    where = f"{who}'s answer for n = {n} is not a count"
    if not isinstance(rows, (list, tuple)) or len(rows) != count:
        got = len(rows) if isinstance(rows, (list, tuple)) else type(rows).__name__
        raise EngineError(f"{where}: expected {count} rows, got {got}")
    out: list[Row] = []
    for i, row in enumerate(rows, 1):
        if not (isinstance(row, (tuple, list)) and len(row) == 4 and all(map(is_int, row))):
            raise EngineError(f"{where}: row {i} is not four whole numbers")
        total, unique, nodes, micros = (int(x) for x in row)
        if not (0 <= unique <= total <= (total if loose else 8 * unique) <= MAX_TOTAL):
            raise EngineError(f"{where}: row {i} has total {total}, unique {unique} (need "
                              "0 <= unique <= total <= 8 * unique < 2**63)")
        if not (0 <= nodes <= MAX_TOTAL and 0 <= micros <= MAX_TOTAL):
            raise EngineError(f"{where}: row {i} has a negative or impossible node count "
                              "or time")
        out.append((total, unique, nodes, micros))
    return out


def check_answer(n: int, count: int, answer: object, *, loose: bool = False) -> list[Row]:
    """A fleet worker's `Answer` for `count` subproblems, checked.

    The rows pass `check_rows` (`loose` as there), each total's residues match those
    the worker sent, and the time is a number of seconds.

    Cost: O(count).

    >>> check_answer(8, 1, ([(8, 1, 9, 20)], [(8, 8)], 0.1))
    [(8, 1, 9, 20)]
    >>> check_answer(8, 1, ([(8, 1, 9, 20)], [(5, 7)], 0.1))
    Traceback (most recent call last):
    ...
    nqueens.errors.EngineError: a worker's answer for n = 8 is not a count: row 1's total 8 \
does not match the residues the worker sent ((5, 7))
    """
    where = f"a worker's answer for n = {n} is not a count"
    if not (isinstance(answer, (tuple, list)) and len(answer) == 3):
        raise EngineError(f"{where}: expected (rows, residues, seconds), got "
                          f"{type(answer).__name__}")
    rows, sent, seconds = answer
    out = check_rows(n, count, rows, loose=loose)
    if not isinstance(sent, (list, tuple)) or len(sent) != count:
        raise EngineError(f"{where}: expected the residues of {count} rows")
    if not is_number(seconds) or not 0 <= float(seconds) < 1e9:
        raise EngineError(f"{where}: its time {seconds!r} is not a number of seconds")
    for i, (row, res) in enumerate(zip(out, sent, strict=True), 1):
        if not isinstance(res, (tuple, list)) or tuple(res) != residues(row[0]):
            raise EngineError(f"{where}: row {i}'s total {row[0]} does not match the "
                              f"residues the worker sent ({tuple(res)!r})")
    return out


def run_unit(n: int, batch: list[tuple[int, ...]], kind: str,
             task: Callable[..., list[Row]] | None = None) -> Answer:
    """What a fleet's worker runs for one unit: `(rows, residues of each total, seconds)`.

    `kind` is `"cpu"` (the CPU kernel), `"gpu"` (this worker's GPU) or `"recount"`
    (the independent search of `nqueens.engine.verify`; its nodes and time are 0).
    `task` replaces the counting function (a benchmark's). A worker asked for a GPU unit
    without numba-cuda or a GPU answers `("error", class name, message)`, plain words the
    client reports in one line (a worker's exceptions would travel pickled, and the client
    loads nothing pickled); so does any other failure.

    Cost: O(the unit's search): the nodes the counting function visits for `batch`.

    >>> rows, res, _ = run_unit(8, [(0, 2, 0, 3, 0, 1)], "recount")
    >>> rows, res
    ([(8, 1, 0, 0)], [(8, 8)])
    """
    start = time.perf_counter()
    try:
        rows = _count_unit(n, batch, kind, task)
    except Exception as err:  # sent back as plain words (NQueensError, ImportError, ...)
        return "error", type(err).__name__, str(err)[:500]
    # plain ints only: they travel as msgpack, and the client loads nothing else
    plain = [tuple(int(x) if is_int(x) else x for x in r) for r in rows]
    sums = [residues(r[0]) if r and is_int(r[0]) else () for r in plain]
    return plain, sums, time.perf_counter() - start


def _count_unit(n: int, batch: list[tuple[int, ...]], kind: str,
                task: Callable[..., list[Row]] | None) -> list[Row]:
    if task is not None:
        return list(task(n, batch))
    if kind == "recount":
        from nqueens.engine.verify import recount_batch

        return [(t, u, 0, 0) for t, u in recount_batch(n, batch)]
    if kind == "gpu" and not (batch and int(batch[0][0]) < 0):  # a GPU counts Q(n) only
        from nqueens.engine import gpu

        gpu.require_gpu()
        return list(gpu.count_batch(n, batch))
    from nqueens.engine.task import count_batch

    return list(count_batch(n, batch))
