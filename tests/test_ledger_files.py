"""The ledger as a file: it lives exactly at the name given."""

from __future__ import annotations

import json
import os

import pytest

from nqueens.engine.ledger import Ledger
from nqueens.engine.run import run_count

from conftest import OEIS, run_cli

# -- names SQLite would read specially -----------------------------------------------------


@pytest.mark.parametrize("name", ["file:x.sqlite", ":memory:", "file:y.sqlite?mode=memory"])
def test_the_ledger_lives_exactly_at_the_name_given(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    first = run_count(9, workers=1, ledger=name)
    assert os.listdir(tmp_path) == [name]
    with Ledger.read(name) as led:
        assert len(led.done()) == first.subproblems
    again = run_count(9, workers=1, ledger=name)
    assert again.total == OEIS[9][0] and again.resumed == again.subproblems
    r = run_cli("ledger", "show", name, "--json", cwd=tmp_path)
    assert r.code == 0, r.err
    assert json.loads(r.out)["complete"]


def test_a_name_that_is_not_utf8(tmp_path):
    path = os.path.join(str(tmp_path), os.fsdecode(b"\xff.sqlite"))
    for _ in range(2):  # create, then reopen
        r = run_cli("count", "9", "--ledger", path, "--json")
        assert r.code == 0, r.err
        assert json.loads(r.out)["total"] == OEIS[9][0]
    assert run_cli("ledger", "show", path).code == 0
    v = run_cli("ledger", "verify", path, "--sample", "2")
    assert v.code == 0, v.err
    assert os.listdir(tmp_path) == [os.fsdecode(b"\xff.sqlite")]
