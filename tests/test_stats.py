"""State-space statistics: kernel vs brute force vs the Python event stream vs the book."""

from __future__ import annotations

import json
import math
import os

import pytest

from nqueens.analysis.stats import TreeCounter, first_solution_tries, tree_stats
from nqueens.errors import InvalidSizeError
from nqueens.trace import events, visit

from conftest import OEIS, assert_bad_input, run_cli
from naive import naive_promising_levels


@pytest.mark.parametrize("n", range(1, 7))
def test_levels_match_brute_force(n):
    assert list(tree_stats(n).levels) == naive_promising_levels(n)


@pytest.mark.parametrize("n", range(1, 10))
def test_kernel_matches_python_event_stream(n):
    counter = TreeCounter(n)
    from_events = visit(events(n), counter)
    fast = tree_stats(n)
    assert from_events == fast
    # the oracle of "nodes checked": count the try events themselves
    assert counter.tries == fast.tried == fast.checked - 1
    tries_per_depth = [0] * (n + 1)
    for e in events(n):
        if e.kind == "try":
            tries_per_depth[e.depth] += 1
    assert [1, *tries_per_depth[1:]] == list(fast.checked_levels)


@pytest.mark.parametrize("n", range(1, 15))
def test_solutions_match_oeis(n):
    assert tree_stats(n).solutions == OEIS[n][0]


@pytest.mark.slow
def test_n16_solutions_match_oeis():
    assert tree_stats(16).solutions == OEIS[16][0]


def test_book_table_exact_rows():
    # Neapolitan, Foundations of Algorithms, table of section 5.2 (the Korean/English seed)
    s4, s8 = tree_stats(4), tree_stats(8)
    assert (s4.tree_nodes, s4.candidates, s4.checked, s4.promising) == (341, 24, 61, 17)
    assert (s8.tree_nodes, s8.candidates, s8.checked, s8.promising) == (
        19_173_961, 40_320, 15_721, 2_057)


def _sig3(x: int) -> str:
    return f"{x:.2e}"


def test_book_table_rounded_rows():
    # the book prints three significant digits for n = 12 and n = 14
    s12, s14 = tree_stats(12), tree_stats(14)
    assert [_sig3(v) for v in (s12.tree_nodes, s12.candidates, s12.checked, s12.promising)] \
        == ["9.73e+12", "4.79e+08", "1.01e+07", "8.56e+05"]
    assert [_sig3(v) for v in (s14.tree_nodes, s14.candidates, s14.checked, s14.promising)] \
        == ["1.20e+16", "8.72e+10", "3.78e+08", "2.74e+07"]


def test_slides_convention_and_speedup():
    s = tree_stats(8)
    assert s.tried == 15_720  # the slides count squares tried, not the root
    assert round(s.speedup) == 1067  # 8**8 / 15,720
    assert s.tree_nodes == (8**9 - 1) // 7
    assert s.candidates == math.factorial(8)


@pytest.mark.parametrize("n", range(1, 13))
def test_first_solution_tries_match_event_stream(n):
    tries = sum(1 for e in events(n, until="first") if e.kind == "try")
    assert first_solution_tries(n) == tries


@pytest.mark.parametrize("bad", [0, -1, 19, True, 2.0])
def test_api_rejects_bad_sizes(bad):
    with pytest.raises(InvalidSizeError):
        tree_stats(bad)


# --- CLI ------------------------------------------------------------------------------------

def test_cli_table():
    r = run_cli("stats", "4", "8")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[1].split() == ["4", "341", "24", "61", "17", "2", "4.3"]
    assert lines[2].split() == ["8", "19,173,961", "40,320", "15,721", "2,057", "92", "1,067.3"]



def test_cli_table_headers_name_only_columns_that_are_shown():
    """Each header is a shown column, or an expression over n and shown columns whose value
    the row's own numbers reproduce (the speed-up once said "tried", a column not shown)."""
    import re

    lines = run_cli("stats", "5", "9").out.splitlines()
    headers = lines[0].split()
    assert headers[:2] == ["n", "whole"]       # "whole tree" is one header of two words
    headers = ["n", "whole tree", *headers[3:]]
    for line in lines[1:]:
        row = dict(zip(headers, (float(v.replace(",", "")) for v in line.split()), strict=True))
        for name in headers:
            words = set(re.findall(r"[a-z]+", name)) - {"n", "whole", "tree"}
            assert words <= set(headers), (name, words - set(headers))
        n, checked = row["n"], row["checked"]
        assert row["n^n/(checked-1)"] == pytest.approx(n ** n / (checked - 1), abs=0.05)


