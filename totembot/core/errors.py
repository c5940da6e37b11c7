"""The refusal every ruleset raises: one sentence for the user, and nothing changed.

It lives outside any one game's rules so that the shell (service, console, bot) catches one
exception whichever game is played; each game's rules re-export it.
"""

from __future__ import annotations

import unicodedata


class RuleViolation(ValueError):
    """A request breaks a rule or cannot be applied; nothing was changed."""


class Ambiguous(RuleViolation):
    """A request that may be taken more than one legal way, none named: the shell may offer
    the choices (labelled for people), and the line takes one back (`ParsedLine.chosen`)."""

    QUESTION = "{player} can take this more than one way: which one?"  # offered with the choices

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
