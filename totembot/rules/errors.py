"""Typed refusals: every message is the one sentence a user sees."""

from __future__ import annotations


class RuleViolation(ValueError):
    """A request breaks a rule or cannot be applied; nothing was changed."""


class AmbiguousTotem(RuleViolation):
    """Two totems are legal and none was named: the caller may offer a choice."""

    def __init__(self, message: str, player: str, choices: tuple[str, ...]) -> None:
        super().__init__(message)
        self.player = player
        self.choices = choices
