"""``nqueens export``: what reaches the file or stdout, and one line with exit 2 for bad input.

The formats themselves are checked by real solvers in tests/test_exports.py; here the
command: the same text as the library, the options of ``complete``, atomic files.
"""

from __future__ import annotations

import pytest

from _export_solvers import sat_count
from nqueens.cli import main
from nqueens.completion import count_completions
from nqueens.exports import board_problem, export_text


def test_stdout_is_the_library_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "8", "--to", "cnf"]) == 0
    out = capsys.readouterr().out
    assert out == export_text(board_problem(8), "cnf")
    assert "p cnf 64 744" in out.splitlines()


def test_file_and_options(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "q.cnf"
    assert main(["export", "8", "--to", "cnf", "-e", "commander", "--given", "1,3",
                 "--blocked", "2,5 4,4", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    text = target.read_text()
    assert text == export_text(board_problem(8, givens=[(0, 2)], blocked=[(1, 4), (3, 3)]),
                               "cnf", encoding="commander")
    assert sat_count(text, 64) == count_completions(8, [(0, 2)], blocked=[(1, 4), (3, 3)])


def test_board_file(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "b.txt"
    board.write_text("Q.....\n......\n..x...\n......\n......\n......\n")
    assert main(["export", "--board", str(board), "--to", "xcc", "--blocked", "6,6"]) == 0
    assert capsys.readouterr().out == export_text(
        board_problem(6, givens=[(0, 0)], blocked=[(2, 2), (5, 5)]), "xcc")


@pytest.mark.parametrize("args", [
    ["8", "--to", "mzn", "--variant", "toroidal"],
    ["5", "--to", "opb", "--variant", "superqueens", "--width", "7"],
    ["6", "--to", "xcsp3", "--k", "3", "--given", "1,1"],
    ["6", "--to", "xcc", "--k", "4", "--variant", "superqueens"],
])
def test_variants_reach_the_model(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", *args]) == 0
    opts = dict(zip(args[1::2], args[2::2], strict=False))
    expected = export_text(board_problem(
        int(args[0]), variant=opts.get("--variant", "classic"),
        width=int(opts["--width"]) if "--width" in opts else None,
        k=int(opts["--k"]) if "--k" in opts else None,
        givens=[(0, 0)] if "--given" in opts else ()), opts["--to"])
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize(("args", "words"), [
    (["8", "--to", "lp"], "invalid choice: 'lp'"),
    (["8", "--to", "opb", "--encoding", "sequential"], "--encoding applies only to --to cnf"),
    (["8", "--to", "cnf", "--encoding", "ladder"], "invalid choice: 'ladder'"),
    (["3", "--to", "cnf", "--width", "2"], "width M must be at least N = 3"),
    (["4", "--to", "cnf", "--k", "5"], "K must be an integer from 0 to 4, got 5"),
    (["4", "--to", "cnf", "--variant", "toroidal", "--width", "5"], "toroidal board is square"),
    (["4", "--to", "cnf", "--width", "5", "--k", "2"], "do not go together"),
    (["4", "--to", "cnf", "--variant", "knight"], "invalid choice: 'knight'"),
    (["4", "--to", "cnf", "--given", "3"], "for K queens on the board write --k 3"),
    (["4", "--to", "cnf", "--given", "1,1 2,2"], "share a diagonal"),
    (["5", "--to", "cnf", "--given", "1,1 2,3", "--variant", "superqueens"], "knight's move"),
    (["4", "--to", "cnf", "--given", "x"], "cannot read 'x' as a square"),
    (["4", "--to", "cnf", "--blocked", "5,1"], "off the 4 x 4 board"),
    (["--to", "cnf"], "give the board size N"),
    (["1000", "--to", "cnf"], "sequential encoding is smaller"),
    (["1001", "--to", "mzn"], "N must be an integer from 1 to 1000"),
    (["99999999999999999999999", "--to", "cnf"], "past 64 bits"),
    (["4", "--to", "cnf", "--width", "-3"], "expected a positive integer"),
    (["4", "--to", "xcc", "--given", "1,1", "--board", "b.txt"], "not allowed with"),
])
@pytest.mark.slow
def test_bad_input_one_line_exit_2(args: list[str], words: str, tmp_path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out.txt"
    assert main(["export", *args, "-o", str(target)]) == 2
    captured = capsys.readouterr()
    assert words in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    assert captured.out == ""
    assert list(tmp_path.iterdir()) == []


def test_board_file_problems(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "b.txt"
    board.write_text("Q...\n....\n....\n....\n")
    for args, words in [(["5"], "N is 5 but the board"), (["--width", "5"], "--width does "
                        "not apply"), (["-o", str(board)], "would overwrite it")]:
        assert main(["export", "--board", str(board), "--to", "cnf", *args]) == 2
        assert words in capsys.readouterr().err
    assert board.read_text() == "Q...\n....\n....\n....\n"
