"""How a game, a match's next game and a solo confrontation start.

All three start alike (TOTEMIC.md): more power holds dominance, a tie gives it to the second
animal (in solo, the rival), and the one without dominance plays first, turn 1, first level.
"""

from __future__ import annotations

from totembot.games.totemic.rules.state import Animal, Turn


def opening(
    first: str, first_power: int, second: str, second_power: int
) -> tuple[tuple[Animal, Animal], Turn]:
    """The two animals at their powers, and the first turn."""
    first_holds = first_power > second_power
    animals = (
        Animal(name=first, power=first_power, dominance=first_holds),
        Animal(name=second, power=second_power, dominance=not first_holds),
    )
    return animals, Turn(number=1, active=second if first_holds else first)
