"""The behaviour guard of the puzzle wing: a digest of what the explainer says and what the
generator makes, on real puzzles and fixed seeds (``tests/test_puzzles_digest.py`` holds it).

Each part's digest is the SHA-256 of one line per puzzle: the puzzle's text, then for each
step its technique, its grade and its words in every language, then the closing line in
every language, the grade and the solution; for a made puzzle also the puzzle made, its
solution, grade and fresh starts. Run ``python tests/puzzle_digest.py`` to print them all
(slow: the made 25 x 25 puzzles take tens of seconds).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
LANGS = ("en", "ja", "ko")
MADE_SIZES = (8, 15, 25)
MADE_SEEDS = (1, 2, 3, 4, 5)


def _rows(name: str, key: str) -> list[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return ["\n".join(json.loads(line)[key]) + "\n" for line in lines if line.strip()]


def community_texts() -> list[str]:
    """The 480 community levels' texts (tests/data/community-levels.jsonl)."""
    return _rows("community-levels.jsonl", "rows")


def daily_texts() -> list[str]:
    """The 407 official daily levels' texts (tests/data/linkedin-daily.jsonl)."""
    return _rows("linkedin-daily.jsonl", "rows")


def starbattle_texts() -> list[str]:
    """The k-star puzzles of tests/data/starbattle-puzzlink.jsonl (blocks, only one way)."""
    out = []
    for line in (DATA / "starbattle-puzzlink.jsonl").read_text().splitlines():
        rec = json.loads(line)
        out.append(f"stars: {rec['stars']}\n" + "\n".join(rec["rows"]) + "\n")
    return out


def explained(p: object) -> str:
    """One line: everything the explainer says of ``p``, in every language."""
    from nqueens.puzzles import explain, step_text
    from nqueens.puzzles.logic import summary_text

    e = explain(p)
    parts = [p.to_text()]
    for s in e.steps:
        parts.append(f"{s.rule}|{s.grade}|" + "|".join(step_text(s, lang, p) for lang in LANGS))
    parts += [summary_text(e, lang) for lang in LANGS]
    parts.append(f"{e.grade}|{e.solution}")
    return json.dumps(parts, ensure_ascii=False)


def made(n: int, seed: int, **options: object) -> str:
    """One line: the puzzle ``make`` makes for ``n`` and ``seed``, and its explanation."""
    from nqueens.puzzles import make

    m = make(n, seed=seed, **options)
    return json.dumps([m.grade, m.attempts, str(m.solution), explained(m.puzzle)],
                      ensure_ascii=False)


def digest(lines: Iterable[str]) -> str:
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8") + b"\n")
    return h.hexdigest()


def texts_digest(texts: list[str]) -> str:
    from nqueens.puzzles import parse_puzzle

    return digest(explained(parse_puzzle(t)) for t in texts)


def made_lines(n: int) -> Iterator[str]:
    for seed in MADE_SEEDS:
        yield made(n, seed)


def all_digests() -> dict[str, str]:
    out = {"community": texts_digest(community_texts()),
           "daily": texts_digest(daily_texts()),
           "starbattle": texts_digest(starbattle_texts())}
    for n in MADE_SIZES:
        out[f"made-{n}"] = digest(made_lines(n))
    out["made-2-stars-10"] = digest(made(10, s, stars=2) for s in MADE_SEEDS)
    out["made-completion-8"] = digest(made(8, s, kind="completion") for s in MADE_SEEDS)
    return out


if __name__ == "__main__":
    import sys
    import time

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    for name in sys.argv[1:] or ["all"]:
        t = time.perf_counter()
        if name == "all":
            print(json.dumps(all_digests(), indent=1))
        else:
            print(name, {"community": lambda: texts_digest(community_texts()),
                         "daily": lambda: texts_digest(daily_texts()),
                         "starbattle": lambda: texts_digest(starbattle_texts())}[name]())
        print(f"{time.perf_counter() - t:.1f} s", file=sys.stderr)
