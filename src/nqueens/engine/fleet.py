"""A fleet: a Dask cluster of CPU and GPU workers that pull units sized to their speed.

:class:`DaskBackend` is the backend of ``nqueens count N --scheduler ADDR``. It keeps one
unit in flight on every live worker and gives a worker its next unit when it hands one back
(pull, not push), so a fast worker takes more units and a slow one fewer, and nobody waits
for a fixed share to finish:

- **units sized to the worker that takes them**: each worker's speed is measured on its own
  units (estimated work a second, the work being the subproblems' Knuth estimates) and its
  next unit is sized to last :attr:`FleetConfig.unit_seconds` there, but never more than a
  share of what is left, so the last units are the small ones and the tail is short;
- **CPU and GPU workers**: a worker started with the Dask resource ``GPU`` (``dask worker
  --resources GPU=1``, or ``dask cuda worker``) takes GPU units and counts them on its card;
  the others count on their CPU;
- **nothing lost, nothing counted twice**: a worker that leaves (killed, preempted, at its
  walltime) loses only its unit, which goes back to the front of the queue; a unit that
  overruns its expected time by a wide margin (a frozen worker) is handed to another worker
  too, and the first answer wins; a late answer for a subproblem already recorded is only
  compared, never added. A count with no live worker for :attr:`FleetConfig.no_worker_seconds`
  ends with :class:`~nqueens.errors.SchedulerError` (exit status 3). The ledger, kept by the
  engine loop on this machine, is what a restarted coordinator resumes from;
- **every answer checked** before it reaches the ledger (:func:`check_rows`): its shape and
  type, its range, and the residues the worker computed beside it;
- **replication**: with ``replicate=F`` a random fraction F of the units is recounted on a
  different worker (a different device class where the fleet has one) with the independent
  search of :mod:`nqueens.engine.verify`; a disagreement goes to a third count, the
  majority is recorded, and the disagreement is reported. :meth:`DaskBackend.stats` (and
  the :class:`FleetStats` in ``DaskBackend.fleet_stats``) say how many units were
  replicated and agreed, and how idle the workers were.

Trust: results travel by pickle, so any member of a Dask cluster can run code in the
client (Dask's own documentation says this of every cluster). Run a fleet only on machines
you trust as you trust this one; replication and ``nqueens ledger verify`` are the checks on
what a worker claims, the ledger's seal the check on what was recorded (docs/ledger.md).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from nqueens._signals import WAIT_STEP_SECONDS, HeldSignals
from nqueens._validate import check_bool, check_callable, check_path, check_seconds
from nqueens.engine.answers import check_answer, is_number, run_unit
from nqueens.engine.backends import Backend
from nqueens.engine.dispatch import Sink
from nqueens.engine.fleet_stats import FleetConfig, FleetStats
from nqueens.engine.scheduler import Scheduler
from nqueens.engine.task import Row
from nqueens.errors import (
    EngineError,
    InvalidArgumentError,
    NQueensError,
    SchedulerError,
    with_cli_hint,
)

__all__ = ["DaskBackend", "FleetConfig", "FleetStats"]


RESULT_WAIT = 10.0
"""Seconds to wait for the answer of a unit Dask says is done (a moment, unless it is lost)."""
Items = Sequence[tuple[int, ...]]


@dataclass
class _Worker:
    address: str
    name: str
    kind: str                      # "cpu" or "gpu"
    arrived: float
    left: float | None = None
    rate: float | None = None      # estimated work a second
    units: list[_Unit] = field(default_factory=list)   # the first one is counting
    suspect: bool = False
    beat: Any = None               # the scheduler's last_seen; heard: when it last changed
    heard: float = 0.0


@dataclass
class _Unit:
    uid: int
    idxs: list[int]
    weight: float
    kind: str                      # "count" or "recount"
    worker: str
    sent: float
    expected: float
    started: float = 0.0                # when it began counting (it was first on its worker)
    future: Any = None
    original: list[Row] | None = None   # a replica: the rows it checks
    voters: list[str] = field(default_factory=list)
    votes: list[list[Row]] = field(default_factory=list)
    abandoned: bool = False             # overran: its work was handed to another worker


class DaskBackend(Backend):
    """Count on the Dask cluster at ``address``: every worker pulls units sized to its
    speed; lost and overrunning units are requeued; ``replicate`` (0..1) recounts that
    fraction of the units on another worker. ``config`` tunes it (:class:`FleetConfig`);
    ``seed`` fixes which units are replicated; ``task`` replaces the counting function on
    the workers (benchmarks); ``timeout`` bounds the connection and the wait for a first
    worker. ``log``: a file for Dask's own log (else nowhere).

    >>> DaskBackend("tcp://127.0.0.1:8786", replicate=1.5)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: replicate must be a fraction from 0 to 1, got 1.5
    """

    weighs = True
    estimates = False

    def __init__(self, address: str, *, replicate: float = 0.0, seed: int | None = None,
                 config: FleetConfig | None = None, timeout: float = 30.0,
                 task: Callable[..., list[Row]] | None = None,
                 log: str | os.PathLike[str] | None = None, gpu: bool = False) -> None:
        from nqueens.engine.executors import parse_address

        self.address = parse_address(address)
        if not is_number(replicate) or not 0.0 <= float(replicate) <= 1.0:
            raise InvalidArgumentError(
                f"replicate must be a fraction from 0 to 1, got {replicate!r}")
        self.timeout = check_seconds(timeout, "timeout", infinite=True)
        self.log = None if log is None else check_path(log, "log")
        self.gpu = check_bool(gpu, "gpu")
        check_callable(task, "task")
        if config is not None and not isinstance(config, FleetConfig):
            raise InvalidArgumentError(f"config must be a FleetConfig, got {config!r}")
        self.replicate = float(replicate)
        self.rng = random.Random(seed)
        self.config = config or FleetConfig()
        self.task = task
        self.device = "gpu" if gpu else "cpu"
        self.fleet_stats = FleetStats()
        self._client: Any = None
        self._weights: dict[int, float] = {}

    def stats(self) -> dict[str, object]:
        """The last count's units, idle fraction and replication, as ``--json``'s ``fleet``.

        Cost: O(disagreements).

        >>> DaskBackend("tcp://127.0.0.1:8786").stats()["replicated"]
        {'units': 0, 'agree': 0}
        """
        return self.fleet_stats.to_json()

    # -- the Backend interface ---------------------------------------------------------

    @contextlib.contextmanager
    def open(self, n: int) -> Iterator[int]:
        """Connect; wait for a first worker; yield the workers there now; close at the end.

        Cost: O(1) calls to the scheduler (a few), plus the wait for a first worker.

        Calling it connects to nothing yet; entering the context does:

        >>> cm = DaskBackend("tcp://127.0.0.1:8786").open(8)
        >>> hasattr(cm, "__enter__")
        True
        """
        from nqueens.engine.executors import _close_soon, _connect, quiet_dask

        try:
            import distributed  # noqa: F401
        except ImportError:
            from nqueens.errors import DaskUnavailableError

            raise DaskUnavailableError(
                'a Dask scheduler needs dask.distributed: pip install "dask[distributed]" '
                '(the ".[dask]" extra)') from None
        quiet_dask(self.log)
        client = _connect(self.address, self.timeout)
        try:
            try:
                client.wait_for_workers(1, timeout=self.timeout)
            except (TimeoutError, OSError):
                raise SchedulerError(
                    f"the Dask scheduler at {self.address} has no workers") from None
            self._client = client
            self.fleet_stats = FleetStats()
            yield max(1, len(client.scheduler_info()["workers"]))
        finally:
            self._client = None
            _close_soon(client, self.timeout)

    def schedule(self, n: int, items: Items, pending: list[int],
                 weights: list[float] | None, workers: int) -> Scheduler:
        """The pending subproblems, largest first by their estimated work.

        Cost: O(p log p) for p pending subproblems.

        >>> b = DaskBackend("tcp://127.0.0.1:8786")
        >>> list(b.schedule(8, [(), (), ()], [0, 1, 2], [1.0, 5.0, 2.0], 2).pending)
        [1, 2, 0]
        """
        w = weights or [1.0] * len(items)
        self._weights = {i: max(float(w[i]), 1e-9) for i in pending}
        order = sorted(pending, key=lambda i: -self._weights[i])
        return Scheduler(order, workers=workers)

    def run(self, n: int, items: Items, sched: Scheduler, sink: Sink) -> None:
        """Keep every live worker busy with a unit until every subproblem is recorded.

        Cost: O(units) calls to the scheduler for the coordinator; the count's work itself
        is shared out over the workers.

        >>> b = DaskBackend("tcp://127.0.0.1:8786")
        >>> b.run(8, [], Scheduler([], workers=1), None)
        Traceback (most recent call last):
        ...
        nqueens.errors.InvalidArgumentError: a DaskBackend runs units only inside its open()
        """
        if self._client is None:
            raise InvalidArgumentError("a DaskBackend runs units only inside its open()")
        _Run(self, n, items, sched, sink).run()


class _Run:
    """One fleet count in progress: the queue, the workers, the units out."""

    def __init__(self, backend: DaskBackend, n: int, items: Items, sched: Scheduler,
                 sink: Sink) -> None:
        self.b, self.n, self.items, self.sink = backend, n, items, sink
        self.cfg = backend.config
        self.client = backend._client
        self.queue: deque[int] = deque(sched.pending)
        sched.pending.clear()
        self.weight = backend._weights
        self.left_weight = sum(self.weight.get(i, 1.0) for i in self.queue)
        self.workers: dict[str, _Worker] = {}
        self.out: dict[int, _Unit] = {}
        self.done: dict[int, list[Row] | None] = {}   # idx -> rows, once recorded
        self.replicas: deque[_Unit] = deque()
        self.attempts: dict[int, int] = {}
        self.uids = itertools.count(1)
        self.start = time.monotonic()
        self.lonely_since: float | None = None
        self.stats = backend.fleet_stats
        self.landed = threading.Event()   # set by Dask's thread when a unit is done
        self.watch = _Watch(self.client, backend.address, backend.timeout, self.landed)

    # -- the loop --------------------------------------------------------------------

    def run(self) -> None:
        # no Ctrl-C inside the lock of `landed` or of a thread starting: Dask's thread
        # would hang on it, and the process with it
        with HeldSignals() as held:
            self.watch.start()
            try:
                while self.queue or self.replicas or self.waiting():
                    self.look()
                    self.fill()
                    self.wait_for_landing(held)
                    for unit in [u for u in self.out.values() if u.future is not None
                                 and u.future.done()]:
                        self.land(unit)
                    self.watch_overruns()
                    self.sink.report()
            finally:
                self.watch.stop.set()
                for unit in self.out.values():
                    if unit.future is not None:
                        with contextlib.suppress(Exception):
                            unit.future.cancel()
                self.close_books()

    def wait_for_landing(self, held: HeldSignals) -> None:
        """Wait until a unit lands or ``poll_seconds`` pass; a Ctrl-C goes up within a
        step."""
        until = time.monotonic() + self.cfg.poll_seconds
        step = min(WAIT_STEP_SECONDS, self.cfg.poll_seconds)
        while not self.landed.wait(step) and time.monotonic() < until:
            held.deliver()
        held.deliver()
        self.landed.clear()

    def waiting(self) -> bool:
        """Whether a unit out still holds work not recorded elsewhere."""
        return any(not u.abandoned or any(i not in self.done for i in u.idxs)
                   for u in self.out.values())

    def look(self) -> None:
        """Bring the list of workers up to date; requeue the units of those that left."""
        now = time.monotonic()
        if self.watch.lost is not None:
            raise self.watch.lost
        info = self.watch.workers
        if info is not None:
            for address, w in info.items():
                if address not in self.workers or self.workers[address].left is not None:
                    gpu = self.b.gpu or (w.get("resources") or {}).get("GPU", 0) >= 1
                    kind = "gpu" if gpu else "cpu"
                    self.workers[address] = _Worker(address, str(w.get("name", address)),
                                                    kind, now)
                    self.stats.workers_seen += 1
            for address, worker in self.workers.items():
                if worker.left is None and address not in info:
                    worker.left = now
                    for unit in list(worker.units):
                        self.lose(unit, worker)
                elif worker.left is None:
                    self.listen(worker, info[address].get("last_seen"), now)
        live = [w for w in self.workers.values() if w.left is None and not w.suspect]
        if live:
            self.lonely_since = None
        else:
            self.lonely_since = self.lonely_since or now
            if now - self.lonely_since > self.cfg.no_worker_seconds:
                raise with_cli_hint(SchedulerError(
                    f"no live Dask worker at {self.b.address} for "
                    f"{self.cfg.no_worker_seconds:g} s (every worker gone or frozen); a count "
                    "on the same ledger resumes"), "rerun with the same --ledger to resume")

    def fill(self) -> None:
        """Give every idle live worker its next unit: a replica it may take, or new work."""
        for worker in self.workers.values():
            while (worker.left is None and not worker.suspect
                   and len(worker.units) < self.cfg.in_flight):
                unit = self.take_replica(worker) or self.take_unit(worker)
                if unit is None:
                    break
                self.send(unit, worker)

    def take_unit(self, worker: _Worker) -> _Unit | None:
        if not self.queue:
            return None
        rate = worker.rate or self.class_rate(worker.kind)
        # at most this worker's share of what is left, by speed: the tail is small units
        # on every worker, and the slow ones' last units no longer than the fast ones'
        cap = self.left_weight * self.cfg.tail_share * self.speed_share(worker)
        want = min(cap, rate * self.cfg.unit_seconds) if rate else 0.0
        idxs, weight = [], 0.0
        while self.queue and (not idxs or weight + self.weight.get(self.queue[0], 1.0) <= want):
            i = self.queue.popleft()
            if i in self.done:
                continue
            idxs.append(i)
            weight += self.weight.get(i, 1.0)
        if not idxs:
            return None
        self.left_weight -= weight
        expected = weight / (rate or self.cfg.floor_rate)
        return _Unit(next(self.uids), idxs, weight, "count", worker.address, 0.0, expected)

    def take_replica(self, worker: _Worker) -> _Unit | None:
        live = {w.address for w in self.workers.values() if w.left is None and not w.suspect}
        for unit in list(self.replicas):
            # never the worker that counted it, nor one that recounted it, while another
            # live worker can take it
            if worker.address in unit.voters and (live - set(unit.voters)
                                                  or worker.address == unit.voters[0]):
                continue
            others = {self.workers[a].kind for a in unit.voters if a in self.workers}
            rivals = [w for w in self.workers.values() if w.left is None
                      and w.address not in unit.voters and w.kind not in others]
            if worker.kind in others and rivals and len(unit.voters) < 2:
                continue  # another device class is live: leave this one for it
            self.replicas.remove(unit)
            unit.worker = worker.address
            return unit
        return None

    def speed_share(self, worker: _Worker) -> float:
        """``worker``'s share of the live fleet's speed (equal shares while unmeasured)."""
        live = [w for w in self.workers.values() if w.left is None and not w.suspect]
        rates = {w.address: w.rate or self.class_rate(w.kind) for w in live}
        known = [r for r in rates.values() if r]
        if worker.address not in rates or not known:
            return 1.0 / max(1, len(live))
        mean = sum(known) / len(known)
        total = sum(r or mean for r in rates.values())
        return (rates[worker.address] or mean) / total

    def class_rate(self, kind: str) -> float | None:
        rates = [w.rate for w in self.workers.values() if w.kind == kind and w.rate]
        return sum(rates) / len(rates) if rates else None

    def send(self, unit: _Unit, worker: _Worker) -> None:
        kind = "recount" if unit.kind == "recount" else worker.kind
        batch = [tuple(self.items[i]) for i in unit.idxs]
        unit.sent = time.monotonic()
        unit.worker = worker.address
        unit.abandoned = False
        try:
            unit.future = self.client.submit(
                run_unit, self.n, batch, kind, self.b.task if unit.kind == "count" else None,
                key=f"nqueens-{self.n}-{unit.kind}-{unit.uid}-{worker.name}", pure=False,
                workers=[worker.address], allow_other_workers=False)
        except Exception as err:  # a closed client or connection: the scheduler is gone
            raise SchedulerError(
                f"lost the Dask scheduler at {self.b.address} ({type(err).__name__}); a "
                "count with a ledger resumes from it") from None
        unit.future.add_done_callback(lambda _: self.landed.set())
        if not worker.units:
            unit.started = unit.sent
        worker.units.append(unit)
        self.out[unit.uid * 2 + (unit.kind == "recount")] = unit

    # -- answers -------------------------------------------------------------------------

    def land(self, unit: _Unit) -> None:
        key = unit.uid * 2 + (unit.kind == "recount")
        self.out.pop(key, None)
        worker = self.workers.get(unit.worker)
        if worker is not None:
            self.unhook(unit, worker)
        if getattr(unit.future, "status", "finished") in ("cancelled", "lost"):
            self.requeue(unit)   # Dask gave up on it (its worker left): count it elsewhere
            return
        try:
            answer = unit.future.result(timeout=RESULT_WAIT)
        except (NQueensError, ImportError):
            raise  # bad input on the worker (no GPU packages, say): one line, exit 2
        except TimeoutError:  # done, yet no answer came: as good as lost
            self.requeue(unit)
            return
        except Exception as err:
            if worker is not None and unit.worker in self.gone():
                self.lose(unit, worker)
            else:
                self.retry(unit, err)
            return
        if worker is not None:
            worker.suspect = False   # it answers again
        rows = check_answer(self.n, len(unit.idxs), answer)
        seconds = float(answer[2])
        self.stats.busy_seconds += seconds
        if worker is not None and unit.kind == "count" and seconds > 0:
            rate = unit.weight / seconds
            worker.rate = rate if worker.rate is None else 0.5 * (worker.rate + rate)
        if unit.kind == "recount":
            self.vote(unit, rows)
        else:
            self.record(unit, rows)

    def record(self, unit: _Unit, rows: list[Row]) -> None:
        for i, r in zip(unit.idxs, rows, strict=True):
            seen = self.done.get(i)
            if seen is not None and seen[0][:2] != r[:2]:
                self.stats.disagreements.append({
                    "subproblems": [i], "workers": [self.name(unit.worker)],
                    "verdict": "a late answer (after its unit was handed on) disagreed with "
                               "the recorded row, which stands",
                    "counts": [list(seen[0][:2]), list(r[:2])]})
        fresh = [(i, r) for i, r in zip(unit.idxs, rows, strict=True) if i not in self.done]
        if not fresh:
            return
        idxs = [i for i, _ in fresh]
        got = [r for _, r in fresh]
        self.sink.record(idxs, got)
        for i, r in fresh:
            self.done[i] = [r]
        self.stats.units += 1
        kind = self.workers[unit.worker].kind if unit.worker in self.workers else "cpu"
        self.stats.by_kind[kind] = self.stats.by_kind.get(kind, 0) + 1
        if self.b.replicate and self.b.rng.random() < self.b.replicate:
            self.replicas.append(_Unit(unit.uid, idxs, unit.weight, "recount", "",
                                       0.0, unit.expected * 4, original=got,
                                       voters=[unit.worker]))

    def vote(self, unit: _Unit, rows: list[Row]) -> None:
        """A replica came back: compare (total, unique) with the recorded rows."""
        assert unit.original is not None
        unit.voters.append(unit.worker)
        unit.votes.append(rows)
        same = [r[:2] for r in rows] == [r[:2] for r in unit.original]
        if len(unit.votes) == 1:
            self.stats.replicated += 1
            if same:
                self.stats.agree += 1
                return
            self.replicas.appendleft(unit)   # a third count decides
            return
        first = unit.votes[0]
        if [r[:2] for r in first] == [r[:2] for r in rows]:
            # two recounts against the recorded rows: the majority replaces them
            fixed = [(r[0], r[1], o[2], o[3]) for r, o in zip(rows, unit.original, strict=True)]
            self.sink.record(unit.idxs, fixed)
            verdict = "recorded rows replaced by the majority"
        elif same:
            verdict = "recorded rows confirmed; the first recount was wrong"
        else:
            raise with_cli_hint(EngineError(
                f"three counts of subproblems {unit.idxs[:5]} of n = {self.n} disagree: "
                "no majority"), "recount them with nqueens ledger verify --all")
        self.stats.disagreements.append({
            "subproblems": unit.idxs, "workers": [self.name(a) for a in unit.voters],
            "verdict": verdict,
            "counts": [[list(r[:2]) for r in v] for v in [unit.original, *unit.votes]]})

    def retry(self, unit: _Unit, err: BaseException) -> None:
        for i in unit.idxs:
            self.attempts[i] = self.attempts.get(i, 0) + 1
            if self.attempts[i] >= 4:
                reason = str(err).splitlines()[0] if str(err) else type(err).__name__
                raise EngineError(f"subproblem {i} of n = {self.n} failed 4 times on the "
                                  f"workers: {reason}")
        self.requeue(unit)

    def lose(self, unit: _Unit, worker: _Worker) -> None:
        """``worker`` left with ``unit``: its time on it counts as spent, the unit goes back."""
        if unit.started:
            self.stats.busy_seconds += max(0.0, time.monotonic() - unit.started)
        self.out.pop(unit.uid * 2 + (unit.kind == "recount"), None)
        self.unhook(unit, worker)
        if unit.future is not None:
            with contextlib.suppress(Exception):
                unit.future.cancel()
        self.requeue(unit)

    def requeue(self, unit: _Unit) -> None:
        self.stats.requeued += 1
        if unit.kind == "recount":
            unit.voters = [v for v in unit.voters if v != unit.worker]
            self.replicas.appendleft(unit)
            return
        fresh = [i for i in unit.idxs if i not in self.done]
        self.queue.extendleft(reversed(fresh))
        self.left_weight += sum(self.weight.get(i, 1.0) for i in fresh)

    def listen(self, worker: _Worker, beat: Any, now: float) -> None:
        """A worker whose heartbeat stopped (frozen) is given up, as one that overran."""
        if beat is not None and (beat != worker.beat or not worker.heard):
            worker.beat, worker.heard = beat, now
        elif (beat is not None and not worker.suspect
              and now - worker.heard > self.cfg.frozen_seconds):
            self.give_up(worker)

    def watch_overruns(self) -> None:
        """A unit out far longer than expected goes to another worker too."""
        now = time.monotonic()
        for worker in (w for w in self.workers.values() if w.units and not w.suspect):
            head = worker.units[0]
            limit = self.cfg.overrun_factor * head.expected + self.cfg.overrun_grace
            if now - head.started > limit:
                self.give_up(worker)

    def give_up(self, worker: _Worker) -> None:
        """No more work for ``worker``; its units go to the others (a late answer is compared)."""
        if not worker.suspect:
            worker.suspect = True
            self.stats.overrun += 1
            for unit in reversed(worker.units):
                unit.abandoned = True
                if unit.kind == "count":
                    fresh = [i for i in unit.idxs if i not in self.done]
                    self.queue.extendleft(reversed(fresh))
                    self.left_weight += sum(self.weight.get(i, 1.0) for i in fresh)
                else:
                    self.replicas.appendleft(unit)

    def unhook(self, unit: _Unit, worker: _Worker) -> None:
        """Take ``unit`` off ``worker``'s list; the next one there is counting from now."""
        if unit in worker.units:
            first = worker.units[0] is unit
            worker.units.remove(unit)
            if first and worker.units:
                worker.units[0].started = time.monotonic()

    def name(self, address: str) -> str:
        worker = self.workers.get(address)
        return worker.name if worker is not None else address

    def gone(self) -> set[str]:
        return {a for a, w in self.workers.items() if w.left is not None}

    def close_books(self) -> None:
        end = time.monotonic()
        for w in self.workers.values():
            self.stats.alive_seconds += max(0.0, (w.left or end) - max(w.arrived, self.start))


