"""Recount ledger entries with an independent search, so a long count can be re-checked.

The engine counts a constellation with `nqueens.kernels.constellations` (border rows
skipped, symmetry by Burnside's lemma). Here the same subproblem is recounted with nothing
of that: the compiled row-by-row kernel of `nqueens.kernels.recount` places the four
border queens, enumerates every solution around them with the plain backtracking of
`nqueens.kernels.backtrack`, and sorts each solution into its class by building its 8
symmetry images. The subproblem's answer is the classes met and the sum of their sizes.

Recounts run in batches on threads (the kernels release the GIL) or on any
`concurrent.futures.Executor`, such as a Dask client's. A sample is drawn to reach a
stated confidence: `sample_size` rows catch an error rate `rate` with probability at
least `confidence` (sampling without replacement). Reading the ledger is
`ledger`'s job.

>>> from nqueens.engine.split import Subproblem
>>> recount(8, Subproblem(0, 2, 0, 3, 0, 1))
(8, 1)
>>> sample_size(3206), round(catch_probability(3206, sample_size(3206)), 4)
(416, 0.9901)
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from nqueens._signals import HeldSignals
from nqueens._validate import check_bool, check_executor, check_int, check_path
from nqueens.errors import InvalidArgumentError, NQueensError

if TYPE_CHECKING:
    from nqueens.engine.ledger import Summary

__all__ = [
    "Check",
    "Report",
    "catch_probability",
    "recount",
    "recount_batch",
    "sample_size",
    "verify_ledger",
]

DEFAULT_RATE = 0.01
DEFAULT_CONFIDENCE = 0.99


class Check(NamedTuple):
    """One recounted subproblem: what the ledger says and what the recount found."""

    position: int
    key: str
    ledger: tuple[int, int]
    recount: tuple[int, int]

    @property
    def ok(self) -> bool:
        """True when the ledger's (total, unique) equals the recount's."""
        return self.ledger == self.recount


class Report(NamedTuple):
    """A verification: the ledger's summary, every check, and what a clean sample proves."""

    summary: Summary
    checks: list[Check]
    rate: float
    """The error rate the sample was sized for."""
    probability: float
    """The chance that a ledger with that error rate would have shown a mismatch (1.0: all)."""
    failing: tuple[int, ...] = ()
    """Rows that fail their check (edited or corrupted): not recounted, problems as they are."""


PROBLEM_METHODS = ("symmetric-", "variant-", "tree-")
"""The methods of the counts besides Q(n) (`nqueens.engine.problems`): their rows are
recounted by the plain Python search of `nqueens.engine.problem_recount` (slow: small
boards, or a small sample)."""


def recount(n: int, sub: Sequence[int]) -> tuple[int, int]:
    """`(total, unique)` of a subproblem `(top, bottom, left, right, ...)` by enumeration.

    Cost: O(nodes) of the plain search with the four border queens placed, plus O(8n) per
    solution.

    >>> recount(8, (0, 2, 0, 3, 0, 1)), recount(4, (1, 2, 2, 1)), recount(4, (0, 1, 0, 2))
    ((8, 1), (2, 1), (0, 0))
    """
    from nqueens.kernels.recount import recount_border

    total, unique, _ = recount_border(n, *(int(v) for v in sub[:4]))
    return int(total), int(unique)


