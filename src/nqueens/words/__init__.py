"""The words of the toolkit, one module per language (`en`, `ja`, `ko`):
each holds the same names (the explainer's step sentences by technique words key, the
technique, shape and grade names, the closing lines). A new language is one new module
here, with those names: `LANGUAGES` lists the modules found.

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


def words(lang: str) -> ModuleType:
    """The words module of `lang` (one of `LANGUAGES`; unchecked). Cost: O(1) after
    the first call."""
    return importlib.import_module(f"{__name__}.{lang}")
