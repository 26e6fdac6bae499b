"""Every ``$ nqueens ...`` example of README.md and docs/*.md runs, in page order, in a
scratch folder, and prints what the page shows (times and dates masked): a page that drifts
from the program fails here. How pages are read: tests/console_examples.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from console_examples import blocks, mask, matches

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
QUICK_PAGES = {"README.md", "formats.md", "trace.md"}
"""Pages whose examples run in a few seconds in all; the others' (counts, ledgers, puzzles,
pictures, a hundred million queens) run with the slow tests."""


def _pages_with_examples() -> list[object]:
    params = []
    for page in PAGES:
        if any(b.examples for b in blocks(page)):
            marks = [] if page.name in QUICK_PAGES else [pytest.mark.slow]
            params.append(pytest.param(page, id=page.name, marks=marks))
    return params


def _run(command: str, cwd: Path) -> list[str]:
    env = dict(os.environ)
    src = str(ROOT / "src")
    env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["PYTHONUNBUFFERED"] = "1"  # stdout and stderr in the order a terminal shows them
    env.pop("COLUMNS", None)
    # `nqueens` is this checkout's command, whatever is installed
    bin_dir = cwd / ".bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "nqueens"
    if not shim.exists():
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m nqueens "$@"\n')
        shim.chmod(0o755)
    env["PATH"] = os.pathsep.join([str(bin_dir), env.get("PATH", "")])
    proc = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=300)
    return proc.stdout.splitlines()


@pytest.mark.parametrize("page", _pages_with_examples())
def test_the_page_s_console_examples_print_what_the_page_shows(page: Path,
                                                                tmp_path: Path) -> None:
    ran = 0
    for block in blocks(page):
        if block.skip is not None:
            continue
        for example in block.examples:
            actual = _run(example.command, tmp_path)
            ran += 1
            if not example.expected:
                continue
            assert matches(example.expected, actual), (
                f"{page.name}:{example.line}: $ {example.command}\n--- the page shows:\n"
                + "\n".join(mask(x) for x in example.expected)
                + "\n--- the program prints:\n" + "\n".join(mask(x) for x in actual))
    assert ran, f"{page.name}: every console block is skipped"


def test_an_edited_output_line_is_caught(tmp_path: Path) -> None:
    """The check itself can fail: the README's first example with one output line edited."""
    (first,) = [e for b in blocks(ROOT / "README.md") for e in b.examples
                if e.command.startswith("nqueens first 8 ")]
    actual = _run(first.command, tmp_path)
    assert matches(first.expected, actual)
    edited = [*first.expected]
    assert edited[0] == "Q . . . . . . ."
    edited[0] = ". Q . . . . . ."  # the queen of row 1 moved one column
    assert not matches(edited, actual)
    assert not matches(first.expected[:-1], actual)  # a line left out
