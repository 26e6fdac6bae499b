"""The field's benchmark instances: read in every format and base, and answered right.

CSPLib prob079's own SAT/UNSAT answers (tests/data/csplib, a sample of the 319,000), every
completion found checked square by square against the excluded diagonals by a checker of
its own, prob080's n = 10 instances against a backtracking search written here, and the same
ASP instance in its three forms (ASP .param, XCSP 2022 .param, PyCSP3 JSON).
"""

from __future__ import annotations

import ast
import gzip
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from nqueens.completion import complete, count_completions, solve
from nqueens.diagonals import check_diagonals, diagonal_squares, parse_diagonals
from nqueens.errors import InvalidBoardError, InvalidSizeError, ParseError, SearchTimeout
from nqueens.instances import parse_instance, read_instance

DATA = Path(__file__).parent / "data" / "csplib"


def _prob079_files() -> dict[tuple[int, int], str]:
    with tarfile.open(DATA / "prob079-sample.tar.gz") as t:
        out = {}
        for m in t.getmembers():
            if m.isfile():
                n, _, ident = re.fullmatch(r"diag-\d+/diag-(\d+)-(\d+)-(\d+)\.param",
                                           m.name).groups()
                out[int(n), int(ident)] = t.extractfile(m).read().decode()
        return out


FILES = _prob079_files()
ANSWERS: dict[tuple[int, int, int], bool] = {}
with gzip.open(DATA / "prob079-answers.txt.gz", "rt") as _handle:
    for _line in _handle:
        _f = _line.split()
        ANSWERS[int(_f[0]), int(_f[1]), int(_f[3])] = int(_f[5]) > 0


def raw_pairs(text: str) -> list[list[int]]:
    """The diags list of a prob079 file, read with Python's literal parser (not ours)."""
    return ast.literal_eval(re.search(r"diags\s*=\s*(\[.*\])", text, re.S).group(1))


def excluded_squares(n: int, pairs: list[list[int]]) -> set[tuple[int, int]]:
    """The squares the pairs exclude, by the specification's own words: [x, 1] is the sum
    diagonal x (r + c = x), [x, 0] the difference diagonal x - (n - 1) (r - c)."""
    return {(r, c) for r in range(n) for c in range(n) for x, t in pairs
            if (t == 1 and r + c == x) or (t == 0 and r - c == x - (n - 1))}


def is_queens_solution(n: int, cols: tuple[int, ...]) -> bool:
    if sorted(cols) != list(range(n)):
        return False
    return all(abs(cols[a] - cols[b]) != b - a for a in range(n) for b in range(a + 1, n))


def check_answer(n: int, d: int, ident: int) -> None:
    text = FILES[n, ident]
    inst = parse_instance(text, first=d)
    expected = ANSWERS[n, d, ident]
    found = complete(inst.n, [], diagonals=inst.diagonals)
    assert (found is not None) == expected, (n, d, ident)
    if found is not None:
        closed = excluded_squares(n, raw_pairs(text)[:d])
        assert is_queens_solution(n, found.placement)
        assert not closed & set(enumerate(found.placement)), (n, d, ident)


def _answers(low: int, high: int) -> list[tuple[int, int, int]]:
    return sorted(k for k in ANSWERS if low <= k[0] <= high and k[2] != 259)


QUICK = _answers(10, 16)
SLOW = _answers(17, 21)


def test_the_sample_covers_enough_answers() -> None:
    assert len(QUICK) >= 500 and len(QUICK) + len(SLOW) >= 1200
    # both answers at every N, and the phase transition (30-70 % SAT) represented
    for n in range(10, 22):
        seen = {ANSWERS[k] for k in ANSWERS if k[0] == n}
        assert seen == {True, False}, n


@pytest.mark.parametrize("n", range(10, 17))
def test_prob079_answers_quick(n: int) -> None:
    for key in QUICK:
        if key[0] == n:
            check_answer(*key)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(17, 22))
def test_prob079_answers_slow(n: int) -> None:
    for key in SLOW:
        if key[0] == n:
            check_answer(*key)


