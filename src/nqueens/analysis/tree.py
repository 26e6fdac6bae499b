"""The pruned state-space tree of the backtracking search, as data.

Like the textbook's figure for n = 4: the root, then one node per square the search tried,
children in the order they were tried; solution nodes and the paths to them marked.
`TreeBuilder` is a `Visitor` of `nqueens.trace.events`;
`pruned_tree` runs the search and builds the tree, refusing a tree larger than a
bound with its size (from `nqueens.analysis.treesize`). Drawing it is
`nqueens.render.tree`'s job.

>>> tree = pruned_tree(4, until="first")
>>> len(tree.nodes), tree.solutions
(27, [26])
>>> tree.levels()
[(1, 1), (2, 2), (8, 3), (9, 2), (7, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from nqueens._validate import check_choice, check_int, check_size
from nqueens.errors import TreeTooLargeError
from nqueens.trace import ROOT, UNTIL, Event, Until, Visitor, events

__all__ = [
    "DEFAULT_MAX_NODES",
    "NodeKind",
    "Tree",
    "TreeBuilder",
    "TreeNode",
    "TreeTooLargeError",
    "build_tree",
    "pruned_tree",
]

DEFAULT_MAX_NODES = 20_000
"""The largest tree `pruned_tree` builds unless told otherwise (n = 8 has 15,721
nodes; the drawing folds what does not fit a slide)."""

NodeKind = Literal["root", "solution", "promising", "nonpromising"]


@dataclass(slots=True)
class TreeNode:
    """One node: the root (`row == -1`) or a tried square, 0-based."""

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
    def kind(self) -> NodeKind:
        """`root`, `solution`, `promising` or `nonpromising`."""
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
        """Nodes other than the root: the squares the search tried. Cost: O(1).

        >>> pruned_tree(4).tried()
        26
        """
        return len(self.nodes) - 1

    def levels(self) -> list[tuple[int, int]]:
        """`(nodes, promising nodes)` per depth 0 .. n. Cost: O(nodes).

        >>> pruned_tree(4, until="all").levels()[1:]
        [(4, 4), (16, 6), (24, 4), (16, 2)]
        """
        out = [[0, 0] for _ in range(self.n + 1)]
        for node in self.nodes.values():
            out[node.depth][0] += 1
            out[node.depth][1] += node.promising
        return [(a, b) for a, b in out]


class TreeBuilder(Visitor[Tree]):
    """A visitor that grows the tree from `try` events and marks solution paths.

    Cost: O(1) per event, plus O(n) per solution to mark its path.

    >>> from nqueens.trace import visit
    >>> visit(events(4), TreeBuilder(4)).tried()
    60
    """

    def __init__(self, n: int, *, until: str = "all") -> None:
        self.tree = Tree(n, until, {ROOT: TreeNode(ROOT, ROOT, 0, -1, -1, True)}, [])

    def on_try(self, event: Event) -> None:
        """Add the tried square under its parent."""
        node = TreeNode(event.node, event.parent, event.depth, event.row, event.col,
                        bool(event.promising))
        self.tree.nodes[event.node] = node
        self.tree.nodes[event.parent].children.append(event.node)

    def on_solution(self, event: Event) -> None:
        """Mark the solution node and every node on the path to it."""
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
        """The tree built so far."""
        return self.tree


def build_tree(stream: Iterable[Event], *, n: int, until: str = "all") -> Tree:
    """The tree of an event stream (see `nqueens.trace.events`). Cost: O(events).

    >>> build_tree(events(4), n=4).tried()
    60
    """
    builder = TreeBuilder(n, until=until)
    for event in stream:
        builder.feed(event)
    builder.on_end()
    return builder.result()


def pruned_tree(n: int, *, until: Until = "first",
                max_nodes: int = DEFAULT_MAX_NODES) -> Tree:
    """Search `n` queens and build the pruned tree, or refuse a tree over `max_nodes`.

    `until="first"` stops at the first solution (the textbook's figure), `"all"` is the
    whole search. A tree with more than `max_nodes` nodes raises
    `TreeTooLargeError` naming its size. Cost: O(min(nodes, max_nodes)) to build;
    sizing a refused tree costs a compiled count.

    >>> try:
    ...     pruned_tree(8, until="all", max_nodes=500)
    ... except TreeTooLargeError as err:
    ...     print(err.nodes, err.exact, err.max_nodes)
    15721 True 500
    """
    n = check_size(n)
    check_choice(until, "until", UNTIL)
    max_nodes = check_int(max_nodes, "max_nodes", low=1)
    builder = TreeBuilder(n, until=until)
    nodes = 1
    for event in events(n, until=until):
        if event.kind == "try":
            nodes += 1
            if nodes > max_nodes:
                break
        builder.feed(event)
    else:
        builder.on_end()
        return builder.result()
    from nqueens.analysis.treesize import trace_size

    tried, exact = trace_size(n, until=until, max_steps=max_nodes)
    what = "all solutions" if until == "all" else "until the first solution"
    size = f"{tried + 1:,} nodes" if exact else f"about {tried + 1:.2g} nodes (estimated)"
    raise TreeTooLargeError(
        f"the pruned tree of {n} queens ({what}) has {size}, more than the bound of "
        f"{max_nodes:,}; raise max_nodes to build it",
        n=n, until=until, nodes=tried + 1, exact=exact, max_nodes=max_nodes,
    )
