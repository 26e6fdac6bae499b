"""``make`` at players' sizes: k-star puzzles, grades asked for, progress, Ctrl-C, bad input.

Every made puzzle is checked by an oracle that shares no code with the generator: the
brute-force Star Battle enumerator of tests/naive.py (k stars), or all n! placements
(test_puzzles.brute, one star).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from nqueens.errors import (
    InvalidArgumentError,
    InvalidSizeError,
    NQueensError,
    NQueensRuntimeError,
    UnknownOptionError,
)
from nqueens.puzzles import explain, make
from nqueens.puzzles.exact import PuzzleCount
from nqueens.puzzles.grow import move_out, move_square, random_regions, random_stars, star_board
from nqueens.puzzles.model import split_regions
from nqueens.puzzles.solution import first_violation, star_squares
from test_puzzles import brute

from conftest import SRC, assert_bad_input, run_cli
from naive import star_battle_solutions


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_two_star_puzzles_are_unique_logic_only_and_reproducible(seed):
    m = make(8, stars=2, seed=seed)
    p = m.puzzle
    assert p.stars == 2 and m.attempts >= 1
    assert star_battle_solutions(p.regions, 2) == [m.solution]  # unique, by brute force
    assert first_violation(p, m.solution) is None
    e = explain(p)
    assert e.logic_only and e.solution == m.solution and e.grade == m.grade
    assert split_regions(p) == []  # made regions are in one piece each
    assert make(8, stars=2, seed=seed) == m


@pytest.mark.parametrize("seed", [0, 1])
def test_three_star_puzzles_are_unique_logic_only_and_reproducible(seed):
    from nqueens.puzzles.exact import count
    from nqueens.puzzles.steer import CHEAP

    m = make(12, stars=3, seed=seed)
    p = m.puzzle
    assert p.stars == 3 and count(p) == PuzzleCount(1, True)
    assert first_violation(p, m.solution) is None
    e = explain(p)
    assert e.logic_only and e.solution == m.solution and e.grade == m.grade <= CHEAP
    assert split_regions(p) == []
    assert make(12, stars=3, seed=seed) == m


def test_leaning_regions_grow_long_and_thin():
    def stretch(lean):
        """Mean over regions of |rows spanned - columns spanned|, 40 boards of 12 x 12."""
        total = 0
        for seed in range(40):
            rng = random.Random(seed)
            grid = random_regions(12, rng, [(r, rng.randrange(12)) for r in range(12)], lean)
            for g in range(12):
                cells = [(r, c) for r in range(12) for c in range(12) if grid[r][c] == g]
                rows = {r for r, _ in cells}
                cols = {c for _, c in cells}
                total += abs(len(rows) - len(cols))
        return total / (40 * 12)
    assert stretch(8) > 1.5 * stretch(1)


def test_one_star_puzzles_are_logic_only_without_being_asked():
    for n, seed in [(5, 0), (6, 1), (7, 2), (8, 3)]:
        m = make(n, seed=seed)
        assert brute(m.puzzle) == [m.solution]
        e = explain(m.puzzle)
        assert e.logic_only and e.grade == m.grade


@pytest.mark.parametrize(("n", "grade"), [(7, "easy"), (7, "medium"), (8, "hard")])
def test_the_grade_asked_for_is_the_explainers_grade(n, grade):
    m = make(n, seed=1, grade=grade)
    assert explain(m.puzzle).grade_name == grade == m.grade_name
    assert brute(m.puzzle) == [m.solution]


@pytest.mark.parametrize(("seed", "grade"), [(4, "medium"), (2, "expert"), (2, "easy"),
                                             (3, "easy")])
def test_a_two_star_grade_is_made_when_asked(seed, grade):
    m = make(8, stars=2, seed=seed, grade=grade)
    assert explain(m.puzzle).grade_name == grade == m.grade_name
    assert star_battle_solutions(m.puzzle.regions, 2) == [m.solution]


def test_an_expert_one_star_puzzle_is_made_when_asked():
    m = make(10, seed=7, grade="expert")
    assert explain(m.puzzle).grade_name == "expert" == m.grade_name
    # unique, by brute force (rows of one star each)
    assert star_battle_solutions(m.puzzle.regions, 1) == [tuple((c,) for c in m.solution)]


def test_an_expert_six_by_six_puzzle_is_made_from_more_fresh_starts():
    """At 6 x 6 an expert puzzle takes tens to hundreds of fresh starts (seed 4: 65), more
    than the 50 a make is given elsewhere: the smallest size gets SMALL_EXPERT_STARTS."""
    from nqueens.puzzles.generate import ATTEMPTS, SMALL_EXPERT_STARTS

    m = make(6, seed=4, grade="expert")
    assert ATTEMPTS < m.attempts <= SMALL_EXPERT_STARTS
    assert explain(m.puzzle).grade_name == "expert" == m.grade_name
    assert split_regions(m.puzzle) != []  # in pieces, as small experts are
    assert star_battle_solutions(m.puzzle.regions, 1) == [tuple((c,) for c in m.solution)]
    with pytest.raises(NQueensRuntimeError, match="no start of 50"):
        make(6, seed=4, grade="expert", attempts=ATTEMPTS)


def test_an_expert_walk_goes_back_to_the_hardest_board_when_a_move_makes_it_easier(
        monkeypatch):
    from nqueens.puzzles import steer

    def partition(grid) -> set[frozenset[tuple[int, int]]]:
        return {frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row)
                          if v == g) for g in range(len(grid))}

    boards: list[set] = []
    moved_from: list[set] = []
    move = steer._move

    def watched(n, grid, rng, moves, stars, mover):
        moved_from.append(partition(grid))
        return move(n, grid, rng, moves, stars, mover)

    class Judge:  # the first board is hard, the second easier, the third done
        hardness: tuple[int, ...] | None = None

        def __call__(self, p, stars, recent):
            boards.append(partition(p.regions))
            self.hardness = {1: (3, 2, -1), 2: (3, 1, -1)}.get(len(boards))
            return 4 if len(boards) == 3 else [[(r, c) for r in range(8) for c in range(8)]]

    monkeypatch.setattr(steer, "_move", watched)
    steer._walk(8, 1, random.Random(3), False, 1, None, Judge(), False, False)
    assert len(boards) == 3 and boards[1] != boards[0]
    assert moved_from == [boards[0], boards[0]]  # the second move starts from the hard board


def test_a_look_that_did_not_settle_is_not_repeated_until_n_fewer_squares_are_open():
    from nqueens.puzzles.steer import LOOK_EVERY, _Judge

    judge = _Judge(1, 2, lean=True)
    stars, other = {(0, 0)}, {(0, 0)}
    n, k = 25, 6
    judge.unlooked = LOOK_EVERY  # due for a look
    assert judge._looks(stars, 400, n, k)
    judge.unsettled = stars, 400
    assert not judge._looks(stars, 390, n, k)  # as big: it would not settle either
    assert judge._looks(stars, 375, n, k)
    assert judge._looks(other, 400, n, k)  # another start's board
    assert _Judge(1, 2, lean=False)._looks(stars, 625, n, k)  # not lean: every board


def test_random_stars_and_their_regions_obey_the_rules():
    rng = random.Random(7)
    for n, k in [(8, 2), (10, 2), (12, 3)]:
        stars = random_stars(n, k, rng)
        squares = star_squares(stars)
        assert all(len(row) == k for row in stars)
        assert all(sum(c == j for _, c in squares) == k for j in range(n))
        assert not any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
                       for a in squares for b in squares)
        stars, grid = star_board(n, k, rng)
        per = [0] * n
        for r, c in star_squares(stars):
            per[grid[r][c]] += 1
        assert per == [k] * n


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 64, 65, 400, 625])
def test_the_walks_shuffle_draws_as_random_shuffle_does(size):
    """move_out's own shuffle (twice as fast) gives the same order and leaves the generator
    where random.shuffle leaves it, so a seed makes the same puzzle."""
    from nqueens.puzzles.grow import _shuffle

    for seed in range(5):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        for _ in range(3):
            _shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
        assert ours.random() == theirs.random()


def _slow_cut_off(n, grid, g, moved, stars):
    """What taking ``moved`` out of region g cuts off from its stars, square by square:
    its pieces found by walking from square to square; None when two hold stars."""
    rest = {(r, c) for r in range(n) for c in range(n) if grid[r][c] == g} - moved
    cut, starred = set(), 0
    while rest:
        piece, todo = set(), [rest.pop()]
        while todo:
            r, c = todo.pop()
            piece.add((r, c))
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in rest:
                    rest.discard(nb)
                    todo.append(nb)
        if piece & stars:
            starred += 1
        else:
            cut |= piece
    return None if starred > 1 else cut


def test_what_a_move_cuts_off_is_what_walking_the_region_finds():
    """move_out's bit-mask growth against the slow walk, on regions in many pieces (a
    region's squares at the end of one row and the start of the next are not neighbours)."""
    from nqueens.puzzles.grow import _cut_off

    rng = random.Random(8)
    seen = {None: 0, "empty": 0, "cut": 0}
    for _ in range(3000):
        n = rng.randint(2, 8)
        grid = [[rng.randrange(3) for _ in range(n)] for _ in range(n)]
        g = grid[rng.randrange(n)][rng.randrange(n)]
        squares = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == g]
        rng.shuffle(squares)
        moved = set(squares[:rng.randint(0, len(squares) // 2)])
        stars = set(squares[len(squares) // 2:][:rng.randint(0, 3)])
        want = _slow_cut_off(n, grid, g, moved, stars)
        assert _cut_off(n, grid, g, moved, stars) == want
        seen["empty" if want == set() else "cut" if want else None] += 1
    assert min(seen.values()) > 100  # every outcome was met often


@pytest.mark.parametrize(("mover", "n", "k"), [(move_out, 10, 1), (move_out, 10, 2),
                                               (move_out, 14, 3), (move_square, 10, 2)])
def test_a_move_keeps_every_star_in_its_region(mover, n, k):
    """move_out keeps every region whole; move_square moves one square alone, and regions
    fall into pieces."""
    from nqueens.puzzles.model import region_puzzle

    rng = random.Random(3)
    stars, grid = star_board(n, k, rng)
    squares = set(star_squares(stars))
    before = {sq: grid[sq[0]][sq[1]] for sq in squares}
    others = [(r, c) for r in range(n) for c in range(n) if (r, c) not in squares]
    for _ in range(200 if mover is move_out else 40):
        old = [row[:] for row in grid]
        moved = mover(n, grid, rng, others, squares)
        assert moved == {(r, c) for r in range(n) for c in range(n) if grid[r][c] != old[r][c]}
        assert moved and moved <= set(others)
        assert {sq: grid[sq[0]][sq[1]] for sq in squares} == before
        if mover is move_out:
            assert split_regions(region_puzzle(grid, stars=k)) == []
        else:
            assert len(moved) == 1
    if mover is move_square:
        assert split_regions(region_puzzle(grid, stars=k))  # regions did fall into pieces
    assert mover(n, grid, rng, sorted(squares), squares) == set()  # stars never move


@pytest.mark.parametrize(("n", "seed", "grade"), [(7, 1, "expert"), (7, 2, "expert"),
                                                  (8, 1, None)])
def test_regions_in_pieces_are_made_unique_at_the_grade_asked(n, seed, grade):
    m = make(n, seed=seed, grade=grade, pieces=True if grade is None else None)
    assert brute(m.puzzle) == [m.solution]
    e = explain(m.puzzle)
    assert e.logic_only and e.grade == m.grade
    assert grade is None or m.grade_name == grade
    assert split_regions(m.puzzle)  # some region is in pieces, as asked for


@pytest.mark.parametrize(("kwargs", "pieces"), [
    ({"n": 9, "grade": "expert"}, True), ({"n": 10, "grade": 4}, True),
    ({"n": 11, "grade": "expert"}, False), ({"n": 9, "grade": "hard"}, False),
    ({"n": 9}, False), ({"n": 10, "grade": "expert", "stars": 2}, False),
    ({"n": 9, "grade": "expert", "pieces": False}, False), ({"n": 20, "pieces": True}, True),
    ({"n": 9, "grade": "expert", "diagonals": True}, True),
    ({"n": 21, "stars": 5, "grade": "easy", "pieces": True}, True),  # not refused in pieces
])
def test_regions_fall_into_pieces_when_asked_and_for_small_experts(monkeypatch, kwargs,
                                                                     pieces):
    from nqueens.puzzles import generate

    told = []

    def steer(*args, **kw):
        told.append(kw["pieces"])
        raise NQueensRuntimeError("stop")
    monkeypatch.setattr(generate, "steer", steer)
    with pytest.raises(NQueensRuntimeError):
        make(seed=1, **kwargs)
    assert told == [pieces]


@pytest.mark.slow
def test_an_easy_five_star_puzzle_is_made_in_pieces():
    from nqueens.puzzles.exact import count

    m = make(21, stars=5, seed=3, grade="easy", pieces=True)
    assert count(m.puzzle).count == 1
    e = explain(m.puzzle)
    assert e.grade_name == "easy" == m.grade_name and e.solution == m.solution
    assert split_regions(m.puzzle)


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"n": 5, "grade": "expert"}, UnknownOptionError),
    ({"n": 4, "grade": 4, "pieces": True}, UnknownOptionError),
    ({"n": 8, "pieces": "yes"}, InvalidArgumentError),
    ({"n": 8, "pieces": 1}, InvalidArgumentError),
    ({"n": 8, "pieces": True, "kind": "completion"}, UnknownOptionError),
])
def test_make_refuses_pieces_it_cannot_make(kwargs, error):
    with pytest.raises(error):
        make(seed=1, **kwargs)


@pytest.mark.parametrize(("flag", "split"), [("--pieces", True), ("--no-pieces", False)])
def test_cli_says_how_to_remake_a_puzzle_in_pieces_or_not(flag, split):
    from nqueens.puzzles import parse_puzzle

    r = run_cli("puzzle", "make", "--size", "8", "--seed", "1", flag)
    assert r.code == 0
    first = r.out.splitlines()[0]
    assert first.endswith(flag)
    again = run_cli("puzzle", "make", *first.split("nqueens puzzle make ")[1].split())
    assert again.out == r.out
    assert bool(split_regions(parse_puzzle(r.out))) == split


def test_tally_sees_every_board_and_can_stop_the_make():
    seen = []
    m = make(10, seed=5, tally=lambda boards, starts: seen.append((boards, starts)))
    assert [b for b, _ in seen] == list(range(1, len(seen) + 1))
    assert seen[-1][1] == m.attempts

    def stop(boards, starts):
        if boards == 3:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        make(12, seed=5, tally=stop)


@pytest.mark.parametrize("kwargs", [
    {"n": 8, "stars": 0}, {"n": 8, "stars": 3}, {"n": 7, "stars": 2}, {"n": 11, "stars": 3},
    {"n": 8, "stars": "2"}, {"n": 8, "stars": 2.0}, {"n": 8, "stars": True},
    {"n": 8, "stars": 2, "kind": "completion"}, {"n": 8, "stars": 2, "diagonals": True},
    {"n": 8, "stars": 10**30}, {"n": 8, "stars": 1.0}, {"n": 8, "stars": None},
])
def test_make_refuses_stars_that_cannot_be_made(kwargs):
    with pytest.raises(NQueensError):
        make(**kwargs)


def test_a_grade_that_cannot_be_found_is_a_runtime_failure_naming_the_attempts():
    with pytest.raises(NQueensRuntimeError, match="no grade search region puzzle of size 6 "
                                                  "found from seed 1: no start of 2"):
        make(6, seed=1, grade="search", attempts=2)
    with pytest.raises(InvalidSizeError, match="at least 12 x 12"):
        make(11, stars=3)


@pytest.mark.parametrize(("argv", "message"), [
    (["--size", "8", "--stars", "3"], "3 stars per row cannot fit on a 8 x 8 board"),
    (["--size", "9", "--stars", "2", "--seed", "1", "--stars", "0"], "--stars"),
    (["--size", "8", "--stars", "two"], "--stars"),
    (["--size", "11", "--stars", "3"], "at least 12 x 12"),
    (["--size", "10", "--stars", "2", "--kind", "completion"], "region puzzles only"),
    (["--size", "10", "--attempts", "0"], "--attempts"),
    (["--size", "21", "--stars", "5", "--grade", "easy"], "grade easy is not made with 5 stars"),
    (["--size", "25", "--stars", "6", "--grade", "1"], "grade easy is not made with 6 stars"),
    (["--size", "5", "--grade", "expert"], "grade expert is not made below 6 x 6"),
    (["--size", "4", "--grade", "4", "--pieces"], "grade expert is not made below 6 x 6"),
    (["--size", "8", "--kind", "completion", "--pieces"], "--pieces applies only to --kind"),
    # "yes" is taken for the positional size: a flag takes no word after it
    (["--size", "8", "--pieces", "yes"], "argument N: expected a positive integer, got 'yes'"),
])
def test_cli_bad_stars_are_one_line_exit_2(argv, message):
    assert_bad_input(run_cli("puzzle", "make", *argv), message)


def test_cli_makes_a_two_star_puzzle_and_says_how_to_remake_it():
    import json

    r = run_cli("puzzle", "make", "--size", "8", "--stars", "2", "--seed", "2")
    assert r.code == 0
    assert "--stars 2" in r.out.splitlines()[0] and "stars: 2" in r.out
    data = json.loads(run_cli("puzzle", "make", "--size", "8", "--stars", "2", "--seed", "2",
                              "--json").out)
    assert data["stars"] == 2 and data["text"] in r.out
    assert all(len(row) == 2 for row in data["solution"])


def test_cli_a_grade_not_found_is_one_line_exit_3():
    r = run_cli("puzzle", "make", "--size", "6", "--seed", "1", "--grade", "search",
                "--attempts", "2")
    assert r.code == 3 and r.out == ""
    assert len(r.err.strip().splitlines()) == 1 and "no start of 2" in r.err


@pytest.mark.slow
def test_ctrl_c_stops_a_long_make_with_one_line():
    # an expert 40 x 40 puzzle takes minutes: far longer than the few seconds waited here
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "puzzle", "make", "--size", "40", "--grade",
         "expert", "--seed", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(SRC)))
    time.sleep(4)
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    assert proc.returncode == 130
    assert proc.stderr.read().strip() == "nqueens: interrupted" and proc.stdout.read() == ""


@pytest.mark.slow
def test_a_long_make_shows_its_progress_on_a_terminal(tmp_path):
    import pty

    out = tmp_path / "p.txt"
    pid, fd = pty.fork()
    if pid == 0:  # the child: stdin, stdout and stderr are the terminal
        os.environ["PYTHONPATH"] = str(SRC)
        # seconds long (the explainer judges k-star boards): a one-star 25 x 25 make now
        # ends before the progress line's first second
        os.execv(sys.executable, [sys.executable, "-m", "nqueens", "puzzle", "make",
                                  "--size", "21", "--stars", "5", "--seed", "1", "-o",
                                  str(out)])
    seen = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"making 21 x 21, 5 stars" in seen and b"boards tried" in seen
    assert out.read_text().count("\n") > 21
