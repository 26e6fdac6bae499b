"""A worker that misbehaves, for the fleet's hostile-worker tests: ``dask worker --preload
_liar.py --liar-mode MODE`` (tests/_cluster.py passes it). It replaces the unit runner the
coordinator calls (``nqueens.engine.answers.run_unit``, looked up by name on the worker),
so it lies on every kind of unit, recounts included, with residues consistent with its lies.

Modes: ``plus8`` (every total 8 too many, every unique 1), ``some`` (one subproblem in
seven of every unit 8 too many), ``pickle`` (a result that runs a command when unpickled:
it writes the file named by ``$NQ_MARKER``), ``pickle-error`` (the same object raised as
an exception), ``huge`` (a 10-MB integer as a total), ``silent`` (never answers: sleeps),
``late`` (answers honestly after ``$NQ_LATE`` seconds).
"""

from __future__ import annotations

import os
import time

import click

MODE = {"mode": "plus8"}


class Payload(Exception):
    """Unpickling it writes the marker file: code from a worker run by whoever loads it."""

    def __reduce__(self):
        # the shell reads $NQ_MARKER where it is unpickled: only the client has it set
        return (os.system, ('[ -n "$NQ_MARKER" ] && touch "$NQ_MARKER"',))


@click.command()
@click.option("--liar-mode", default="plus8")
def dask_setup(worker, liar_mode):
    import nqueens.engine.answers as answers
    import nqueens.engine.verify as verify

    MODE["mode"] = liar_mode
    honest = answers.run_unit
    honest_recount = verify.recount_batch

    def lie(k, total, unique):
        if MODE["mode"] == "plus8" or (MODE["mode"] == "some" and k % 7 == 0):
            return total + 8, unique + 1
        return total, unique

    def lying_recount(n, items):   # what `ledger verify --scheduler` runs
        return [lie(k, t, u) for k, (t, u) in enumerate(honest_recount(n, items))]

    def lying_unit(n, batch, kind, task=None):
        mode = MODE["mode"]
        if mode == "silent":
            time.sleep(10**6)
        if mode == "late":
            time.sleep(float(os.environ.get("NQ_LATE", "20")))
            return honest(n, batch, kind, task)
        if mode == "pickle":
            return Payload()
        if mode == "pickle-error":
            raise Payload()
        rows, _, seconds = honest(n, batch, kind, task)
        if kind == "recount" and mode in ("plus8", "some"):
            return rows, [answers.residues(r[0]) for r in rows], seconds  # lied already
        if mode == "huge":
            rows = [(2**(8 * 10**7), 1, 0, 0), *rows[1:]]
            return rows, [answers.residues(r[0]) for r in rows], seconds
        lied = [(*lie(k, t, u), nodes, us) for k, (t, u, nodes, us) in enumerate(rows)]
        return lied, [answers.residues(r[0]) for r in lied], seconds

    answers.run_unit = lying_unit
    verify.recount_batch = lying_recount
