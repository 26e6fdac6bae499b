"""A Slurm (or PBS) cluster of counting workers through `dask-jobqueue`: the recipe.

A long count on a batch cluster runs as one Dask scheduler (beside the client, on the login
or a service node) and workers submitted as batch jobs. Jobs end: at their walltime, or
earlier when a spot or preemptible node is taken back. `slurm_cluster` makes the
cluster so that this loses nothing:

- each job runs **one worker with one thread** (`processes=1`, `cores=1` a worker
  unless asked): the engine's units are sized to that worker's speed, and a job lost loses
  one unit in flight, which the coordinator requeues;
- a worker **retires before its walltime** (`--lifetime`, staggered so that the jobs of a
  batch do not all leave at once), finishing or handing back its unit, and the cluster
  submits a replacement (`adapt`), so a count outlives any one job;
- GPU jobs ask Slurm for a card (`--gres=gpu:1`) and advertise it to Dask as the
  resource `GPU=1`, so only they take GPU units; CPU jobs advertise `CPU=1`.

The count itself is the usual command, pointed at the scheduler, with a ledger on shared
storage so that a restarted client resumes where it stopped::

    nqueens count 20 --scheduler tcp://LOGIN:8786 --ledger /shared/n20.sqlite

Building the job script needs `dask-jobqueue` (the `fleet` extra) but no Slurm:
`job_script` of the result shows what would be submitted.

>>> import pytest; _ = pytest.importorskip("dask_jobqueue")
>>> cluster = slurm_cluster(queue="gpu", walltime="02:00:00", gpu=True, start=False)
>>> script = cluster.job_script()
>>> "#SBATCH --gres=gpu:1" in script, "--resources GPU=1" in script, "--lifetime" in script
(True, True, True)
>>> cluster.close()
"""

from __future__ import annotations

import re
from typing import Any

from nqueens.errors import InvalidArgumentError, MissingDependencyError, install_line

__all__ = ["LIFETIME_MARGIN", "lifetime", "slurm_cluster"]

LIFETIME_MARGIN = 0.9
"""A worker retires after this share of its job's walltime, less the stagger."""

_WALLTIME = re.compile(r"(?:(\d+)-)?(?:(\d+):)?(\d+):(\d{2})")


def lifetime(walltime: str) -> tuple[str, str]:
    """The worker's `--lifetime` and `--lifetime-stagger` for a job's Slurm walltime.

    The walltime is `[D-]HH:MM:SS` or `MM:SS`. A worker leaves between 80% and 90% of
    it, so that a batch of jobs started together does not retire all at once.

    Cost: O(1).

    >>> lifetime("01:00:00")
    ('3060s', '180s')
    >>> lifetime("2-00:00:00")
    ('146880s', '8640s')
    >>> lifetime("soon")
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: walltime must be [D-]HH:MM:SS or MM:SS, got 'soon'
    """
    m = _WALLTIME.fullmatch(walltime.strip()) if isinstance(walltime, str) else None
    if m is None:
        raise InvalidArgumentError(f"walltime must be [D-]HH:MM:SS or MM:SS, got {walltime!r}")
    days, hours, minutes, seconds = (int(g) if g else 0 for g in m.groups())
    total = ((days * 24 + hours) * 60 + minutes) * 60 + seconds
    if total < 60:
        raise InvalidArgumentError(f"walltime {walltime!r} is under a minute: too short for "
                                   "a counting job")
    stagger = round(total * 0.05)
    return f"{round(total * LIFETIME_MARGIN) - stagger}s", f"{stagger}s"


def slurm_cluster(*, queue: str | None = None, walltime: str = "01:00:00",
                  memory: str = "4GB", gpu: bool = False, cores: int = 1,
                  account: str | None = None, python: str = "python3",
                  jobs: int | None = None, start: bool = True, **extra: Any) -> Any:
    """A `dask_jobqueue.SLURMCluster` of one-worker, one-thread jobs, replaced as they retire.

    The jobs retire before their walltime and are replaced; `gpu=True` asks each job for
    one card and marks its worker with the resource `GPU=1` (else `CPU=1`). `jobs`
    submits that many now; `cluster.adapt(minimum=J, maximum=J)` keeps J jobs running,
    replacing each that ends (walltime, preemption). `start=False` builds the cluster
    without submitting anything (to read `job_script()`). Other keywords go to
    `SLURMCluster` as they are.

    Cost: O(1) here; each job is Slurm's.

    The scheduler listens on the loopback interface unless `scheduler_options` says
    otherwise; on a real cluster give `interface=` (the compute nodes' network) or
    `scheduler_options={"host": ...}`. Bad arguments are refused before any cluster is
    made:

    >>> import pytest; _ = pytest.importorskip("dask_jobqueue")
    >>> slurm_cluster(cores=0)
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: cores must be a positive integer, got 0
    """
    SLURMCluster = _slurm_cluster_class()
    if not isinstance(cores, int) or isinstance(cores, bool) or cores < 1:
        raise InvalidArgumentError(f"cores must be a positive integer, got {cores!r}")
    life, stagger = lifetime(walltime)
    resource = "GPU=1" if gpu else "CPU=1"
    directives = list(extra.pop("job_extra_directives", []))
    if gpu:
        directives.append("--gres=gpu:1")
    extra.setdefault("scheduler_options", {"host": "127.0.0.1", "dashboard_address": None})
    cluster = SLURMCluster(
        queue=queue, account=account, walltime=walltime, memory=memory, cores=cores,
        processes=1, python=python, job_extra_directives=directives,
        worker_extra_args=["--resources", resource,
                           "--lifetime", life, "--lifetime-stagger", stagger],
        **extra,
    )
    if start and jobs:
        cluster.scale(jobs=jobs)
    return cluster


def _slurm_cluster_class() -> Any:
    """`dask_jobqueue.SLURMCluster`, imported without letting the import take Ctrl-C.

    dask-jobqueue's first import sets Ctrl-C to call `sys.exit()` (meant for its own
    runner processes): in the caller's process a Ctrl-C would then end the program quietly
    with status 0. The handler in place before the import is put back."""
    import signal

    handler = signal.getsignal(signal.SIGINT)
    try:
        from dask_jobqueue import SLURMCluster
    except ImportError:
        raise MissingDependencyError(
            f"a Slurm cluster needs dask-jobqueue: {install_line('fleet')}"
        ) from None
    finally:
        if handler is not None and signal.getsignal(signal.SIGINT) is not handler:
            signal.signal(signal.SIGINT, handler)
    return SLURMCluster
