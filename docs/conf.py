"""Sphinx configuration of the Broadside documentation (``make docs``; built in ``make test``).

Sphinx with MyST Markdown and the furo theme, as the Farama projects (PettingZoo, Gymnasium)
build theirs, so pages are Markdown and the API reference comes from the docstrings
(autodoc). The game pages are generated from the code at build time by
``_ext/broadside_pages.py`` (one source per fact): nothing in them is kept by hand.
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(HERE, "_ext"))

project = "Broadside"
author = "the Broadside team"
copyright = "2026, the Broadside team"

extensions = [
    "myst_parser",
    "autodoc2",
    "broadside_pages",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}   # api/ is autodoc2's
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "games_overview.md"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# The API reference: sphinx-autodoc2 reads the sources (no import) and renders docstrings as
# MyST Markdown, which is how this project writes them (tables, ``code``).
autodoc2_packages = [
    {"path": "../envs/__init__.py", "module": "envs"},
    "../envs/core",
    "../agents",
    "../training",
]
autodoc2_docstring_parser_regexes = [(r".*", "myst")]
autodoc2_hidden_objects = ["private", "inherited", "dunder"]
autodoc2_output_dir = "api"

html_theme = "furo"
html_title = "Broadside"
html_static_path = ["_static"]
