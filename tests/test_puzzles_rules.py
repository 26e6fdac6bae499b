"""The rules of a puzzle in one place (issue 48): code asks ``p.rules``, not ``p.kind``."""

from __future__ import annotations

import ast

import pytest

from nqueens.puzzles import completion_puzzle, parse_puzzle, region_puzzle
from nqueens.puzzles.rules import KINDS, CompletionRules, RegionRules, rules_for

from conftest import SRC

KIND_NAMES = set(KINDS)


def test_each_kind_has_its_rules():
    assert KINDS == ("regions", "completion")
    r, c = region_puzzle(["AB", "BB"]), completion_puzzle(4, [(0, 1)])
    assert isinstance(r.rules, RegionRules) and isinstance(c.rules, CompletionRules)
    assert (r.touching, r.uses_diagonals, c.touching, c.uses_diagonals) == (
        True, False, False, True)
    assert region_puzzle(["AB", "BB"], diagonals=True).uses_diagonals
    assert rules_for("regions", 2).text() == (
        "2 stars per row, column and region; no two stars touch")
    assert not r.rules.has_givens and c.rules.has_givens and r.rules.takes_stars


@pytest.mark.parametrize("kind", KINDS)
def test_the_parser_names_the_kind_it_read(kind):
    text = "Q...\n....\n....\n....\n" if kind == "completion" else "AB\nBB\n"
    assert parse_puzzle(text).rules.kind == kind == parse_puzzle(text).kind


RULES_CLASSES = {"Rules", "RegionRules", "CompletionRules"}


def _kind_branches(source: str) -> int:
    """The branches on a puzzle's kind in `source`: a comparison of something named
    ``kind`` with a kind's name or a rules class's ``kind`` (``p.kind == "regions"``,
    ``kind in ("regions", "completion")``, ``p.kind != CompletionRules.kind``), an
    ``isinstance`` test against a rules class, a ``match`` case on a kind's name, and a
    dict literal keyed by the kinds' names (a dispatch table)."""
    found = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = any(_is_kind(s) for s in sides)
            consts = {c.value for s in sides for c in ast.walk(s) if isinstance(c, ast.Constant)}
            classes = any(_is_kind(s) and _rules_class(s.value) for s in sides
                          if isinstance(s, ast.Attribute))
            found += named and (bool(consts & KIND_NAMES) or classes)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
            found += any(_rules_class(n) for arg in node.args[1:] for n in ast.walk(arg))
        elif isinstance(node, ast.match_case):
            found += any(isinstance(c, ast.Constant) and c.value in KIND_NAMES
                         for c in ast.walk(node.pattern))
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            found += len(node.keys) > 1 and keys <= KIND_NAMES and len(keys) == len(node.keys)
    return found


def _is_kind(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "kind") or (
        isinstance(node, ast.Name) and node.id == "kind")


