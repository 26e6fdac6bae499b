"""The real solvers that read our exports, each run as its users run it, counting solutions.

Each ``*_count`` skips the calling test, with the reason and the install line, when its tool
is absent; .ci/run installs them all (python-sat, xcover and pycsp3 from the [export] extra;
minizinc, flatzinc (Gecode), clasp and a Java runtime from Debian).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile

import pytest


def _need(tool: str, how: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed ({how})")
    return path


def sat_count(text: str, board_vars: int) -> int:
    """python-sat (CaDiCaL) reads the DIMACS text and enumerates its models, each blocked on
    the board variables 1..board_vars only: the count of distinct boards."""
    formula = pytest.importorskip("pysat.formula", reason="pip install python-sat")
    solvers = pytest.importorskip("pysat.solvers", reason="pip install python-sat")
    cnf = formula.CNF(from_string=text)
    found = 0
    with solvers.Solver(name="cadical153", bootstrap_with=cnf.clauses) as s:
        while s.solve():
            model = s.get_model()
            s.add_clause([-lit for lit in model if abs(lit) <= board_vars])
            found += 1
    return found


def _write(text: str, suffix: str) -> str:
    handle, path = tempfile.mkstemp(suffix=suffix)
    with os.fdopen(handle, "w") as f:
        f.write(text)
    return path


def _run(argv: list[str], text: str, suffix: str, timeout: float = 120) -> str:
    """Run ``argv`` on ``text`` written to a file (its name in place of ``{}``, else last)."""
    path = _write(text, suffix)
    try:
        argv = [path if a == "{}" else a for a in argv] if "{}" in argv else [*argv, path]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                              check=False)
    finally:
        os.unlink(path)
    return done.stdout + done.stderr


def clasp_count(text: str) -> int:
    """clasp (Potassco) reads the OPB file itself and counts every model (``-n 0``)."""
    clasp = _need("clasp", "apt-get install clasp")
    out = _run([clasp, "-n", "0", "-q"], text, ".opb")
    match = re.search(r"^c Models\s*:\s*(\d+)", out, re.M)
    assert match, out
    return int(match.group(1))


def minizinc_count(text: str) -> int:
    """MiniZinc with Gecode lists every solution (``-a``); each ends with a line of dashes."""
    minizinc = _need("minizinc", "apt-get install minizinc flatzinc")
    solvers = subprocess.run([minizinc, "--solvers"], capture_output=True, text=True,
                             check=False).stdout
    if "org.gecode.gecode" not in solvers:
        pytest.skip("MiniZinc has no Gecode solver (apt-get install flatzinc)")
    out = _run([minizinc, "--solver", "gecode", "-a"], text, ".mzn")
    assert "=====UNSATISFIABLE=====" in out or "==========" in out, out
    return sum(1 for line in out.splitlines() if line == "----------")


def _ace_jar() -> str:
    import importlib.util

    # found, not imported: importing pycsp3 registers an exit hook that compiles a model
    spec = importlib.util.find_spec("pycsp3")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("pycsp3 is not installed (pip install pycsp3: it ships the ACE solver)")
    folder = os.path.join(next(iter(spec.submodule_search_locations)), "solvers", "ace")
    jars = sorted(f for f in os.listdir(folder) if f.startswith("ACE") and f.endswith(".jar")) \
        if os.path.isdir(folder) else []
    if not jars:
        pytest.skip("pycsp3 ships no ACE jar here")
    return os.path.join(folder, jars[-1])


def ace_count(text: str) -> int:
    """ACE, the XCSP3 solver shipped with pycsp3, parses the XML and counts every solution
    (``-s=all``); it needs a Java runtime."""
    java = _need("java", "apt-get install default-jre-headless")
    out = _run([java, "-jar", _ace_jar(), "{}", "-s=all"], text, ".xml")
    out = re.sub(r"\x1b\[[0-9;]*m", "", out)
    if re.search(r"^s UNSATISFIABLE", out, re.M):
        return 0
    match = re.search(r"^d FOUND SOLUTIONS\s+(\d+)", out, re.M)
    assert match, out
    return int(match.group(1))


def xcover_count(text: str) -> int:
    """xcover reads the file with its reader of Knuth's format and counts the covers
    (Knuth's Algorithm C, dancing cells, with colours)."""
    io = pytest.importorskip("xcover.io", reason="pip install xcover")
    xcover = pytest.importorskip("xcover", reason="pip install xcover")
    path = _write(text, ".dlx")
    try:
        options, primary, secondary, coloured = io.read_xcover_from_file(path)
    finally:
        os.unlink(path)
    return sum(1 for _ in xcover.covers(options, primary=primary, secondary=secondary,
                                        colored=coloured))
