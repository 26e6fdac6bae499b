"""The fleet's tuning and its record of a count (`nqueens.engine.fleet` uses both).

>>> FleetConfig().unit_seconds, FleetStats().idle_fraction
(60.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["FleetConfig", "FleetStats"]


@dataclass(frozen=True)
class FleetConfig:
    """The fleet's tuning: how long a unit should last, and when to give up on a worker.

    `unit_seconds`: what a unit should last on the worker that takes it;
    `tail_share`: a unit is at most this share of the estimated work left divided by the
    live workers (so the tail is made of small units); `overrun_factor` and
    `overrun_grace`: a unit still out after `factor * expected + grace` seconds is handed
    to another worker too; `frozen_seconds`: a worker whose heartbeat the scheduler has
    not had for this long (stopped, swapped out) is given up at once, its units handed to
    the others (Dask workers beat every 0.5-6 s, the counting kernels leave them the
    interpreter); `no_worker_seconds`: how long a count waits with no live
    worker before it ends; `poll_seconds`: how often the coordinator looks at the cluster;
    `floor_rate`: the estimated nodes a second no device falls below, which sets a unit's
    expected time before its worker's speed is known; `in_flight`: units kept on a worker,
    one counting and the next queued behind it, so a worker never waits for the coordinator
    between two units; `spot_fraction`: the share of the units taken on trust (not
    replicated) of which this machine recounts one subproblem, chosen at random, itself (the
    first such unit of every worker always); `quarantine_after`: strikes (answers proved
    wrong here) after which a worker gets no more units (a malformed or pickled answer
    quarantines at once).
    """

    unit_seconds: float = 60.0
    tail_share: float = 0.5
    overrun_factor: float = 8.0
    overrun_grace: float = 30.0
    frozen_seconds: float = 30.0
    no_worker_seconds: float = 60.0
    poll_seconds: float = 0.2
    floor_rate: float = 1e6
    in_flight: int = 2
    spot_fraction: float = 0.05
    quarantine_after: int = 1


@dataclass
class FleetStats:
    """What a fleet count did: its units, how idle its workers were, its replication."""

    units: int = 0
    requeued: int = 0
    overrun: int = 0
    workers_seen: int = 0
    busy_seconds: float = 0.0
    alive_seconds: float = 0.0
    replicated: int = 0
    agree: int = 0
    disagreements: list[dict[str, Any]] = field(default_factory=list)
    by_kind: dict[str, int] = field(default_factory=dict)
    spot_checks: int = 0
    spot_agree: int = 0
    coordinator_recounts: int = 0
    quarantined: list[dict[str, str]] = field(default_factory=list)

    @property
    def idle_fraction(self) -> float:
        """The share of worker time spent not counting, from each worker's arrival (or the
        count's start) to its departure (or the count's end): waiting for a unit, for the
        coordinator, or for the others to finish."""
        if self.alive_seconds <= 0:
            return 0.0
        return max(0.0, min(1.0, 1.0 - self.busy_seconds / self.alive_seconds))

    def to_json(self) -> dict[str, Any]:
        """The stats as a JSON-ready dict (what a count's report shows).

        Cost: O(d) for d disagreements and device kinds (the lists are shared, not copied).

        >>> FleetStats(units=3, by_kind={"cpu": 3}).to_json()["units_by_device"]
        {'cpu': 3}
        >>> FleetStats().to_json()["idle_fraction"]
        0.0
        """
        return {"units": self.units, "requeued": self.requeued, "overrun": self.overrun,
                "workers": self.workers_seen, "idle_fraction": round(self.idle_fraction, 4),
                "replicated": {"units": self.replicated, "agree": self.agree},
                "disagreements": self.disagreements, "units_by_device": self.by_kind,
                "spot_checks": {"units": self.spot_checks, "agree": self.spot_agree},
                "coordinator_recounts": self.coordinator_recounts,
                "quarantined": self.quarantined}
