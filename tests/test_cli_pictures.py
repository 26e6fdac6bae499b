"""Pictures from the command line: svg/png formats, --attacks, --out, colour in a terminal."""

from __future__ import annotations

import itertools
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from _procs import run_on_terminal
from nqueens.board import Solution

from conftest import ROOT, SRC, assert_bad_input, run_cli
from naive import naive_attacked, naive_solutions

SVG = "{http://www.w3.org/2000/svg}"
FAST = ("--strategy", "arrays")


def queens_of(svg: str) -> tuple[int, ...]:
    root = ET.fromstring(svg)
    squares = sorted(
        (int(g.get("data-row")), int(g.get("data-col")))
        for g in root.iter(f"{SVG}g") if g.get("class") == "queen"
    )
    assert [r for r, _ in squares] == list(range(len(squares)))
    return tuple(c for _, c in squares)


def test_solve_svg_to_stdout() -> None:
    r = run_cli("solve", "8", "--limit", "1", "--format", "svg")
    assert r.code == 0, r.err
    assert queens_of(r.out) == Solution.from_cols([1, 5, 8, 6, 3, 7, 2, 4]).placement


def test_first_svg_with_attacks_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    r = run_cli("first", "6", "--format", "svg", "--attacks", "--out", str(out), *FAST)
    assert r.code == 0 and r.out == "" and r.err == ""
    svg = out.read_text()
    placement = queens_of(svg)
    assert placement == naive_solutions(6)[0]
    marked = {
        (int(e.get("data-row")), int(e.get("data-col"))): int(e.get("data-attacks"))
        for e in ET.fromstring(svg).iter(f"{SVG}rect") if e.get("data-attacks")
    }
    assert marked == naive_attacked(placement, 6)


def test_numbered_files_one_per_solution(tmp_path: Path) -> None:
    r = run_cli("solve", "6", "--format", "svg", "--out", str(tmp_path / "b-{index}.svg"), *FAST)
    assert r.code == 0, r.err
    sols = naive_solutions(6)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"b-{i}.svg" for i in range(1, 5)]
    for i, placement in enumerate(sols, 1):
        assert queens_of((tmp_path / f"b-{i}.svg").read_text()) == placement


def test_numbered_files_stopped_by_a_failure_name_the_files_kept(tmp_path: Path) -> None:
    (tmp_path / "b-3.svg").mkdir()  # the third file cannot be written
    r = run_cli("solve", "6", "--format", "svg", "--out", str(tmp_path / "b-{index}.svg"), *FAST)
    assert_bad_input(r, "b-3.svg", "it is a directory", "2 files written whole",
                     f"{str(tmp_path / 'b-1.svg')!r} to {str(tmp_path / 'b-2.svg')!r}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b-1.svg", "b-2.svg", "b-3.svg"]
    for i, placement in enumerate(naive_solutions(6)[:2], 1):
        assert queens_of((tmp_path / f"b-{i}.svg").read_text()) == placement


