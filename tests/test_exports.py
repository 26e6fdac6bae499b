"""Exports, each read and counted by a real solver, equal to our counts and to brute force.

The solvers: python-sat (CNF), clasp (OPB), MiniZinc with Gecode (mzn), ACE from pycsp3
(XCSP3) and xcover (XCC); tests/_export_solvers.py runs them and skips, with the install
line, where one is absent.
"""

from __future__ import annotations

import random

import pytest

from _export_solvers import ace_count, clasp_count, minizinc_count, sat_count, xcover_count
from nqueens import count
from nqueens.completion import count_completions, random_instance
from nqueens.errors import (
    ConflictingOptionsError,
    InvalidBoardError,
    InvalidSizeError,
    UnknownOptionError,
)
from nqueens.exports import (
    ENCODINGS,
    FORMATS,
    MAX_LINES,
    board_problem,
    estimated_lines,
    export_lines,
    export_text,
)
from nqueens.exports.cnf import cnf_size

from naive import naive_variant_count


def _partial(n: int, seed: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """A few non-attacking givens and a few blocked squares off them, seeded."""
    rng = random.Random(seed)
    givens = random_instance(n, rng.randrange(0, 3) if n > 3 else 0, seed=seed)
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in givens]
    return givens, rng.sample(free, min(len(free), rng.randrange(0, n + 1)))


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_cnf_counts_every_board_to_9(encoding: str) -> None:
    for n in range(1, 10):
        assert sat_count(export_text(board_problem(n), "cnf", encoding=encoding), n * n) \
            == count(n), n


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_cnf_counts_partial_boards(encoding: str) -> None:
    for n in range(1, 10):
        for seed in range(3):
            givens, blocked = _partial(n, 10 * n + seed)
            text = export_text(board_problem(n, givens=givens, blocked=blocked), "cnf",
                               encoding=encoding)
            assert sat_count(text, n * n) == count_completions(n, givens, blocked=blocked), \
                (n, givens, blocked)


VARIANT_CASES = [
    # (n, width, variant, k, givens, blocked)
    (5, None, "toroidal", None, [], []),
    (7, None, "toroidal", None, [(0, 0)], [(3, 3)]),
    (8, None, "toroidal", None, [], []),
    (6, None, "superqueens", 4, [], []),
    (5, 7, "superqueens", None, [], [(0, 1)]),
    (4, 6, "classic", None, [(1, 0)], []),
    (6, None, "classic", 3, [(2, 3)], [(0, 0), (5, 5)]),
    (5, None, "toroidal", 3, [], [(4, 4)]),
    (4, None, "classic", 0, [], []),
    (3, None, "classic", 3, [], []),
]


def _case(case: tuple) -> tuple:
    n, width, variant, k, givens, blocked = case
    problem = board_problem(n, width=width, variant=variant, k=k, givens=givens,
                            blocked=blocked)
    expected = naive_variant_count(n, width, variant, k, givens, blocked)
    return problem, expected


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("case", VARIANT_CASES, ids=lambda c: f"{c[2]}-{c[0]}-{c[1]}-{c[3]}")
def test_cnf_counts_variants(case: tuple, encoding: str) -> None:
    problem, expected = _case(case)
    assert sat_count(export_text(problem, "cnf", encoding=encoding), problem.squares) \
        == expected


def test_the_oracle_reproduces_published_counts() -> None:
    # the toroidal counts of OEIS A051906 (n = 1..8) and 2 queens on 4 x 4, 3 on 5 x 5
    # (A036464, A047659): the brute force the exports are checked against is itself right
    assert [naive_variant_count(n, variant="toroidal") for n in range(1, 9)] == \
        [1, 0, 0, 0, 10, 0, 28, 0]
    assert naive_variant_count(4, k=2) == 44 and naive_variant_count(5, k=3) == 204


@pytest.mark.parametrize("case", VARIANT_CASES[:6], ids=lambda c: f"{c[2]}-{c[0]}")
def test_opb_counted_by_clasp(case: tuple) -> None:
    problem, expected = _case(case)
    assert clasp_count(export_text(problem, "opb")) == expected


def test_opb_counts_boards_and_partial_boards() -> None:
    assert [clasp_count(export_text(board_problem(n), "opb")) for n in range(1, 9)] == \
        [count(n) for n in range(1, 9)]
    givens, blocked = _partial(9, 5)
    assert clasp_count(export_text(board_problem(9, givens=givens, blocked=blocked), "opb")) \
        == count_completions(9, givens, blocked=blocked)


@pytest.mark.parametrize("case", VARIANT_CASES[3:8], ids=lambda c: f"{c[2]}-{c[0]}")
def test_minizinc_gecode_counts(case: tuple) -> None:
    problem, expected = _case(case)
    assert minizinc_count(export_text(problem, "mzn")) == expected


def test_minizinc_counts_boards() -> None:
    for n in (1, 3, 6, 8):
        assert minizinc_count(export_text(board_problem(n), "mzn")) == count(n)
    givens, blocked = _partial(8, 3)
    text = export_text(board_problem(8, givens=givens, blocked=blocked), "mzn")
    assert minizinc_count(text) == count_completions(8, givens, blocked=blocked)


