"""The bounds of every amount a request names, written once (RULES.md, "Bad input")."""

from __future__ import annotations

from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.state import MAX_AMOUNT


def check_amount(amount: int, what: str = "amount") -> None:
    if not 1 <= amount <= MAX_AMOUNT:
        raise RuleViolation(
            f"The {what} must be a whole number from 1 to 1,000,000, not {amount:,}."
        )


def check_life_value(value: int) -> None:
    if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
        raise RuleViolation(
            f"The life total to set must be a whole number from -1,000,000 to 1,000,000, "
            f"not {value:,}."
        )
