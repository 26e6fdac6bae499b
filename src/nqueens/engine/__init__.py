"""The counting engine: split the search, run the pieces anywhere, keep a ledger, show progress.

Small modules with one job each, imported only where needed:

* :mod:`~nqueens.engine.split` - the deterministic list of subproblems (start constellations);
* :mod:`~nqueens.engine.task` - what a worker runs on a batch of subproblems (kernel only);
* :mod:`~nqueens.engine.executors` - the local spawn process pool, an in-process executor,
  and a Dask cluster's executor;
* :mod:`~nqueens.engine.ledger` - the SQLite checkpoint ledger;
* :mod:`~nqueens.engine.progress` - the rich progress bar (terminal only);
* :mod:`~nqueens.engine.run` - the one loop that ties them together;
* :mod:`~nqueens.engine.verify` - recounting ledger entries with an independent strategy.

Importing this package imports nothing heavy.
"""

from __future__ import annotations

__all__: list[str] = []
