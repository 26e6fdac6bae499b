"""The Star Battle portfolio (k >= 3 stars by Gluecard, nqueens.puzzles.sat) against oracles.

Every count here is checked against python-sat enumerating the models of an independent CNF
built in the tests (``test_puzzles_stars.rules_cnf``: pysat.card's sequential counters under
CaDiCaL, sharing no code with the package), and against the plain compiled search
(``exact.PORTFOLIO = False``) where that finishes. Solutions are checked by the rules
(``first_violation``). Skipped without python-sat (the optional sat extra).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from nqueens.puzzles import (
    count,
    exact,
    first_violation,
    is_unique,
    parse_puzzle,
    region_puzzle,
    sat,
    solutions,
    solve,
)
from test_puzzles_stars import grown_regions, rules_cnf, sat_count, scattered_regions

pytest.importorskip("pysat", reason="python-sat (the sat extra) is not installed")

DATA = Path(__file__).resolve().parents[1] / "benchmarks" / "data"


def sat_count_diagonals(grid: list[list[int]], k: int, *, limit: int) -> int:
    """The independent count with the diagonal rule: one clause per pair of squares on a
    shared diagonal, added to the tests' own CNF."""
    from pysat.solvers import Solver

    x, clauses = rules_cnf(grid, k)
    n = len(grid)
    cells = [(r, c) for r in range(n) for c in range(n)]
    for i, (r1, c1) in enumerate(cells):
        for r2, c2 in cells[i + 1:]:
            if abs(r1 - r2) == abs(c1 - c2):
                clauses.append([-x[r1][c1], -x[r2][c2]])
    squares = [v for row in x for v in row]
    found = 0
    with Solver(name="cadical153", bootstrap_with=clauses) as s:
        while found < limit and s.solve():
            model = set(s.get_model())
            found += 1
            s.add_clause([-v if v in model else v for v in squares])
    return found


def check(p, want: int, limit: int) -> None:
    """Our count, bounded count, uniqueness and solution against ``want`` (the independent
    count, which stopped at ``limit``)."""
    got = count(p)
    if want < limit:
        assert got.count == want and got.exact
    else:
        assert got.count >= limit
    assert count(p, limit=1).count == min(want, 2)
    assert is_unique(p) == (want == 1)
    found = solve(p)
    assert (found is None) == (want == 0)
    if found is not None:
        assert first_violation(p, found) is None


def boards(seed: int, many: int) -> list[tuple[list[list[int]], int]]:
    rng = random.Random(seed)
    out = []
    for i in range(many):
        n, k = ((12, 3), (13, 3), (14, 3), (16, 4))[i % 4]
        out.append((grown_regions(rng, n, k), k))
    out.append((scattered_regions(rng, 12), 3))  # regions in many pieces: mostly none
    return out


@pytest.mark.parametrize(("grid", "k"), boards(47, 6))
def test_k_star_counts_match_an_independent_sat_count(grid, k):
    assert sat.available()
    p = region_puzzle(grid, stars=k)
    limit = 60
    want = sat_count(grid, k, limit=limit)
    check(p, want, limit)
    if want < limit:  # past the SAT enumeration's cap the plain search counted: agree
        exact.PORTFOLIO = False
        try:
            assert count(p).count == want
        finally:
            exact.PORTFOLIO = True


@pytest.mark.slow
@pytest.mark.parametrize(("grid", "k"), boards(4747, 24))
def test_more_k_star_counts_match_an_independent_sat_count(grid, k):
    p = region_puzzle(grid, stars=k)
    want = sat_count(grid, k, limit=200)
    check(p, want, 200)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_diagonal_rule_is_kept_with_three_stars(seed):
    grid = grown_regions(random.Random(seed), 14, 3)
    p = region_puzzle(grid, stars=3, diagonals=True)
    want = sat_count_diagonals(grid, 3, limit=30)
    check(p, want, 30)


def test_counts_past_the_cap_go_to_the_plain_search(monkeypatch):
    """A board with more solutions than the SAT enumeration's cap: counted exactly (the
    plain search takes over), and capped counts below and above the cap agree."""
    rng = random.Random(9)
    for _ in range(40):
        grid = grown_regions(rng, 14, 3)
        want = sat_count(grid, 3, limit=500)
        if 3 <= want < 500:
            break
    else:
        pytest.fail("no 14 x 14 board with 3 to 499 solutions in 40 tries")
    p = region_puzzle(grid, stars=3)
    monkeypatch.setattr(sat, "COUNT_CAP", 2)
    assert count(p).count == want
    assert count(p, limit=1).count == 2 and not count(p, limit=1).exact
    assert count(p, limit=want).count == want and count(p, limit=want).exact
    assert len(list(solutions(p))) == want


def test_without_python_sat_the_plain_search_answers(monkeypatch):
    """python-sat absent (its import fails): ``available`` says so, and the plain search
    gives the same answers."""
    grid = grown_regions(random.Random(5), 12, 3)
    want = sat_count(grid, 3, limit=60)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    sat.available.cache_clear()
    try:
        assert not sat.available()
        p = region_puzzle(grid, stars=3)
        check(p, want, 60)
    finally:
        monkeypatch.undo()
        sat.available.cache_clear()
    assert sat.available()


def test_the_formula_forbids_what_the_rules_forbid():
    """Our formula under a plain SAT solver: the blocks' variables aside, its models are
    exactly the solutions (a 12 x 12 3-star board with a few, enumerated both ways)."""
    from pysat.solvers import Solver

    grid = grown_regions(random.Random(12), 12, 3)
    p = region_puzzle(grid, stars=3)
    clauses, atmost = sat.formula(p)
    models = set()
    with Solver(name="minicard", bootstrap_with=clauses) as s:
        for lits, bound in atmost:
            s.add_atmost(lits, bound)
        while s.solve():
            stars = tuple(v - 1 for v in s.get_model()[:144] if v > 0)
            models.add(stars)
            s.add_clause([-(v + 1) for v in stars])
    theirs = {tuple(sorted(r * 12 + c for r, row in enumerate(sol) for c in row))
              for sol in solutions(p)}
    assert models == theirs and len(models) == sat_count(grid, 3, limit=100)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["stars-21_1", "stars-21_3", "stars-25_1"])
def test_made_big_boards_have_one_solution_as_an_independent_sat_count_says(name):
    """``nqueens puzzle make 21 --stars 5`` and ``25 --stars 6`` (benchmarks/data): one
    solution each, by our portfolio and by the tests' own CNF."""
    p = parse_puzzle((DATA / f"{name}.txt").read_text(encoding="utf-8"))
    grid = [list(row) for row in p.regions]
    assert sat_count(grid, p.stars, limit=3) == 1
    check(p, 1, 3)


def test_the_puzzlink_k_star_vectors_keep_their_known_answers():
    """The puzz.link puzzles of tests/data (2 stars: the plain search) and the real 15 x 15
    3-star one (the portfolio): one solution each, as the sources and python-sat say."""
    from nqueens.puzzles.io.pzprjs import read_url

    path = Path(__file__).resolve().parent / "data" / "starbattle-puzzlink.jsonl"
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    url = ("https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1"
           "go2h84a4802gt5hah8la6046hc9aign1ga18424a42h8")
    puzzles = [read_url(rec["url"]).puzzle for rec in records] + [read_url(url).puzzle]
    assert any(p.stars >= sat.MIN_STARS for p in puzzles)
    for p in puzzles:
        want = sat_count([list(row) for row in p.regions], p.stars, limit=3)
        assert want == 1
        check(p, 1, 3)
