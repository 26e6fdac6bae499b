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
