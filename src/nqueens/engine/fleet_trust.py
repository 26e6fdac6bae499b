"""Answers checked, not trusted: how a fleet count decides what a worker's answer is worth.

The coordinator (this machine) trusts only itself. A worker's answer for a unit is
checked for shape (`check_answer`), then:

- **replicated** (a fraction `replicate` of the units, drawn by the coordinator's own
  random generator, and every unit of a worker that was once caught wrong): its rows are
  *held*, not recorded, until a different worker (of another device class where the fleet
  has one) recounts the unit with the independent search and agrees. When the two
  disagree, neither decides: the coordinator recounts the subproblems they disagree on
  itself (`Judge`), records its own answer, and strikes the worker(s) that were
  wrong. A replica no other worker can take for `no_worker_seconds` (the others gone or
  quarantined) is recounted by the coordinator too;
- **taken on trust** (the rest): recorded at once, and **spot-checked**: the coordinator
  recounts one subproblem of it, chosen at random, itself, for the first such unit of
  every worker and a fraction `spot_fraction` of the others;
- a worker caught wrong (by the coordinator's recount, or because its answer was
  malformed, pickled or absurd) is **struck**: every unit of it taken on trust is counted
  again elsewhere, and after `quarantine_after` strikes it is **quarantined**: no more
  units, its held answers dropped and their units counted again elsewhere, its name in the
  final line and in `--json`.

So with `replicate=1` every recorded row was either agreed by two different workers or
recounted by the coordinator: one lying worker cannot change the total. docs/engine.md
("Threat model") says what a lying worker can and cannot do.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nqueens.engine.answers import check_answer
from nqueens.engine.task import Row
from nqueens.errors import EngineError

__all__ = ["Claim", "Judge", "Verdict", "judge_rows"]



@dataclass
class Claim:
    """A worker's rows for a unit, held until an independent count agrees."""

    uid: int
    idxs: list[int]
    rows: list[Row]
    worker: str


@dataclass
class Verdict:
    """What the coordinator's own recount settled: the rows to record, who was wrong."""

    rows: list[Row]
    wrong: set[str] = field(default_factory=set)


def judge_rows(claims: dict[str, list[Row]], truth: list[tuple[int, int]]) -> Verdict:
    """The rows the coordinator's recount `truth` proves, given each worker's claim.

    A claimed row that matches the truth keeps its node count and time; any other row is
    the truth with no nodes. A worker whose claim differs anywhere is wrong.
    Cost: O(rows * claims).

    >>> v = judge_rows({"a": [(8, 1, 5, 9)], "b": [(16, 2, 0, 0)]}, [(8, 1)])
    >>> v.rows, sorted(v.wrong)
    ([(8, 1, 5, 9)], ['b'])
    >>> judge_rows({"a": [(9, 2, 5, 9)]}, [(8, 1)]).rows
    [(8, 1, 0, 0)]
    """
    rows: list[Row] = []
    wrong: set[str] = set()
    for k, (total, unique) in enumerate(truth):
        best: Row = (int(total), int(unique), 0, 0)
        for who, claim in claims.items():
            if claim[k][:2] == best[:2]:
                best = max(best, claim[k], key=lambda r: r[2])
            else:
                wrong.add(who)
        rows.append(best)
    return Verdict(rows, wrong)


class Judge:
    """The coordinator's own recounts, on one daemon thread here: spot checks, tie-breaks,
    replicas no worker could take. `wake` is set after each answer.

    Cost: O(the recounted subtrees) of this machine's time, one recount at a time.

    >>> j = Judge(8, [(0, 2, 0, 3, 0, 1)], threading.Event())
    >>> j.ask([0], "spot")
    >>> j.wait_all(60.0)[0][1:]
    ([0], 'spot', [(8, 1)])
    >>> j.busy
    False
    """

    def __init__(self, n: int, items: Any, wake: threading.Event) -> None:
        self.n, self.items, self.wake = n, items, wake
        self.jobs: queue.SimpleQueue[tuple[int, list[int], Any] | None] = queue.SimpleQueue()
        self.done: queue.SimpleQueue[tuple[int, list[int], Any, Any]] = queue.SimpleQueue()
        self.asked = 0
        self.answered = 0
        self.thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """Whether a recount asked for has not been handed back yet."""
        return self.answered < self.asked

    def ask(self, idxs: list[int], why: Any) -> None:
        """Recount the subproblems `idxs` here; `why` comes back with the answer.

        Cost: O(1) now (the first call starts the thread); the recount runs on it.

        >>> j = Judge(8, [(0, 2, 0, 3, 0, 1), (0, 1, 0, 2, 0, 1)], threading.Event())
        >>> j.ask([1, 0], "two")
        >>> j.wait_all(60.0)[0][3]
        [(0, 0), (8, 1)]
        """
        if self.thread is None:
            self.thread = threading.Thread(target=self._serve, name="nqueens-fleet-judge",
                                           daemon=True)
            self.thread.start()
        self.asked += 1
        self.jobs.put((self.asked, list(idxs), why))

    def ready(self) -> list[tuple[int, list[int], Any, Any]]:
        """The answers finished since the last call: `(job, idxs, why, counts or error)`.

        Cost: O(answers).

        >>> Judge(8, [], threading.Event()).ready()
        []
        """
        out = []
        while True:
            try:
                out.append(self.done.get_nowait())
            except queue.Empty:
                break
        self.answered += len(out)
        return out

    def wait_all(self, timeout: float) -> list[tuple[int, list[int], Any, Any]]:
        """Every answer still due (a doctest's and a test's helper), up to `timeout` s each.

        Cost: O(answers), after the recounts still running.

        >>> Judge(8, [], threading.Event()).wait_all(0.1)
        []
        """
        out = []
        while self.busy:
            try:
                out.append(self.done.get(timeout=timeout))
            except queue.Empty:
                break
            self.answered += 1
        return out

    def close(self) -> None:
        """Let the thread end after the recounts asked for (it is a daemon: never waited for).

        Cost: O(1).

        >>> Judge(8, [], threading.Event()).close()
        """
        self.jobs.put(None)

    def _serve(self) -> None:
        from nqueens.engine.verify import recount_batch

        while (job := self.jobs.get()) is not None:
            number, idxs, why = job
            try:
                got: Any = recount_batch(self.n, [tuple(self.items[i]) for i in idxs])
            except BaseException as err:  # handed to the loop, which raises it there
                got = err
            self.done.put((number, idxs, why, got))
            self.wake.set()


def checked(n: int, count: int, answer: object,
            refuse: Callable[[str], None], *, loose: bool = False) -> list[Row] | None:
    """`answer`'s rows, or None after telling `refuse` why it is not a count.

    `loose`: another problem's rows, as `check_rows`.

    Cost: O(count).

    >>> checked(8, 1, ([(8, 1, 9, 20)], [(8, 8)], 0.1), print)
    [(8, 1, 9, 20)]
    >>> checked(8, 1, "x", print)
    its answer is not a count: expected (rows, residues, seconds), got str
    """
    try:
        return check_answer(n, count, answer, loose=loose)
    except EngineError as err:
        text = str(err)
        refuse("its answer is " + text.split(" is ", 1)[1] if " is " in text else text)
        return None
