"""One name per idea, and the library's words kept its own (issue 48, point 5).

- the slice budgets of the compiled kernels are named once, in `nqueens.kernels`;
- a library message names parameters, never a command-line flag: the command line adds its
  own advice (`nqueens.errors.with_cli_hint`, a class's `cli_hint`);
- docstrings state what a call costs as its shape (O(n), "grows about 5x per n"), not the
  seconds one machine measured once: those live in benchmarks/results and
  docs/performance.md.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator

from conftest import SRC

PACKAGE = SRC / "nqueens"


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for f in sorted(PACKAGE.rglob("*.py")):
        parts = f.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, ast.parse(f.read_text(encoding="utf-8"))


def _docstring_nodes(tree: ast.Module) -> set[int]:
    """The ids of the string constants that are docstrings (of a module, class or function,
    or the attribute docstring under an assignment)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and body and _is_text(body[0])):
            found.add(id(body[0].value))
        for a, b in itertools.pairwise(body):
            if isinstance(a, (ast.Assign, ast.AnnAssign)) and _is_text(b):
                found.add(id(b.value))
    return found


def _is_text(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str))


# -- slices ---------------------------------------------------------------------------------


def test_the_slice_budgets_are_named_once():
    """Each name ending in SLICE_NODES is assigned in `nqueens.kernels` and nowhere else."""
    assigned: dict[str, list[str]] = {}
    for module, tree in _modules():
        for node in ast.walk(tree):
            targets = (node.targets if isinstance(node, ast.Assign) else
                       [node.target] if isinstance(node, ast.AnnAssign) else [])
            for t in targets:
                if isinstance(t, ast.Name) and re.search(r"SLICE(_NODES)?$", t.id):
                    assigned.setdefault(t.id, []).append(module)
    assert "SLICE_NODES" in assigned
    assert {name: homes for name, homes in assigned.items()
            if homes != ["nqueens.kernels"]} == {}


def test_the_named_slices_are_the_budgets_the_kernels_get():
    import nqueens.kernels as k
    from nqueens.engine import task
    from nqueens.puzzles import exact
    from nqueens.strategies import bitmask

    assert k.BITMASK_SLICE_NODES == k.TREE_SLICE_NODES == 2 * k.SLICE_NODES
    assert k.DOMINATION_SLICE_NODES * 4 == k.ORBIT_SLICE_NODES * 16 == k.SLICE_NODES
    # the made puzzles of a seed depend on these two: a change shows in the puzzle digests
    assert (k.REGION_SLICE_NODES, k.STARS_SLICE_NODES) == (100_000, 20_000)
    assert task.SLICE_NODES is k.SLICE_NODES
    assert exact.solutions_within.__kwdefaults__ == {"limit": 2, "nodes": k.REGION_SLICE_NODES}
    assert bitmask.count.__kwdefaults__ == {"budget": k.BITMASK_SLICE_NODES}


# -- no command-line flag in a library message ----------------------------------------------

FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
"""A long option as the command line spells it (`--stars`, not `x--y` or a bare `--`)."""

DESCRIBE_THE_COMMAND_LINE = {("nqueens.sniff", "FORMATS"), ("nqueens.engine.problems", "flags"),
                            ("nqueens.engine.problem_tree", "flags")}
"""The two places of the library whose job is to write command-line text: the formats
table (which command writes and reads each format; docs/formats.md) and a counting
problem's `flags()` (the options of `nqueens count` that ask for it, for the CLI's hints)."""


def _flag_texts(module: str, tree: ast.Module) -> list[str]:
    """``module:line: text`` of each library string that names a flag where it should not."""
    docs = _docstring_nodes(tree)
    allowed: set[int] = set()
    for node in ast.walk(tree):
        # the command line's advice: with_cli_hint(err, hint) and `cli_hint = ...`
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "with_cli_hint":
            allowed |= {id(n) for a in node.args[1:] for n in ast.walk(a)}
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "cli_hint"
                                                for t in node.targets):
            allowed |= {id(n) for n in ast.walk(node.value)}
        # another program's command line: a flag standing alone in a list, tuple or call
        if isinstance(node, (ast.List, ast.Tuple, ast.Call)):
            items = node.args if isinstance(node, ast.Call) else node.elts
            for item in items:
                parts = item.values if isinstance(item, ast.JoinedStr) else [item]
                first = parts[0] if parts else None
                if (isinstance(first, ast.Constant) and isinstance(first.value, str)
                        and FLAG.fullmatch(first.value.split("=")[0])):
                    allowed |= {id(n) for n in ast.walk(item)}
        named = (getattr(node, "name", None) if isinstance(node, ast.FunctionDef) else
                 getattr(node.targets[0], "id", None) if isinstance(node, ast.Assign) else None)
        if (module, named) in DESCRIBE_THE_COMMAND_LINE:
            allowed |= {id(n) for n in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docs and id(node) not in allowed
                and FLAG.search(node.value)):
            found.append(f"{module}:{node.lineno}: {node.value!r}")
        # a message that asks the problem for its flags() says the command line's words
        if isinstance(node, ast.Raise) and node.exc is not None:
            inside = {id(n) for n in ast.walk(node.exc)} - allowed
            found += [f"{module}:{n.lineno}: .flags() in a message" for n in ast.walk(node.exc)
                      if id(n) in inside and isinstance(n, ast.Attribute) and n.attr == "flags"]
    return found


