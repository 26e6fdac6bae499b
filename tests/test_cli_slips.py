"""The small slips a new user meets (issue 50): a mistyped command or option, the positional
size of ``puzzle make``, the honest share of ``ledger show``, numbers given as text."""

from __future__ import annotations

import sqlite3

import pytest

import nqueens
from nqueens.cli import main
from nqueens.errors import InvalidSizeError

from conftest import assert_bad_input, run_cli


def _one_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1, (code, err)
    return err[0]


@pytest.mark.parametrize(("argv", "nearest"), [
    (("cout", "8"), "'count'"),
    (("puzzle", "mak", "8"), "'make'"),
    (("ledger", "shw", "x.sqlite"), "'show'"),
    (("solve", "8", "--format", "colz"), "'cols'"),
    (("count", "8", "--uniqe"), "'--unique'"),
    (("count", "8", "--wrkers=2"), "'--workers'"),
    (("puzzle", "make", "8", "--sede", "3"), "'--seed'"),
])
def test_a_mistyped_word_gets_the_nearest_one(capsys: pytest.CaptureFixture[str],
                                              argv: tuple[str, ...], nearest: str) -> None:
    line = _one_line(capsys, *argv)
    assert f"(did you mean {nearest}?)" in line, line


def test_no_suggestion_when_nothing_is_near(capsys: pytest.CaptureFixture[str]) -> None:
    line = _one_line(capsys, "count", "8", "--zzzzzz")
    assert "unrecognized arguments: --zzzzzz" in line and "did you mean" not in line


def test_puzzle_make_takes_the_size_as_every_command_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "make", "6", "--seed", "1", "--grade", "easy"]) == 0
    positional = capsys.readouterr().out
    assert main(["puzzle", "make", "--size", "6", "--seed", "1", "--grade", "easy"]) == 0
    flagged = capsys.readouterr().out
    assert positional == flagged and len(positional.strip().splitlines()[-1]) == 6
    assert "needs a board size" in _one_line(capsys, "puzzle", "make")
    assert "two board sizes" in _one_line(capsys, "puzzle", "make", "6", "--size", "7")


@pytest.mark.parametrize(("value", "hint"), [
    ("8", "(text: pass the number 8, without quotes)"),
    (8.0, "(a float: pass the integer 8)"),
    (True, "(a bool, not a number)"),
    ("eight", "(text, not a number)"),
])
def test_a_number_given_as_something_else_says_what_to_pass(value: object, hint: str) -> None:
    with pytest.raises(InvalidSizeError) as err:
        nqueens.count(value)  # type: ignore[arg-type]
    assert str(err.value).endswith(hint), err.value


@pytest.mark.slow
def test_ledger_show_never_says_100_percent_of_an_incomplete_count(tmp_path) -> None:
    ledger = tmp_path / "n16.sqlite"
    assert run_cli("count", "16", "--ledger", str(ledger), "--quiet").code == 0
    with sqlite3.connect(ledger) as db:  # one unit of 3,206 left to count
        db.execute("DELETE FROM results WHERE idx = (SELECT MAX(idx) FROM results)")
    shown = run_cli("ledger", "show", str(ledger))
    assert shown.code == 0, shown.err
    assert "3,205 of 3,206 done (99.9%)" in shown.out and "incomplete" in shown.out
    assert "100.0%" not in shown.out


def test_bad_sizes_through_the_command_line_stay_one_line() -> None:
    assert_bad_input(run_cli("puzzle", "make", "x"), "expected a positive integer, got 'x'")


def test_an_xcsp3_file_not_named_xml_gets_the_note_ace_needs(tmp_path) -> None:
    named = run_cli("export", "6", "--to", "xcsp3", "--output", str(tmp_path / "q6.xcsp3"))
    assert named.code == 0 and (tmp_path / "q6.xcsp3").read_text().startswith("<instance")
    assert named.err.strip() == ("nqueens: note: ACE, pycsp3's XCSP3 solver, reads an XCSP3 "
                                 "file only when its name ends in .xml")
    xml = run_cli("export", "6", "--to", "xcsp3", "--output", str(tmp_path / "q6.xml"))
    assert xml.code == 0 and xml.err == ""
