"""The Slurm recipe (nqueens.engine.slurm): the job script dask-jobqueue would submit, read
as Slurm and a Dask worker would read it; no Slurm needed."""

from __future__ import annotations

import re
import shlex

import pytest

pytest.importorskip("dask_jobqueue", reason='dask-jobqueue is not installed (the fleet extra)')

from nqueens.engine.slurm import lifetime, slurm_cluster
from nqueens.errors import InvalidArgumentError


def _script(**kw) -> tuple[dict[str, str], list[str]]:
    """The job script's #SBATCH directives (option -> value) and its worker command."""
    cluster = slurm_cluster(start=False, **kw)
    try:
        text = cluster.job_script()
    finally:
        cluster.close()
    directives: dict[str, str] = {}
    for line in text.splitlines():
        m = re.match(r"#SBATCH (-{1,2}[\w-]+)[ =]?(.*)", line)
        if m:
            directives[m.group(1)] = m.group(2).strip()
    command = shlex.split(next(ln for ln in text.splitlines() if "dask_worker" in ln))
    return directives, command


def _option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def test_a_gpu_job_asks_slurm_for_a_card_and_offers_dask_the_gpu_resource():
    directives, command = _script(queue="gpu", walltime="02:00:00", gpu=True, memory="8GB",
                                  account="proj")
    assert directives["-p"] == "gpu" and directives["-t"] == "02:00:00"
    assert directives["--gres"] == "gpu:1" and directives["-A"] == "proj"
    assert directives["--cpus-per-task"] == "1"
    assert _option(command, "--resources") == "GPU=1"
    assert _option(command, "--nthreads") == "1"            # one unit at a time a worker
    # it retires before its walltime: lifetime + stagger at most 90% of 2 h
    life = int(_option(command, "--lifetime").rstrip("s"))
    stagger = int(_option(command, "--lifetime-stagger").rstrip("s"))
    assert life + stagger <= 0.9 * 7200 and life - stagger >= 0.8 * 7200


def test_a_cpu_job_has_no_card_and_offers_the_cpu_resource():
    directives, command = _script(walltime="30:00")
    assert "--gres" not in directives
    assert _option(command, "--resources") == "CPU=1"
    assert directives["-t"] == "30:00"


@pytest.mark.parametrize("walltime, seconds", [("01:00:00", 3600), ("2-00:00:00", 172800),
                                               ("45:00", 2700)])
def test_lifetime_leaves_between_80_and_90_percent_of_the_walltime(walltime, seconds):
    life, stagger = (int(x.rstrip("s")) for x in lifetime(walltime))
    assert 0.8 * seconds <= life - stagger and life + stagger <= 0.9 * seconds


@pytest.mark.parametrize("walltime", ["soon", "", "00:30", "1:2:3:4"])
def test_bad_walltimes_are_one_clear_error(walltime):
    with pytest.raises(InvalidArgumentError, match="walltime"):
        lifetime(walltime)


def test_building_a_cluster_leaves_ctrl_c_as_it_was():
    """dask-jobqueue's import sets Ctrl-C to exit quietly with status 0; the recipe puts
    the caller's handler back, so Ctrl-C still raises KeyboardInterrupt."""
    import subprocess
    import sys

    from _procs import env

    code = ("import signal\n"
            "from nqueens.engine.slurm import slurm_cluster\n"
            "before = signal.getsignal(signal.SIGINT)\n"
            "slurm_cluster(start=False).close()\n"
            "assert signal.getsignal(signal.SIGINT) is before, signal.getsignal(signal.SIGINT)\n"
            "try:\n"
            "    signal.raise_signal(signal.SIGINT)\n"
            "except KeyboardInterrupt:\n"
            "    print('KeyboardInterrupt')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env(),
                       timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == "KeyboardInterrupt"