def test_numbered_files_interrupted_name_the_files_kept(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "solve", "12", "--format", "svg",
         "--out", str(tmp_path / "b-{index}.svg")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    while not (tmp_path / "b-3.svg").exists():  # some files are whole
        assert proc.poll() is None, proc.stderr.read()
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 130
    kept = sorted(int(p.name[2:-4]) for p in tmp_path.iterdir())
    assert kept == list(range(1, len(kept) + 1))  # no gap, no temporary file
    last = str(tmp_path / f"b-{len(kept)}.svg")
    assert err.splitlines() == [f"nqueens: interrupted; {len(kept)} files written whole "
                                f"({str(tmp_path / 'b-1.svg')!r} to {last!r})"]
    from nqueens.search import solutions  # its order is checked against naive's elsewhere

    expected = list(itertools.islice(solutions(12, strategy="arrays"), len(kept)))[-1]
    assert queens_of(Path(last).read_text()) == tuple(expected.placement)


@pytest.mark.parametrize("old_file", [False, True])
def test_an_interrupt_just_after_a_file_is_put_in_place_counts_it(tmp_path, monkeypatch,
                                                                  old_file):
    """Ctrl-C landing between a file's rename into place and the count of files written:
    the line still names every whole file, whether or not an earlier run left a file at
    that name (and a file that was not replaced is not taken for a new one)."""
    import argparse

    from nqueens.cli import solve as cli_solve
    from nqueens.search import solutions

    if old_file:
        (tmp_path / "b-2.svg").write_text("stale")  # replaced by a new file: counted
    real_replace = os.replace
    calls = []

    def replace_then_interrupt(src, dst):
        real_replace(src, dst)
        calls.append(dst)
        if len(calls) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", replace_then_interrupt)
    args = argparse.Namespace(out=str(tmp_path / "b-{index}.svg"), format="svg",
                              attacks=False)
    with pytest.raises(KeyboardInterrupt) as info:
        cli_solve._write_pictures(solutions(6, strategy="arrays"), args)
    assert info.value.__notes__ == [f"2 files written whole ({str(tmp_path / 'b-1.svg')!r} "
                                    f"to {str(tmp_path / 'b-2.svg')!r})"]

    def fail_before_replace(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", fail_before_replace)
    with pytest.raises(KeyboardInterrupt) as info:
        cli_solve._write_pictures(solutions(6, strategy="arrays"), args)
    assert not getattr(info.value, "__notes__", [])  # b-1 existed already: nothing new


def test_several_pictures_without_index_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    assert_bad_input(run_cli("solve", "8", "--format", "svg", "--out", str(out), *FAST),
                     "--limit 1", "{index}")
    assert_bad_input(run_cli("solve", "8", "--format", "svg", *FAST), "--limit 1")
    assert list(tmp_path.iterdir()) == []


def test_first_without_solution_writes_no_picture(tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    r = run_cli("first", "3", "--format", "svg", "--out", str(out), *FAST)
    assert r.code == 0 and "no solution" in r.err and r.out == ""  # a picture: not prose
    assert not out.exists()


def test_text_formats_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "s.txt"
    r = run_cli("solve", "4", "--format", "cols", "--out", str(out), *FAST)
    assert r.code == 0 and r.out == ""
    assert out.read_text() == "2 4 1 3\n3 1 4 2\n"


def test_png_to_a_file(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    out = tmp_path / "b.png"
    r = run_cli("first", "8", "--format", "png", "--out", str(out), *FAST)
    assert r.code == 0, r.err
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 400


def test_png_to_a_pipe() -> None:
    pytest.importorskip("cairosvg")
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, "-m", "nqueens", "first", "5", "-f", "png", *FAST],
                          capture_output=True, env=env, timeout=60)
    assert proc.returncode == 0 and proc.stdout[:4] == b"\x89PNG"


@pytest.mark.parametrize("failure", ["ImportError('No module named cairosvg')",
                                     "OSError('no library called \"cairo-2\" was found')"])
def test_png_without_cairo_is_one_line(tmp_path: Path, monkeypatch, failure: str) -> None:
    fake = tmp_path / "fake"
    (fake / "cairosvg").mkdir(parents=True)
    (fake / "cairosvg" / "__init__.py").write_text(f"raise {failure}\n")
    monkeypatch.setenv("PYTHONPATH", str(fake))
    out = tmp_path / "b.png"
    r = run_cli("first", "8", "--format", "png", "--out", str(out), *FAST)
    assert_bad_input(r, "cairosvg", "nqueens-toolkit[png]")
    assert not out.exists()
    r = run_cli("tree", "4", "--png", str(out))
    assert_bad_input(r, "cairosvg")
    assert not out.exists()


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("first", "8", "--format", "svg", "--out", "/nonexistent/dir/x.svg"),
         ("cannot write", "/nonexistent/dir/x.svg")),
        (("first", "8", "--format", "gif"), ("invalid choice", "gif")),
        (("first", "8", "--attacks"), ("--attacks", "svg")),
        (("solve", "4", "--out", "/nonexistent/dir/x.txt"), ("/nonexistent/dir/x.txt",)),
    ],
)
def test_bad_picture_input(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    assert_bad_input(run_cli(*args, *FAST), *fragments)


# -- colour in a terminal, plain text in a pipe ----------------------------------------------


def test_piped_boards_are_plain_text() -> None:
    r = run_cli("solve", "6", *FAST)
    assert r.code == 0
    assert r.out == "\n\n".join(Solution(p).to_text() for p in naive_solutions(6)) + "\n"
    assert "\x1b" not in r.out
    r = run_cli("first", "8", *FAST)
    assert r.out == Solution.from_cols([1, 5, 8, 6, 3, 7, 2, 4]).to_text() + "\n"


def run_in_pty(*args: str, **env_extra: str) -> str:
    if sys.platform == "win32":
        pytest.skip("pseudo-terminals need a POSIX system")
    env = dict(os.environ, PYTHONPATH=str(SRC), TERM="xterm-256color", COLUMNS="80")
    env.pop("NO_COLOR", None)
    env.pop("FORCE_COLOR", None)
    env.update(env_extra)
    code, out, err = run_on_terminal(list(args), env, stream="stdout", timeout=60)
    assert code == 0, err
    return out.replace("\r\n", "\n")


def test_boards_in_a_terminal_are_coloured() -> None:
    out = run_in_pty("first", "8", *FAST)
    assert "\x1b[" in out
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    rows = [line for line in plain.splitlines() if line.strip()]
    assert [row.index("Q") // 3 for row in rows] == [0, 4, 7, 5, 2, 6, 1, 3]


def test_no_color_in_a_terminal_gives_plain_text() -> None:
    out = run_in_pty("first", "8", *FAST, NO_COLOR="1")
    assert out == Solution.from_cols([1, 5, 8, 6, 3, 7, 2, 4]).to_text() + "\n"


def test_plain_output_and_help_import_no_renderer() -> None:
    code = (
        "import sys\n"
        "from nqueens.cli import main\n"
        "main(['first', '6', '--strategy', 'arrays'])\n"
        "try:\n"
        "    main(['tree', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('rich', 'numba', 'cairosvg', 'nqueens.render')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("command", [("tree", "4", "--svg"), ("first", "6", "-s", "arrays",
                                                              "-f", "svg", "--out")])
