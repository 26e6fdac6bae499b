"""The docs name only scripts that exist (issue 48): every ``benchmarks/...py`` or
``.sh`` path written in README.md or docs/*.md is a file of the repository, and the results
page is what benchmarks/report.py renders from the results."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATH = re.compile(r"benchmarks/[A-Za-z0-9_/.-]+\.(?:py|sh)")


def test_every_script_the_docs_name_exists():
    named = {(doc.name, m) for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
             for m in PATH.findall(doc.read_text(encoding="utf-8"))}
    assert len(named) > 20
    assert sorted(x for x in named if not (ROOT / x[1]).is_file()) == []


def test_the_results_page_is_rendered_from_the_results():
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "report.py"), "--check"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


SOURCE = re.compile(r"(?<![\w/.-])(?:\.\./)?([A-Za-z0-9_.-]+/[A-Za-z0-9_/.-]+\.(?:py|sh))\b")
"""Any path of a script or module a page writes: ``benchmarks/x.py``, ``engine/run.py``
(the package's modules are written from ``src/nqueens``), ``techniques/board.py`` (in the
README's tree of the package, under its folder)."""

ELSEWHERE = {"solver/starbattle.py"}
"""Paths of other projects' files the pages cite (the open-source Queens clone whose
community levels docs/performance.md measures)."""


def test_every_module_path_the_docs_name_is_a_file():
    """A path that names no file of the repository (as written, or as the tail of a file's
    path: the pages write modules from the package's folder) is a dead reference."""
    files = [p.relative_to(ROOT).as_posix() for top in ("benchmarks", "docs", "src", "tests", ".ci")
             for p in (ROOT / top).rglob("*") if p.is_file()]
    named = {(doc.name, m) for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
             for m in SOURCE.findall(doc.read_text(encoding="utf-8"))}
    assert len(named) > 60
    dead = sorted((doc, path) for doc, path in named if path not in ELSEWHERE
                  and not any(f == path or f.endswith("/" + path) for f in files))
    assert dead == []
