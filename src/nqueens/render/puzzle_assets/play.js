// Play a queens puzzle offline: click a square to cycle empty -> cross -> queen -> empty.
// Conflicts (two queens in a row, column or region, touching, or on a diagonal where the
// rules say so) are ringed in red; the hint button shows the explainer's next step.
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("puzzle-data").textContent);
  const n = D.n;
  const SVGNS = "http://www.w3.org/2000/svg";
  const svg = document.querySelector("#board-wrap svg");
  const EMPTY = 0, CROSS = 1, QUEEN = 2, GIVEN = 3, BLOCKED = 4;
  const state = new Array(n * n).fill(EMPTY);
  const cells = new Array(n * n);
  const region = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) region.push(D.regions.length ? D.regions[r][c] : "");
  }
  svg.querySelectorAll("rect.cell").forEach(function (el) {
    cells[Number(el.dataset.row) * n + Number(el.dataset.col)] = el;
  });
  const overlay = document.createElementNS(SVGNS, "g");
  overlay.setAttribute("id", "marks");
  svg.appendChild(overlay);

  function reset() {
    state.fill(EMPTY);
    D.givens.forEach(function (sq) { state[sq[0] * n + sq[1]] = GIVEN; });
    D.blocked.forEach(function (sq) { state[sq[0] * n + sq[1]] = BLOCKED; });
    clearHint();
    render();
  }

  function isQueen(i) { return state[i] === QUEEN || state[i] === GIVEN; }

  function clash(a, b) {
    const r1 = Math.floor(a / n), c1 = a % n, r2 = Math.floor(b / n), c2 = b % n;
    if (r1 === r2 || c1 === c2) return true;
    if (region[a] !== "" && region[a] === region[b]) return true;
    const dr = Math.abs(r1 - r2), dc = Math.abs(c1 - c2);
    if (D.touching && dr <= 1 && dc <= 1) return true;
    return D.diagonals && dr === dc;
  }

  function queens() {
    const q = [];
    for (let i = 0; i < n * n; i++) if (isQueen(i)) q.push(i);
    return q;
  }

  function cellBox(i) {
    const el = cells[i];
    return [Number(el.getAttribute("x")), Number(el.getAttribute("y")),
            Number(el.getAttribute("width"))];
  }

  function render() {
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    const q = queens();
    const bad = new Set();
    for (let i = 0; i < q.length; i++) {
      for (let j = i + 1; j < q.length; j++) {
        if (clash(q[i], q[j])) { bad.add(q[i]); bad.add(q[j]); }
      }
    }
    for (let i = 0; i < n * n; i++) {
      const el = cells[i];
      const [x, y, s] = cellBox(i);
      el.dataset.state = state[i] === QUEEN || state[i] === GIVEN ? "queen"
        : state[i] === CROSS ? "cross" : state[i] === BLOCKED ? "blocked" : "";
      el.dataset.conflict = bad.has(i) ? "1" : "0";
      if (state[i] === CROSS) {
        const g = document.createElementNS(SVGNS, "g");
        g.setAttribute("class", "mark-cross");
        const p = document.createElementNS(SVGNS, "path");
        const a = 14, b = s - 14;
        p.setAttribute("d", "M " + (x + a) + "," + (y + a) + " L " + (x + b) + "," + (y + b) +
                       " M " + (x + b) + "," + (y + a) + " L " + (x + a) + "," + (y + b));
        g.appendChild(p);
        overlay.appendChild(g);
      } else if (state[i] === QUEEN) {
        const g = document.createElementNS(SVGNS, "g");
        g.setAttribute("class", "mark-queen");
        g.setAttribute("transform", "translate(" + x + "," + y + ")");
        g.innerHTML = D.queen;
        overlay.appendChild(g);
      }
      if (bad.has(i)) {
        const ring = document.createElementNS(SVGNS, "circle");
        ring.setAttribute("class", "conflict-ring");
        ring.setAttribute("cx", x + s / 2);
        ring.setAttribute("cy", y + s / 2);
        ring.setAttribute("r", s / 2 - 3);
        overlay.appendChild(ring);
      }
    }
    hintBoxes.forEach(function (i) {
      const [x, y, s] = cellBox(i);
      const box = document.createElementNS(SVGNS, "rect");
      box.setAttribute("class", "hint-box");
      box.setAttribute("x", x + 2); box.setAttribute("y", y + 2);
      box.setAttribute("width", s - 4); box.setAttribute("height", s - 4);
      overlay.appendChild(box);
    });
    const solved = q.length === n && bad.size === 0;
    document.body.dataset.solved = solved ? "1" : "0";
    const status = document.getElementById("status");
    if (solved) status.textContent = D.labels.solved;
    else if (bad.size) status.textContent = D.labels.conflict;
    else status.textContent = D.labels.placed.replace("{k}", q.length).replace("{n}", n);
  }

  let hintBoxes = [];
  function clearHint() {
    hintBoxes = [];
    document.getElementById("hint-text").textContent = "";
    cells.forEach(function (el) { el.dataset.hint = "0"; });
  }

  function showHint(text, squares) {
    clearHint();
    document.getElementById("hint-text").textContent = text;
    hintBoxes = squares;
    squares.forEach(function (i) { cells[i].dataset.hint = "1"; });
    render();
  }

  function covered(i) {
    if (state[i] === CROSS || state[i] === BLOCKED) return true;
    return queens().some(function (q) { return q !== i && clash(q, i); });
  }

  function name(i) {
    return D.labels.square.replace("{r}", Math.floor(i / n) + 1).replace("{c}", i % n + 1);
  }

  function hint() {
    if (D.solution) {
      for (let i = 0; i < n * n; i++) {
        if (state[i] === QUEEN && D.solution[Math.floor(i / n)] !== i % n) {
          showHint(D.labels.wrong.replace("{sq}", name(i)), [i]);
          return;
        }
        if (state[i] === CROSS && D.solution[Math.floor(i / n)] === i % n) {
          showHint(D.labels.wrongcross.replace("{sq}", name(i)), [i]);
          return;
        }
      }
    }
    for (const step of D.steps) {
      if (step.place) {
        const i = step.place[0] * n + step.place[1];
        if (!isQueen(i)) { showHint(step.text, [i]); return; }
      } else {
        const open = step.removed.map(function (sq) { return sq[0] * n + sq[1]; })
          .filter(function (i) { return !covered(i); });
        if (open.length) { showHint(step.text, open); return; }
      }
    }
    showHint(D.labels.nohint, []);
  }

  svg.addEventListener("click", function (ev) {
    const el = ev.target.closest ? ev.target.closest("[data-row]") : null;
    let i;
    if (el && el.dataset.col !== undefined) {
      i = Number(el.dataset.row) * n + Number(el.dataset.col);
    } else {
      const pt = svg.createSVGPoint();
      pt.x = ev.clientX; pt.y = ev.clientY;
      const p = pt.matrixTransform(svg.getScreenCTM().inverse());
      const [x0, y0, s] = cellBox(0);
      const r = Math.floor((p.y - y0) / s), c = Math.floor((p.x - x0) / s);
      if (r < 0 || c < 0 || r >= n || c >= n) return;
      i = r * n + c;
    }
    if (state[i] === GIVEN || state[i] === BLOCKED) return;
    state[i] = state[i] === EMPTY ? CROSS : state[i] === CROSS ? QUEEN : EMPTY;
    clearHint();
    render();
  });
  document.getElementById("hint").addEventListener("click", hint);
  document.getElementById("reset").addEventListener("click", reset);
  reset();
  document.body.dataset.ready = "1";
})();
