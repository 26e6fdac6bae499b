"""A real Dask cluster on loopback for the fleet's tests: a scheduler and named workers
(one thread each, no nanny) started, frozen and killed at will."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from _procs import env

TESTS = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """``with Cluster() as c: c.add("w1"); ...``: everything it started is killed at exit."""

    def __init__(self) -> None:
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.scheduler = self._spawn("distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                     "--port", str(self.port), "--no-dashboard")

    def _spawn(self, *args: str) -> subprocess.Popen[bytes]:
        e = env()
        e["PYTHONPATH"] = os.pathsep.join([e["PYTHONPATH"], str(TESTS)])  # _fleet_tasks
        return subprocess.Popen([sys.executable, "-m", *args], env=e,
                                start_new_session=True, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)

    def add(self, name: str, *, resources: str | None = None,
            liar: str | None = None) -> None:
        """Start a one-thread worker called ``name`` (``resources`` as ``GPU=1``); ``liar``
        makes it misbehave that way (a mode of tests/_liar.py)."""
        extra = ["--resources", resources] if resources else []
        if liar is not None:
            extra += ["--preload", str(TESTS / "_liar.py"), "--liar-mode", liar]
        self.procs[name] = self._spawn(
            "distributed.cli.dask_worker", self.address, "--nthreads", "1", "--no-nanny",
            "--no-dashboard", "--host", "127.0.0.1", "--name", name, *extra)

    def wait(self, count: int, timeout: float = 90) -> None:
        """Until ``count`` workers have joined."""
        from distributed import Client

        client = Client(self.address, timeout=timeout)
        try:
            client.wait_for_workers(count, timeout=timeout)
        finally:
            client.close()

    def signal(self, name: str, sig: int) -> None:
        os.killpg(self.procs[name].pid, sig)

    def kill(self, name: str) -> None:
        proc = self.procs.pop(name)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: Any) -> None:
        for name in list(self.procs):
            with contextlib.suppress(ProcessLookupError):
                self.signal(name, signal.SIGCONT)
            self.kill(name)
        if self.scheduler.poll() is None:
            os.killpg(self.scheduler.pid, signal.SIGKILL)
            self.scheduler.wait(timeout=30)
