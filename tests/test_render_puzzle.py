"""Puzzle pictures and the play page, read back as data."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from nqueens.errors import InvalidBoardError, UnknownOptionError
from nqueens.puzzles import completion_puzzle, explain, make, parse_puzzle, step_text
from nqueens.render.puzzle_play import play_data, play_html
from nqueens.render.puzzle_svg import PALETTE, puzzle_svg, region_colors

NS = "{http://www.w3.org/2000/svg}"


def neighbours(p):
    n = p.n
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and p.regions[r][c] != p.regions[rr][cc]:
                    yield p.regions[r][c], p.regions[rr][cc]


@pytest.mark.parametrize("n", [5, 8, 9, 12])
def test_neighbouring_regions_get_different_palette_colours(n):
    for seed in range(4):
        p = make(n, seed=seed).puzzle
        colours = region_colors(p)
        assert set(colours) <= set(PALETTE)
        assert all(colours[a] != colours[b] for a, b in neighbours(p))
        if n <= len(PALETTE):
            assert len(set(colours)) == n  # few regions: every one its own colour


def test_svg_cells_letters_queens_and_crosses():
    m = make(7, seed=2)
    root = ET.fromstring(puzzle_svg(m.puzzle, solution=m.solution, crosses=[(0, 0), (6, 6)]))
    cells = root.findall(f".//{NS}rect[@class='cell']")
    assert len(cells) == 49
    fills = {c.get("data-region"): c.get("fill") for c in cells}
    assert len(fills) == 7
    letters = [t.text for t in root.findall(f".//{NS}text[@class='letter']")]
    assert sorted(set(letters)) == sorted(fills)
    queens = {(int(g.get("data-row")), int(g.get("data-col")))
              for g in root.findall(f".//{NS}g[@class='queen']")}
    assert queens == set(enumerate(m.solution))
    assert len(root.findall(f".//{NS}g[@class='cross']")) == 2
    assert puzzle_svg(m.puzzle) == puzzle_svg(m.puzzle)  # deterministic


def test_svg_rejects_a_bad_solution_or_cross():
    p = completion_puzzle(4)
    with pytest.raises(InvalidBoardError, match="its column"):
        puzzle_svg(p, solution=(0, 1))
    with pytest.raises(InvalidBoardError, match="off a board"):
        puzzle_svg(p, crosses=[(4, 0)])


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_play_page_carries_the_explainer_steps(lang):
    m = make(8, seed=4, logic_only=True)
    page = play_html(m.puzzle, lang=lang)
    payload = re.search(r'<script type="application/json" id="puzzle-data">(.*?)</script>',
                        page, re.S)
    assert payload is not None
    data = json.loads(payload.group(1))
    steps = [s for s in explain(m.puzzle).steps if s.rule != "given"]
    assert [d["text"] for d in data["steps"]] == [step_text(s, lang, m.puzzle) for s in steps]
    assert data["solution"] == [[r, c] for r, c in enumerate(m.solution)]
    assert data["stars"] == 1 and data["mark"] == "queen"
    assert data == json.loads(json.dumps(play_data(m.puzzle, lang=lang)))
    assert not re.search(r'(src|href)=', page)


def test_play_page_language_is_checked():
    with pytest.raises(UnknownOptionError, match="unknown language"):
        play_html(completion_puzzle(4), lang="fr")


def test_play_page_of_a_two_star_puzzle():
    from nqueens.puzzles.solution import first_violation

    rows = ["ABBBBBCDDD", "ABBCCCCCDD", "ABBCEECCCD", "AABEECCCDD", "AAFEGGGGGG",
            "AFFEEGGGGG", "FFHHEGGGGI", "FFHHEEIIJI", "FHHHJJIIJI", "FHHHJJJJJJ"]
    p = parse_puzzle("stars: 2\n" + "\n".join(rows) + "\n")
    data = play_data(p, lang="en")
    assert (data["stars"], data["mark"]) == (2, "star")
    assert data["labels"]["title"] == "10 x 10 Star Battle, 2 stars"
    assert data["labels"]["rules"].startswith("Place 2 stars in every row, column and region")
    assert data["labels"]["placed"] == "{k} of {n} stars placed"
    # hints only from a solution that obeys the two-star rules, and steps that agree with it
    if data["solution"] is not None:
        squares = sorted(tuple(sq) for sq in data["solution"])
        rows_of = tuple(tuple(c for r, c in squares if r == row) for row in range(10))
        assert first_violation(p, rows_of) is None
        assert all(tuple(s["place"]) in squares for s in data["steps"] if s["place"])
    else:
        assert data["steps"] == []
    page = play_html(p, lang="ko")
    assert "스타 배틀" in page and "https://" not in page
