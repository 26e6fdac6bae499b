"""What a fresh process pays before its first GPU launch, step by step: one JSON line.

    python benchmarks/gpu/gpu_fresh.py 21            # on the GPU machine, in a fresh process
    NUMBA_ENABLE_CUDASIM=1 python benchmarks/gpu/gpu_fresh.py 10    # a rehearsal, no GPU

``nqueens count 21 --gpu`` spent 1.5 s more in a fresh process than in a warm one (run 5:
17.16 s on the engine's clock against 15.69 s): the CUDA context, CuPy's import and its
kernel from the disk cache, the device queries, the first calls of the host's compiled
functions. This script runs those steps in the order the engine meets them, each timed on
its own, in a process that has done none of them: the imports, ``require_gpu`` (numba-cuda
and the driver), ``pick_kernel`` (CuPy, the device count, the kernel compiled or loaded,
its self-check on n = 10), CuPy's first allocation (the context), the occupancy inputs,
the split, Knuth's estimate of each subproblem and the host's cut at the engine's rows. A
step that fails is recorded with its error and the rest still run. Writes the line to
stdout and, with ``--results``, appends it there.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

T0 = time.perf_counter()
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "src"))


def timed(steps: dict[str, Any], name: str, fn: Callable[[], Any]) -> Any:
    """Run ``fn``; its seconds into ``steps[name]`` (or ``"error: ..."``); its value."""
    start = time.perf_counter()
    try:
        value = fn()
    except Exception as err:  # a step that fails is one entry; the rest run
        steps[name] = f"error: {type(err).__name__}: {err}"
        return None
    steps[name] = round(time.perf_counter() - start, 4)
    return value


def probe(n: int) -> dict[str, Any]:
    """The steps for board size ``n``, each timed, in the engine's order."""
    steps: dict[str, Any] = {}
    timed(steps, "import nqueens.engine", lambda: importlib.import_module("nqueens.engine.run"))
    from nqueens.engine import gpu

    timed(steps, "require_gpu (numba-cuda, driver)", gpu.require_gpu)
    kernel = timed(steps, "pick_kernel (CuPy, device count, kernel load, self-check)",
                   lambda: gpu.pick_kernel(n)) or "numba"
    if kernel != "numba":
        cupy = importlib.import_module("cupy")
        timed(steps, "first allocation (context)", lambda: cupy.zeros(1).sum().item())
        timed(steps, "occupancy inputs", lambda: gpu._cupy_occupancy_inputs(kernel, None))
    from nqueens.engine.run import _weigh
    from nqueens.engine.split import split

    subs = timed(steps, "split", lambda: split(n)) or []
    items = [tuple(s) for s in subs]
    timed(steps, "weigh (Knuth's estimates)", lambda: _weigh(n, items))

    def cut() -> int:
        import numpy as np

        arr = np.array(items, dtype=np.int64).reshape(-1, 6)
        return int(gpu._expand(n, arr, gpu.default_rows(n, kernel), with_pre=False)[3].shape[0])

    tasks = timed(steps, "cut (the host's rows)", cut)
    return {"stage": "fresh", "n": n, "kernel": kernel, "subproblems": len(items),
            "tasks": tasks, "rows": gpu.default_rows(n, kernel), "steps": steps,
            "seconds": round(time.perf_counter() - T0, 4)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("n", type=int, help="board size (4 to 27)")
    p.add_argument("--results", type=Path, help="append the line to this file too")
    args = p.parse_args(argv)
    if not 4 <= args.n <= 27:
        print(f"gpu_fresh.py: n must be from 4 to 27, got {args.n}", file=sys.stderr)
        return 2
    line = json.dumps(probe(args.n))
    sys.path.insert(0, str(HERE.parent))  # _common, only now
    from _common import emit_line

    return emit_line(line, args.results, "gpu_fresh.py")


if __name__ == "__main__":
    raise SystemExit(main())