def recount_batch(n: int, items: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """`recount` of each item: what a worker thread or a Dask worker runs.

    Cost: O(len(items)) recounts, each as `recount`.

    >>> recount_batch(8, [(0, 2, 0, 3, 0, 1), (0, 1, 0, 2, 0, 1)]), recount_batch(8, [])
    ([(8, 1), (0, 0)], [])
    """
    from nqueens.engine import problem_tasks

    if problem_tasks.is_problem(items):  # symmetric solutions, a variant
        return problem_tasks.recount_batch(n, items)
    return [recount(n, item) for item in items]


def catch_probability(done: int, sample: int, rate: float = DEFAULT_RATE) -> float:
    """Chance that `sample` rows drawn from `done` meet one of `ceil(rate * done)` bad ones.

    Cost: O(min(sample, done)) per call.

    >>> catch_probability(100, 100), catch_probability(100, 0)
    (1.0, 0.0)
    """
    bad = max(1, math.ceil(rate * done)) if done else 0
    miss = 1.0
    for i in range(min(sample, done)):
        if done - bad - i <= 0:
            return 1.0
        miss *= (done - bad - i) / (done - i)
    return 1.0 - miss


def sample_size(done: int, *, rate: float = DEFAULT_RATE,
                confidence: float = DEFAULT_CONFIDENCE) -> int:
    """The fewest rows of `done` whose recount catches error rate `rate` with `confidence`.

    Cost: O(answer) per call. A `done` that is not a non-negative integer raises
    `InvalidSizeError`; `rate` and `confidence` outside (0, 1)
    `NQueensError`.

    >>> sample_size(0), sample_size(10), sample_size(100), sample_size(3206)
    (0, 10, 99, 416)
    """
    done = check_int(done, "done", low=0)
    _check_fractions(rate, confidence)
    bad = max(1, math.ceil(rate * done)) if done else 0
    miss = 1.0
    for k in range(done):
        if done - bad - k <= 0:
            return k + 1
        miss *= (done - bad - k) / (done - k)
        if 1.0 - miss >= confidence:
            return k + 1
    return done


def verify_ledger(
    path: str,
    *,
    sample: int | None = None,
    everything: bool = False,
    seed: int | None = None,
    workers: int = 1,
    executor: cf.Executor | None = None,
    rate: float = DEFAULT_RATE,
    confidence: float = DEFAULT_CONFIDENCE,
) -> Report:
    """Recount finished subproblems of the ledger at `path` with the independent search.

    `everything` recounts every row; else `sample` random rows, by default
    `sample_size` of them for `rate` and `confidence`. Runs on `workers` threads
    (at most the cores) or on `executor`. Rows that fail their check are not recounted
    but named in `Report.failing`. Raises `LedgerError` for a file that is not a
    ledger, whose job record fails its check, or whose keys do not belong to its split.
    Arguments of the wrong kind raise before the ledger is read: a `path` that is not a
    file name, an `executor` that is not one, an `everything` that is not True or False
    (`InvalidArgumentError`); a `sample`, `seed` or `workers`
    out of range (`InvalidSizeError`).
    Cost: O(nodes) of the recounted subtrees, divided among the workers.

    >>> import os, tempfile
    >>> from nqueens.engine.run import run_count
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = os.path.join(d, "count.sqlite")
    ...     total = run_count(8, workers=1, ledger=path).total
    ...     every = verify_ledger(path, everything=True)
    ...     some = verify_ledger(path, sample=5, seed=1)
    >>> total, len(every.checks), all(c.ok for c in every.checks), every.probability
    (92, 78, True, 1.0)
    >>> len(some.checks), round(some.probability, 4)
    (5, 0.0641)
    >>> verify_ledger("count.sqlite", rate=0)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: rate and confidence must lie strictly between 0 and 1
    """
    from nqueens.engine.ledger import Ledger, LedgerError
    from nqueens.engine.split import METHOD

    check_path(path, "path")
    workers = check_int(workers, "workers", low=1)
    _check_fractions(rate, confidence)
    if sample is not None:
        sample = check_int(sample, "sample", low=0)
    everything = check_bool(everything, "everything")
    if seed is not None:
        seed = check_int(seed, "seed", low=0)
    check_executor(executor)
    with Ledger.read(path, check_rows=False) as led:
        failing = tuple(led.failing())
        summary = led.summary()
        if led.job.method != METHOD and not led.job.method.startswith(PROBLEM_METHODS):
            raise LedgerError(f"{path!r} was made by method {led.job.method}, not {METHOD}")
        done = led.done()
        keys = led.keys()
        subs = led.check_split()  # the job and every key, checked as a count checks them
    if everything:
        chosen = sorted(done)
    else:
        k = sample if sample is not None else sample_size(len(done), rate=rate,
                                                          confidence=confidence)
        chosen = sorted(random.Random(seed).sample(sorted(done), min(k, len(done))))
    counts = _run(summary.job.n, [tuple(subs[i]) for i in chosen], workers, executor)
    checks = [Check(i, keys[i], done[i][:2], c) for i, c in zip(chosen, counts, strict=True)]
    probability = catch_probability(len(done), len(chosen), rate) if done else 1.0
    return Report(summary, checks, rate, probability, failing)


def _run(n: int, items: list[tuple[int, ...]], workers: int,
         executor: cf.Executor | None) -> list[tuple[int, int]]:
    """Recount `items` in batches on `executor` or `workers` threads; keep the order."""
    from nqueens.engine.executors import FinishedFutures, cpu_count

    if not items:
        return []
    if executor is None:
        workers = min(workers, cpu_count())
    if executor is None and workers <= 1:
        return recount_batch(n, items)
    # many small batches, cheapest last in the queue is unknown: interleave for balance
    nbatches = min(len(items), 16 * max(1, workers))
    batches = [list(range(b, len(items), nbatches)) for b in range(nbatches)]
    own = executor is None
    pool = executor if executor is not None else cf.ThreadPoolExecutor(max_workers=workers)
    finished = FinishedFutures()
    futures: dict[cf.Future[Any], list[int]] = {}
    out: list[tuple[int, int]] = [(0, 0)] * len(items)
    from nqueens.engine.problem_tasks import is_problem

    loose = is_problem(items)
    with HeldSignals() as held:  # no Ctrl-C inside a future's lock: a worker would hang
        try:
            for b in batches:
                futures[finished.watch(pool.submit(recount_batch, n,
                                                   [items[i] for i in b]))] = b
            for fut in finished.each(len(futures), held):
                for i, c in zip(futures[fut], _plain(n, fut, len(futures[fut]), loose),
                                strict=True):
                    out[i] = c
        finally:
            for fut in futures:
                fut.cancel()
            if own:
                pool.shutdown(wait=False, cancel_futures=True)
    if not own:
        _audit(n, items, out)
    return out


def _plain(n: int, fut: cf.Future[Any], count: int,
           loose: bool = False) -> list[tuple[int, int]]:
    """A batch's recounts as plain `(total, unique)` pairs, or one line of EngineError
    (`loose`: another problem's, `0 <= unique <= total` only)."""
    from nqueens.engine.wire import plain_reason
    from nqueens.errors import EngineError

    try:
        got = fut.result()
    except (NQueensError, KeyboardInterrupt):
        raise
    except Exception as err:  # a pickled or failed answer: refused, in one line
        raise EngineError(f"a worker's recount was refused: {plain_reason(err)}") from None
    if not isinstance(got, (list, tuple)) or len(got) != count or not all(
            isinstance(c, (list, tuple)) and len(c) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in c)
            and 0 <= c[1] <= c[0] <= (c[0] if loose else 8 * c[1]) < 2**63 for c in got):
        raise EngineError(f"a worker's recount for n = {n} is not {count} (total, unique) "
                          "pairs of whole numbers with 0 <= unique <= total <= 8 * unique")
    return [(int(c[0]), int(c[1])) for c in got]