@pytest.mark.slow
def test_xcsp3_counted_by_ace() -> None:
    # each ACE run starts a JVM (about 1 s): a few instances, the classic, a partial board,
    # a K-queens board with a given and a variant
    assert ace_count(export_text(board_problem(8), "xcsp3")) == 92
    assert ace_count(export_text(board_problem(3), "xcsp3")) == 0
    for case in (VARIANT_CASES[6], VARIANT_CASES[1]):
        problem, expected = _case(case)
        assert ace_count(export_text(problem, "xcsp3")) == expected


def test_xcc_counted_by_xcover() -> None:
    assert [xcover_count(export_text(board_problem(n), "xcc")) for n in range(1, 10)] == \
        [count(n) for n in range(1, 10)]
    for seed in range(4):
        givens, blocked = _partial(8, seed)
        text = export_text(board_problem(8, givens=givens, blocked=blocked), "xcc")
        assert xcover_count(text) == count_completions(8, givens, blocked=blocked)


@pytest.mark.parametrize("case", VARIANT_CASES, ids=lambda c: f"{c[2]}-{c[0]}-{c[1]}-{c[3]}")
def test_xcc_variants_counted_by_xcover(case: tuple) -> None:
    problem, expected = _case(case)
    assert xcover_count(export_text(problem, "xcc")) == expected


def test_pairwise_sizes() -> None:
    # 8 rows and 8 columns: one clause of 8 and C(8,2) pairs each; 26 diagonals of 2..8
    # squares: C(m,2) pairs each
    pairs = sum(m * (m - 1) // 2 for m in [*range(2, 9), *range(7, 1, -1)])
    assert cnf_size(board_problem(8)) == (64, 16 * (1 + 28) + 2 * pairs) == (64, 744)
    for n in (8, 16):
        assert estimated_lines(board_problem(n), "cnf") == cnf_size(board_problem(n))[1]


def test_cnf_header_names_the_layout() -> None:
    text = export_text(board_problem(4, width=6), "cnf", encoding="commander")
    head = [line for line in text.splitlines() if line.startswith("c ")]
    assert any("4 x 6" in line for line in head)
    assert any("commander" in line for line in head)
    assert any("r*6 + c + 1" in line for line in head)
    # a given queen on <2,3> is variable 1*6 + 2 + 1 = 9, a unit clause
    text = export_text(board_problem(4, width=6, givens=[(1, 2)]), "cnf")
    assert "9 0" in text.splitlines()


def test_streams_line_by_line() -> None:
    lines = export_lines(board_problem(200), "mzn")
    assert next(lines).startswith("% 200 non-attacking queens")


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"n": 3, "width": 2}, InvalidSizeError),
    ({"n": 4, "k": 5}, InvalidSizeError),
    ({"n": 0}, InvalidSizeError),
    ({"n": 1001}, InvalidSizeError),
    ({"n": 4, "variant": "knights"}, UnknownOptionError),
    ({"n": 4, "variant": "toroidal", "width": 5}, ConflictingOptionsError),
    ({"n": 4, "width": 5, "k": 2}, ConflictingOptionsError),
    ({"n": 4, "givens": [(0, 0), (1, 2)], "variant": "superqueens"}, InvalidBoardError),
    ({"n": 5, "givens": [(0, 0), (1, 4)], "variant": "toroidal"}, InvalidBoardError),
    ({"n": 4, "givens": [(0, 0), (2, 1)], "k": 1}, InvalidBoardError),
    ({"n": 4, "givens": [(4, 0)]}, InvalidBoardError),
    ({"n": 4, "givens": [(0, 0)], "blocked": [(0, 0)]}, InvalidBoardError),
    ({"n": 4, "blocked": [(1, 1), (1, 1)]}, InvalidBoardError),
])
def test_bad_problems(kwargs: dict, error: type) -> None:
    n = kwargs.pop("n")
    with pytest.raises(error):
        board_problem(n, **kwargs)


def test_bad_exports() -> None:
    p = board_problem(4)
    with pytest.raises(UnknownOptionError):
        export_lines(p, "lp")
    with pytest.raises(UnknownOptionError):
        export_lines(p, "cnf", encoding="ladder")
    with pytest.raises(ConflictingOptionsError):
        export_lines(p, "mzn", encoding="pairwise")
    with pytest.raises(InvalidSizeError, match="sequential encoding is smaller"):
        export_lines(board_problem(500), "cnf")
    assert estimated_lines(board_problem(500), "cnf", "sequential") < MAX_LINES
    assert set(FORMATS) == {"cnf", "opb", "mzn", "xcsp3", "xcc"}


def test_edge_boards() -> None:
    # a row with every square blocked, K = 0 and K = N on tiny boards, a fully blocked board
    every = [(r, c) for r in range(4) for c in range(4)]
    cases = [(3, None, [(0, 0), (0, 1), (0, 2)]), (1, 1, []), (2, 0, []), (2, 1, []),
             (4, 2, every), (4, 0, every)]
    for n, k, blocked in cases:
        problem = board_problem(n, k=k, blocked=blocked)
        expected = naive_variant_count(n, None, "classic", k, (), blocked)
        assert xcover_count(export_text(problem, "xcc")) == expected, (n, k)
        for encoding in ENCODINGS:
            assert sat_count(export_text(problem, "cnf", encoding=encoding), n * n) == expected
        assert clasp_count(export_text(problem, "opb")) == expected
    # xcover itself fails on the one-item, one-option cover of 1 x 1 with K = 0 (an
    # IndexError inside its Algorithm C); the CNF says it has one solution, the empty board
    assert sat_count(export_text(board_problem(1, k=0), "cnf"), 1) == 1
