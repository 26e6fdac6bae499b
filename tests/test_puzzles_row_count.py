"""Counting k-star region puzzles row by row (nqueens.puzzles.row_count) against oracles.

Every count is checked against python-sat enumerating the models of the tests' own CNF
(``test_puzzles_stars.rules_cnf``: pysat.card's sequential counters under CaDiCaL, sharing
no code with the package), against the slow oracle of tests/naive.py on small boards, against
the plain compiled search, and against recorded counts of real puzzles: the 480 community
levels (one star), the puzz.link 2-star puzzles of tests/data, and the real 15 x 15 3-star
puzzle of ../shared/reference/starbattle/urls.tsv (where shared/ is beside the checkout).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nqueens.puzzles import count, exact, region_puzzle, row_count, sat
from nqueens.puzzles.model import Puzzle
from test_puzzles_stars import grown_regions, sat_count, scattered_regions

from naive import naive_star_count, star_battle_solutions

pytest.importorskip("pysat", reason="python-sat (the sat extra) is not installed")

DATA = Path(__file__).resolve().parent / "data"
ROOT = Path(__file__).resolve().parents[1]
URLS = next((p for p in (ROOT.parent / "shared", Path("/work/shared"))
             if (p / "reference/starbattle/urls.tsv").exists()), ROOT) / \
    "reference/starbattle/urls.tsv"


def plain_count(p: Puzzle) -> int:
    """The compiled most-constrained-first search, counting (no row programme)."""
    found = 0
    for meta, _ in exact._run(p, 0, 0):
        found = int(meta[1])
    return found


def directions(p: Puzzle) -> list[int | None]:
    """The count of each of the four directions run alone (None: it gave up)."""
    grid = [list(row) for row in p.regions]
    across = [list(col) for col in zip(*grid, strict=True)]
    out = []
    for g in (grid, grid[::-1], across, across[::-1]):
        *_, last = row_count._layers(g, p.stars)
        out.append(last[0] if isinstance(last, list) else None)
    return out


def random_boards(seed: int, many: int, sizes) -> list[tuple[list[list[int]], int]]:
    rng = random.Random(seed)
    out = [(grown_regions(rng, n, k), k) for n, k in (sizes[i % len(sizes)]
                                                     for i in range(many))]
    while True:  # regions in many pieces, each of at least 3 squares
        grid = scattered_regions(rng, 12)
        if min(sum(row.count(g) for row in grid) for g in range(12)) >= 3:
            out.append((grid, 3))
            return out


@pytest.mark.parametrize(("grid", "k"), random_boards(4701, 6, ((12, 3), (13, 3))))
def test_row_counts_match_an_independent_sat_count_and_the_plain_search(grid, k):
    p = region_puzzle(grid, stars=k)
    got = row_count.count_rows(p)
    assert got == sat_count(grid, k, limit=5000)
    assert got == plain_count(p)
    assert {d for d in directions(p) if d is not None} == {got}  # each direction alone


@pytest.mark.parametrize(("n", "k", "seed"), [(8, 2, 1), (8, 2, 2), (9, 2, 3), (9, 2, 4)])
def test_row_counts_match_the_naive_oracle(n, k, seed):
    grid = grown_regions(random.Random(seed), n, k)
    got = row_count.count_rows(region_puzzle(grid, stars=k))
    assert got == len(star_battle_solutions(grid, k))
    if n <= 8:
        assert got == naive_star_count(grid, k)


def test_the_community_levels_count_as_recorded():
    """480 real one-star levels: the programme runs with k = 1 too, and every count is the
    level's recorded count."""
    levels = [json.loads(line) for line in
              (DATA / "community-levels.jsonl").read_text().splitlines() if line.strip()]
    assert len(levels) == 480
    for level in levels[::8]:
        p = region_puzzle(level["rows"])
        assert row_count.count_rows(p) == level["solutions"], level["rows"]


def test_the_puzzlink_two_star_puzzles_have_one_solution():
    records = [json.loads(line) for line in
               (DATA / "starbattle-puzzlink.jsonl").read_text().splitlines() if line.strip()]
    assert records
    for rec in records:
        p = region_puzzle(rec["rows"], stars=rec["stars"])
        assert row_count.count_rows(p) == 1 == plain_count(p), rec["name"]
        assert sat_count([list(r) for r in p.regions], p.stars, limit=3) == 1


def test_norvigs_two_star_puzzles_count_one_and_solve_as_his_notebook_says():
    """The two 10 x 10 two-star puzzles of Norvig's pytudes notebook (in shared/), each
    with the solution the notebook printed (squares r * 10 + c)."""
    path = URLS.parent / "norvig-pytudes-starbattle.json"
    if not path.exists():
        pytest.skip("../shared/reference/starbattle is not beside the checkout")
    from nqueens.puzzles import solve

    boards = [b for b in json.loads(path.read_text())["puzzles"] if b["solution"]]
    assert len(boards) == 2
    for b in boards:
        ids: dict[str, int] = {}  # each region's character, numbered as first met
        grid = [[ids.setdefault(ch, len(ids)) for ch in line.split(" ")]
                for line in b["picture"]]
        p = region_puzzle(grid, stars=b["stars"])
        assert row_count.count_rows(p) == 1, b["name"]
        assert sat_count([list(r) for r in p.regions], p.stars, limit=3) == 1
        stars = solve(p)
        assert sorted(r * p.n + c for r, cols in enumerate(stars) for c in cols) == \
            b["solution"]


