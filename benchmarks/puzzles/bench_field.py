"""The field's own hard benchmarks, our library call against CP-SAT in one warm process.

    PYTHONPATH=src python benchmarks/puzzles/bench_field.py                 # a sample
    PYTHONPATH=src python benchmarks/puzzles/bench_field.py --per-cell 100 --asp 400 \\
        --stars 10 --limit 60                                             # the full sets
    PYTHONPATH=src python benchmarks/puzzles/bench_field.py --held-back --per-cell 3 \\
        --no-stars                              # the held-back sample, completion (below)
    PYTHONPATH=src python benchmarks/puzzles/bench_field.py --held-back --per-cell 10 \\
        --stars 10 --limit 60                   # the full held-back sample, stars too

Families (needs ``ortools``, the ``bench`` extra, and ``../shared/reference/completion``
beside the repository, or ``--shared DIR``):

- **prob079** (CSPLib, excluded diagonals): N = 18..21 at every d in the phase transition
  (30-70 % of the 1,000 instances satisfiable, by the answers file), ``--per-cell``
  instances drawn per (N, d) with a fixed seed, and N = 21, d = 19, ID = 259 (the
  paper's hardest). Every answer is checked against the file's SAT/UNSAT.
- **prob080** (CSPLib, blocked queens): ``--asp`` ASP-competition instances (n = 28..56),
  drawn with a fixed seed.
- **Star Battle** (count, solve and uniqueness: count with ``limit=1``): random 14 x 14
  3-star boards (``star_battle`` of bench_puzzles_cpsat.py), the real 15 x 15 3-star
  puzzle (noqx's example link), 21 x 21 5-star and 25 x 25 6-star puzzles from ``make``;
  and the 480 community levels (count). Counts checked equal between the two sides.

Ours is the public call (``nqueens.completion.solve`` with ``timeout``, or
``nqueens.puzzles.count`` / ``solve``); CP-SAT's ``Solve`` alone (model built first), one
worker, the same time limit (``--limit``). Each instance runs ours then CP-SAT once. The
ratio is ours / CP-SAT's time per instance; an instance where both hit the limit counts
1.0. Results go to benchmarks/results/field.jsonl and docs/performance.md.

``--held-back [--seed S]`` draws a sample disjoint from everything the search was tuned
on (the default sample at every ``--per-cell`` and ``--asp`` up to 16, the instances in
tests/data) by a rule of its own (`held_back_prob079`, `held_back_asp`): per prob079
(N, d) cell in the phase transition ``--per-cell`` ids from the rest, drawn by
``random.Random(f"held-back {S} {N} {d}")``; per ASP board size (28, 48, 50, 56)
``--per-cell`` instances by ``random.Random(f"held-back {S} {n}")``; the XCSP 2022
set's files (read from its zip) that are in neither; with the Star Battle families,
random 14 x 14 3-star seeds 1000 * S + 0.. and ``make`` seeds 100 * S + 1.. (the tuning
used 0..9 and 1..5). Its results go to benchmarks/results/field_heldback.jsonl. The
community levels have no held-back sample: all 480 are in the tuning set.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import statistics
import sys
import tarfile
import time
import zipfile
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "benchmarks" / "puzzles"))

from _common import machine_line  # noqa: E402

from nqueens.completion import solve  # noqa: E402
from nqueens.diagonals import diagonal_squares  # noqa: E402
from nqueens.errors import SearchTimeout  # noqa: E402
from nqueens.instances import parse_instance  # noqa: E402

PHASE = (0.30, 0.70)
TUNED_DRAWS = 16
"""The held-back sample leaves out what the default sample draws at any size up to this."""


# ---- CP-SAT -------------------------------------------------------------------------------

def cpsat_board(n: int, walls: list[tuple[int, int]], limit: float) -> tuple[float, bool | None]:
    """CP-SAT on the blocked board: a boolean per open square, exactly one per row and
    column, at most one per diagonal; one worker. Seconds of Solve, and the answer (None:
    the limit)."""
    from ortools.sat.python import cp_model

    closed = set(walls)
    m = cp_model.CpModel()
    x = {(r, c): m.NewBoolVar(f"x{r}_{c}") for r in range(n) for c in range(n)
         if (r, c) not in closed}
    lines: dict[tuple[str, int], list[object]] = defaultdict(list)
    for (r, c), v in x.items():
        for key in (("r", r), ("c", c), ("s", r + c), ("d", r - c)):
            lines[key].append(v)
    for r in range(n):
        m.AddExactlyOne(lines["r", r])
        m.AddExactlyOne(lines["c", r])
    for (kind, _), vs in lines.items():
        if kind in "sd" and len(vs) > 1:
            m.AddAtMostOne(vs)
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = limit
    t = time.perf_counter()
    status = s.Solve(m)
    t = time.perf_counter() - t
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return t, True
    return t, False if status == cp_model.INFEASIBLE else None


def cpsat_int(n: int, walls: list[tuple[int, int]], limit: float) -> tuple[float, bool | None]:
    """CP-SAT's other model: a column variable per row over its open squares and three
    AllDifferent (columns, col + row, col - row); one worker."""
    from ortools.sat.python import cp_model

    closed = set(walls)
    m = cp_model.CpModel()
    q = [m.NewIntVarFromDomain(cp_model.Domain.FromValues(
        [c for c in range(n) if (r, c) not in closed]), f"q{r}") for r in range(n)]
    m.AddAllDifferent(q)
    m.AddAllDifferent([q[r] + r for r in range(n)])
    m.AddAllDifferent([q[r] - r for r in range(n)])
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = limit
    t = time.perf_counter()
    status = s.Solve(m)
    t = time.perf_counter() - t
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return t, True
    return t, False if status == cp_model.INFEASIBLE else None


def ours_board(n: int, walls: list, diagonals: list, limit: float) -> tuple[float, bool | None]:
    t = time.perf_counter()
    try:
        found: bool | None = solve(n, [], blocked=walls, diagonals=diagonals,
                                   timeout=limit).solution is not None
    except SearchTimeout:
        found = None
    return time.perf_counter() - t, found


# ---- families -----------------------------------------------------------------------------

def prob079_answers(shared: Path) -> tuple[dict[tuple[int, int, int], bool],
                                            dict[tuple[int, int], list[bool]]]:
    """The CSPLib answers by (N, d, id), and each (N, d) cell's answers."""
    answers: dict[tuple[int, int, int], bool] = {}
    with gzip.open(shared / "csplib-prob079/results/run-diags-shiftqueens-processed.txt.gz",
                   "rt") as f:
        for line in f:
            p = line.split()
            answers[int(p[0]), int(p[1]), int(p[3])] = int(p[5]) > 0
    cells: dict[tuple[int, int], list[bool]] = defaultdict(list)
    for (n, d, _i), sat in answers.items():
        cells[n, d].append(sat)
    return answers, cells


