"""The ``$ nqueens ...`` examples of README.md and docs/*.md, read as a reader types them.

A ```` ```console ```` block holds commands, each on a line that starts with ``$ ``, and after
each the output the page shows for it (stdout and stderr as a terminal interleaves them). A
page's blocks run in page order, in one scratch folder, so a file one example writes is there
for the next, and a page that uses a file before it makes one fails. :func:`mask` hides what
changes from run to run (times, dates, the worker count of this machine); an expected line
``...`` stands for any number of lines. A block that cannot run here (it needs a GPU, another
machine, a Ctrl-C typed by hand) is marked on the line before its fence::

    <!-- console: skip (a GPU) -->

and is still read, so the marker is the only way out. tests/test_console_examples.py runs them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Block", "Example", "blocks", "mask", "matches"]

SKIP = re.compile(r"^<!--\s*console:\s*skip\b(?P<why>[^>]*)-->\s*$")
FENCE = re.compile(r"^```(\w*)\s*$")


@dataclass
class Example:
    """One command and the output the page shows for it (empty when it shows none)."""

    command: str
    expected: list[str] = field(default_factory=list)
    line: int = 0


@dataclass
class Block:
    """One ```` ```console ```` block of a page: its examples, and why it is skipped."""

    page: str
    line: int
    examples: list[Example]
    skip: str | None = None


def blocks(path: Path) -> list[Block]:
    """The console blocks of the page at ``path``, in page order. Cost: O(page length)."""
    found: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        kind, start = fence.group(1), i
        i += 1
        body: list[tuple[int, str]] = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append((i + 1, lines[i]))
            i += 1
        i += 1
        if kind != "console":
            continue
        skip = None
        if start > 0 and (m := SKIP.match(lines[start - 1].strip())):
            skip = m.group("why").strip(" ()") or "marked"
        found.append(Block(path.name, start + 1, _examples(body), skip))
    return found


def _examples(body: list[tuple[int, str]]) -> list[Example]:
    examples: list[Example] = []
    for number, text in body:
        if text.startswith("$ "):
            examples.append(Example(text[2:], [], number))
        elif examples:
            examples[-1].expected.append(text)
    return examples


_MASKS = [
    # ISO dates and times, as the ledger records them
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?"), "<TIME>"),
    # JSON fields that are measured, not computed
    (re.compile(r'"(seconds|cpu_seconds|idle_fraction|wall_seconds|elapsed)": [0-9.e+-]+'),
     r'"\1": <T>'),
    (re.compile(r'"workers": \d+'), '"workers": <W>'),
    # durations in words: "0.0 s of worker time", "in 1.4 s", "12 ms"
    (re.compile(r"\b\d[\d,]*(\.\d+)?\s?(s|ms|us|seconds|minutes)\b"), "<T>"),
    (re.compile(r"\bwith \d+ workers?\b"), "with <W> workers"),
    # what is random or belongs to the machine: key ids, row digests, absolute paths
    (re.compile(r"\b[0-9a-f]{32}\b"), "<DIGEST>"),
    (re.compile(r"\b[0-9a-f]{16}\b"), "<KEY>"),
    (re.compile(r"'/[^' ]*/([^/' ]+)'"), r"'<DIR>/\1'"),
]


def mask(line: str) -> str:
    """``line`` with what changes between runs hidden. Cost: O(len(line)).

    >>> mask('{"n": 8, "seconds": 0.0123, "workers": 2}')
    '{"n": 8, "seconds": <T>, "workers": <W>}'
    >>> mask("created 2026-11-21T13:32:08+00:00, 1.4 s of worker time")
    'created <TIME>, <T> of worker time'
    """
    line = line.rstrip()
    for pattern, replacement in _MASKS:
        line = pattern.sub(replacement, line)
    return line


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the ``actual`` lines are the ``expected`` ones, masked, where an expected
    ``...`` line stands for any number of lines. Cost: O(len(expected) * len(actual)).

    >>> matches(["a", "...", "d"], ["a", "b", "c", "d"]), matches(["a", "..."], ["b"])
    (True, False)
    """
    want = [mask(x) for x in expected]
    have = [mask(x) for x in actual]
    while want and not want[-1]:
        want.pop()
    while have and not have[-1]:
        have.pop()

    def fit(i: int, j: int) -> bool:
        if i == len(want):
            return j == len(have)
        if want[i] == "...":
            return any(fit(i + 1, k) for k in range(j, len(have) + 1))
        return j < len(have) and want[i] == have[j] and fit(i + 1, j + 1)

    return fit(0, 0)
