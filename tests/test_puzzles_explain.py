"""The explainer on real puzzles: every step sound against the exact solver, the players'
techniques, the grades of the docs, the texts in English, Japanese and Korean.

Real puzzles: the 395 community levels with one solution of the open-source Queens clone
samimsu/queens-game-linkedin (``tests/data/community-levels.jsonl``, a copy of
``shared/reference/puzzles/``, MIT licensed) and the games of the peer solver qsolve 1.1
(``tests/data/qsolve-games.jsonl``, each record naming its source file; MIT OR Apache-2.0),
among them the five of the "Queens logic puzzles" app that qsolve solves by logic alone;
and 2-star Star Battles from puzz.link links found in public code
(``tests/data/starbattle-puzzlink.jsonl``: each record's link, the regions it encodes and
where it was found).
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from itertools import combinations, pairwise
from pathlib import Path

import pytest

from nqueens.puzzles.exact import count, solve
from nqueens.puzzles.logic import (
    GRADES,
    RULES,
    Explanation,
    Solve,
    explain,
    step_text,
    summary_text,
)
from nqueens.puzzles.model import Puzzle, region_puzzle
from nqueens.puzzles.shapes import shape_name
from nqueens.puzzles.solution import first_violation
from nqueens.puzzles.techniques.mark_board import MarkBoard
from nqueens.puzzles.techniques.one_way import find_one_way

DATA = Path(__file__).parent / "data"
DOCS = Path(__file__).parent.parent / "docs" / "puzzles.md"

NEEDS_SEARCH: dict[int, str] = {}
"""Community levels (by id) the explainer cannot solve without search, and why; the same
list is in docs/puzzles.md. Empty: every unique level falls to logic."""


@cache
def community() -> tuple[tuple[int, Puzzle], ...]:
    """(id, puzzle) of every community level with exactly one recorded solution."""
    out = []
    for line in (DATA / "community-levels.jsonl").read_text().splitlines():
        level = json.loads(line)
        if level["solutions"] == 1:
            out.append((level["id"], region_puzzle(level["rows"], connected=False)))
    return tuple(out)


def qsolve_games() -> list[tuple[str, Puzzle]]:
    games = [json.loads(line) for line in (DATA / "qsolve-games.jsonl").read_text().splitlines()]
    return [(g["name"], region_puzzle(g["rows"], connected=False)) for g in games]


def solution_squares(p: Puzzle) -> set[tuple[int, int]]:
    cols = solve(p)
    assert cols is not None
    return set(enumerate(cols))


@cache
def explained(p: Puzzle) -> Explanation:
    """``explain(p)``, once per puzzle for the whole module (the corpus tests share it)."""
    return explain(p)


def assert_sound(p: Puzzle) -> Explanation:
    """Explain ``p`` (one solution) and check every step against the exact solution."""
    sol = solution_squares(p)
    e = explained(p)
    placed: set[tuple[int, int]] = set()
    for step in e.steps:
        assert step.rule != "stuck", (p, step)
        if step.place is not None:
            assert step.place in sol, (p.to_text(), step)
            placed.add(step.place)
        assert not set(step.removed) & sol, (p.to_text(), step)
        assert not set(step.removed) & placed, (p.to_text(), step)
    assert e.solution is not None and set(enumerate(e.solution)) == sol
    assert e.grade == max(s.grade for s in e.steps)
    return e


def test_a_sample_of_community_levels_is_explained_soundly():
    for _, p in community()[::12]:
        assert_sound(p)


@pytest.mark.slow
def test_every_unique_community_level_is_explained_soundly_and_by_logic_where_documented():
    search = set()
    for level, p in community():
        e = assert_sound(p)
        if not e.logic_only:
            search.add(level)
    assert search == set(NEEDS_SEARCH)


def corpus_grades() -> dict[str, int]:
    grades = dict.fromkeys(GRADES, 0)
    for _, p in community():
        grades[explained(p).grade_name] += 1
    return grades


def docs_grades() -> dict[str, int]:
    """The grade table of docs/puzzles.md: ``| grade | name | levels | ...``."""
    text = DOCS.read_text()
    block = text.split("<!-- corpus grades -->")[1]
    rows = re.findall(r"^\| (\d) \| ([a-z]+) \| (\d+) \|", block, flags=re.M)
    return {name: int(levels) for _, name, levels in rows}


@pytest.mark.slow
def test_the_grade_table_in_the_docs_is_the_corpus_distribution():
    documented = docs_grades()
    assert sum(documented.values()) == len(community()) == 395
    assert documented == {g: n for g, n in corpus_grades().items() if g != "trivial"}


def test_the_docs_table_covers_every_grade_but_trivial():
    assert list(docs_grades()) == list(GRADES[1:])


@pytest.mark.parametrize(("name", "p"), qsolve_games(), ids=[n for n, _ in qsolve_games()])
def test_what_qsolve_solves_by_logic_ours_does_too(name, p):
    assert count(p).count == 1
    e = assert_sound(p)
    assert e.logic_only, name


def test_the_fiendish_app_puzzles_need_pairs_of_rows_or_columns_and_no_more():
    """qsolve 1.1 added pairs of lines to solve them; ours needs nothing harder either."""
    for name, p in qsolve_games():
        if name.startswith("queens-logic-puzzles-app"):
            e = explain(p)
            assert "pairs" in e.techniques and e.grade_name == "hard", name
            assert explain(p, max_grade=RULES["k-lines"]).solution is None


def test_shapes_are_named_as_players_name_them():
    assert shape_name(((0, 0), (0, 1))) == "2-square"
    assert shape_name(((4, 4), (5, 5))) == "2-square"
    assert shape_name(((1, 2), (2, 2), (3, 2))) == "3-in-a-line"
    assert shape_name(((0, 0), (1, 0), (1, 1))) == "L"
    assert shape_name(((0, 1), (1, 0), (1, 1))) == "L"
    assert shape_name(((0, 0), (0, 1), (0, 2), (1, 0))) == "L"
    assert shape_name(((0, 1), (1, 0), (1, 1), (2, 1))) == "T"
    assert shape_name(((0, 1), (0, 2), (1, 0), (1, 1))) == "Z"
    assert shape_name(((0, 0), (1, 0), (1, 1), (2, 1))) == "Z"
    assert shape_name(((0, 0), (0, 1), (1, 0), (1, 1))) == "block"
    assert shape_name(((0, 0), (0, 2))) == ""
    assert shape_name(((0, 0), (0, 1), (0, 2), (0, 3))) == ""


def test_a_shape_step_attacks_every_square_left_in_its_unit():
    """Replay the steps: the crossed-out squares touch or attack the unit's squares left."""
    seen = 0
    for _, p in community()[::20]:
        e = explain(p)
        n = p.n
        open_ = {(r, c) for r in range(n) for c in range(n)}
        for step in e.steps:
            if step.rule == "shape":
                family, i = step.lines[0]
                left = {(r, c) for r, c in open_ if
                        (family == "row" and r == i) or (family == "col" and c == i)
                        or (family == "region" and p.regions[r][c] == i)}
                for x in step.removed:
                    assert all(attacks(p, x, s) for s in left), (step, left)
                if step.shape:
                    assert shape_name(tuple(sorted(left))) == step.shape
                seen += 1
            if step.place is not None:
                open_ = {s for s in open_ if s != step.place and not attacks(p, step.place, s)}
            open_ -= set(step.removed)
    assert seen > 10


