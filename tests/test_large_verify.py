"""The O(n) verifier and the file formats: every clash found, every malformed file refused."""

from __future__ import annotations

import io
import json
import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqueens.large.read as R
import nqueens.large.verify as V
from nqueens.board import first_conflict
from nqueens.errors import InvalidBoardError, ParseError
from nqueens.large import find
from nqueens.large.output import cols_text, write_cols, write_npy
from nqueens.large.verify import detect_format, read_cols, verify_cols, verify_file

from naive import first_conflict_pairwise, is_solution_pairwise


def _as_tuple(verdict):
    c = verdict.conflict
    return None if c is None else (c.row_a, c.col_a, c.row_b, c.col_b, c.kind)


@st.composite
def boards(draw, max_n=40):
    """Columns on the board: arbitrary (often clashing) or a solution with a perturbation."""
    n = draw(st.integers(1, max_n))
    how = draw(st.sampled_from(["any", "perm", "solution", "swap", "move"]))
    if how == "any":
        return draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n))
    if how == "perm":
        return draw(st.permutations(range(n)))
    if n in (2, 3):
        n = 4
    cols = find(n).tolist()
    if how == "swap" and n > 1:  # a permutation again, usually with a diagonal clash
        i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        cols[i], cols[j] = cols[j], cols[i]
    elif how == "move":  # one queen moved: a column clash, often a diagonal one too
        cols[draw(st.integers(0, n - 1))] = draw(st.integers(0, n - 1))
    return cols


@given(boards())
def test_verifier_agrees_with_pairwise_oracle(cols):
    verdict = verify_cols(np.array(cols))
    assert verdict.ok == is_solution_pairwise(cols)
    assert bool(verdict) == verdict.ok  # `if verify_file(path):` reads as it should
    assert _as_tuple(verdict) == first_conflict_pairwise(cols)
    assert verdict.conflict == first_conflict(cols)
    assert verdict.n == len(cols)


