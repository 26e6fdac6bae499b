"""Helpers for tests that start real processes: the CLI in the background, ledger polling."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(SRC), e.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    e.pop("DASK_SCHEDULER_ADDRESS", None)
    return e


def start_cli(*args: str) -> subprocess.Popen[str]:
    """``python -m nqueens ARGS`` in the background, in its own process group."""
    return subprocess.Popen(
        [sys.executable, "-m", "nqueens", *args], env=env(), text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )


def ledger_rows(path: Path) -> int:
    """Finished subproblems in a ledger being written by another process (0 if not yet)."""
    if not path.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM results").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def wait_for_rows(path: Path, rows: int, proc: subprocess.Popen[str], timeout: float = 120) -> int:
    """Poll until the ledger has at least ``rows`` rows; fail if the process ends first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = ledger_rows(path)
        if got >= rows:
            return got
        if proc.poll() is not None:
            raise AssertionError(f"process ended early: {proc.returncode} {proc.stderr.read()}")
        time.sleep(0.02)
    raise AssertionError("ledger did not fill in time")


def kill_after_rows(path: Path, rows: int, *args: str) -> subprocess.Popen[str]:
    """Start ``nqueens ARGS``, SIGKILL its process group once its ledger at ``path`` has
    ``rows`` rows, and return the ended process (its ``returncode`` says how it ended)."""
    proc = start_cli(*args)
    try:
        wait_for_rows(path, rows, proc)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return proc


def proc_stat(pid: int | str) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command name: state, parent, process group,
    session, ... (``proc_stat(pid)[11]`` and ``[12]`` are the user and system clock ticks)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


_STAT_FIELD = {"parent": 1, "group": 2, "session": 3}


def live_processes(by: str, value: int) -> list[int]:
    """Live (non-zombie) processes whose ``by`` ("parent", "group" or "session") is ``value``."""
    field = _STAT_FIELD[by]
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = proc_stat(entry.name)
        except OSError:  # ended while we looked
            continue
        if fields[0] != "Z" and int(fields[field]) == value:
            found.append(int(entry.name))
    return found


def run_on_terminal(args: list[str], environ: dict[str, str], *, stream: str,
                    timeout: float = 300) -> tuple[int, str, str]:
    """``python -m nqueens ARGS`` with ``stream`` ("stdout" or "stderr") on a pseudo-terminal,
    as a person sees it, and the other on a pipe; return (exit status, the terminal's text,
    the pipe's text). The terminal's bytes must be UTF-8; its line ends stay ``\\r\\n``."""
    import pty

    master, slave = pty.openpty()
    streams = ({"stdout": slave, "stderr": subprocess.PIPE} if stream == "stdout"
               else {"stdout": subprocess.PIPE, "stderr": slave})
    proc = subprocess.Popen([sys.executable, "-m", "nqueens", *args], env=environ, text=True,
                            **streams)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    out, err = proc.communicate(timeout=timeout)
    os.close(master)
    return proc.returncode, b"".join(chunks).decode("utf-8"), err if stream == "stdout" else out