def attacks(p: Puzzle, a: tuple[int, int], b: tuple[int, int]) -> bool:
    (r1, c1), (r2, c2) = a, b
    return (r1 == r2 or c1 == c2 or p.regions[r1][c1] == p.regions[r2][c2]
            or (abs(r1 - r2) <= 1 and abs(c1 - c2) <= 1))


def test_grades_follow_the_techniques_players_find_harder():
    """An easy puzzle needs only last squares and confined regions; the grade is the
    hardest step, and capping the grade below it leaves the puzzle unsolved."""
    for _, p in community()[::15]:
        e = explain(p)
        used = set(e.techniques)
        if e.grade_name == "easy":
            assert used <= {"single", "confined"}
        if e.grade >= RULES["k-lines"]:
            assert explain(p, max_grade=e.grade - 1).solution is None
        assert explain(p, max_grade=e.grade).solution == e.solution


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_technique_is_narrated_in_each_language(lang):
    by_rule = {}
    puzzles = [p for _, p in qsolve_games()] + [p for _, p in community()[::9]]
    for p in puzzles:
        for s in explain(p).steps:
            by_rule.setdefault((s.rule, s.shape == "deep", bool(s.chain)), (s, p))
    assert {rule for rule, _, _ in by_rule} >= {"single", "confined", "k-lines", "shape",
                                                "pairs", "lookahead"}
    for s, p in by_rule.values():
        text = step_text(s, lang, p)
        assert "{" not in text and "None" not in text and text.endswith((".", "。"))
        shown = s.place if s.place is not None else s.removed[0]
        r, c = shown
        assert (f"({r + 1},{c + 1})" if lang == "ja" else f"<{r + 1},{c + 1}>") in text
    e = explain(puzzles[0])
    word = {"en": "Difficulty", "ja": "難易度", "ko": "난이도"}[lang]
    assert word in summary_text(e, lang)


