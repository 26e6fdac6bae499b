"""The variants against the published OEIS terms in tests/data/oeis-variants.csv.

Every term the suite can afford is checked (the larger ones are timed in
benchmarks/variants/bench_variants.py and listed in docs/variants.md).
"""

from __future__ import annotations

import csv

import pytest

from nqueens.variants import Variant, count, dominate

from conftest import DATA


def _terms() -> list[dict[str, str]]:
    with open(DATA / "oeis-variants.csv", newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


TERMS = _terms()

# the largest n each sequence is checked to here (a second or two each on these machines)
REACH = {"A051906": 17, "A053994": 17, "A051223": 14, "A051224": 14, "A269133": 12,
         "A348129": 10, "A075458": 10, "A075324": 11}


def _cases(*sequences: str) -> list[dict[str, str]]:
    return [t for t in TERMS if t["sequence"] in sequences
            and int(t["n"]) <= REACH[t["sequence"]]]


def test_the_data_file_holds_every_sequence():
    assert {t["sequence"] for t in TERMS} == set(REACH)
    assert len(TERMS) == 300


@pytest.mark.parametrize("term", _cases("A051906", "A051223", "A269133", "A348129"),
                         ids=lambda t: f"{t['sequence']}-{t['n']}x{t['width']}-k{t['queens']}")
@pytest.mark.slow
def test_totals(term):
    v = Variant(int(term["n"]), term["kind"], width=int(term["width"]),
                queens=int(term["queens"]))
    assert count(v).total == int(term["value"])


@pytest.mark.parametrize("term", _cases("A053994", "A051224"),
                         ids=lambda t: f"{t['sequence']}-{t['n']}")
@pytest.mark.slow
def test_classes(term):
    v = Variant(int(term["n"]), term["kind"])
    assert count(v, unique=True).unique == int(term["value"])


@pytest.mark.parametrize("term", _cases("A075458", "A075324"),
                         ids=lambda t: f"{t['sequence']}-{t['n']}")
def test_domination_numbers(term):
    d = dominate(int(term["n"]), independent=term["what"] == "independent")
    assert d.size == int(term["value"])
