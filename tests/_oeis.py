"""The known counts, n -> (total, unique), from tests/data/oeis.csv (a copy of
shared/reference/oeis.csv); a module of its own so that tests importable from outside tests/
(benchmarks/gpu/lab imports test_gpu) need not import tests/conftest.py."""

from __future__ import annotations

import csv
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def load_oeis() -> dict[int, tuple[int, int]]:
    """n -> (total, unique) from tests/data/oeis.csv."""
    with open(DATA / "oeis.csv", newline="") as f:
        return {int(r["n"]): (int(r["total"]), int(r["unique"])) for r in csv.DictReader(f)}


OEIS = load_oeis()
