"""The docstring contract: every public function says what it does in one line, states its
cost as ``Cost: O(...)`` and carries a doctest (sortedcontainers' habit).

The contract is not met yet: ``test_docstring_contract`` is an expected failure (strict:
it fails loudly once it passes, to be turned on), and :data:`KNOWN_OFFENDERS` lists the
functions that break it today (94 of 122 when written, most for spelling the cost another
way or not at all). To turn it on: fix the listed functions, drop the xfail mark.
"""

from __future__ import annotations

import ast
import re

import pytest

from conftest import SRC

EXEMPT = ("nqueens.kernels", "nqueens.cli")
"""Private compiled kernels (typed faces elsewhere carry the contract) and the CLI."""

COST = re.compile(r"\bCost: O\(")


def public_functions() -> dict[str, str | None]:
    """``module.function`` (or ``module.Class.method``) -> its docstring, for every public
    function and method of public classes outside :data:`EXEMPT`."""
    out: dict[str, str | None] = {}
    for f in sorted((SRC / "nqueens").rglob("*.py")):
        parts = f.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name.startswith(EXEMPT) or any(p.startswith("_") and p != "__init__" for p in parts):
            continue
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                out[f"{name}.{node.name}"] = ast.get_docstring(node)
            elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                for item in node.body:
                    if (isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
                            and not _is_property_or_hook(item)):
                        out[f"{name}.{node.name}.{item.name}"] = ast.get_docstring(item)
    return out


def _is_property_or_hook(node: ast.FunctionDef) -> bool:
    """Properties and visitor hooks (``on_*``, ``result``) state facts, not algorithms."""
    decorators = {d.id if isinstance(d, ast.Name) else getattr(d, "attr", "")
                  for d in node.decorator_list}
    return bool(decorators & {"property", "abstractmethod"}) or node.name.startswith("on_") \
        or node.name == "result"


def broken(doc: str | None) -> list[str]:
    """What a docstring lacks: ``summary``, ``cost``, ``doctest``."""
    if not doc:
        return ["summary", "cost", "doctest"]
    lines = doc.splitlines()
    missing = []
    if not (lines[0].strip() and (len(lines) == 1 or not lines[1].strip())):
        missing.append("summary")
    if not COST.search(doc):
        missing.append("cost")
    if ">>> " not in doc:
        missing.append("doctest")
    return missing


def offenders() -> dict[str, list[str]]:
    return {name: lack for name, doc in public_functions().items() if (lack := broken(doc))}


def test_the_checker_sees_each_part() -> None:
    assert broken(None) == ["summary", "cost", "doctest"]
    assert broken("Two\nlines of summary.") == ["summary", "cost", "doctest"]
    assert broken("One line.\n\nCost: O(n).\n\n>>> 1\n1") == []
    assert broken("One line. O(n).\n\n>>> 1\n1") == ["cost"]
    assert "nqueens.board.canonical" in public_functions()
    assert not any(n.startswith(EXEMPT) for n in public_functions())


@pytest.mark.xfail(strict=True, reason="the contract is not met yet; see KNOWN_OFFENDERS")
def test_docstring_contract() -> None:
    assert offenders() == {}


KNOWN_OFFENDERS: frozenset[str] = frozenset({
    "nqueens.analysis.estimate.Estimate.to_json",
    "nqueens.analysis.estimate.Quantity.to_json",
    "nqueens.analysis.stats.TreeStats.to_json",
    "nqueens.analysis.stats.first_solution_tries",
    "nqueens.analysis.stats.tree_stats",
    "nqueens.bits.bit_index",
    "nqueens.bits.full_mask",
    "nqueens.bits.iter_bits",
    "nqueens.bits.lowest_bit",
    "nqueens.bits.popcount",
    "nqueens.board.Conflict.describe",
    "nqueens.board.Solution.canonical",
    "nqueens.board.Solution.from_cols",
    "nqueens.board.Solution.from_grid",
    "nqueens.board.Solution.from_text",
    "nqueens.board.Solution.symmetries",
    "nqueens.board.Solution.to_compact",
    "nqueens.board.Solution.to_grid",
    "nqueens.board.Solution.to_json",
    "nqueens.board.Solution.to_text",
    "nqueens.board.canonical",
    "nqueens.board.first_conflict",
    "nqueens.board.is_solution",
    "nqueens.board.symmetries",
    "nqueens.completion.allowed_masks",
    "nqueens.completion.complete",
    "nqueens.completion.completions",
    "nqueens.completion.count_completions",
    "nqueens.completion.parse_board",
    "nqueens.completion.parse_squares",
    "nqueens.completion.random_instance",
    "nqueens.counting.count",
    "nqueens.engine.executors.InlineExecutor.submit",
    "nqueens.engine.executors.cpu_count",
    "nqueens.engine.executors.dask_executor",
    "nqueens.engine.executors.local_pool",
    "nqueens.engine.ledger.Ledger.close",
    "nqueens.engine.ledger.Ledger.done",
    "nqueens.engine.ledger.Ledger.keys",
    "nqueens.engine.ledger.Ledger.open",
    "nqueens.engine.ledger.Ledger.read",
    "nqueens.engine.ledger.Ledger.record",
    "nqueens.engine.ledger.Ledger.summary",
    "nqueens.engine.progress.Progress.close",
    "nqueens.engine.progress.Progress.tick",
    "nqueens.engine.progress.Progress.update",
    "nqueens.engine.progress.wants_progress",
    "nqueens.engine.run.run_count",
    "nqueens.engine.split.split",
    "nqueens.engine.split.split_hash",
    "nqueens.engine.split.trivial_counts",
    "nqueens.engine.task.count_batch",
    "nqueens.engine.task.weigh",
    "nqueens.engine.verify.recount",
    "nqueens.engine.verify.verify_ledger",
    "nqueens.files.atomic_output",
    "nqueens.files.write_atomic",
    "nqueens.large.available_memory",
    "nqueens.large.check_memory",
    "nqueens.large.construct.check_size",
    "nqueens.large.construct.construct",
    "nqueens.large.find",
    "nqueens.large.local.kernel_seed",
    "nqueens.large.local.local_search",
    "nqueens.large.output.cols_text",
    "nqueens.large.output.write_cols",
    "nqueens.large.output.write_npy",
    "nqueens.large.output.write_solution",
    "nqueens.large.verify.Verdict.describe",
    "nqueens.large.verify.verify_cols",
    "nqueens.large.verify.verify_file",
    "nqueens.render.player.player_html",
    "nqueens.render.player.write_player",
    "nqueens.render.png.svg_to_png",
    "nqueens.render.svg.attack_counts",
    "nqueens.render.svg.board_svg",
    "nqueens.render.svg.queen_shape",
    "nqueens.render.terminal.board_text",
    "nqueens.render.terminal.colour_console",
    "nqueens.search.first_solution",
    "nqueens.search.solutions",
    "nqueens.strategies.Strategy.count",
    "nqueens.strategies.Strategy.solutions",
    "nqueens.strategies.arrays.count",
    "nqueens.strategies.arrays.solutions",
    "nqueens.strategies.bitmask.count",
    "nqueens.strategies.bitmask.count_allowed",
    "nqueens.strategies.bitmask.count_unique",
    "nqueens.strategies.bitmask.solutions",
    "nqueens.strategies.bitmask.solutions_allowed",
    "nqueens.strategies.check_size",
    "nqueens.strategies.check_strategy",
    "nqueens.strategies.promising.count",
    "nqueens.strategies.promising.solutions",
})
"""Functions that break the contract today (generated; shrink it, never grow it)."""
