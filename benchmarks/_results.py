"""Benchmark results as data: every script saves what it measured to
``benchmarks/results/NAME.jsonl``, and ``benchmarks/report.py`` renders all of them, with
the list of decisions, into the one results page ``docs/performance.md``.

A script describes its run as Markdown (headings, paragraphs, tables) and calls
:func:`save`. The Markdown is stored as structured blocks, one JSON line per run (the
newest line is the one the report shows; older lines are the record):

- ``{"kind": "heading", "level": 2, "text": "..."}``
- ``{"kind": "text", "text": "..."}``
- ``{"kind": "table", "columns": ["n", "seconds"], "rows": [[16, 1.94], ...]}``: a cell
  that is a plain integer or a float that reads back as written is stored as a number, any
  other cell as its text, so the table renders back exactly as the script wrote it.

>>> blocks = parse("# T\\n\\nSome words.\\n\\n| n | s |\\n|---|---|\\n| 16 | 1.94 |\\n")
>>> [b["kind"] for b in blocks], blocks[2]["rows"]
(['heading', 'text', 'table'], [[16, 1.94]])
>>> render(blocks) == "# T\\n\\nSome words.\\n\\n| n | s |\\n|---|---|\\n| 16 | 1.94 |\\n"
True
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"

Block = dict[str, Any]


def save(name: str, markdown: str, *, results: Path = RESULTS, report: bool = True) -> Path:
    """Append one run (``markdown`` as blocks) to ``results/NAME.jsonl``; then, unless
    ``report`` is False, render docs/performance.md again. Returns the results file."""
    results.mkdir(parents=True, exist_ok=True)
    path = results / f"{name}.jsonl"
    record = {"name": name,
              "saved": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
              "blocks": parse(markdown)}
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    if report:
        import report as report_module  # benchmarks/report.py, beside this file

        report_module.write()
    print(f"saved {path.relative_to(HERE.parent) if path.is_relative_to(HERE.parent) else path}")
    return path


def latest(path: Path) -> dict[str, Any] | None:
    """The newest run recorded in a results file, or None if it holds none."""
    last = None
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                last = json.loads(line)
    return last


def parse(markdown: str) -> list[Block]:
    """Markdown as blocks: headings, paragraphs (kept as written) and pipe tables."""
    blocks: list[Block] = []
    lines = markdown.strip("\n").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        heading = re.match(r"(#{1,6}) (.*)", line)
        if heading:
            blocks.append({"kind": "heading", "level": len(heading.group(1)),
                           "text": heading.group(2)})
            i += 1
            continue
        if line.lstrip().startswith("|") and i + 1 < len(lines) and _rule(lines[i + 1]):
            columns = _cells(line)
            indent = line[:len(line) - len(line.lstrip())]
            rule = lines[i + 1].strip()
            i += 2
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append([_value(c) for c in _cells(lines[i])])
                i += 1
            table: Block = {"kind": "table", "columns": columns, "rows": rows}
            if indent:
                table["indent"] = indent
            if rule != "|" + "|".join("---" for _ in columns) + "|":
                table["rule"] = rule  # column alignment, as written
            blocks.append(table)
            continue
        start = i
        while i < len(lines) and lines[i].strip() and not re.match(r"#{1,6} ", lines[i]) \
                and not (lines[i].lstrip().startswith("|") and i + 1 < len(lines)
                         and _rule(lines[i + 1])):
            i += 1
        blocks.append({"kind": "text", "text": "\n".join(lines[start:i])})
    return blocks


def render(blocks: list[Block], *, shift: int = 0) -> str:
    """Blocks back to Markdown; headings ``shift`` levels deeper (at most ``######``)."""
    parts = []
    for b in blocks:
        if b["kind"] == "heading":
            parts.append("#" * min(6, b["level"] + shift) + " " + b["text"])
        elif b["kind"] == "text":
            parts.append(b["text"])
        else:
            head = "| " + " | ".join(b["columns"]) + " |"
            rule = b.get("rule") or "|" + "|".join("---" for _ in b["columns"]) + "|"
            body = ["| " + " | ".join(_shown(c) for c in row) + " |" for row in b["rows"]]
            pad = b.get("indent", "")
            parts.append("\n".join(pad + line for line in [head, rule, *body]))
    return "\n\n".join(parts) + "\n"


def _rule(line: str) -> bool:
    return bool(re.fullmatch(r"\s*\|(\s*:?-+:?\s*\|)+\s*", line))


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return [c.strip() for c in inner.split("|")]


def _value(cell: str) -> int | float | str:
    if re.fullmatch(r"-?[1-9]\d*|0", cell):
        return int(cell)
    if re.fullmatch(r"-?\d+\.\d+", cell):
        number = float(cell)
        if repr(number) == cell:
            return number
    return cell


def _shown(cell: object) -> str:
    return cell if isinstance(cell, str) else repr(cell)


def publish(name: str, markdown: str, out: str | Path | None = None) -> None:
    """Where a script's run goes: the file ``out`` when one is given (a trial run, kept out
    of the record), else :func:`save` into the results and the page."""
    if out is not None:
        Path(out).write_text(markdown, encoding="utf-8")
        print(f"wrote {out}")
    else:
        save(name, markdown)
