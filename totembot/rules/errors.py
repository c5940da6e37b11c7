"""Typed refusals: every message is the one sentence a user sees."""

from __future__ import annotations

import unicodedata


class RuleViolation(ValueError):
    """A request breaks a rule or cannot be applied; nothing was changed."""


class AmbiguousTotem(RuleViolation):
    """Two totems are legal and none was named: the caller may offer a choice."""

    def __init__(
        self, message: str, player: str, choices: tuple[str, ...], labels: tuple[str, ...]
    ) -> None:
        super().__init__(message)
        self.player = player
        self.choices = choices
        self.labels = labels


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
