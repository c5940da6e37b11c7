"""Totemic (TOTEMIC.md): the two-player card game of animal spirits, not Magic.

`rules/` is the engine, `language/` the phrases and setup line, `story/` and `render/` what
people read, and `ruleset.py` the adapter the shell talks to. This module only names the
formats, so that the registry lists them without importing the rules.
"""

FORMATS = ("totemic", "totemic-solo")
TITLES = {"totemic": "Totemic", "totemic-solo": "Totemic solo"}