def in_phase(cells: dict[tuple[int, int], list[bool]], n: int) -> list[int]:
    """The d at N where 30-70 % of the instances are satisfiable."""
    return [d for (nn, d) in sorted(cells) if nn == n
            and PHASE[0] <= sum(cells[n, d]) / len(cells[n, d]) <= PHASE[1]]


def prob079(shared: Path, per_cell: int) -> list[tuple[str, int, str, bool]]:
    """(label, N, file text at d, answer): the phase-transition sample and ID 259."""
    answers, cells = prob079_answers(shared)
    out = []
    for n in range(18, 22):
        with tarfile.open(shared / f"csplib-prob079/data/diag-{n}.tar.gz") as t:
            files = {int(m.name.rsplit("-", 1)[1].split(".")[0]): m for m in t.getmembers()
                     if m.isfile()}
            picks = []
            for d in in_phase(cells, n):
                ids = random.Random(n * 1000 + d).sample(sorted(files), per_cell)
                picks += [(d, i) for i in ids]
            if n == 21:
                picks.append((19, 259))
            for d, i in picks:
                text = t.extractfile(files[i]).read().decode()
                out.append((f"N={n} d={d} id={i}", n, (text, d), answers[n, d, i]))
    return out


def asp(shared: Path, k: int) -> list[tuple[str, str]]:
    with tarfile.open(shared / "csplib-prob080/data/asp-competition-instances.tar.gz") as t:
        ms = sorted((m for m in t.getmembers() if m.isfile() and "/._" not in m.name
                     and m.name.endswith(".param")), key=lambda m: m.name)
        pick = random.Random(80).sample(ms, min(k, len(ms)))
        return [(m.name.rsplit("/", 1)[1], t.extractfile(m).read().decode()) for m in pick]


