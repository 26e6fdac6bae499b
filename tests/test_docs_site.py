"""The API reference site (issue 50): Sphinx builds it from the docstrings with warnings as
errors, and it holds the API a user looks for. Needs the ``docs`` extra (.ci/run installs it
before the slow tests); skipped without Sphinx."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# what a user of the library looks up first: the counting and solving calls, partial boards,
# the puzzle functions and the engine's backends
EXPECTED = {
    "api/solving.html": ["nqueens.count", "nqueens.solutions", "nqueens.first_solution"],
    "api/completion.html": ["nqueens.completion.complete", "nqueens.completion.completions",
                            "nqueens.completion.count_completions"],
    "api/puzzles.html": ["nqueens.puzzles.make", "nqueens.puzzles.explain",
                         "nqueens.puzzles.solve", "nqueens.puzzles.count",
                         "nqueens.puzzles.parse_puzzle"],
    "api/engine.html": ["nqueens.engine.backends.ThreadBackend",
                        "nqueens.engine.backends.GPUBackend",
                        "nqueens.engine.fleet.DaskBackend"],
}


@pytest.mark.slow
def test_the_reference_builds_without_a_warning_and_holds_the_api(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="the docs extra: pip install -e '.[docs]'")
    pytest.importorskip("furo")
    pytest.importorskip("myst_parser")
    out = tmp_path / "html"
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         str(ROOT / "docs"), str(out)], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-3000:]
    for page, names in EXPECTED.items():
        html = (out / page).read_text(encoding="utf-8")
        for name in names:
            assert f'id="{name}"' in html, (page, name)
    # the guide pages come along through myst-parser
    assert "Huge boards and partial boards" in (out / "large.html").read_text(encoding="utf-8")


def test_help_shows_no_bare_object_default() -> None:
    import pydoc

    import nqueens

    for call in (nqueens.complete, nqueens.completions, nqueens.count_completions):
        text = pydoc.render_doc(call, renderer=pydoc.plaintext)
        assert "<object object" not in text and "NOT_GIVEN" in text, text[:300]


def test_docstrings_read_as_plain_text_in_help() -> None:
    """No reST roles (:func:`...`) and no double backticks in any docstring of the package:
    `name` is the one markup, which help() shows as it is and docs/conf.py's default role
    links to the object of that name."""
    import ast
    import re

    role = re.compile(r":(?:py:)?(?:func|class|meth|mod|data|attr|exc|obj|const):`")
    found = []
    for path in sorted((ROOT / "src" / "nqueens").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if not isinstance(body, list):
                continue
            for stmt in body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                        and isinstance(stmt.value.value, str):
                    prose = [ln for ln in stmt.value.value.splitlines()
                             if not ln.lstrip().startswith((">>>", "..."))]
                    text = "\n".join(prose)
                    if role.search(text) or "``" in text:
                        found.append(f"{path.relative_to(ROOT)}:{stmt.lineno}")
    assert found == [], found[:20]
