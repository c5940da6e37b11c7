"""Typed refusals: every message is the one sentence a user sees."""

from __future__ import annotations

from totembot.core.errors import RuleViolation, capital, shown

__all__ = ["AmbiguousTotem", "RuleViolation", "capital", "shown"]


class AmbiguousTotem(RuleViolation):
    """Two totems are legal and none was named: the caller may offer a choice."""

    def __init__(
        self, message: str, player: str, choices: tuple[str, ...], labels: tuple[str, ...]
    ) -> None:
        super().__init__(message)
        self.player = player
        self.choices = choices
        self.labels = labels
