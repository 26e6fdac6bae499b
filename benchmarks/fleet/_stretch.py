"""Benchmark-only plug-ins for the fleet benchmark, imported on its workers.

:class:`Stretch` is the counting task with one worker made slower: on the workers whose
name is in ``slow`` each unit is counted, then the worker waits ``factor - 1`` times as
long again, as a card of a slower kind would take. It exists only to make a mixed fleet on
one machine; the product never uses it.
"""

from __future__ import annotations

import time


class Stretch:
    """The CPU kernel, ``factor`` times slower on the workers named in ``slow``."""

    def __init__(self, slow: tuple[str, ...], factor: float) -> None:
        self.slow, self.factor = slow, factor

    def __call__(self, n: int, batch: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        from distributed import get_worker

        from nqueens.engine.task import count_batch

        start = time.perf_counter()
        rows = count_batch(n, batch)
        if get_worker().name in self.slow:
            time.sleep((self.factor - 1.0) * (time.perf_counter() - start))
        return rows
