"""Making user-supplied text harmless in Discord markdown (pure: no discord import)."""

from __future__ import annotations

import re
from functools import lru_cache

MARKDOWN = re.compile(r"([\\*_~`|\[\]])")
LINE_START = re.compile(r"^([>#-])", re.MULTILINE)  # quotes, headings and lists
# Anything the two patterns above or the mention guards would touch: most text has none, and
# one search costs a quarter of the four passes (a reply escapes each line it tells).
ANY_SPECIAL = re.compile(r"[\\*_~`|\[\]@<]|^[>#-]", re.MULTILINE)
MAX_NAME = 40
NAMES_KEPT = 4096  # escaped names kept: every player, totem and team of many games at once


def escape(text: str, limit: int = MAX_NAME) -> str:
    """Escape markdown, defuse mentions (@everyone, <@id>) and clip very long text."""
    if not text.isprintable():  # the common text skips the character-by-character pass
        text = "".join(printable(char) for char in text)
    text = text or "?"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if ANY_SPECIAL.search(text) is None:
        return text
    text = LINE_START.sub(r"\\\1", MARKDOWN.sub(r"\\\1", text))
    return text.replace("@", "@\u200b").replace("<", "<\u200b")


def printable(char: str) -> str:
    """The character, a space for other white space (a newline), nothing for the rest."""
    return char if char.isprintable() else " " if char.isspace() else ""


@lru_cache(maxsize=NAMES_KEPT)
def escape_name(text: str, limit: int = MAX_NAME) -> str:
    """`escape`, kept: a status embed escapes the same few names (and reasons) every time it is
    drawn, and the regexes cost more than the rest of a line."""
    return escape(text, limit)
