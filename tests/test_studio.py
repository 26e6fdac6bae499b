"""The lesson studio without a browser: the programs shown are real programs, the counters'
totals are the textbook's, the GIF has a frame a step, the worksheet's answers are the
search's own (read back from the PDF with poppler's pdftotext), and bad input is refused."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nqueens.render.programs import SOURCES, frames, role_lines
from nqueens.render.studio import TEXTBOOK_TOTALS, search_totals, tree_nodes
from nqueens.trace import events

from conftest import assert_bad_input, run_cli
from naive import attacks, naive_promising_levels, naive_solutions


class LineCounter:
    """Runs a program's shown source and counts how often each of its lines runs."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.runs: dict[int, int] = {}
        self.printed: list[list[int]] = []

    def run(self, env: dict, start: str) -> None:
        code = compile(self.source + "\n" + start + "\n", "<shown>", "exec")
        env["print"] = lambda value: self.printed.append(list(value))

        def tracer(frame, event, arg):
            if frame.f_code.co_filename == "<shown>" and event == "line":
                self.runs[frame.f_lineno - 1] = self.runs.get(frame.f_lineno - 1, 0) + 1
            return tracer

        sys.settrace(tracer)
        try:
            exec(code, env)
        finally:
            sys.settrace(None)


def run_shown(strategy: str, n: int) -> LineCounter:
    prog = LineCounter(SOURCES[strategy])
    if strategy == "promising":
        prog.run({"n": n, "col": [0] * (n + 1)}, "queens(0)")
    elif strategy == "arrays":
        prog.run({"n": n, "placement": [0] * n, "cols": [False] * n,
                  "diags1": [False] * (2 * n - 1), "diags2": [False] * (2 * n - 1)},
                 "backtrack(0)")
    else:
        env = {"N": n, "FREE": 1, "NOT_FREE": 0, "SUCCESS": 1, "FAIL": 0, "pos": [-1] * n,
               "col": [1] * n, "up": [1] * (2 * n - 1), "down": [1] * (2 * n - 1)}
        prog.run(env, "found = put_queen(0)\nif found == SUCCESS:\n    print(pos)")
    return prog


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("strategy", ["promising", "arrays", "put_queen"])
def test_shown_programs_search_as_the_event_stream(strategy: str, n: int) -> None:
    until = "first" if strategy == "put_queen" else "all"
    evs = list(events(n, until=until))
    prog = run_shown(strategy, n)
    found = [[c + (strategy == "promising") for c in e.queens]
             for e in evs if e.kind == "solution"]
    assert prog.printed == found
    assert [tuple(c - (strategy == "promising") for c in s) for s in prog.printed] == (
        naive_solutions(n)[:len(found)])
    lines = role_lines(strategy)
    tries = sum(e.kind == "try" for e in evs)
    promising = sum(e.kind == "try" and bool(e.promising) for e in evs)
    # the check runs once a node (the textbook's also for the root), the marking line once
    # a promising node
    assert prog.runs[lines["try"]] == tries + (strategy == "promising")
    if strategy != "promising":
        assert prog.runs[lines["place"]] == promising
    if strategy == "promising":
        # the squares a check looks at are the comparisons promising() makes
        compare = SOURCES["promising"].splitlines().index(
            "        if col[i] == col[k] or abs(col[i] - col[k]) == i - k:")
        looked = sum(f["looked"] or 0 for f in frames(evs, n=n, strategy="promising"))
        assert prog.runs[compare] == looked


def test_arrays_frames_are_the_queens_marks() -> None:
    n = 5
    evs = list(events(n, until="all"))
    for e, f in zip(evs, frames(evs, n=n, strategy="arrays"), strict=True):
        v = f["vars"]
        assert v["cols"] == [c in e.queens for c in range(n)]
        assert v["diags1"] == [any(r - c + n - 1 == d for r, c in enumerate(e.queens))
                               for d in range(2 * n - 1)]
        assert v["diags2"] == [any(r + c == d for r, c in enumerate(e.queens))
                               for d in range(2 * n - 1)]
        if e.kind == "try":
            # O(1): at most three entries, and three exactly when the square is promising
            assert 1 <= f["looked"] <= 3
            assert (f["looked"] == 3) >= bool(e.promising)


def test_totals_are_the_textbooks_and_the_naive_counts() -> None:
    for n, (checked, good) in TEXTBOOK_TOTALS.items():
        t = search_totals(n)
        assert (t["checked"], t["promising"], t["textbook"]) == (checked, good, True)
    for n in (4, 5, 6):
        levels = naive_promising_levels(n)
        t = search_totals(n)
        assert t["promising"] == sum(levels)
        assert t["checked"] == 1 + n * sum(levels[:-1])
        assert t["solutions"] == levels[-1] == len(naive_solutions(n))
    assert search_totals(11) is None


