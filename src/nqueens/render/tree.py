"""The pruned state-space tree of the backtracking search, drawn as SVG.

Like the textbook's figure for n = 4: the root, then one node per square the search tried,
children left to right in the order they were tried. Promising nodes are filled discs,
non-promising ones are pale discs crossed out, and the edges from the root to each solution
are drawn thick, ending in a ringed solution node. Each node is labelled with its 1-based
``row,col`` (or just its column).

The tree is built by :class:`TreeBuilder`, a :class:`~nqueens.trace.Visitor` of the event
stream of :func:`nqueens.trace.events`; the search itself is left to that module. Layout is
a tidy tree: leaves evenly spaced in search order, each parent centred over its children.
Drawing is for small trees: :func:`tree_svg` refuses more than ``max_nodes`` nodes.

>>> tree = build_tree(events(4, until="first"), n=4)
>>> len(tree.nodes), tree.solutions
(27, [26])
>>> svg = tree_svg(4, until="first")
>>> svg.count('class="node nonpromising'), svg.count('class="edge path"')
(18, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal
from xml.sax.saxutils import escape

from nqueens.errors import InvalidSizeError, UnknownOptionError
from nqueens.trace import ROOT, Event, Visitor, events, visit

__all__ = [
    "COUNT_CAP",
    "DEFAULT_MAX_NODES",
    "Tree",
    "TreeBuilder",
    "TreeNode",
    "TreeTooLargeError",
    "build_tree",
    "count_nodes",
    "draw_tree",
    "layout",
    "tree_svg",
]

DEFAULT_MAX_NODES = 500
"""The largest tree :func:`tree_svg` draws unless told otherwise (n = 4 has 61 nodes)."""

COUNT_CAP = 100_000
"""How far :func:`count_nodes` counts before it stops and reports "more than"."""

Label = Literal["square", "column"]

_DX = 46      # horizontal distance between neighbouring leaves
_DY = 78      # vertical distance between depths
_R = 16       # node radius
_PAD = 30     # border around the drawing
_TOP = 64     # room for the title and the legend
_LEFT = 70    # room for the depth labels

_STYLE = {
    "promising": 'fill="#2f6f4f" stroke="#163d2a"',
    "nonpromising": 'fill="#f4f1ea" stroke="#9a948a"',
    "solution": 'fill="#e8a317" stroke="#8a5a00"',
    "root": 'fill="#3a3a3a" stroke="#1a1a1a"',
}
_TEXT = {"promising": "#ffffff", "nonpromising": "#4a463f", "solution": "#1f1f1f",
         "root": "#ffffff"}


class TreeTooLargeError(InvalidSizeError):
    """A tree with more nodes than the bound the caller allowed.

    ``nodes`` is the node count, or ``None`` when counting stopped at :data:`COUNT_CAP`.
    """

    def __init__(self, message: str, *, n: int, until: str, nodes: int | None,
                 max_nodes: int) -> None:
        super().__init__(message)
        self.n = n
        self.until = until
        self.nodes = nodes
        self.max_nodes = max_nodes


@dataclass(slots=True)
class TreeNode:
    """One node: the root (``row == -1``) or a tried square, 0-based."""

    id: int
    parent: int
    depth: int
    row: int
    col: int
    promising: bool
    children: list[int] = field(default_factory=list)
    solution: bool = False
    on_path: bool = False

    @property
    def kind(self) -> str:
        """``root``, ``solution``, ``promising`` or ``nonpromising``."""
        if self.row < 0:
            return "root"
        if self.solution:
            return "solution"
        return "promising" if self.promising else "nonpromising"


@dataclass(slots=True)
class Tree:
    """The pruned state-space tree: nodes by id (the root is 0), solution node ids in order."""

    n: int
    until: str
    nodes: dict[int, TreeNode]
    solutions: list[int]

    def tried(self) -> int:
        """Nodes other than the root: the squares the search tried. O(1)."""
        return len(self.nodes) - 1


class TreeBuilder(Visitor):
    """A visitor that grows the tree from ``try`` events and marks solution paths.

    Cost: O(1) per event, plus O(n) per solution to mark its path.
    """

    def __init__(self, n: int, *, until: str = "all") -> None:
        self.tree = Tree(n, until, {ROOT: TreeNode(ROOT, ROOT, 0, -1, -1, True)}, [])

    def on_try(self, event: Event) -> None:
        node = TreeNode(event.node, event.parent, event.depth, event.row, event.col,
                        bool(event.promising))
        self.tree.nodes[event.node] = node
        self.tree.nodes[event.parent].children.append(event.node)

    def on_solution(self, event: Event) -> None:
        nodes = self.tree.nodes
        nodes[event.node].solution = True
        self.tree.solutions.append(event.node)
        current = event.node
        while True:
            nodes[current].on_path = True
            if current == ROOT:
                break
            current = nodes[current].parent

    def result(self) -> Tree:
        return self.tree


def build_tree(stream: Iterable[Event], *, n: int, until: str = "all") -> Tree:
    """The tree of an event stream (see :func:`nqueens.trace.events`). O(events).

    >>> build_tree(events(4), n=4).tried()
    60
    """
    tree = visit(stream, TreeBuilder(n, until=until))
    assert isinstance(tree, Tree)
    return tree


def count_nodes(n: int, *, until: Literal["first", "all"] = "all",
                cap: int = COUNT_CAP) -> int | None:
    """Nodes of the pruned tree (root included), or ``None`` if there are more than ``cap``.

    Walks the Python event stream: O(min(nodes, cap)), about 3 microseconds a node.

    >>> count_nodes(4), count_nodes(4, until="first"), count_nodes(8, cap=1000)
    (61, 27, None)
    """
    nodes = 1
    for e in events(n, until=until):
        if e.kind == "try":
            nodes += 1
            if nodes > cap:
                return None
    return nodes


def layout(tree: Tree) -> dict[int, tuple[float, int]]:
    """Tidy positions: ``id -> (x, depth)``, x in leaf slots. O(nodes).

    Leaves take slots 0, 1, 2, ... in search order; a parent sits midway between its first
    and last child, so no two subtrees overlap.

    >>> t = build_tree(events(4, until="first"), n=4)
    >>> pos = layout(t)
    >>> pos[0], pos[1]
    ((9.75, 0), (4.5, 1))
    """
    pos: dict[int, tuple[float, int]] = {}
    next_leaf = 0
    stack: list[tuple[int, bool]] = [(ROOT, False)]
    while stack:
        node_id, done = stack.pop()
        node = tree.nodes[node_id]
        if not node.children:
            pos[node_id] = (float(next_leaf), node.depth)
            next_leaf += 1
        elif done:
            x = (pos[node.children[0]][0] + pos[node.children[-1]][0]) / 2
            pos[node_id] = (x, node.depth)
        else:
            stack.append((node_id, True))
            stack.extend((child, False) for child in reversed(node.children))
    return pos


def tree_svg(
    n: int,
    *,
    until: Literal["first", "all"] = "first",
    max_nodes: int = DEFAULT_MAX_NODES,
    label: Label = "square",
) -> str:
    """The pruned state-space tree of ``n`` queens as an SVG document string.

    ``until="first"`` stops at the first solution (the textbook's figure), ``"all"`` draws
    the whole search. Raises :class:`TreeTooLargeError` when the tree has more than
    ``max_nodes`` nodes, naming the count. Cost: O(nodes) time and output.

    >>> try:
    ...     tree_svg(8, until="all")
    ... except TreeTooLargeError as err:
    ...     print(err.nodes, err.max_nodes)
    15721 500
    """
    if until not in ("first", "all"):
        raise UnknownOptionError(f"unknown value for until {until!r}; choose 'first' or 'all'")
    if label not in ("square", "column"):
        raise UnknownOptionError(f"unknown label {label!r}; choose 'square' or 'column'")
    if n < 1:
        raise InvalidSizeError(f"N must be a positive integer, got {n}")
    if max_nodes < 1:
        raise InvalidSizeError(f"max_nodes must be a positive integer, got {max_nodes}")
    builder = TreeBuilder(n, until=until)
    nodes = 1
    stream = events(n, until=until)
    for e in stream:
        if e.kind == "try":
            nodes += 1
            if nodes > max_nodes:
                break
        _visit_one(builder, e)
    else:
        builder.on_end()
        return draw_tree(builder.result(), label=label)
    # too large: finish counting (up to the cap) to say how large
    cap = max(COUNT_CAP, max_nodes)
    total: int | None = nodes
    for e in stream:
        if e.kind == "try":
            nodes += 1
            if nodes > cap:
                total = None
                break
    else:
        total = nodes
    what = "all solutions" if until == "all" else "until the first solution"
    size = f"{total:,} nodes" if total is not None else f"more than {cap:,} nodes"
    raise TreeTooLargeError(
        f"the pruned tree of {n} queens ({what}) has {size}, more than the bound of "
        f"{max_nodes:,}; raise max_nodes to draw it",
        n=n, until=until, nodes=total, max_nodes=max_nodes,
    )


def _visit_one(visitor: Visitor, event: Event) -> None:
    """Feed one event to the hook of its kind (what :func:`nqueens.trace.visit` does per event)."""
    {
        "try": visitor.on_try,
        "place": visitor.on_place,
        "solution": visitor.on_solution,
        "backtrack": visitor.on_backtrack,
    }[event.kind](event)


def draw_tree(tree: Tree, *, label: Label = "square") -> str:
    """SVG for a built tree (see :func:`build_tree`). O(nodes).

    Nodes are ``<g class="node KIND">`` with ``data-node``, ``data-parent``, ``data-depth``
    and 0-based ``data-row``/``data-col``; edges on a solution path have class
    ``edge path``.
    """
    pos = layout(tree)
    leaves = sum(1 for node in tree.nodes.values() if not node.children)
    width = _LEFT + _PAD + max(leaves - 1, 0) * _DX + 2 * _R + _PAD
    height = _TOP + _PAD + tree.n * _DY + 2 * _R + _PAD + 20

    def xy(node_id: int) -> tuple[float, float]:
        x, depth = pos[node_id]
        return _LEFT + _PAD + _R + x * _DX, _TOP + _PAD + _R + depth * _DY

    tried = tree.tried()
    checked = f"{tried + 1} nodes ({tried} squares tried)"
    found = len(tree.solutions)
    what = "whole search" if tree.until == "all" else "until the first solution"
    title = (f"Pruned state-space tree, n = {tree.n}, {what}: {checked}, "
             f"{found} solution{'s' if found != 1 else ''}")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="nqueens-tree" '
        f'data-n="{tree.n}" data-nodes="{len(tree.nodes)}" data-solutions="{found}" '
        f'viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}">',
        f"<desc>{escape(title)}</desc>",
        f'<rect x="0" y="0" width="{width:g}" height="{height:g}" fill="#ffffff"/>',
        f'<text x="{_PAD}" y="28" font-family="Helvetica, Arial, sans-serif" font-size="16" '
        f'fill="#222222">{escape(title)}</text>',
    ]
    out.extend(_legend(_PAD, 48))
    font = 'font-family="Helvetica, Arial, sans-serif"'
    for depth in range(tree.n + 1):
        y = _TOP + _PAD + _R + depth * _DY
        name = "root" if depth == 0 else f"row {depth}"
        out.append(f'<text class="level" x="{_PAD}" y="{y + 4:g}" {font} font-size="12" '
                   f'fill="#888888">{name}</text>')
    # edges first, so nodes sit on top; path edges last, so they are not hidden
    plain: list[str] = []
    path: list[str] = []
    for node in tree.nodes.values():
        if node.id == ROOT:
            continue
        (x1, y1), (x2, y2) = xy(node.parent), xy(node.id)
        on_path = node.on_path
        line = (f'<line class="edge{" path" if on_path else ""}" data-parent="{node.parent}" '
                f'data-child="{node.id}" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                + ('stroke="#e8a317" stroke-width="5" stroke-linecap="round"/>' if on_path
                   else 'stroke="#b9b3a8" stroke-width="1.5"/>'))
        (path if on_path else plain).append(line)
    out.extend(plain)
    out.extend(path)
    for node in tree.nodes.values():
        out.append(_node_svg(node, *xy(node.id), label))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _node_svg(node: TreeNode, x: float, y: float, label: Label) -> str:
    kind = node.kind
    classes = f"node {kind}" + (" on-path" if node.on_path and kind != "solution" else "")
    attrs = (f'class="{classes}" data-node="{node.id}" data-parent="{node.parent}" '
             f'data-depth="{node.depth}" data-row="{node.row}" data-col="{node.col}"')
    parts = [f"<g {attrs}>"]
    if kind == "root":
        parts.append("<title>root: no queen placed</title>")
        parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{_R - 6}" {_STYLE["root"]} '
                     'stroke-width="2"/>')
        parts.append("</g>")
        return "".join(parts)
    state = {"promising": "promising", "nonpromising": "nonpromising",
             "solution": "a solution"}[kind]
    parts.append(f"<title>&lt;{node.row + 1},{node.col + 1}&gt; is {state}</title>")
    if kind == "solution":
        parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{_R + 5}" fill="none" '
                     'stroke="#e8a317" stroke-width="3"/>')
    parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{_R}" {_STYLE[kind]} stroke-width="2"/>')
    if kind == "nonpromising":
        d = _R * 0.85
        parts.append(f'<path class="cross" d="M {x - d:g},{y - d:g} L {x + d:g},{y + d:g} '
                     f'M {x - d:g},{y + d:g} L {x + d:g},{y - d:g}" stroke="#c0392b" '
                     'stroke-width="2.5" stroke-linecap="round" stroke-opacity="0.45"/>')
    text = f"{node.row + 1},{node.col + 1}" if label == "square" else f"{node.col + 1}"
    size = 12 if label == "square" else 14
    parts.append(f'<text x="{x:g}" y="{y + size * 0.36:g}" text-anchor="middle" '
                 f'font-family="Helvetica, Arial, sans-serif" font-size="{size}" '
                 f'font-weight="bold" fill="{_TEXT[kind]}">{text}</text>')
    parts.append("</g>")
    return "".join(parts)


def _legend(x: float, y: float) -> list[str]:
    font = 'font-family="Helvetica, Arial, sans-serif" font-size="12" fill="#444444"'
    r = 7
    out = ['<g class="legend">']
    items: list[tuple[str, Callable[[float], str]]] = [
        ("promising", lambda x: f'<circle cx="{x + r:g}" cy="{y:g}" r="{r}" '
                                f'{_STYLE["promising"]}/>'),
        ("nonpromising (pruned)",
         lambda x: f'<circle cx="{x + r:g}" cy="{y:g}" r="{r}" {_STYLE["nonpromising"]}/>'
         f'<path d="M {x + 2:g},{y - 5:g} L {x + 12:g},{y + 5:g} M {x + 2:g},{y + 5:g} '
         f'L {x + 12:g},{y - 5:g}" stroke="#c0392b" stroke-width="2"/>'),
        ("solution, and the path to it",
         lambda x: f'<line x1="{x - 4:g}" y1="{y:g}" x2="{x + 18:g}" y2="{y:g}" '
         f'stroke="#e8a317" stroke-width="5"/><circle cx="{x + r:g}" cy="{y:g}" r="{r}" '
         f'{_STYLE["solution"]}/>'),
    ]
    for text, shape in items:
        out.append(shape(x))
        out.append(f'<text x="{x + 24:g}" y="{y + 4:g}" {font}>{text}</text>')
        x += 40 + 6.5 * len(text)
    out.append("</g>")
    return out