# ---- the held-back sample -------------------------------------------------------------

def _tests_data() -> Path:
    return ROOT / "tests" / "data" / "csplib"


def tuned_prob079(n: int, d: int, ids: list[int]) -> set[int]:
    """The ids at (N, d) the tuning could have seen: the default sample's draws at every
    size up to `TUNED_DRAWS`, ID 259, and the instances of N in tests/data."""
    seen = {259}
    for k in range(1, TUNED_DRAWS + 1):
        seen |= set(random.Random(n * 1000 + d).sample(ids, k))
    with tarfile.open(_tests_data() / "prob079-sample.tar.gz") as t:
        seen |= {int(m.name.rsplit("-", 1)[1].split(".")[0]) for m in t.getmembers()
                 if m.isfile() and m.name.startswith(f"diag-{n}/")}
    return seen


def held_back_prob079(shared: Path, per_cell: int, seed: int
                      ) -> list[tuple[str, int, tuple[str, int], bool]]:
    """Per phase-transition cell at N = 18..21, `per_cell` ids the tuning never saw."""
    answers, cells = prob079_answers(shared)
    out = []
    for n in range(18, 22):
        with tarfile.open(shared / f"csplib-prob079/data/diag-{n}.tar.gz") as t:
            files = {int(m.name.rsplit("-", 1)[1].split(".")[0]): m for m in t.getmembers()
                     if m.isfile()}
            for d in in_phase(cells, n):
                rest = sorted(set(files) - tuned_prob079(n, d, sorted(files)))
                for i in sorted(random.Random(f"held-back {seed} {n} {d}").sample(rest,
                                                                                 per_cell)):
                    text = t.extractfile(files[i]).read().decode()
                    out.append((f"N={n} d={d} id={i}", n, (text, d), answers[n, d, i]))
    return out


def _asp_instances(shared: Path) -> list[tuple[str, str]]:
    """Every ASP instance (key, text), by file name."""
    with tarfile.open(shared / "csplib-prob080/data/asp-competition-instances.tar.gz") as t:
        ms = sorted((m for m in t.getmembers() if m.isfile() and "/._" not in m.name
                     and m.name.endswith(".param")), key=lambda m: m.name)
        return [(_asp_key(m.name), t.extractfile(m).read().decode()) for m in ms]


def tuned_asp(names: list[str]) -> set[str]:
    """ASP instances (``28.1449787798``) the tuning could have seen: the default sample's
    draws at every size up to `TUNED_DRAWS`, and the one in tests/data."""
    seen = {"28.1449787798"}
    for k in range(1, TUNED_DRAWS + 1):
        seen |= set(random.Random(80).sample(names, k))
    return seen


def _asp_key(name: str) -> str:
    """``blockedqueens.28.1449787798.param`` or XCSP's ``28-1449787798``: ``28.1449787798``."""
    return name.rsplit("/", 1)[-1].removeprefix("blockedqueens.").removesuffix(
        ".param").replace("-", ".")


def held_back_asp(shared: Path, per_size: int, seed: int) -> list[tuple[str, str]]:
    """Per board size, `per_size` ASP instances neither tuned on nor in the XCSP set."""
    items = _asp_instances(shared)
    keys = [key for key, _ in items]
    skip = tuned_asp(keys) | {key for key, _ in xcsp22(shared)}
    by_n: dict[int, list[int]] = defaultdict(list)
    for i, key in enumerate(keys):
        if key not in skip:
            by_n[int(key.split(".")[0])].append(i)
    return [items[i] for n in sorted(by_n)
            for i in sorted(random.Random(f"held-back {seed} {n}").sample(by_n[n], per_size))]


def xcsp22(shared: Path) -> list[tuple[str, str]]:
    """The XCSP 2022 BlockedQueens files (key, text), from the set's zip."""
    with zipfile.ZipFile(shared / "xcsp22-blockedqueens" / "xcsp22.zip") as z:
        return [(_asp_key(name), z.read(name).decode()) for name in sorted(z.namelist())
                if not name.endswith("/")]


