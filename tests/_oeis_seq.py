"""The OEIS entries copied verbatim into tests/data/oeis-symmetric.seq, read by offset."""

from __future__ import annotations

from pathlib import Path

SEQ = Path(__file__).resolve().parent / "data" / "oeis-symmetric.seq"


def terms(anumber: str) -> dict[int, int]:
    """``{n: term}`` of an entry, indexed from its %O offset."""
    digits: list[str] = []
    offset = 0
    for line in SEQ.read_text(encoding="utf-8").splitlines():
        parts = line.split(" ", 2)
        if len(parts) < 3 or parts[1] != anumber:
            continue
        if parts[0] in ("%S", "%T", "%U"):
            digits.append(parts[2].strip().rstrip(","))
        elif parts[0] == "%O":
            offset = int(parts[2].split(",")[0])
    values = [int(v) for v in ",".join(digits).split(",")]
    return {offset + i: v for i, v in enumerate(values)}