def _audit(n: int, items: list[tuple[int, ...]], got: list[tuple[int, int]]) -> None:
    """Recount here a random sample of what an executor (a fleet) recounted, sized to catch
    a fleet that fakes 1% of its recounts with 99% confidence; a disagreement means the
    fleet's verdict cannot be trusted: EngineError (exit status 3), whatever it said.

    Cost: `sample_size` of `len(items)` recounts on this machine's cores.
    """
    from nqueens.errors import EngineError, with_cli_hint

    chosen = sorted(random.SystemRandom().sample(range(len(items)),
                                                 sample_size(len(items))))
    from nqueens.engine.executors import cpu_count

    mine = _run(n, [items[i] for i in chosen], workers=cpu_count(), executor=None)
    for i, c in zip(chosen, mine, strict=True):
        if got[i] != c:
            raise with_cli_hint(EngineError(
                f"the fleet's recount of checked row {i + 1} gave {got[i]}, this machine's own "
                f"recount {c}: the fleet's verdict cannot be trusted (recount on this "
                "machine's cores, or on workers you trust)"),
                "recount without --scheduler, or on workers you trust")


def _check_fractions(rate: object, confidence: object) -> None:
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 < x < 1
               for x in (rate, confidence)):
        raise InvalidArgumentError("rate and confidence must lie strictly between 0 and 1")