@given(boards(max_n=30), st.integers(1, 7))
def test_verifier_across_blocks(cols, block):
    """Tiny blocks exercise the stamps carried from block to block."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(V, "BLOCK_ROWS", block)
        assert _as_tuple(verify_cols(np.array(cols))) == first_conflict_pairwise(cols)


@pytest.mark.parametrize(
    ("cols", "expected"),
    [
        ([0, 2, 0], "queens at <1,1> and <3,1> share a column"),
        ([1, 3, 0, 1], "queens at <1,2> and <4,2> share a column"),
        ([0, 3, 5, 1, 4, 2], "queens at <2,4> and <4,2> share an anti-diagonal"),
        ([0, 2, 4, 1, 3, 5], "queens at <1,1> and <6,6> share a diagonal"),
    ],
)
def test_each_kind_of_clash(cols, expected):
    assert verify_cols(cols).describe() == f"clash: {expected}"


def test_far_apart_clash_in_a_big_board():
    n = 300_007
    cols = find(n, method="local", seed=4).copy()
    assert verify_cols(cols).ok
    i = int(np.flatnonzero(cols < 100)[0])
    j = i + n // 2
    cols[j] = cols[i] + (j - i)  # moved onto row i's diagonal, far away
    c = verify_cols(cols).conflict
    assert c is not None and c.row_b <= j
    assert (c.col_a, c.col_b) == (cols[c.row_a], cols[c.row_b])
    assert c.col_a == c.col_b or abs(c.col_a - c.col_b) == c.row_b - c.row_a
    # only rows i and j changed their relation: a column clash with the row that held
    # that column, or the planted diagonal clash, whichever comes first
    owner = int(np.flatnonzero(cols == cols[j])[0])
    expected_b = j if owner < j else owner
    assert c.row_b == expected_b or c.row_b == j


def test_verify_cols_rejects_off_board_and_bad_arrays():
    with pytest.raises(InvalidBoardError, match="row 2 has column 5"):
        verify_cols([0, 4])
    with pytest.raises(InvalidBoardError, match="row 1 has column 0"):
        verify_cols([-1, 0])
    with pytest.raises(InvalidBoardError):
        verify_cols([])
    with pytest.raises(InvalidBoardError, match="integers"):
        verify_cols(np.array([0.0, 1.0]))


# -- files -------------------------------------------------------------------------------


@given(st.lists(st.integers(0, 10**9), max_size=60))
def test_cols_text_is_plain_decimal(values):
    arr = np.array(values, dtype=np.int64)
    assert cols_text(arr) == "".join(f"{v + 1}\n" for v in values).encode()


def test_write_then_read_round_trip(tmp_path):
    cols = find(12345, method="local", seed=1)
    txt, npy = tmp_path / "q.txt", tmp_path / "q.npy"
    with open(txt, "wb") as f:
        write_cols(cols, f)
    with open(npy, "wb") as f:
        write_npy(cols, f)
    assert np.array_equal(read_cols(txt), cols)
    assert np.array_equal(read_cols(npy), cols)
    assert np.array_equal(np.load(npy), cols)
    assert txt.read_text().splitlines()[0] == str(cols[0] + 1)
    assert verify_file(txt).describe() == verify_file(npy).describe() == "ok n=12345"


@given(st.permutations(range(9)), st.integers(1, 12),
       st.sampled_from([" ", "\n", ",", "\r\n", " \t", ", ", "\v", "\f", "\f\n", ",\v"]))
def test_text_reader_any_separator_any_block(perm, read_bytes, sep):
    text = "  " + sep.join(str(c + 1) for c in perm) + sep
    path = _tmp_file(text)
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(R, "READ_BYTES", read_bytes)
            assert read_cols(path).tolist() == list(perm)
    finally:
        os.unlink(path)


def _tmp_file(text: str | bytes, suffix: str = ".txt", where: str | None = None) -> str:
    import tempfile

    with tempfile.NamedTemporaryFile("wb", suffix=suffix, delete=False, dir=where) as f:
        f.write(text.encode() if isinstance(text, str) else text)
    return f.name


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("   \n\n ", "empty"),
        ("1 2 x\n", "'x' is not a whole number"),
        ("2\n4\n1.5\n3\n", "line 3: '1.5' is not a whole number"),
        ("2 -4 1 3", "'-4' is not a whole number"),
        ("2 4 1 3 +1", "'+1'"),
        ("0 2 3", "row 1 has column 0"),
        ("1 2 9", "row 3 has column 9, off a board of size 3"),
        ("1 " + "9" * 30, "30 digits"),
        ("\x00\x01garbage", "is not a whole number"),
    ],
)
def test_malformed_text(tmp_path, text, fragment):
    with pytest.raises(ParseError) as info:
        read_cols(_tmp_file(text, where=str(tmp_path)))
    assert fragment in str(info.value)


def test_malformed_npy_and_json(tmp_path):
    def npy(arr):
        buf = io.BytesIO()
        np.save(buf, arr)
        return _tmp_file(buf.getvalue(), ".npy", where=str(tmp_path))

    cases = [
        (npy(np.array([0.0, 1.0])), "float64"),
        (npy(np.zeros((2, 2), np.int32)), "shape (2, 2)"),
        (npy(np.array([], np.int32)), "no columns"),
        (npy(np.array([1, 3, 0, 4])), "row 4 has column 5"),
        (_tmp_file(b"not numpy at all", ".npy", where=str(tmp_path)), "no .npy header"),
        (_truncated_npy(tmp_path), "not a readable .npy array"),
        (_tmp_file("{nope", ".json", where=str(tmp_path)), "not valid JSON"),
        (_tmp_file('{"cols": [2, 4, 1, 3]}\n{"cols": [3, 1, 4, 2]}\n', ".json",
                   where=str(tmp_path)), "more than one JSON value"),
        (_tmp_file("[1, true]", ".json", where=str(tmp_path)), "row 2 has True"),
        (_tmp_file('{"n": 5, "cols": [2, 4, 1, 3]}', ".json", where=str(tmp_path)), "n is 5"),
        (_tmp_file("[]", ".json", where=str(tmp_path)), "non-empty"),
        (_tmp_file("[1, 3]", ".json", where=str(tmp_path)), "row 2 has column 3"),
    ]
    for path, fragment in cases:
        with pytest.raises(ParseError) as info:
            read_cols(path)
        assert fragment in str(info.value), (fragment, str(info.value))
    with pytest.raises(ParseError, match="cannot read"):
        read_cols(tmp_path / "missing.txt")
    with pytest.raises(ParseError, match="unknown format"):
        read_cols(tmp_path / "x", fmt="xml")


def _truncated_npy(tmp_path):
    buf = io.BytesIO()
    np.save(buf, np.arange(100, dtype=np.int32))
    return _tmp_file(buf.getvalue()[:-40], ".npy", where=str(tmp_path))


def test_json_and_explicit_format(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"n": 4, "cols": [2, 4, 1, 3]}))
    assert verify_file(path).ok
    other = tmp_path / "s.dat"
    other.write_text("[2, 4, 1, 3]")
    assert verify_file(other, fmt="json").ok
    assert detect_format(other) == "cols"


@pytest.mark.parametrize("sep", ["\v", "\f"])
def test_vertical_tab_and_form_feed_separate_everywhere(sep):
    """Both are whitespace to bytes.split(), so to every part of the text reader."""
    assert set(R.SEPARATORS) - {ord(",")} == {c for c in range(256) if bytes([c]).split() == []}
    path = _tmp_file(sep.join(["2", "4", "1", "3"]))
    try:
        assert verify_file(path).describe() == "ok n=4"
    finally:
        os.unlink(path)
    # 20,000 columns on one "line": the reader must cut its blocks at these separators too
    from nqueens.large.construct import construct

    cols = construct(20_000)
    path = _tmp_file(sep.join(str(int(c) + 1) for c in cols))
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(R, "READ_BYTES", 4096)
            assert read_cols(path).tolist() == cols.tolist()
        assert verify_file(path).describe() == "ok n=20000"
    finally:
        os.unlink(path)


@pytest.mark.parametrize("n", [1, 6, 7, 64, 1000])
def test_npy_written_in_blocks_is_numpys_own_file(monkeypatch, n):
    """write_npy writes block by block (for Ctrl-C); the bytes are numpy's write_array's."""
    import nqueens.large.output as out

    monkeypatch.setattr(out, "NPY_BLOCK", 7)
    cols = find(n) if n not in (2, 3) else np.arange(n)
    ours, numpys = io.BytesIO(), io.BytesIO()
    out.write_npy(cols, ours)
    np.lib.format.write_array(numpys, cols.astype(np.int32), allow_pickle=False)
    assert ours.getvalue() == numpys.getvalue()
    ours.seek(0)
    assert np.load(ours, allow_pickle=False).tolist() == cols.tolist()
