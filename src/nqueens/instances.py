"""The field's benchmark instances, read into a board: CSPLib prob079 and prob080, XCSP 2022.

Three formats, told apart by their content (not by the file's name):

`prob079` (CSPLib's *Excluded Diagonals*, an Essence' `.param` file)
    `n = 21`, `numdiags = 46`, `diags = [[x, t], ...]`: `t = 1` excludes the sum
    diagonal row + col = x, `t = 0` the difference diagonal row - col = x - (n - 1)
    (0-based squares, as the generator's notes say). An instance is the FIRST `d` pairs
    (`first=d`; all of them by default): other subsets are not the benchmark's.
`prob080` (CSPLib's *Blocked n-Queens*, an Essence' `.param` file; the ASP competition's
and XCSP 2022's instances)
    `letting n = 28`, `letting blocks = [[r, c], ...]`: blocked squares, 1-based.
`xcsp-json` (PyCSP3's data file for XCSP 2022's BlockedQueens)
    `{"n": 28, "blocks": [[r, c], ...]}`: the same blocked squares, 0-based.

Either `.param` form may write `letting NAME =` or `NAME =` (or `be`), with `$`
comments. Every square and diagonal is checked against the board in the file's own base;
a size past `nqueens.completion.MAX_COMPLETION_N`, a malformed file or a square off
the board raises `ParseError` (or
`InvalidSizeError`), one line naming the file.

>>> i = parse_instance('{"n": 4, "blocks": [[0, 0], [3, 3]]}')
>>> i.format, i.n, i.blocked, i.diagonals
('xcsp-json', 4, [(0, 0), (3, 3)], [])
>>> parse_instance("letting n = 4\\nletting blocks = [[1, 1], [4, 4]]").blocked
[(0, 0), (3, 3)]
>>> parse_instance("n = 4\\nnumdiags = 2\\ndiags = [[0, 1], [3, 0]]", first=1).diagonals
[('sum', 0)]
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from nqueens._types import Square
from nqueens.diagonals import Diagonal
from nqueens.errors import InvalidSizeError, ParseError

__all__ = ["FORMATS", "MAX_INSTANCE_BYTES", "Instance", "parse_instance", "read_instance"]

FORMATS = ("prob079", "prob080", "xcsp-json")

MAX_INSTANCE_BYTES = 64 * 2**20
"""Larger files are refused unread (the largest real instance is a few hundred kB)."""

_STATEMENT = re.compile(r"(?:^|(?<=\s))(?:letting\s+)?([A-Za-z_]\w*)\s*(?:=|\bbe\b)",
                        re.ASCII | re.MULTILINE)
_INT = re.compile(r"[+-]?[0-9]{1,18}", re.ASCII)
_PAIR = r"\[\s*[+-]?[0-9]{1,18}\s*,\s*[+-]?[0-9]{1,18}\s*\]"
_PAIRS = re.compile(rf"\[\s*(?:{_PAIR}\s*(?:,\s*{_PAIR}\s*)*,?\s*)?\]", re.ASCII)
_ONE_PAIR = re.compile(r"\[\s*([+-]?[0-9]+)\s*,\s*([+-]?[0-9]+)\s*\]", re.ASCII)


@dataclass(frozen=True)
class Instance:
    """A benchmark instance as a partial board: 0-based squares, checked diagonals."""

    n: int
    format: str
    """One of `FORMATS`."""
    blocked: list[Square] = field(default_factory=list)
    diagonals: list[Diagonal] = field(default_factory=list)
    queens: list[Square] = field(default_factory=list)
    available: int = 0
    """prob079: how many diagonals the file lists (`first` takes a prefix); else 0."""


def read_instance(path: str | Path, *, first: int | None = None) -> Instance:
    """Read an instance file (see the module docstring for the formats).

    Cost: O(size of the file). A file that cannot be read, or is not an instance, raises
    `ParseError` naming the file.

    >>> read_instance("no-such-file.param")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: cannot read instance file 'no-such-file.param': No such file or \
directory
    """
    p = Path(path)
    try:
        with p.open("rb") as handle:
            data = handle.read(MAX_INSTANCE_BYTES + 1)
    except OSError as err:  # not found, a folder, no permission
        raise ParseError(f"cannot read instance file {str(p)!r}: {err.strerror or err}") from None
    if len(data) > MAX_INSTANCE_BYTES:
        raise ParseError(f"{p}: larger than {MAX_INSTANCE_BYTES // 2**20} MiB; not an instance")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ParseError(f"{p}: not text (an instance is a .param or JSON file)") from None
    try:
        return parse_instance(text, first=first)
    except (ParseError, InvalidSizeError) as err:
        raise type(err)(f"{p}: {err}") from None


def parse_instance(text: str, *, first: int | None = None) -> Instance:
    """The instance that `text` holds, its format told from the content.

    `first=d` takes the first d diagonals of a prob079 instance (0 <= d <= numdiags);
    giving it for another format is an error. Cost: O(len(text)).

    >>> parse_instance("letting n = 3\\nletting blocks = [[0, 1]]")
    Traceback (most recent call last):
    ...
    nqueens.errors.ParseError: blocked square [0, 1] is off the 3x3 board: prob080 .param \
