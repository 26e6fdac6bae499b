"""``hint`` and ``check`` from a player's state: sound hints on the community levels, mistakes
named, pzprjs's answer checks, and the commands' bad input."""

from __future__ import annotations

import json
import random
from itertools import islice
from pathlib import Path
from urllib.parse import quote

import pytest

from nqueens.puzzles.check import check_state, state_text
from nqueens.puzzles.exact import solutions
from nqueens.puzzles.hint import hint
from nqueens.puzzles.io import read_source
from nqueens.puzzles.model import region_puzzle

from conftest import assert_bad_input, run_cli

DATA = Path(__file__).parent / "data"
FAILCHECK = Path(__file__).parent / "data" / "pzprjs-starbattle-failcheck.tsv"
LEVELS = [json.loads(line) for line in (DATA / "community-levels.jsonl").open()]


def agreeing(regions, stars, crosses, cap=100_000):
    """Every one-star solution (a column per row) with queens on ``stars`` and none on
    ``crosses``: row by row, one queen per row, columns and regions used once, no queen
    touching the one above. Independent of the library's search."""
    n = len(regions)
    star_row = {r: c for r, c in stars}
    crossed = set(crosses)
    out: list[tuple[int, ...]] = []
    if len(star_row) < len(set(stars)):
        return out  # two queens in one row

    def go(r, cols, used_c, used_g):
        if len(out) >= cap:
            return
        if r == n:
            out.append(tuple(cols))
            return
        choices = [star_row[r]] if r in star_row else range(n)
        for c in choices:
            g = regions[r][c]
            if c in used_c or g in used_g or (r, c) in crossed:
                continue
            if r and abs(cols[-1] - c) <= 1:
                continue
            go(r + 1, [*cols, c], used_c | {c}, used_g | {g})

    go(0, [], frozenset(), frozenset())
    return out


def rows_of(n, stars, crosses):
    grid = [["."] * n for _ in range(n)]
    for r, c in crosses:
        grid[r][c] = "x"
    for r, c in stars:
        grid[r][c] = "Q"
    return tuple("".join(row) for row in grid)


def random_state(rng, level):
    p = region_puzzle(level["rows"])
    n = p.n
    sols = list(islice(solutions(p), 50))  # where the state comes from; checked independently
    s = rng.choice(sols)
    on = {(r, c) for r, c in enumerate(s)}
    stars = sorted(rng.sample(sorted(on), rng.randrange(n)))
    rate = rng.random() * 0.6
    crosses = sorted(sq for sq in ((r, c) for r in range(n) for c in range(n))
                     if sq not in on and rng.random() < rate)
    return p, stars, crosses


@pytest.mark.slow
def test_200_hints_from_random_states_are_sound_and_mistakes_are_named():
    rng = random.Random(53)
    kinds: dict[str, int] = {}
    mistakes = 0
    for _ in range(200):
        p, stars, crosses = random_state(rng, rng.choice(LEVELS))
        n = p.n
        left = agreeing(p.regions, stars, crosses)
        assert left  # drawn from a solution: at least that one agrees
        h = hint(p, rows_of(n, stars, crosses))
        kinds[h.kind] = kinds.get(h.kind, 0) + 1
        assert h.kind in ("step", "open", "stalled", "done"), (h, p, stars, crosses)
        if h.kind == "step":
            step = h.step
            assert step.place is not None or step.removed
            if step.place is not None:
                assert all(s[step.place[0]] == step.place[1] for s in left)
            for r, c in step.removed:
                assert all(s[r] != c for s in left), (step, stars, crosses)
            assert h.text
        if h.kind == "open":
            assert len(left) >= 2
        # a mistake: a queen no agreeing solution has, or a cross on a square all need
        forced = [(r, c) for r, c in enumerate(left[0])
                  if all(s[r] == c for s in left) and (r, c) not in stars]
        free = [(r, c) for r in range(n) for c in range(n)
                if (r, c) not in stars and (r, c) not in crosses
                and all(s[r] != c for s in left)]
        if len(left) >= 100_000:
            continue  # not every agreeing solution listed: no mistake is made from it
        if rng.random() < 0.5 and forced:
            bad_stars, bad_crosses = stars, sorted([*crosses, rng.choice(forced)])
        elif free:
            bad_stars, bad_crosses = sorted([*stars, rng.choice(free)]), crosses
        else:
            continue
        assert not agreeing(p.regions, bad_stars, bad_crosses, cap=1)
        mistakes += 1
        h = hint(p, rows_of(n, bad_stars, bad_crosses))
        assert h.kind in ("broken", "wrong-star", "wrong-cross", "dead-end"), h
        if h.kind == "broken":
            assert check_state(p, rows_of(n, bad_stars, bad_crosses)) == h.broken
            assert set(h.broken.squares) <= set(bad_stars)
        elif h.kind == "wrong-star":
            assert h.square in bad_stars
            assert agreeing(p.regions, [s for s in bad_stars if s != h.square], bad_crosses,
                            cap=1)
        elif h.kind == "wrong-cross":
            assert h.square in bad_crosses
            assert agreeing(p.regions, bad_stars, [s for s in bad_crosses if s != h.square],
                            cap=1)
    assert kinds.get("step", 0) >= 100 and mistakes >= 150, (kinds, mistakes)


