"""JSON output as a program meets it: one switch (``--json``) everywhere, stable shapes.

``--json`` is the same as ``--format json`` wherever a command offers that format, and ``verify``
answers in JSON too. The commands run in this process through :func:`nqueens.cli.main`.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from nqueens.board import first_conflict
from nqueens.cli import main

from conftest import assert_bad_input, run_cli


def _run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ("solve", "6"), ("solve", "5", "--limit", "3"), ("solve", "3"), ("first", "8"),
    ("first", "3"), ("complete", "8", "--given", "1,1", "--count"),
    ("complete", "8", "--given", "1,1 2,5"), ("complete", "6", "--given", "1,1"),
    ("complete", "8", "--given", "1,1", "--all", "--limit", "2"),
    ("puzzle", "make", "--size", "6", "--seed", "4"),
])
def test_json_is_the_same_as_format_json(capsys, argv):
    long = _run(capsys, *argv, "--format", "json")
    short = _run(capsys, *argv, "--json")
    assert short == long
    for line in long[1].splitlines():
        json.loads(line)


def test_trace_json_is_the_same_as_format_jsonl(capsys):
    assert _run(capsys, "trace", "4", "--json") == _run(capsys, "trace", "4", "--format", "jsonl")


def test_the_issue_command_now_counts():
    r = run_cli("complete", "8", "--given", "1,1", "--count", "--json")
    assert r.code == 0 and json.loads(r.out)["count"] == 4


@pytest.mark.parametrize("argv", [("first", "6"), ("complete", "6", "-q", "1,2"),
                                  ("puzzle", "make", "-n", "6")])
def test_json_with_another_format_is_refused(argv):
    assert_bad_input(run_cli(*argv, "--json", "--format", "svg" if argv[0] != "complete"
                             else "cols"), "--json")


@pytest.mark.parametrize("n", [1, 4, 5, 6, 8])
def test_verify_json_names_the_first_clash_as_the_independent_checker_does(tmp_path, capsys, n):
    rng = random.Random(n)
    perms = list(itertools.permutations(range(n)))
    for cols in rng.sample(perms, min(len(perms), 12)):
        path = tmp_path / "s.txt"
        path.write_text(" ".join(str(c + 1) for c in cols) + "\n")
        code, out = _run(capsys, "verify", str(path), "--json")
        record = json.loads(out)
        clash = first_conflict(cols)
        assert (code, record["n"], record["ok"]) == (int(clash is not None), n, clash is None)
        if clash is None:
            assert record["clash"] is None
        else:
            assert record["clash"] == {"first": [clash.row_a + 1, clash.col_a + 1],
                                       "second": [clash.row_b + 1, clash.col_b + 1],
                                       "kind": clash.kind}


@pytest.mark.parametrize("command, cases", [
    ("count", [("8",), ("8", "--unique"), ("5", "--strategy", "promising"),
               ("10", "--workers", "1", "--unique")]),
    ("complete", [("8", "-q", "1,1"), ("8", "-q", "1,1", "--all", "-k", "2"), ("6", "-q", "1,1"),
                  ("8", "-q", "1,1", "--count"), ("8", "-q", "1,1", "--count", "-k", "2")]),
    ("puzzle", [("solve", "-"), ("count", "-"), ("count", "-", "--max", "1")]),
])
def test_each_json_output_has_one_shape_whatever_the_answer(capsys, monkeypatch, command, cases):
    """A key is never left out when its value was not measured or not found: it is null.
    (count and complete --count share nothing else; each is compared with itself.)"""
    import io

    shapes: dict[bool, set[frozenset[str]]] = {}
    for case in cases:
        monkeypatch.setattr("sys.stdin", io.StringIO("AAAA\nBBBB\nCCCC\nDDDD\n"))
        code, out = _run(capsys, command, *case, "--json")
        assert code in (0, 1), out
        for line in out.splitlines():
            counting = "--count" in case or case[0] == "count" or command == "count"
            shapes.setdefault(counting, set()).add(frozenset(json.loads(line)))
    assert all(len(keys) == 1 for keys in shapes.values()), shapes


# -- docs/json.md: the table of every command's JSON output ---------------------------------


def _documented() -> dict[str, list[str]]:
    """docs/json.md's table: command -> its fields, in table order."""
    from conftest import ROOT

    table: dict[str, list[str]] = {}
    for line in (ROOT / "docs" / "json.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 5:
            table.setdefault(cells[0].strip("`"), []).append(cells[1].strip("`"))
    return table


REGIONS = "AABBB\nAABBB\nCCDDD\nCEEED\nCEEED\n"
COMPLETION = "kind: completion\n......\n" + "......\n" * 5

RUNS = {
    "solve": [("solve", "5", "--json")],
    "first": [("first", "6", "--json")],
    "count": [("count", "8", "--json"), ("count", "9", "--unique", "--json")],
    "count --variant": [("count", "7", "--variant", "toroidal", "--json"),
                        ("count", "5", "--width", "6", "--unique", "--json")],
    "solve --variant": [("solve", "5", "--queens", "2", "--json"),
                        ("first", "10", "--variant", "superqueens", "--json")],
    "dominate": [("dominate", "5", "--json"), ("dominate", "5", "--independent", "--json")],
    "ledger show": [("ledger", "show", "{ledger}", "--json")],
    "ledger verify": [("ledger", "verify", "{ledger}", "--sample", "3", "--json")],
    "trace": [("trace", "4", "--json")],
    "stats": [("stats", "5", "--json")],
    "estimate": [("estimate", "6", "--trials", "50", "--seed", "1", "--json")],
    "verify": [("verify", "{solution}", "--json"), ("verify", "{clash}", "--json")],
    "complete": [("complete", "8", "-q", "1,1", "--json"),
                 ("complete", "6", "-q", "1,1", "--json")],
    "complete --count": [("complete", "8", "-q", "1,1", "--count", "--json")],
    "puzzle solve": [("puzzle", "solve", "{regions}", "--json"),
                     ("puzzle", "solve", "{completion}", "--json")],
    "puzzle count": [("puzzle", "count", "{regions}", "--max", "1", "--json"),
                     ("puzzle", "count", "{completion}", "--json")],
    "puzzle explain": [("puzzle", "explain", "{regions}", "--json"),
                       ("puzzle", "explain", "{completion}", "--json")],
    "puzzle make": [("puzzle", "make", "-n", "6", "--seed", "3", "--json")],
    "puzzle hint": [("puzzle", "hint", "{regions}", "--json"),
                    ("puzzle", "hint", "{completion}", "--json")],
    "puzzle check": [("puzzle", "check", "{regions}", "--json"),
                     ("puzzle", "check", "{completion}", "--json")],
}


def test_the_json_table_covers_every_command_with_json_output():
    from nqueens.cli import build_parser
    from test_cli import _every_parser

    with_json = {" ".join(words) for words, p in _every_parser(build_parser())
                 if any("--json" in a.option_strings for a in p._actions)}
    documented = _documented()
    assert {c.split(" --")[0] for c in documented} == with_json
    assert set(RUNS) == set(documented)


@pytest.mark.parametrize("command", sorted(RUNS))
def test_each_command_prints_exactly_the_keys_docs_json_lists(tmp_path, capsys, command):
    from nqueens.engine.run import run_count

    files = {"ledger": tmp_path / "l.sqlite", "solution": tmp_path / "ok.txt",
             "clash": tmp_path / "clash.txt", "regions": tmp_path / "r.txt",
             "completion": tmp_path / "c.txt"}
    if command.startswith("ledger"):
        run_count(9, workers=1, ledger=files["ledger"])
    files["solution"].write_text("2 4 1 3\n")
    files["clash"].write_text("1 2 3 4\n")
    files["regions"].write_text(REGIONS)
    files["completion"].write_text(COMPLETION)
    fields = _documented()[command]
    only = {"regions": {"givens", "blocked"}, "completion": {"rules", "regions", "stars"}}
    for argv in RUNS[command]:
        argv = tuple(str(files[a[1:-1]]) if a.startswith("{") else a for a in argv)
        code, out = _run(capsys, *argv)
        assert code in (0, 1), out
        kind = next((k for k in only if str(files[k]) in argv), None)
        expected = set(fields) - only.get(kind, set())
        for line in out.splitlines():
            assert set(json.loads(line)) == expected, (argv, line[:200])
