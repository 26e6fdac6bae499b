// Play a queens or Star Battle puzzle offline. A click or tap cycles a square through
// empty -> cross -> queen (star) -> empty; a drag crosses out every empty square it passes;
// a right click toggles a cross. Keys: arrows move a cursor, Space/Enter cycle, X cross,
// Q/S queen, Delete/Backspace clear, H hint, Ctrl-Z undo, Ctrl-Y (Ctrl-Shift-Z) redo.
// Queens that break a rule (more than k in a row, column or region, two touching, two on a
// diagonal where the rules say so) are ringed in red; "Hint" shows the explainer's next step
// the board does not reflect yet. Every change is one undoable move; a timer runs until solved.
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("puzzle-data").textContent);
  const n = D.n, K = D.stars || 1, L = D.labels;
  const SVGNS = "http://www.w3.org/2000/svg";
  const svg = document.querySelector("#board-wrap svg");
  const EMPTY = 0, CROSS = 1, QUEEN = 2, GIVEN = 3, BLOCKED = 4;
  let state = new Array(n * n).fill(EMPTY);
  const cells = new Array(n * n);
  const region = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) region.push(D.regions.length ? D.regions[r][c] : "");
  }
  const solution = D.solution ? new Set(D.solution.map(function (sq) {
    return sq[0] * n + sq[1];
  })) : null;
  svg.querySelectorAll("rect.cell").forEach(function (el) {
    cells[Number(el.dataset.row) * n + Number(el.dataset.col)] = el;
  });
  const overlay = document.createElementNS(SVGNS, "g");
  overlay.setAttribute("id", "marks");
  svg.appendChild(overlay);
  const $ = function (id) { return document.getElementById(id); };
  const autoBox = $("auto");
  const undoStack = [], redoStack = [];
  let cursor = 0, cursorShown = false, hintBoxes = [];

  // ---- the rules ----------------------------------------------------------------------
  function isQueen(i) { return state[i] === QUEEN || state[i] === GIVEN; }
  function row(i) { return Math.floor(i / n); }
  function col(i) { return i % n; }
  function queens() {
    const q = [];
    for (let i = 0; i < n * n; i++) if (isQueen(i)) q.push(i);
    return q;
  }
  // two queens that may not stand together whatever k is (touching, or a shared diagonal)
  function near(a, b) {
    const dr = Math.abs(row(a) - row(b)), dc = Math.abs(col(a) - col(b));
    if (D.touching && dr <= 1 && dc <= 1) return true;
    return D.diagonals && dr === dc;
  }
  function units(i) {
    const u = ["r" + row(i), "c" + col(i)];
    if (region[i] !== "") u.push("g" + region[i]);
    return u;
  }
  function tally(q) {
    const t = {};
    q.forEach(function (i) { units(i).forEach(function (u) { t[u] = (t[u] || 0) + 1; }); });
    return t;
  }
  function conflicts(q) {
    const bad = new Set(), t = tally(q);
    for (let i = 0; i < q.length; i++) {
      if (units(q[i]).some(function (u) { return t[u] > K; })) bad.add(q[i]);
      for (let j = i + 1; j < q.length; j++) {
        if (near(q[i], q[j])) { bad.add(q[i]); bad.add(q[j]); }
      }
    }
    return bad;
  }
  // a square no queen can take any more: crossed, blocked, next to (or on a diagonal with) a
  // queen, or in a row, column or region that already holds its k queens
  function covered(i, q, t) {
    if (state[i] === CROSS || state[i] === BLOCKED) return true;
    return attacked(i, q, t);
  }
  function attacked(i, q, t) {
    if (isQueen(i)) return false;
    if (units(i).some(function (u) { return (t[u] || 0) >= K; })) return true;
    return q.some(function (j) { return near(i, j); });
  }

  // ---- drawing ------------------------------------------------------------------------
  function cellBox(i) {
    const el = cells[i];
    return [Number(el.getAttribute("x")), Number(el.getAttribute("y")),
            Number(el.getAttribute("width"))];
  }
  function add(tag, attrs, parent) {
    const el = document.createElementNS(SVGNS, tag);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    (parent || overlay).appendChild(el);
    return el;
  }
  function drawCross(i, cls) {
    const [x, y, s] = cellBox(i);
    const g = add("g", {"class": cls});
    const a = cls === "mark-cross" ? 14 : 17, b = s - a;
    add("path", {d: "M " + (x + a) + "," + (y + a) + " L " + (x + b) + "," + (y + b) +
                    " M " + (x + b) + "," + (y + a) + " L " + (x + a) + "," + (y + b)}, g);
  }
  function starPath(x, y, s) {
    const pts = [], cx = x + s / 2, cy = y + s / 2 + 1, R = s * 0.4, r = R * 0.45;
    for (let k = 0; k < 10; k++) {
      const rad = k % 2 ? r : R, ang = Math.PI / 5 * k - Math.PI / 2;
      pts.push((cx + rad * Math.cos(ang)).toFixed(2) + "," + (cy + rad * Math.sin(ang)).toFixed(2));
    }
    return "M " + pts.join(" L ") + " Z";
  }
  function drawQueen(i, given) {
    const [x, y, s] = cellBox(i);
    const who = given ? "given" : "placed";
    if (D.mark === "star") {
      const g = add("g", {"class": "mark-star " + who});
      if (given) add("circle", {"class": "given-ring", cx: x + s / 2, cy: y + s / 2, r: s / 2 - 4}, g);
      add("path", {d: starPath(x, y, s), "stroke-width": 1.5, "stroke-linejoin": "round"}, g);
    } else if (!given) {  // givens are drawn in the board itself, black
      const g = add("g", {"class": "mark-queen " + who, transform: "translate(" + x + "," + y + ")"});
      g.innerHTML = D.queen;
    }
  }
  function render() {
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    const q = queens(), bad = conflicts(q), t = tally(q), auto = autoBox.checked;
    for (let i = 0; i < n * n; i++) {
      const el = cells[i];
      const shown = auto && state[i] === EMPTY && attacked(i, q, t);
      el.dataset.state = isQueen(i) ? "queen" : state[i] === CROSS ? "cross"
        : state[i] === BLOCKED ? "blocked" : shown ? "auto" : "";
      el.dataset.given = state[i] === GIVEN ? "1" : "0";
      el.dataset.conflict = bad.has(i) ? "1" : "0";
      el.dataset.cursor = cursorShown && i === cursor ? "1" : "0";
      if (state[i] === CROSS) drawCross(i, "mark-cross");
      else if (shown) drawCross(i, "mark-cross auto");
      else if (isQueen(i)) drawQueen(i, state[i] === GIVEN);
      if (bad.has(i)) {
        const [x, y, s] = cellBox(i);
        add("circle", {"class": "conflict-ring", cx: x + s / 2, cy: y + s / 2, r: s / 2 - 3});
      }
    }
    hintBoxes.forEach(function (i) {
      const [x, y, s] = cellBox(i);
      add("rect", {"class": "hint-box", x: x + 2, y: y + 2, width: s - 4, height: s - 4});
    });
    if (cursorShown) {
      const [x, y, s] = cellBox(cursor);
      add("rect", {"class": "cursor", x: x + 2, y: y + 2, width: s - 4, height: s - 4});
    }
    const goal = D.kind === "completion" ? n : K * n;
    const solved = q.length === goal && bad.size === 0;
    document.body.dataset.solved = solved ? "1" : "0";
    $("status").textContent = solved ? L.solved : bad.size ? L.conflict
      : L.placed.replace("{k}", q.length).replace("{n}", goal);
    $("undo").disabled = !undoStack.length;
    $("redo").disabled = !redoStack.length;
    clock(solved);
    save();
  }

  // ---- the timer: runs while the puzzle is unsolved and the page is visible ------------
  let elapsed = 0, since = Date.now();
  function total() { return elapsed + (since === null ? 0 : Date.now() - since); }
  function clock(solved) {
    const run = !solved && !document.hidden;
    if (!run && since !== null) { elapsed = total(); since = null; }
    if (run && since === null) since = Date.now();
    tick();
  }
  function tick() {
    const s = Math.floor(total() / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    const ss = String(s % 60).padStart(2, "0");
    const text = h ? h + ":" + String(m).padStart(2, "0") + ":" + ss : m + ":" + ss;
    const el = $("timer");
    if (el.textContent !== text) { el.textContent = text; el.dataset.seconds = String(s); }
  }
  setInterval(tick, 250);
  document.addEventListener("visibilitychange", function () {
    clock(document.body.dataset.solved === "1");
  });

  // ---- the board and time kept in the browser (localStorage), per puzzle ---------------
  const KEY = "nqueens-play:" + (function (text) {
    let h = 0;
    for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
    return (h >>> 0).toString(36);
  })(JSON.stringify([D.kind, n, K, D.regions, D.givens, D.blocked, D.diagonals]
                    .concat(D.start && D.start.length ? [D.start] : [])));
  let restoring = true;
  function save() {
    if (restoring) return;
    try {
      localStorage.setItem(KEY, JSON.stringify({state: state, time: total(),
                                                auto: autoBox.checked}));
    } catch (e) { /* storage off (private windows, some file:// settings): play on */ }
  }
  function restore() {
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { kept = null; }
    if (!kept || !Array.isArray(kept.state) || kept.state.length !== n * n) return;
    kept.state.forEach(function (v, i) {
      if ((v === EMPTY || v === CROSS || v === QUEEN) && state[i] !== GIVEN &&
          state[i] !== BLOCKED) state[i] = v;
    });
    if (typeof kept.time === "number" && kept.time >= 0) elapsed = kept.time;
    autoBox.checked = kept.auto === true;
  }
  setInterval(save, 5000);
  window.addEventListener("pagehide", save);

  // ---- moves, undo and redo -----------------------------------------------------------
  function same(a, b) { return a.every(function (v, i) { return v === b[i]; }); }
  function record(before) {
    if (same(before, state)) return;
    undoStack.push(before);
    redoStack.length = 0;
  }
  function settle() { clearHint(); render(); }
  function move(change) {  // one undoable move
    const before = state.slice();
    change();
    record(before);
    settle();
  }
  function set(i, value) {
    if (state[i] !== GIVEN && state[i] !== BLOCKED) state[i] = value;
  }
  function cycle(i) {
    set(i, state[i] === EMPTY ? CROSS : state[i] === CROSS ? QUEEN : EMPTY);
  }
  function toggle(i, value) { set(i, state[i] === value ? EMPTY : value); }
  function undo() {
    if (!undoStack.length) return;
    redoStack.push(state);
    state = undoStack.pop();
    settle();
  }
  function redo() {
    if (!redoStack.length) return;
    undoStack.push(state);
    state = redoStack.pop();
    settle();
  }
  function reset() {
    state.fill(EMPTY);
    D.givens.forEach(function (sq) { state[sq[0] * n + sq[1]] = GIVEN; });
    D.blocked.forEach(function (sq) { state[sq[0] * n + sq[1]] = BLOCKED; });
  }

  // ---- hints --------------------------------------------------------------------------
  function clearHint() {
    hintBoxes = [];
    $("hint-text").textContent = "";
    cells.forEach(function (el) { el.dataset.hint = "0"; });
  }
  function showHint(text, squares) {
    clearHint();
    $("hint-text").textContent = text;
    hintBoxes = squares;
    squares.forEach(function (i) { cells[i].dataset.hint = "1"; });
    render();
  }
  function name(i) {
    return L.square.replace("{r}", row(i) + 1).replace("{c}", col(i) + 1);
  }
  function hint() {
    if (solution) {
      for (let i = 0; i < n * n; i++) {
        if (state[i] === QUEEN && !solution.has(i)) {
          showHint(L.wrong.replace("{sq}", name(i)), [i]);
          return;
        }
        if (state[i] === CROSS && solution.has(i)) {
          showHint(L.wrongcross.replace("{sq}", name(i)), [i]);
          return;
        }
      }
    }
    const q = queens(), t = tally(q);
    for (const step of D.steps) {
      if (step.place) {
        const i = step.place[0] * n + step.place[1];
        if (!isQueen(i)) { showHint(step.text, [i]); return; }
      } else {
        const open = step.removed.map(function (sq) { return sq[0] * n + sq[1]; })
          .filter(function (i) { return !covered(i, q, t); });
        if (open.length) { showHint(step.text, open); return; }
      }
    }
    showHint(L.nohint, []);
  }

  // ---- mouse and touch: tap cycles, drag crosses out, right click toggles a cross -------
  function cellAt(ev) {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const [x0, y0, s] = cellBox(0);
    const r = Math.floor((p.y - y0) / s), c = Math.floor((p.x - x0) / s);
    return r < 0 || c < 0 || r >= n || c >= n ? -1 : r * n + c;
  }
  let drag = null;
  svg.addEventListener("pointerdown", function (ev) {
    if (ev.button !== 0) return;
    const i = cellAt(ev);
    if (i < 0) return;
    ev.preventDefault();
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.blur) focused.blur();  // Space: board
    drag = {start: i, last: i, moved: false, before: state.slice()};
    cursor = i;
  });
  svg.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    const i = cellAt(ev);
    if (i < 0 || i === drag.last) return;
    if (!drag.moved) {
      drag.moved = true;
      if (state[drag.start] === EMPTY) set(drag.start, CROSS);
    }
    if (state[i] === EMPTY) set(i, CROSS);
    drag.last = cursor = i;
    render();
  });
  function drop(tap) {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (!d.moved && tap) cycle(d.start);
    record(d.before);
    settle();
  }
  window.addEventListener("pointerup", function () { drop(true); });
  // a cancelled touch (a long press, a scroll) keeps what a drag crossed out but is no tap
  window.addEventListener("pointercancel", function () { drop(false); });
  svg.addEventListener("contextmenu", function (ev) {
    ev.preventDefault();
    const i = cellAt(ev);
    if (i >= 0) move(function () { toggle(i, CROSS); });
  });

  // ---- keyboard -----------------------------------------------------------------------
  const STEPS = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  function act(change) {
    cursorShown = true;
    move(function () { change(cursor); });
  }
  document.addEventListener("keydown", function (ev) {
    const tag = ev.target && ev.target.tagName;
    const onControl = tag === "BUTTON" || tag === "INPUT";
    const key = ev.key;
    if (ev.ctrlKey || ev.metaKey) {
      const k = key.toLowerCase();
      if (k === "z" && !ev.shiftKey) { ev.preventDefault(); undo(); }
      else if (k === "y" || (k === "z" && ev.shiftKey)) { ev.preventDefault(); redo(); }
      return;
    }
    if (ev.altKey) return;
    if (STEPS[key]) {
      ev.preventDefault();
      if (cursorShown) {
        const r = Math.min(n - 1, Math.max(0, row(cursor) + STEPS[key][0]));
        const c = Math.min(n - 1, Math.max(0, col(cursor) + STEPS[key][1]));
        cursor = r * n + c;
      }
      cursorShown = true;
      render();
      return;
    }
    const k = key.length === 1 ? key.toLowerCase() : key;
    if ((k === " " || k === "Enter") && !onControl) {
      ev.preventDefault(); act(cycle);
    } else if (k === "x") act(function (i) { toggle(i, CROSS); });
    else if (k === "q" || k === "s") act(function (i) { toggle(i, QUEEN); });
    else if (k === "Delete" || k === "Backspace") act(function (i) { set(i, EMPTY); });
    else if (k === "h") hint();
  });

  // ---- buttons ------------------------------------------------------------------------
  function button(id, fn) {
    $(id).addEventListener("click", function (ev) {
      fn();
      if (ev.detail) $(id).blur();  // a mouse click: keep Space for the board
    });
  }
  button("undo", undo);
  button("redo", redo);
  button("hint", hint);
  button("reset", function () {  // a new attempt: the board (undoable) and the time
    elapsed = 0;
    since = null;
    move(reset);
  });
  autoBox.addEventListener("change", function () { autoBox.blur(); render(); });
  reset();
  (D.start || []).forEach(function (row, r) {  // the player's state the page was made from
    for (let c = 0; c < n && c < row.length; c++) {
      const i = r * n + c;
      if (state[i] === EMPTY) state[i] = row[c] === "Q" ? QUEEN : row[c] === "x" ? CROSS : EMPTY;
    }
  });
  restore();
  restoring = false;
  render();
  document.body.dataset.ready = "1";
})();