def test_cli_json_and_levels():
    r = run_cli("stats", "4", "5", "--json")
    assert r.code == 0, r.err
    records = [json.loads(line) for line in r.out.splitlines()]
    assert [rec["n"] for rec in records] == [4, 5]
    assert records[0]["levels"] == [1, 4, 6, 4, 2]
    assert records[0]["checked"] == 61 and records[0]["tried"] == 60
    r = run_cli("stats", "4", "--levels")
    assert r.code == 0, r.err
    assert any(line.split() == ["total", "61", "17"] for line in r.out.splitlines()), r.out


@pytest.mark.parametrize("ext, magic", [("svg", b"<?xml"), ("png", b"\x89PNG")])
@pytest.mark.slow
def test_cli_plot(tmp_path, ext, magic):
    target = tmp_path / f"plot.{ext}"
    r = run_cli("stats", "4", "5", "6", "--plot", str(target))
    assert r.code == 0, r.err
    assert target.read_bytes().startswith(magic)
    assert os.listdir(tmp_path) == [target.name]


def test_cli_plot_unwritable_path(tmp_path):
    target = tmp_path / "missing" / "plot.svg"
    assert_bad_input(run_cli("stats", "4", "--plot", str(target)), "cannot write")
    assert not target.parent.exists()


def test_cli_plot_not_written_for_bad_n(tmp_path):
    assert_bad_input(run_cli("stats", "4", "19", "--plot", str(tmp_path / "p.svg")), "18")
    assert os.listdir(tmp_path) == []


def test_cli_plot_unknown_format(tmp_path):
    assert_bad_input(run_cli("stats", "4", "--plot", str(tmp_path / "plot.gif")), ".svg or .png")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("args, fragment", [
    (("stats", "19"), "from 1 to 18"),
    (("stats", "0"), "positive integer"),
    (("stats", "x"), "positive integer"),
    (("stats",), "required"),
])
def test_cli_bad_input(args, fragment):
    assert_bad_input(run_cli(*args), fragment)


def test_cli_plot_without_matplotlib_is_one_line(tmp_path, monkeypatch):
    fake = tmp_path / "fake"
    (fake / "matplotlib").mkdir(parents=True)
    (fake / "matplotlib" / "__init__.py").write_text("raise ImportError('no matplotlib')\n")
    monkeypatch.setenv("PYTHONPATH", str(fake))
    target = tmp_path / "p.svg"
    r = run_cli("stats", "4", "--plot", str(target))
    assert_bad_input(r, 'pip install "nqueens-toolkit[plot]"')
    assert not target.exists()


def test_cli_plot_with_a_garbage_matplotlib_backend_is_one_line(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("MPLBACKEND", "garbage")
    target = tmp_path / "p.png"
    r = run_cli("stats", "4", "--plot", str(target))
    assert r.code == 3 and "Traceback" not in r.err, r.err
    assert r.err.splitlines() == [
        "nqueens: error: matplotlib cannot start: Key backend: 'garbage' is not a valid value "
        "for backend"]
    assert not target.exists()


@pytest.mark.slow
def test_plotting_leaves_the_callers_matplotlib_backend_alone():
    # it used to switch every caller (a notebook, say) to Agg
    pytest.importorskip("matplotlib")
    import subprocess
    import sys

    from conftest import SRC

    code = ("import io, matplotlib\n"
            "matplotlib.use('svg')\n"
            "from nqueens.analysis.stats import tree_stats\n"
            "from nqueens.render.plot import stats_plot\n"
            "out = io.BytesIO(); stats_plot([tree_stats(4)], out, fmt='png')\n"
            "print(matplotlib.get_backend(), out.getvalue()[:4])\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=str(SRC)), timeout=120)
    assert r.stdout.strip() == "svg b'\\x89PNG'", r.stderr
