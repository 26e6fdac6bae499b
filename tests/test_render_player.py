"""The HTML player page, read as text (the browser test drives it for real)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from nqueens.errors import NQueensError
from nqueens.files import OutputPathError
from nqueens.render.player import player_html, write_player
from nqueens.trace import events


def lines_for(evs) -> list[str]:
    return [f"{e.kind} {e.row + 1},{e.col + 1}" for e in evs]


def embedded(page: str) -> dict:
    m = re.search(r'<script id="trace-data" type="application/json">(.*?)</script>', page,
                  re.S)
    assert m is not None
    return json.loads(m.group(1))


def test_page_embeds_the_events_and_lines_as_plain_data() -> None:
    evs = list(events(4))
    lines = lines_for(evs)
    page = player_html(n=4, events=evs, lines=lines, lang="en")
    data = embedded(page)
    assert data["n"] == 4
    assert data["lines"] == lines
    assert data["events"] == [e.to_json() for e in evs]
    assert [tuple(e["queens"]) for e in data["events"]] == [e.queens for e in evs]


def test_page_is_self_contained() -> None:
    evs = list(events(4, until="first"))
    page = player_html(n=4, events=evs, lines=lines_for(evs), lang="en")
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page
    assert not re.search(r"<(script|link|img)[^>]*\b(src|href)=", page)
    assert '<html lang="en">' in page


def test_board_squares_have_data_attributes() -> None:
    evs = list(events(5, until="first"))
    page = player_html(n=5, events=evs, lines=[""] * len(evs), lang="en")
    m = re.search(r'(<svg id="board".*?</svg>)', page, re.S)
    assert m is not None
    board = ET.fromstring(m.group(1))
    rects = [e for e in board.iter("{http://www.w3.org/2000/svg}rect")
             if "square" in e.get("class", "")]
    assert sorted((int(e.get("data-row")), int(e.get("data-col"))) for e in rects) == [
        (r, c) for r in range(5) for c in range(5)]
    assert all(e.get("data-queen") == "0" for e in rects)


def test_narration_cannot_break_out_of_the_page() -> None:
    evs = list(events(4, until="first"))
    lines = ["</script><script>alert(1)</script> <1,1> & %JS% %DATA%"] * len(evs)
    page = player_html(n=4, events=evs, lines=lines, lang="en")
    assert page.count("</script>") == 3  # the data, the studio's script, the player's
    assert embedded(page)["lines"] == lines


@pytest.mark.parametrize(("lang", "word"), [("ja", "再生"), ("ko", "재생"), ("en", "Play"),
                                           ("xx", "Play")])
def test_button_labels_follow_the_language(lang: str, word: str) -> None:
    evs = list(events(4, until="first"))
    page = player_html(n=4, events=evs, lines=lines_for(evs), lang=lang)
    assert f'aria-pressed="false">{word}</button>' in page
    assert f'<html lang="{lang}">' in page


def test_mismatched_lines_and_empty_traces_are_refused() -> None:
    evs = list(events(4, until="first"))
    with pytest.raises(NQueensError, match="one line per event"):
        player_html(n=4, events=evs, lines=["x"], lang="en")
    with pytest.raises(NQueensError, match="empty"):
        player_html(n=4, events=[], lines=[], lang="en")


def test_write_player_is_atomic(tmp_path: Path) -> None:
    evs = list(events(4, until="first"))
    out = tmp_path / "p.html"
    write_player(out, n=4, events=evs, lines=lines_for(evs), lang="en")
    assert out.read_text(encoding="utf-8") == player_html(
        n=4, events=evs, lines=lines_for(evs), lang="en")
    assert [p.name for p in tmp_path.iterdir()] == ["p.html"]
    with pytest.raises(OutputPathError, match="cannot write"):
        write_player(tmp_path / "missing" / "p.html", n=4, events=evs,
                     lines=lines_for(evs), lang="en")
    with pytest.raises(OutputPathError, match="directory"):
        write_player(tmp_path, n=4, events=evs, lines=lines_for(evs), lang="en")
    assert [p.name for p in tmp_path.iterdir()] == ["p.html"]


def test_one_queen_trace_and_board_size_bounds() -> None:
    evs = list(events(1))
    assert [e.kind for e in evs] == ["try", "place", "solution"]
    data = embedded(player_html(n=1, events=evs, lines=["", "", ""], lang="en"))
    assert data["events"][-1]["queens"] == [0]
    with pytest.raises(NQueensError, match="1 to 32"):
        player_html(n=33, events=evs, lines=["", "", ""], lang="en")


def test_page_files_are_package_data_and_take_their_geometry_from_svg() -> None:
    from importlib import resources

    from nqueens.render import svg

    folder = resources.files("nqueens.render")
    script = folder.joinpath("player.js").read_text(encoding="utf-8")
    for name in ("player.html", "player.css"):
        assert folder.joinpath(name).read_text(encoding="utf-8")
    evs = list(events(4, until="first"))
    page = player_html(n=4, events=evs, lines=lines_for(evs), lang="en")
    assert script.strip() in page
    data = embedded(page)
    assert (data["square"], data["margin"]) == (svg.SQUARE, svg.MARGIN)
    # the script takes the geometry from the data, never a number of its own
    assert str(svg.SQUARE) not in script and "DATA.square" in script
    first = re.search(r'<rect id="sq-0-1"[^>]*>', page).group()
    assert f'x="{svg.MARGIN + svg.SQUARE}"' in first


@pytest.mark.parametrize("n", [0, 33, 2.5, "4", True])
def test_board_size_checked_in_the_shared_wording(n) -> None:
    from nqueens.errors import InvalidSizeError

    evs = list(events(4, until="first"))
    with pytest.raises(InvalidSizeError, match=r"^N must be an integer from 1 to 32, got "):
        player_html(n=n, events=evs, lines=lines_for(evs), lang="en")


def test_page_carries_the_book_steps_and_the_closing_summary() -> None:
    from nqueens.narrate import narrate, step_labels, summary_line

    evs = list(events(4))
    page = player_html(n=4, events=evs, lines=lines_for(evs), lang="ko",
                       summary=summary_line(4, 2, "ko"))
    data = embedded(page)
    assert data["steps"] == step_labels(evs)
    steps = [line.text for line in narrate(evs, n=4, lang="ko", until="all")
             if line.kind == "step"]
    assert [f"단계 ({x})" for x in dict.fromkeys(data["steps"])] == steps
    assert data["summary"] == "모든 노드를 검사했다: 해답 2개."
    # one more position on the slider: the closing frame
    assert f'max="{len(evs)}"' in page
    plain = player_html(n=4, events=evs, lines=lines_for(evs), lang="ko")
    assert embedded(plain)["summary"] is None and f'max="{len(evs) - 1}"' in plain
    with pytest.raises(NQueensError, match="summary must be a line of text"):
        player_html(n=4, events=evs, lines=lines_for(evs), lang="ko", summary=3)  # type: ignore[arg-type]


def _lab(hex_colour: str, blind: str | None = None) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour, optionally as a protan or deutan viewer sees it
    (Vienot, Brettel and Mollon 1999, in linear RGB)."""
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    if blind is not None:
        m = {"protan": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0),
                        (0.00401, -0.00401, 1.0)),
             "deutan": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0),
                        (-0.02234, 0.02234, 1.0))}[blind]
        lin = [max(0.0, sum(a * b for a, b in zip(row, lin, strict=True))) for row in m]
    r, g, b = lin
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    white = (0.95047, 1.0, 1.08883)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
         for t in (v / w for v, w in zip(xyz, white, strict=True))]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _delta_e(a: str, b: str, blind: str | None = None) -> float:
    return sum((x - y) ** 2 for x, y in zip(_lab(a, blind), _lab(b, blind), strict=True)) ** .5


def test_board_colours_are_told_apart_also_by_colour_blind_viewers() -> None:
    """The solution gold and the attacking queens' colour were nearly the same yellow
    (#f6d27a, #f3c04a: Delta E about 17); every pair of square states must differ clearly,
    for ordinary, protan and deutan vision."""
    from nqueens.render.player import _asset

    css = _asset("player.css")
    fills = dict(re.findall(r'rect\.square\[data-state="([a-z-]+)"\] \{ fill: (#[0-9a-f]{6})',
                            css))
    assert set(fills) == {"tried-promising", "tried-nonpromising", "attacker", "lifted",
                          "solution"}
    for state, colour in fills.items():   # the legend shows the board's colours
        assert f".swatch.{state} {{ background: {colour}; }}" in css
    assert _delta_e(fills["solution"], fills["attacker"]) >= 30
    for blind in (None, "protan", "deutan"):
        for a, b in [("solution", "attacker"), ("attacker", "tried-nonpromising"),
                     ("attacker", "lifted"), ("solution", "lifted")]:
            assert _delta_e(fills[a], fills[b], blind) >= 15, (a, b, blind)
