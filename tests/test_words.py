"""One design for words (issue 48): every user-facing sentence comes from one words module
per language, so a fourth language is one new module and nothing else. Shown here by a
copy of the package with one more module (``words/xx.py``, English with its names
marked) and nothing else changed: the explainer, the trace, the tree picture, the puzzle
page and the player all speak it."""

from __future__ import annotations

import json
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
p = completion_puzzle(4, [(0, 1)])
e = explain(p)
evs = list(events(4))
out = {
    "languages": list(LANGUAGES),
    "step": step_text(e.steps[1], "xx", p),
    "summary": summary_text(e, "xx"),
    "trace": event_lines(evs, "xx", n=4)[:3],
    "tree": "XX-root" in tree_svg(pruned_tree(4, until="first"), lang="xx"),
    "play": "XX-title" in play_html(p, lang="xx"),
    "player": "XX-First" in player_html(n=4, events=evs, lines=[""] * len(evs), lang="xx"),
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
                .replace('"first": "First", "back": "Back"', '"first": "XX-First", "back": "Back"'))


def test_a_fourth_language_is_one_module(tmp_path):
    copy = tmp_path / "src"
    shutil.copytree(SRC / "nqueens", copy / "nqueens",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    (copy / "nqueens" / "words" / "xx.py").write_text(_marked_english(), encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                       timeout=120, env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr[-2000:]
    got = json.loads(r.stdout)
    assert got["languages"] == [*LANGUAGES, "xx"]
    assert got["step"].startswith("XX-last square")
    assert got["summary"].startswith("XX-All 4 queens")
    assert got["trace"][0] == ("<1,1> XX-promising. { because queen 1 is the first queen "
                               "positioned }")
    assert got["tree"] and got["play"] and got["player"]


def test_every_language_has_every_name_english_has():
    imported = {"Any", "TYPE_CHECKING", "Event", "Phrases", "Textbook", "REGION_LETTERS",
                "Square", "annotations", "with_particle"}
    public = {name for name in vars(words("en")) if not name.startswith("_")} - imported
    for lang in LANGUAGES:
        assert public <= set(vars(words(lang))), (lang, public - set(vars(words(lang))))
        for table in ("TREE", "PUZZLE_PAGE", "PLAYER_PAGE"):
            assert set(getattr(words(lang), table)) == set(getattr(words("en"), table))