def held_back_xcsp(shared: Path) -> list[tuple[str, str]]:
    """The XCSP 2022 instances the tuning never saw."""
    seen = tuned_asp([key for key, _ in _asp_instances(shared)])
    return [(key, text) for key, text in xcsp22(shared) if key not in seen]


Row = tuple[str, float, bool | None, float, bool | None]
"""An instance timed: its name, our seconds and answer, CP-SAT's (None: at the limit)."""


def held_back_rows(args: argparse.Namespace) -> dict[str, list[Row]]:
    shared = Path(args.shared)
    fams: dict[str, list[Row]] = {}
    fam = "prob079 held back (N = 18-21, phase transition)"
    fams[fam] = [_prob079_row(label, n, text, d, truth, args)
                 for label, n, (text, d), truth in held_back_prob079(shared, args.per_cell,
                                                                     args.seed)]
    for fam, items in (("prob080 ASP held back (n = 28-56)",
                        held_back_asp(shared, args.per_cell, args.seed)),
                       ("XCSP 2022 BlockedQueens held back", held_back_xcsp(shared))):
        fams[fam] = [_blocked_row(name, text, args) for name, text in items]
    return fams


REPEAT_BELOW = 5.0
"""The held-back sample times an instance again (best of `--repeat`) while both sides
took under this many seconds: one run of a short instance on a shared machine is noise."""


def _paired(ours: Any, theirs: Any, repeat: int) -> tuple[float, Any, float, Any]:
    """Ours then CP-SAT's, interleaved, best of `repeat` while both are short."""
    to, a = ours()
    tc, b = theirs()
    for _ in range(repeat - 1):
        if max(to, tc) >= REPEAT_BELOW:
            break
        to = min(to, ours()[0])
        tc = min(tc, theirs()[0])
    return to, a, tc, b


def _prob079_row(label: str, n: int, text: str, d: int, truth: bool,
                 args: argparse.Namespace) -> Row:
    inst = parse_instance(text, first=d)
    walls = diagonal_squares(n, inst.diagonals)
    to, a, tc, b = _paired(lambda: ours_board(n, [], inst.diagonals, args.limit),
                           lambda: CPSAT[args.model](n, walls, args.limit), args.repeat)
    if a not in (None, truth) or b not in (None, truth):
        raise SystemExit(f"wrong answer on {label}: file {truth}, ours {a}, CP-SAT {b}")
    print(f"{label} {truth} ours {to:.3f} CP-SAT {tc:.3f}", flush=True)
    return label, to, a, tc, b


def _blocked_row(name: str, text: str, args: argparse.Namespace) -> Row:
    inst = parse_instance(text)
    to, a, tc, b = _paired(lambda: ours_board(inst.n, inst.blocked, [], args.limit),
                           lambda: CPSAT[args.model](inst.n, inst.blocked, args.limit),
                           args.repeat)
    if None not in (a, b) and a != b:
        raise SystemExit(f"answers differ on {name}: ours {a}, CP-SAT {b}")
    print(f"{name} ours {a} {to:.3f} CP-SAT {b} {tc:.3f}", flush=True)
    return name, to, a, tc, b


def _family_lines(fams: dict[str, list[Row]], limit: float) -> list[str]:
    return [summary(fam, [(r[0], r[1], r[3], r[2] is None, r[4] is None) for r in rows], limit)
            for fam, rows in fams.items() if rows]


def _answer(found: bool | None) -> str:
    return "unknown" if found is None else "SAT" if found else "UNSAT"


def instance_table(fams: dict[str, list[Row]]) -> list[str]:
    """Every instance: our answer and time, CP-SAT's, the ratio."""
    lines = ["| family | instance | ours | ours s | CP-SAT | CP-SAT s | ours / CP-SAT |",
             "|---|---|---|---:|---:|---:|---:|"]
    for fam, rows in fams.items():
        short = fam.split(" held back")[0]
        for name, to, a, tc, b in rows:
            lines.append(f"| {short} | {name} | {_answer(a)} | {to:.3f} | {_answer(b)} | "
                         f"{tc:.3f} | {ratio(to, tc, a is None, b is None):.3g}x |")
    return lines


