"""The rules of a puzzle in one place (issue 48): code asks ``p.rules``, not ``p.kind``."""

from __future__ import annotations

import ast

import pytest

from nqueens.puzzles import completion_puzzle, parse_puzzle, region_puzzle
from nqueens.puzzles.rules import KINDS, CompletionRules, RegionRules, rules_for

from conftest import SRC

KIND_NAMES = set(KINDS)
LEFT_TO_THE_EXACT_SEARCH = {"nqueens/puzzles/exact.py"}  # rebuilt in parallel


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


def _kind_branches(path) -> int:
    """Comparisons of something named ``kind`` with a kind's name (``p.kind == "regions"``,
    ``kind in ("regions", "completion")``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        named = any((isinstance(s, ast.Attribute) and s.attr == "kind")
                    or (isinstance(s, ast.Name) and s.id == "kind") for s in sides)
        consts = {c.value for s in sides for c in ast.walk(s) if isinstance(c, ast.Constant)}
        found += named and bool(consts & KIND_NAMES)
    return found


def test_kind_branches_stay_in_the_model_and_the_rules():
    where = {}
    for f in sorted((SRC / "nqueens").rglob("*.py")):
        name = f.relative_to(SRC).as_posix()
        if "puzzles/io/image" in name or name in LEFT_TO_THE_EXACT_SEARCH:
            continue
        if (k := _kind_branches(f)):
            where[name] = k
    assert set(where) <= {"nqueens/puzzles/model.py", "nqueens/puzzles/rules.py"}, where
    assert sum(where.values()) <= 6
