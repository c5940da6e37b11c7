"""Typed refusals: every message is the one sentence a user sees."""

from __future__ import annotations

from totembot.core.errors import Ambiguous, RuleViolation, capital, shown

__all__ = ["AmbiguousTotem", "RuleViolation", "capital", "shown"]


class AmbiguousTotem(Ambiguous):
    """Two totems are legal and none was named: the caller may offer a choice (the choices
    are totems' names, `Ann-Bob`)."""

    QUESTION = "{player} can take this on either totem: which one?"
