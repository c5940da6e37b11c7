"""The words a name may not be: every verb of the request table and the language's own words;
and reading or making a player's name with them."""

from __future__ import annotations

from totembot.core import names
from totembot.core.names import MAX_NAME_LENGTH, NAME
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
    """A name the phrase language can read, made from a Discord display name.

    "Big Bob!" becomes "Big_Bob"; a name with nothing usable becomes `fallback`; a clash
    with a name already `taken` (ignoring case) gets a number: "Ann2".
    """
    words = NAME.findall(display_name.replace(" ", "_"))
    base = "_".join(words).strip("_")[:MAX_NAME_LENGTH] or fallback
    if name_problem(base):
        base = fallback
    folded = {name.casefold() for name in taken}
    candidate, number = base, 1
    while candidate.casefold() in folded:
        number += 1
        candidate = f"{base[: MAX_NAME_LENGTH - len(str(number))]}{number}"
    return candidate