# --- k stars (Star Battle) ---------------------------------------------------------------


def brute_stars(p: Puzzle) -> list[tuple[tuple[int, ...], ...]]:
    """Every k-star solution by plain backtracking, row by row: k columns a row, none
    adjacent, none touching the row above, at most k per column and region."""
    n, k = p.n, p.stars
    rows = [c for c in combinations(range(n), k) if all(b - a > 1 for a, b in pairwise(c))]
    out: list[tuple[tuple[int, ...], ...]] = []

    def go(r: int, placed: list[tuple[int, ...]], cols: list[int], regs: list[int]) -> None:
        if r == n:
            if all(x == k for x in cols) and all(x == k for x in regs):
                out.append(tuple(placed))
            return
        for row in rows:
            if placed and any(abs(a - b) <= 1 for a in row for b in placed[-1]):
                continue
            if any(cols[c] == k or regs[p.regions[r][c]] == k for c in row):
                continue
            for c in row:
                cols[c] += 1
                regs[p.regions[r][c]] += 1
            if all(k - x <= (n - r - 1) * k for x in cols):
                placed.append(row)
                go(r + 1, placed, cols, regs)
                placed.pop()
            for c in row:
                cols[c] -= 1
                regs[p.regions[r][c]] -= 1

    go(0, [], [0] * n, [0] * n)
    return out


def planted_star_puzzle(n: int, k: int, seed: int) -> Puzzle:
    """Regions (in pieces) around a random k-star placement: each region gets k of its
    stars, every other square a random region; so the placement is a solution."""
    rng = random.Random(seed)
    options = [c for c in combinations(range(n), k) if all(b - a > 1 for a, b in pairwise(c))]

    def place(placed: list[tuple[int, ...]], cols: list[int]) -> bool:
        """A random k-star placement, by backtracking over shuffled rows."""
        r = len(placed)
        if r == n:
            return True
        for row in rng.sample(options, len(options)):
            if placed and any(abs(a - b) <= 1 for a in row for b in placed[-1]):
                continue
            if any(cols[c] == k for c in row):
                continue
            for c in row:
                cols[c] += 1
            if all(k - x <= (n - r - 1) * k for x in cols):
                placed.append(row)
                if place(placed, cols):
                    return True
                placed.pop()
            for c in row:
                cols[c] -= 1
        return False

    placed: list[tuple[int, ...]] = []
    assert place(placed, [0] * n)
    stars = [(r, c) for r, row in enumerate(placed) for c in row]
    rng.shuffle(stars)
    grid = [[-1] * n for _ in range(n)]
    for i, (r, c) in enumerate(stars):
        grid[r][c] = i // k
    for r in range(n):
        for c in range(n):
            if grid[r][c] < 0:  # a neighbour's region mostly, so regions look like regions
                near = [grid[r + dr][c + dc] for dr, dc in ((-1, 0), (0, -1), (1, 0), (0, 1))
                        if 0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] >= 0]
                grid[r][c] = rng.choice(near) if near and rng.random() < 0.9 else \
                    rng.randrange(n)
    return region_puzzle(grid, stars=k)


