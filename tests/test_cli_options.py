"""Options across commands: file names, options that apply to nothing, ASCII digits only,
byte-order marks, and text from files printed as plain lines.

Each runs :func:`nqueens.cli.main` in this process (the bad-input table in
test_fuzz_bad_input.py checks the exit status and the one line of many more).
"""

from __future__ import annotations

import argparse
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


def _file_actions() -> list[tuple[str, argparse.Action]]:
    found: list[tuple[str, argparse.Action]] = []

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{path} {name}".strip())
            elif action.metavar == "FILE":
                found.append((path, action))

    walk(nqueens.cli.build_parser(), "")
    return found


def test_every_file_argument_refuses_an_empty_name():
    """--out, --output, --html, --svg, --png, --plot, --ledger, --dask-log, --board, FILE."""
    actions = _file_actions()
    names = {o for _, a in actions for o in a.option_strings} | {
        a.dest for _, a in actions if not a.option_strings}
    assert names >= {"--out", "--output", "--html", "--svg", "--png", "--plot", "--ledger",
                     "--dask-log", "--board", "file"}
    unchecked = [(p, a.dest) for p, a in actions
                 if getattr(a.type, "__name__", "") != "file_name"]
    assert unchecked == []


@pytest.mark.parametrize("argv", [
    ("trace", "4", "--html", ""), ("stats", "5", "--plot", ""), ("find", "8", "--out", ""),
    ("first", "6", "--out", ""), ("tree", "4", "--png", ""), ("puzzle", "make", "--size", "5",
                                                             "-o", ""),
    ("complete", "--board", ""), ("verify", ""), ("ledger", "show", ""),
])
def test_an_empty_file_name_is_refused_alike_everywhere(capfd, argv):
    line = _refused(capfd, *argv)
    assert "expected a file name, got ''" in line and line.startswith(f"nqueens {argv[0]}")


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
