"""Sphinx configuration: the API reference from the docstrings, and the guide pages (docs/*.md)
through myst-parser. Build: ``python -m sphinx -W -b html docs docs/_build/html`` (the ``docs``
extra installs what it needs)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "src")))

import nqueens

project = "nqueens-toolkit"
author = "The nqueens-toolkit developers"
copyright = "2026, The nqueens-toolkit developers"
release = nqueens.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "images/*.py", "design/*", "Thumbs.db", ".DS_Store"]

# the docstrings: members in source order, signatures with their hints in the description
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = True

# the guide pages are GitHub-flavoured Markdown: tables, ``$ command`` blocks, headings as
# link targets; links out of docs/ (the README, benchmarks) are left as plain links
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = ["myst.xref_missing", "myst.header"]

html_theme = "furo"
html_title = f"nqueens-toolkit {release}"