def star_squares_of(sol: tuple[tuple[int, ...], ...]) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(sol) for c in row}


@pytest.mark.parametrize(("n", "seeds"), [(8, range(6)),
                                           pytest.param(9, range(3), marks=pytest.mark.slow)])
def test_every_k_star_step_is_sound_against_brute_force(n, seeds):
    for seed in seeds:
        p = planted_star_puzzle(n, 2, seed)
        sols = [star_squares_of(s) for s in brute_stars(p)]
        assert sols
        e = explain(p)
        placed: set[tuple[int, int]] = set()
        removed: set[tuple[int, int]] = set()
        for step in e.steps:
            live = [s for s in sols if placed <= s and not s & removed]
            assert step.rule != "stuck" and live
            if step.place is not None:
                if step.rule == "search":  # a guess: the solutions with it live on
                    assert any(step.place in s for s in live)
                    live = [s for s in live if step.place in s]
                else:
                    assert all(step.place in s for s in live), (p.to_text(), step)
                placed.add(step.place)
            for sq in step.removed:
                assert all(sq not in s for s in live), (p.to_text(), step)
            removed |= set(step.removed)
        assert e.solution is not None and star_squares_of(e.solution) in sols
        if e.logic_only:
            assert len(sols) == 1


def test_a_solve_taken_grade_by_grade_is_the_explanation():
    """The generator asks each board for the cheap techniques, then goes on with harder
    ones: the steps, the grade and the solution are those of one explain() from scratch,
    on real one-star levels, planted two-star puzzles and completion puzzles."""
    from nqueens.puzzles.model import completion_puzzle

    puzzles = [p for _, p in community()[::7]] + [planted_star_puzzle(8, 2, s) for s in range(4)]
    puzzles.append(completion_puzzle(8, [(0, 0), (1, 4)]))
    grades_seen = set()
    for p in puzzles:
        whole = explain(p)
        solve = Solve(p)
        for grade in (1, 2, 3, 4, 5):
            done = solve.advance(grade)
            if done:
                break
        e = solve.explanation()
        assert (e.steps, e.grade, e.solution) == (whole.steps, whole.grade, whole.solution)
        assert done == (whole.solution is not None)
        grades_seen.add(whole.grade)
    assert {1, 2, 3} <= grades_seen  # solves that stop and go on, not only easy ones


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_k_star_steps_speak_of_stars(lang):
    p = planted_star_puzzle(8, 2, 1)
    e = explain(p)
    texts = [step_text(s, lang, p) for s in e.steps]
    star = {"en": "star", "ja": "星", "ko": "별"}[lang]
    queen = {"en": "queen", "ja": "クイーン", "ko": "퀸"}[lang]
    assert all(queen not in t for t in texts)
    assert any(star in t for t in texts)
    summary = summary_text(e, lang)
    assert "16" in summary and star in summary


def starbattles() -> list[tuple[str, Puzzle]]:
    games = [json.loads(line) for line in
             (DATA / "starbattle-puzzlink.jsonl").read_text().splitlines()]
    return [(g["name"], region_puzzle(g["rows"], stars=g["stars"])) for g in games]


@pytest.mark.parametrize(("name", "p"), [
    pytest.param(n, p, id=n, marks=[pytest.mark.slow] if n == "2557_letters" else [])
    for n, p in starbattles()])  # 2557_letters needs the slow contradictions through shapes
def test_real_two_star_battles_are_solved_by_logic(name, p):
    """Every placement is checked by the model's own rule checker, independent of the
    explainer; the steps never cross out a square of that solution."""
    e = explain(p)
    assert e.logic_only, name
    assert first_violation(p, e.solution) is None
    sol = star_squares_of(e.solution)
    assert len(sol) == 2 * p.n
    for step in e.steps:
        assert not set(step.removed) & sol
    assert e.grade_name in ("medium", "hard", "expert")


def test_explain_json_names_the_techniques_used(tmp_path):
    from conftest import run_cli

    name, p = next((n, p) for n, p in qsolve_games() if n.endswith("app-1"))
    path = tmp_path / f"{name}.txt"
    path.write_text(p.to_text())
    j = json.loads(run_cli("puzzle", "explain", str(path), "--json").out)
    assert j["techniques"] == list(explain(p).techniques)
    assert "pairs" in j["techniques"] and j["grade_name"] == "hard"
    assert [s["rule"] for s in j["steps"]] == [s.rule for s in explain(p).steps]


