"""One design for words (issue 48): every user-facing sentence comes from one words module
per language, so a fourth language is one new module and nothing else. Shown here by a
copy of the package with one more module (``words/xx.py``, English with its names
marked) and nothing else changed: the explainer, the trace, the tree picture, the puzzle
page, the player, the hints and state checks (library and ``nqueens puzzle check``), the
lesson studio and the worksheet all speak it. And no module outside ``nqueens/words/``
holds a Japanese or Korean string (`test_no_japanese_or_korean_outside_the_words`)."""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys

from nqueens.words import LANGUAGES, words

from conftest import SRC

PROGRAM = r"""
import json, sys
from nqueens.words import LANGUAGES
from nqueens.puzzles import completion_puzzle, explain, step_text
from nqueens.puzzles.logic import summary_text
from nqueens.narrate import event_lines
from nqueens.trace import events
from nqueens.analysis.tree import pruned_tree
from nqueens.render.tree import tree_svg
from nqueens.render.puzzle_play import play_html
from nqueens.render.player import player_html
from nqueens.render.studio import studio_data
from nqueens.render.worksheet import _pages, worksheet
from nqueens.puzzles.hint import hint
from nqueens.puzzles.check import check_state, state_text
from nqueens.puzzles.model import parse_puzzle
p = completion_puzzle(4, [(0, 1)])
e = explain(p)
evs = list(events(4))
r = parse_puzzle("AAB\nACB\nCCB\n")
touch, fine = ("Q..", ".Q.", "..."), ("Q..", "...", "...")
studio = studio_data(n=4, events=evs, lang="xx", strategies=["promising"], totals=None)
out = {
    "languages": list(LANGUAGES),
    "step": step_text(e.steps[1], "xx", p),
    "summary": summary_text(e, "xx"),
    "trace": event_lines(evs, "xx", n=4)[:3],
    "tree": "XX-root" in tree_svg(pruned_tree(4, until="first"), lang="xx"),
    "play": "XX-title" in play_html(p, lang="xx"),
    "player": "XX-First" in player_html(n=4, events=evs, lines=[""] * len(evs), lang="xx"),
    "hint": hint(r, touch, lang="xx").text,
    "check": state_text(r, fine, check_state(r, fine), "xx"),
    "studio": [studio["words"]["checked"], studio["programs"][0]["title"]],
    "worksheet": ["XX-Answer key" in page for page in _pages(worksheet(4), "xx")],
}
print(json.dumps(out, ensure_ascii=False))
"""


def _marked_english() -> str:
    text = (SRC / "nqueens" / "words" / "en.py").read_text(encoding="utf-8")
    return (text.replace('"last square"', '"XX-last square"')
                .replace('return f"{square} is promising."', 'return f"{square} XX-promising."')
                .replace('"root": "root"', '"root": "XX-root"')
                .replace('"title": "{n} x {n} queens puzzle"', '"title": "XX-title {n}"')
                .replace("All {n}", "XX-All {n}")
                .replace('"first": "First", "back": "Back"', '"first": "XX-First", "back": "Back"')
                .replace('"Two {stars} touch', '"XX-Two {stars} touch')
                .replace('"No rule is broken', '"XX-No rule is broken')
                .replace('"Nodes checked"', '"XX-Nodes checked"')
                .replace('"queens(i) / promising(i): the', '"XX-queens(i) / promising(i): the')
                .replace('"key": "Answer key"', '"key": "XX-Answer key"'))