@pytest.mark.slow
def test_the_real_three_star_puzzle_has_one_solution():
    if not URLS.exists():
        pytest.skip("../shared/reference/starbattle/urls.tsv is not beside the checkout")
    from nqueens.puzzles.io.pzprjs import read_url

    rows = [line.split("\t") for line in URLS.read_text().splitlines()[1:] if line]
    urls = [r[0] for r in rows if r[1] == "3"]
    assert urls
    for url in urls:
        p = read_url(url).puzzle
        assert p.stars == 3
        assert row_count.count_rows(p) == 1
        assert {d for d in directions(p) if d is not None} == {1}  # (one may give up)
        if sat.available():
            assert sat_count([list(r) for r in p.regions], 3, limit=5) == 1


@pytest.mark.slow
@pytest.mark.parametrize(("grid", "k"), random_boards(4702, 8, ((13, 3), (14, 3), (16, 4))))
def test_more_row_counts_match_an_independent_sat_count(grid, k):
    p = region_puzzle(grid, stars=k)
    got = row_count.count_rows(p)
    want = sat_count(grid, k, limit=20_000)
    assert want < 20_000
    assert got == want


def test_count_runs_rows_past_the_sat_cap_and_bounded_counts_agree(monkeypatch):
    """Through the public count: past the SAT enumeration's cap (or with no SAT) the row
    programme counts; counts "up to K" from 48 on come from it and agree with streaming."""
    rng = random.Random(9)
    for _ in range(40):
        grid = grown_regions(rng, 14, 3)
        want = sat_count(grid, 3, limit=600)
        if 60 <= want < 600:
            break
    else:
        pytest.fail("no 14 x 14 board with 60 to 599 solutions in 40 tries")
    p = region_puzzle(grid, stars=3)
    calls = []
    real = row_count.count_rows
    monkeypatch.setattr(row_count, "count_rows", lambda q, *rest: calls.append(q) or real(q, *rest))
    assert count(p).count == want and count(p).exact
    assert calls  # the row programme gave it
    assert count(p, limit=want).count == want and count(p, limit=want).exact
    assert count(p, limit=want - 1).count == want and not count(p, limit=want - 1).exact
    assert count(p, limit=48).count == 49 and not count(p, limit=48).exact
    monkeypatch.setattr(exact, "ROW_COUNT", False)
    assert count(p, limit=want - 1).count == want  # streaming says the same


def test_a_programme_that_outgrows_its_table_gives_way_to_the_search(monkeypatch):
    grid = grown_regions(random.Random(3), 12, 3)
    p = region_puzzle(grid, stars=3)
    want = plain_count(p)
    monkeypatch.setattr(row_count, "MAX_SLOTS", 1 << 10)
    assert row_count.count_rows(p) is None  # every direction gave up
    monkeypatch.setattr(sat, "COUNT_CAP", 0)
    assert count(p).count == want


def test_small_slices_give_the_same_count(monkeypatch):
    """The programme returns to Python every `SLICE_CHILDREN` children (Ctrl-C lands
    there): many small slices, one count."""
    grid = grown_regions(random.Random(11), 12, 3)
    p = region_puzzle(grid, stars=3)
    want = row_count.count_rows(p)
    monkeypatch.setattr(row_count, "SLICE_CHILDREN", 7)
    steps = sum(1 for _ in row_count._layers([list(r) for r in p.regions], 3))
    assert steps > 12 + 10  # more slices than rows
    assert row_count.count_rows(p) == want == plain_count(p)


def test_no_solution_counts_zero():
    grid = [[0] * 12 for _ in range(12)]
    for r in range(1, 12):
        grid[r][11] = r  # regions 1..11 are single squares: none can hold 3 stars
    p = region_puzzle(grid, stars=3)
    assert row_count.count_rows(p) == 0 == plain_count(p)


def test_the_row_count_reports_progress_and_meets_a_deadline(monkeypatch):
    """The row counter checks its limits after every slice: progress grows, and a deadline
    that has passed ends it with SearchTimeout, not a count."""
    from nqueens._limits import limits
    from nqueens.errors import SearchTimeout

    monkeypatch.setattr(row_count, "SLICE_CHILDREN", 64)  # many slices on a small board
    grid, k = random_boards(4702, 1, ((13, 3),))[0]
    p = region_puzzle(grid, stars=k)
    seen: list[int] = []
    got = row_count.count_rows(p, limits(None, lambda nodes, _s: seen.append(nodes)))
    assert got == row_count.count_rows(p) and len(seen) > 2
    assert seen == sorted(seen) and seen[-1] > seen[0]
    with pytest.raises(SearchTimeout):
        row_count.count_rows(p, limits(1e-9, None))
