"""``nqueens puzzle`` as a person meets it: make, check, explain, draw, play; bad input; Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest

from nqueens.puzzles import parse_puzzle
from test_puzzles import brute

from conftest import SRC, assert_bad_input, run_cli


@pytest.fixture(scope="module")
def region10(tmp_path_factory):
    path = tmp_path_factory.mktemp("puzzles") / "r10.txt"
    r = run_cli("puzzle", "make", "--size", "10", "--seed", "7", "--logic-only",
                "-o", str(path))
    assert r.code == 0 and r.out == ""
    return path


def test_make_is_reproducible_and_prints_how_to_remake(region10):
    again = run_cli("puzzle", "make", "--size", "10", "--seed", "7", "--logic-only")
    assert again.out == region10.read_text()
    assert again.out.startswith("# made by: nqueens puzzle make --size 10 --kind regions "
                                "--seed 7 --logic-only\n")
    assert parse_puzzle(again.out).n == 10


@pytest.mark.slow
def test_check_a_made_region_puzzle(region10):
    r = run_cli("puzzle", "count", str(region10))
    assert (r.code, r.out) == (0, "1\n")
    j = json.loads(run_cli("puzzle", "count", str(region10), "--max", "1", "--json").out)
    assert (j["count"], j["unique_solution"], j["more_than"]) == (1, True, None)
    s = run_cli("puzzle", "solve", str(region10))
    grid = s.out.splitlines()
    assert s.code == 0 and len(grid) == 10
    cols = tuple(row.index("Q") for row in grid)
    from nqueens.puzzles import first_violation

    assert first_violation(parse_puzzle(region10.read_text()), cols) is None
    made = json.loads(run_cli("puzzle", "make", "--size", "10", "--seed", "7", "--logic-only",
                              "--format", "json").out)
    assert [c - 1 for c in made["solution"]] == list(cols)
    assert made["unique_solution"] is True and "unique" not in made   # "unique" counts classes


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.slow
def test_explain_numbers_steps_and_grades(region10, lang):
    r = run_cli("puzzle", "explain", str(region10), "--lang", lang)
    lines = r.out.splitlines()
    assert r.code == 0 and lines[0].lstrip().startswith("1. ")
    assert {"en": "Difficulty", "ja": "難易度", "ko": "난이도"}[lang] in lines[-1]
    j = json.loads(run_cli("puzzle", "explain", str(region10), "--json", "--lang", lang).out)
    assert j["logic_only"] and [s["text"] for s in j["steps"]] == [
        line.split(". ", 1)[1] for line in lines[:-1]]


def test_count_with_a_cap_says_more_than(tmp_path):
    path = tmp_path / "open.txt"
    path.write_text("kind: completion\n" + "......\n" * 6)
    assert run_cli("puzzle", "count", str(path)).out == "4\n"
    assert run_cli("puzzle", "count", str(path), "--max", "2").out == "more than 2\n"
    j = json.loads(run_cli("puzzle", "count", str(path), "--max", "2", "--json").out)
    assert (j["count"], j["more_than"], j["unique_solution"]) == (None, 2, False)


def test_solve_proves_none_with_exit_1(tmp_path):
    path = tmp_path / "none.txt"
    path.write_text("AABB\nCCCC\nCCCC\nDDDD\n")
    p = parse_puzzle(path.read_text())
    assert brute(p) == []
    r = run_cli("puzzle", "solve", str(path))
    assert r.code == 1 and "no solution" in r.out
    j = run_cli("puzzle", "solve", str(path), "--json")
    assert j.code == 1 and json.loads(j.out)["solution"] is None



NOTE = {"en": "Note: this puzzle is not unique", "ja": "注意: このパズルの解は1つではない",
        "ko": "주의: 이 퍼즐은 해답이 하나가 아니다"}


@pytest.mark.parametrize("grid", ["AABBB\nAABBB\nCCDDD\nCEEED\nCEEED\n",   # the audit's: 7
                                  "AAAA\nBBBB\nCCCC\nDDDD\n",                # 2 solutions
                                  "AABB\nCCCC\nCCCC\nDDDD\n",                # none
                                  "kind: completion\n" + "......\n" * 6])      # 4
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.slow
def test_explain_warns_exactly_when_the_puzzle_has_several_solutions(tmp_path, grid, lang):
    """The brute force is the oracle: a last line (and JSON fields) say "not unique" when it
    finds two solutions or more, and nothing is said for one; none exits 1 as solve does."""
    path = tmp_path / "p.txt"
    path.write_text(grid)
    found = len(brute(parse_puzzle(grid)))
    r = run_cli("puzzle", "explain", str(path), "--lang", lang)
    assert r.code == (1 if found == 0 else 0), r.err
    last = r.out.splitlines()[-1]
    assert last.startswith(NOTE[lang]) == (found > 1), (found, last)
    if found > 1:
        assert "2" in last and "nqueens puzzle count" in last
    j = run_cli("puzzle", "explain", str(path), "--lang", lang, "--json")
    assert j.code == r.code
    record = json.loads(j.out)
    assert record["unique_solution"] == (found == 1)
    assert (record["count"], record["more_than"]) == ((None, 1) if found > 1 else (found, None))
    assert (record["warning"] == last) == (found > 1) and (record["warning"] is None) == (found < 2)


def test_make_completion_and_read_it_from_stdin():
    made = run_cli("puzzle", "make", "-n", "8", "--kind", "completion", "--seed", "2")
    p = parse_puzzle(made.out)
    assert p.kind == "completion" and len(brute(p)) == 1
    r = run_cli("puzzle", "count", "-", input=made.out)
    assert r.out == "1\n"


def test_make_svg_and_svg_with_solution(region10, tmp_path):
    out = tmp_path / "r10.svg"
    r = run_cli("puzzle", "svg", str(region10), "--solution", "-o", str(out))
    assert r.code == 0
    root = ET.fromstring(out.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    cells = root.findall(f".//{ns}rect[@class='cell']")
    p = parse_puzzle(region10.read_text())
    letters = {(int(c.get("data-row")), int(c.get("data-col"))): c.get("data-region")
               for c in cells}
    assert letters == {(r, c): "ABCDEFGHIJ"[p.regions[r][c]] for r in range(10)
                       for c in range(10)}
    queens = sorted((int(g.get("data-row")), int(g.get("data-col")))
                    for g in root.findall(f".//{ns}g[@class='queen']"))
    assert len(queens) == 10  # the drawn queens are the solution
    from nqueens.puzzles import first_violation

    assert first_violation(p, tuple(c for _, c in queens)) is None
    svg = run_cli("puzzle", "make", "-n", "6", "--seed", "1", "--format", "svg")
    assert svg.out.startswith("<svg") and "class=\"queen\"" not in svg.out


def test_play_writes_one_offline_page(region10, tmp_path):
    out = tmp_path / "play.html"
    r = run_cli("puzzle", "play", str(region10), "--lang", "ko", "-o", str(out))
    page = out.read_text()
    assert r.code == 0 and page.startswith("<!DOCTYPE html>") and "힌트" in page
    assert "src=" not in page and "href=" not in page


BAD = [
    (["puzzle", "count", "NOFILE"], "cannot read puzzle file 'NOFILE'"),
    (["puzzle", "make", "--size", "3"], "no 3 x 3 puzzle has a solution"),
    (["puzzle", "make", "--size", "6", "--grade", "silly"], "--grade 'silly'"),
    (["puzzle", "make", "--size", "6", "--grade", "5", "--logic-only"], "contradicts"),
    (["puzzle", "make", "--size", "6", "--kind", "completion", "--diagonals"], "--diagonals"),
    (["puzzle", "make", "--size", "6", "--solution"], "--solution applies only"),
    (["puzzle", "make", "--size", "0"], "expected a positive integer"),
    (["puzzle", "count", "-", "--max", "-1"], "non-negative"),
    (["puzzle", "make", "--size", "6", "-o", "/no/such/dir/x.txt"], "cannot write"),
]


@pytest.mark.parametrize(("args", "fragment"), BAD)
def test_bad_options_exit_2(args, fragment):
    assert_bad_input(run_cli(*args, input=""), fragment)


@pytest.mark.parametrize(("text", "fragment"), [
    ("AAB\nAB\nCCB\n", "line 2 has 2 squares"),
    ("AAB\nACB\nCDB\n", "needs 3 regions, found 4"),
    ("rules: connected\nABA\nBBB\nCCC\n", "region A is in 2 separate pieces"),
    ("stars: 2\nAABB\nAABB\nCCDD\nCCDD\n", "2 stars per row cannot fit"),
    ("kind: completion\nQ..\n.Q.\n...\n", "share a diagonal"),
])
@pytest.mark.parametrize("action", ["solve", "count", "explain", "svg"])
@pytest.mark.slow
def test_malformed_puzzles_exit_2_with_one_line(tmp_path, text, fragment, action):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    r = run_cli("puzzle", action, str(path))
    assert_bad_input(r, fragment, "bad.txt")
    assert r.out == ""


def test_bad_language_is_one_line():
    assert_bad_input(run_cli("puzzle", "explain", "-", "--lang", "fr", input="AB\nBA\n"),
                     "--lang 'fr'")


@pytest.mark.slow
def test_ctrl_c_stops_a_long_count_within_a_second(tmp_path):
    # 40 column-shaped regions: every permutation with no two neighbours touching counts,
    # far too many to finish; the count must still stop at once on Ctrl-C.
    path = tmp_path / "stripes.txt"
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"
    path.write_text((letters + "\n") * 40)
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "puzzle", "count", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(SRC)))
    time.sleep(4)
    assert proc.poll() is None
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    waited = time.monotonic() - sent
    assert proc.returncode == 130 and proc.stderr.read().strip() == "nqueens: interrupted"
    # each compiled slice returns in well under 0.1 s (a slice stops at 100,000 nodes or 64
    # solutions), and the program ends right after its one line
    assert waited < 1.5, waited


@pytest.mark.slow
def test_puzzle_pictures_as_png_are_the_svg_rasterised(region10, tmp_path):
    """puzzle svg --png and make -f png write exactly what the SVG becomes through cairosvg."""
    pytest.importorskip("cairosvg")
    from nqueens.render.png import svg_to_png

    svg = run_cli("puzzle", "svg", str(region10), "--solution").out
    out = tmp_path / "r10.png"
    r = run_cli("puzzle", "svg", str(region10), "--solution", "--png", "-o", str(out))
    assert (r.code, r.out) == (0, "")
    assert out.read_bytes() == svg_to_png(svg) and out.read_bytes()[:4] == b"\x89PNG"
    made = ("puzzle", "make", "-n", "6", "--seed", "5")
    svg = run_cli(*made, "-f", "svg").out
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, "-m", "nqueens", *made, "-f", "png"],
                          capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0 and proc.stdout == svg_to_png(svg)


@pytest.mark.parametrize("argv", [("svg", "{file}", "--png"), ("make", "-n", "6", "-f", "png")])
def test_puzzle_png_without_cairosvg_is_one_line(region10, tmp_path, monkeypatch, argv):
    fake = tmp_path / "fake"
    (fake / "cairosvg").mkdir(parents=True)
    (fake / "cairosvg" / "__init__.py").write_text("raise ImportError('No module named x')\n")
    monkeypatch.setenv("PYTHONPATH", str(fake))
    out = tmp_path / "p.png"
    r = run_cli("puzzle", *[str(region10) if a == "{file}" else a for a in argv], "-o", str(out))
    assert_bad_input(r, "cairosvg", "nqueens-toolkit[png]")
    assert not out.exists()


@pytest.mark.parametrize("command", ["svg", "play"])
@pytest.mark.parametrize("through_link", [False, True])
def test_an_output_over_the_puzzle_file_is_refused(region10, tmp_path, command,
                                                   through_link):
    # it used to replace the puzzle with its own picture, without a word
    puzzle = tmp_path / "q.txt"
    puzzle.write_bytes(region10.read_bytes())
    output = puzzle
    if through_link:
        output = tmp_path / "link.txt"
        output.symlink_to(puzzle)
    assert_bad_input(run_cli("puzzle", command, str(puzzle), "-o", str(output)),
                     "is the puzzle file itself")
    assert puzzle.read_bytes() == region10.read_bytes()


def test_a_closed_stdin_is_one_line():
    closed = subprocess.run(
        [sys.executable, "-m", "nqueens", "puzzle", "solve", "-"],
        preexec_fn=lambda: os.close(0), capture_output=True, timeout=120,
        env=dict(os.environ, PYTHONPATH=str(SRC)))
    assert (closed.returncode, closed.stderr.decode()) == (
        2, "nqueens: error: cannot read puzzle file from standard input: it is closed\n")


def test_stdin_is_read_as_utf8_whatever_the_console_encoding(region10):
    # '-' was decoded with the console's encoding: a BOM became three Latin-1 letters
    by_name = run_cli("puzzle", "solve", str(region10))
    with open(region10, "rb") as f:
        data = b"\xef\xbb\xbf" + f.read()
    r = subprocess.run([sys.executable, "-m", "nqueens", "puzzle", "solve", "-"], input=data,
                       capture_output=True, timeout=120,
                       env=dict(os.environ, PYTHONPATH=str(SRC), PYTHONIOENCODING="latin-1"))
    assert (r.returncode, r.stdout.decode()) == (0, by_name.out), r.stderr
