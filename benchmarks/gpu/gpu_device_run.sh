#!/usr/bin/env bash
# The one command a GPU session runs (docs/gpu.md, "Measured"): the whole GPU measurement
# inside a time budget, leaving what it finished in $OUT even when a stage fails or the run
# is killed.
#
#   bash benchmarks/gpu/gpu_device_run.sh [BUDGET] [bench_gpu.py options]
#   bash benchmarks/gpu/gpu_device_run.sh --budget 480 --min-n 16 --max-n 22
#
# BUDGET (seconds, default 480; also --budget S) is the whole script's: the environment,
# then benchmarks/gpu/bench_gpu.py with what is left less a reserve for Nsight Compute
# (NCU_RESERVE, default 45 s where ncu exists, for two passes: one took 8-10 s on an
# H100) and for the end (20 s), then ncu on one launch of the first kernel (NCU_N,
# default 18) and of the second, then ptxas -v of numba's kernel, each under its own
# timeout and only while time is left, then the doc
# rendered from the results and printed last. Between the benchmark and ncu, the whole
# command as a user runs it (benchmarks/gpu/gpu_device_cli.sh) for each n of CLI_N (default
# "21 22"), each only where its time, projected from the engine's in the results, fits;
# CLI_RESERVE (default 200 s, 0 when CLI_N is empty) is kept from the benchmark's budget
# for it. The benchmark's defaults here are --max-n 21 --sweep-n 21 --sweep-rows 2 (n = 22
# is the whole command's; 4 rows took 2.6x 3 rows' time at n = 20), unless the arguments
# give --max-n or --sweep-n. With CuPy the kernels are cuda-stack (the
# engine's default since run 4, to --max-n, the engine end to end with it too), then
# cuda-shared (the default before it), cuda-c and numba as baselines (to
# --baseline-max-n); the sweeps and variants of the first at --sweep-n (21 here).
# Every line goes through tee into $OUT/log.txt (OUT defaults to a new temporary folder).
# In $OUT: log.txt, env.txt, gpu_results.jsonl, benchmarks-gpu.md, ncu_KERNEL.txt,
# cli_results.jsonl (and cli_N.json, cli_N.err).
# PYTHON picks the interpreter (default python3); the project runs from src/ (no install).
# Under NUMBA_ENABLE_CUDASIM=1 the same runs on numba-cuda's simulator, without ncu/ptxas.
set -u

cd "$(dirname "$0")/../.." || exit 2
COMMAND="bash benchmarks/gpu/gpu_device_run.sh $*"
BUDGET=480
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    BUDGET=$1
    shift
fi
PASS=()
KERNELS=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --budget) BUDGET=${2:?--budget needs seconds}; shift 2 ;;
        --budget=*) BUDGET=${1#--budget=}; shift ;;
        --kernel) KERNELS=${2:-}; PASS+=("$1" "${2:-}"); shift 2 ;;
        --kernel=*) KERNELS=${1#--kernel=}; PASS+=("$1"); shift ;;
        *) PASS+=("$1"); shift ;;
    esac
done
BUDGET=${BUDGET%.*}
# the defaults here, unless the caller chose the sizes: n = 22 is the whole command's
[[ " ${PASS[*]-} " =~ \ --(max|sweep)-n ]] \
    || PASS=(--max-n 21 --sweep-n 21 --sweep-rows 2 ${PASS[@]+"${PASS[@]}"})
CLI_N=${CLI_N-21 22}
for n in $CLI_N; do
    [[ $n =~ ^[0-9]+$ ]] || { echo "gpu_device_run.sh: CLI_N must be whole numbers, got '$CLI_N'" >&2; exit 2; }
