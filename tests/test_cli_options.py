"""Options across commands: file names, options that apply to nothing, ASCII digits only,
byte-order marks, and text from files printed as plain lines.

Each runs :func:`nqueens.cli.main` in this process (the bad-input table in
test_fuzz_bad_input.py checks the exit status and the one line of many more).
"""

from __future__ import annotations

import json

import pytest

import nqueens.cli


def _run(capfd, *argv: str) -> tuple[int, str, str]:
    code = nqueens.cli.main(list(argv))
    out, err = capfd.readouterr()
    return code, out, err


def _refused(capfd, *argv: str) -> str:
    """The one stderr line of a bad invocation (exit 2, nothing on stdout)."""
    code, out, err = _run(capfd, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (code, out, err)
    return err.strip()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)


@pytest.mark.parametrize("argv", [
    ("estimate", "8", "--trials", "10", "--seed", "\u0668"),
    ("find", "8", "--method", "local", "--seed", "\uff11"),
    ("puzzle", "make", "--size", "6", "--grade", "\u0663"),
    ("complete", "8", "--queens", "\uff11,\uff11"),
    ("complete", "8", "--blocked", "\u0663,\u0661"),
    ("complete", "12", "--queens", "1_0,1"),
    ("solve", "8", "--limit", "1_0"),
])
def test_numbers_take_ascii_digits_only(capfd, argv):
    _refused(capfd, *argv)


def test_ascii_numbers_still_read(capfd):
    code, out, _ = _run(capfd, "complete", "12", "--queens", "10,1", "--format", "json")
    assert code == 0 and json.loads(out)["queens"] == [[10, 1]]
    code, out, _ = _run(capfd, "estimate", "8", "--trials", "10", "--seed", "8")
    assert code == 0 and "seed 8" in out
    code, out, _ = _run(capfd, "puzzle", "make", "--size", "5", "--seed", "1", "--grade", "1")
    assert code == 0 and "--grade 1" in out


@pytest.mark.parametrize("digits", [30, 41, 5000])
def test_an_n_past_64_bits_says_so_at_any_length(capfd, digits):
    line = _refused(capfd, "count", "9" * digits)
    assert "past 64 bits" in line and len(line) < 200