def test_tree_nodes_mark_the_paths_to_solutions() -> None:
    evs = list(events(5, until="all"))
    nodes = {t[0]: t for t in tree_nodes(evs)}
    sols = {tuple(e.queens) for e in evs if e.kind == "solution"}
    for node, parent, row, col, good, step, below in nodes.values():
        assert evs[step].kind == "try" and (evs[step].node, evs[step].parent) == (node, parent)
        prefix = (*evs[step].queens, col)
        assert below == int(bool(good) and any(s[:row + 1] == prefix for s in sols))


@pytest.mark.slow
def test_gif_has_a_frame_a_step(tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    pytest.importorskip("cairosvg")
    out = tmp_path / "t.gif"
    r = run_cli("trace", "4", "--lang", "ko", "--gif", str(out))
    assert r.code == 0, r.err
    r = run_cli("trace", "4", "--json")
    steps = [json.loads(line) for line in r.out.splitlines()]
    with image.open(out) as im:
        assert im.format == "GIF" and im.n_frames == len(steps) == 39
        durations = []
        for k in range(im.n_frames):
            im.seek(k)
            durations.append(im.info["duration"])
    # a solution is held longer: the last step of the trace to the first solution
    assert durations[-1] > durations[0] and steps[-1]["kind"] == "solution"


def pdf_text(path: Path) -> list[str]:
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils' pdftotext is not installed")
    pages = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                           check=True).stdout.split("\f")
    return [p for p in pages if p.strip()]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_worksheet_answers_are_the_searchs(tmp_path: Path, lang: str) -> None:
    pytest.importorskip("cairosvg")
    out = tmp_path / "w.pdf"
    r = run_cli("worksheet", "5", "--lang", lang, "-o", str(out))
    assert r.code == 0, r.err
    exercises, key = pdf_text(out)
    assert ("Answer key" if lang == "en" else "解答") in key
    assert ("Answer key" if lang == "en" else "解答") not in exercises
    n = 5
    levels = naive_promising_levels(n)
    assert f"{1 + n * sum(levels[:-1])}" in key.replace(",", "")  # 221 nodes checked
    assert str(sum(levels)) in key  # 54 promising nodes
    # the first four solutions in search order, as 1-based columns, only on the key
    for sol in naive_solutions(n)[:4]:
        written = "col = " + ", ".join(str(c + 1) for c in sol)
        assert written in key
    assert "col =" not in exercises
    # the promising squares after the first queen <1,1>: row 2's columns 3, 4, 5
    first = [c for c in range(n) if not attacks(0, 0, 1, c)]
    sq = "<2,{}>" if lang == "en" else "(2,{})"
    assert ", ".join(sq.format(c + 1) for c in first) in key
    assert sq.format(first[0] + 1) not in exercises


def test_bad_input_one_line_exit_2_nothing_written(tmp_path: Path, capsys) -> None:
    from nqueens.cli import main

    from conftest import CliResult

    def run(*args: str) -> CliResult:
        code = main(list(args))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    gif, pdf, page = tmp_path / "t.gif", tmp_path / "w.pdf", tmp_path / "p.html"
    assert_bad_input(run("trace", "6", "--until", "all", "--gif", str(gif)), "GIF", "894")
    assert_bad_input(run("trace", "5", "--gif", str(gif), "--max-steps", "10"), "GIF", "15")
    assert_bad_input(run("worksheet", "0", "-o", str(pdf)), "4 to 8")
    assert_bad_input(run("worksheet", "5", "-o", str(tmp_path / "w.txt")), "PDF")
    assert_bad_input(run("trace", "4", "--compare", "promising,bogus", "--html", str(page)),
                     "unknown strategy 'bogus'")
    assert_bad_input(run("trace", "4", "--compare", "arrays", "--html", str(page)),
                     "two programs")
    assert_bad_input(run("trace", "4", "--compare", "arrays,arrays", "--html", str(page)),
                     "twice")
    assert_bad_input(run("trace", "4", "--strategy", "put_queen", "--until", "all",
                         "--html", str(page)), "first solution")
    assert_bad_input(run("trace", "4", "--strategy", "arrays"), "--html")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize(("strategy", "until"), [
    ("promising", "first"), ("promising", "all"), ("arrays", "first"), ("arrays", "all"),
    ("put_queen", "first")])
def test_frames_are_what_the_running_program_does(strategy: str, until: str, n: int) -> None:
    from _studio_programs import program_steps

    evs = list(events(n, until=until))
    steps = program_steps(strategy, n, until)
    assert [kind for kind, _, _ in steps] == [e.kind for e in evs]
    for (_, line, values), f in zip(steps, frames(evs, n=n, strategy=strategy), strict=True):
        assert (f["line"], f["vars"]) == (line, values)
