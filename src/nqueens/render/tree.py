"""Draw a pruned state-space tree as SVG, sized to fit a slide.

The tree is given (`nqueens.analysis.tree.pruned_tree` searches and builds it); this
module only decides what to show and draws it, in four small steps:

- **view** (`view`): the tree as shapes to draw - a `node` per tried square, a
  `run` for consecutive pruned siblings drawn as one pill (`x3`), a `fold` for a
  subtree summarised as one bar per row (how many squares it tried there, the promising
  part darker);
- **size policy** (`plan`): the first view whose leaves fit the width - every node;
  else pruned runs compacted; else subtrees folded below the deepest row that fits,
  keeping the paths to the solutions open; else folded without them;
- **layout** (`layout`): a tidy tree, leaves evenly spaced in search order, each
  parent centred over its children;
- **drawing** (`tree_svg`): title and legend always inside the picture, one label
  per row on the left with the squares tried in that row.

Promising nodes are filled discs, nonpromising ones pale discs with a red cross on their
rim (the label stays readable), and the edges from the root to each solution are thick,
ending in a ringed solution node. Each node is labelled with its 1-based `row,col` (or
just its column). The words (title, legend, row labels, tooltips) are in English, Japanese
or Korean (`lang`, see `nqueens.render.tree_words`).

>>> from nqueens.analysis.tree import pruned_tree
>>> svg = tree_svg(pruned_tree(4, until="first"))
>>> svg.count('class="node nonpromising'), svg.count('class="edge path"')
(18, 4)
>>> plan(pruned_tree(8, until="first")).describe()
'pruned siblings drawn as one; subtrees below row 3 folded into squares tried per row'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal
from xml.sax.saxutils import escape

from nqueens._validate import check_choice, check_int
from nqueens.analysis.tree import Tree, TreeNode
from nqueens.render.tree_words import FONTS, LANGUAGES, text_width, words
from nqueens.trace import ROOT

__all__ = [
    "SLIDE_HEIGHT",
    "SLIDE_WIDTH",
    "Label",
    "Shape",
    "View",
    "layout",
    "plan",
    "tree_svg",
    "view",
]

SLIDE_WIDTH = 1600
"""The widest picture `tree_svg` aims for by default (a 16:9 slide at 1600 x 900)."""
SLIDE_HEIGHT = 900
"""The tallest picture `tree_svg` aims for by default."""

Label = Literal["square", "column"]
ShapeKind = Literal["node", "run", "fold"]

_R = 16          # node radius
_MIN_DX = 38     # narrowest distance between neighbouring leaves (a node and a gap)
_MAX_DX = 46     # widest
_MAX_DY = 78     # vertical distance between depths, at most
_MIN_DY = 44
_PAD = 30        # border around the drawing
_TOP = 86        # room for the title, the note and the legend
_LEFT = 112      # room for the row labels

_STYLE = {
    "promising": 'fill="#2f6f4f" stroke="#163d2a"',
    "nonpromising": 'fill="#f4f1ea" stroke="#9a948a"',
    "solution": 'fill="#e8a317" stroke="#8a5a00"',
    "root": 'fill="#3a3a3a" stroke="#1a1a1a"',
}
_TEXT = {"promising": "#ffffff", "nonpromising": "#4a463f", "solution": "#1f1f1f",
         "root": "#ffffff"}
_CROSS = 'stroke="#c0392b" stroke-width="2" stroke-linecap="round"'
_BADGE = 5.5     # radius of the cross badge on the rim of a pruned node


@dataclass(slots=True)
class Shape:
    """One thing to draw: a tree `node`, a `run` of pruned siblings, or a `fold`.

    `ids` are the tree nodes it stands for (one for a node; the siblings of a run; for a
    fold, the node whose subtree it summarises). `levels` (folds only) holds `(tried,
    promising)` for each depth below that node. `x` is the layout's slot.
    """

    kind: ShapeKind
    ids: tuple[int, ...]
    depth: int
    children: list[Shape] = field(default_factory=list)
    levels: tuple[tuple[int, int], ...] = ()
    x: float = 0.0

    def leaves(self) -> int:
        """Shapes without children under this one (itself if it has none).

        Cost: O(shapes).

        >>> Shape("node", (0,), 0, [Shape("run", (1, 2), 1), Shape("node", (3,), 1)]).leaves()
        2
        """
        if not self.children:
            return 1
        return sum(child.leaves() for child in self.children)

    def walk(self) -> list[Shape]:
        """This shape and every shape below it, parents before children.

        Cost: O(shapes).

        >>> root = Shape("node", (0,), 0, [Shape("run", (1, 2), 1), Shape("node", (3,), 1)])
        >>> [s.ids for s in root.walk()]
        [(0,), (1, 2), (3,)]
        """
        out: list[Shape] = []
        stack = [self]
        while stack:
            shape = stack.pop()
            out.append(shape)
            stack.extend(reversed(shape.children))
        return out


@dataclass(slots=True)
class View:
    """What `plan` chose: the shapes, and how they were compacted."""

    root: Shape
    runs: bool
    fold_depth: int | None
    keep_paths: bool

    def describe(self, lang: str = "en") -> str:
        """One line saying what was compacted (`""` when every node is drawn), in `lang`.

        Cost: O(1).

        >>> View(Shape("node", (0,), 0), True, 2, True).describe()
        'pruned siblings drawn as one; subtrees below row 2 folded into squares tried per row'
        >>> View(Shape("node", (0,), 0), False, 0, True).describe("ja")
        '根より下の部分木は、行ごとに調べたマスの数に畳む'
        """
        w = words(lang)
        parts = []
        if self.runs:
            parts.append(w["runs"])
        if self.fold_depth is not None:
            where = (w["root_named"] if self.fold_depth == 0
                     else w["row"].format(d=self.fold_depth))
            parts.append(w["folded"].format(where=where)
                         + ("" if self.keep_paths else w["with_paths"]))
        return w["join"].join(parts)


def view(tree: Tree, *, runs: bool = False, fold_depth: int | None = None,
         keep_paths: bool = True) -> View:
    """The shapes of `tree`: pruned runs merged if `runs`, subtrees folded below a depth.

    A promising node at depth >= `fold_depth` keeps its children only when it is on the
    path to a solution and `keep_paths` is set; otherwise one `fold` stands for them.
    Cost: O(nodes).

    >>> from nqueens.analysis.tree import pruned_tree
    >>> t = pruned_tree(4, until="first")
    >>> view(t).root.leaves(), view(t, runs=True).root.leaves()
    (19, 8)
    """
    below = _levels_below(tree) if fold_depth is not None else {}
    return _view(tree, runs, fold_depth, keep_paths, below)


def _view(tree: Tree, runs: bool, fold_depth: int | None, keep_paths: bool,
          below: dict[int, tuple[tuple[int, int], ...]]) -> View:
    """`view` with the per-row counts below each node given (computed once a plan)."""
    nodes = tree.nodes

    def make(node_id: int) -> Shape:
        node = nodes[node_id]
        shape = Shape("node", (node_id,), node.depth)
        if not node.children:
            return shape
        if (fold_depth is not None and node.depth >= fold_depth
                and not (keep_paths and node.on_path)):
            shape.children.append(Shape("fold", (node_id,), node.depth + 1,
                                        levels=below[node_id]))
            return shape
        run: list[int] = []
        for child_id in node.children:
            if runs and not nodes[child_id].promising:
                run.append(child_id)
                continue
            _flush(run, node.depth + 1, shape)
            shape.children.append(make(child_id))
        _flush(run, node.depth + 1, shape)
        return shape

    return View(make(ROOT), runs, fold_depth, keep_paths)


def plan(tree: Tree, *, width: int = SLIDE_WIDTH) -> View:
    """The first view whose leaves fit `width` pixels (see the module docstring).

    Cost: O(n * nodes): at most 2n views are tried.

    >>> from nqueens.analysis.tree import pruned_tree
    >>> plan(pruned_tree(5)).describe(), plan(pruned_tree(6, until="all")).fold_depth
    ('', 2)
    """
    slots = _slots(width)
    tries: list[tuple[bool, int | None, bool]] = [(False, None, True), (True, None, True)]
    tries += [(True, d, True) for d in range(tree.n - 1, 0, -1)]
    tries += [(True, d, False) for d in range(tree.n - 1, -1, -1)]
    below: dict[int, tuple[tuple[int, int], ...]] | None = None
    for runs, depth, keep in tries:
        if depth is not None and below is None:
            below = _levels_below(tree)
        chosen = _view(tree, runs, depth, keep, below or {})
        if chosen.root.leaves() <= slots:
            return chosen
    return chosen  # the root folded: one leaf, always fits


def layout(root: Shape) -> int:
    """Tidy slots: set `x` on every shape under `root`; return the number of leaves.

    Leaves take slots 0, 1, 2, ... in search order; a parent sits midway between its first
    and last child, so no two subtrees overlap. Cost: O(shapes).

    >>> from nqueens.analysis.tree import pruned_tree
    >>> v = view(pruned_tree(4, until="first"))
    >>> layout(v.root), v.root.x, v.root.children[0].x
    (19, 9.75, 4.5)
    """
    next_leaf = 0
    stack: list[tuple[Shape, bool]] = [(root, False)]
    while stack:
        shape, done = stack.pop()
        if not shape.children:
            shape.x = float(next_leaf)
            next_leaf += 1
        elif done:
            shape.x = (shape.children[0].x + shape.children[-1].x) / 2
        else:
            stack.append((shape, True))
            stack.extend((child, False) for child in reversed(shape.children))
    return next_leaf


def tree_svg(tree: Tree, *, label: Label = "square", width: int = SLIDE_WIDTH,
             height: int = SLIDE_HEIGHT, lang: str = "en") -> str:
    """The pruned tree as an SVG document, fitted to `width` x `height` where it can be.

    `lang` (`en`, `ja` or `ko`) is the language of the title, the note, the legend,
    the row labels and the tooltips, in the teaching material's terms (see
    `nqueens.render.tree_words`); the root element declares it (`xml:lang` and
    `lang`) and its `font-family` lists common CJK fonts for Japanese and Korean.

    Nodes are `<g class="node KIND">` with `data-node`, `data-parent`,
    `data-depth` and 0-based `data-row`/`data-col`; runs are `<g class="run">`
    with `data-nodes`; folds are `<g class="fold">` with `data-node` and
    `data-tried`; edges on a solution path have class `edge path`. The width grows
    past `width` only when the title needs it. Cost: O(nodes) time and O(shapes) output.

    >>> from nqueens.analysis.tree import pruned_tree
    >>> svg = tree_svg(pruned_tree(8))
    >>> 'width="1600"' in svg, svg.count('class="fold"') > 0
    (True, True)
    >>> '>根</text>' in tree_svg(pruned_tree(4), lang="ja")
    True
    """
    check_choice(label, "label", ("square", "column"))
    check_choice(lang, "language", LANGUAGES)
    w = words(lang)
    font = f'font-family="{FONTS[lang]}"'
    width = check_int(width, "width", low=400)
    height = check_int(height, "height", low=300)
    chosen = plan(tree, width=width)
    leaves = layout(chosen.root)
    avail = width - _LEFT - 2 * _PAD - 2 * _R
    widest = _MAX_DX if chosen.fold_depth is None else 3 * _MAX_DX  # folds use the room
    dx = widest if leaves <= 1 else min(widest, avail / (leaves - 1))
    dy = max(_MIN_DY, min(_MAX_DY, (height - _TOP - 2 * _PAD - 2 * _R - 10) / max(tree.n, 1)))
    title = _title(tree, w)
    note = chosen.describe(lang)
    legend, legend_width = _legend(_PAD, 70, chosen, w, font)
    drawn = _LEFT + _PAD + (leaves - 1) * dx + 2 * _R + _PAD
    pic_width = max(drawn, _PAD * 2 + text_width(title, 8.8), _PAD + legend_width + _PAD)
    pic_height = _TOP + _PAD + tree.n * dy + 2 * _R + _PAD + 10
    x0 = _LEFT + _PAD + _R + (pic_width - drawn) / 2

    def xy(shape: Shape) -> tuple[float, float]:
        return x0 + shape.x * dx, _TOP + _PAD + _R + shape.depth * dy

    found = len(tree.solutions)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="nqueens-tree" '
        f'xml:lang="{lang}" lang="{lang}" '
        f'data-n="{tree.n}" data-nodes="{len(tree.nodes)}" data-solutions="{found}" '
        f'viewBox="0 0 {pic_width:g} {pic_height:g}" width="{pic_width:g}" '
        f'height="{pic_height:g}">',
        f"<desc>{escape(title)}</desc>",
        f'<rect x="0" y="0" width="{pic_width:g}" height="{pic_height:g}" fill="#ffffff"/>',
        f'<text class="title" x="{_PAD}" y="28" {font} font-size="16" fill="#222222">'
        f"{escape(title)}</text>",
    ]
    if note:
        out.append(f'<text class="note" x="{_PAD}" y="48" {font} font-size="12" '
                   f'fill="#666666">{escape(w["note"].format(text=note[0].upper() + note[1:]))}'
                   "</text>")
    out.extend(legend)
    out.extend(_row_labels(tree, dy, w, font))
    shapes = chosen.root.walk()
    most = max((t for shape in shapes for t, _ in shape.levels), default=1)
    parent_of = {id(child): shape for shape in shapes for child in shape.children}
    plain: list[str] = []
    path: list[str] = []
    for shape in shapes[1:]:
        edge = _edge(tree, parent_of[id(shape)], shape, xy)
        (path if 'class="edge path"' in edge else plain).append(edge)
    out.extend(plain)  # edges first so nodes sit on top; path edges last, so never hidden
    out.extend(path)
    for shape in shapes:
        x, y = xy(shape)
        if shape.kind == "node":
            out.append(_node_svg(tree.nodes[shape.ids[0]], x, y, label, w, font))
        elif shape.kind == "run":
            out.append(_run_svg(tree, shape, x, y, w, font))
        else:
            out.append(_fold_svg(shape, x, y, dx, dy, most, w, font))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- private helpers ---------------------------------------------------------------------

def _slots(width: int) -> int:
    """The most leaves that fit `width` at the narrowest spacing."""
    return int((width - _LEFT - 2 * _PAD - 2 * _R) // _MIN_DX) + 1


def _flush(run: list[int], depth: int, parent: Shape) -> None:
    """Append the pending pruned siblings to `parent`: one node, or one run shape."""
    if len(run) == 1:
        parent.children.append(Shape("node", (run[0],), depth))
    elif run:
        parent.children.append(Shape("run", tuple(run), depth))
    run.clear()


def _levels_below(tree: Tree) -> dict[int, tuple[tuple[int, int], ...]]:
    """node id -> `(tried, promising)` per depth below it, for every promising node."""
    n = tree.n
    counts: dict[int, list[list[int]]] = {}
    for node in sorted(tree.nodes.values(), key=lambda t: -t.depth):
        if not node.children:
            continue
        mine = [[0, 0] for _ in range(n - node.depth)]
        for child_id in node.children:
            child = tree.nodes[child_id]
            mine[0][0] += 1
            mine[0][1] += child.promising
            for k, (tried, good) in enumerate(counts.get(child_id, ()), start=1):
                mine[k][0] += tried
                mine[k][1] += good
        counts[node.id] = mine
    return {k: tuple((a, b) for a, b in v) for k, v in counts.items()}


def _title(tree: Tree, w: dict[str, str]) -> str:
    tried = tree.tried()
    found = len(tree.solutions)
    what = w["all"] if tree.until == "all" else w["first"]
    solutions = w["solution" if found == 1 else "solutions"].format(k=f"{found:,}")
    return w["title"].format(n=tree.n, what=what, nodes=f"{tried + 1:,}", tried=f"{tried:,}",
                             found=solutions)


def _square(w: dict[str, str], node: TreeNode) -> str:
    return w["square"].format(r=node.row + 1, c=node.col + 1)


def _row_labels(tree: Tree, dy: float, w: dict[str, str], font: str) -> list[str]:
    out = []
    for depth, (tried, _) in enumerate(tree.levels()):
        y = _TOP + _PAD + _R + depth * dy
        name = w["root"] if depth == 0 else w["row"].format(d=depth)
        out.append(f'<text class="level" x="{_PAD}" y="{y:g}" {font} font-size="12" '
                   f'fill="#666666">{escape(name)}</text>')
        if depth:
            count = w["tried"].format(k=f"{tried:,}")
            out.append(f'<text class="level-count" x="{_PAD}" y="{y + 14:g}" {font} '
                       f'font-size="10" fill="#999999">{escape(count)}</text>')
    return out


def _edge(tree: Tree, parent: Shape, child: Shape,
          xy: Callable[[Shape], tuple[float, float]]) -> str:
    (x1, y1), (x2, y2) = xy(parent), xy(child)
    if child.kind == "fold":
        y2 -= 12
    on_path = child.kind == "node" and tree.nodes[child.ids[0]].on_path
    ends = (f'data-parent="{parent.ids[0]}" data-child="{child.ids[0]}" '
            f'x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"')
    if on_path:
        return (f'<line class="edge path" {ends} stroke="#e8a317" stroke-width="5" '
                'stroke-linecap="round"/>')
    dash = ' stroke-dasharray="4 3"' if child.kind == "fold" else ""
    return f'<line class="edge" {ends} stroke="#b9b3a8" stroke-width="1.5"{dash}/>'


def _node_svg(node: TreeNode, x: float, y: float, label: Label, w: dict[str, str],
              font: str) -> str:
    kind = node.kind
    classes = f"node {kind}" + (" on-path" if node.on_path and kind != "solution" else "")
    attrs = (f'class="{classes}" data-node="{node.id}" data-parent="{node.parent}" '
             f'data-depth="{node.depth}" data-row="{node.row}" data-col="{node.col}"')
    parts = [f"<g {attrs}>"]
    if kind == "root":
        parts.append(f"<title>{escape(w['root_tip'])}</title>")
        parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{_R - 6}" {_STYLE["root"]} '
                     'stroke-width="2"/>')
        parts.append("</g>")
        return "".join(parts)
    tip = w[f"{kind}_tip"].format(square=_square(w, node))
    parts.append(f"<title>{escape(tip)}</title>")
    if kind == "solution":
        parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{_R + 5}" fill="none" '
                     'stroke="#e8a317" stroke-width="3"/>')
    parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{_R}" {_STYLE[kind]} stroke-width="2"/>')
    if kind == "nonpromising":
        parts.append(_cross(x + _R * 0.8, y - _R * 0.8))
    text = f"{node.row + 1},{node.col + 1}" if label == "square" else f"{node.col + 1}"
    size = 12 if label == "square" else 14
    parts.append(f'<text x="{x:g}" y="{y + size * 0.36:g}" text-anchor="middle" {font} '
                 f'font-size="{size}" font-weight="bold" fill="{_TEXT[kind]}">{text}</text>')
    parts.append("</g>")
    return "".join(parts)


def _cross(x: float, y: float, r: float = _BADGE) -> str:
    """The red cross of a pruned node: a small badge centred at `(x, y)`, on the rim of
    the node, so the label inside the node stays readable."""
    d = r * 0.5
    return (f'<g class="cross"><circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="#ffffff" '
            f'{_CROSS}/><path d="M {x - d:g},{y - d:g} L {x + d:g},{y + d:g} '
            f'M {x - d:g},{y + d:g} L {x + d:g},{y - d:g}" {_CROSS}/></g>')


def _run_svg(tree: Tree, shape: Shape, x: float, y: float, w: dict[str, str],
             font: str) -> str:
    """A pill for consecutive pruned siblings: `x3`, the squares in its tooltip."""
    squares = w["list"].join(_square(w, tree.nodes[i]) for i in shape.ids)
    tip = w["run_tip"].format(k=len(shape.ids), squares=squares)
    width, h = 2 * _R, 1.5 * _R
    return (f'<g class="run" data-nodes="{" ".join(str(i) for i in shape.ids)}" '
            f'data-count="{len(shape.ids)}" data-depth="{shape.depth}">'
            f"<title>{escape(tip)}</title>"
            f'<rect x="{x - width / 2:g}" y="{y - h / 2:g}" width="{width:g}" height="{h:g}" '
            f'rx="{h / 2:g}" {_STYLE["nonpromising"]} stroke-width="2"/>'
            + _cross(x + width / 2 - 2, y - h / 2) +
            f'<text x="{x:g}" y="{y + 4.5:g}" text-anchor="middle" {font} font-size="12" '
            f'font-weight="bold" fill="{_TEXT["nonpromising"]}">\u00d7{len(shape.ids)}</text>'
            "</g>")


def _fold_svg(shape: Shape, x: float, y: float, dx: float, dy: float, most: int,
              w: dict[str, str], font: str) -> str:
    """A folded subtree: its total, then one bar per row, as wide as the squares tried.

    `most` squares (the most any fold of the picture tried in one row) get the full
    width, so bars compare across folds.
    """
    tried = sum(t for t, _ in shape.levels)
    good = sum(p for _, p in shape.levels)
    full = max(dx - 8, 12)
    tip = w["fold_tip"].format(tried=f"{tried:,}", good=f"{good:,}",
                               rows=", ".join(f"{t:,}" for t, _ in shape.levels))
    parts = [f'<g class="fold" data-node="{shape.ids[0]}" data-tried="{tried}" '
             f'data-promising="{good}">',
             f"<title>{escape(tip)}</title>",
             f'<text x="{x:g}" y="{y - 1:g}" text-anchor="middle" {font} font-size="10" '
             f'fill="#555555">{_short(tried)}</text>']
    for k, (t, p) in enumerate(shape.levels):
        if t == 0:
            continue
        width = max(3.0, full * t / most)
        wp = width * p / t
        by = y + k * dy + 4
        parts.append(f'<rect x="{x - width / 2:g}" y="{by:g}" width="{width:g}" height="9" '
                     f'fill="#e4dfd5"/>')
        if p:
            parts.append(f'<rect x="{x - width / 2:g}" y="{by:g}" width="{wp:g}" height="9" '
                         f'fill="#2f6f4f"/>')
    parts.append("</g>")
    return "".join(parts)


def _short(k: int) -> str:
    """A count in at most five characters: 987, 9.9k, 15k, 1.2M."""
    if k < 1000:
        return str(k)
    if k < 10_000:
        return f"{k / 1000:.1f}k"
    if k < 1_000_000:
        return f"{k // 1000}k"
    return f"{k / 1e6:.1f}M"


def _legend(x: float, y: float, chosen: View, w: dict[str, str],
            font: str) -> tuple[list[str], float]:
    """The legend's SVG at `(x, y)` and its width: only the shapes the picture uses."""
    text_font = f'{font} font-size="12" fill="#444444"'
    r = 7
    items: list[tuple[str, Callable[[float], str]]] = [
        (w["promising"], lambda x: f'<circle cx="{x + r:g}" cy="{y:g}" r="{r}" '
                                   f'{_STYLE["promising"]}/>'),
        (w["nonpromising"],
         lambda x: f'<circle cx="{x + r:g}" cy="{y:g}" r="{r}" {_STYLE["nonpromising"]}/>'
         + _cross(x + r + 6, y - 6, 4.5)),
        (w["path"],
         lambda x: f'<line x1="{x - 4:g}" y1="{y:g}" x2="{x + 18:g}" y2="{y:g}" '
         f'stroke="#e8a317" stroke-width="5"/><circle cx="{x + r:g}" cy="{y:g}" r="{r}" '
         f'{_STYLE["solution"]}/>'),
    ]
    if chosen.runs:
        items.append((w["run"],
                      lambda x: f'<rect x="{x - 2:g}" y="{y - 7:g}" width="20" height="14" '
                      f'rx="7" {_STYLE["nonpromising"]}/><text x="{x + 8:g}" y="{y + 4:g}" '
                      f'text-anchor="middle" {font} font-size="9" fill="#4a463f">\u00d7k'
                      "</text>"))
    if chosen.fold_depth is not None:
        items.append((w["fold"],
                      lambda x: f'<rect x="{x:g}" y="{y - 8:g}" width="18" height="6" '
                      f'fill="#e4dfd5"/><rect x="{x:g}" y="{y - 8:g}" width="6" height="6" '
                      f'fill="#2f6f4f"/><rect x="{x + 4:g}" y="{y + 1:g}" width="10" '
                      f'height="6" fill="#e4dfd5"/>'))
    out = ['<g class="legend">']
    start = x
    for text, draw in items:
        out.append(draw(x))
        out.append(f'<text x="{x + 24:g}" y="{y + 4:g}" {text_font}>{escape(text)}</text>')
        x += 40 + text_width(text, 6.5)
    out.append("</g>")
    return out, x - start
