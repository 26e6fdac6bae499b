"""A fleet: a Dask cluster of CPU and GPU workers that pull units sized to their speed.

`DaskBackend` is the backend of `nqueens count N --scheduler ADDR`. It keeps one
unit in flight on every live worker and gives a worker its next unit when it hands one back
(pull, not push), so a fast worker takes more units and a slow one fewer, and nobody waits
for a fixed share to finish:

- **units sized to the worker that takes them**: each worker's speed is measured on its own
  units (estimated work a second, the work being the subproblems' Knuth estimates) and its
  next unit is sized to last `FleetConfig.unit_seconds` there, but never more than a
  share of what is left, so the last units are the small ones and the tail is short;
- **CPU and GPU workers**: a worker started with the Dask resource `GPU` (`dask worker
  --resources GPU=1`, or `dask cuda worker`) takes GPU units and counts them on its card;
  the others count on their CPU;
- **nothing lost, nothing counted twice**: a worker that leaves (killed, preempted, at its
  walltime) loses only its unit, which goes back to the front of the queue; a unit that
  overruns its expected time by a wide margin (a frozen worker) is handed to another worker
  too, and the first answer wins; a late answer for a subproblem already recorded is only
  compared, never added. A count with no live worker for `FleetConfig.no_worker_seconds`
  ends with `SchedulerError` (exit status 3). The ledger, kept by the
  engine loop on this machine, is what a restarted coordinator resumes from;
- **every answer checked** before it reaches the ledger (`check_rows`): its shape and
  type, its range, and the residues the worker computed beside it;
- **answers checked, not trusted** (`nqueens.engine.fleet_trust`): with
  `replicate=F` a random fraction F of the units is held until a different worker (a
  different device class where the fleet has one) recounts it with the independent search
  of `nqueens.engine.verify` and agrees; a disagreement is settled by this machine's
  own recount, never by a worker; the rest is spot-checked here; a worker caught wrong has
  its units counted again elsewhere and is quarantined. `DaskBackend.stats` (and the
  `FleetStats` in `DaskBackend.fleet_stats`) say how many units were replicated and
  agreed, spot-checked, who was quarantined, and how idle the workers were;
- **no code from the cluster runs here**: answers travel as msgpack, and the client
  refuses anything pickled before it is loaded (`nqueens.engine.wire`).

docs/engine.md ("Threat model") says what a lying worker can and cannot do.
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
from typing import Any

from nqueens._signals import WAIT_STEP_SECONDS, HeldSignals
from nqueens._validate import check_bool, check_callable, check_path, check_seconds
from nqueens.engine.answers import is_number, run_unit
from nqueens.engine.backends import Backend
from nqueens.engine.dispatch import Sink
from nqueens.engine.fleet_answers import _Answers, _Unit, _Worker
from nqueens.engine.fleet_stats import FleetConfig, FleetStats
from nqueens.engine.fleet_trust import Claim, Judge
from nqueens.engine.scheduler import Scheduler
from nqueens.engine.task import Row
from nqueens.engine.wire import plain_reason
from nqueens.errors import EngineError, InvalidArgumentError, SchedulerError, with_cli_hint

__all__ = ["DaskBackend", "FleetConfig", "FleetStats"]


Items = Sequence[tuple[int, ...]]


class DaskBackend(Backend):
    """Count on the Dask cluster at `address`: every worker pulls units sized to its
    speed; lost and overrunning units are requeued; `replicate` (0..1) recounts that
    fraction of the units on another worker. `config` tunes it (`FleetConfig`);
    `seed` fixes which units are replicated; `task` replaces the counting function on
    the workers (benchmarks); `timeout` bounds the connection and the wait for a first
    worker. `log`: a file for Dask's own log (else nowhere).

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
        """The last count's units, idle fraction and replication, as `--json`'s `fleet`.

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
        from nqueens.engine.executors import NEEDS_DASK, _close_soon, _connect, quiet_dask
        from nqueens.engine.wire import no_pickle

        try:
            import distributed  # noqa: F401
        except ImportError:
            from nqueens.errors import DaskUnavailableError

            raise DaskUnavailableError(NEEDS_DASK) from None
        quiet_dask(self.log)
        with no_pickle():
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


class _Run(_Answers):
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
        self.judge = Judge(n, items, self.landed)   # this machine's own recounts
        self.held: dict[int, Claim] = {}            # uid -> rows waiting for a check
        self.claimed: set[int] = set()              # subproblems in a held claim
        self.judging: set[int] = set()              # uids of held claims being settled here
        self.trusted: dict[str, list[list[int]]] = {}   # worker -> units taken on trust
        self.spotted: set[str] = set()              # workers whose first unit was checked
        self.strikes: dict[str, int] = {}
        self.quarantined: dict[str, str] = {}       # worker -> why

    # -- the loop --------------------------------------------------------------------

    def run(self) -> None:
        # no Ctrl-C inside the lock of `landed` or of a thread starting: Dask's thread
        # would hang on it, and the process with it
        with HeldSignals() as held:
            self.watch.start()
            try:
                while (self.queue or self.replicas or self.waiting() or self.held
                       or self.judge.busy):
                    self.look()
                    self.fill()
                    self.wait_for_landing(held)
                    for unit in [u for u in self.out.values() if u.future is not None
                                 and u.future.done()]:
                        self.land(unit)
                    self.hear_judge()
                    self.starve()
                    self.watch_overruns()
                    self.sink.report()
            finally:
                self.watch.stop.set()
                self.judge.close()
                for unit in self.out.values():
                    if unit.future is not None:
                        with contextlib.suppress(Exception):
                            unit.future.cancel()
                self.close_books()

    def wait_for_landing(self, held: HeldSignals) -> None:
        """Wait until a unit lands or `poll_seconds` pass; a Ctrl-C goes up within a
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
                                                    kind, now,
                                                    suspect=address in self.quarantined)
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
                why = "every worker gone or frozen"
                if self.quarantined:
                    why = "every worker gone, frozen or quarantined: " + "; ".join(
                        f"{self.name(a)} ({r})" for a, r in self.quarantined.items())
                raise with_cli_hint(SchedulerError(
                    f"no live Dask worker at {self.b.address} for "
                    f"{self.cfg.no_worker_seconds:g} s ({why}); what was checked is kept, "
                    "and a count on the same ledger resumes"),
                    "rerun with the same --ledger to resume")

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
        """A replica `worker` may take: never one of a unit it counted or recounted, and
        one counted on another device class while a live worker of a third class waits."""
        for unit in list(self.replicas):
            if worker.address in unit.voters or unit.uid not in self.held:
                continue
            others = {self.workers[a].kind for a in unit.voters if a in self.workers}
            rivals = [w for w in self.workers.values() if self.usable(w)
                      and w.address not in unit.voters and w.kind not in others]
            if worker.kind in others and rivals:
                continue  # another device class is live: leave this one for it
            self.replicas.remove(unit)
            unit.worker = worker.address
            return unit
        return None

    def usable(self, worker: _Worker) -> bool:
        return worker.left is None and not worker.suspect

    def speed_share(self, worker: _Worker) -> float:
        """`worker`'s share of the live fleet's speed (equal shares while unmeasured)."""
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

    # -- answers: fleet_answers.Answers; what goes back ------------------------------------

    def retry(self, unit: _Unit, err: BaseException) -> None:
        for i in unit.idxs:
            self.attempts[i] = self.attempts.get(i, 0) + 1
            if self.attempts[i] >= 4:
                raise EngineError(f"subproblem {i} of n = {self.n} failed 4 times on the "
                                  f"workers: {plain_reason(err)}")
        self.requeue(unit)

    def lose(self, unit: _Unit, worker: _Worker) -> None:
        """`worker` left with `unit`: its time on it counts as spent, the unit goes back."""
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
            if unit.uid in self.held and unit not in self.replicas:
                self.replicas.appendleft(unit)
            return
        fresh = [i for i in unit.idxs if i not in self.done and i not in self.claimed]
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
        """No more work for `worker`; its units go to the others (a late answer is compared)."""
        if not worker.suspect:
            worker.suspect = True
            self.stats.overrun += 1
            for unit in reversed(worker.units):
                unit.abandoned = True
                if unit.kind == "count":
                    fresh = [i for i in unit.idxs if i not in self.done
                             and i not in self.claimed]
                    self.queue.extendleft(reversed(fresh))
                    self.left_weight += sum(self.weight.get(i, 1.0) for i in fresh)
                elif unit.uid in self.held and unit not in self.replicas:
                    self.replicas.appendleft(unit)

    def unhook(self, unit: _Unit, worker: _Worker) -> None:
        """Take `unit` off `worker`'s list; the next one there is counting from now."""
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
    the alarm when the scheduler stops answering for `lost_after` seconds (killed,
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
