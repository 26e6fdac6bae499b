"""The sentences of a player's state: what `check` and `hint` say (a broken rule, a
mistake, a solved board), from each language's words module (`nqueens.words`: its
`STATE` sentences by id, its `square`, `unit` and `state_marks`).

`say` fills one sentence: squares as the explainer writes them (`<row,col>`, `(row,col)`
in Japanese), 1-based; units `row 3`, `column 2`, `region B`; `{star}` is "queen" with one
star per unit (the Queens game), "star" with more (Star Battle).

>>> say("starAround", "en", 1, squares=((0, 0), (1, 1)))
'Two queens touch: <1,1> and <2,2>.'
>>> say("bkStarGt", "ja", 2, unit=("region", 1), have=3)
'領域Bに星が3個ある。各領域に置けるのは2個まで。'
"""

from __future__ import annotations

from nqueens.puzzles.model import Square
from nqueens.words import words

__all__ = ["say"]

Unit = tuple[str, int]


def say(key: str, lang: str, k: int, *, unit: Unit | None = None,
        squares: tuple[Square, ...] = (), have: int = 0, room: int = 0, placed: int = 0,
        total: int = 0, seconds: float = 0) -> str:
    """Sentence `key` of `STATE` in `lang` for a puzzle of `k` stars per unit.

    `lang` is one of `nqueens.words.LANGUAGES` (unchecked). Cost: O(1).

    >>> say("lnStarLt", "en", 1, unit=("row", 0), have=0, room=0)
    'Row 1 can no longer get its queen: it has 0 and 0 open squares where one could go.'
    """
    w = words(lang)
    name = w.unit(unit) if unit is not None else ""
    a, b = (w.square(s) for s in (*squares, (0, 0), (0, 0))[:2])
    fill = {"Unit": name[:1].upper() + name[1:], "a": a, "b": b, "k": k, "have": have,
            "room": room, "placed": placed, "total": total, "seconds": f"{seconds:g}",
            **w.state_marks(k, have, room)}
    return w.STATE[key].format(**fill)
