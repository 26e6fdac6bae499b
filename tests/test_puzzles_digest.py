"""The behaviour guard of the puzzle wing (issue 48): the explanations (every step's words
in English, Japanese and Korean, the grades, the solutions) of the 480 community levels,
the 407 official daily levels and the k-star puzz.link puzzles, and the puzzles ``make``
makes for seeds 1-5 at 8, 15 and 25 (and two-star 10 x 10, completion 8 x 8), are the same
as before the wing was rebuilt: ``tests/data/puzzle-digests.json`` holds their digests,
computed on the code before any move (``python tests/puzzle_digest.py`` prints them)."""

from __future__ import annotations

import json

import pytest

import puzzle_digest as d

from conftest import DATA

WANT = json.loads((DATA / "puzzle-digests.json").read_text())


def test_the_corpora_are_all_there():
    assert len(d.community_texts()) == 480
    daily = d.daily_texts()
    assert len(daily) == 407 and len(set(daily)) == 404  # three levels came back
    assert len(d.starbattle_texts()) == 6


def test_the_digest_sees_one_word_changed():
    from nqueens.puzzles import parse_puzzle

    line = d.explained(parse_puzzle(d.daily_texts()[0]))
    assert d.digest([line]) != d.digest([line.replace("Last square", "Last Square", 1)])
    assert "Last square" in line and "最後の1マス" in line and "마지막 칸" in line


def test_the_daily_levels_explain_as_before():
    assert d.texts_digest(d.daily_texts()) == WANT["daily"]


def test_the_star_battle_puzzles_explain_as_before():
    assert d.texts_digest(d.starbattle_texts()) == WANT["starbattle"]


@pytest.mark.slow
def test_the_community_levels_explain_as_before():
    assert d.texts_digest(d.community_texts()) == WANT["community"]


@pytest.mark.slow
@pytest.mark.parametrize("n", d.MADE_SIZES)
def test_make_makes_the_same_puzzles(n):
    assert d.digest(d.made_lines(n)) == WANT[f"made-{n}"]


@pytest.mark.slow
def test_make_makes_the_same_two_star_and_completion_puzzles():
    assert d.digest(d.made(10, s, stars=2) for s in d.MADE_SEEDS) == WANT["made-2-stars-10"]
    assert (d.digest(d.made(8, s, kind="completion") for s in d.MADE_SEEDS)
            == WANT["made-completion-8"])
