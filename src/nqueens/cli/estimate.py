"""`nqueens estimate`: Knuth's Monte Carlo estimate of the backtracking tree's size."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nqueens.cli._common import ascii_int, board_size, positive_int

__all__ = ["register", "run"]

_LABELS = {"checked": "nodes checked", "promising": "promising nodes", "solutions": "solutions"}


def _seed(text: str) -> int:
    shown = repr(text) if len(text) <= 40 else f"{text[:40]!r}..."
    try:
        value = ascii_int(text)  # 0-9 only, as every integer option takes
    except OverflowError:
        value = -1
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer seed, got {shown}") from None
    if not 0 <= value < 2**32:
        raise argparse.ArgumentTypeError(f"the seed must be from 0 to 4294967295, got {shown}")
    return value


def register(sub: Any) -> None:
    p = sub.add_parser(
        "estimate", help="estimate the backtracking tree by Knuth's Monte Carlo probes",
        description="Knuth's (1975) estimator: random probes from the root, each the product "
        "of the numbers of promising children on its way. Estimates nodes checked, promising "
        "nodes and solutions with standard errors and 95% confidence intervals; the exact "
        "value is shown beside them for N <= 14.",
    )
    p.add_argument("n", type=board_size, metavar="N", help="board size (1 to 62)")
    p.add_argument("--trials", "-t", type=positive_int, default=100_000, metavar="T",
                   help="number of probes (default: 100000)")
    p.add_argument("--seed", type=_seed, default=None, metavar="S",
                   help="seed for a reproducible run (default: a fresh one, printed)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from nqueens.analysis.estimate import estimate

    result = estimate(args.n, trials=args.trials, seed=args.seed)
    out = sys.stdout
    if args.json:
        out.write(json.dumps(result.to_json()) + "\n")
        return 0
    out.write(f"Knuth's estimate for {result.n} queens: {result.trials:,} probes, "
              f"seed {result.seed}\n")
    rows = [["", "estimate", "std. error", "95% confidence interval", "exact", "z"]]
    for q in result.quantities:
        low, high = q.ci95
        rows.append([
            _LABELS[q.name], _num(q.mean), _num(q.stderr), f"[{_num(low)}, {_num(high)}]",
            "" if q.exact is None else f"{q.exact:,}",
            "" if q.z is None else f"{q.z:+.2f}",
        ])
    if all(q.exact is None for q in result.quantities):
        rows = [r[:4] for r in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:],
                                                                      strict=True)]
        out.write("  ".join(cells).rstrip() + "\n")
    return 0


def _num(x: float) -> str:
    if abs(x) >= 1e7:
        return f"{x:.4e}"
    return f"{x:,.1f}"
