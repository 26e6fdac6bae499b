"""The counting engine: split the search, run the pieces anywhere, keep a ledger, show progress.

Small modules with one job each, imported only where needed:

* :mod:`~nqueens.engine.split` - the deterministic list of subproblems (start constellations);
* :mod:`~nqueens.engine.task` - what a worker runs on a batch of subproblems (the kernel,
  in resumable slices);
* :mod:`~nqueens.engine.executors` - an in-process executor and a Dask cluster's executor
  (the local default, a thread pool, is the runner's own);
* :mod:`~nqueens.engine.ledger` - the SQLite checkpoint ledger;
* :mod:`~nqueens.engine.progress` - the rich progress bar (terminal only);
* :mod:`~nqueens.engine.run` - the scheduler and the one loop that ties them together,
  with the cost estimate and the progress snapshots;
* :mod:`~nqueens.engine.verify` - recounting ledger entries with an independent strategy.

Importing this package imports nothing heavy.
"""

from __future__ import annotations

__all__: list[str] = []
