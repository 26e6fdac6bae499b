"""2x2 blocks (the Star Battle counting technique): sound against brute force on every board
state an explanation passes through, used on real 2-star puzzles, narrated in each language.

Soundness is checked against every solution of small 2-star puzzles, enumerated by the
plain backtracking of ``test_puzzles_explain.brute_stars`` (independent of the explainer):
a 2x2 blocks step may place only a star that every solution still consistent with the
board has, and cross out only squares that none has.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import ClassVar

import pytest

from nqueens.puzzles import ladder
from nqueens.puzzles.logic import explain, step_text
from nqueens.puzzles.model import region_puzzle
from nqueens.puzzles.rules import RegionRules
from nqueens.puzzles.techniques.blocks import find_blocks
from nqueens.puzzles.techniques.mark_board import MarkBoard
from test_puzzles_explain import brute_stars, planted_star_puzzle, star_squares_of

DATA = Path(__file__).parent / "data"


def board_states(p):
    """The board before each step of ``explain(p)``, rebuilt from the steps."""
    b = MarkBoard(p)
    for step in explain(p).steps:
        yield b.copy()
        if step.place is not None:
            b.place(step.place[0] * p.n + step.place[1], "replay")
        else:
            b.remove(sum(1 << (r * p.n + c) for r, c in step.removed), "replay")


@cache
def states(seed):
    """The 8 x 8 planted puzzle of ``seed`` and its board states (shared by the tests;
    every use works on copies)."""
    p = planted_star_puzzle(8, 2, seed)
    return p, tuple(board_states(p))


def check_sound(b, step, sols):
    live = [s for s in sols
            if all(b.stars >> (r * b.n + c) & 1 == 0 or (r, c) in s
                   for r in range(b.n) for c in range(b.n))
            and all(b.cand >> (r * b.n + c) & 1 or b.stars >> (r * b.n + c) & 1
                    for r, c in s)]
    assert live
    if step.place is not None:
        assert all(step.place in s for s in live), step
    for sq in step.removed:
        assert all(sq not in s for s in live), step


def test_every_blocks_step_on_every_state_is_sound_against_brute_force():
    """Not only the steps the explainer takes: both forms tried on every board state of
    eight small puzzles, and every kind of conclusion among them (a star placed, squares
    crossed out around a block, a unit filled by blocks, regions taken out of a band)."""
    forms = set()
    for seed in range(8):
        p, boards = states(seed)
        sols = [star_squares_of(s) for s in brute_stars(p)]
        for b in boards:
            for hard in (False, True):
                step = find_blocks(b.copy(), hard=hard)
                if step is None:
                    continue
                assert step.rule == "blocks" and set(step.used) <= set(step.blocks)
                check_sound(b, step, sols)
                forms.add("place" if step.place else "fill" if step.filled else "clear")
                if step.units:
                    forms.add("taken")
    assert forms == {"place", "fill", "clear", "taken"}


def test_the_technique_fires_on_most_small_two_star_puzzles():
    fired = sum("blocks" in explain(planted_star_puzzle(8, 2, s)).techniques for s in range(12))
    assert fired >= 3


def test_a_band_with_more_blocks_than_stars_gives_nothing():
    """Rows of one region each: every band of two rows needs 4 stars and its 10 squares
    a row fit in 5 blocks; nothing follows until squares are gone."""
    rows = [chr(65 + i) * 10 for i in range(10)]
    assert find_blocks(MarkBoard(region_puzzle(rows, stars=2)), hard=False) is None


def test_a_region_inside_a_band_is_taken_out():
    """Rows 1-2 need 4 stars; region B (inside them) needs 2, so region A's 3 columns hold
    the other 2, one in each of 2 blocks: a star in column 2 would empty the block of
    column 3, so column 2 is crossed out, and column 4 (region B) as well."""
    rows = ["AAABBBBBBB", "AAABBBBBBB", *[chr(67 + i) * 10 for i in range(8)]]
    b = MarkBoard(region_puzzle(rows, stars=2))
    assert find_blocks(b.copy(), hard=False) is None  # the medium form takes nothing out
    s = find_blocks(b, hard=True)
    assert s.units == (("region", 1),) and s.grade_name == "hard"
    assert set(s.removed) == {(0, 1), (1, 1), (0, 3), (1, 3)}


def test_no_blocks_where_the_rules_let_two_stars_share_a_block():
    """Every puzzle kind today forbids two stars in a 2x2 block (`Rules.one_a_block`); a
    board under a rules variant without the touching rule gets no step."""

    @dataclass(frozen=True)
    class Untouching(RegionRules):
        touching: ClassVar[bool] = False

    assert RegionRules(2).one_a_block and not Untouching(2).one_a_block
    p = planted_star_puzzle(8, 2, 0)
    states = [b for b in board_states(p) if find_blocks(b.copy(), hard=True) is not None]
    assert states
    b = states[0]
    b.rules = Untouching(2)
    assert find_blocks(b, hard=True) is None


def starbattle(name):
    for line in (DATA / "starbattle-puzzlink.jsonl").read_text().splitlines():
        g = json.loads(line)
        if g["name"] == name:
            return region_puzzle(g["rows"], stars=g["stars"])
    raise KeyError(name)


def test_blocks_make_a_real_star_battle_hard_instead_of_expert(monkeypatch):
    """puzz.link's starbattle-2 needs 2x2 blocks: without them only a long contradiction
    gets through (expert)."""
    p = starbattle("starbattle-2")
    e = explain(p)
    assert "blocks" in e.techniques and e.grade_name == "hard" and e.logic_only
    kept = [r for r in ladder.LADDER if r.technique.name != "blocks"]
    monkeypatch.setattr(ladder, "LADDER", kept)
    assert explain(p).grade_name == "expert"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_kind_of_blocks_step_is_narrated_in_each_language(lang):
    seen = {}
    for seed in range(8):
        p, boards = states(seed)
        for b in boards:
            s = find_blocks(b.copy(), hard=True)
            if s is not None:
                kind = "place" if s.place else "fill" if s.filled else "clear"
                seen.setdefault((kind, bool(s.units)), (s, p))
    assert {kind for kind, _ in seen} == {"place", "fill", "clear"}
    word = {"en": "2x2 blocks", "ja": "2×2ブロック", "ko": "2×2 블록"}[lang]
    for s, p in seen.values():
        text = step_text(s, lang, p)
        assert text.startswith(word) and "{" not in text and "None" not in text
        assert text.endswith((".", "。")), text
        shown = s.place if s.place is not None else s.removed[0]
        r, c = shown
        assert (f"({r + 1},{c + 1})" if lang == "ja" else f"<{r + 1},{c + 1}>") in text
        assert str(len(s.blocks)) in text
        if s.filled is not None:  # the unit the blocks fill is named
            letter = "ABCDEFGH"[s.filled[1]]
            assert s.filled[0] != "region" or letter in text


@pytest.mark.parametrize(("k", "seed"), [(2, 1), (2, 2), (1, 3)])
def test_the_squares_a_star_takes_are_those_board_after_takes(k, seed):
    """blocks._cleared_by (each square: the stars that would take it) against
    MarkBoard.after, square by square, on every state of an explanation."""
    from nqueens.puzzles.techniques.blocks import _cleared_by

    for b in board_states(planted_star_puzzle(8, k, seed)):
        by = _cleared_by(b)
        for i in _open_bits(b):
            left, _ = b.after(i)
            for c in _open_bits(b):
                assert bool(by[c] >> i & 1) == (c == i or not left >> c & 1)


def _open_bits(b):
    return [i for i in range(b.n * b.n) if b.cand >> i & 1]
