"""Refusals of the language: a line or setup line that cannot be read."""

from __future__ import annotations

from totembot.games.magic.rules.errors import RuleViolation


class PhraseError(RuleViolation):
    """A line that cannot be read; the message says what was expected."""


class SetupError(PhraseError):
    """The setup line is missing or wrong."""