class _Watch(threading.Thread):
    """Asks the scheduler for its workers every moment: the run's view of the cluster, and
    the alarm when the scheduler stops answering for ``lost_after`` seconds (killed,
    frozen, unreachable), since Dask's futures would then wait for ever."""

    def __init__(self, client: Any, address: str, lost_after: float,
                 wake: threading.Event) -> None:
        super().__init__(name="nqueens-fleet-watch", daemon=True)
        self.client, self.address, self.lost_after = client, address, lost_after
        self.wake = wake
        self.stop = threading.Event()
        self.lost: SchedulerError | None = None
        self.workers: dict[str, Any] | None = self.ask()

    def ask(self) -> dict[str, Any] | None:
        try:
            identity = self.client.sync(self.client.scheduler.identity,
                                        callback_timeout=self.lost_after)
            return dict(identity.get("workers") or {})
        except Exception:
            return None

    def run(self) -> None:
        interval = max(0.1, min(1.0, self.lost_after / 4))
        last_ok = time.monotonic()
        while not self.stop.wait(interval):
            workers = self.ask()
            if workers is not None:
                self.workers, last_ok = workers, time.monotonic()
            elif (time.monotonic() - last_ok >= self.lost_after
                  or self.client.status in ("closed", "closing")):
                self.lost = SchedulerError(
                    f"lost the Dask scheduler at {self.address}: no answer for "
                    f"{self.lost_after:g} s; a count with a ledger resumes from it")
                self.wake.set()
                return
