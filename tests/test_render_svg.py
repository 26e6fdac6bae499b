"""SVG boards: well-formed, queens where the placement says, attack shading against an oracle."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens.board import Solution
from nqueens.errors import InvalidBoardError, InvalidSizeError
from nqueens.render.svg import attack_counts, board_svg

from naive import naive_attacked, naive_clashing_queens, naive_solutions

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def squares(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}rect") if "square" in e.get("class", "").split()]


def queens_drawn(root: ET.Element) -> set[tuple[int, int]]:
    return {
        (int(g.get("data-row")), int(g.get("data-col")))
        for g in root.iter(f"{SVG}g") if g.get("class") == "queen"
    }


def queen_squares(root: ET.Element) -> set[tuple[int, int]]:
    return {
        (int(e.get("data-row")), int(e.get("data-col")))
        for e in squares(root) if e.get("data-queen") == "1"
    }


@pytest.mark.parametrize("n", [1, 4, 5, 6])
def test_every_solution_draws_n_queens_at_its_squares(n: int) -> None:
    for placement in naive_solutions(n):
        root = parse(board_svg(Solution(placement)))
        expected = set(enumerate(placement))
        assert len(squares(root)) == n * n
        assert queens_drawn(root) == expected
        assert queen_squares(root) == expected
        assert root.get("data-n") == str(n)


def test_eight_queens_board_and_its_colours() -> None:
    s = Solution.from_cols([1, 5, 8, 6, 3, 7, 2, 4])
    root = parse(board_svg(s))
    assert queens_drawn(root) == set(enumerate(s.placement))
    for e in squares(root):
        r, c = int(e.get("data-row")), int(e.get("data-col"))
        assert ("light" if (r + c) % 2 == 0 else "dark") in e.get("class").split()
    # 1-based coordinates on both edges
    texts = sorted(t.text for t in root.iter(f"{SVG}text"))
    assert texts == sorted([str(i) for i in range(1, 9)] * 2)


def test_queens_are_shapes_not_font_glyphs() -> None:
    root = parse(board_svg((1, 3, 0, 2)))
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "queen":
            assert list(g.iter(f"{SVG}text")) == []
            assert list(g.iter(f"{SVG}path")), "the crown is a path"


def test_repr_svg_for_jupyter() -> None:
    s = Solution((1, 3, 0, 2))
    assert s._repr_svg_() == board_svg(s)
    assert queens_drawn(parse(s._repr_svg_())) == {(0, 1), (1, 3), (2, 0), (3, 2)}


def test_output_is_deterministic_and_size_sets_width() -> None:
    a = board_svg((0, 2), n=5, attacks=True, highlight=[(4, 4)], size=300)
    b = board_svg((0, 2), n=5, attacks=True, highlight=[(4, 4)], size=300)
    assert a == b
    root = parse(a)
    assert root.get("width") == "300"
    assert parse(board_svg((0,), size=None)).get("width") is None


def attacked_in_svg(root: ET.Element) -> dict[tuple[int, int], int]:
    marked = {
        (int(e.get("data-row")), int(e.get("data-col"))): int(e.get("data-attacks"))
        for e in squares(root) if e.get("data-attacks") is not None
    }
    overlays = {
        (int(e.get("data-row")), int(e.get("data-col")))
        for e in root.iter(f"{SVG}rect") if e.get("class") == "attacked"
    }
    assert overlays == set(marked), "every marked square is shaded, and only those"
    return marked


placements = st.integers(min_value=1, max_value=9).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.integers(0, n - 1), min_size=0, max_size=n).map(tuple),
    )
)


@given(placements)
def test_attack_shading_matches_the_oracle(case: tuple[int, tuple[int, ...]]) -> None:
    n, placement = case
    root = parse(board_svg(placement, n=n, attacks=True))
    assert attacked_in_svg(root) == naive_attacked(placement, n)
    clashes = {
        (int(e.get("data-row")), int(e.get("data-col")))
        for e in root.iter(f"{SVG}circle") if e.get("class") == "clash"
    }
    assert clashes == naive_clashing_queens(placement)
    assert queens_drawn(root) == set(enumerate(placement))


def test_attacks_on_a_solution_mark_every_empty_square() -> None:
    # each row holds a queen, so every empty square of a solution is attacked
    s = Solution((1, 3, 0, 2))
    marked = attacked_in_svg(parse(board_svg(s, attacks=True)))
    assert set(marked) == {(r, c) for r in range(4) for c in range(4)} - set(enumerate(s.placement))
    assert attack_counts(s.placement, 4)[0][0] == naive_attacked(s.placement, 4)[(0, 0)]


def test_no_shading_without_attacks() -> None:
    root = parse(board_svg((0, 2), n=4))
    assert attacked_in_svg(root) == {}


def test_highlight_marks_exactly_the_given_squares() -> None:
    root = parse(board_svg((0,), n=4, highlight=[(1, 2), (3, 3)]))
    got = {
        (int(e.get("data-row")), int(e.get("data-col")))
        for e in root.iter(f"{SVG}rect") if e.get("class") == "highlight"
    }
    assert got == {(1, 2), (3, 3)}


def test_partial_placement_and_coordinates_off() -> None:
    root = parse(board_svg((2,), n=3, coordinates=False))
    assert queens_drawn(root) == {(0, 2)}
    assert list(root.iter(f"{SVG}text")) == []


@pytest.mark.parametrize(
    ("board", "kwargs", "error", "fragment"),
    [
        ((0, 4), {}, InvalidBoardError, "off a board of size 2"),
        ((0, 1, 2), {"n": 2}, InvalidBoardError, "do not fit"),
        ((), {"n": 0}, InvalidSizeError, "at least one row"),
        ((0,), {"n": 2, "highlight": [(2, 0)]}, InvalidBoardError, "highlighted square"),
    ],
)
def test_bad_boards_are_refused(board, kwargs, error, fragment) -> None:
    with pytest.raises(error, match=fragment):
        board_svg(board, **kwargs)


def test_png_has_the_requested_size() -> None:
    pytest.importorskip("cairosvg")
    from nqueens.render.png import svg_to_png

    png = svg_to_png(board_svg((1, 3, 0, 2), size=200))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(png[16:20], "big")
    height = int.from_bytes(png[20:24], "big")
    assert (width, height) == (200, 200)
