"""The shell's source of chance: dice, coins and random players are drawn here, never in a
game's rules (which are pure), and kept in the request so that a replay draws nothing again.

The bot draws from the operating system's randomness; `totembot console --seed N` draws from
a generator seeded with N, so that a script's rolls come out the same every time.
"""

from __future__ import annotations

import random

from totembot.core.game import Chance


def system_chance() -> Chance:
    """Draws no one can foresee: the operating system's randomness."""
    return random.SystemRandom().randint


def seeded_chance(seed: int | None) -> Chance:
    """Repeatable draws for a seed; without one, the operating system's."""
    if seed is None:
        return system_chance()
    return random.Random(seed).randint  # noqa: S311 (a game's dice, not a secret)
