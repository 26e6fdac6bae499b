"""Imports point one way: no module of the package imports, directly or not, one that
imports it back (function-level imports included: a lazy import is still an edge, and so
is ``importlib.import_module("nqueens....")`` or ``__import__`` with a literal name), and
the layers of the package point down (:data:`LAYERS`)."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import SRC


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports anywhere in its body (a child importing its
    own parent package is left out: the parent is initialised first by Python)."""
    files = {}
    for f in (SRC / "nqueens").rglob("*.py"):
        parts = f.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        files[name] = f
    graph: dict[str, set[str]] = {m: set() for m in files}
    for m, f in files.items():
        tree = ast.parse(f.read_text(encoding="utf-8"))
        typing_only = {id(n) for block in ast.walk(tree) if _is_type_checking(block)
                       for stmt in block.body for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            if id(node) in typing_only:  # never run: no edge
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif (name := _imported_by_call(node)) is not None:
                targets = [name]
            elif (prefix := _imported_by_prefix(node, m)) is not None:
                targets = [f for f in files if f.startswith(prefix)]
            else:
                continue
            graph[m] |= {t for t in targets if t in files and t != m
                         and not m.startswith(t + ".")}
        if _imports_lazily(tree):  # PEP 562: the names' homes, imported at first use
            graph[m] |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
                         and n.value in files and n.value != m}
    return graph


def _imported_by_prefix(node: ast.AST, module: str) -> str | None:
    """The package prefix of ``import_module(f"nqueens.strategies.{name}")`` (or of
    ``f"{__name__}.{lang}"``): every module under it may be imported."""
    if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0],
                                                                         ast.JoinedStr):
        return None
    func = node.func
    if (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)) not in (
            "import_module", "__import__"):
        return None
    first = node.args[0].values[0]
    if isinstance(first, ast.Constant) and str(first.value).startswith("nqueens"):
        return str(first.value)
    if isinstance(first, ast.FormattedValue) and getattr(first.value, "id", None) == "__name__":
        return module + "."
    return None


def _imports_lazily(tree: ast.Module) -> bool:
    """A module ``__getattr__`` that imports a module named by a variable (the `_HOME`
    tables of ``nqueens`` and ``nqueens.puzzles``)."""
    return any(isinstance(f, ast.FunctionDef) and f.name == "__getattr__"
               and any(_imported_by_call(c) is None and isinstance(c, ast.Call)
                       and getattr(c.func, "attr", None) == "import_module"
                       for c in ast.walk(f))
               for f in tree.body)


def _is_type_checking(node: ast.AST) -> bool:
    """An ``if TYPE_CHECKING:`` block (imports for the type checker alone)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return getattr(test, "id", getattr(test, "attr", None)) == "TYPE_CHECKING"


def _imported_by_call(node: ast.AST) -> str | None:
    """The module a call ``importlib.import_module("x")`` or ``__import__("x")`` names."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    first = node.args[0]
    if called in ("import_module", "__import__") and isinstance(first, ast.Constant):
        return str(first.value)
    return None


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_the_package() -> None:
    graph = import_graph()
    assert "nqueens.analysis.stats" in graph["nqueens.analysis.treesize"]
    # a display hook runs only when Jupyter asks, every module long loaded: it may close a
    # circle (a record shown in words needs the words, which know the record)
    assert cycles({m: ts - {t for (a, t) in DISPLAY_HOOKS if a == m}
                   for m, ts in graph.items()}) == []


LAYERS: list[tuple[str, ...]] = [
    ("nqueens.errors", "nqueens._limits", "nqueens._types", "nqueens._jit",
     "nqueens._signals", "nqueens.files",
     "nqueens.sniff", "nqueens.hangul", "nqueens._validate", "nqueens.words",
     "nqueens.programs"),
    ("nqueens.kernels",),
    ("nqueens.board", "nqueens.trace", "nqueens.strategies", "nqueens.search",
     "nqueens.completion", "nqueens._completion_run", "nqueens.diagonals", "nqueens.instances",
     "nqueens.narrate", "nqueens.large", "nqueens.variants",
     "nqueens.engine", "nqueens.analysis", "nqueens.counting"),
    ("nqueens.puzzles",),
    ("nqueens.exports",),
    ("nqueens.puzzles.io", "nqueens.formats"),
    ("nqueens.render",),
    ("nqueens.cli", "nqueens.__main__", "nqueens"),
]
"""The layers, lowest first: a module imports only from its own layer or lower ones (a
module belongs to the layer of its longest listed prefix)."""

