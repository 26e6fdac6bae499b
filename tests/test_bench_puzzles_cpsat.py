"""benchmarks/bench_puzzles_cpsat.py's parts: the CP-SAT model counts what the corpus records,
the Star Battle builder's puzzles hold the placement they were grown around, and the plain
rule check rejects what breaks a rule. Skipped without ortools (the optional bench extra)."""

from __future__ import annotations

import json

import pytest

from nqueens.puzzles import count, region_puzzle

from conftest import load_benchmark

pytest.importorskip("ortools", reason="ortools (the bench extra) is not installed")
bench = load_benchmark("bench_puzzles_cpsat")


def test_cpsat_counts_what_the_community_levels_record():
    levels = [json.loads(line) for line in bench.corpus_path().open(encoding="utf-8")]
    small = [lv for lv in levels if lv["size"] <= 7][:12]
    assert len(small) == 12
    for lv in small:
        p = region_puzzle(lv["rows"])
        assert bench.cpsat_count(p) == lv["solutions"] == count(p).count, lv["id"]
        found = bench.cpsat_solve(p)
        assert (found is None) == (lv["solutions"] == 0)
        assert found is None or bench.obeys(p, found)


@pytest.mark.parametrize(("n", "k"), [(8, 2), (10, 2)])
def test_star_battle_puzzles_hold_their_placement(n, k):
    stars = bench.random_stars(n, k, seed=3)
    p = bench.star_battle(n, k, seed=3)
    assert p.stars == k and p.n == n
    placed = [list(sq) for sq in stars]
    assert bench.obeys(p, placed)
    assert bench.cpsat_count(p) >= 1
    # the plain check rejects a star moved one column over, and one star too many
    r, c = placed[0]
    moved = [[r, c + 1 if c + 1 < n else c - 1], *placed[1:]]
    assert not bench.obeys(p, moved)
    assert not bench.obeys(p, [*placed, [r, (c + n // 2) % n]])