def test_a_wrong_queen_of_a_unique_puzzle_is_named_without_the_solution():
    p = region_puzzle(next(d["rows"] for d in LEVELS if d["solutions"] == 1
                           and d["size"] == 7))
    (s,) = agreeing(p.regions, [], [])
    wrong = next((r, c) for r in range(7) for c in range(7) if s[r] != c
                 and r == 6)
    h = hint(p, rows_of(7, [wrong], []))
    assert h.kind in ("wrong-star", "broken")
    if h.kind == "wrong-star":
        assert h.square == wrong and h.text == (
            f"The queen at <{wrong[0] + 1},{wrong[1] + 1}> is not part of the solution.")
    ja = hint(p, rows_of(7, [wrong], []), lang="ja").text
    assert "クイーン" in ja


def failcheck_vectors():
    out = []
    for line in FAILCHECK.read_text().splitlines():
        if line.startswith("#"):
            continue
        code, body = line.split("\t")
        out.append((None if code == "null" else code, body))
    return out


@pytest.mark.parametrize(("code", "body"), failcheck_vectors())
def test_check_agrees_with_pzprjs_answer_checks(code, body):
    imp = read_source("https://puzz.link/p?" + quote(body, safe="/+"))
    broken = check_state(imp.puzzle, imp.progress, finished=True)
    assert (broken and broken.code) == code
    assert len(failcheck_vectors()) == 5


def test_check_on_partial_boards_names_the_rule_and_its_squares():
    p = region_puzzle(["AAB", "ACB", "CCB"])
    assert check_state(p, ("Q..", "...", "...")) is None  # partial: fine so far
    b = check_state(p, ("Q.Q", "...", "..."))
    assert (b.code, b.unit, b.squares) == ("lnStarGt", ("row", 0), ((0, 0), (0, 2)))
    b = check_state(p, ("...", "xxx", "..."))
    assert (b.code, b.unit) == ("lnStarLt", ("row", 1))
    b = check_state(p, ("x.x", "x.x", "xxx"))  # region B: its squares are all crossed
    assert (b.code, b.unit) == ("bkStarLt", ("region", 1))
    assert state_text(p, ("x.x", "x.x", "xxx"), b, "ko").startswith("B 영역")


def test_cli_check_and_hint(tmp_path):
    level = next(d for d in LEVELS if d["solutions"] == 1 and d["size"] == 8)
    p = region_puzzle(level["rows"])
    (s,) = agreeing(p.regions, [], [])
    f = tmp_path / "p.txt"
    board = rows_of(8, [(0, s[0])], [])
    f.write_text("\n".join(level["rows"]) + "\n\nstate:\n" + "\n".join(board) + "\n")
    r = run_cli("puzzle", "check", str(f))
    assert (r.code, r.err) == (0, "") and "No rule is broken (1 of 8 queens" in r.out
    r = run_cli("puzzle", "hint", str(f), "--json")
    data = json.loads(r.out)
    assert r.code == 0 and data["kind"] == "step" and data["text"]
    if data["place"] is not None:
        assert s[data["place"][0] - 1] == data["place"][1] - 1
    for rr, cc in data["removed"]:
        assert s[rr - 1] != cc - 1
    bad = rows_of(8, [(0, s[0]), (1, s[0])], [])
    f.write_text("\n".join(level["rows"]) + "\n\nstate:\n" + "\n".join(bad) + "\n")
    r = run_cli("puzzle", "check", str(f))
    assert (r.code == 1 and "column" in r.out.lower()) or "touch" in r.out
    solved = rows_of(8, [(i, c) for i, c in enumerate(s)], [])
    f.write_text("\n".join(level["rows"]) + "\n\nstate:\n" + "\n".join(solved) + "\n")
    r = run_cli("puzzle", "check", str(f), "--json")
    assert r.code == 0 and json.loads(r.out)["broken"] is None