def completion_rows(args: argparse.Namespace) -> list[str]:
    shared = Path(args.shared)
    lines = []
    fams = {"prob079 (N = 18-21, phase transition, + 21/19/259)": [],
            "prob080 ASP (n = 28-56)": []}
    for label, n, (text, d), truth in prob079(shared, args.per_cell):
        inst = parse_instance(text, first=d)
        walls = diagonal_squares(n, inst.diagonals)
        to, a = ours_board(n, [], inst.diagonals, args.limit)
        tc, b = CPSAT[args.model](n, walls, args.limit)
        if a not in (None, truth) or b not in (None, truth):
            raise SystemExit(f"wrong answer on {label}: file {truth}, ours {a}, CP-SAT {b}")
        fams["prob079 (N = 18-21, phase transition, + 21/19/259)"].append((label, to, a, tc, b))
        print(f"{label} {truth} ours {to:.3f} CP-SAT {tc:.3f}", flush=True)
    for name, text in asp(shared, args.asp):
        inst = parse_instance(text)
        to, a = ours_board(inst.n, inst.blocked, [], args.limit)
        tc, b = CPSAT[args.model](inst.n, inst.blocked, args.limit)
        if None not in (a, b) and a != b:
            raise SystemExit(f"answers differ on {name}: ours {a}, CP-SAT {b}")
        fams["prob080 ASP (n = 28-56)"].append((name, to, a, tc, b))
        print(f"{name} ours {a} {to:.3f} CP-SAT {b} {tc:.3f}", flush=True)
    for fam, rows in fams.items():
        if rows:
            lines.append(summary(fam, [(r[0], r[1], r[3], r[2] is None, r[4] is None)
                                       for r in rows], args.limit))
    return lines


def ratio(ours: float, theirs: float, ours_out: bool, theirs_out: bool) -> float:
    if ours_out and theirs_out:
        return 1.0
    return ours / max(theirs, 1e-4)


def summary(fam: str, rows: list[tuple[str, float, float, bool, bool]], limit: float) -> str:
    ratios = [(ratio(o, c, oo, co), name) for name, o, c, oo, co in rows]
    worst = max(ratios)
    med_o = statistics.median(r[1] for r in rows)
    med_c = statistics.median(r[2] for r in rows)
    out_o = sum(r[3] for r in rows)
    out_c = sum(r[4] for r in rows)
    return (f"| {fam} | {len(rows)} | {med_o:.4f} | {med_c:.4f} | "
            f"{statistics.median(r for r, _ in ratios):.3g}x | {worst[0]:.3g}x ({worst[1]}) | "
            f"{out_o} / {out_c} (limit {limit:g} s) |")