done
CLI_RESERVE=${CLI_RESERVE:-$([[ -n ${CLI_N// /} ]] && echo 200 || echo 0)}
[[ $CLI_RESERVE =~ ^[0-9]+$ ]] || { echo "gpu_device_run.sh: CLI_RESERVE must be seconds, got '$CLI_RESERVE'" >&2; exit 2; }
if [[ -z ${OUT:-} ]]; then
    OUT=$(mktemp -d "${TMPDIR:-/tmp}/gpu_out.XXXXXX")
fi
mkdir -p "$OUT"
LOG="$OUT/log.txt"
RESULTS="$OUT/gpu_results.jsonl"
PY=${PYTHON:-python3}
NCU_N=${NCU_N:-18}
FINAL=20
export PYTHONPATH="src${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
export NQ_BENCH_COMMAND="$COMMAND" NQ_BENCH_SCRIPT_BUDGET="$BUDGET"
SIM=0
[[ ${NUMBA_ENABLE_CUDASIM:-} == 1 ]] && SIM=1
HAVE_NCU=0
[[ $SIM == 0 ]] && command -v ncu >/dev/null 2>&1 && HAVE_NCU=1
NCU_RESERVE=${NCU_RESERVE:-$((HAVE_NCU ? 45 : 0))}

say() { echo "$*" | tee -a "$LOG"; }
logged() {  # run a command, its output (both streams) into the log too; its status
    "$@" 2>&1 | tee -a "$LOG"
    return "${PIPESTATUS[0]}"
}
left() { echo $((BUDGET - SECONDS)); }
section() { say ""; say "=== $* [$SECONDS s of $BUDGET s]"; }

section "environment ($COMMAND; OUT=$OUT)"
{
    echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "host: $(uname -srm), $(nproc) cores; simulator: $SIM"
    echo "--- nvidia-smi -L"
    timeout 20 nvidia-smi -L
    timeout 20 nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap,clocks.max.sm \
        --format=csv
    echo "--- tools"
    for tool in ncu nvcc ptxas; do echo "$tool: $(command -v $tool || echo 'not found')"; done
    command -v nvcc >/dev/null && timeout 20 nvcc --version | tail -n 2
    command -v ncu >/dev/null && timeout 30 ncu --version | tail -n 1
    echo "--- python ($PY)"
    timeout 60 "$PY" - <<'EOF'
import importlib, platform, sys
from importlib.metadata import PackageNotFoundError, version
print(sys.executable, platform.python_version())
for name in ("numpy", "numba", "numba-cuda", "cupy-cuda13x", "cupy-cuda12x", "rich"):
    try:
        print(f"{name} {version(name)}")
    except PackageNotFoundError:
        print(f"{name} not installed")
try:
    importlib.import_module("cupy")
    print("cupy imports: yes")
except Exception as err:
    print(f"cupy imports: no ({type(err).__name__}: {err})")
EOF
} 2>&1 | tee "$OUT/env.txt" | tee -a "$LOG"
if [[ -z $KERNELS ]]; then
    KERNELS=numba
    [[ $SIM == 0 ]] && grep -q "^cupy imports: yes" "$OUT/env.txt" \
        && KERNELS=cuda-stack,cuda-shared,cuda-c,numba
fi
FIRST=${KERNELS%%,*}
SECOND=${KERNELS#*,}
SECOND=${SECOND%%,*}
[[ $SECOND == "$KERNELS" || $SECOND == "$FIRST" ]] && SECOND=""

BENCH=$(( $(left) - NCU_RESERVE - CLI_RESERVE - FINAL ))
section "benchmark: bench_gpu.py --budget $BENCH (kernels $KERNELS)"
if (( BENCH >= 10 )); then
    logged timeout -s INT -k 10 $((BENCH + 15)) "$PY" benchmarks/gpu/bench_gpu.py \
        --budget "$BENCH" --results "$RESULTS" --doc "$OUT/benchmarks-gpu.md" \
        ${PASS[@]+"${PASS[@]}"}
    say "bench_gpu.py exited $? after $SECONDS s (124: stopped by timeout)"
else
    say "no time left for the benchmark ($BENCH s)"
fi

cli_one() {  # the whole command for n, where its projected time fits before ncu and the end
    local n=$1 budget need
    budget=$(( $(left) - NCU_RESERVE - FINAL ))
    need=$("$PY" benchmarks/gpu/bench_gpu.py --project-engine "$n" --results "$RESULTS" 2>/dev/null)
    if [[ -z $need ]] || (( budget < need )); then
        say "whole command, n = $n: skipped (projected ${need:-unknown} s, $budget s left)"
        return
    fi
    section "whole command, n = $n (projected $need s, timeout $budget s)"
    OUT="$OUT" TIMEOUT="$budget" PYTHON="$PY" logged bash benchmarks/gpu/gpu_device_cli.sh "$n"
}

for n in $CLI_N; do
    cli_one "$n"
done

ncu_one() {  # Nsight Compute on the first launch of one kernel's count of NCU_N
    local kernel=$1 budget cmd rc
    budget=$(( $(left) - FINAL ))
    if (( budget < 20 )); then
        say "ncu $kernel: skipped, $budget s left"
        return
    fi
    (( budget > 150 )) && budget=150
    mapfile -t cmd < <("$PY" benchmarks/gpu/bench_gpu.py --ncu-command --ncu-n "$NCU_N" \
        --kernel "$kernel")
    section "ncu $kernel, n = $NCU_N, timeout $budget s: ${cmd[*]}"
    timeout -k 5 "$budget" "${cmd[@]}" >"$OUT/ncu_$kernel.txt" 2>&1
    rc=$?
    logged "$PY" benchmarks/gpu/bench_gpu.py --add-ncu "$OUT/ncu_$kernel.txt" --ncu-n "$NCU_N" \
        --kernel "$kernel" --ncu-rc "$rc" --results "$RESULTS"
}

if [[ $HAVE_NCU == 1 ]]; then
    ncu_one "$FIRST"
    [[ -n $SECOND ]] && ncu_one "$SECOND"
else
    say "ncu: not run (simulator: $SIM; ncu: $(command -v ncu || echo 'not found'))"
fi
if [[ $SIM == 0 ]] && command -v ptxas >/dev/null && (( $(left) - FINAL >= 30 )); then
    section "ptxas -v of the numba kernel (sm_90)"
    logged timeout -k 5 45 "$PY" benchmarks/gpu/bench_gpu.py --ptx --append --results "$RESULTS"
fi

section "results"
logged timeout 15 "$PY" benchmarks/gpu/bench_gpu.py --render "$RESULTS" --doc "$OUT/benchmarks-gpu.md"
say "done in $SECONDS s (budget $BUDGET s); files in $OUT:"
ls -l "$OUT" | tee -a "$LOG"
say ""
cat "$OUT/benchmarks-gpu.md" | tee -a "$LOG"