def test_explain_json_gives_a_k_star_solution_row_by_row_as_solve_does(tmp_path):
    """Each row's columns, 1-based (it once failed with a traceback on k stars)."""
    from conftest import run_cli

    name, p = starbattles()[0]
    path = tmp_path / f"{name}.txt"
    path.write_text(p.to_text())
    j = json.loads(run_cli("puzzle", "explain", str(path), "--json").out)
    rows = [[c + 1 for c in row] for row in explain(p).solution]
    assert j["solution"] == rows == json.loads(run_cli("puzzle", "solve", str(path),
                                                       "--json").out)["solution"]
    assert all(len(row) == p.stars == 2 for row in rows)


def test_the_linkedin_daily_puzzles_grade_easy_or_medium():
    """qsolve's LinkedIn Queens #1 (and its archive copy): a daily puzzle, made for all."""
    daily = [p for n, p in qsolve_games() if n in ("linkedin-1-empty", "queensgame-1")]
    assert len(daily) == 2
    for p in daily:
        assert explain(p).grade_name in ("easy", "medium")


def unit_ways(b, u) -> list[int]:
    """Every way the stars unit ``u`` still needs fit on its squares left, none touching,
    by plain enumeration of subsets (each a bit mask)."""
    squares = [i for i in range(b.n * b.n) if (b.cand & b.mask(u)) >> i & 1]

    def apart(x: int, y: int) -> bool:
        return max(abs(x // b.n - y // b.n), abs(x % b.n - y % b.n)) > 1

    return [sum(1 << i for i in chosen) for chosen in combinations(squares, b.need[u])
            if all(apart(x, y) for x, y in combinations(chosen, 2))]



@pytest.mark.parametrize("seed", range(12))
def test_only_one_way_places_a_star_exactly_where_a_unit_has_one_way_left(seed):
    """On a 3-star board with squares struck at random, only one way fires on the first
    unit (in the board's order) whose stars fit one way only and places that way's first
    star; it does not fire when no unit has one way."""
    rng = random.Random(seed)
    b = MarkBoard(planted_star_puzzle(12, 3, seed))
    for i in range(b.n * b.n):
        if rng.random() < 0.5:
            b.cand &= ~(1 << i)
    ways = {u: unit_ways(b, u) for u in b.open_units() if b.need[u] > 1}
    one = [u for u, w in ways.items() if len(w) == 1]
    step = find_one_way(b)
    if not one:
        assert step is None
        return
    assert step is not None and step.rule == "one-way" and step.units == (one[0],)
    r, c = step.place
    way = ways[one[0]][0]
    assert r * b.n + c == (way & -way).bit_length() - 1


def test_some_struck_boards_have_one_way_and_some_do_not():
    """The test above sees both cases (so it can fail either way)."""
    fired = set()
    for seed in range(12):
        rng = random.Random(seed)
        b = MarkBoard(planted_star_puzzle(12, 3, seed))
        for i in range(b.n * b.n):
            if rng.random() < 0.5:
                b.cand &= ~(1 << i)
        fired.add(find_one_way(b) is not None)
    assert fired == {True, False}


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_an_easy_three_star_puzzle_is_solved_by_the_easy_techniques_and_narrated(lang):
    from nqueens.puzzles.generate import make

    m = make(12, stars=3, grade="easy", seed=1)
    e = explain(m.puzzle)
    assert e.grade_name == "easy" and "one-way" in e.techniques
    assert set(e.techniques) <= {r for r, g in RULES.items() if g == RULES["single"]}
    assert count(m.puzzle).count == 1 and star_squares_of(e.solution) == star_squares_of(
        m.solution)
    name = {"en": "Only one way", "ja": "置き方が1通り", "ko": "놓는 방법이 하나뿐"}[lang]
    texts = [step_text(s, lang, m.puzzle) for s in e.steps if s.rule == "one-way"]
    assert texts and all(t.startswith(name) for t in texts)
