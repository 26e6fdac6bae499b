"""Puzzles from the wild: puzz.link URLs, SBN strings, letter grids with progress, JSON; and
export back, exact. Checked against outside facts: pzprjs's own test puzzle, StarBattleLab's
published puzzles (each must come out with exactly one solution), the community corpus."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from urllib.parse import quote

import pytest

from nqueens.errors import PuzzleImportError, UnknownOptionError
from nqueens.puzzles.exact import count
from nqueens.puzzles.io import (
    WRITERS,
    Imported,
    export,
    read_source,
    register_writer,
    with_stars,
)
from nqueens.puzzles.io.sbn import read_sbn, write_sbn
from nqueens.puzzles.model import parse_puzzle, region_puzzle
from nqueens.puzzles.solution import first_violation

from conftest import assert_bad_input, run_cli

CORPUS = Path(__file__).resolve().parents[2] / "shared/reference/puzzles/community-levels.jsonl"
if not CORPUS.exists():  # the main checkout sits beside shared/ too
    CORPUS = Path("/work/shared/reference/puzzles/community-levels.jsonl")

# pzprjs's own test puzzle (test/script/starbattle.js): its URL, its regions as the
# pzprv3 file lists them, and the solution that file marks correct (# = star)
PZPRJS_URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
PZPRJS_REGIONS = ["0 0 0 1 1 1", "0 1 1 1 2 2", "0 3 3 4 4 2", "5 5 3 3 4 2",
                  "5 4 4 4 4 2", "5 2 2 2 2 2"]
PZPRJS_SOLUTION = (1, 3, 5, 2, 4, 0)

# published one-star puzzles of StarBattleLab's collection (Main/puzzles/Files/8-1-hard.txt)
STARBATTLELAB_8 = ["881W00KZtPDMpPGmOALDIC8", "881W1PcWICaY28WWGoKgNqM",
                   "881W0aN5OP21m24QJCdj_J9"]


def corpus(connected_only: bool = False) -> list[list[str]]:
    rows = [json.loads(line)["rows"] for line in CORPUS.read_text().splitlines()]
    if not connected_only:
        return rows
    out = []
    for grid in rows:
        try:
            region_puzzle(grid, connected=True)
        except ValueError:
            continue
        out.append(grid)
    return out


def test_pzprjs_test_puzzle_reads_as_pzprjs_draws_it():
    imp = read_source(PZPRJS_URL)
    want = region_puzzle([[int(v) for v in row.split()] for row in PZPRJS_REGIONS])
    assert imp.puzzle.regions == want.regions
    assert first_violation(imp.puzzle, PZPRJS_SOLUTION) is None
    assert count(imp.puzzle).count == 1
    assert export(imp, "url") == PZPRJS_URL + "\n"


def test_pzprjs_url_variants():
    body = "starbattle/6/6/1/4ilbhgdnmhou"
    want = read_source(PZPRJS_URL).puzzle
    edit = body.replace("e/", "e_edit/", 1)
    for url in (f"http://pzv.jp/p.html?{body}", f"https://puzz.link/p?{edit}",
                f"https://pzprxs.vercel.app/p?type=player&{body}", f"puzz.link/p?{body}/"):
        assert read_source(url).puzzle == want, url


def test_pzprjs_file_url_carries_regions_and_progress():
    rows = "/".join(f"{row} " for row in PZPRJS_REGIONS)
    marks = "/".join([". # + . . . ", ". . . . . . ", ". . . . . . ", ". . . . . . ",
                      ". . . . . . ", ". . . . . . "])
    # pzprjs writes each line through encodeURIComponent: spaces %20, stars # as %23
    body = quote(f"pzprv3/starbattle/6/6/1/6/{rows}/{marks}/", safe="/+")
    url = f"https://puzz.link/p?{body}"
    imp = read_source(url)
    assert imp.puzzle == read_source(PZPRJS_URL).puzzle
    assert imp.progress == (".Qx...",) + ("......",) * 5


@pytest.mark.parametrize("sbn", STARBATTLELAB_8)
def test_published_sbn_puzzles_are_unique(sbn):
    imp = read_source(sbn)
    assert imp.puzzle.n == 8 and imp.source == "sbn"
    assert count(imp.puzzle).count == 1  # a misread wall would not leave exactly one
    assert k_star_solutions(imp.puzzle) == 1  # the slow count agrees
    assert export(imp, "sbn") == sbn + "\n"


def test_corpus_round_trips_through_url_and_sbn():
    grids = corpus(connected_only=True)
    assert len(grids) > 300
    for grid in grids:
        p = region_puzzle(grid)
        imp = Imported(p)
        for fmt in ("url", "sbn"):
            back = read_source(export(imp, fmt))
            assert back.puzzle.regions == p.regions, (fmt, grid)


def test_corpus_round_trips_through_text_and_json_regions_in_pieces_too():
    for grid in corpus():
        imp = Imported(region_puzzle(grid, connected=False))
        for fmt in ("text", "json"):
            assert read_source(export(imp, fmt)).puzzle == imp.puzzle, (fmt, grid)


def test_border_formats_refuse_what_they_cannot_hold():
    pieces = Imported(region_puzzle(["ABA", "BBB", "CCC"], connected=False))
    for fmt in ("url", "sbn"):
        with pytest.raises(PuzzleImportError, match="region A is in several pieces"):
            export(pieces, fmt)
    diag = Imported(region_puzzle(["AAB", "ACB", "CCB"], diagonals=True))
    with pytest.raises(PuzzleImportError, match="diagonals"):
        export(diag, "url")
    completion = Imported(parse_puzzle("kind: completion\nQ...\n....\n....\n....\n"))
    with pytest.raises(PuzzleImportError, match="region puzzles only"):
        export(completion, "sbn")
    assert read_source(export(completion, "json")).puzzle == completion.puzzle


def test_sbn_progress_round_trips_in_both_versions():
    p = read_source(STARBATTLELAB_8[0]).puzzle
    progress = ("Q.x.....", "........", "..x.Q...", "........", "........", "........",
                "........", ".......Q")
    v1 = write_sbn(Imported(p, progress))
    assert v1.startswith("881e")
    assert read_sbn(v1).progress == progress and read_sbn(v1).puzzle == p
    # 30 x 30 is past StarBattleLab's version-1 table: version 2 (decimal size, star letter)
    rows = [[r] * 30 for r in range(30)]
    big = Imported(region_puzzle(rows), ("Q" + "." * 29,) + ("." * 30,) * 28 + ("x" * 30,))
    v2 = write_sbn(big)
    assert v2.startswith("30A")
    back = read_sbn(v2 + "~1abc>1")  # the undo history after ~ is skipped
    assert back.puzzle.regions == big.puzzle.regions and back.progress == big.progress


def test_plain_grids_and_progress():
    grid = "AAB\nACB\nCCB\n"
    imp = read_source(grid + "\nQ..\n..x\n...\n")
    assert imp.progress == ("Q..", "..x", "...")
    assert read_source(export(imp, "text")) == imp
    numbers = read_source("1 1 2\n1 3 2\n3 3 2\n")
    assert numbers.puzzle == read_source(grid).puzzle
    commas = read_source("0,0,10\n0,7,10\n7,7,10\n")
    assert commas.puzzle == read_source(grid).puzzle
    names = read_source("red;red;blue\nred;green;blue\ngreen;green;blue\n")
    assert names.puzzle == read_source(grid).puzzle
    assert json.loads(export(imp, "json"))["progress"] == ["Q..", "..x", "..."]


def test_stars_from_the_caller_only_where_the_source_gives_none():
    imp = read_source("AAB\nACB\nCCB\n")
    assert with_stars(imp, 1) is imp
    sbn = read_source(STARBATTLELAB_8[0])
    with pytest.raises(PuzzleImportError, match="SBN string says 1 star per"):
        with_stars(sbn, 2)


@pytest.mark.parametrize(("source", "fragment"), [
    ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmho", "cut or altered"),
    ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhoz", "not a base-32 digit"),
    ("https://puzz.link/p?nurikabe/6/6/4ilbhgdnmhou", "'nurikabe' puzzle"),
    ("https://puzz.link/p?starbattle/6/5/1/4ilbhgdnmhou", "not square"),
    ("https://puzz.link/p?starbattle/6/6/1/000000000000", "needs 6 regions, found 1"),
    ("https://puzz.link/p?starbattle/6/6/x/4ilbhgdnmhou", "stars 'x'"),
    ("881W00KZtPDMpPGmOALDIC", "cut short"),
    ("881X00KZtPDMpPGmOALDIC8", "flag 'X'"),
    ("881W00KZtPDMpPGmOALDI.8", "not an SBN character"),
    ("881W00KZtPDMpPGmOALDIC8Q", "flag W says no progress"),
    ("881WV0KZtPDMpPGmOALDIC8", "padding"),
    ("551W0000000", "needs 5 regions, found 1"),
])
def test_broken_urls_and_sbn_are_one_clear_error(source, fragment):
    with pytest.raises(PuzzleImportError, match=r"^[^\n]*$") as err:
        read_source(source)
    assert fragment in str(err.value)


def test_registry_takes_new_formats():
    assert list(WRITERS)[:4] == ["url", "sbn", "text", "json"]
    register_writer("letters", lambda imp: imp.puzzle.to_text().split("\n", 1)[1],
                    "the letter grid alone")
    try:
        assert export(read_source("AB\nBB"), "letters").startswith("AB\nBB")
    finally:
        del WRITERS["letters"]
    with pytest.raises(UnknownOptionError, match="unknown export format 'pdf'"):
        export(read_source("AB\nBB"), "pdf")


def test_cli_import_and_export(tmp_path):
    r = run_cli("puzzle", "import", PZPRJS_URL)
    assert r.code == 0 and parse_puzzle(r.out) == read_source(PZPRJS_URL).puzzle
    out = tmp_path / "p.sbn"
    r = run_cli("puzzle", "export", STARBATTLELAB_8[1], "--to", "url", "-o", str(out))
    assert (r.code, r.out) == (0, "")
    r = run_cli("puzzle", "export", str(out), "--to", "sbn")
    assert r.out == STARBATTLELAB_8[1] + "\n"
    grid = tmp_path / "g.txt"
    grid.write_text("AAB\nACB\nCCB\n\nQ..\n...\n...\n")
    r = run_cli("puzzle", "import", str(grid))
    assert r.code == 0 and "\nstate:\nQ..\n" in r.out
    assert run_cli("puzzle", "count", "-", input=r.out).out == "0\n"


def test_cli_bad_input_writes_nothing(tmp_path):
    out = tmp_path / "out.txt"
    for args, fragment in [
        (["import", "881W00KZtPDMpPGmOALDIC", "-o", str(out)], "cut short"),
        (["import", "not-a-puzzle", "-o", str(out)], "is no file"),
        (["export", STARBATTLELAB_8[0], "--to", "pdf", "-o", str(out)], "--to 'pdf'"),
        (["import", STARBATTLELAB_8[0], "--stars", "2", "-o", str(out)], "SBN string says 1"),
        (["import", str(tmp_path), "-o", str(out)], "directory"),
    ]:
        assert_bad_input(run_cli("puzzle", *args), fragment)
        assert not out.exists()
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(b"\x00\xff\xfe garbage")
    assert_bad_input(run_cli("puzzle", "import", str(garbage)), "neither a PNG")
    same = tmp_path / "same.txt"
    same.write_text("AB\nBB\n")
    assert_bad_input(run_cli("puzzle", "import", str(same), "-o", str(same)), "source itself")


# published k-star puzzles of StarBattleLab (Main/puzzles/Files/10-2-hard.txt, 14-3-hard.txt)
STARBATTLELAB_K = ["AA2W001H3m7LYIZecL6o6QcbBbrHq-gq2W",
                   "EE3W0045232HXYHEMHX8Y4XcWneiGk8P40WaXUOjCH98GayIUB7AnoHKe341YPHX0"]


def k_star_solutions(p) -> int:
    """Slow obvious count of a k-star puzzle: rows of k columns apart, each unit at most k."""
    n, k, regions = p.n, p.stars, p.regions
    choices = [cs for cs in itertools.combinations(range(n), k)
               if all(b - a > 1 for a, b in itertools.pairwise(cs))]
    cols, units = [0] * n, [0] * n

    def place(r: int, above: tuple[int, ...]) -> int:
        if r == n:  # n k stars, none over k a column or a region: exactly k each
            return 1
        found = 0
        for cs in choices:
            if any(abs(c - a) <= 1 for c in cs for a in above):
                continue
            for c in cs:
                cols[c] += 1
                units[regions[r][c]] += 1
            if all(cols[c] <= k and units[regions[r][c]] <= k for c in cs):
                found += place(r + 1, cs)
            for c in cs:
                cols[c] -= 1
                units[regions[r][c]] -= 1
        return found

    return place(0, ())


def test_published_two_star_puzzle_is_unique():
    imp = read_source(STARBATTLELAB_K[0])
    assert (imp.puzzle.n, imp.puzzle.stars) == (10, 2)
    assert k_star_solutions(imp.puzzle) == 1  # a misread wall would not leave exactly one


@pytest.mark.parametrize("sbn", STARBATTLELAB_K)
def test_published_k_star_puzzles_round_trip(sbn):
    imp = read_source(sbn)
    assert (imp.puzzle.n, imp.puzzle.stars) in ((10, 2), (14, 3))
    assert export(imp, "sbn") == sbn + "\n"
    url = export(imp, "url")
    assert url.startswith(f"https://puzz.link/p?starbattle/{imp.puzzle.n}/{imp.puzzle.n}/"
                          f"{imp.puzzle.stars}/")
    for fmt in ("url", "text", "json"):
        back = read_source(export(imp, fmt))
        assert back.puzzle == imp.puzzle, fmt
    assert parse_puzzle(export(imp, "text")).stars == imp.puzzle.stars


def test_k_stars_that_cannot_fit_are_refused():
    p = read_source(STARBATTLELAB_8[0]).puzzle
    url = export(Imported(p), "url").strip().replace("/8/8/1/", "/8/8/5/")
    with pytest.raises(PuzzleImportError, match="cannot fit"):
        read_source(url)
    with pytest.raises(PuzzleImportError, match="cannot fit"):
        with_stars(read_source("AAB\nACB\nCCB\n"), 2)
    two = with_stars(read_source(export(read_source(STARBATTLELAB_K[0]), "text")
                                 .replace("stars: 2\n", "")), 2)
    assert two.puzzle == read_source(STARBATTLELAB_K[0]).puzzle
