"""benchmarks/puzzles/bench_field.py's held-back sample: disjoint from what the tuning saw,
the same on every run, and every instance in it answered as its source says.

Needs the reference set (``shared/reference/completion`` beside the repository, as in CI,
or the folder named by ``NQUEENS_SHARED``); skipped without it.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from conftest import ROOT, load_benchmark

SHARED = Path(os.environ.get("NQUEENS_SHARED", ROOT.parent / "shared")) / "reference" / \
    "completion"
pytestmark = pytest.mark.skipif(not (SHARED / "csplib-prob079").is_dir(),
                                reason=f"the reference set is not at {SHARED}")


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("bench_field")


@pytest.mark.slow
def test_the_prob079_sample_is_new_and_reproducible(bench) -> None:
    held = bench.held_back_prob079(SHARED, 3, 1)
    assert held == bench.held_back_prob079(SHARED, 3, 1)
    assert held != bench.held_back_prob079(SHARED, 3, 2)
    answers, cells = bench.prob079_answers(SHARED)
    cells_seen = {(n, d) for _, n, (_, d), _ in held}
    assert cells_seen == {(n, d) for n in range(18, 22) for d in bench.in_phase(cells, n)}
    assert len(held) == 3 * len(cells_seen) and len({h[0] for h in held}) == len(held)
    tuned = {label for k in (1, 2, 3, 8, 16) for label, *_ in bench.prob079(SHARED, k)}
    assert not tuned & {h[0] for h in held}
    for label, n, (text, d), truth in held:
        ident = int(label.rsplit("=", 1)[1])
        assert ident != 259 and answers[n, d, ident] == truth
        assert re.match(r"\s*n\s*=\s*(\d+)", text).group(1) == str(n)


def test_the_blocked_queens_samples_are_new(bench) -> None:
    asp = bench.held_back_asp(SHARED, 3, 1)
    assert asp == bench.held_back_asp(SHARED, 3, 1)
    keys = [key for key, _ in bench._asp_instances(SHARED)]
    assert len(keys) == 400
    tuned = {key for k in range(1, 17) for key in random.Random(80).sample(keys, k)}
    xcsp = [key for key, _ in bench.xcsp22(SHARED)]
    assert len(xcsp) == 8 and set(xcsp) <= set(keys)   # the XCSP set is ASP instances
    picked = [key for key, _ in asp]
    assert sorted(int(k.split(".")[0]) for k in picked) == [28] * 3 + [48] * 3 + [50] * 3 + \
        [56] * 3
    assert not (tuned | set(xcsp) | {"28.1449787798"}) & set(picked)
    held_xcsp = [key for key, _ in bench.held_back_xcsp(SHARED)]
    assert held_xcsp and not (tuned | {"28.1449787798"}) & set(held_xcsp)
    assert set(held_xcsp) == set(xcsp) - tuned - {"28.1449787798"}
