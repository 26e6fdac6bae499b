"""A technique is one unit (issue 48): the ladder is the one list the explainer, the grades
and the compiled judge read; a technique from outside the package joins it with its
record, its finder and its words alone; each technique's name is written in one module."""

from __future__ import annotations

import ast
import json

import pytest

from nqueens.kernels.grading import OPS
from nqueens.puzzles import explain, explain_text, ladder, parse_puzzle, step_text
from nqueens.puzzles.grades import EASY, GRADES, HARD, TECHNIQUES, Compiled, Rung, Technique
from nqueens.puzzles.logic import summary_text
from nqueens.puzzles.quick import QuickSolve
from nqueens.puzzles.steps import Step
from nqueens.puzzles.techniques.mark_board import MarkBoard
from nqueens.words import LANGUAGES, words

from conftest import DATA, SRC

LEVELS = [json.loads(line) for line in
          (DATA / "community-levels.jsonl").read_text().splitlines()[:40]]


def _lone_region(b: MarkBoard) -> Step | None:
    """The toy: a region with one square left takes its star there (a narrower last
    square; sound for one star), graded hard when the region is the last letter."""
    if b.k != 1:
        return None
    for u, m in b.unit_masks:
        if u[0] == "region" and b.need[u] > 0 and (b.cand & m).bit_count() == 1:
            return b.place((b.cand & m).bit_length() - 1, TOY.name, (u,))
    return None


TOY = Technique("lone-region", EASY, "toy_lone_region",
                raise_to=lambda s: HARD if s.units[0][1] == 0 else None)
TOY_RUNG = Rung(TOY, 0, _lone_region)


def _toy_words(step: Step, lang: str, p: object, k: int) -> str:
    r, c = step.place
    return {"en": f"Lone region: a queen at <{r + 1},{c + 1}>.",
            "ja": f"孤立した領域: ({r + 1},{c + 1})にクイーン。",
            "ko": f"외로운 영역: <{r + 1},{c + 1}>에 퀸."}[lang]


TOY_NAMES = {"en": "lone region", "ja": "孤立した領域", "ko": "외로운 영역"}


@pytest.fixture
def toy(monkeypatch):
    """The toy technique in the ladder, before last square, with its words in each
    language's words module (its name and its sentence)."""
    for lang in LANGUAGES:
        said = words(lang)
        monkeypatch.setitem(said.NAMES, TOY.words, TOY_NAMES[lang])
        monkeypatch.setattr(said, TOY.words,
                            lambda step, k, lang=lang: _toy_words(step, lang, None, k),
                            raising=False)
    with ladder.with_rung(TOY_RUNG, before="single"):
        yield


def test_a_technique_from_outside_joins_the_ladder(toy):
    used = 0
    for level in LEVELS:
        p = parse_puzzle("\n".join(level["rows"]))
        e = explain(p)
        assert e.solution == ladder_free_solution(p)
        for s in e.steps:
            if s.rule == TOY.name:
                used += 1
                assert s.grade == (HARD if s.units[0][1] == 0 else EASY)
                assert step_text(s, "ja", p).startswith("孤立した領域: (")
        if TOY.name in e.techniques:
            assert "single" not in e.techniques or (
                e.techniques.index(TOY.name) < e.techniques.index("single"))
            assert "lone region" in summary_text(e, "en")
            assert list(TECHNIQUES).index(TOY.name) == list(TECHNIQUES).index("single") - 1
        # the compiled judge has no form of the toy: it does not take the puzzle
        assert not QuickSolve.takes(p)
    assert used > 40


def ladder_free_solution(p):
    """The solution by the exact search, which knows no technique."""
    from nqueens.puzzles import solve

    return solve(p)


def test_the_ladder_is_whole_again_after_the_toy(toy):
    assert TOY.name in TECHNIQUES


def test_without_the_toy_nothing_of_it_is_left():
    assert TOY.name not in TECHNIQUES and TOY_RUNG not in ladder.LADDER
    p = parse_puzzle("\n".join(LEVELS[0]["rows"]))
    assert TOY.name not in explain(p).techniques and QuickSolve.takes(p)


def test_the_ladder_climbs():
    tiers = [r.tier for r in ladder.LADDER]
    assert tiers == sorted(tiers) and tiers[-1] == len(GRADES) - 1
    assert {r.technique.name for r in ladder.LADDER} == set(TECHNIQUES)


def test_every_technique_has_words_in_every_language():
    for lang in LANGUAGES:
        said = words(lang)
        for t in TECHNIQUES.values():
            assert callable(getattr(said, t.words)) and said.NAMES[t.words], (lang, t.name)
    assert set(explain_text.TECHNIQUE_NAMES["k-lines"]) == set(LANGUAGES)


def test_the_words_and_the_narration_have_the_same_languages():
    from nqueens import narrate

    assert LANGUAGES == narrate.LANGUAGES


def test_the_compiled_judge_runs_the_ladders_own_numbers():
    """Every compiled rung's op is one the judge knows, and its numbers are the
    technique module's constants (passed in, not copied into the kernel)."""
    from nqueens.puzzles.techniques import confined, k_lines, lookahead

    compiled = [r.compiled for r in ladder.LADDER if r.compiled is not None]
    assert {c.op for c in compiled} == set(OPS)
    assert Compiled("confine", k_lines.KLINES_HARD, -1, grade=HARD,
                    max_subsets=confined.MAX_SUBSETS) in compiled
    assert lookahead.LONG.compiled.at == lookahead.CHAIN_EXPERT
    kernel = (SRC / "nqueens" / "kernels" / "grading.py").read_text()
    for value in (confined.MAX_SUBSETS, k_lines.KLINES_HARD, lookahead.CHAIN_EXPERT):
        assert f"= {value:_}" not in kernel and f"= {value}\n" not in kernel


def _string_constants(path) -> set[str]:
    """The strings a module writes, less the names of its ``__all__`` (a kernel named
    ``search`` is not the technique)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exported = {n.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
                for n in ast.walk(node.value) if isinstance(n, ast.Constant)}
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)} - exported


def test_each_technique_name_is_written_in_one_module():
    """Outside its own module a technique is asked for by its record, never by its name
    (the grade ``search`` shares its name with the technique: grades.py and the words
    modules name grades)."""
    where: dict[str, list[str]] = {t: [] for t in TECHNIQUES}
    for f in sorted((SRC / "nqueens").rglob("*.py")):
        found = _string_constants(f) & set(where)
        if f.name == "instances.py":  # XCSP's JSON field "blocks" (blocked squares): a file
            found.discard("blocks")   # format's key, not the 2x2-blocks technique
        for t in found:
            grade_names = f.name == "grades.py" or f.parent.name == "words"
            if not (grade_names and t in GRADES):
                where[t].append(f.relative_to(SRC).as_posix())
    assert {t: len(m) for t, m in where.items()} == dict.fromkeys(where, 1), where
