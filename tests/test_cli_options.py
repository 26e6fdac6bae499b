"""Options across commands: file names, options that apply to nothing, ASCII digits only,
byte-order marks, and text from files printed as plain lines.

Each runs :func:`nqueens.cli.main` in this process (the bad-input table in
test_fuzz_bad_input.py checks the exit status and the one line of many more).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

import pytest

import nqueens.cli
from _forge import edit_and_resign
from nqueens.engine.run import run_count

BOM = b"\xef\xbb\xbf"


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
                 if getattr(a.type, "__name__", "") not in ("file_name", "ledger_name")]
    assert unchecked == []
    from nqueens.cli._common import ledger_name  # a file name too, and never "-"

    with pytest.raises(argparse.ArgumentTypeError, match="expected a file name, got ''"):
        ledger_name("")


@pytest.mark.parametrize("argv", [
    ("trace", "4", "--html", ""), ("stats", "5", "--plot", ""), ("find", "8", "--out", ""),
    ("first", "6", "--out", ""), ("tree", "4", "--png", ""), ("puzzle", "make", "--size", "5",
                                                             "-o", ""),
    ("complete", "--board", ""), ("verify", ""), ("ledger", "show", ""),
])
def test_an_empty_file_name_is_refused_alike_everywhere(capfd, argv):
    line = _refused(capfd, *argv)
    assert "expected a file name, got ''" in line and line.startswith(f"nqueens {argv[0]}")


@pytest.mark.parametrize(("argv", "fragment"), [
    (("count", "8", "--repair"), "--repair applies only to --ledger FILE"),
    (("count", "8", "--wait"), "--wait applies only to --ledger FILE"),
    (("count", "8", "--strategy", "arrays", "--repair"), "--repair applies only to --ledger"),
    (("count", "8", "--dask-log", "d.log"), "--dask-log applies only to --scheduler ADDR"),
    (("count", "8", "--scheduler-timeout", "5"), "--scheduler-timeout applies only to"),
    (("trace", "4", "--html", "t.html", "-f", "jsonl"),
     "--format and --json apply only to the trace"),
    (("tree", "4", "--svg", "same", "--png", "./same"), "name the same file"),
])
def test_options_that_would_do_nothing_are_refused(capfd, argv, fragment):
    assert fragment in _refused(capfd, *argv)
    assert list(Path().iterdir()) == []


def test_the_scheduler_from_the_environment_takes_the_dask_options(capfd, monkeypatch):
    """Not refused as options without a scheduler: $DASK_SCHEDULER_ADDRESS is one (here an
    unsupported address, so that the count stops at once, at the address)."""
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "ucx://127.0.0.1:1")
    line = _refused(capfd, "count", "8", "--scheduler-timeout", "5", "--dask-log", "d.log")
    assert "ucx:// protocol is not supported" in line


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("ledger") / "good.sqlite"
    run_count(8, workers=1, ledger=path)
    return path


def test_ledger_verify_options_that_apply_to_nothing(capfd, ledger):
    assert "--seed applies only to a random sample" in _refused(
        capfd, "ledger", "verify", str(ledger), "--all", "--seed", "3")
    for option, value in (("--dask-log", "d.log"), ("--scheduler-timeout", "5")):
        line = _refused(capfd, "ledger", "verify", str(ledger), option, value)
        assert f"{option} applies only to --scheduler ADDR" in line
    code, out, _ = _run(capfd, "ledger", "verify", str(ledger), "--all")
    assert code == 0 and "78 of 78" in out


def test_trace_html_alone_still_writes_the_player(capfd):
    code, out, err = _run(capfd, "trace", "4", "--html", "t.html")
    assert code == 0 and out == err == "" and Path("t.html").stat().st_size > 0


@pytest.mark.parametrize("argv", [
    ("estimate", "8", "--trials", "10", "--seed", "\u0668"),
    ("find", "8", "--method", "local", "--seed", "\uff11"),
    ("puzzle", "make", "--size", "6", "--grade", "\u0663"),
    ("complete", "8", "--given", "\uff11,\uff11"),
    ("complete", "8", "--blocked", "\u0663,\u0661"),
    ("complete", "12", "--given", "1_0,1"),
    ("solve", "8", "--limit", "1_0"),
    ("count", "8", "--scheduler", "tcp://127.0.0.1:\u0668\u0667\u0668\u0666"),
])
def test_numbers_take_ascii_digits_only(capfd, argv):
    _refused(capfd, *argv)


def test_ascii_numbers_still_read(capfd):
    code, out, _ = _run(capfd, "complete", "12", "--given", "10,1", "--format", "json")
    assert code == 0 and json.loads(out)["queens"] == [[10, 1]]
    code, out, _ = _run(capfd, "estimate", "8", "--trials", "10", "--seed", "8")
    assert code == 0 and "seed 8" in out
    code, out, _ = _run(capfd, "puzzle", "make", "--size", "5", "--seed", "1", "--grade", "1")
    assert code == 0 and "--grade 1" in out


@pytest.mark.parametrize("digits", [30, 41, 5000])
def test_an_n_past_64_bits_says_so_at_any_length(capfd, digits):
    line = _refused(capfd, "count", "9" * digits)
    assert "past 64 bits" in line and len(line) < 200


@pytest.mark.parametrize("name", [".svg", "sub/.png"])
def test_a_plot_name_that_is_only_an_extension_needs_a_name(capfd, name):
    assert "needs a name before" in _refused(capfd, "stats", "5", "--plot", name)


def test_text_files_with_a_byte_order_mark_are_read(capfd, monkeypatch):
    Path("b.board").write_bytes(BOM + b".Q..\n....\n....\n....\n")
    code, out, err = _run(capfd, "complete", "--board", "b.board", "--format", "cols")
    assert (code, out, err) == (0, "2 4 1 3\n", "")
    for name, data in (("s.json", b"[2, 4, 1, 3]"), ("s.txt", b"2 4 1 3\n")):
        Path(name).write_bytes(BOM + data)
        assert _run(capfd, "verify", name) == (0, "ok n=4\n", "")
    puzzle = BOM + b"kind: regions\nABBBC\nABBBC\nDDDEC\nDDDDC\nDDDDC\n"
    Path("p.txt").write_bytes(puzzle)
    code, solved, err = _run(capfd, "puzzle", "solve", "p.txt")
    assert code == 0 and err == "" and solved.count("Q") == 5
    monkeypatch.setattr(sys, "stdin", io.StringIO(puzzle.decode("utf-8")))
    assert _run(capfd, "puzzle", "solve", "-") == (0, solved, "")


def test_ledger_show_prints_a_forged_field_as_plain_text(capfd, ledger, tmp_path):
    forged = tmp_path / "forged.sqlite"
    forged.write_bytes(ledger.read_bytes())
    edit_and_resign(forged, "UPDATE meta SET value = 'x\x1b[31mred\x1b]0;t\x07\ny' "
                    "WHERE key = 'created'")
    code, out, err = _run(capfd, "ledger", "show", str(forged))
    assert code == 0 and err == "", err
    assert "\x1b" not in out and "\x07" not in out and len(out.splitlines()) == 5
    created = next(line for line in out.splitlines() if line.split()[:1] == ["created"])
    assert created.split(maxsplit=1)[1].startswith("x\\x1b[31mred\\x1b]0;t\\x07 y,")
