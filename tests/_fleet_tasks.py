"""Tasks the fleet's tests run on their workers (importable there: tests/_cluster.py puts
this folder on the workers' path): an honest kernel but for one liar, and forged answers."""

from __future__ import annotations

FORGED = {"negative": (-8, 1, 1, 1), "float": (8.0, 1, 1, 1), "huge": (2**70, 2**68, 1, 1),
          "unique above total": (1, 5, 1, 1), "short": (8, 1, 1)}


def lying_task(n, batch):
    """The CPU kernel, except on the worker named "liar": every total 8 too many."""
    from distributed import get_worker

    from nqueens.engine.task import count_batch

    rows = count_batch(n, batch)
    if get_worker().name == "liar":
        rows = [(t + 8, u + 1, nodes, us) for t, u, nodes, us in rows]
    return rows


class Forged:
    """A task whose first row is the forged row ``kind`` (picklable by reference)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, n, batch):
        from nqueens.engine.task import count_batch

        rows = count_batch(n, batch)
        return [FORGED[self.kind], *rows[1:]]