def test_no_library_message_names_a_command_line_flag():
    found = [t for module, tree in _modules() if not module.startswith("nqueens.cli")
             and module != "nqueens.__main__" for t in _flag_texts(module, tree)]
    assert found == []


def test_the_flag_rule_sees_what_it_is_meant_to():
    def flagged(code: str, module: str = "nqueens.x") -> list[str]:
        return _flag_texts(module, ast.parse(code))

    assert flagged('raise ValueError("bad; add --stars 2")')
    assert flagged('warnings.warn(f"{f}() is deprecated (--queens)")')
    assert flagged('def f(k):\n    return f"one as a {k}-star puzzle: add --stars {k}"')
    assert flagged('raise E(f"a count with {problem.flags()} runs on CPUs only")')
    assert not flagged('"""Docs may name `--stars`."""\nX = 1\n"""nor --here."""')
    assert not flagged('raise with_cli_hint(E("bad"), "rerun with --repair")')
    assert not flagged('class E(Exception):\n    cli_hint = "rerun with --wait"')
    assert not flagged('run(["sbatch", "--gres=gpu:1", f"--lifetime={t}"])')
    assert not flagged('raise E("x -- y, a-b--c")')
    assert not flagged('def flags(self):\n    return "--symmetric rot90"',
                       "nqueens.engine.problems")


# -- no measured time in a docstring --------------------------------------------------------

MEASURED = re.compile(
    r"(?<![\w.])~?\d+(?:[.,]\d+)?(?:\s?(?:-|to)\s?\d+(?:\.\d+)?)?\s?"
    r"(?:s|ms|us|µs|ns|sec|secs|seconds?|minutes?|min|mins|hours?|h)\b"
    r"|\b(?:a few|some|tens of|many|several) (?:milli)?(?:seconds|minutes|hours)\b"
    r"|\b(?:half a|about a|about half a) (?:second|minute)\b"
    r"|\btakes? about\b",
    re.IGNORECASE)
"""A time as a run took it: "0.5 s", "20-30 ms", "a few seconds", "about a minute", "takes
about". (Promises such as "within a fraction of a second" are not.)"""

A_LIMIT = re.compile(
    r"(?:timeout|time limit|limit|deadline|default|target|within|every|after|wait|waits|"
    r"cap|capped|up to|bound|held to|lasts?|lasting|beat|seconds=|interval|grace|allowed)\W*"
    r"(?:\S+\W+){0,2}$", re.IGNORECASE)
"""What a number of seconds is when it is not a measurement: a limit or a parameter
("a timeout of 30 s", "after 3 s", "every 0.5 s", "held to 1 s") - looked for in the few
words just before it."""

def _measured_lines(module: str, tree: ast.Module) -> list[str]:
    """``module:line: text`` of each docstring line that quotes a measured time (doctest
    examples and code spans in backticks left out)."""
    found = []
    docs = _docstring_nodes(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and id(node) in docs):
            continue
        in_example = False
        for i, line in enumerate(re.sub(r"`[^`]*`", "`code`", node.value).splitlines()):
            text = line.strip()
            if text.startswith((">>>", "...")):
                in_example = True
                continue
            if in_example and text:  # an example's expected output
                continue
            in_example = False
            for m in MEASURED.finditer(line):
                if A_LIMIT.search(line[:m.start()]):
                    continue
                found.append(f"{module}:{node.lineno + i}: {text}")
                break
    return found


def test_no_docstring_quotes_a_measured_time():
    """Costs in docstrings are shapes (O(n), "about 5x per n"); the seconds a run took are
    results, kept in benchmarks/results and shown by docs/performance.md."""
    found: dict[str, list[str]] = {}
    for module, tree in _modules():
        lines = _measured_lines(module, tree)
        if lines:
            found[module] = lines
    assert found == {}


def test_the_measured_time_rule_tells_a_result_from_a_limit():
    def hits(doc: str) -> int:
        return len(_measured_lines("m", ast.parse(f'"""{doc}"""')))

    for measured in ("Cost: about 0.1 s for n = 14, 4 s for n = 16.",
                     "median 1.25 s, slowest 2.3 s", "n = 16 takes seconds, 17 about half a "
                     "minute", "two threads took 20-30 ms against 11 ms", "n = 32 takes about "
                     "as long", "importing rich (~30 ms)", "a few minutes"):
        assert hits(measured) == 1, measured
    for limit in ("Give up after 30 s.", "a timeout of 3 s", "every 0.5 s", "held to 1 s",
                  "a time limit of 10 s", "Ctrl-C stops it within a second.", "O(n) per call",
                  "grows about 5x per n (docs/performance.md)", "n = 1000 squares",
                  ">>> f(seconds=0.5)\n'0.5 s'", "`(2 s, s + q)` classes"):
        assert hits(limit) == 0, limit