def star_rows(args: argparse.Namespace) -> list[str]:
    """The Star Battle families (with `--held-back`: new seeds, no real 15 x 15 or
    community levels, which have no held-back sample)."""
    import bench_puzzles_cpsat as bp

    bp.ours_count(bp.three_star())  # compile the k-star kernels before timing: the SAT
    bp.ours_count(bp.star_battle(14, 3, 0))  # path, and the row counter (many solutions)
    random_from = 1000 * args.seed if args.held_back else 0
    made_from = 100 * args.seed + 1 if args.held_back else 1
    sets = [("Star Battle random 14 x 14, 3 stars: count",
             [bp.star_battle(14, 3, s) for s in range(random_from, random_from + args.stars)])]
    if not args.held_back:
        sets.append(("Star Battle real 15 x 15, 3 stars (noqx): count", [bp.three_star()]))
    for n, k in () if args.random_only else ((21, 5), (25, 6)):
        made = bp.made(n, k, range(made_from, made_from + max(1, args.stars // 3)))
        if made:
            sets.append((f"Star Battle make {n} x {n}, {k} stars: count", made))
    if not args.held_back:
        levels = [p for p, _ in bp.community()]
        if args.levels:
            levels = levels[: args.levels]
        sets.append(("community levels (one star): count", levels))
    lines = []
    for name, puzzles in sets:
        rows = []
        for p in puzzles:
            to = tc = float("inf")
            for _ in range(args.repeat if args.held_back else 1):  # interleaved, best of
                t = time.perf_counter()
                ours = bp.ours_count(p)
                to = min(to, time.perf_counter() - t)
                t = time.perf_counter()
                theirs = bp.cpsat_count(p)
                tc = min(tc, time.perf_counter() - t)
            if ours != theirs:
                raise SystemExit(f"count mismatch {ours} / {theirs} on\n{p.to_text()}")
            rows.append((f"{p.n}x{p.n}/{p.stars}", to, tc, False, False))
        lines.append(summary(name, rows, 0).replace(" (limit 0 s)", ""))
        print(lines[-1], flush=True)
    return lines


CPSAT = {"bool": cpsat_board, "int": cpsat_int}

HEADER = ("| family | instances | ours: median s | CP-SAT: median s | ours / CP-SAT, median | "
          "worst (instance) | at the limit, ours / CP-SAT |\n"
          "|---|---:|---:|---:|---:|---:|---:|")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared" / "reference" / "completion"),
                    help="the reference folder (default: shared/ beside the repository)")
    ap.add_argument("--per-cell", type=int, default=2, help="prob079 instances per (N, d)")
    ap.add_argument("--asp", type=int, default=8, help="prob080 ASP instances")
    ap.add_argument("--stars", type=int, default=3, help="random 14 x 14 3-star boards")
    ap.add_argument("--levels", type=int, default=0, help="community levels (0: all 480)")
    ap.add_argument("--limit", type=float, default=30.0, help="seconds per instance and side")
    ap.add_argument("--model", choices=sorted(CPSAT), default="bool",
                    help="CP-SAT's model of a board: bool (a boolean a square, the default) or "
                    "int (a column a row, three AllDifferent)")
    ap.add_argument("--no-stars", action="store_true", help="completion families only")
    ap.add_argument("--held-back", action="store_true",
                    help="the held-back sample (module docstring), into field_heldback.jsonl")
    ap.add_argument("--random-only", action="store_true",
                    help="with --held-back: only the random 14 x 14 3-star boards (minutes, "
                    "where the made puzzles take hours), into stars_heldback.jsonl")
    ap.add_argument("--seed", type=int, default=1,
                    help="with --held-back: which held-back sample (default 1)")
    ap.add_argument("--repeat", type=int, default=2,
                    help="with --held-back: best of this many runs while both sides take "
                    f"under {REPEAT_BELOW:g} s (default 2)")
    ap.add_argument("--out", metavar="FILE", help="write the run here instead of the results")
    args = ap.parse_args()
    if args.random_only and not args.held_back:
        ap.error("--random-only goes with --held-back")
    if args.seed < 1:
        ap.error("--seed must be at least 1 (0 would draw the tuning's star seeds)")
    load = os.getloadavg()[0]
    solve(8, [], blocked=[(0, 0)], order="constrained")  # compile before timing
    solve(8, [], blocked=[(0, 0)], order="rows")
    solve(8, [], blocked=[(0, 0)])  # the portfolio's bitmask kernel too
    cpsat_board(8, [], 1.0)
    started = time.perf_counter()
    if args.held_back:
        held_back_main(args, load, started)
        return
    lines = [HEADER, *completion_rows(args)]
    if not args.no_stars:
        lines += star_rows(args)
    took = time.perf_counter() - started
    text = "\n".join([
        "## The field's hard benchmarks against CP-SAT", "",
        f"Measured by `python benchmarks/puzzles/bench_field.py --per-cell {args.per_cell} "
        f"--asp {args.asp} --stars {args.stars} --limit {args.limit:g} --model {args.model}"
        f"{' --no-stars' if args.no_stars else ''}` on {machine_line()}, load average "
        f"{load:.1f} at the start and {os.getloadavg()[0]:.1f} at the end, {took:.0f} s in "
        "all. One warm process; per instance our public call, then CP-SAT's Solve (model "
        f"built first; the {args.model} model of a board: "
        + ("a boolean per open square, exactly one per row and column, at most one per "
           "diagonal" if args.model == "bool" else "a column per row, three AllDifferent")
        + "), one worker, the same time limit; every answer checked (prob079 "
        "against the CSPLib answers, counts equal between the two sides). Ratio = our time "
        "/ CP-SAT's (below 1: we are faster); the worst names its instance. A sample: the "
        "full sets are `--per-cell 100 --asp 400 --stars 10 --limit 60` (hours).", "",
        *lines, ""])
    print(text)
    from _results import publish

    publish("field", text, out=args.out)


def held_back_main(args: argparse.Namespace, load: float, started: float) -> None:
    if args.random_only:
        return random_held_back(args, load, started)
    fams = held_back_rows(args)
    lines = [HEADER, *_family_lines(fams, args.limit)]
    if not args.no_stars:
        lines += star_rows(args)
    took = time.perf_counter() - started
    command = (f"python benchmarks/puzzles/bench_field.py --held-back --seed {args.seed} "
               f"--per-cell {args.per_cell} --limit {args.limit:g} --model {args.model} "
               f"--repeat {args.repeat}"
               + (" --no-stars" if args.no_stars else f" --stars {args.stars}"))
    text = "\n".join([
        "## The field's held-back sample against CP-SAT", "",
        f"Measured by `{command}` on {machine_line()}, load average {load:.1f} at the start "
        f"and {os.getloadavg()[0]:.1f} at the end, {took:.0f} s in all. Instances the "
        "search was never tuned on, drawn by a fixed rule (bench_field.py's docstring; "
        f"seed {args.seed}): per prob079 (N, d) cell in the phase transition at N = 18..21, "
        f"{args.per_cell} ids outside the benchmark's default draws and tests/data; per "
        f"prob080 ASP board size (28, 48, 50, 56) {args.per_cell} instances outside the "
        "default draws, tests/data and the XCSP set; the XCSP 2022 BlockedQueens files "
        "(read from the set's zip) outside the default draws and tests/data. As in the "
        "section above: one warm process, our public call then CP-SAT's Solve, one "
        f"worker, the same {args.limit:g}-s limit, interleaved, best of {args.repeat} "
        f"where both sides took under {REPEAT_BELOW:g} s, every prob079 answer checked against "
        "CSPLib's, the blocked boards' answers equal between the two sides; ratio = ours / "
        "CP-SAT's (both at the limit: 1). The Star Battle families' held-back seeds "
        f"(random 14 x 14: {1000 * args.seed}.., made: {100 * args.seed + 1}..) run "
        "without `--no-stars`. The full held-back run, Star Battle included (hours: the "
        "made 21 x 21 and 25 x 25 puzzles are generated first): `python "
        "benchmarks/puzzles/bench_field.py --held-back --per-cell 10 --stars 10 --limit "
        "60`.", "",
        *lines, "", "### The held-back sample, instance by instance", "",
        *instance_table(fams), ""])
    print(text)
    from _results import publish

    publish("field_heldback", text, out=args.out)


def random_held_back(args: argparse.Namespace, load: float, started: float) -> None:
    """The random 14 x 14 3-star family alone, on its held-back seeds."""
    lines = [HEADER, *star_rows(args)]
    command = (f"python benchmarks/puzzles/bench_field.py --held-back --random-only "
               f"--seed {args.seed} --stars {args.stars} --repeat {args.repeat}")
    text = "\n".join([
        "## Star Battle's held-back sample: random 14 x 14, 3 stars", "",
        f"Measured by `{command}` on {machine_line()}, load average {load:.1f} at the start "
        f"and {os.getloadavg()[0]:.1f} at the end, {time.perf_counter() - started:.0f} s in "
        f"all. Boards `star_battle(14, 3, seed)` for seeds {1000 * args.seed}.."
        f"{1000 * args.seed + args.stars - 1}, never used in tuning (the tuning used seeds "
        "0..9); per board, in one warm process, our `count` and then CP-SAT's (one worker, "
        f"LP relaxation off, model building timed), interleaved, best of {args.repeat}, the "
        "two counts checked equal; "
        "ratio = ours / CP-SAT's. The made 21 x 21 and 25 x 25 families' held-back seeds "
        "need the puzzles generated first (hours): the full run above.", "", *lines, ""])
    print(text)
    from _results import publish

    publish("stars_heldback", text, out=args.out)


if __name__ == "__main__":
    main()
