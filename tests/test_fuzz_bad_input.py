"""A table of bad invocations: each exits 2 with exactly one stderr line, no traceback, and
leaves the working directory as it was.

The table has two parts. :func:`generated` walks the real argument parser, so every
subcommand and option (including ones added later) gets bad numbers, bad choices, missing
values and unknown options. :data:`HANDMADE` lists bad files (solutions, boards, ledgers),
bad output paths and conflicting options. To extend it, give a new command a valid base
invocation in :data:`BASE` and add rows to :data:`HANDMADE`; a row's ``setup`` names
files from :data:`FILES` to create in the working directory first.

Every case runs in this process through :func:`nqueens.cli.main` (stderr captured at the
file-descriptor level, so a stray log line or warning counts); one case in
:data:`SUBPROCESS_EVERY` also runs as a real ``python -m nqueens`` process.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

import nqueens.cli
from _forge import edit_and_resign
from nqueens.engine.run import run_count

from conftest import run_cli

SUBPROCESS_EVERY = 23


class Case(NamedTuple):
    argv: tuple[str, ...]
    setup: tuple[str, ...] = ()


# A valid invocation of each command path, so that one bad part is the only problem.
BASE: dict[str, tuple[str, ...]] = {
    "solve": ("solve", "6", "--limit", "1"),
    "first": ("first", "6"),
    "count": ("count", "8"),
    "ledger show": ("ledger", "show", "good.sqlite"),
    "ledger verify": ("ledger", "verify", "good.sqlite", "--sample", "1"),
    "ledger export": ("ledger", "export", "good.sqlite", "--to", "csv"),
    "trace": ("trace", "4", "--max-steps", "5"),
    "stats": ("stats", "5"),
    "estimate": ("estimate", "8", "--trials", "10"),
    "tree": ("tree", "4"),
    "find": ("find", "8"),
    "verify": ("verify", "sol.txt"),
    "complete": ("complete", "6", "--given", "1,2"),
    "puzzle solve": ("puzzle", "solve", "puz.txt"),
    "puzzle count": ("puzzle", "count", "puz.txt"),
    "puzzle explain": ("puzzle", "explain", "puz.txt"),
    "puzzle make": ("puzzle", "make", "--size", "5"),
    "puzzle svg": ("puzzle", "svg", "puz.txt"),
    "puzzle play": ("puzzle", "play", "puz.txt", "-o", "p.html"),
    "puzzle import": ("puzzle", "import", "puz.txt"),
    "puzzle export": ("puzzle", "export", "puz.txt", "--to", "sbn"),
    "puzzle hint": ("puzzle", "hint", "puz.txt"),
    "puzzle check": ("puzzle", "check", "puz.txt"),
}
NEEDS = {"ledger show": ("good.sqlite",), "ledger verify": ("good.sqlite",),
         "ledger export": ("good.sqlite",),
         "verify": ("sol.txt",), **{f"puzzle {a}": ("puz.txt",)
                                     for a in ("solve", "count", "explain", "svg", "play",
                                               "import", "export", "hint", "check")}}

BAD_N = ["0", "-1", "abc", "2.5", "", "1e3", "0x10", "nan", "\uff19", "9" * 30, "9" * 41,
         "9223372036854775808", "-9223372036854775809"]
# digits of other scripts and underscores: int() reads them, the command line does not
BAD_INT = ["-1", "x", "1.5", "", "9" * 30, "0x1", "9223372036854775808", " ", "\u0668",
           "\uff11", "1_0"]
BAD_POSITIVE = [*BAD_INT, "0"]
BAD_FLOAT = ["0", "-1", "x", "nan", "inf", "", "1e999"]
BAD_CHOICE = ["nope", "", "BOARD"]


def _parser_actions() -> dict[str, list[argparse.Action]]:
    """Command path -> its argparse actions, read from the real parser."""
    found: dict[str, list[argparse.Action]] = {}

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, [*path, name])
            elif path:
                found.setdefault(" ".join(path), []).append(action)

    walk(nqueens.cli.build_parser(), [])
    return found


def _with_option(base: tuple[str, ...], option: str, value: str | None) -> tuple[str, ...]:
    return (*base, option) if value is None else (*base, f"{option}={value}")


def generated() -> list[Case]:
    cases: list[Case] = []
    for path, actions in _parser_actions().items():
        if path not in BASE:
            continue
        base = BASE[path]
        need = NEEDS.get(path, ())
        words = tuple(path.split())
        cases.append(Case((*base, "--no-such-option"), need))
        cases.append(Case((*base, "-Z"), need))
        for action in actions:
            if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
                continue
            kind = getattr(action.type, "__name__", "")
            if kind in ("file_name", "ledger_name"):  # every FILE argument: '' is no name
                if kind == "ledger_name":  # and a ledger is no stream: '-' is refused
                    cases.append(Case(_with_option(base, action.option_strings[0], "-"),
                                      need))
                if action.option_strings:
                    cases.append(Case(_with_option(base, action.option_strings[0], ""), need))
                else:
                    cases.append(Case((*words, "", *base[len(words) + 1:]), need))
                continue
            if not action.option_strings:
                if action.dest == "n" and kind == "board_size":
                    rest = base[len(words) + 1:]
                    cases += [Case((*words, "--", bad, *rest), need) for bad in BAD_N]
                if action.required:
                    cases.append(Case(words, need))  # the positional missing
                continue
            option = action.option_strings[0]
            if action.nargs == 0:
                cases.append(Case(_with_option(base, option, "1"), need))  # a flag with a value
                continue
            cases.append(Case((*base, option), need))  # the value missing
            if action.choices:
                cases += [Case(_with_option(base, option, v), need) for v in BAD_CHOICE]
            elif kind == "positive_int":
                cases += [Case(_with_option(base, option, v), need) for v in BAD_POSITIVE]
            elif kind in ("non_negative_int", "_seed"):
                cases += [Case(_with_option(base, option, v), need) for v in BAD_INT]
            elif kind == "positive_float":
                cases += [Case(_with_option(base, option, v), need) for v in BAD_FLOAT]
    return cases


HANDMADE: list[Case] = [
    # integers past 64 bits, sizes past what a method can do
    Case(("solve", "8", "--limit", "9223372036854775808")),
    Case(("count", "29")), Case(("count", "64", "--strategy", "arrays")), Case(("solve", "64")),
    Case(("first", "9999999")),
    # solution files
    *[Case(("verify", name), (name,)) for name in (
        "empty.txt", "words.txt", "zero.txt", "off.txt", "binary.bin", "deep.json",
        "bignum.json", "bool.json", "strcols.json", "nmismatch.json", "notjson.json",
        "floats.json", "obj.json", "empty.json", "col19.json", "bad.npy", "float.npy", "matrix.npy",
        "npz.npy", "endless.txt")],
    *[Case(("verify", name, "--format", fmt), (name,)) for name, fmt in (
        ("deep.json", "json"), ("bignum.json", "json"), ("words.txt", "json"),
        ("words.txt", "npy"), ("binary.bin", "cols"), ("sol.txt", "npy"))],
    Case(("verify", "/dev/zero", "--format", "json")), Case(("verify", "/dev/zero")),
    Case(("verify", "/dev/zero", "--format", "npy")),
    Case(("verify", "missing.txt")), Case(("verify", "adir"), ("adir",)),
    # board files and squares
    *[Case(("complete", "--board", name), (name,)) for name in (
        "empty.txt", "words.txt", "ragged.board", "chars.board", "binary.bin", "twoq.board",
        "big.board")],
    Case(("complete", "--board", "/dev/zero")), Case(("complete", "--board", "missing.txt")),
    Case(("complete", "--board", "adir"), ("adir",)),
    Case(("complete", "5", "--board", "four.board"), ("four.board",)),
    *[Case(("complete", "6", "--given", q)) for q in (
        "1;1", "a,b", "0,1", "7,1", "1,1 1,1", "1,1 2,2", "1,1,1", ",", "1,",
        "99999999999999999999999,1")],
    *[Case(("complete", "6", "--blocked", b)) for b in ("x", "0,0", "7,7", "1,")],
    Case(("complete", "6", "--random", "7")), Case(("complete", "6", "--seed", "1")),
    Case(("complete", "6", "--limit", "2")), Case(("complete", "6", "--count", "--all")),
    Case(("complete",)), Case(("complete", "6", "--given", "1,1", "--random", "2")),
    # ledgers (an edited row is no bad input to show and verify: they name it, exit 1;
    # tests/test_ledger_evidence.py)
    *[Case(("ledger", action, name), (name,))
      for action in ("show", "verify") for name in (
          "notes.txt", "empty.sqlite", "foreign.sqlite", "cut.sqlite", "n2000.sqlite",
          "trigger.sqlite", "view.sqlite", "jobedit.sqlite", "adir")],
    *[Case(("ledger", action, "missing.sqlite")) for action in ("show", "verify")],
    *[Case(("ledger", "export", name, "--to", "csv"), (name,)) for name in (
        "notes.txt", "foreign.sqlite", "n2000.sqlite", "jobedit.sqlite", "edited.sqlite",
        "adir")],
    *[Case(("ledger", "export", "good.sqlite", "--to", to), ("good.sqlite",))
      for to in ("xml", "", "CSV", "csv\n")],
    Case(("ledger", "export", "good.sqlite")),
    *[Case(("count", "8", "--ledger", name), (name,)) for name in (
        "notes.txt", "foreign.sqlite", "cut.sqlite", "n2000.sqlite", "trigger.sqlite",
        "edited.sqlite", "view.sqlite", "jobedit.sqlite", "adir")],
    Case(("count", "9", "--ledger", "good.sqlite"), ("good.sqlite",)),
    Case(("count", "8", "--ledger", "no/such/dir/l.sqlite")),
    *[Case(("count", "8", "--ledger", dev)) for dev in ("/dev/null", "/dev/zero", "/dev/full")],
    Case(("count", "8", "--strategy", "arrays", "--ledger", "x.sqlite")),
    Case(("count", "8", "--strategy", "promising", "--workers", "1")),
    Case(("ledger", "verify", "good.sqlite", "--all", "--sample", "3"), ("good.sqlite",)),
    Case(("ledger",)), Case(("ledger", "nope")),
    # scheduler addresses: refused at once, before any connection
    *[Case(("count", "8", "--scheduler", a)) for a in (
        "udp://127.0.0.1:8786", "ucx://127.0.0.1:8786", "ws://h:1", "garbage", "tcp://:1",
        "tcp://127.0.0.1:0", "tcp://127.0.0.1:65536", "h:-1", "%%%://x", "tcp://a b:1", "")],
    Case(("ledger", "verify", "good.sqlite", "--scheduler", "ucx://h:1"), ("good.sqlite",)),
    # output paths
    *[Case((*argv, path)) for argv in (
        ("solve", "6", "--limit", "1", "--out"), ("find", "8", "--out"),
        ("trace", "4", "--max-steps", "3", "--html"), ("tree", "4", "--svg"),
        ("stats", "5", "--plot"), ("solve", "6", "--limit", "1", "--format", "svg", "--out"))
      for path in ("no/such/dir/out.txt", "adir")],
    Case(("solve", "6", "--format", "svg")),
    # an empty name, which some commands took for stdout (every FILE argument: generated())
    Case(("trace", "4", "--html", "")), Case(("stats", "5", "--plot", "")),
    Case(("find", "8", "--out", "")), Case(("complete", "--board", "")),
    Case(("tree", "20", "--until", "all", "--png", "t.png")),
    Case(("count", "8", "--dask-log", "no/such/dir/d.log", "--scheduler", "tcp://127.0.0.1:1")),
    # puzzle files: malformed grids, regions, givens, devices
    *[Case(("puzzle", action, name), (name,))
      for action in ("solve", "count", "explain", "svg") for name in (
          "empty.txt", "words.txt", "binary.bin", "ragged.puz", "regions3.puz",
          "clash.puz", "badkind.puz", "adir")],
    # (split.puz, a region in two pieces, is a valid puzzle now: only a URL cannot hold it)
    *[Case(("puzzle", action, dev)) for action in ("solve", "count")
      for dev in ("/dev/zero", "missing.txt")],
    Case(("puzzle", "make", "--size", "2")), Case(("puzzle", "make", "--size", "100000")),
    Case(("puzzle", "make", "--size", "5", "--kind", "nope")),
    Case(("puzzle", "play", "puz.txt", "-o", "no/such/dir/p.html"), ("puz.txt",)),
    Case(("puzzle",)),
    # puzzles from the wild: broken files, URLs and SBN strings, formats, k that cannot fit
    *[Case(("puzzle", *action, name), (name,)) for action in (("import",), ("export", "--to=json"))
      for name in ("empty.txt", "words.txt", "binary.bin", "ragged.puz", "regions3.puz",
                   "clash.puz", "badkind.puz", "adir")],
    Case(("puzzle", "export", "split.puz", "--to", "url"), ("split.puz",)),
    Case(("puzzle", "export", "puz.txt", "--to", "nope"), ("puz.txt",)),
    Case(("puzzle", "import", "puz.txt", "--stars", "3"), ("puz.txt",)),
    Case(("puzzle", "import", "/dev/zero")), Case(("puzzle", "import", "AA2W0")),
    Case(("puzzle", "import", "https://puzz.link/p?starbattle/5/5/1/zz")),
    # options that would do nothing here: "X applies only to Y"
    Case(("count", "8", "--repair")), Case(("count", "8", "--wait")),
    Case(("count", "8", "--strategy", "arrays", "--repair")),
    Case(("count", "8", "--dask-log", "d.log")), Case(("count", "8", "--scheduler-timeout", "5")),
    Case(("count", "8", "--ledger", "l.sqlite", "--dask-log", "./l.sqlite", "--scheduler",
          "tcp://127.0.0.1:1")),
    Case(("ledger", "verify", "good.sqlite", "--all", "--seed", "3")),
    Case(("ledger", "verify", "good.sqlite", "--dask-log", "d.log")),
    Case(("ledger", "verify", "good.sqlite", "--scheduler-timeout", "5")),
    *[Case(("trace", "4", "--html", "t.html", "--format", f)) for f in ("jsonl", "text")],
    *[Case(("tree", "4", "--svg", "same", "--png", p)) for p in ("same", "./same")],
    # digits other than ASCII 0-9, wherever a number is read
    Case(("puzzle", "make", "--size", "6", "--grade", "\u0663")),
    *[Case(("complete", "8", option, squares)) for option in ("--given", "--blocked")
      for squares in ("\uff11,\uff11", "\u0663,\u0661", "0_1,1", "1,\u0661")],
    Case(("count", "8", "--scheduler", "tcp://127.0.0.1:\u0668\u0667\u0668\u0666")),
    Case(("ledger", "verify", "good.sqlite", "--scheduler", "tcp://h:\u0668")),
    # a plot name that is only an extension
    *[Case(("stats", "5", "--plot", name)) for name in (".svg", "adir/.PNG")],
    # the GPU executor with the options it cannot take
    Case(("count", "8", "--gpu", "--strategy", "arrays")),
    # no command at all, an unknown one
    Case(()), Case(("nope",)), Case(("--nope",)),
]
# the rows that need directories also need "adir" to exist
HANDMADE = [Case(c.argv, tuple(dict.fromkeys((*c.setup, *(
    ("adir",) if "adir" in c.argv else ()), *(("good.sqlite",) if "good.sqlite" in c.argv
                                             else ()))))) for c in HANDMADE]

CASES = generated() + HANDMADE


# -- the files a case may need -------------------------------------------------------------


def _ledger(path: Path, good: Path, *sql: str, resign: bool = False) -> None:
    shutil.copyfile(good, path)
    if resign:
        edit_and_resign(path, *sql)
        return
    conn = sqlite3.connect(path)
    with conn:
        for s in sql:
            conn.execute(s)
    conn.close()


def _npy(path: Path, array: object) -> None:
    import numpy as np

    with open(path, "wb") as f:
        np.save(f, array)


def _files(good: Path) -> dict[str, Callable[[Path], None]]:
    import numpy as np

    text = {
        "sol.txt": "1 5 8 6 3 7 2 4\n", "empty.txt": "", "words.txt": "queens please\n",
        "zero.txt": "0 1 2 3\n", "off.txt": "1 2 99 4\n", "binary.bin": "\x00\x01\xff\xfe" * 50,
        "endless.txt": "7" * 200_000, "deep.json": "[" * 200_000 + "]" * 200_000,
        "bignum.json": '{"cols": [' + "9" * 5000 + "]}", "bool.json": "[true, false]",
        "strcols.json": '{"cols": "1 2 3"}', "nmismatch.json": '{"n": 5, "cols": [2, 4, 1, 3]}',
        "notjson.json": "{cols: [1, 2]}", "floats.json": "[1.5, 2.5]", "obj.json": '{"x": 1}',
        "empty.json": "[]", "col19.json": '{"cols": [2, 4, 1, 9999999999999999999]}\n',
        "ragged.board": "Q..\n..\n...\n", "chars.board": "Q.z\n...\n...\n",
        "twoq.board": "QQ..\n....\n....\n....\n", "four.board": "Q...\n....\n....\n....\n",
        "big.board": ("." * 3000 + "\n") * 3000,
        "notes.txt": "hello\n" * 100, "empty.sqlite": "",
        "puz.txt": "kind: regions\nABBBC\nABBBC\nDDDEC\nDDDDC\nDDDDC\n",
        "ragged.puz": "kind: regions\nABBBC\nABB\nDDDEC\nDDDDC\nDDDDC\n",
        "regions3.puz": "kind: regions\nAAABB\nAAABB\nCCCCC\nCCCCC\nCCCCC\n",
        "split.puz": "kind: regions\nABBBA\nCBBBC\nDDDEC\nDDDDC\nDDDDC\n",
        "clash.puz": "kind: completion\nQ....\n.Q...\n.....\n.....\n.....\n",
        "badkind.puz": "kind: sudoku\nABBBC\nABBBC\nDDDEC\nDDDDC\nDDDDC\n",
    }
    files: dict[str, Callable[[Path], None]] = {}
    for name, content in text.items():
        files[name] = lambda p, c=content: p.write_bytes(c.encode("latin-1"))
    files.update({
        "adir": lambda p: p.mkdir(),
        "good.sqlite": lambda p: shutil.copyfile(good, p),
        "bad.npy": lambda p: p.write_bytes(b"\x93NUMPY garbage"),
        "float.npy": lambda p: _npy(p, np.array([0.5, 1.5])),
        "matrix.npy": lambda p: _npy(p, np.zeros((2, 2), np.int32)),
        "npz.npy": lambda p: np.savez(open(p, "wb"), a=np.arange(3)),  # noqa: SIM115
        "foreign.sqlite": lambda p: _ledger(p, good, "DROP TABLE results",
                                            "CREATE TABLE t (x)"),
        "cut.sqlite": lambda p: p.write_bytes(good.read_bytes()[: good.stat().st_size // 2]),
        "n2000.sqlite": lambda p: _ledger(p, good, "UPDATE meta SET value = '2000' "
                                          "WHERE key = 'n'", resign=True),
        "trigger.sqlite": lambda p: _ledger(p, good, "CREATE TRIGGER t AFTER INSERT ON "
                                            "results BEGIN SELECT 1; END"),
        "view.sqlite": lambda p: _ledger(p, good, "CREATE VIEW v AS SELECT 1"),
        "edited.sqlite": lambda p: _ledger(p, good, "UPDATE results SET total = total + 8 "
                                           "WHERE idx = 3"),
        "jobedit.sqlite": lambda p: _ledger(p, good, "UPDATE meta SET value = '9' "
                                            "WHERE key = 'n'"),
    })
    return files


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Callable[[Path], None]]:
    good = tmp_path_factory.mktemp("fuzz") / "good.sqlite"
    run_count(8, workers=1, ledger=good)
    return _files(good)


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    out = {}
    for p in sorted(folder.rglob("*")):
        data = p.read_bytes() if p.is_file() else b""
        out[str(p.relative_to(folder))] = (data, p.stat().st_mode)
    return out


def _id(case: Case) -> str:
    return " ".join(a if len(a) < 24 else a[:20] + "..." for a in case.argv) or "(none)"


def test_the_table_is_large():
    assert len(CASES) >= 400
    assert {c.argv[0] for c in CASES if c.argv} >= {w.split()[0] for w in BASE}


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
@pytest.mark.slow
def test_bad_invocation_is_one_line_exit_2(case, files, tmp_path, monkeypatch, capfd):
    for name in case.setup:
        files[name](tmp_path / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    before = _snapshot(tmp_path)
    code = nqueens.cli.main(list(case.argv))
    out, err = capfd.readouterr()
    lines = err.strip().splitlines()
    assert "Traceback" not in err, err
    assert code == 2 and len(lines) == 1, (code, err, out[:200])
    assert _snapshot(tmp_path) == before, "the working directory changed"
    if CASES.index(case) % SUBPROCESS_EVERY == 0:
        r = run_cli(*case.argv, cwd=tmp_path, timeout=120)
        assert "Traceback" not in r.err, r.err
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1, (r.code, r.err)
        assert _snapshot(tmp_path) == before, "the working directory changed"