def test_prob079_reading_matches_the_specification() -> None:
    for (n, _), text in list(FILES.items())[:12]:
        pairs = raw_pairs(text)
        inst = parse_instance(text)
        assert inst.format == "prob079" and inst.n == n and inst.available == len(pairs)
        assert set(diagonal_squares(n, inst.diagonals)) == excluded_squares(n, pairs)
        for d in (0, 1, len(pairs) // 2, len(pairs)):
            got = parse_instance(text, first=d).diagonals
            assert set(diagonal_squares(n, got)) == excluded_squares(n, pairs[:d])


def test_the_specification_example() -> None:
    # AA-Excluded-Diagonals-Info.md: on a 10x10 board [4, 1] excludes (0,4) (1,3) (2,2)
    # (3,1) (4,0); [5, 0] excludes (0,4) (1,5) (2,6) (3,7) (4,8) (5,9)
    inst = parse_instance("n = 10\nnumdiags = 2\ndiags = [[4, 1], [5, 0]]")
    assert inst.diagonals == [("sum", 4), ("diff", -4)]
    assert diagonal_squares(10, inst.diagonals[:1]) == [(r, 4 - r) for r in range(5)]
    assert diagonal_squares(10, inst.diagonals[1:]) == [(r, r + 4) for r in range(6)]


def test_the_same_instance_in_three_forms() -> None:
    asp = read_instance(DATA / "blockedqueens.28.1449787798.param")
    xcsp = read_instance(DATA / "xcsp22-28-1449787798.param")
    js = read_instance(DATA / "xcsp22-28-1449787798.json")
    assert (asp.format, xcsp.format, js.format) == ("prob080", "prob080", "xcsp-json")
    assert asp.blocked == xcsp.blocked == js.blocked
    assert asp.n == js.n == 28
    # the JSON's first block [0, 0] is the .param's [1, 1]: both are the corner (0, 0)
    raw = (DATA / "blockedqueens.28.1449787798.param").read_text()
    first = re.search(r"\[\[(\d+),(\d+)\]", raw).groups()
    assert (int(first[0]) - 1, int(first[1]) - 1) == js.blocked[0] == (0, 0)
    assert len(js.blocked) == raw.count("[") - 1


def naive_count(n: int, blocked: set[tuple[int, int]]) -> int:
    """Row by row, every free column tried, every earlier queen checked pairwise."""
    cols: list[int] = []

    def go(r: int) -> int:
        if r == n:
            return 1
        total = 0
        for c in range(n):
            if (r, c) in blocked:
                continue
            if all(c != pc and abs(c - pc) != r - pr for pr, pc in enumerate(cols)):
                cols.append(c)
                total += go(r + 1)
                cols.pop()
        return total

    return go(0)


def _block10() -> list[tuple[str, str]]:
    with tarfile.open(DATA / "prob080-block10-sample.tar.gz") as t:
        return [(m.name, t.extractfile(m).read().decode()) for m in t.getmembers() if m.isfile()]


def _raw_blocks(text: str) -> set[tuple[int, int]]:
    pairs = ast.literal_eval(re.search(r"blocks\s*=\s*(\[.*\])", text, re.S).group(1))
    return {(r - 1, c - 1) for r, c in pairs}  # prob080 is 1-based


def check_block10(items: list[tuple[str, str]]) -> None:
    sat = unsat = 0
    for name, text in items:
        inst = parse_instance(text)
        walls = _raw_blocks(text)
        assert inst.n == 10 and set(inst.blocked) == walls, name
        truth = naive_count(10, walls)
        assert count_completions(10, [], blocked=inst.blocked) == truth, name
        found = complete(10, [], blocked=inst.blocked)
        assert (found is not None) == (truth > 0), name
        if found is not None:
            assert is_queens_solution(10, found.placement)
            assert not walls & set(enumerate(found.placement))
        sat += truth > 0
        unsat += truth == 0
    assert sat and unsat


def test_prob080_n10_against_brute_force() -> None:
    check_block10(_block10()[::7])


@pytest.mark.slow
def test_prob080_n10_against_brute_force_slow() -> None:
    check_block10([x for i, x in enumerate(_block10()) if i % 7])


def _cnf_satisfiable(n: int, blocked: set[tuple[int, int]]) -> bool:
    """python-sat on a CNF written here: exactly one per row and column (pairwise), at most
    one per diagonal, blocked squares false."""
    solvers = pytest.importorskip("pysat.solvers", reason="pip install python-sat")
    v = lambda r, c: r * n + c + 1  # noqa: E731
    clauses = [[-v(r, c)] for r, c in blocked]
    lines = [[(r, c) for c in range(n)] for r in range(n)]
    lines += [[(r, c) for r in range(n)] for c in range(n)]
    for line in lines:
        clauses.append([v(*s) for s in line])
    lines += [[(r, k - r) for r in range(n) if 0 <= k - r < n] for k in range(2 * n - 1)]
    lines += [[(r, r - k) for r in range(n) if 0 <= r - k < n] for k in range(1 - n, n)]
    for line in lines:
        clauses += [[-v(*a), -v(*b)] for i, a in enumerate(line) for b in line[i + 1:]]
    with solvers.Solver(name="cadical195", bootstrap_with=clauses) as s:
        return bool(s.solve())


@pytest.mark.slow
def test_the_asp_instance_against_python_sat() -> None:
    js = read_instance(DATA / "xcsp22-28-1449787798.json")
    found = complete(js.n, [], blocked=js.blocked)
    assert (found is not None) == _cnf_satisfiable(js.n, set(js.blocked))


BAD = [
    ("", "not an instance"),
    ("hello", "not an instance"),
    ("{", "not valid JSON"),
    ('{"n": 4}', "expected a JSON object"),
    ('{"n": 4, "blocks": [[0, 4]]}', "off the 4x4 board: XCSP JSON files are 0-based"),
    ('{"n": 4, "blocks": [[0, true]]}', "pairs of integers"),
    ('{"n": 1000000, "blocks": []}', "n = 1000000"),
    ('{"n": 4.5, "blocks": []}', "no board size"),
    ("letting n = 4\nletting blocks = [[0, 1]]", "1-based"),
    ("letting n = 4\nletting blocks = [[1, 1], [2]]", "cannot read blocks"),
    ("letting n = 1000000\nletting blocks = []", "n = 1000000"),
    ("n = 4\ndiags = [[7, 1]]", "diagonal [7, 1] is off the 4x4 board"),
    ("n = 4\ndiags = [[1, 2]]", "diagonal [1, 2] is off"),
    ("n = 4\nnumdiags = 3\ndiags = [[1, 1]]", "numdiags = 3 but diags lists 1"),
    ("n = 4\ndiags = [[1, 1]", "cannot read diags"),
    ("garbage n = 4\ndiags = []", "not an instance"),
    ("n = 1000000\nnumdiags = 0\ndiags = []", "n = 1000000"),
    ("n = 1" + "0" * 5000 + "\ndiags = []", "cannot read n"),
    ("n = 10\ndiags = [[1, 1]]\ndiags = [[2, 1]]", "diags is given twice"),
    ("n = 10\ndiags = [[-1, 1]]", "diagonal [-1, 1] is off the 10x10 board"),
    ("\x00\xff", "not an instance"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_bad_instances(text: str, words: str) -> None:
    with pytest.raises((ParseError, InvalidSizeError), match=re.escape(words)):
        parse_instance(text)


@pytest.mark.parametrize(("text", "words"), BAD)
def test_bad_instance_files_are_one_line_and_exit_2(tmp_path: Path, capsys, text: str,
                                                     words: str) -> None:
    from nqueens.cli import main

    f = tmp_path / "bad.param"
    f.write_text(text)
    assert main(["complete", "--instance", str(f)]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1 and words in lines[0], err
    assert "Traceback" not in err


def _xcsp22() -> list[tuple[str, str]]:
    """The XCSP 2022 BlockedQueens set (tests/data/csplib/xcsp22.zip): (name, text)."""
    import zipfile

    with zipfile.ZipFile(DATA / "xcsp22.zip") as z:
        return [(name, z.read(name).decode()) for name in sorted(z.namelist())
                if not name.endswith("/")]


def check_xcsp22(items: list[tuple[str, str]]) -> list[bool]:
    """Each instance read as its own text says (1-based blocks, Python's literal parser),
    its completion, when one is found, checked square by square; the answers."""
    answers = []
    for name, text in items:
        inst = parse_instance(text)
        n = int(re.search(r"letting\s+n\s*=\s*(\d+)", text).group(1))
        walls = _raw_blocks(text)
        assert (inst.format, inst.n, set(inst.blocked)) == ("prob080", n, walls), name
        assert n == int(name.rsplit("/", 1)[1].split("-")[0])
        found = complete(n, [], blocked=inst.blocked)
        if found is not None:
            assert is_queens_solution(n, found.placement) and not walls & set(
                enumerate(found.placement)), name
        answers.append(found is not None)
    return answers


def test_the_xcsp22_set_reads_and_its_small_boards_complete() -> None:
    items = _xcsp22()
    assert len(items) == 8
    small = [x for x in items if x[0].rsplit("/", 1)[1].startswith("28-")]
    assert check_xcsp22(small) == [_cnf_satisfiable(28, _raw_blocks(t)) for _, t in small]


@pytest.mark.slow
def test_the_xcsp22_set_against_python_sat() -> None:
    """All eight boards (n = 28..56) answered, each answer equal to python-sat's on a CNF
    written in this file (no brute force finishes at n >= 28)."""
    items = _xcsp22()
    assert check_xcsp22(items) == [_cnf_satisfiable(int(n.rsplit("/", 1)[1].split("-")[0]),
                                                    _raw_blocks(t)) for n, t in items]


def test_first_is_checked() -> None:
    text = "n = 4\nnumdiags = 2\ndiags = [[1, 1], [2, 0]]"
    with pytest.raises(ParseError, match=r"take 0\.\.2"):
        parse_instance(text, first=3)
    with pytest.raises(ParseError, match="applies to prob079"):
        parse_instance('{"n": 4, "blocks": []}', first=1)


def test_diagonals_as_a_constraint() -> None:
    # excluding a diagonal is the same as blocking its squares, in every entry point
    for n, diags in [(8, [("sum", 7), ("diff", 0)]), (9, [("sum", 3), ("diff", -2),
                                                          ("diff", 4)])]:
        walls = diagonal_squares(n, diags)
        assert count_completions(n, [], diagonals=diags) == count_completions(n, [],
                                                                              blocked=walls)
        assert count_completions(n, [], diagonals=diags) == naive_count(n, set(walls))
        found = complete(n, [], diagonals=diags)
        assert found is not None and not set(walls) & set(enumerate(found.placement))
    assert parse_diagonals("s9 d0") == [("sum", 7), ("diff", 0)]
    assert complete(8, [], diagonals="s9 d0") == complete(8, [], diagonals=[("sum", 7),
                                                                             ("diff", 0)])
    with pytest.raises(InvalidBoardError, match="excluded diagonal s2"):
        complete(8, [(0, 0)], diagonals=[("sum", 0)])
    with pytest.raises(InvalidBoardError, match="off the 8x8 board"):
        check_diagonals(8, [("diff", 8)])
    with pytest.raises(InvalidBoardError, match="cannot read"):
        check_diagonals(8, [("up", 1)])
    with pytest.raises(ParseError):
        parse_diagonals("s")


def test_timeout_says_unknown() -> None:
    text = FILES[21, 259]
    inst = parse_instance(text, first=19)  # the paper's hardest: a minute here
    with pytest.raises(SearchTimeout, match=r"unknown after 0.3 s") as stop:
        solve(21, [], diagonals=inst.diagonals, timeout=0.3)
    assert stop.value.nodes > 0
    with pytest.raises(Exception, match="timeout must be a positive"):
        solve(8, [], timeout=-1)


def _cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nqueens", "complete", *args],
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow
def test_cli_instances(tmp_path: Path) -> None:
    f = tmp_path / "i.param"
    f.write_text(FILES[21, 259])
    sat = next(k for k in QUICK if k[0] == 14 and ANSWERS[k])
    unsat = next(k for k in QUICK if k[0] == 14 and not ANSWERS[k])
    for key, code in ((sat, 0), (unsat, 1)):
        g = tmp_path / f"{key}.param"
        g.write_text(FILES[key[0], key[2]])
        r = _cli("--instance", str(g), "--first", str(key[1]), "--format", "cols")
        assert r.returncode == code, r.stderr
        if code == 0:
            cols = tuple(int(x) - 1 for x in r.stdout.split())
            closed = excluded_squares(14, raw_pairs(FILES[key[0], key[2]])[: key[1]])
            assert is_queens_solution(14, cols) and not closed & set(enumerate(cols))
    r = _cli("--instance", str(f), "--first", "19", "--timeout", "0.5")
    assert r.returncode == 4 and "unknown after 0.5 s" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    r = _cli("--instance", str(DATA / "xcsp22-28-1449787798.json"), "--format", "json")
    assert r.returncode in (0, 1) and '"n": 28' in r.stdout
    bad = tmp_path / "bad.json"
    for text in ('{"n": 1000000, "blocks": []}', "n = 5\ndiags = [[99, 1]]", "{]"):
        bad.write_text(text)
        r = _cli("--instance", str(bad))
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert "Traceback" not in r.stderr
    r = _cli("--instance", str(tmp_path / "missing.param"))
    assert r.returncode == 2 and "cannot read instance file" in r.stderr
    r = _cli("8", "--diagonals", "s99")
    assert r.returncode == 2 and "s99 is off the 8x8 board" in r.stderr
    r = _cli("8", "--first", "3")
    assert r.returncode == 2
