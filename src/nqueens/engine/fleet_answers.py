"""What a fleet count does with what comes back from its workers: answers checked, not
trusted (the rules are in `nqueens.engine.fleet_trust`; this is their bookkeeping).

`_Answers` is the half of `nqueens.engine.fleet._Run` that lands a unit's
answer, holds or records it, settles replicas and ties, strikes and quarantines workers,
and hands starved replicas to this machine. Its methods use the run's queue, workers and
units (`self.queue`, `self.workers`, `self.held`...).

>>> _Unit(1, [0, 1], 2.0, "count", "w", 0.0, 1.0).starved
0.0
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from nqueens.engine.fleet_trust import Claim, checked, judge_rows
from nqueens.engine.problem_tasks import is_problem
from nqueens.engine.task import Row
from nqueens.engine.wire import is_refusal, plain_reason
from nqueens.errors import EngineError

__all__: list[str] = []

RESULT_WAIT = 10.0
"""Seconds to wait for the answer of a unit Dask says is done (a moment, unless it is lost)."""


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
    starved: float = 0.0                # a replica: since when no other worker could take it


class _Answers:
    """Landing, checking and settling answers (a mixin of the fleet's run)."""

    # the run's state these methods use (set by fleet._Run.__init__)
    n: int
    b: Any
    cfg: Any
    sink: Any
    stats: Any
    judge: Any
    queue: Any
    replicas: Any
    items: Any
    out: dict[int, _Unit]
    workers: dict[str, _Worker]
    done: dict[int, list[Row]]
    held: dict[int, Claim]
    claimed: set[int]
    judging: set[int]
    trusted: dict[str, list[list[int]]]
    spotted: set[str]
    strikes: dict[str, int]
    quarantined: dict[str, str]
    weight: dict[int, float]
    left_weight: float


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
        except TimeoutError:  # done, yet no answer came: as good as lost
            self.requeue(unit)
            return
        except Exception as err:
            if is_refusal(err):   # it came pickled: refused before a byte was loaded
                self.strike(unit.worker, "it sent a pickled answer (refused unread)")
                self.requeue(unit)
            elif worker is not None and unit.worker in self.gone():
                self.lose(unit, worker)
            else:
                self.retry(unit, err)
            return
        if unit.worker in self.quarantined:
            self.requeue(unit)   # a late answer of a quarantined worker counts for nothing
            return
        if worker is not None:
            worker.suspect = False   # it answers again
        if isinstance(answer, (tuple, list)) and len(answer) == 3 and answer[0] == "error":
            self.worker_error(unit, worker, answer)
            return
        rows = checked(self.n, len(unit.idxs), answer,
                       lambda why: self.strike(unit.worker, why, at_once=True),
                       loose=is_problem(self.items))
        if rows is None:
            self.requeue(unit)
            return
        seconds = float(answer[2])
        self.stats.busy_seconds += seconds
        if worker is not None and unit.kind == "count" and seconds > 0:
            rate = unit.weight / seconds
            worker.rate = rate if worker.rate is None else 0.5 * (worker.rate + rate)
        if unit.kind == "recount":
            self.vote(unit, rows)
        else:
            self.claim(unit, rows)

    def worker_error(self, unit: _Unit, worker: _Worker | None, answer: Any) -> None:
        """The worker said, in plain words, that it could not count the unit."""
        import nqueens.errors as errors

        _, name, message = answer
        text = plain_reason(EngineError(str(message)))[len("EngineError: "):]
        cls = getattr(errors, str(name), None) if isinstance(name, str) else None
        gpu = unit.kind == "count" and (self.b.gpu or (worker is not None
                                                       and worker.kind == "gpu"))
        if gpu and isinstance(cls, type) and issubclass(cls, (errors.GPUUnavailableError,
                                                               errors.GPUPackageError)):
            raise cls(f"Dask worker {self.name(unit.worker)}: {text}")  # bad input: exit 2
        self.retry(unit, EngineError(text))

    def claim(self, unit: _Unit, rows: list[Row]) -> None:
        """A count came back: hold it for a replica, or take it on trust and spot-check it."""
        for i, r in zip(unit.idxs, rows, strict=True):
            seen = self.done.get(i)
            if seen is not None and seen[0][:2] != r[:2]:
                self.stats.disagreements.append({
                    "subproblems": [i], "workers": [self.name(unit.worker)],
                    "verdict": "a late answer (after its unit was handed on) disagreed with "
                               "the recorded row, which stands",
                    "counts": [list(seen[0][:2]), list(r[:2])]})
        fresh = [(i, r) for i, r in zip(unit.idxs, rows, strict=True)
                 if i not in self.done and i not in self.claimed]
        if not fresh:
            return
        idxs = [i for i, _ in fresh]
        got = [r for _, r in fresh]
        w = unit.worker
        self.stats.units += 1
        kind = self.workers[w].kind if w in self.workers else "cpu"
        self.stats.by_kind[kind] = self.stats.by_kind.get(kind, 0) + 1
        if self.strikes.get(w) or (self.b.replicate
                                   and self.b.rng.random() < self.b.replicate):
            self.held[unit.uid] = Claim(unit.uid, idxs, got, w)
            self.claimed.update(idxs)
            self.replicas.append(_Unit(unit.uid, idxs, unit.weight, "recount", "",
                                       0.0, unit.expected * 4, voters=[w]))
            return
        self.accept(idxs, got)
        self.trusted.setdefault(w, []).append(idxs)
        if w not in self.spotted or self.b.rng.random() < self.cfg.spot_fraction:
            self.spotted.add(w)
            k = self.b.rng.randrange(len(idxs))
            self.judge.ask([idxs[k]], ("spot", w, idxs[k], got[k]))

    def accept(self, idxs: list[int], rows: list[Row]) -> None:
        """Record rows that passed their check."""
        self.sink.record(idxs, rows)
        for i, r in zip(idxs, rows, strict=True):
            self.done[i] = [r]

    def settle(self, claim: Claim, rows: list[Row]) -> None:
        """A held claim checked: record `rows` (the claim's, or what the check proved)."""
        self.held.pop(claim.uid, None)
        self.claimed.difference_update(claim.idxs)
        self.judging.discard(claim.uid)
        fresh = [(i, r) for i, r in zip(claim.idxs, rows, strict=True) if i not in self.done]
        if fresh:
            self.accept([i for i, _ in fresh], [r for _, r in fresh])

    def vote(self, unit: _Unit, rows: list[Row]) -> None:
        """A replica came back: agreement records the held rows; else this machine decides."""
        unit.voters.append(unit.worker)
        claim = self.held.get(unit.uid)
        if claim is None or unit.uid in self.judging:
            return   # settled already, or dropped (its worker quarantined)
        self.stats.replicated += 1
        diff = [k for k, (a, b) in enumerate(zip(claim.rows, rows, strict=True))
                if a[:2] != b[:2]]
        if not diff:
            self.stats.agree += 1
            self.settle(claim, claim.rows)
            return
        self.judging.add(unit.uid)
        self.judge.ask([claim.idxs[k] for k in diff], ("tie", unit.uid, diff, unit.worker, rows))

    def hear_judge(self) -> None:
        """This machine's own recounts came back: spot checks, ties, starved replicas."""
        for _, idxs, why, got in self.judge.ready():
            if isinstance(got, BaseException):
                raise EngineError(f"this machine's own recount of subproblems {idxs[:5]} "
                                  f"failed: {plain_reason(got)}")
            self.stats.coordinator_recounts += len(idxs)
            if why[0] == "spot":
                _, w, i, row = why
                self.stats.spot_checks += 1
                if tuple(got[0]) == row[:2]:
                    self.stats.spot_agree += 1
                else:
                    self.strike(w, f"this machine's recount of subproblem {i} gave "
                                   f"{tuple(got[0])}, it said {row[:2]}")
                continue
            claim = self.held.get(why[1])
            if claim is None:
                continue
            if why[0] == "tie":
                _, _, diff, other, theirs = why
                verdict = judge_rows({claim.worker: [claim.rows[k] for k in diff],
                                      other: [theirs[k] for k in diff]}, got)
                rows = list(claim.rows)
                for k, r in zip(diff, verdict.rows, strict=True):
                    rows[k] = r
                self.stats.disagreements.append({
                    "subproblems": [claim.idxs[k] for k in diff],
                    "workers": [self.name(claim.worker), self.name(other)],
                    "verdict": "settled by this machine's own recount; wrong: " + ", ".join(
                        sorted(self.name(a) for a in verdict.wrong)),
                    "counts": [[list(claim.rows[k][:2]) for k in diff],
                               [list(theirs[k][:2]) for k in diff],
                               [list(t) for t in got]]})
            else:   # a replica no other worker could take, recounted here
                verdict = judge_rows({claim.worker: claim.rows}, got)
                rows = verdict.rows
                self.stats.replicated += 1
                self.stats.agree += not verdict.wrong
            self.settle(claim, rows)
            for w in verdict.wrong:
                self.strike(w, "this machine's recount of its unit disagreed with it")

    def strike(self, address: str, why: str, *, at_once: bool = False) -> None:
        """`address` was caught wrong: its units taken on trust are counted again
        elsewhere; past `quarantine_after` strikes (or `at_once`) it is quarantined."""
        self.strikes[address] = self.strikes.get(address, 0) + 1
        for idxs in self.trusted.pop(address, []):
            back = [i for i in idxs if i in self.done]
            for i in back:
                del self.done[i]
            if self.sink.forget is not None and back:
                self.sink.forget(back)   # not in the ledger until counted again
            self.queue.extendleft(reversed(back))
            self.left_weight += sum(self.weight.get(i, 1.0) for i in back)
        if at_once or self.strikes[address] >= self.cfg.quarantine_after:
            self.quarantine(address, why)

    def quarantine(self, address: str, why: str) -> None:
        """No more units for `address`; its held answers dropped, its units handed on."""
        if address in self.quarantined:
            return
        self.quarantined[address] = why
        self.stats.quarantined.append({"worker": self.name(address), "reason": why})
        for claim in [c for c in self.held.values() if c.worker == address]:
            del self.held[claim.uid]
            self.claimed.difference_update(claim.idxs)
            self.judging.discard(claim.uid)
            for unit in [u for u in self.replicas if u.uid == claim.uid]:
                self.replicas.remove(unit)
            fresh = [i for i in claim.idxs if i not in self.done]
            self.queue.extendleft(reversed(fresh))
            self.left_weight += sum(self.weight.get(i, 1.0) for i in fresh)
        worker = self.workers.get(address)
        if worker is not None:
            worker.suspect = True
            for unit in list(worker.units):
                self.lose(unit, worker)

    def starve(self) -> None:
        """A replica no other live worker could take for `no_worker_seconds` is
        recounted on this machine."""
        now = time.monotonic()
        for unit in list(self.replicas):
            if unit.uid not in self.held:
                self.replicas.remove(unit)
            elif any(self.usable(w) and w.address not in unit.voters
                     for w in self.workers.values()):
                unit.starved = 0.0
            elif not unit.starved:
                unit.starved = now
            elif now - unit.starved >= self.cfg.no_worker_seconds:
                self.replicas.remove(unit)
                self.judging.add(unit.uid)
                self.judge.ask(unit.idxs, ("replica", unit.uid))
