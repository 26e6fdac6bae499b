"""The counting engine: split the search, run the pieces anywhere, keep a ledger, show progress.

Small modules with one job each, imported only where needed:

* `split` - the deterministic list of subproblems (start constellations);
* `task` - what a worker runs on a batch of subproblems (the kernel,
  in resumable slices);
* `backends` - where batches run: the
  `Backend` the loop talks to, and the bundled ones
  (threads, any executor, a Dask cluster, a GPU);
* `dispatch` - the two ways the bundled backends run batches (the
  calling thread, or kept in flight on an executor);
* `scheduler` - which subproblems go out next, how many, retries;
* `estimate` - Knuth's estimate of each subproblem, calibrated here;
* `executors` - an in-process executor and a Dask cluster's executor;
* `ledger` - the SQLite checkpoint ledger (its format in
  `ledger_format`, its file in `ledger_files`);
* `progress` - the rich progress bar (terminal only);
* `run` - the one loop that ties them together (split, weigh,
  schedule, record, report), with the progress snapshots;
* `gpu` - the GPU wing (its kernels are in `nqueens.kernels`);
* `verify` - recounting ledger entries with an independent strategy.

Importing this package imports nothing heavy.
"""

from __future__ import annotations

__all__: list[str] = []
