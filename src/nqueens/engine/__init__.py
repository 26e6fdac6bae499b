"""The counting engine: split the search, run the pieces anywhere, keep a ledger, show progress.

Small modules with one job each, imported only where needed:

* :mod:`~nqueens.engine.split` - the deterministic list of subproblems (start constellations);
* :mod:`~nqueens.engine.task` - what a worker runs on a batch of subproblems (the kernel,
  in resumable slices);
* :mod:`~nqueens.engine.backends` - where batches run: the
  :class:`~nqueens.engine.backends.Backend` the loop talks to, and the bundled ones
  (threads, any executor, a Dask cluster, a GPU);
* :mod:`~nqueens.engine.dispatch` - the two ways the bundled backends run batches (the
  calling thread, or kept in flight on an executor);
* :mod:`~nqueens.engine.scheduler` - which subproblems go out next, how many, retries;
* :mod:`~nqueens.engine.estimate` - Knuth's estimate of each subproblem, calibrated here;
* :mod:`~nqueens.engine.executors` - an in-process executor and a Dask cluster's executor;
* :mod:`~nqueens.engine.ledger` - the SQLite checkpoint ledger (its format in
  :mod:`~nqueens.engine.ledger_format`, its file in :mod:`~nqueens.engine.ledger_files`);
* :mod:`~nqueens.engine.progress` - the rich progress bar (terminal only);
* :mod:`~nqueens.engine.run` - the one loop that ties them together (split, weigh,
  schedule, record, report), with the progress snapshots;
* :mod:`~nqueens.engine.gpu` - the GPU wing (its kernels are in :mod:`nqueens.kernels`);
* :mod:`~nqueens.engine.verify` - recounting ledger entries with an independent strategy.

Importing this package imports nothing heavy.
"""

from __future__ import annotations

__all__: list[str] = []
