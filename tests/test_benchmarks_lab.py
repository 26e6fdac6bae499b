"""The lab's record: results stored as data render into docs/performance.md exactly, every
script is listed in benchmarks/README.md by the question it answers, and each starts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

BENCH = ROOT / "benchmarks"
sys.path.insert(0, str(BENCH))

import _results  # noqa: E402
import report  # noqa: E402

LIBRARIES = ("lab",)
"""Folders of modules and their tests, not scripts (the GPU kernels the engine never picks)."""
SCRIPTS = sorted(p for p in BENCH.glob("*/*")
                 if p.suffix in (".py", ".sh") and p.parent.name not in LIBRARIES)
"""The scripts, and the private modules beside them (``_stretch.py``: a plug-in)."""


def test_performance_page_is_generated_from_the_results() -> None:
    # the page in the repository is exactly what the saved results give: no hand edits
    assert (ROOT / "docs" / "performance.md").read_text(encoding="utf-8") == report.page()


@pytest.mark.parametrize("path", sorted((BENCH / "results").glob("*.jsonl")),
                         ids=lambda p: p.name)
def test_every_results_line_is_data_that_renders_back(path: Path) -> None:
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if path.stem == "decisions":
            assert set(record) >= {"date", "question", "answer"}
            continue
        blocks = record["blocks"]
        assert blocks and {b["kind"] for b in blocks} <= {"heading", "text", "table"}
        for table in (b for b in blocks if b["kind"] == "table"):
            assert all(len(row) == len(table["columns"]) for row in table["rows"]), table
        # parse(render(blocks)) is a fixed point: what the page shows is what is stored
        assert _results.parse(_results.render(blocks)) == blocks


def test_parse_keeps_numbers_as_numbers_and_text_as_written() -> None:
    blocks = _results.parse("| n | s | note |\n|---|---:|---|\n| 17 | 9.64 | 0.290x |\n"
                            "| 16 | 1.50 | - |\n")
    (table,) = blocks
    assert table["rows"] == [[17, 9.64, "0.290x"], [16, "1.50", "-"]]
    assert table["rule"] == "|---|---:|---|"


def test_save_appends_a_run_and_the_newest_is_shown(tmp_path: Path) -> None:
    _results.save("demo", "# One\n\n| a |\n|---|\n| 1 |\n", results=tmp_path, report=False)
    _results.save("demo", "# Two\n\n| a |\n|---|\n| 2 |\n", results=tmp_path, report=False)
    assert len((tmp_path / "demo.jsonl").read_text().splitlines()) == 2
    page = report.page(tmp_path)
    assert "## Two" in page and "## One" not in page and "| 2 |" in page


def test_every_script_is_listed_in_the_lab_readme() -> None:
    readme = (BENCH / "README.md").read_text(encoding="utf-8")
    for script in SCRIPTS:
        assert f"`{script.parent.name}/`" in readme, script.parent.name
        assert f"`{script.name}`" in readme, script.name


@pytest.mark.parametrize("script", [p for p in SCRIPTS if p.suffix == ".py"
                                    and not p.name.startswith("_")],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.slow
def test_every_python_script_starts(script: Path) -> None:
    # smoke: the script imports (paths to src/ and _common resolve from its folder) and
    # answers --help; what it measures is checked by the tests of what it calls
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, str(script), "--help"], capture_output=True,
                          text=True, timeout=120, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "usage" in proc.stdout.lower()
