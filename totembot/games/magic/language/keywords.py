"""The words a name may not be: every verb of the request table and the language's own words;
and reading or making a player's name with them."""

from __future__ import annotations

from totembot.core import names
from totembot.games.magic.language.requests import TABLE
from totembot.games.magic.language.words import LANGUAGE_WORDS, is_name_word

KEYWORDS = frozenset((*(row.verb for row in TABLE), *LANGUAGE_WORDS))


def is_name(word: str) -> bool:
    """Whether the word reads as a player's name (and is no keyword)."""
    return is_name_word(word, KEYWORDS)


def name_problem(word: str) -> str | None:
    """Why a word cannot be a player's or commander's name, or None when it can."""
    return names.name_problem(word, KEYWORDS)


def one_word_name(display_name: str, taken: list[str], fallback: str) -> str:
    """A name Magic's phrase language can read, made from a Discord display name."""
    return names.one_word_name(display_name, taken, fallback, KEYWORDS)