files are 1-based (1..3)
    """
    if text.lstrip().startswith("{"):
        inst = _json(text)
    else:
        values = _statements(text)
        if "diags" in values:
            return _prob079(values, first)
        if "blocks" not in values:
            raise ParseError("not an instance: expected a prob079 .param (n, diags), a "
                             "prob080 .param (letting n, letting blocks) or XCSP JSON "
                             '({"n": .., "blocks": [..]})')
        inst = _blocked(_size(values.get("n")), values["blocks"], 1, "prob080")
    if first is not None:
        raise ParseError(f"first (the number of diagonals to take) applies to prob079 "
                         f"instances; this is {inst.format}")
    return inst


def _size(value: object) -> int:
    from nqueens.completion import MAX_COMPLETION_N

    if not isinstance(value, int):
        raise ParseError("the instance has no board size n (an integer)")
    if not 1 <= value <= MAX_COMPLETION_N:
        raise InvalidSizeError(f"n = {value} in the instance: the completion search handles "
                               f"1 <= n <= {MAX_COMPLETION_N}")
    return value


def _json(text: str) -> Instance:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise ParseError("not valid JSON (an XCSP BlockedQueens file is "
                         '{"n": .., "blocks": [[r, c], ...]})') from None
    if not isinstance(doc, dict) or "n" not in doc or "blocks" not in doc:
        raise ParseError('expected a JSON object {"n": .., "blocks": [[r, c], ...]} (XCSP '
                         "BlockedQueens, 0-based)")
    n = doc["n"]
    n = _size(n if type(n) is int else None)
    blocks = doc["blocks"]
    if not isinstance(blocks, list) or not all(
            isinstance(b, list) and len(b) == 2 and all(type(x) is int for x in b)
            for b in blocks):
        raise ParseError('"blocks" must be a list of [row, col] pairs of integers')
    return _blocked(n, blocks, 0, "xcsp-json")


def _blocked(n: int, blocks: object, base: int, fmt: str) -> Instance:
    if not isinstance(blocks, list):
        raise ParseError("blocks must be a list of [row, col] pairs")
    out: set[Square] = set()
    for r, c in blocks:
        if not (base <= r < n + base and base <= c < n + base):
            kind = "prob080 .param files are 1-based" if base else "XCSP JSON files are 0-based"
            raise ParseError(f"blocked square [{r}, {c}] is off the {n}x{n} board: {kind} "
                             f"({base}..{n - 1 + base})")
        out.add((r - base, c - base))
    return Instance(n, fmt, blocked=sorted(out))


def _prob079(values: dict[str, object], first: int | None) -> Instance:
    n = _size(values.get("n"))
    pairs = values["diags"]
    if not isinstance(pairs, list):
        raise ParseError("diags must be a list of [x, t] pairs")
    listed = values.get("numdiags")
    if listed is not None and listed != len(pairs):
        raise ParseError(f"numdiags = {listed} but diags lists {len(pairs)} pairs")
    if first is not None and (type(first) is not int or not 0 <= first <= len(pairs)):
        raise ParseError(f"first = {first!r}: the instance lists {len(pairs)} diagonals, "
                         f"take 0..{len(pairs)}")
    diagonals: list[Diagonal] = []
    for x, t in pairs[: len(pairs) if first is None else first]:
        if t not in (0, 1) or not 0 <= x <= 2 * n - 2:
            raise ParseError(f"diagonal [{x}, {t}] is off the {n}x{n} board: prob079 pairs are "
                             f"[x, 1] (row + col = x) or [x, 0] (row - col = x - {n - 1}), "
                             f"x = 0..{2 * n - 2}")
        d: Diagonal = ("sum", x) if t == 1 else ("diff", x - (n - 1))
        if d not in diagonals:
            diagonals.append(d)
    return Instance(n, "prob079", diagonals=diagonals, available=len(pairs))


def _statements(text: str) -> dict[str, object]:
    """`NAME = VALUE` statements (`letting` optional) of a .param file: integers and
    lists of integer pairs; other names are kept only if their value reads as one of those."""
    lines = [line.split("$", 1)[0] for line in text.splitlines()]
    body = "\n".join(line for line in lines if not line.lstrip().startswith("language "))
    marks = list(_STATEMENT.finditer(body))
    if not marks or body[: marks[0].start()].strip():
        raise ParseError("not an instance: expected NAME = VALUE statements (an Essence' "
                         ".param file) or a JSON object")
    values: dict[str, object] = {}
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(body)
        raw = body[m.end():end].strip()
        name = m.group(1)
        if name in values:
            raise ParseError(f"{name} is given twice: an instance names each value once")
        if _INT.fullmatch(raw):
            values[name] = int(raw)
        elif _PAIRS.fullmatch(raw):
            values[name] = [[int(a), int(b)] for a, b in _ONE_PAIR.findall(raw)]
        elif name in ("n", "numdiags", "diags", "blocks"):
            short = raw if len(raw) < 40 else raw[:37] + "..."
            raise ParseError(f"cannot read {name} = {short!r}: expected an integer or a list "
                             "of [a, b] pairs")
    return values
