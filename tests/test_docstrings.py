"""The docstring contract: every public function says what it does in one line, states its
cost as ``Cost: O(...)`` and carries a doctest (sortedcontainers' habit).

Every public function meets it, except those in :data:`NOT_YET`: functions of modules that
other branches were changing when the contract was enforced (the engine, counting, files,
the large-board verifier and reader, the PNG renderer). That allow-list names each one by
its qualified name; it may only shrink: a listed function that meets the contract, or one
that no longer exists, fails the test too, so the list never hides a fixed function.
"""

from __future__ import annotations

import ast
import re

from conftest import SRC

EXEMPT = ("nqueens.kernels", "nqueens.cli", "nqueens.words")
"""Private compiled kernels (typed faces elsewhere carry the contract), the CLI, and the
words of each language (one sentence function per name, the same in every language: their
faces, step_text, narrate, the renderers, carry the contract, and the digests of
tests/test_puzzles_digest.py and tests/test_words.py hold the sentences)."""

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


NOT_YET_MODULES = ("nqueens.engine", "nqueens.counting", "nqueens.files", "nqueens.large.verify",
                   "nqueens.large.read", "nqueens.render.png")
"""The only modules whose functions may be in :data:`NOT_YET`."""

NOT_YET: frozenset[str] = frozenset()
"""Public functions that do not meet the contract yet (shrink it, never grow it)."""


def test_docstring_contract() -> None:
    """Every public function outside :data:`NOT_YET` has a summary, a cost and a doctest."""
    bad = {name: lack for name, lack in offenders().items() if name not in NOT_YET}
    assert bad == {}


def test_the_allow_list_only_shrinks() -> None:
    """:data:`NOT_YET` names existing offenders in the allowed modules, and nothing else."""
    assert all(name.startswith(NOT_YET_MODULES) for name in NOT_YET)
    public = public_functions()
    assert sorted(NOT_YET - public.keys()) == []  # a listed function that was removed
    assert sorted(name for name in NOT_YET if not broken(public[name])) == []  # was fixed
