(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("trace-data").textContent);
  var N = DATA.n, EVENTS = DATA.events, LINES = DATA.lines, L = DATA.labels;
  var STEPS = DATA.steps, SUMMARY = DATA.summary;
  // one frame per event, then the closing summary (a search run to its end) if there is one
  var FRAMES = EVENTS.length + (SUMMARY === null ? 0 : 1);
  var CLOSING = { kind: "summary", queens: [], row: 0, col: 0, attackers: [] };
  var SQ = DATA.square, MARGIN = DATA.margin, SVGNS = "http://www.w3.org/2000/svg";
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
    current = Math.max(0, Math.min(FRAMES - 1, i));
    var closing = current >= EVENTS.length;
    var e = closing ? CLOSING : EVENTS[current];
    var onBoard = {};
    e.queens.forEach(function (c, r) { onBoard[r + "," + c] = true; });
    var states = {};
    if (e.kind === "try") {
      states[e.row + "," + e.col] = e.promising ? "tried-promising" : "tried-nonpromising";
      e.attackers.forEach(function (a) { states[a.row + "," + a.col] = "attacker"; });
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
        var p = centre(a.row, a.col), q = centre(e.row, e.col);
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
    if (closing) {
      lineBox.textContent = SUMMARY;
      lineBox.setAttribute("data-line-step", String(current));
      lineBox.className = "summary";
    } else {
      var from = current;
      while (from > 0 && !LINES[from]) { from--; }
      var fromEvent = EVENTS[from];
      lineBox.textContent = LINES[from] || "";
      lineBox.setAttribute("data-line-step", String(from));
      lineBox.className = (fromEvent.kind === "try"
        ? (fromEvent.promising ? "try-promising" : "try-nonpromising") : fromEvent.kind)
        + (from === current ? "" : " earlier");
    }
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
    // the book's step, as `nqueens trace` labels it, then the event's place in the page
    var book = closing ? "" : STEPS[current];
    counter.setAttribute("data-label", book);
    counter.textContent = (book ? L.step + " (" + book + ") \u00b7 " : "")
      + (current + 1) + " / " + FRAMES;
    position.value = String(current);
    if (window.nqueensStudio) { window.nqueensStudio.show(current); }
    if (window.nqueensPlayer.onStep) { window.nqueensPlayer.onStep(current); }
  }
  // for a page that holds this one (the notebook widget): go to a step, read it, follow it
  window.nqueensPlayer = {
    go: function (i) { pause(); show(i); },
    current: function () { return current; },
    frames: FRAMES,
    onStep: null
  };

  function playing() { return timer !== null; }
  function pause() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    playButton.textContent = L.play;
    playButton.setAttribute("aria-pressed", "false");
    document.body.setAttribute("data-playing", "0");
  }
  function tick() {
    timer = null;
    if (current >= FRAMES - 1) { pause(); return; }
    show(current + 1);
    if (stopAtSolution.checked && current < EVENTS.length
        && EVENTS[current].kind === "solution") { pause(); return; }
    if (current >= FRAMES - 1) { pause(); return; }
    timer = setTimeout(tick, 1000 / Number(speed.value));
  }
  function play() {
    if (playing()) { return; }
    if (current >= FRAMES - 1) { show(0); }
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
    pause(); show(FRAMES - 1);
  });
  playButton.addEventListener("click", toggle);
  position.addEventListener("input", function () { pause(); show(Number(position.value)); });
  speed.addEventListener("input", function () { speedValue.textContent = speed.value; });
  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" && ev.target.type !== "checkbox") {
      // a focused slider keeps its own arrow and Home/End keys; space still plays/pauses
      if (ev.key === " " && ev.target.type === "range") { toggle(); ev.preventDefault(); }
      return;
    }
    if (ev.key === "ArrowRight") { step(1); ev.preventDefault(); }
    else if (ev.key === "ArrowLeft") { step(-1); ev.preventDefault(); }
    else if (ev.key === " ") { toggle(); ev.preventDefault(); }
    else if (ev.key === "Home") { pause(); show(0); ev.preventDefault(); }
    else if (ev.key === "End") { pause(); show(FRAMES - 1); ev.preventDefault(); }
  });
  speedValue.textContent = speed.value;
  pause();
  if (window.nqueensStudio) {
    window.nqueensStudio.init(DATA, function (i) { pause(); show(i); });
  }
  show(0);
  document.body.setAttribute("data-ready", "1");
})();