def test_a_fourth_language_is_one_module(tmp_path):
    copy = tmp_path / "src"
    shutil.copytree(SRC / "nqueens", copy / "nqueens",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    (copy / "nqueens" / "words" / "xx.py").write_text(_marked_english(), encoding="utf-8")
    env = {"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                       timeout=120, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    got = json.loads(r.stdout)
    assert got["languages"] == [*LANGUAGES, "xx"]
    assert got["step"].startswith("XX-last square")
    assert got["summary"].startswith("XX-All 4 queens")
    assert got["trace"][0] == ("<1,1> XX-promising. { because queen 1 is the first queen "
                               "positioned }")
    assert got["tree"] and got["play"] and got["player"]
    assert got["hint"] == "XX-Two queens touch: <1,1> and <2,2>."
    assert got["check"] == "XX-No rule is broken (1 of 3 queens placed)."
    assert got["studio"] == ["XX-Nodes checked",
                             "XX-queens(i) / promising(i): the textbook, O(i) a check"]
    assert got["worksheet"] == [False, True]  # the key's title only on the answer page
    board = tmp_path / "board.txt"
    board.write_text("AAB\nACB\nCCB\n\nstate:\nQ..\n.Q.\n...\n")
    cli = subprocess.run([sys.executable, "-m", "nqueens", "puzzle", "check", "--lang", "xx",
                          str(board)], capture_output=True, text=True, timeout=120, env=env)
    assert (cli.returncode, cli.stdout.strip()) == (1, "XX-Two queens touch: <1,1> and <2,2>.")


def test_every_language_has_every_name_english_has():
    imported = {"Any", "TYPE_CHECKING", "Event", "Phrases", "Textbook", "REGION_LETTERS",
                "Square", "annotations", "with_particle"}
    public = {name for name in vars(words("en")) if not name.startswith("_")} - imported
    for lang in LANGUAGES:
        assert public <= set(vars(words(lang))), (lang, public - set(vars(words(lang))))
        for table in ("TREE", "PUZZLE_PAGE", "PLAYER_PAGE", "STATE", "STUDIO",
                      "STUDIO_PROGRAMS", "WORKSHEET"):
            assert set(getattr(words(lang), table)) == set(getattr(words("en"), table))


def test_every_state_sentence_fills_in_every_language():
    """Each language's `state_marks` gives every word its `STATE` sentences ask for."""
    from nqueens.puzzles.state_words import say

    for lang in LANGUAGES:
        for key in words(lang).STATE:
            for k, have, room in ((1, 0, 0), (1, 1, 1), (2, 3, 2), (3, 1, 5)):
                text = say(key, lang, k, unit=("row", 2), squares=((0, 0), (1, 2)),
                           have=have, room=room, placed=1, total=8, seconds=2.5)
                assert "{" not in text and text == text.strip(), (lang, key, text)
    assert say("bkStarLt", "en", 2, unit=("region", 1), have=1, room=1) == (
        "Region B can no longer get its 2 stars: it has 1 and 1 open square where one "
        "could go.")
    assert say("lnStarGt", "ko", 1, unit=("col", 0), have=2) == (
        "1열에 퀸이 2개 있다. 각 행과 열에는 1개까지 놓는다.")


CJK = re.compile("[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
                 "\uff66-\uff9f\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af"
                 "\ud7b0-\ud7ff]")
"""Japanese and Korean characters: Hiragana, Katakana (and its extension, half-width
forms), CJK ideographs (and extension A, compatibility), Hangul jamo (and compatibility,
extended A and B) and syllables."""


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes: the first statement of a module, class or function,
    and the string just after an assignment (an attribute's docstring)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for i, stmt in enumerate(body):
            if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
                    and isinstance(stmt.value.value, str)):
                continue
            first = i == 0 and isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                                          | ast.AsyncFunctionDef)
            if first or (i and isinstance(body[i - 1], ast.Assign | ast.AnnAssign)):
                found.add(id(stmt.value))
    return found


def cjk_literals(source: str) -> list[tuple[int, str]]:
    """The string literals of `source` (f-string parts included, docstrings not) that hold
    a Japanese or Korean character: (line, text)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docs and CJK.search(node.value))


def test_the_scan_sees_literals_and_skips_docstrings():
    source = ('"""モジュール."""\nX = {"a": "置ける"}\n"""X の説明."""\n'
              'def f(k):\n    """関数."""\n    return f"{k}행"\n'
              'class C:\n    """クラス."""\n    y = "ok"\n    """y 설명."""\n'
              '    print(y)\n    "따로 선 문자열"\n')
    assert cjk_literals(source) == [(2, "置ける"), (6, "행"), (12, "따로 선 문자열")]
    assert cjk_literals('s = "<3,5> is promising"\n') == []


def test_no_japanese_or_korean_outside_the_words():
    """Every Japanese or Korean sentence lives in a words module (``nqueens/words/``); no
    exemption: the Korean particle helper is there too (``words/_hangul.py``)."""
    found = {}
    for path in sorted((SRC / "nqueens").rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("nqueens/words/"):
            continue
        if hits := cjk_literals(path.read_text(encoding="utf-8")):
            found[rel] = hits
    assert found == {}
    assert cjk_literals((SRC / "nqueens" / "words" / "ja.py").read_text(encoding="utf-8"))
