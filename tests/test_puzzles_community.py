"""The 480 community levels of an open-source Queens clone (tests/data/community-levels.jsonl,
MIT, see README-community-levels.md): read as players made them, regions in pieces included,
every count equals the one the game's own solver recorded."""

from __future__ import annotations

import json

from nqueens.puzzles import count, first_violation, parse_puzzle, solutions
from nqueens.puzzles.model import split_regions

from conftest import DATA

LEVELS = [json.loads(line) for line in
          (DATA / "community-levels.jsonl").read_text().splitlines() if line.strip()]


def test_the_corpus_is_all_there():
    assert len(LEVELS) == 480
    assert len({tuple(lv["rows"]) for lv in LEVELS}) == 480


def test_every_level_reads_by_default_and_counts_as_recorded():
    pieces = 0
    for level in LEVELS:
        p = parse_puzzle("\n".join(level["rows"]))
        assert p.n == level["size"] and p.stars == 1
        pieces += bool(split_regions(p))
        assert count(p).count == level["solutions"], level["id"]
    assert pieces == 127


def test_unique_levels_solve_to_a_checked_solution():
    for level in LEVELS:
        if level["solutions"] == 1:
            p = parse_puzzle("\n".join(level["rows"]))
            (only,) = solutions(p)
            assert first_violation(p, only) is None, level["id"]
