"""The kernel tests with numba's JIT off (``NUMBA_DISABLE_JIT=1``, stumpy's habit).

    python tests/nojit.py [more pytest arguments]

With the JIT off every ``@njit`` kernel runs as plain Python over numpy arrays: coverage sees
the kernels' lines, and an index out of bounds raises ``IndexError`` where compiled code
would silently write past the array (this run found one such overflow in
``kernels/completion.setup``). The tests below are the kernel tests that finish in
reasonable time in pure Python (small boards); the deselected ones are too slow without
the JIT (n = 14 counts, 10**6-queen local search, the restart proofs) or rely on int64
arithmetic on boards over 31 columns, where numpy's pure-Python scalars shift int32 columns
in 32 bits and overflow (numba widens them to int64). Not collected by pytest (no
``test_`` prefix); run it by hand or from CI. Prints the time it took.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TARGETS = [
    "src/nqueens/kernels",
    "tests/test_strategies.py",
    "tests/test_interrupt.py",
    "tests/test_stats.py",
    "tests/test_estimate.py",
    "tests/test_completion.py",
    "tests/test_puzzles.py",
    "tests/test_puzzles_quick.py::test_boards_on_a_walk_are_solved_as_the_explainer_solves_them"
    "[6-False]",
    "tests/test_puzzles_quick.py::test_boards_on_a_walk_are_solved_as_the_explainer_solves_them"
    "[9-True]",
    "tests/test_large_construct.py",
    "tests/test_fixed_points.py",
    "tests/test_cli_paper_cuts.py::test_the_chunked_bit_table_check_agrees_with_first_conflict",
]

DESELECT = [
    "tests/test_strategies.py::test_bitmask_totals_match_oeis[14]",
    "tests/test_stats.py::test_book_table_rounded_rows",
    "tests/test_stats.py::test_solutions_match_oeis[14]",
    "tests/test_estimate.py::test_no_exact_value_above_14",
    "tests/test_large_construct.py::test_local_search_large[1000000]",
    "tests/test_completion.py::test_restarts_still_prove_and_answer",
    "tests/test_completion.py::test_auto_order_switches_at_the_measured_size",
    "tests/test_completion.py::test_issue_boards_are_completed",
    "tests/test_completion.py::test_large_answers_checked_by_the_verifier",
    "tests/test_completion.py::test_large_count_and_listing_with_few_open_rows",
    "tests/test_completion.py::test_seeded_search_is_deterministic",
    *[f"tests/test_fixed_points.py::"
      f"test_fixed_points_of_every_symmetric_constellation_are_the_cpu_kernels[{n}]"
      for n in (12, 13, 14)],
]


def main() -> int:
    os.environ["NUMBA_DISABLE_JIT"] = "1"  # before numba is imported
    os.chdir(ROOT)
    import pytest

    args = ["-q", "-p", "no:cacheprovider", "-n0", "-m", "not slow and not browser",
            "-W", "ignore::RuntimeWarning", *TARGETS]
    for node in DESELECT:
        args += ["--deselect", node]
    start = time.monotonic()
    code = int(pytest.main(args + sys.argv[1:]))
    print(f"NUMBA_DISABLE_JIT=1 kernel tests: {time.monotonic() - start:.0f} s", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