def _rules_class(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id in RULES_CLASSES


def test_the_kind_branch_counter_sees_each_form():
    assert _kind_branches("if p.kind == 'regions': pass") == 1
    assert _kind_branches("x = 1 if kind in ('completion', 'regions') else 2") == 1
    assert _kind_branches("if p.kind != CompletionRules.kind: pass") == 1
    assert _kind_branches("ok = isinstance(r, (RegionRules, int))") == 1
    assert _kind_branches("match p.kind:\n    case 'completion': pass\n    case _: pass") == 1
    assert _kind_branches("f = {'regions': a, 'completion': b}[p.kind]") == 1
    # not a branch on the puzzle's kind: another record's kind, a rules question, a label
    assert _kind_branches("if unit.kind == 'recount': pass") == 0
    assert _kind_branches("if p.rules.has_givens: x = labels['completion']") == 0


def test_kind_branches_stay_in_the_model_and_the_rules():
    where = {}
    for f in sorted((SRC / "nqueens").rglob("*.py")):
        if (k := _kind_branches(f.read_text(encoding="utf-8"))):
            where[f.relative_to(SRC).as_posix()] = k
    assert set(where) <= {"nqueens/puzzles/model.py", "nqueens/puzzles/rules.py"}, where
    assert sum(where.values()) <= 6


STAR_NAMES = {"stars", "k", "K"}

STARS_ASKED_ELSEWHERE = {
    "nqueens/puzzles/steer.py": 3,  # the generator's budgets and draws for k stars
    "nqueens/puzzles/generate.py": 1,  # k <= 2 gets the explainer's harder techniques
    "nqueens/puzzles/solution.py": 1,  # "1 star", "2 stars": number grammar
    "nqueens/cli/_make_progress.py": 1,  # the same
    "nqueens/cli/puzzle.py": 1,  # --stars echoed where it is not the default
}
"""Where code still compares a number of stars with 1 or 2 itself, at most this often."""

STARS_AS_A_NUMBER = ("nqueens/kernels/", "nqueens/words/", "nqueens/puzzles/rules.py",
                     "nqueens/puzzles/model.py", "nqueens/puzzles/exact.py",
                     "nqueens/puzzles/sat.py")
"""Left out: the compiled kernels, the SAT formula and the exact search's slices take k as
a number; the words of each language agree with it; the model and the rules are where it
is asked."""


def _star_branches(source: str) -> int:
    """Comparisons of a number of stars (`stars`, `k`, `p.stars`, `b.k`) with 1 or 2."""
    found = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = any(getattr(s, "id", getattr(s, "attr", None)) in STAR_NAMES
                        for s in sides if isinstance(s, ast.Name | ast.Attribute))
            found += named and any(isinstance(s, ast.Constant) and s.value in (1, 2)
                                   and type(s.value) is int for s in sides)
    return found


def test_the_star_branch_counter_sees_each_form():
    assert _star_branches("x = 'queen' if p.stars == 1 else 'star'") == 1
    assert _star_branches("if b.k > 1 and k <= 2: pass") == 2
    assert _star_branches("if p.rules.one_star or stars >= 3 or n == 1: pass") == 0


def test_how_many_stars_is_asked_of_the_rules():
    where = {}
    for f in sorted((SRC / "nqueens").rglob("*.py")):
        name = f.relative_to(SRC).as_posix()
        if not name.startswith(STARS_AS_A_NUMBER) and (
                k := _star_branches(f.read_text(encoding="utf-8"))):
            where[name] = k
    over = {name: k for name, k in where.items() if k > STARS_ASKED_ELSEWHERE.get(name, 0)}
    assert over == {}, "ask p.rules.one_star (or another fact of the rules) instead"


@pytest.mark.parametrize("p", [region_puzzle(["AABB", "AABB", "CCDD", "CCDD"]),
                               region_puzzle(["AABB", "AABB", "CCDD", "CCDD"], diagonals=True),
                               region_puzzle([[r // 2 * 2 + c // 4 for c in range(8)]
                                              for r in range(8)], stars=2),
                               completion_puzzle(5, [(0, 1)], blocked=[(2, 2)])])
def test_one_a_block_is_what_the_boards_conflicts_say(p):
    """`Rules.one_a_block` held against the squares each star rules out on the board:
    every two squares of every 2 x 2 block conflict."""
    from itertools import combinations

    from nqueens.puzzles.techniques.mark_board import MarkBoard

    b = MarkBoard(p)
    n = b.n
    conflicts = b.attack if b.one_star else b.near
    scan = all(conflicts[i] >> j & 1
               for r in range(n - 1) for c in range(n - 1)
               for i, j in combinations((r * n + c, r * n + c + 1, (r + 1) * n + c,
                                         (r + 1) * n + c + 1), 2))
    assert p.rules.one_a_block == scan
    assert p.rules.one_star == b.one_star == (p.stars == 1)
    assert p.rules.mark == ("queen" if p.stars == 1 else "star")
