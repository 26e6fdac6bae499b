#!/usr/bin/env bash
# `nqueens count N --gpu --unique --json` as a user runs it, each N in a fresh process, timed
# whole (the interpreter's start, the imports, CuPy's kernel from its disk cache, the engine's
# estimate, the count) and checked against tests/data/oeis.csv. A GPU session's second command,
# after benchmarks/gpu/gpu_device_run.sh (or bench_gpu.py) has warmed CuPy's compile cache.
#
#   bash benchmarks/gpu/gpu_device_cli.sh [N ...]        (default: 21 22)
#
# First, once, benchmarks/gpu/gpu_fresh.py for the first N: the steps a fresh process pays
# before its first launch, each timed, one JSON line in $OUT/fresh.jsonl.
# TIMEOUT (seconds a count, default 300). One JSON line a count goes to $OUT/cli_results.jsonl
# (stage "cli": n, seconds, total, unique, exact, the CLI's own JSON as "cli", or its exit
# status and last line of stderr); the lines also print. PYTHON picks the interpreter
# (default python3); the project runs from src/ (no install).
set -u

cd "$(dirname "$0")/../.." || exit 2
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/gpu_cli.XXXXXX")}
mkdir -p "$OUT"
PY=${PYTHON:-python3}
TIMEOUT=${TIMEOUT:-300}
export PYTHONPATH="src${PYTHONPATH:+:$PYTHONPATH}"
[[ $# -eq 0 ]] && set -- 21 22
for n in "$@"; do
    if ! [[ $n =~ ^[0-9]+$ ]]; then
        echo "gpu_device_cli.sh: N must be a whole number, got '$n'" >&2
        exit 2
    fi
done
# first, once: what a fresh process pays before its first launch, step by step (a few s)
timeout -k 5 120 "$PY" benchmarks/gpu/gpu_fresh.py "$1" --results "$OUT/fresh.jsonl"
for n in "$@"; do
    start=$(date +%s.%N)
    timeout -s INT -k 5 "$TIMEOUT" "$PY" -m nqueens count "$n" --gpu --unique --json --quiet \
        >"$OUT/cli_$n.json" 2>"$OUT/cli_$n.err"
    rc=$?
    end=$(date +%s.%N)
    "$PY" - "$n" "$rc" "$start" "$end" "$OUT/cli_$n.json" "$OUT/cli_$n.err" <<'EOF' \
        | tee -a "$OUT/cli_results.jsonl"
import json, sys
from datetime import datetime, timezone
sys.path.insert(0, "benchmarks/gpu")
from bench_gpu import oeis
n, rc, start, end, out, err = sys.argv[1:]
n, rc = int(n), int(rc)
known = oeis()
rec = {"stage": "cli", "n": n, "kernel": "auto", "seconds": round(float(end) - float(start), 3),
       "command": f"nqueens count {n} --gpu --unique --json --quiet", "rc": rc,
       "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}
try:
    cli = json.loads(open(out).read())
    rec.update(total=cli["total"], unique=cli["unique"], cli=cli)
    rec["exact"] = (cli["total"], cli["unique"]) == known.get(n) if n in known else None
except (OSError, ValueError, KeyError, TypeError):
    lines = open(err, errors="replace").read().strip().splitlines()
    rec.update(total=None, unique=None, exact=None, error=lines[-1] if lines else f"exit {rc}")
print(json.dumps(rec))
EOF
done
