"""An interactive HTML player for a search trace: one self-contained page, works offline.

:func:`player_html` turns a list of :class:`~nqueens.trace.Event` and their narrative lines
into one HTML page: the events as inline JSON (plain data), plain JavaScript, and an inline
SVG board. No CDN, no network, no JavaScript library: open the file from disk. The page
shows the board at the current step (queens, the square tried, the queens attacking it, the
queen taken back), the narrative line, the path from the root, and controls: first, back,
play/pause, forward, last, a position slider and a speed control. Keys: arrows step, space
plays or pauses, Home/End jump.

Tests and programs can read the board from the page: every square is a ``<rect>`` with
``data-row``/``data-col`` (0-based), ``data-queen`` ("1" or "0") and ``data-state``
(``tried-promising``, ``tried-nonpromising``, ``attacker``, ``lifted`` or empty); the board
``<svg id="board">`` carries ``data-step`` (the 0-based index of the current event),
``data-kind`` and ``data-queens`` (0-based columns, comma-separated). The narrative box
``#line`` shows ``lines[i]``, or for an event without a line of its own the last non-empty
line before it (its index in ``data-line-step``).

Narration is left to the caller (``lines[i]`` is the line of ``events[i]``, possibly empty):
:mod:`nqueens.narrate` writes them in each language.

>>> from nqueens.trace import events
>>> evs = list(events(4, until="first"))
>>> page = player_html(n=4, events=evs, lines=[e.kind for e in evs], lang="en")
>>> page.startswith("<!DOCTYPE html>"), page.count('class="square'), "http://" in page.replace(
...     "http://www.w3.org/2000/svg", "")
(True, 16, False)
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from html import escape

from nqueens.errors import InvalidSizeError, NQueensError
from nqueens.files import write_atomic
from nqueens.render.svg import COLORS, SQUARE, queen_shape
from nqueens.trace import Event

__all__ = ["LABELS", "PlayerInputError", "event_data", "player_html", "write_player"]

MAX_PLAYER_N = 32
"""The largest board the player draws (a trace of a larger board would not be readable)."""

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{n}-queens: backtracking step by step",
        "first": "First", "back": "Back", "play": "Play", "pause": "Pause",
        "forward": "Forward", "last": "Last", "speed": "Speed (steps/s)",
        "stop": "Pause at each solution", "step": "Step", "path": "Path from the root",
        "root": "(root: no queen placed)", "keys": "Keys: ← → step, space play/pause, "
        "Home/End first/last", "square": "<{r},{c}>",
        "legend": "tried, promising|tried, nonpromising|attacking queen|queen taken back|"
        "solution",
    },
    "ja": {
        "title": "{n}クイーン: バックトラッキングを一歩ずつ",
        "first": "最初", "back": "戻る", "play": "再生", "pause": "一時停止",
        "forward": "進む", "last": "最後", "speed": "速さ (ステップ/秒)",
        "stop": "解ごとに一時停止", "step": "ステップ", "path": "根からの経路",
        "root": "(根: クイーンなし)", "keys": "キー: ← → で一歩, スペースで再生/停止, "
        "Home/End で最初/最後", "square": "({r},{c})",
        "legend": "置ける|置けない|利いているクイーン|取り除くクイーン|解",
    },
    "ko": {
        "title": "{n}-퀸: 백트래킹 단계별 보기",
        "first": "처음", "back": "이전", "play": "재생", "pause": "일시정지",
        "forward": "다음", "last": "마지막", "speed": "속도 (단계/초)",
        "stop": "해답마다 일시정지", "step": "단계", "path": "루트부터의 경로",
        "root": "(루트: 놓인 퀸 없음)", "keys": "키: ← → 한 단계, 스페이스 재생/정지, "
        "Home/End 처음/마지막", "square": "<{r},{c}>",
        "legend": "유망한 칸|유망하지 않은 칸|공격하는 퀸|되돌린 퀸|해답",
    },
}
"""Button and heading texts, and how a 1-based square is written (the textbook's ``<r,c>``,
the slides' ``(r,c)``), by language; other languages get the English ones."""


class PlayerInputError(NQueensError):
    """Events and lines that cannot make a player page (mismatched lengths, no events)."""


def event_data(event: Event) -> dict[str, object]:
    """An event as plain JSON data (0-based squares), the form the page embeds. O(n).

    >>> from nqueens.trace import events
    >>> event_data(next(events(4)))["kind"]
    'try'
    """
    return {
        "kind": event.kind,
        "step": event.step,
        "node": event.node,
        "parent": event.parent,
        "depth": event.depth,
        "row": event.row,
        "col": event.col,
        "queens": list(event.queens),
        "promising": event.promising,
        "attackers": [[a.row, a.col, a.kind] for a in event.attackers],
        "index": event.index,
    }


def player_html(*, n: int, events: Sequence[Event], lines: Sequence[str], lang: str) -> str:
    """The player page for ``events`` of an ``n``-queens search, narrated by ``lines``.

    ``lines[i]`` is shown with ``events[i]`` (``""`` shows nothing); ``lang`` sets the
    page's language and its button texts (en, ja, ko; others fall back to English). Cost:
    O(n^2 + total size of the events); 200 to 500 bytes of page per event.
    """
    events = list(events)
    lines = list(lines)
    if not 1 <= n <= MAX_PLAYER_N:
        raise InvalidSizeError(f"the player draws boards of 1 to {MAX_PLAYER_N} rows, got {n}")
    if not events:
        raise PlayerInputError("no events to play: the trace is empty")
    if len(lines) != len(events):
        raise PlayerInputError(
            f"{len(events)} events but {len(lines)} narrative lines; give one line per event"
        )
    labels = LABELS.get(lang, LABELS["en"])
    data = {
        "n": n,
        "labels": labels,
        "events": [event_data(e) for e in events],
        "lines": [str(line) for line in lines],
    }
    payload = (json.dumps(data, ensure_ascii=False, separators=(",", ":"))
               .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
    replacements = {
        "%LANG%": escape(lang),
        "%TITLE%": escape(labels["title"].format(n=n)),
        "%BOARD%": _board_skeleton(n),
        "%DATA%": payload,
        "%CSS%": _CSS,
        "%JS%": _JS,
        "%LAST%": str(len(events) - 1),
    }
    for key in ("first", "back", "play", "forward", "last", "speed", "stop", "step",
                "path", "keys"):
        replacements[f"%L_{key.upper()}%"] = escape(labels[key])
    replacements["%LEGEND%"] = "".join(
        f'<li><span class="swatch {state}"></span>{escape(text)}</li>'
        for state, text in zip(_LEGEND_STATES, labels["legend"].split("|"), strict=True)
    )
    # one pass, so text inside the data can never be taken for a placeholder
    return re.sub(r"%[A-Z_]+%", lambda m: replacements[m.group()], _PAGE)


def write_player(path: str | os.PathLike[str], *, n: int, events: Sequence[Event],
                 lines: Sequence[str], lang: str) -> None:
    """Write :func:`player_html` to ``path`` atomically (no half-written file).

    An unwritable path raises :class:`~nqueens.files.OutputPathError` (an
    :class:`~nqueens.errors.NQueensError`) with one line naming it. Cost: as the page.
    """
    write_atomic(path, player_html(n=n, events=events, lines=lines, lang=lang))


def _board_skeleton(n: int) -> str:
    """The inline SVG board: squares with data attributes, a hidden queen on each square."""
    margin = 20
    side = n * SQUARE
    width = margin + side + margin // 2
    out = [
        f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width}" '
        f'data-n="{n}" data-step="-1" data-kind="" data-queens="" role="img">'
    ]
    for r in range(n):
        for c in range(n):
            shade = "light" if (r + c) % 2 == 0 else "dark"
            out.append(
                f'<rect id="sq-{r}-{c}" class="square {shade}" data-row="{r}" data-col="{c}" '
                f'data-queen="0" data-state="" x="{margin + c * SQUARE}" '
                f'y="{margin + r * SQUARE}" width="{SQUARE}" height="{SQUARE}" '
                f'fill="{COLORS[shade]}"/>'
            )
    out.append('<g id="lines"></g>')
    for r in range(n):
        for c in range(n):
            x, y = margin + c * SQUARE, margin + r * SQUARE
            out.append(f'<g id="q-{r}-{c}" class="queen" data-row="{r}" data-col="{c}" '
                       f'display="none">{queen_shape(x, y)}</g>')
    font = 'font-size="14" fill="#555" text-anchor="middle" font-family="sans-serif"'
    for i in range(n):
        mid = margin + i * SQUARE + SQUARE / 2
        out.append(f'<text x="{mid:g}" y="{margin - 6}" {font}>{i + 1}</text>')
        out.append(f'<text x="{margin / 2:g}" y="{mid + 5:g}" {font}>{i + 1}</text>')
    out.append("</svg>")
    return "\n".join(out)


_LEGEND_STATES = ("tried-promising", "tried-nonpromising", "attacker", "lifted", "solution")

_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP",
       "Noto Sans CJK KR", sans-serif; margin: 1.5em; color: #222; background: #fafaf7; }
h1 { font-size: 1.3em; margin: 0 0 .8em 0; }
#main { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
#board { width: min(480px, 90vw); height: auto; display: block; }
#side { flex: 1; min-width: 18em; max-width: 40em; }
#line { font-size: 1.25em; min-height: 2.6em; padding: .5em .7em; background: #fff;
        border-left: 5px solid #999; margin-bottom: .8em; white-space: pre-wrap; }
#line.try-promising, #line.place { border-color: #2f6f4f; }
#line.try-nonpromising { border-color: #c0392b; }
#line.backtrack { border-color: #2f7ed8; }
#line.solution { border-color: #e8a317; background: #fff6df; }
#line.earlier { color: #666; }
#controls { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; margin: .6em 0; }
#controls button { font-size: 1em; padding: .35em .8em; min-width: 4.5em; cursor: pointer; }
#position { width: 100%; margin: .6em 0; }
#path { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 1.05em;
        list-style: none; padding: 0; margin: .3em 0; display: flex; flex-wrap: wrap;
        gap: .3em; }
