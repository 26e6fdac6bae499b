"""`nqueens tree`: draw the pruned state-space tree of the backtracking search (SVG/PNG)."""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from nqueens.cli._common import board_size, file_name, positive_int
from nqueens.narrate import LANGUAGES

__all__ = ["register"]


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "tree", help="draw the pruned state-space tree as SVG (or PNG)",
        description="Draw the pruned state-space tree of the textbook's backtracking search, "
        "as the textbook's figure for n = 4: promising nodes filled, nonpromising nodes "
        "crossed out, the path to each solution marked; its words in English, Japanese or "
        "Korean, in the teaching material's terms. The picture fits a slide: where "
        "the tree is too wide, runs of pruned siblings are drawn as one and subtrees below "
        "a row are folded into their counts per row. Trees larger than --max-nodes are "
        "refused, with their node count.",
    )
    parser.add_argument("n", type=board_size, metavar="N", help="board size")
    parser.add_argument("--svg", type=file_name, metavar="FILE",
                        help="write the SVG to FILE (default: stdout unless --png is given)")
    parser.add_argument("--png", type=file_name, metavar="FILE",
                        help="write a PNG to FILE (needs the optional cairosvg)")
    parser.add_argument("--until", choices=("first", "all"), default="first",
                        help="stop at the first solution (default, the textbook's figure) "
                        "or draw the whole search")
    parser.add_argument("--max-nodes", type=positive_int, default=None, metavar="K",
                        help="largest tree to build (default: 20000 nodes)")
    parser.add_argument("--label", choices=("square", "column"), default="square",
                        help="label nodes with 1-based row,col (default) or the column")
    parser.add_argument("--lang", "-l", choices=LANGUAGES, default="en",
                        help="language of the title, legend and labels (default: en)")
    parser.set_defaults(func=run_tree)


def run_tree(args: argparse.Namespace) -> int:
    from nqueens.analysis.tree import DEFAULT_MAX_NODES, TreeTooLargeError, pruned_tree
    from nqueens.cli._common import UsageError, atomic_output, same_file
    from nqueens.render.tree import tree_svg

    if args.svg is not None and args.png is not None and same_file(args.svg, args.png):
        raise UsageError(f"--svg and --png name the same file {args.svg!r}; one picture "
                         "would overwrite the other")
    if args.png is not None:
        from nqueens.render.png import svg_to_png

        svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')
    bound = DEFAULT_MAX_NODES if args.max_nodes is None else args.max_nodes
    try:
        tree = pruned_tree(args.n, until=args.until, max_nodes=bound)
    except TreeTooLargeError as err:
        what = "all solutions" if err.until == "all" else "until the first solution"
        size = f"{err.nodes:,} nodes" if err.exact else f"about {err.nodes:.2g} nodes"
        hint = (f"raise the bound with --max-nodes {err.nodes}" if err.exact
                else "too many to draw; try a smaller N or --until first")
        raise UsageError(
            f"the pruned tree of {err.n} queens ({what}) has {size} and the bound is "
            f"{err.max_nodes:,}: {hint}"
        ) from None
    svg = tree_svg(tree, label=args.label, lang=args.lang)
    if args.svg is None and args.png is None:
        from nqueens.cli._streams import write_document

        write_document(svg)
        return 0
    png = b""
    if args.png is not None:
        from nqueens.render.png import svg_to_png

        png = svg_to_png(svg)
    # both temporary files exist before either is renamed: a bad path leaves neither
    with contextlib.ExitStack() as stack:
        if args.svg is not None:
            svg_file: Any = stack.enter_context(atomic_output(args.svg, "w"))
            svg_file.write(svg)
        if args.png is not None:
            png_file: Any = stack.enter_context(atomic_output(args.png, "wb"))
            png_file.write(png)
    return 0