DISPLAY_HOOKS = {("nqueens.board", "nqueens.render.svg"),
                 ("nqueens.puzzles.model", "nqueens.render.puzzle_svg"),
                 ("nqueens.puzzles.generate", "nqueens.render.puzzle_notebook"),
                 ("nqueens.puzzles.steps", "nqueens.render.puzzle_notebook")}
"""The upward edges allowed: Jupyter's ``_repr_svg_`` of a board and of a puzzle, and the
``_repr_html_`` of a made puzzle and of an explanation, import their renderer when a
notebook asks."""


def layer_of(module: str) -> int:
    best, found = -1, None
    for i, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), i
    assert found is not None, f"{module} is in no layer: add it to LAYERS"
    return found


def test_the_layers_point_down() -> None:
    graph = import_graph()
    up = sorted((m, t) for m, targets in graph.items() for t in targets
                if layer_of(t) > layer_of(m) and (m, t) not in DISPLAY_HOOKS)
    assert up == []
    assert {(m, t) for m, ts in graph.items() for t in ts} >= DISPLAY_HOOKS


def test_the_graph_sees_importlib_edges() -> None:
    graph = import_graph()
    assert "nqueens.render.puzzle_svg" in graph["nqueens.puzzles.model"]  # importlib's
    # a lazy public name (PEP 562) is an edge to its home; so is an f-string's package
    assert {"nqueens.counting", "nqueens.engine.fleet"} <= graph["nqueens"]
    assert {"nqueens.puzzles.exact", "nqueens.puzzles.generate"} <= graph["nqueens.puzzles"]
    assert "nqueens.strategies.bitmask" in graph["nqueens.strategies"]
    assert {"nqueens.words.en", "nqueens.words.ja"} <= graph["nqueens.words"]
    assert {"nqueens.cli.complete", "nqueens.cli.puzzle"} <= graph["nqueens.cli"]
    # the puzzle record reads its rows without the completion search
    assert not {m for m in graph["nqueens.puzzles.model"] if m.startswith("nqueens.completion")}
    assert cycles({"a": {"b"}, "b": set()} | {"b": {"a"}}) == [["a", "b"]]


def test_the_event_stream_knows_nothing_of_analysis_or_pictures() -> None:
    graph = import_graph()
    assert not {m for m in graph["nqueens.trace"]
                if m.startswith(("nqueens.analysis", "nqueens.render"))}
    # the tree renderer draws a given tree: it runs no search
    assert "nqueens.search" not in graph["nqueens.render.tree"]


def test_the_package_ships_its_type_marker() -> None:
    """PEP 561: without ``py.typed`` a user's type checker sees every nqueens call as Any."""
    import nqueens

    assert (Path(nqueens.__file__).parent / "py.typed").is_file()


def _modules_after(statement: str) -> set[str]:
    import os
    import subprocess
    import sys

    code = f"import sys\n{statement}\nprint(' '.join(sorted(sys.modules)))"
    env = dict(os.environ, PYTHONPATH=str(SRC))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True, timeout=60)
    return set(out.stdout.split())


def test_importing_the_package_or_the_command_line_loads_nothing_else() -> None:
    """Public names load at first use, so the CLI starts (and takes Ctrl-C) at once."""
    ours = {m for m in _modules_after("import nqueens") if m.startswith("nqueens")}
    assert ours == {"nqueens"}
    loaded = _modules_after("import nqueens.cli")
    assert {m for m in loaded if m.startswith("nqueens")} == {"nqueens", "nqueens.cli"}
    assert "numpy" not in loaded and "argparse" not in loaded


def test_every_public_name_resolves_to_its_home() -> None:
    import importlib

    import nqueens

    for name in nqueens.__all__:
        value = getattr(nqueens, name)
        assert value is getattr(importlib.import_module(nqueens._HOME[name]), name), name
    # a star import must not overwrite the importer's own __version__
    assert "__version__" not in nqueens.__all__ and "__version__" in dir(nqueens)
    star: dict[str, object] = {"__version__": "the importer's"}
    exec("from nqueens import *", star)
    assert star["__version__"] == "the importer's" and "count" in star
    assert set(nqueens.__all__) <= set(dir(nqueens)) and "annotations" not in dir(nqueens)
    from nqueens import Solution, count  # from-imports resolve too

    assert count(6) == 4 and Solution("2 4 1 3").n == 4
    try:
        nqueens.no_such_name  # noqa: B018
    except AttributeError as err:
        assert "no_such_name" in str(err)
    else:
        raise AssertionError("an unknown name must raise AttributeError")
