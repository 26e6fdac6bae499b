"""Puzzles against brute force: the model and format, solve/count, the explainer, the generator.

The oracle here is written apart from the package: it tries every permutation of columns and
checks every pair of queens with its own rule test, so it shares no code with the compiled
search, the model's checker or the completion solver.
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens.puzzles import (
    Puzzle,
    PuzzleCount,
    PuzzleFormatError,
    completion_puzzle,
    count,
    explain,
    first_violation,
    is_unique,
    make,
    parse_puzzle,
    region_puzzle,
    solutions,
    solve,
)
from nqueens.puzzles.generate import random_regions
from nqueens.puzzles.logic import GRADES, RULES
from nqueens.puzzles.model import split_regions

# --- the oracle --------------------------------------------------------------------------


def breaks_rules(p: Puzzle, a: tuple[int, int], b: tuple[int, int]) -> bool:
    (r1, c1), (r2, c2) = a, b
    same_region = bool(p.regions) and p.regions[r1][c1] == p.regions[r2][c2]
    touch = p.kind == "regions" and max(abs(r1 - r2), abs(c1 - c2)) == 1
    diagonal = (p.kind == "completion" or p.diagonals) and abs(r1 - r2) == abs(c1 - c2)
    return r1 == r2 or c1 == c2 or same_region or touch or diagonal


def brute(p: Puzzle) -> list[tuple[int, ...]]:
    """Every solution, lexicographic, by checking all n! permutations pair by pair."""
    out = []
    blocked = set(p.blocked)
    for perm in permutations(range(p.n)):
        squares = list(enumerate(perm))
        if any(sq in blocked for sq in squares):
            continue
        if any(perm[r] != c for r, c in p.givens):
            continue
        if any(breaks_rules(p, squares[i], squares[j])
               for i in range(p.n) for j in range(i + 1, p.n)):
            continue
        out.append(perm)
    return out


def random_region_puzzle(rng: random.Random, n: int, *, diagonals: bool, connected: bool
                         ) -> Puzzle:
    if connected:
        seeds = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
        grid = random_regions(n, rng, seeds)
    else:
        while True:
            grid = [[rng.randrange(n) for _ in range(n)] for _ in range(n)]
            if len({v for row in grid for v in row}) == n:
                break
    return region_puzzle(grid, diagonals=diagonals, connected=connected)


def random_completion_puzzle(rng: random.Random, n: int) -> Puzzle:
    givens: list[tuple[int, int]] = []
    for _ in range(rng.randrange(0, n // 2 + 1)):
        sq = (rng.randrange(n), rng.randrange(n))
        if all(not breaks_rules(completion_puzzle(n), sq, g) and sq != g for g in givens):
            givens.append(sq)
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in givens]
    blocked = rng.sample(free, rng.randrange(0, n + 1))
    return completion_puzzle(n, givens, blocked=blocked)


def small_puzzles(count_each: int = 12, seed: int = 2024) -> list[Puzzle]:
    """Random puzzles, n <= 7, of every kind and rule variant."""
    rng = random.Random(seed)
    out = []
    for n in range(1, 8):
        for _ in range(count_each):
            out.append(random_region_puzzle(rng, n, diagonals=False, connected=True))
            out.append(random_region_puzzle(rng, n, diagonals=True, connected=True))
            out.append(random_region_puzzle(rng, n, diagonals=rng.random() < 0.5,
                                            connected=False))
            out.append(random_completion_puzzle(rng, n))
    return out


PUZZLES = small_puzzles()
BRUTE = {p: brute(p) for p in PUZZLES}


def test_the_sample_has_every_variant_and_both_verdicts():
    kinds = {(p.kind, p.diagonals, p.connected) for p in PUZZLES}
    assert len(kinds) == 5
    assert sum(1 for s in BRUTE.values() if not s) > 20
    assert sum(1 for s in BRUTE.values() if len(s) == 1) > 20
    assert sum(1 for s in BRUTE.values() if len(s) > 1) > 20


# --- solve and count ---------------------------------------------------------------------


def test_solutions_and_counts_match_brute_force():
    for p in PUZZLES:
        want = BRUTE[p]
        assert sorted(solutions(p)) == want, p
        c = count(p)
        assert (c.count, c.exact) == (len(want), True)
        first = solve(p)
        assert (first is None) == (not want)
        assert first is None or first in want
        assert is_unique(p) == (len(want) == 1)


@pytest.mark.parametrize("limit", [0, 1, 2, 5])
def test_capped_counts_say_more_than_k(limit):
    for p in PUZZLES:
        total = len(BRUTE[p])
        c = count(p, limit=limit)
        if total > limit:
            assert (c.count, c.exact, str(c)) == (limit + 1, False, f"more than {limit}")
        else:
            assert (c.count, c.exact, str(c)) == (total, True, str(total))


def test_every_solution_passes_the_model_checker_and_others_fail():
    rng = random.Random(5)
    for p in PUZZLES[::5]:
        for s in BRUTE[p]:
            assert first_violation(p, s) is None
        for _ in range(20):
            perm = tuple(rng.sample(range(p.n), p.n))
            assert (first_violation(p, perm) is None) == (perm in BRUTE[p])


def test_region_count_slices_do_not_change_the_answer(monkeypatch):
    from nqueens.puzzles import exact as solve_module

    monkeypatch.setattr(solve_module, "REGION_SLICE_NODES", 3)
    for p in PUZZLES[::3]:
        assert sorted(solutions(p, batch=1)) == BRUTE[p]


def test_a_larger_region_puzzle_agrees_with_an_independent_counter():
    # 9 x 9 region puzzles: brute force over 9! permutations is too slow here, so compare
    # with a plain Python row-by-row backtracking written in this test.
    rng = random.Random(9)
    for diagonals in (False, True):
        for _ in range(3):
            p = random_region_puzzle(rng, 9, diagonals=diagonals, connected=True)
            assert count(p).count == backtrack_count(p)


def backtrack_count(p: Puzzle) -> int:
    def go(row: int, placed: list[tuple[int, int]]) -> int:
        if row == p.n:
            return 1
        total = 0
        for c in range(p.n):
            if all(not breaks_rules(p, (row, c), q) for q in placed):
                total += go(row + 1, [*placed, (row, c)])
        return total

    return go(0, [])


# --- the explainer -----------------------------------------------------------------------


def consistent(sols, queens, removed):
    return [s for s in sols
            if all(s[r] == c for r, c in queens) and all(s[r] != c for r, c in removed)]


def test_every_explainer_step_is_sound():
    for p in PUZZLES:
        sols = BRUTE[p]
        e = explain(p)
        queens: list[tuple[int, int]] = []
        removed: set[tuple[int, int]] = set(p.blocked)
        for step in e.steps:
            live = consistent(sols, queens, removed)
            if step.rule == "stuck":
                assert not live
                break
            if step.place is not None:
                r, c = step.place
                if step.rule == "search":  # a search places a queen of some live solution
                    assert any(s[r] == c for s in live)
                    live = [s for s in live if s[r] == c]
                else:  # a logical placement is forced: every live solution has it
                    assert all(s[r] == c for s in live)
                queens.append(step.place)
            for r, c in step.removed:  # no square of a live solution is ever removed
                assert all(s[r] != c for s in live), (p, step)
            removed |= set(step.removed)
        if sols:
            assert e.solution in sols
            assert e.grade == max(s.grade for s in e.steps)
        else:
            assert e.solution is None


def test_the_explainer_uses_every_rule_somewhere():
    used = {s.rule for p in PUZZLES for s in explain(p).steps}
    assert used >= {"given", "single", "confined", "k-lines", "shape", "search", "stuck"}


def test_logic_only_explanations_never_search():
    for p in PUZZLES:
        e = explain(p, max_grade=RULES["search"] - 1)
        assert all(s.rule != "search" for s in e.steps)
        if e.solution is not None:
            assert e.solution in BRUTE[p] and len(BRUTE[p]) == 1


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_step_is_narrated_in_each_language(lang):
    from nqueens.puzzles.logic import step_text, summary_text

    for p in PUZZLES[::4]:
        e = explain(p)
        texts = [step_text(s, lang, p) for s in e.steps]
        assert all(texts) and len(set(texts)) >= len(texts) // 2
        for s, text in zip(e.steps, texts, strict=True):
            if s.place is not None:
                r, c = s.place
                assert (f"({r + 1},{c + 1})" if lang == "ja" else f"<{r + 1},{c + 1}>") in text
        if any(s.rule == "search" for s in e.steps):
            word = {"en": "search", "ja": "探索", "ko": "탐색"}[lang]
            assert any(word in t for t in texts)
        assert summary_text(e, lang)


# --- the generator -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["regions", "completion"])
@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_made_puzzles_are_unique_by_brute_force(kind, n):
    for seed in range(3):
        m = make(n, kind=kind, seed=seed)
        assert brute(m.puzzle) == [m.solution]
        assert split_regions(m.puzzle) == []  # make grows connected regions
        assert make(n, kind=kind, seed=seed) == m  # reproducible


@pytest.mark.parametrize("n", [5, 6, 7])
def test_made_logic_only_and_diagonal_puzzles(n):
    for seed in range(3):
        m = make(n, seed=seed, logic_only=True, diagonals=(seed == 1))
        assert brute(m.puzzle) == [m.solution]
        e = explain(m.puzzle)
        assert e.logic_only and e.grade == m.grade < RULES["search"]
        assert m.puzzle.diagonals == (seed == 1)


def test_made_completion_givens_are_irreducible():
    for n, seed in [(5, 0), (6, 1), (7, 2), (7, 3)]:
        p = make(n, kind="completion", seed=seed).puzzle
        for g in p.givens:
            fewer = completion_puzzle(n, [x for x in p.givens if x != g])
            assert len(brute(fewer)) > 1


def test_a_grade_is_made_exactly_when_asked():
    for grade in ("easy", "medium"):
        m = make(7, seed=3, grade=grade)
        assert GRADES[explain(m.puzzle).grade] == grade == m.grade_name


def test_a_made_10_by_10_region_puzzle_is_unique_by_an_independent_count():
    m = make(10, seed=11, logic_only=True)
    assert backtrack_count(m.puzzle) == 1
    assert first_violation(m.puzzle, m.solution) is None


def test_make_rejects_impossible_requests():
    from nqueens.errors import NQueensError

    for kwargs in ({"n": 3}, {"n": 2}, {"n": 0}, {"n": 6, "kind": "sudoku"},
                   {"n": 6, "grade": "impossible"}, {"n": 6, "grade": 5, "logic_only": True}):
        with pytest.raises(NQueensError):
            make(**kwargs)


# --- the text format ---------------------------------------------------------------------


def test_format_round_trips_on_the_sample():
    for p in PUZZLES:
        text = p.to_text()
        assert parse_puzzle(text) == p
        assert parse_puzzle(text).to_text() == text


@given(st.integers(1, 9), st.integers(0, 2**32), st.booleans(), st.booleans())
def test_format_round_trips(n, seed, diagonals, connected):
    rng = random.Random(seed)
    p = random_region_puzzle(rng, n, diagonals=diagonals, connected=connected)
    assert parse_puzzle(p.to_text()) == p
    c = random_completion_puzzle(rng, n)
    assert parse_puzzle(c.to_text()) == c


def test_parse_accepts_comments_spaces_and_a_guessed_kind():
    p = parse_puzzle("# a comment\n\n A A B \nA C B\nC C B\n")
    assert p == parse_puzzle("kind: regions\nAAB\nACB\nCCB\n")
    assert parse_puzzle("Q...\n...Q\n....\nx...").kind == "completion"


BAD = [
    ("AAB\nAB\nCCB", "line 2 has 2 squares, line 1 has 3"),
    ("AAB\nACB", "a puzzle grid is square"),
    ("AAB\nACB\nCDB", "needs 3 regions, found 4"),
    ("AAA\nAAA\nAAA", "needs 3 regions, found 1"),
    ("rules: connected\nABA\nBBB\nCCC", "region A is in 2 separate pieces"),
    ("rules: connected disconnected\nAB\nAB", "contradict each other"),
    ("stars: 2\nAABB\nAABB\nCCDD\nCCDD", "2 stars per row cannot fit on a 4 x 4 board"),
    ("stars: 0\nAB\nAB", "stars must be an integer >= 1"),
    ("stars: two\nAB\nAB", "stars must be a whole number"),
    ("stars: 99999999999999999999\nAB\nAB", "cannot fit"),
    ("kind: completion\nstars: 2\n....\n....\n....\n....", "apply to region puzzles only"),
    ("kind: completion\nQ..\n.Q.\n...", "given queens at <1,1> and <2,2> share a diagonal"),
    ("kind: completion\nQ.Q\n...\n...", "share a row"),
    ("kind: completion\nQ.?\n...\n...", "'?' is not Q, . or x"),
    ("kind: regions\nAA!\nBBB\nCCC", "'!' is not a region letter"),
    ("kind: sudoku\nAB\nAB", "unknown kind 'sudoku'"),
    ("rules: sideways\nAB\nAB", "unknown rule 'sideways'"),
    ("colour: red\nAB\nAB", "unknown setting 'colour'"),
    ("kind: completion\nrules: diagonals\n..\n..", "rules apply to region puzzles only"),
    ("AB\nkind: regions\nAB", "after the grid began"),
    ("# only a comment\n", "no grid found"),
]


@pytest.mark.parametrize(("text", "fragment"), BAD)
def test_malformed_text_is_one_clear_error(text, fragment):
    with pytest.raises(PuzzleFormatError) as info:
        parse_puzzle(text)
    message = str(info.value)
    assert fragment in message and "\n" not in message


def test_regions_in_pieces_are_valid_by_default_and_old_files_still_read():
    p = parse_puzzle("ABA\nBBB\nCCC")
    assert not p.connected and split_regions(p) == [0] and parse_puzzle(p.to_text()) == p
    assert parse_puzzle("rules: disconnected\nABA\nBBB\nCCC") == p
    q = parse_puzzle("rules: connected\nAAB\nACB\nCCB")
    assert q.connected and "rules: connected" in q.to_text() and parse_puzzle(q.to_text()) == q
    assert q.to_json()["rules"] == {"diagonals": False, "connected": True}


def test_api_errors():
    with pytest.raises(PuzzleFormatError, match="both a given queen and blocked"):
        completion_puzzle(4, [(0, 1)], blocked=[(0, 1)])
    with pytest.raises(PuzzleFormatError, match="off a board of size 4"):
        completion_puzzle(4, [(4, 1)])
    with pytest.raises(PuzzleFormatError, match="at most 62 rows"):
        completion_puzzle(63)
    with pytest.raises(ValueError, match="limit"):
        count(completion_puzzle(4), limit=-1)


def test_korean_particles_follow_the_square_read_aloud():
    """<3,7> is read 칠 (a final consonant): 을, not 를; <3,2> (이) takes 를."""
    from nqueens.puzzles.logic import Step, step_text
    from nqueens.puzzles.model import completion_puzzle

    p = completion_puzzle(8)
    for col, particle in [(7, "을"), (2, "를"), (10 - 2, "을"), (4, "를"), (6, "을")]:
        look = Step("lookahead", removed=((2, col - 1),), lines=(("row", 4),))
        assert step_text(look, "ko", p).endswith(f"<3,{col}>{particle} 지운다.")
    row = (("row", 2),)
    confined = Step("confined", removed=((2, 1), (2, 6)), units=(("col", 0),), lines=row)
    assert step_text(confined, "ko", p).endswith("<3,2>, <3,7>을 지운다.")
    many = Step("confined", removed=tuple((2, c) for c in range(9)), units=row, lines=row)
    assert step_text(many, "ko", completion_puzzle(10)).endswith("<3,8> 등을 지운다.")


def test_japanese_explanations_clear_squares_in_good_japanese():
    from nqueens.puzzles.logic import Step, step_text, summary_text
    from nqueens.puzzles.model import completion_puzzle

    p = completion_puzzle(5)
    s = Step("single", place=(2, 4), removed=((2, 3), (1, 3)), units=(("row", 2),))
    assert step_text(s, "ja", p).endswith("。2マスに置けなくなる。")
    e = explain(completion_puzzle(4, [(0, 1)]))
    assert summary_text(e, "ja").endswith(f"(5段階中{e.grade})。")


# --- k stars: the model ------------------------------------------------------------------

TWO_STAR = ["AAAAABBBBB", "AAAAABBBBB", "CCCCCDDDDD", "CCCCCDDDDD", "EEEEEFFFFF",
            "EEEEEFFFFF", "GGGGGHHHHH", "GGGGGHHHHH", "IIIIIJJJJJ", "IIIIIJJJJJ"]


def test_stars_round_trip_through_text_and_json():
    p = region_puzzle(TWO_STAR, stars=2)
    text = p.to_text()
    assert text.startswith("kind: regions\nstars: 2\n")
    assert parse_puzzle(text) == p and p.stars == 2
    assert p.to_json()["stars"] == 2
    assert "stars" not in region_puzzle(["AAB", "ACB", "CCB"]).to_text()


def test_star_counts_fit_exactly_where_two_by_two_blocks_allow():
    """k > 1 stars are accepted iff k n stars fit without touching: at most one per 2 x 2
    block, a bound every-other-row-and-column squares reach."""
    for n in range(1, 13):
        room = len([(r, c) for r in range(0, n, 2) for c in range(0, n, 2)])
        for k in range(2, 5):
            grid = [[r] * n for r in range(n)]
            if k * n <= room:
                assert region_puzzle(grid, stars=k).stars == k
            else:
                with pytest.raises(PuzzleFormatError, match="cannot fit"):
                    region_puzzle(grid, stars=k)
    for bad in (0, -1, 1.0, True, None, "2"):
        with pytest.raises(PuzzleFormatError, match="stars must be an integer"):
            region_puzzle(TWO_STAR, stars=bad)


def test_first_violation_checks_k_stars_per_unit_and_touching():
    p = region_puzzle(TWO_STAR, stars=2)
    # found by a separate search and checked by eye: 2 per row, column and region, none touch
    good = ((0, 2), (5, 7), (0, 3), (5, 8), (1, 3), (6, 8), (1, 4), (6, 9), (2, 4), (7, 9))
    assert first_violation(p, good) is None
    assert first_violation(p, [list(reversed(row)) for row in good]) is None
    assert first_violation(p, ((0,), *good[1:])) == "row 1 has 1 star; each row has 2"
    assert first_violation(p, ((0, 1), *good[1:])) == "column 2 has 3 stars; each column has 2"
    swapped = ((5, 7), (0, 2), *good[2:])
    assert first_violation(p, swapped) == "stars at <2,1> and <3,1> touch"
    assert first_violation(p, good[:-1]).startswith("a solution has 2 stars in each")
    assert first_violation(region_puzzle(["AAB", "ACB", "CCB"]), ((0,), (2,), (1,))) == (
        "queens at <2,3> and <3,2> touch")


@pytest.mark.parametrize("names", ["letters", "numbers", "big numbers", "bools"])
def test_an_unchecked_board_is_numbered_as_a_checked_one(names):
    """made_region_puzzle numbers small numbers as bytes and other names as a dict: both
    number regions in reading order of first appearance, as region_puzzle does."""
    from nqueens.puzzles.model import made_region_puzzle

    rng = random.Random(len(names))
    for _ in range(200):
        n = rng.randint(2, 9)
        pool = {"letters": list("ABCDEFGHIJ"), "numbers": list(range(256)),
                "big numbers": list(range(1000, 1300)), "bools": [True, False]}[names]
        if len(pool) < n:
            n = len(pool)
        label = rng.sample(pool, n)
        grid = [[rng.randrange(n) for _ in range(n)] for _ in range(n)]
        if len({g for row in grid for g in row}) < n:
            with pytest.raises(ValueError):
                made_region_puzzle([[label[g] for g in row] for row in grid])
            continue
        first = {}
        for g in (g for row in grid for g in row):
            first.setdefault(g, len(first))
        made = made_region_puzzle([[label[g] for g in row] for row in grid])
        assert made.regions == tuple(tuple(first[g] for g in row) for row in grid)


def test_completion_puzzles_are_checked_once_at_the_face(monkeypatch):
    """A completion puzzle was checked when made: solving, counting and making one do not
    run the completion API's checks of its givens again (issue 48), and agree with them."""
    import nqueens.completion as completion

    calls = []
    checked = completion._validate

    def counted(*args, **kwargs):
        calls.append(args[0])
        return checked(*args, **kwargs)

    monkeypatch.setattr(completion, "_validate", counted)
    made = make(6, kind="completion", seed=1)
    p = completion_puzzle(8, [(0, 0)], blocked=[(1, 4)])
    found = (count(p), count(p, limit=1), is_unique(made.puzzle), solve(p), list(solutions(p)))
    assert calls == []
    assert found[0] == PuzzleCount(completion.count_completions(8, [(0, 0)], blocked=[(1, 4)]),
                                   True) == PuzzleCount(3, True)
    assert found[1] == PuzzleCount(2, False) and found[2]
    assert [tuple(s.placement) for s in completion.completions(8, [(0, 0)],
                                                                blocked=[(1, 4)])] == found[4]
    assert found[3] == found[4][0] and calls == [8, 8]  # the public face still checks
