"""The refusal every ruleset raises: one sentence for the user, and nothing changed.

It lives outside any one game's rules so that the shell (service, console, bot) catches one
exception whichever game is played; `totembot.games.magic.rules.errors` re-exports it for the Magic rules.
"""

from __future__ import annotations

import unicodedata


class RuleViolation(ValueError):
    """A request breaks a rule or cannot be applied; nothing was changed."""


def shown(text: str, limit: int = 40) -> str:
    """User input as it may be echoed in a refusal: unprintable characters escaped, clipped."""
    printable = "".join(
        char if char.isprintable() and unicodedata.category(char) != "Cf" else f"\\u{ord(char):04x}"
        for char in text[: limit * 2]
    )
    return printable if len(printable) <= limit else printable[: limit - 1] + "…"


def capital(text: str) -> str:
    """The sentence's first letter in capitals, the rest as written ("An Emperor")."""
    return text[:1].upper() + text[1:]