@pytest.mark.parametrize(("args", "fragment"), [
    (["puzzle", "hint", "NOFILE"], "cannot read puzzle file 'NOFILE'"),
    (["puzzle", "hint", "-", "--lang", "fr"], "--lang 'fr'"),
    (["puzzle", "check", "-"], "the source is empty"),
])
def test_cli_bad_input_is_one_line(args, fragment):
    assert_bad_input(run_cli(*args, input=""), fragment)


def test_cli_bad_state_rows_are_one_line(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("AAB\nACB\nCCB\n\nstate:\nQ..\n.z.\n...\n")
    for action in ("check", "hint", "solve"):
        assert_bad_input(run_cli("puzzle", action, str(f)), "'z' is not Q")


QSOLVE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "puzzles" / "qsolve"
if not QSOLVE.exists():
    QSOLVE = Path("/work/shared/reference/puzzles/qsolve")
TWO_STAR = ["AAABBCDDDD", "BBBBBCCCCD", "BBEEEECCCD", "BEEEEEECCD", "BFFEEFFCCC",
            "BFFFFFFGGH", "BFFIIFFGGH", "JJJIIGGGGH", "JJJIIGGGGH", "JJJIIHHHHH"]


def test_qsolve_partial_state_is_read_by_every_command(tmp_path):
    source = QSOLVE / "partial-state.txt.in"
    if not source.exists():
        pytest.skip("the shared qsolve files are absent")
    imp = read_source(source.read_bytes())
    assert len(set(imp.puzzle.regions[3][5:6] + imp.puzzle.regions[2][5:6])) == 2  # W, w
    r = run_cli("puzzle", "solve", str(source))
    assert r.code == 0
    grid = r.out.splitlines()
    assert all(grid[r][c] == "Q" for r, row in enumerate(imp.progress)
               for c, ch in enumerate(row) if ch == "Q")
    cols = tuple(row.index("Q") for row in grid)
    assert cols in agreeing(imp.puzzle.regions, [], [])
    r = run_cli("puzzle", "import", str(source))
    assert "\nstate:\n...Q....\n" in r.out and read_source(r.out) == imp


def test_svg_keeps_the_state_and_import_reads_it_back(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("AAB\nACB\nCCB\n\nstate:\nQ..\n...\n.x.\n")
    svg = tmp_path / "p.svg"
    assert run_cli("puzzle", "svg", str(f), "-o", str(svg)).code == 0
    back = read_source(svg.read_bytes())
    assert back.puzzle == read_source(f.read_bytes()).puzzle
    assert back.progress == ("Q..", "...", ".x.")
    other = tmp_path / "other.svg"
    other.write_text('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')
    assert_bad_input(run_cli("puzzle", "import", str(other)), "did not draw")


def test_play_page_starts_from_the_state(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("\n".join(LEVELS[0]["rows"]) + "\n\nstate:\nQ.....\n" + "......\n" * 5)
    out = tmp_path / "p.html"
    assert run_cli("puzzle", "play", str(f), "-o", str(out)).code == 0
    page = out.read_text()
    data = json.loads(page.split('id="puzzle-data"', 1)[1].split(">", 1)[1]
                      .split("</script>", 1)[0])
    assert data["start"] == ["Q....."] + ["......"] * 5


def test_a_plain_grid_that_is_a_two_star_puzzle_is_refused_with_the_count(tmp_path):
    f = tmp_path / "two.txt"
    f.write_text("\n".join(TWO_STAR) + "\n")
    one = region_puzzle(TWO_STAR)
    from nqueens.puzzles.exact import count

    ones = count(one).count
    r = run_cli("puzzle", "import", str(f))
    assert_bad_input(r, f"has {ones} solutions as a 1-star puzzle and one as a 2-star "
                        "puzzle: add --stars 2")
    assert r.out == ""
    r = run_cli("puzzle", "import", str(f), "--stars", "2")
    assert r.code == 0 and "stars: 2" in r.out


def test_notebook_shows_made_and_explanation_as_html():
    from nqueens.puzzles import explain, make

    made = make(6, seed=3)
    html = made._repr_html_()
    assert "<svg" in html and "seed 3" in html and "Made(" not in html
    e = explain(made.puzzle)
    html = e._repr_html_()
    assert html.count("<li>") == len(e.steps) and "<svg" in html


def test_explain_within_a_budget_gives_the_same_steps():
    from nqueens.puzzles.budget import explain_within
    from nqueens.puzzles.logic import explain

    p = region_puzzle(LEVELS[1]["rows"])
    e, done = explain_within(p, 600)
    assert done and e.steps == explain(p).steps and e.solution == explain(p).solution


def test_play_and_hint_take_a_screenshot(tmp_path):
    shot = QSOLVE / "queensgame-1.png"
    if not shot.exists():
        pytest.skip("the shared qsolve screenshots are absent")
    pytest.importorskip("PIL")
    expected = read_source(shot.read_bytes())
    out = tmp_path / "today.html"
    r = run_cli("puzzle", "play", str(shot), "-o", str(out))
    assert r.code == 0, r.err
    data = json.loads(out.read_text().split('id="puzzle-data"', 1)[1].split(">", 1)[1]
                      .split("</script>", 1)[0])
    assert data["regions"] == expected.puzzle.to_json()["regions"]
    assert data["start"] == list(expected.progress or ())
    r = run_cli("puzzle", "hint", str(shot), "--json")
    want = hint(expected.puzzle, expected.progress)
    assert r.code == 0 and json.loads(r.out)["text"] == want.text


def test_explain_from_a_wrong_state_ends_at_the_dead_end():
    from nqueens.puzzles.budget import explain_within

    level = next(d for d in LEVELS if d["solutions"] == 1 and d["size"] == 8)
    p = region_puzzle(level["rows"])
    (s,) = agreeing(p.regions, [], [])
    wrong = (0, (s[0] + 4) % 8)
    e, done = explain_within(p, 600, start=([wrong], []))
    assert done and e.solution is None and e.steps[-1].rule == "stuck"
    assert not agreeing(p.regions, [wrong], [])


def test_a_hint_within_a_budget_is_the_hint_without_one():
    rng = random.Random(53)
    for level in rng.sample(LEVELS, 12):
        p, stars, crosses = random_state(rng, level)
        state = rows_of(p.n, stars, crosses)
        free, bounded = hint(p, state), hint(p, state, seconds=60.0)
        assert (bounded.kind, bounded.text) == (free.kind, free.text)


def test_a_step_past_its_budget_is_stopped_and_said(monkeypatch):
    """A step that never ends (as one of a 62 x 62 board can take minutes) is stopped at the
    budget: the hint says so, in the player's language, instead of running on."""
    from nqueens.puzzles import logic

    def endless(self, max_grade):
        while True:
            pass

    monkeypatch.setattr(logic.Solve, "next_step", endless)
    p = region_puzzle(LEVELS[0]["rows"])
    late = hint(p, None, seconds=0.3)
    assert late.kind == "late" and "0 s" not in late.text and "within" in late.text
    assert "秒以内" in hint(p, None, lang="ja", seconds=0.3).text


def test_cli_hint_on_a_large_board_says_its_budget_first(tmp_path):
    from nqueens.puzzles.model import region_puzzle as build

    n = 26  # regions are the rows: many solutions, a large board all the same
    (tmp_path / "big.txt").write_text(build([[r] * n for r in range(n)]).to_text())
    r = run_cli("puzzle", "hint", str(tmp_path / "big.txt"), "--seconds", "2")
    assert r.code == 0, r.err
    first = r.err.splitlines()[0]
    assert first.startswith("nqueens: a 26 x 26 board: looking for the next deduction for "
                            "at most 2 s"), r.err
    assert r.out.strip()


def test_a_cross_on_a_given_queen_changes_nothing():
    """A given queen stays where the puzzle puts it: a player's cross on its square is left
    out, so the hint and the agreeing solution are those of the board without it (it used
    to raise: 'both a given queen and blocked')."""
    from nqueens.puzzles.hint import agreeing_solution
    from nqueens.puzzles.model import completion_puzzle

    p = completion_puzzle(8, [(0, 0), (1, 4)])
    plain = ["Q.......", "....Q..."] + ["........"] * 6
    crossed = ["Q.......", "....x..."] + ["........"] * 6
    assert hint(p, crossed) == hint(p, plain)
    assert agreeing_solution(p, crossed) == agreeing_solution(p, plain)
    assert agreeing_solution(p, plain)[:2] == (0, 4)
