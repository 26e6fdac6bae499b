"""docs/record.md from a record run's lines (``gpu_record.py``): the measured counts of
n = 20..22 on one GPU, the growth per n, and what n = 23..28 would take on 1, 8 and 64 cards.

    python benchmarks/gpu/record.py --min-n 21 \
        benchmarks/results/gpu-runs/2026-11-28-{8,10,12}-h200-record.jsonl

The projection's assumptions are stated on the page it writes; the inputs are only the
measured lines, the OEIS counts (tests/data/oeis.csv, to n = 27) and the idle fraction the
fleet benchmark measured (``--idle``).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PAGE = ROOT / "docs" / "record.md"

PUBLISHED = (
    ("n = 21", "ygch, one H800", "29.2 s"),
    ("n = 21", "ygch, one RTX 5090", "21.2 s"),
    ("n = 21", "NQueensFAF, one RTX 3080", "48.0 s"),
    ("n = 22", "ygch, one H800", "249.9 s"),
    ("n = 22", "ygch, one RTX 5090", "about 180 s"),
    ("n = 22", "NQueensFAF, one RTX 3080", "416 s"),
    ("n = 27", "Q27 project (TU Dresden), FPGAs", "over a year (2016)"),
    ("n = 27", "re-count, 8 GPUs", "28.4 days (227 GPU-days, 12% of them idle)"),
)
"""Published runs, as the issues that set our targets cite them."""


def oeis() -> dict[int, int]:
    with open(ROOT / "tests" / "data" / "oeis.csv", newline="") as f:
        return {int(r["n"]): int(r["total"]) for r in csv.DictReader(f)}


def q28(totals: dict[int, int]) -> float:
    """Q(28) estimated: the ratio Q(n+1)/Q(n) grows about linearly in n (n = 22..27);
    carry the last step's growth one n further.

    >>> round(q28(oeis()) / 1e18, 2)
    2.56
    """
    r = [totals[n + 1] / totals[n] for n in range(23, 27)]
    step = (r[-1] - r[0]) / (len(r) - 1)
    return totals[27] * (r[-1] + step)


def measured(lines: list[dict[str, Any]], min_n: int = 0) -> dict[int, dict[str, Any]]:
    """The whole-command counts that ran, by n (from ``min_n``; a later line wins)."""
    return {r["n"]: r for r in lines if r.get("stage") == "cli" and "seconds" in r
            and not r.get("skipped") and r.get("total") is not None and r["n"] >= min_n}


def project(times: dict[int, float], totals: dict[int, int]) -> list[dict[str, Any]]:
    """Seconds on one card for n = 23..28 under two assumptions: time per solution stays
    what it was at the largest n measured ("flat"), or keeps shrinking at the geometric
    mean of its measured per-n ratio ("trend")."""
    ns = sorted(times)
    last = ns[-1]
    per = {n: times[n] / totals[n] for n in ns}
    ratios = [per[n + 1] / per[n] for n in ns[:-1] if n + 1 in per]
    shrink = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else 1.0
    rows = []
    for n in range(last + 1, 29):
        q = totals[n] if n in totals else q28(totals)
        flat = per[last] * q
        trend = per[last] * shrink ** (n - last) * q
        rows.append({"n": n, "solutions": q, "exact_q": n in totals, "flat": flat,
                     "trend": trend})
    return rows


def days(seconds: float) -> str:
    """Seconds as hours (under a day) or days.

    >>> days(7200), days(86400 * 3.25), days(86400 * 366)
    ('2.0 h', '3.2 d', '366 d')
    """
    d = seconds / 86400
    if d < 1:
        return f"{seconds / 3600:.1f} h"
    return f"{d:,.1f} d" if d < 100 else f"{d:,.0f} d"


def page(lines: list[dict[str, Any]], source: str, idle: float, min_n: int = 0) -> str:
    totals = oeis()
    runs = measured(lines, min_n)
    env = next((r for r in reversed(lines) if r.get("stage") == "env"), {})
    launch = [r for r in lines if r.get("stage") == "launch" and "seconds" in r]
    times = {n: r.get("engine_seconds") or r["seconds"] for n, r in runs.items()}
    out = ["# The record: how far one GPU and a fleet can count", "",
           f"Measured by `python3 benchmarks/gpu/gpu_record.py` on {env.get('gpu') or 'a GPU'}"
           f" ({env.get('date', '?')}); the lines are `{source}`, this page is made from "
           "them by `python benchmarks/gpu/record.py`.", "",
           "## Measured on one card", "",
           "| n | solutions | exact | whole command (s) | engine (s) | growth of the engine "
           "time from n - 1 | growth of Q(n) |",
           "|---|---|---|---|---|---|---|"]
    for n in sorted(runs):
        r = runs[n]
        growth = f"{times[n] / times[n - 1]:.2f}x" if n - 1 in times else ""
        qg = f"{totals[n] / totals[n - 1]:.2f}x"
        out.append(f"| {n} | {r['total']:,} | {'yes' if r.get('exact') else 'NO'} | "
                   f"{r['seconds']:.2f} | {times[n]:.2f} | {growth} | {qg} |")
    if launch:
        out += ["", "Launch length, in one process (one batch of n with every launch held to "
                "the length shown; the engine itself starts at `LAUNCH_SECONDS` and doubles "
                "up to `MAX_LAUNCH_SECONDS`):", "",
                "| n | launch (s) | round | seconds | exact |", "|---|---|---|---|---|"]
        for r in launch:
            out.append(f"| {r['n']} | {r['launch_seconds']} | {r.get('round', '')} | "
                       f"{r['seconds']:.2f} | {'yes' if r.get('exact') else 'NO'} |")
    stops = [r for r in lines if r.get("stage") == "interrupt"]
    for r in stops:
        out += ["", f"Ctrl-C (SIGINT) {r['after']:g} s into `nqueens count {r['n']} --gpu`: the "
                f"process ended {r['exit_seconds']:.2f} s later with exit status {r['rc']} "
                f"and `{r['stderr']}`."]
    fleets = [r for r in lines if r.get("stage") == "fleet" and r.get("fleet")]
    for r in fleets:
        f = r["fleet"]
        rep = f["replicated"]
        by_device = ", ".join(f"{v} on the {k.upper()}" if k == "gpu" else f"{v} on CPUs"
                              for k, v in sorted(f["units_by_device"].items()))
        out += ["", f"A fleet on the same machine: `nqueens count {r['n']} --scheduler ... "
                f"--replicate 0.25` on one GPU worker and {r['cpus']} one-thread CPU workers: "
                f"{'exact' if r.get('exact') else 'NOT exact'} in {r['seconds']:.1f} s, "
                f"{f['units']} units ({by_device}), "
                f"{rep['units']} replicated on the other device class, {rep['agree']} agreed, "
                f"idle fraction {f['idle_fraction']:.1%} (the CPU workers wait while the GPU "
                "takes most of the work: units are sized to each device, the count ends when "
                "the queue is empty)."]
    skipped = [r for r in lines if r.get("skipped")]
    for r in skipped:
        out.append(f"\nSkipped: {r['stage']} n = {r.get('n')}: {r['skipped']}.")
    if len(times) >= 2:
        rows = project(times, totals)
        out += ["", "## Projection for n = 23..28", "",
                "Time for one count with our kernel (h: hours, d: days), on one "
                f"card of the kind measured, and on fleets of 8 and 64 such cards with "
                f"{idle:.0%} of their time idle (``--idle``; the pull scheduler measured "
                "0.6-2.3% on a mixed, churning CPU fleet: docs/performance.md, \"fleet\"):",
                "",
                "| n | solutions | 1 card, flat | 1 card, trend | 8 cards, trend | 64 cards, "
                "trend |",
                "|---|---|---|---|---|---|"]
        for p in rows:
            sol = f"{p['solutions']:.3g}" + ("" if p["exact_q"] else " (estimated)")
            fleet = [p["trend"] / (k * (1 - idle)) for k in (8, 64)]
            out.append(f"| {p['n']} | {sol} | {days(p['flat'])} | {days(p['trend'])} | "
                       f"{days(fleet[0])} | {days(fleet[1])} |")
        out += ["", "Assumptions, each one a way the projection can be wrong:", "",
                "- time grows with the solutions found: *flat* keeps the time per solution "
                f"of n = {max(times)} (an upper bound if the trend holds), *trend* lets it "
                "keep shrinking by the geometric mean of the measured per-n ratio (the "
                "look-ahead prunes relatively more as n grows);",
                "- Q(28) is not known; it is estimated by carrying the growth of "
                "Q(n+1)/Q(n) over n = 23..27 one step further (about 2.56e18);",
                "- the kernel keeps its speed on the larger tasks of larger n (64-bit "
                "totals, the same registers and occupancy), and the host's split and "
                "cut stay a small share (they were under 1 s at n = 22);",
                "- a fleet scales linearly but for its idle share; the network and the "
                "ledger (one SQLite commit a batch on the coordinator) do not limit it "
                "(units last minutes);",
                "- one card of the kind measured; other cards scale by their measured "
                "speed (the fleet's units are sized per device, so a mixed fleet adds up)."]
    out += ["", "## Published runs", "", "| count | who, on what | time |", "|---|---|---|"]
    out += [f"| {a} | {b} | {c} |" for a, b, c in PUBLISHED]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", type=Path, nargs="+",
                    help="gpu_record.py results files (a later file's step replaces an "
                         "earlier one's for the same n)")
    ap.add_argument("--idle", type=float, default=0.03,
                    help="the fleet's idle fraction (default 0.03)")
    ap.add_argument("--out", type=Path, default=PAGE, help="the page to write")
    ap.add_argument("--notes", type=Path, default=HERE / "record_notes.md",
                    help="what the runs found, written by hand, put after the measurements")
    ap.add_argument("--min-n", type=int, default=0,
                    help="leave out whole-command counts below this n (another run's)")
    args = ap.parse_args(argv)
    lines = [json.loads(x) for path in args.results
             for x in path.read_text().splitlines() if x.strip()]
    names = []
    for path in args.results:
        try:
            names.append(str(path.resolve().relative_to(ROOT)))
        except ValueError:
            names.append(str(path))
    source = "`, `".join(names)
    text = page(lines, source, args.idle, args.min_n)
    if args.notes is not None and args.notes.exists():
        notes = args.notes.read_text().strip()
        text = text.replace("\n## Projection", f"\n{notes}\n\n## Projection", 1)
    args.out.write_text(text)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
