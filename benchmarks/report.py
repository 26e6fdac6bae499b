"""Render docs/performance.md, the one results page, from benchmarks/results/*.jsonl.

    python benchmarks/report.py            # rewrite docs/performance.md
    python benchmarks/report.py --check    # exit 1 if docs/performance.md is out of date

Every benchmark script saves its run with ``_results.save(NAME, markdown)``, which calls
this. The page is: a short guide, the decisions (``results/decisions.jsonl``: one dated
line per question answered, including the benchmarks retired once they had answered
theirs), then one section per results file, in the order of :data:`SECTIONS` (a results
file not listed there comes last, by name), each the newest run recorded in its file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _results import RESULTS, latest, render  # noqa: E402

PAGE = HERE.parent / "docs" / "performance.md"

SECTIONS = (
    "strategies", "engine", "slices", "verify", "gpu", "fleet", "trust", "dask_failures",
    "variants", "symmetric", "tree", "exports", "large", "completion", "field",
    "field_heldback", "puzzles", "puzzles_cpsat", "stars", "stars_heldback",
    "explain", "puzzle_import", "screenshot_import", "puzzle_make",
    "analysis",
    "render",
    "studio",
)
"""The order of the sections: counting first, then the rest of the library."""

MOVED = {
    "benchmarks/bench_strategies.py": "benchmarks/counting/bench_strategies.py",
    "benchmarks/bench_engine.py": "benchmarks/counting/bench_engine.py",
    "benchmarks/bench_verify.py": "benchmarks/counting/bench_verify.py",
    "benchmarks/bench_gpu.py": "benchmarks/gpu/bench_gpu.py",
    "benchmarks/gpu_device_run.sh": "benchmarks/gpu/gpu_device_run.sh",
    "benchmarks/dask_failures.py": "benchmarks/fleet/dask_failures.py",
    "benchmarks/bench_large.py": "benchmarks/large/bench_large.py",
    "benchmarks/bench_completion.py": "benchmarks/puzzles/bench_completion.py",
    "benchmarks/bench_analysis.py": "benchmarks/teaching/bench_analysis.py",
    "benchmarks/bench_render.py": "benchmarks/teaching/bench_render.py",
}
"""Scripts that moved into a folder after their runs were saved: the page names them where
they are now (the results keep the words they were saved with)."""

HEADER = """\
# Performance

Every number on this page was measured by a script in [`benchmarks/`](../benchmarks/README.md)
and saved as data in `benchmarks/results/NAME.jsonl` (one JSON line a run; the newest is shown
here, the older ones are the record). This page is generated: do not edit it by hand; run
`python benchmarks/report.py` (each script runs it after saving). Counting speed is measured
against the C counter `refcount.c` (gcc -O3 -march=native) *in the same run*, as a ratio:
absolute seconds on these shared 2-core machines drift from run to run, ratios much less.
"""


def decisions(results: Path = RESULTS) -> list[dict[str, str]]:
    """The decisions, oldest first."""
    path = results / "decisions.jsonl"
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    return sorted(rows, key=lambda r: r["date"])


def page(results: Path = RESULTS) -> str:
    """The whole page as text."""
    parts = [HEADER]
    made = decisions(results)
    if made:
        parts.append("## Decisions\n\nWhat the benchmarks answered, one dated line each "
                     "(a retired script is in git history at the commit named).\n")
        parts.append("\n".join(f"- **{d['date']}** {d['question']} {d['answer']}"
                               + (f" ({d['script']})" if d.get("script") else "")
                               for d in made) + "\n")
    files = {p.stem: p for p in results.glob("*.jsonl") if p.stem != "decisions"}
    order = [s for s in SECTIONS if s in files] + sorted(set(files) - set(SECTIONS))
    for name in order:
        run = latest(files[name])
        if run is None:
            continue
        body = render(run["blocks"], shift=1)
        parts.append(body.rstrip("\n") + f"\n\n*Saved {run['saved']} in "
                     f"`benchmarks/results/{name}.jsonl`.*\n")
    text = "\n".join(parts)
    for old, new in MOVED.items():
        text = text.replace(old, new)
    return text


def write(results: Path = RESULTS, target: Path = PAGE) -> Path:
    """Rewrite ``target`` from ``results``."""
    target.write_text(page(results), encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if docs/performance.md differs from what the results give")
    args = ap.parse_args(argv)
    if args.check:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != page():
            print("docs/performance.md is out of date: run python benchmarks/report.py",
                  file=sys.stderr)
            return 1
        return 0
    print(f"wrote {write()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
