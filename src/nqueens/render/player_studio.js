// The lesson studio beside the board: the program(s) with the running line highlighted,
// their variables, the pruned tree growing step by step (click a node to go to its step,
// fold the subtrees with no solution below), and the counters. Plain data from the page's
// JSON (nqueens.render.studio); player.js calls init() once and show(i) at every step.
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var D, W, EVENTS, go, programs = [], prefix = null;
  var tree = { nodes: {}, kids: {}, folded: {}, drawn: {} };

  function el(tag, attrs, text, ns) {
    var e = ns ? document.createElementNS(SVGNS, tag) : document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function fmt(v) {
    if (v === null || v === undefined) { return "\u2013"; }
    if (v === true) { return "T"; }
    if (v === false) { return "F"; }
    return String(v);
  }

  // -- counters: prefix sums over the events, beside the whole search's totals
  function buildPrefix() {
    var checked = [], good = [], found = [], c = 1, g = 1, s = 0;
    EVENTS.forEach(function (e) {
      if (e.kind === "try") { c++; if (e.promising) { g++; } }
      if (e.kind === "solution") { s++; }
      checked.push(c); good.push(g); found.push(s);
    });
    prefix = { checked: checked, promising: good, solutions: found };
  }
  function showCounters(i) {
    var box = document.getElementById("counters");
    var k = Math.min(i, EVENTS.length - 1), T = D.totals;
    while (box.firstChild) { box.removeChild(box.firstChild); }
    ["checked", "promising", "solutions"].forEach(function (key) {
      var span = el("span", { id: "count-" + key, "data-value": String(prefix[key][k]) });
      span.appendChild(document.createTextNode(W[key] + ": "));
      span.appendChild(el("b", {}, String(prefix[key][k])));
      if (T) {
        var total = (T.textbook && key !== "solutions") ? W.textbook : W.whole;
        span.appendChild(document.createTextNode(" (" + total.replace("{k}",
          String(T[key])) + ")"));
        span.setAttribute("data-total", String(T[key]));
      }
      box.appendChild(span);
    });
  }

  // -- the programs
  function buildPrograms() {
    var box = document.getElementById("programs");
    if (D.programs.length > 1) { box.classList.add("compare"); }
    D.programs.forEach(function (p) {
      var div = el("div", { "class": "program", "data-strategy": p.name, "data-line": "-1" });
      div.appendChild(el("h2", {}, W.program + ": " + p.title));
      var pre = el("pre", { "class": "code" });
      var lines = p.lines.map(function (text, k) {
        var span = el("span", { "class": "ln", "data-line": String(k) }, text || " ");
        pre.appendChild(span);
        return span;
      });
      div.appendChild(pre);
      var table = el("table", { "class": "vars", "aria-label": W.variables });
      div.appendChild(table);
      var cost = el("div", { "class": "cost" });
      div.appendChild(cost);
      box.appendChild(div);
      var totals = [], t = 0;
      p.frames.forEach(function (f) { t += f.looked || 0; totals.push(t); });
      programs.push({ p: p, div: div, lines: lines, table: table, cost: cost,
                      totals: totals, current: null });
    });
  }
  function showProgram(prog, i) {
    var k = Math.min(i, EVENTS.length - 1), f = prog.p.frames[k];
    var before = k > 0 ? prog.p.frames[k - 1].vars : null;
    var closing = i >= EVENTS.length;
    if (prog.current) { prog.current.classList.remove("current"); }
    prog.current = closing ? null : prog.lines[f.line];
    if (prog.current) { prog.current.classList.add("current"); }
    prog.div.setAttribute("data-line", closing ? "-1" : String(f.line));
    var table = prog.table;
    while (table.firstChild) { table.removeChild(table.firstChild); }
    var level = f.vars.i;
    Object.keys(f.vars).forEach(function (name) {
      var v = f.vars[name], old = before ? before[name] : undefined;
      var tr = el("tr", { "data-var": name, "data-value": JSON.stringify(v) });
      tr.appendChild(el("th", {}, name));
      var td = el("td");
      if (Array.isArray(v)) {
        v.forEach(function (x, j) {
          var cls = "cell" + (x === true || (prog.p.name === "put_queen" && name !== "pos"
            && x === 0) ? " on" : "");
          if (old && old[j] !== x) { cls += " changed"; }
          if (prog.p.name === "promising" && j + 1 > level) { cls += " stale"; }
          var base = prog.p.name === "promising" ? 1 : 0;
          td.appendChild(el("span", { "class": cls, title: name + "[" + (j + base) + "]" },
                            fmt(x)));
        });
      } else {
        td.appendChild(el("span", { "class": "scalar" + (before && old !== v ? " changed" : "")
        }, fmt(v)));
      }
      tr.appendChild(td);
      table.appendChild(tr);
    });
    prog.cost.setAttribute("data-looked", f.looked === null ? "" : String(f.looked));
    prog.cost.setAttribute("data-total", String(prog.totals[k]));
    prog.cost.textContent = W.looked.replace("{k}", f.looked === null ? "\u2013"
      : String(f.looked)).replace("{total}", String(prog.totals[k]));
  }

  // -- the tree: a tidy layout of the nodes not folded away, drawn once per fold
  var DX = 20, DY = 40, R = 8, PAD = 14;
  function buildTree() {
    tree.nodes[0] = { id: 0, parent: -1, row: -1, col: -1, promising: 1, step: -1, below: 1 };
    tree.kids[0] = [];
    D.tree.forEach(function (t) {
      tree.nodes[t[0]] = { id: t[0], parent: t[1], row: t[2], col: t[3], promising: t[4],
                           step: t[5], below: t[6] };
      tree.kids[t[0]] = [];
      tree.kids[t[1]].push(t[0]);
    });
    document.getElementById("tree-title").textContent = W.tree;
    document.getElementById("fold-all").textContent = W.fold;
    document.getElementById("unfold-all").textContent = W.unfold;
    document.getElementById("fold-all").addEventListener("click", function () {
      Object.keys(tree.nodes).forEach(function (id) {
        if (foldable(tree.nodes[id])) { tree.folded[id] = true; }
      });
      drawTree();
    });
    document.getElementById("unfold-all").addEventListener("click", function () {
      tree.folded = {}; drawTree();
    });
  }
  function foldable(node) { return node.promising && !node.below && tree.kids[node.id].length; }
  function layoutTree() {
    var pos = {}, leaf = 0, deepest = 0;
    function place(id, depth) {
      var kids = tree.folded[id] ? [] : tree.kids[id];
      deepest = Math.max(deepest, depth);
      if (!kids.length) { pos[id] = [leaf++, depth]; return; }
      kids.forEach(function (k) { place(k, depth + 1); });
      pos[id] = [(pos[kids[0]][0] + pos[kids[kids.length - 1]][0]) / 2, depth];
    }
    place(0, 0);
    return { pos: pos, width: leaf, depth: deepest };
  }
  // Node ids are the order of the tries (the k-th square tried is node k), so the nodes
  // shown at a step are those with an id up to the tries so far: a step only shows or hides
  // the elements of the nodes between the last count and the new one.
  function drawTree() {
    var svg = document.getElementById("tree");
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    var L = layoutTree(), edges = el("g", { id: "tree-edges" }, undefined, true);
    var dots = el("g", { id: "tree-nodes" }, undefined, true);
    svg.setAttribute("width", String(PAD * 2 + L.width * DX));
    svg.setAttribute("height", String(PAD * 2 + L.depth * DY + 4));
    svg.appendChild(edges); svg.appendChild(dots);
    tree.drawn = {};
    tree.appear = {};  // node id -> the elements that appear with it
    tree.shownUpTo = Infinity;
    tree.marked = null;
    function appear(id, element) { (tree.appear[id] = tree.appear[id] || []).push(element); }
    function xy(id) { var p = L.pos[id]; return [PAD + p[0] * DX + DX / 2, PAD + p[1] * DY]; }
    Object.keys(L.pos).forEach(function (key) {
      var node = tree.nodes[key], p = xy(key), g, id = Number(key);
      if (node.parent >= 0) {
        var q = xy(node.parent);
        var line = el("line", { "class": "tedge", "data-node": key, x1: q[0], y1: q[1],
                                x2: p[0], y2: p[1] }, undefined, true);
        edges.appendChild(line);
        appear(id, line);
      }
      g = el("g", { "class": "tnode", "data-node": key, "data-step": String(node.step),
                    "data-promising": String(node.promising),
                    "data-solution": node.below && node.row === D.n - 1 ? "1" : "0" },
             undefined, true);
      g.appendChild(el("circle", { cx: p[0], cy: p[1], r: R }, undefined, true));
      g.appendChild(el("text", { x: p[0], y: p[1] + 3.5 }, node.row < 0 ? "" :
                       String(node.col + 1), true));
      g.addEventListener("click", function () { go(Math.max(0, node.step)); });
      dots.appendChild(g);
      appear(id, g);
      tree.drawn[key] = g;
      if (foldable(node)) {
        var f = el("g", { "class": "fold", "data-node": key,
                          "data-folded": tree.folded[key] ? "1" : "0" }, undefined, true);
        f.appendChild(el("title", {}, W.fold_tip, true));
        f.appendChild(el("rect", { x: p[0] + R - 1, y: p[1] - R - 9, width: 11, height: 11,
                                   rx: 2 }, undefined, true));
        f.appendChild(el("text", { x: p[0] + R + 4.5, y: p[1] - R }, tree.folded[key]
          ? "+" : "\u2212", true));
        f.addEventListener("click", function (ev) {
          ev.stopPropagation();
          if (tree.folded[key]) { delete tree.folded[key]; } else { tree.folded[key] = true; }
          drawTree();
        });
        dots.appendChild(f);
        appear(tree.kids[key][0], f);  // with the subtree's first node
      }
    });
    showTree(lastShown);
  }
  var lastShown = 0;
  function setShown(upTo) {
    // show the elements of nodes 1..upTo, hide the others (only those that change)
    var before = tree.shownUpTo, lo, hi, k;
    if (before === upTo) { return; }
    if (before === Infinity) {
      Object.keys(tree.appear).forEach(function (id) {
        tree.appear[id].forEach(function (e) {
          e.setAttribute("display", Number(id) <= upTo ? "inline" : "none");
        });
      });
    } else {
      lo = Math.min(before, upTo) + 1; hi = Math.max(before, upTo);
      for (k = lo; k <= hi; k++) {
        (tree.appear[k] || []).forEach(function (e) {
          e.setAttribute("display", k <= upTo ? "inline" : "none");
        });
      }
    }
    tree.shownUpTo = upTo;
  }
  function showTree(i) {
    lastShown = i;
    var svg = document.getElementById("tree");
    var closing = i >= EVENTS.length, e = closing ? null : EVENTS[i];
    var current = e ? e.node : -1;
    svg.setAttribute("data-current", String(current));
    setShown(closing ? D.tree.length : prefix.checked[i] - 1);
    // the node shown as current: the current node, or the folded subtree hiding it
    var shown = current;
    while (shown > 0 && !tree.drawn[shown]) { shown = tree.nodes[shown].parent; }
    var mark = current >= 0 ? tree.drawn[shown] : null;
    if (tree.marked && tree.marked !== mark) { tree.marked.classList.remove("current"); }
    tree.marked = mark || null;
    if (!mark) { return; }
    mark.classList.add("current");
    var box = document.getElementById("tree-box"), c = mark.querySelector("circle");
    var cx = Number(c.getAttribute("cx")), cy = Number(c.getAttribute("cy"));
    if (cx < box.scrollLeft || cx > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = cx - box.clientWidth / 2;
    }
    if (cy < box.scrollTop || cy > box.scrollTop + box.clientHeight) {
      box.scrollTop = cy - box.clientHeight / 2;
    }
  }

  window.nqueensStudio = {
    init: function (data, goTo) {
      D = data; W = data.words; EVENTS = data.events; go = goTo;
      buildPrefix(); buildPrograms(); buildTree(); drawTree();
    },
    show: function (i) {
      showCounters(i);
      programs.forEach(function (prog) { showProgram(prog, i); });
      showTree(i);
    }
  };
})();
