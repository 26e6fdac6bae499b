"""External solvers on our exported instances, side by side with our own search.

Instances (all exported by ``nqueens.exports``; the partial boards seeded, so every run poses
the same ones):

- ``count n``: every solution of the n-queens problem (n = 8, 9, 10);
- ``count partial``: every completion of a 12 x 12 board with 2 random queens and 6 blocked
  squares;
- ``first n``: one completion of an n x n board with n/8 random queens (n = 32, 64).

Solvers: python-sat's CaDiCaL 1.5.3 on the CNF (pairwise and sequential; counting blocks each
model on the board variables and solves again), clasp on the OPB (``-n 0`` to count,
``-n 1`` for one), MiniZinc 2.6 with Gecode (``-a`` to count), ACE (pycsp3's XCSP3 solver,
``-s=all`` to count; one solution without), xcover on the XCC (Algorithm C; the first cover for
``first``). Each tool runs once on a 4 x 4 board first (imports, xcover's JIT). Ours:
``nqueens.count`` / ``count_completions`` / ``complete`` (the compiled searches, warmed up
once). A tool that finds no answer within its CPU-time limit (60 CPU seconds, set with
``RLIMIT_CPU``) reads "timeout".
Times are CPU seconds (user + system) of one run each, in one process, one after another:
the machines here are shared, and CPU time moves far less than wall time when other work
competes for the cores. The external tools are timed as their users run them (the whole
process: start, reading the file, and for ACE the JVM's own threads: about 1-2 CPU seconds
before it reads a line), python-sat inside Python (parsing the text included), ours the
library call. Every count is checked equal to ours. Results go
to docs/exports.md between the markers and, as data, to benchmarks/results/exports.jsonl
(the "exports" section of docs/performance.md).

    python benchmarks/exports/bench_exports.py                # the docs and the record
    python benchmarks/exports/bench_exports.py --out FILE     # a trial run: FILE only
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import generated_line, machine_line  # noqa: E402
from _results import publish  # noqa: E402

from nqueens import count  # noqa: E402
from nqueens.completion import complete, count_completions, random_instance  # noqa: E402
from nqueens.exports import board_problem, export_text  # noqa: E402

DOC = ROOT / "docs" / "exports.md"
HOW = ("CPU seconds (user + system) of one run each; the external tools timed as whole "
       "processes, python-sat inside Python, ours the library call after a warm-up; every "
       "count checked equal to ours. \"first n\": one completion of n x n with n/8 seeded "
       "random queens given. See docs/exports.md.\n")
BEGIN, END = "<!-- bench_exports:begin -->", "<!-- bench_exports:end -->"

Square = tuple[int, int]


def _file(text: str, suffix: str) -> str:
    handle, path = tempfile.mkstemp(suffix=suffix)
    with os.fdopen(handle, "w") as f:
        f.write(text)
    return path


def _children() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _tool(argv: list[str], text: str, suffix: str, pattern: str | None,
          timeout: float) -> tuple[float, int | None]:
    """CPU seconds of the tool on the text as a file, and the count it printed."""
    path = _file(text, suffix)
    try:
        argv = [path if a == "{}" else a for a in argv]
        before = _children()

        def limit() -> None:  # a CPU-time limit: wall time on a shared machine says little
            resource.setrlimit(resource.RLIMIT_CPU, (int(timeout), int(timeout)))

        # its own process group, so that a stop takes the solver the driver started too
        # (minizinc runs fzn-gecode): the CPU limit is inherited by both
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, preexec_fn=limit, start_new_session=True)
        try:
            stdout, stderr = proc.communicate(timeout=30 * timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return float("inf"), None
        took = _children() - before
        if proc.returncode < 0 or took >= 0.95 * timeout:  # stopped at the CPU limit
            return float("inf"), None
    finally:
        os.unlink(path)
    out = re.sub(r"\x1b\[[0-9;]*m", "", stdout + stderr)
    if pattern is None:
        return took, None
    if pattern == "dashes":
        return took, sum(1 for line in out.splitlines() if line == "----------")
    match = re.search(pattern, out, re.M)
    return took, int(match.group(1)) if match else None


def _sat(text: str, board: int, every: bool) -> tuple[float, int | None]:
    from pysat.formula import CNF
    from pysat.solvers import Solver

    start = time.process_time()
    cnf = CNF(from_string=text)
    found = 0
    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as s:
        while s.solve():
            found += 1
            if not every:
                break
            s.add_clause([-lit for lit in s.get_model() if abs(lit) <= board])
    return time.process_time() - start, found


def _xcover(text: str, every: bool) -> tuple[float, int | None]:
    from xcover import covers
    from xcover.io import read_xcover_from_file

    path = _file(text, ".dlx")
    try:
        start = time.process_time()
        options, primary, secondary, coloured = read_xcover_from_file(path)
        found = 0
        for _ in covers(options, primary=primary, secondary=secondary, colored=coloured):
            found += 1
            if not every:
                break
        return time.process_time() - start, found
    finally:
        os.unlink(path)


def _ace() -> str | None:
    import importlib.util

    spec = importlib.util.find_spec("pycsp3")
    if spec is None or not spec.submodule_search_locations or not shutil.which("java"):
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "solvers" / "ace"
    jars = sorted(folder.glob("ACE*.jar"))
    return str(jars[-1]) if jars else None


def _solvers(every: bool, timeout: float) -> dict[str, Callable[..., tuple[float, int | None]]]:
    """name -> f(problem) -> (seconds, count or None)."""
    out: dict[str, Callable[..., tuple[float, int | None]]] = {
        "CaDiCaL pairwise": lambda p: _sat(export_text(p, "cnf"), p.squares, every),
        "CaDiCaL sequential": lambda p: _sat(export_text(p, "cnf", encoding="sequential"),
                                             p.squares, every),
    }
    if shutil.which("clasp"):
        out["clasp (OPB)"] = lambda p: _tool(
            ["clasp", "-n", "0" if every else "1", "-q", "{}"], export_text(p, "opb"), ".opb",
            r"^c Models\s*:\s*(\d+)", timeout)
    if shutil.which("minizinc"):
        out["MiniZinc Gecode"] = lambda p: _tool(
            ["minizinc", "--solver", "gecode", *(["-a"] if every else []), "{}"],
            export_text(p, "mzn"), ".mzn", "dashes", timeout)
    jar = _ace()
    if jar:
        out["ACE (XCSP3)"] = lambda p: _tool(
            ["java", "-jar", jar, "{}", *(["-s=all"] if every else [])],
            export_text(p, "xcsp3"), ".xml", r"^d FOUND SOLUTIONS\s+(\d+)", timeout)
    out["xcover (XCC)"] = lambda p: _xcover(export_text(p, "xcc"), every)
    return out


def _partial(n: int, k: int, b: int, seed: int) -> tuple[list[Square], list[Square]]:
    rng = random.Random(seed)
    placed = random_instance(n, k, seed=seed)
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in placed]
    return placed, rng.sample(free, b)


def _ours(fn: Callable[[], object]) -> tuple[float, object]:
    fn()  # warm: the JIT compiles once
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def _cell(took: float, got: int | None, expected: int | None) -> str:
    if took == float("inf"):
        return "timeout"
    mark = "" if expected is None or got == expected else f" (WRONG: {got})"
    return f"{took:.3f}{mark}"


def run(timeout: float) -> str:
    for f in _solvers(True, timeout).values():  # warm: imports, xcover's JIT, the JVM's disk
        f(board_problem(4))
    rows: list[tuple[str, str, dict[str, str]]] = []
    for n in (8, 9, 10):
        took, expected = _ours(lambda n=n: count(n))
        p = board_problem(n)
        cells = {name: _cell(*f(p), expected) for name, f in _solvers(True, timeout).items()}
        rows.append((f"count {n}", f"{expected} / {took:.4f}", cells))
        print(rows[-1], flush=True)
    placed, blocked = _partial(12, 2, 6, 7)
    took, expected = _ours(lambda: count_completions(12, placed, blocked=blocked))
    p = board_problem(12, givens=placed, blocked=blocked)
    cells = {name: _cell(*f(p), expected) for name, f in _solvers(True, timeout).items()}
    rows.append(("count partial 12", f"{expected} / {took:.4f}", cells))
    print(rows[-1], flush=True)
    for n in (32, 64):
        placed, blocked = _partial(n, n // 8, 0, n)
        took, found = _ours(lambda n=n, q=placed: complete(n, q))
        p = board_problem(n, givens=placed)
        want = 1 if found is not None else 0
        cells = {name: _cell(*f(p), want) for name, f in _solvers(False, timeout).items()}
        rows.append((f"first {n} ({n // 8} given)", f"{want} / {took:.4f}", cells))
        print(rows[-1], flush=True)
    names = list(rows[0][2])
    head = "| instance | answer / ours (s) | " + " | ".join(names) + " |"
    lines = [head, "|" + "---|" * (len(names) + 2)]
    lines += [f"| {what} | {ours} | " + " | ".join(c.get(k, "-") for k in names) + " |"
              for what, ours, c in rows]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", metavar="FILE",
                        help="write the run to FILE only (a trial: no docs, no record)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="CPU seconds each external tool may use (default 60)")
    args = parser.parse_args()
    table = run(args.timeout)
    text = (generated_line("exports/bench_exports.py", []) + f" {machine_line()}.\n\n"
            + HOW + "\n" + table)
    print(text)
    if args.out is None:
        doc = DOC.read_text()
        head, rest = doc.split(BEGIN)
        _, tail = rest.split(END)
        DOC.write_text(head + BEGIN + "\n" + text + END + tail)
    publish("exports", "# Exports: external solvers on our instances, beside our search\n\n"
            + text, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
