"""Narratives: the textbook's steps (a)-(k), the Japanese slides, Korean terms, the contract."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from _procs import run_on_terminal
from nqueens.analysis.treesize import trace, trace_size
from nqueens.errors import InvalidSizeError, UnknownOptionError
from nqueens.narrate import event_lines, narrate, narrate_events, step_label
from nqueens.trace import events

from conftest import SRC, assert_bad_input, run_cli

# The worked example of the Korean/English textbook seed (Neapolitan, Foundations of
# Algorithms, n = 4), copied line by line. Normalised only where the seed has typesetting
# debris or a typo: the LaTeX spacing "$\qquad$" before a brace became one space; the stray
# "-" after "<2,3> is promising.", "<2,4> is promising.", "<4,3> is promising." and
# "Backtrack to <2,4>." was dropped; "is in on right diagonal" (step g) became "is on right
# diagonal", as everywhere else in the example.
BOOK = """\
Step (a)
<1,1> is promising. { because queen 1 is the first queen positioned }
Step (b)
<2,1> is nonpromising. { because queen 1 is in column 1 }
<2,2> is nonpromising. { because queen 1 is on left diagonal }
<2,3> is promising.
Step (c)
<3,1> is nonpromising. { because queen 1 is in column 1 }
<3,2> is nonpromising. { because queen 2 is on right diagonal }
<3,3> is nonpromising. { because queen 2 is in column 3 }
<3,4> is nonpromising. { because queen 2 is on left diagonal }
Step (d)
Backtrack to <1,1>.
<2,4> is promising.
Step (e)
<3,1> is nonpromising. { because queen 1 is in column 1 }
<3,2> is promising. { This is the second time we’ve tried <3,2>. }
Step (f)
<4,1> is nonpromising. { because queen 1 is in column 1 }
<4,2> is nonpromising. { because queen 3 is in column 2 }
<4,3> is nonpromising. { because queen 3 is on left diagonal }
<4,4> is nonpromising. { because queen 2 is in column 4 }
Step (g)
Backtrack to <2,4>.
<3,3> is nonpromising. { because queen 2 is on right diagonal }
<3,4> is nonpromising. { because queen 2 is in column 4 }
Step (h)
Backtrack to root.
<1,2> is promising.
Step (i)
<2,1> is nonpromising. { because queen 1 is on right diagonal }
<2,2> is nonpromising. { because queen 1 is in column 2 }
<2,3> is nonpromising. { because queen 1 is on left diagonal }
<2,4> is promising.
Step (j)
<3,1> is promising. { This is the third time we’ve tried <3,1>. }
Step (k)
<4,1> is nonpromising. { because queen 3 is in column 1 }
<4,2> is nonpromising. { because queen 1 is in column 2 }
<4,3> is promising.
""".splitlines()

# The Japanese slides (seed 004), in order, for n = 4 searched to the end. The slides name
# every attacking queen except in two boxes: at (4,2) they name only (3,2) and at (4,4)
# only (1,1), although (2,4) attacks both squares too; the narrator lists every attacker
# (as the slides do elsewhere), so those two lines read "(2,4)と(3,2)" and "(1,1)と(2,4)".
# The slides' three-queen list is written "(1,2),(2,4),(3,1)".
SLIDES = [
    "(1,1)に置ける 2行目に進む",
    "(1,1)があるので(2,1)には置けない",
    "(1,1)があるので(2,2)には置けない",
    "(2,3)に置ける 3行目に進む",
    "(2,3)があるので(3,2)には置けない",
    "(1,1)と(2,3)があるので(3,3)には置けない",
    "(2,3)があるので(3,4)には置けない",
    "3行目は全てダメだったので、バックトラック(2行目に戻る)する",
    "(2,4)に置ける 3行目に進む",
    "(1,1)があるので(3,1)には置けない",
    "(3,2)に置ける 4行目に進む",
    "(1,1)と(3,2)があるので(4,1)には置けない",
    "(2,4)と(3,2)があるので(4,2)には置けない",
    "(3,2)があるので(4,3)には置けない",
    "(1,1)と(2,4)があるので(4,4)には置けない",
    "4行目は全てダメだったので、バックトラック(3行目に戻る)する",
    "(1,1)と(2,4)があるので(3,3)には置けない",
    "(2,4)があるので(3,4)には置けない",
    "3行目は全てダメだったので、バックトラック(2行目に戻る)する",
    "2行目は全てダメだったので、バックトラック(1行目に戻る)する",
    "(1,2)に置ける 2行目に進む",
    "(1,2)があるので(2,1)には置けない",
    "(1,2)があるので(2,2)には置けない",
    "(1,2)があるので(2,3)には置けない",
    "(2,4)に置ける 3行目に進む",
    "(3,1)に置ける 4行目に進む",
    "(3,1)があるので(4,1)には置けない",
    "(1,2),(2,4),(3,1)があるので(4,2)には置けない",
    "(4,3)に置ける",
    "解発見!",
    "(2,4)があるので(4,4)には置けない",
    "(2,1)があるので(4,1)には置けない",
    "(4,2)に置ける",
    "解発見!",
    "4クイーン問題の解は、この2つだけ",
]


def _is_subsequence(needles, haystack):
    it = iter(haystack)
    return all(any(line == needle for line in it) for needle in needles)


def test_english_reproduces_the_book_steps_a_to_k():
    r = run_cli("trace", "4", "--lang", "en", "--until", "first")
    assert r.code == 0, r.err
    lines = [line for line in r.out.splitlines() if line]
    # the steps word for word; the solution follows as its own paragraph, outside the steps
    assert lines[:-1] == BOOK
    assert lines[-1] == "Solution 1 found: <1,2>, <2,4>, <3,1>, <4,3>."
    assert "\x1b[" not in r.out  # piped: plain text


def test_book_layout_blank_line_between_steps():
    out = run_cli("trace", "4").out
    assert out.startswith("Step (a)\n<1,1> is promising.")
    assert "queen positioned }\n\nStep (b)\n" in out


def test_japanese_follows_the_slides_and_finds_both_solutions():
    r = run_cli("trace", "4", "--lang", "ja", "--until", "all")
    assert r.code == 0, r.err
    lines = [line for line in r.out.splitlines() if line]
    # the slides' "解発見!" comes first; the solution's squares follow it
    slides_words = ["解発見!" if line.startswith("解発見! ") else line for line in lines]
    assert _is_subsequence(SLIDES, slides_words), lines
    assert [line for line in lines if line.startswith("解発見!")] == [
        "解発見! (1,2),(2,4),(3,1),(4,3)", "解発見! (1,3),(2,1),(3,4),(4,2)"]
    assert lines[-1] == "4クイーン問題の解は、この2つだけ"
    # every event that says something is one line: 60 tries, 2 solutions, the backtracks
    stream = list(events(4))
    spoken = [t for t in event_lines(stream, "ja") if t]
    assert lines[:-1] == spoken


def test_korean_uses_the_textbook_terms():
    out = run_cli("trace", "4", "--lang", "ko").out
    assert "단계 (a)\n<1,1> 노드는 유망하다." in out
    assert "<2,1> 노드는 유망하지 않다. { 1번 퀸이 1열에 있으므로 }" in out
    assert "<2,2> 노드는 유망하지 않다. { 1번 퀸이 왼쪽 대각선에 있으므로 }" in out
    assert "<3,2> 노드는 유망하지 않다. { 2번 퀸이 오른쪽 대각선에 있으므로 }" in out
    assert "<1,1> 노드로 백트래킹한다." in out
    assert "루트 노드로 백트래킹한다." in out
    # the same steps as the English narrative, line for line
    ko = [line for line in out.splitlines() if line]
    assert len(ko) == len(BOOK) + 1
    assert [line.startswith("단계") for line in ko[:-1]] == [
        line.startswith("Step") for line in BOOK]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize("until", ["first", "all"])
def test_event_lines_one_string_per_event(lang, n, until):
    stream = list(events(n, until=until))
    lines = event_lines(stream, lang)
    assert len(lines) == len(stream)
    assert all(isinstance(line, str) for line in lines)
    assert lines == event_lines(stream, lang, n=n)  # the inferred size is right
    for event, line in zip(stream, lines, strict=True):
        if event.kind in ("try", "solution"):
            assert line  # every tried square and every solution is spoken
        if event.kind == "place":
            assert line == ""
    backtracks = [line for e, line in zip(stream, lines, strict=True) if e.kind == "backtrack"]
    if lang == "ja":
        assert all(backtracks)


@given(st.integers(min_value=4, max_value=7), st.data())
@pytest.mark.slow
def test_named_queen_really_attacks(n, data):
    stream = list(events(n, until="all"))
    lines = event_lines(stream, "en")
    bad = [(e, line) for e, line in zip(stream, lines, strict=True)
           if e.kind == "try" and not e.promising]
    e, line = data.draw(st.sampled_from(bad))
    queen = int(line.split("queen ")[1].split()[0]) - 1
    col = e.queens[queen]
    assert col == e.col or abs(col - e.col) == e.row - queen
    if "column" in line:
        assert col == e.col
    else:
        # no queen in the same column; the book names the nearest diagonal attacker
        assert e.col not in e.queens
        assert queen == max(a.row for a in e.attackers)
        side = "left" if col < e.col else "right"
        assert f"on {side} diagonal" in line


def test_merged_backtracks_name_where_the_search_lands():
    stream = list(events(4, until="first"))
    lines = event_lines(stream, "en")
    spoken = [(e, line) for e, line in zip(stream, lines, strict=True) if e.kind == "backtrack"]
    assert [line for _, line in spoken] == [
        "Backtrack to <1,1>.", "Backtrack to <2,4>.", "", "Backtrack to root."]


def test_narrate_events_streams_the_same_lines():
    stream = list(events(5, until="all"))
    for lang in ("en", "ja", "ko"):
        assert [t for _, t in narrate_events(iter(stream), n=5, lang=lang)] == \
            event_lines(stream, lang)


def test_summary_lines():
    texts = [line.text for line in narrate(events(3), n=3, lang="en", until="first")]
    assert texts[-1] == "Every node has been checked: no solution."
    texts = [line.text for line in narrate(events(4), n=4, lang="ko", until="all")]
    assert texts[-1] == "모든 노드를 검사했다: 해답 2개."


def test_step_labels():
    assert [step_label(i) for i in (0, 25, 26, 51, 52, 701, 702)] == [
        "a", "z", "aa", "az", "ba", "zz", "aaa"]


def test_unknown_language_api():
    with pytest.raises(UnknownOptionError, match="unknown language"):
        event_lines(list(events(4)), "fr")


# --- trace bounds ---------------------------------------------------------------------------

def test_trace_size_exact():
    assert trace_size(4) == (26, True)
    assert trace_size(8, until="all") == (15_720, True)
    # above the pure-Python bound the compiled counts answer, with the same numbers
    assert trace_size(8, until="all", max_steps=10**6) == (15_720, True)
    assert trace_size(12, until="first", max_steps=10**6) == (
        sum(1 for e in events(12, until="first") if e.kind == "try"), True)


def test_trace_refuses_large_traces():
    with pytest.raises(InvalidSizeError, match="15,720 squares"):
        trace(8, until="all")
    assert sum(1 for e in trace(8, until="all", max_steps=15_720) if e.kind == "try") == 15_720


# --- CLI ------------------------------------------------------------------------------------

def test_cli_jsonl_schema():
    r = run_cli("trace", "4", "--format", "jsonl", "--lang", "ja", "--until", "all")
    assert r.code == 0, r.err
    records = [json.loads(line) for line in r.out.splitlines()]
    stream = list(events(4))
    assert len(records) == len(stream)
    keys = {"kind", "step", "node", "parent", "depth", "row", "col", "queens", "promising",
            "attackers", "index", "text"}
    assert all(set(rec) == keys for rec in records)
    assert [rec["text"] for rec in records] == event_lines(stream, "ja")
    assert [rec["step"] for rec in records] == list(range(len(records)))
    solutions = [rec["queens"] for rec in records if rec["kind"] == "solution"]
    assert solutions == [[1, 3, 0, 2], [2, 0, 3, 1]]


def test_cli_max_steps_allows_a_longer_trace():
    r = run_cli("trace", "8", "--until", "all", "--max-steps", "15720", "--format", "jsonl")
    assert r.code == 0, r.err
    assert sum('"kind": "try"' in line for line in r.out.splitlines()) == 15_720


def test_cli_colour_in_a_terminal():
    env = dict(os.environ, PYTHONPATH=str(SRC), TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    code, out, err = run_on_terminal(["trace", "4"], env, stream="stdout", timeout=60)
    assert code == 0, err
    assert "\x1b[" in out
    assert "is nonpromising" in out


@pytest.mark.parametrize("args, fragments", [
    (("trace", "4", "--lang", "fr"), ("--lang", "invalid choice")),
    (("trace", "4", "--format", "xml"), ("--format", "invalid choice")),
    (("trace", "4", "--until", "some"), ("--until", "invalid choice")),
    (("trace", "0"), ("positive integer",)),
    (("trace", "33"), ("from 1 to 32",)),
    (("trace", "8", "--until", "all"), ("15,720 squares", "--max-steps")),
    (("trace", "20"), ("3,992,510 squares", "first solution")),
    (("trace", "4", "--max-steps", "0"), ("positive integer",)),
    (("trace", "4", "--max-steps", "25"), ("26 squares",)),
    (("trace", "17", "--until", "all"), ("about", "(estimated)")),
])
@pytest.mark.slow
def test_cli_bad_input(args, fragments):
    r = run_cli(*args)
    assert_bad_input(r, *fragments)
    assert r.out == ""


def test_the_named_diagonal_queen_is_the_one_docs_trace_md_describes():
    """docs/trace.md: with no queen in the column, the narrator names the diagonal attacker
    with the highest row number (the lowest on the board), not row 1."""
    doc = " ".join((SRC.parent / "docs" / "trace.md").read_text(encoding="utf-8").split())
    rule = doc[doc.index("**Which queen is named.**"):doc.index("**Left and right")]
    assert "the highest row number" in rule and "lowest row)" not in rule
    stream = list(events(6))
    checked = 0
    for e, text in zip(stream, event_lines(stream, "en"), strict=True):
        if e.kind == "try" and not e.promising and all(a.kind != "column"
                                                       for a in e.attackers):
            named = int(text.split("because queen ")[1].split()[0])
            assert named == max(a.row for a in e.attackers) + 1
            checked += len(e.attackers) > 1
    assert checked > 10     # squares with two diagonal attackers, where the rule matters


def test_japanese_solution_lines_name_every_square_of_the_solution():
    for n in (1, 5, 6):
        stream = list(events(n))
        for e, text in zip(stream, event_lines(stream, "ja"), strict=True):
            if e.kind == "solution":
                squares = ",".join(f"({r + 1},{c + 1})" for r, c in enumerate(e.queens))
                assert text == f"解発見! {squares}"


def test_japanese_uses_one_word_for_backtracking_in_narration_and_player():
    """The slides' バックトラック, not Hello Algo's バックトラッキング, in both places."""
    from nqueens.render.player import LABELS

    narrated = " ".join(event_lines(list(events(4)), "ja"))
    assert "バックトラック(" in narrated and "バックトラッキング" not in narrated
    assert "バックトラック" in LABELS["ja"]["title"]
    assert "バックトラッキング" not in " ".join(LABELS["ja"].values())


@pytest.mark.parametrize(("n", "until"), [(4, "first"), (4, "all"), (6, "all")])
def test_step_labels_are_the_steps_narrate_prints(n, until):
    from nqueens.narrate import step_labels

    stream = list(events(n, until=until))
    labels = step_labels(stream)
    assert len(labels) == len(stream)
    index = {id(e): i for i, e in enumerate(stream)}
    current = None
    spoken = 0
    for line in narrate(stream, n=n, lang="en", until=until):
        if line.kind == "step":
            current = line.text.removeprefix("Step (").removesuffix(")")
        elif line.event is not None:
            assert labels[index[id(line.event)]] == current, line.text
            spoken += 1
    assert spoken > len(stream) // 3
    # Korean prints the same steps
    ko = [line.text for line in narrate(stream, n=n, lang="ko", until=until)
          if line.kind == "step"]
    assert ko == [f"단계 ({x})" for x in dict.fromkeys(labels)]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_summary_line_is_the_line_narrate_ends_with(lang):
    from nqueens.narrate import summary_line

    for n, until in [(4, "all"), (3, "first"), (1, "all")]:
        stream = list(events(n, until=until))
        last = list(narrate(stream, n=n, lang=lang, until=until))[-1]
        found = sum(e.kind == "solution" for e in stream)
        assert last.kind == "summary" and last.text == summary_line(n, found, lang)
