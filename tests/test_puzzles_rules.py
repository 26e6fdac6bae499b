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