def test_a_directory_as_output_is_one_line(tmp_path: Path, command: tuple[str, ...]) -> None:
    target = tmp_path / "taken"
    target.mkdir()
    assert_bad_input(run_cli(*command, str(target)), "cannot write", "is a directory")
    assert [p.name for p in tmp_path.iterdir()] == ["taken"]
    assert list(target.iterdir()) == []


def test_readme_attacks_picture_is_what_its_command_makes() -> None:
    """The README shows docs/images/board-attacks.svg beside the command that makes it."""
    readme = (ROOT / "README.md").read_text()
    line = next(x for x in readme.splitlines() if "--attacks >" in x)
    command = line.split("#")[0].split(">")[0].split()
    assert command[0] == "nqueens"
    r = run_cli(*command[1:])
    assert r.code == 0
    assert r.out == (ROOT / "docs" / "images" / "board-attacks.svg").read_text()


def test_a_completed_board_in_a_terminal_shows_what_was_given() -> None:
    out = run_in_pty("complete", "8", "--given", "1,1 2,5", "--blocked", "3,2")
    rows = [line for line in out.splitlines() if "Q" in line]
    assert len(rows) == 8
    underlined = []
    for line in rows:
        sgr = re.findall(r"\x1b\[([0-9;]*)m Q ", line)
        assert len(sgr) == 1, line
        underlined.append("4" in sgr[0].split(";"))
    assert underlined == [True, True] + [False] * 6     # the two given queens
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in rows]
    assert plain[2][3:6] == " × " and [p.index("Q") // 3 for p in plain][:2] == [0, 4]
    piped = run_cli("complete", "8", "--given", "1,1 2,5", "--blocked", "3,2")
    assert "\x1b" not in piped.out and "×" not in piped.out
    assert Solution.from_text(piped.out).placement == tuple(p.index("Q") // 3 for p in plain)
