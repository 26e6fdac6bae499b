"""The words of the toolkit, one module per language (`en`, `ja`, `ko`):
each holds the same names (the explainer's step sentences by technique words key, the
technique, shape and grade names, the closing lines; the hints' and state checks' `STATE`
sentences; the tree picture's, pages', studio's and worksheet's words; the trace
narration; and the grammar: `square`, `unit`, plurals). A new language is one new module
here, with those names: `LANGUAGES` lists the modules found (not those named `_*`, the
helpers: `_phrases`, `_hangul`).

>>> LANGUAGES
('en', 'ja', 'ko')
>>> words("ja").square((0, 0))
'(1,1)'
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

__all__ = ["LANGUAGES", "words"]

LANGUAGES: tuple[str, ...] = tuple(sorted(
    m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")))
"""The languages: the modules of this package, by their code."""


def words(lang: str, *, fallback: str | None = None) -> ModuleType:
    """The words module of `lang` (one of `LANGUAGES`; unchecked), or with a `fallback`
    the fallback's for a `lang` outside `LANGUAGES`. Cost: O(1) after the first call.

    >>> words("de", fallback="en").NAME
    'English'
    """
    if fallback is not None and lang not in LANGUAGES:
        lang = fallback
    return importlib.import_module(f"{__name__}.{lang}")