#path li { background: #e8efe9; border-radius: 4px; padding: .1em .4em; }
#path li.tried { background: #fff; border: 1px dashed #888; }
#path li.tried.nonpromising { border-color: #c0392b; color: #c0392b; }
#counter { font-variant-numeric: tabular-nums; color: #555; }
.small { color: #777; font-size: .85em; }
rect.square[data-state="tried-promising"] { fill: #7cc49a; }
rect.square[data-state="tried-nonpromising"] { fill: #ec7b6f; }
rect.square[data-state="attacker"] { fill: #f3c04a; }
rect.square[data-state="lifted"] { fill: #8fb8ea; }
rect.square[data-state="solution"] { fill: #f6d27a; }
#legend { list-style: none; padding: 0; margin: .6em 0; display: flex; flex-wrap: wrap;
          gap: .3em 1em; font-size: .85em; color: #555; }
.swatch { display: inline-block; width: .9em; height: .9em; margin-right: .35em;
          vertical-align: -.1em; border: 1px solid #0003; }
.swatch.tried-promising { background: #7cc49a; }
.swatch.tried-nonpromising { background: #ec7b6f; }
.swatch.attacker { background: #f3c04a; }
.swatch.lifted { background: #8fb8ea; }
.swatch.solution { background: #f6d27a; }
#lines line { stroke: #c0392b; stroke-width: 3; stroke-dasharray: 6 4; opacity: .8; }
"""

_JS = r"""
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("trace-data").textContent);
  var N = DATA.n, EVENTS = DATA.events, LINES = DATA.lines, L = DATA.labels;
  var SQ = 45, MARGIN = 20, SVGNS = "http://www.w3.org/2000/svg";
  var board = document.getElementById("board");
  var lineBox = document.getElementById("line");
  var pathBox = document.getElementById("path");
  var counter = document.getElementById("counter");
  var position = document.getElementById("position");
  var playButton = document.getElementById("play");
  var speed = document.getElementById("speed");
  var speedValue = document.getElementById("speed-value");
  var stopAtSolution = document.getElementById("stop-at-solution");
  var linesLayer = document.getElementById("lines");
  var current = 0, timer = null;

  function square(r, c) { return document.getElementById("sq-" + r + "-" + c); }
  function queen(r, c) { return document.getElementById("q-" + r + "-" + c); }
  function label(r, c) {
    return L.square.replace("{r}", String(r + 1)).replace("{c}", String(c + 1));
  }
  function centre(r, c) { return [MARGIN + c * SQ + SQ / 2, MARGIN + r * SQ + SQ / 2]; }

  function show(i) {
    current = Math.max(0, Math.min(EVENTS.length - 1, i));
    var e = EVENTS[current];
    var onBoard = {};
    e.queens.forEach(function (c, r) { onBoard[r + "," + c] = true; });
    var states = {};
    if (e.kind === "try") {
      states[e.row + "," + e.col] = e.promising ? "tried-promising" : "tried-nonpromising";
      e.attackers.forEach(function (a) { states[a[0] + "," + a[1]] = "attacker"; });
    } else if (e.kind === "backtrack") {
      states[(e.row - 1) + "," + e.col] = "lifted";
    } else if (e.kind === "solution") {
      e.queens.forEach(function (c, r) { states[r + "," + c] = "solution"; });
    }
    for (var r = 0; r < N; r++) {
      for (var c = 0; c < N; c++) {
        var key = r + "," + c, sq = square(r, c);
        sq.setAttribute("data-queen", onBoard[key] ? "1" : "0");
        sq.setAttribute("data-state", states[key] || "");
        queen(r, c).setAttribute("display", onBoard[key] ? "inline" : "none");
      }
    }
    while (linesLayer.firstChild) { linesLayer.removeChild(linesLayer.firstChild); }
    if (e.kind === "try") {
      e.attackers.forEach(function (a) {
        var p = centre(a[0], a[1]), q = centre(e.row, e.col);
        var ln = document.createElementNS(SVGNS, "line");
        ln.setAttribute("x1", p[0]); ln.setAttribute("y1", p[1]);
        ln.setAttribute("x2", q[0]); ln.setAttribute("y2", q[1]);
        linesLayer.appendChild(ln);
      });
    }
    board.setAttribute("data-step", String(current));
    board.setAttribute("data-kind", e.kind);
    board.setAttribute("data-queens", e.queens.join(","));

    // an event without a line of its own (a queen placed, say) keeps the last line shown
    var from = current;
    while (from > 0 && !LINES[from]) { from--; }
    var fromEvent = EVENTS[from];
    lineBox.textContent = LINES[from] || "";
    lineBox.setAttribute("data-line-step", String(from));
    lineBox.className = (fromEvent.kind === "try"
      ? (fromEvent.promising ? "try-promising" : "try-nonpromising") : fromEvent.kind)
      + (from === current ? "" : " earlier");
    while (pathBox.firstChild) { pathBox.removeChild(pathBox.firstChild); }
    if (e.queens.length === 0 && e.kind !== "try") {
      var li0 = document.createElement("li");
      li0.textContent = L.root;
      pathBox.appendChild(li0);
    }
    e.queens.forEach(function (c, r) {
      var li = document.createElement("li");
      li.textContent = label(r, c);
      li.setAttribute("data-row", r); li.setAttribute("data-col", c);
      pathBox.appendChild(li);
    });
    if (e.kind === "try") {
      var t = document.createElement("li");
      t.className = "tried " + (e.promising ? "promising" : "nonpromising");
      t.textContent = label(e.row, e.col) + "?";
      pathBox.appendChild(t);
    }
    counter.textContent = L.step + " " + (current + 1) + " / " + EVENTS.length;
    position.value = String(current);
  }

  function playing() { return timer !== null; }
  function pause() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    playButton.textContent = L.play;
    playButton.setAttribute("aria-pressed", "false");
    document.body.setAttribute("data-playing", "0");
  }
  function tick() {
    timer = null;
    if (current >= EVENTS.length - 1) { pause(); return; }
    show(current + 1);
    if (stopAtSolution.checked && EVENTS[current].kind === "solution") { pause(); return; }
    if (current >= EVENTS.length - 1) { pause(); return; }
    timer = setTimeout(tick, 1000 / Number(speed.value));
  }
  function play() {
    if (playing()) { return; }
    if (current >= EVENTS.length - 1) { show(0); }
    playButton.textContent = L.pause;
    playButton.setAttribute("aria-pressed", "true");
    document.body.setAttribute("data-playing", "1");
    timer = setTimeout(tick, 1000 / Number(speed.value));
  }
  function toggle() { if (playing()) { pause(); } else { play(); } }
  function step(delta) { pause(); show(current + delta); }

  document.getElementById("first").addEventListener("click", function () { pause(); show(0); });
  document.getElementById("back").addEventListener("click", function () { step(-1); });
  document.getElementById("forward").addEventListener("click", function () { step(1); });
  document.getElementById("last").addEventListener("click", function () {
    pause(); show(EVENTS.length - 1);
  });
  playButton.addEventListener("click", toggle);
  position.addEventListener("input", function () { pause(); show(Number(position.value)); });
  speed.addEventListener("input", function () { speedValue.textContent = speed.value; });
  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" && ev.target.type !== "checkbox") { return; }
    if (ev.key === "ArrowRight") { step(1); ev.preventDefault(); }
    else if (ev.key === "ArrowLeft") { step(-1); ev.preventDefault(); }
    else if (ev.key === " ") { toggle(); ev.preventDefault(); }
    else if (ev.key === "Home") { pause(); show(0); ev.preventDefault(); }
    else if (ev.key === "End") { pause(); show(EVENTS.length - 1); ev.preventDefault(); }
  });
  speedValue.textContent = speed.value;
  pause();
  show(0);
  document.body.setAttribute("data-ready", "1");
})();
"""

_PAGE = """<!DOCTYPE html>
<html lang="%LANG%">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title>
<style>%CSS%</style>
</head>
<body data-ready="0" data-playing="0">
<h1>%TITLE%</h1>
<div id="main">
<div id="board-box">
%BOARD%
</div>
<div id="side">
<div id="line" aria-live="polite"></div>
<div id="controls">
<button id="first" type="button">%L_FIRST%</button>
<button id="back" type="button">%L_BACK%</button>
<button id="play" type="button" aria-pressed="false">%L_PLAY%</button>
<button id="forward" type="button">%L_FORWARD%</button>
<button id="last" type="button">%L_LAST%</button>
<span id="counter"></span>
</div>
<input id="position" type="range" min="0" max="%LAST%" value="0" aria-label="%L_STEP%">
<div id="controls2">
<label>%L_SPEED% <input id="speed" type="range" min="1" max="60" value="4">
<span id="speed-value"></span></label>
<label><input id="stop-at-solution" type="checkbox" checked> %L_STOP%</label>
</div>
<h2 class="small">%L_PATH%</h2>
<ol id="path"></ol>
<ul id="legend">%LEGEND%</ul>
<p class="small">%L_KEYS%</p>
</div>
</div>
<script id="trace-data" type="application/json">%DATA%</script>
<script>%JS%</script>
</body>
</html>
"""
