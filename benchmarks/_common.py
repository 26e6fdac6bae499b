"""Shared benchmark helpers: build and run the C yardstick, time callables, write tables."""

from __future__ import annotations

import atexit
import importlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUILD = HERE / "_build"
DOCS = ROOT / "docs"


def refcount_source() -> Path:
    """../shared/reference/refcount.c beside the checkout (the counting yardstick)."""
    for candidate in (ROOT.parent / "shared" / "reference" / "refcount.c",
                      ROOT / "shared" / "reference" / "refcount.c",
                      ROOT.parents[1] / "shared" / "reference" / "refcount.c"):  # worktrees
        if candidate.exists():
            return candidate
    raise SystemExit("refcount.c not found: expected ../shared/reference/refcount.c")


def build_refcount() -> Path:
    """Compile refcount.c with gcc -O3 -march=native into benchmarks/_build/refcount."""
    BUILD.mkdir(exist_ok=True)
    exe = BUILD / "refcount"
    src = refcount_source()
    if not exe.exists() or exe.stat().st_mtime < src.stat().st_mtime:
        cc = shutil.which("gcc") or shutil.which("cc")
        if cc is None:
            raise SystemExit("no C compiler found (gcc) to build the yardstick")
        subprocess.run([cc, "-O3", "-march=native", "-o", str(exe), str(src)], check=True)
    return exe


def _run_refcount(exe: Path, n: int) -> tuple[float, int]:
    start = time.perf_counter()
    out = subprocess.run([str(exe), str(n)], capture_output=True, text=True, check=True)
    return time.perf_counter() - start, int(out.stdout)


def process_overhead(exe: Path) -> float:
    """The fastest of 20 runs of ``refcount 1``: what starting the process costs."""
    return min(_run_refcount(exe, 1)[0] for _ in range(20))


def time_refcount(exe: Path, n: int, repeats: int = 1) -> tuple[float, int]:
    """(seconds, total) for the C counter at n: best of ``repeats``, less process start-up."""
    overhead = process_overhead(exe)
    runs = [_run_refcount(exe, n) for _ in range(repeats)]
    return max(min(t for t, _ in runs) - overhead, 1e-6), runs[0][1]


def best_of(fn: Callable[[], object], repeats: int) -> tuple[float, object]:
    """(fastest wall time of ``repeats`` calls, the last result)."""
    best = float("inf")
    result: object = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def cpu_name() -> str:
    """The processor's model name (from /proc/cpuinfo where there is one)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_line() -> str:
    """One line describing where the numbers were taken."""
    return (f"{cpu_name()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"{time.strftime('%Y-%m-%d')}")


def kernels_at(rev: str, names: tuple[str, ...], package: str) -> dict[str, ModuleType]:
    """The modules ``names`` of ``src/nqueens/kernels`` at git revision ``rev``, imported as a
    throw-away package ``package`` (their imports of each other redirected to it), so that a
    benchmark can time old kernels beside today's without a second checkout."""
    where = Path(tempfile.mkdtemp(prefix=f"{package}_"))
    atexit.register(shutil.rmtree, where, ignore_errors=True)
    pkg = where / package
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name in names:
        src = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{rev}:src/nqueens/kernels/{name}.py"],
            check=True, capture_output=True, text=True,
        ).stdout
        (pkg / f"{name}.py").write_text(src.replace("nqueens.kernels.", f"{package}."))
    sys.path.insert(0, str(where))
    return {name: importlib.import_module(f"{package}.{name}") for name in names}
