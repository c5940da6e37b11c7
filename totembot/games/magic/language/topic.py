"""A help page's shape: a topic and its examples (pure data).

Defined in the language because a request's own page is part of its row in the request table
(`totembot.games.magic.language.requests`); `totembot.games.magic.help` gathers the pages.
"""

from __future__ import annotations

from dataclasses import dataclass

THREE = "game totem players: Ann, Bob, Cid"
COMMANDER = "game totem players: Ann, Bob, Cid commander"
CONSENT = "game totem players: Ann, Bob, Cid rules: half-life-consent"


@dataclass(frozen=True)
class Example:
    """A line as a user types it, what it does, and the game it is true in."""

    line: str
    says: str
    setup: str = THREE
    before: tuple[str, ...] = ()


@dataclass(frozen=True)
class Topic:
    """One help page: a name to ask for, the phrase's forms, what it means, examples."""

    name: str
    title: str
    text: tuple[str, ...]
    forms: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    aliases: tuple[str, ...] = ()
