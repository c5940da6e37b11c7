"""How a Magic player went out, in the words of `totembot.core.ways`.

Read from the state the game ended in: a player who is out keeps their status and the reason
the rules gave for good, and a life total that died changes no more (its players are out), so
the summary's exits and the statistics' results, both read from it, always agree.
"""

from __future__ import annotations

import re

from totembot.core.ways import (
    COMMANDER,
    CONCEDED,
    DECIDED,
    DRAW,
    ELIMINATED,
    LIFE,
    OTHER,
    POISON,
    REMOVED,
    TEAM,
)
from totembot.games.magic.formats import format_named
from totembot.games.magic.rules.lookup import pool_name
from totembot.games.magic.rules.state import LETHAL_COMMANDER_DAMAGE, GameState

OUT = ("lost", "conceded", "removed")
LETHAL_REASONS = (  # the rules' own reasons: "-3 life", "10 poison counters", ...
    (re.compile(r"-?\d+ life"), LIFE),
    (re.compile(r"\d+ poison counters"), POISON),
    (re.compile(r"\d+ combat damage from commander .+"), COMMANDER),
)


def is_out(state: GameState, seat: int) -> bool:
    return state.players[seat].status in OUT


def magic_way(state: GameState, seat: int) -> str | None:
    """How the player at `seat` went out; None for a player still in, or a winner."""
    player = state.players[seat]
    if player.status not in OUT:
        return None
    if player.status == "conceded":
        return CONCEDED
    if player.status == "removed":
        return REMOVED
    return _lost_way(state, seat, player.reason or "")


def _lost_way(state: GameState, seat: int, reason: str) -> str:
    died = _pool_died(state, reason)
    if died is not None:
        return lethal_way(state, died) or OTHER
    if format_named(state.config.format).fell_with_side(state, reason):
        return TEAM
    if reason == "lost by another effect":
        return ELIMINATED
    if format_named(state.config.format).lost_to_a_win(state, reason):
        return ELIMINATED  # a loss by an effect: another's `win` within range (801.14)
    if reason.startswith("fell a third time"):  # Minions & Masters: life, poison or madness
        own = format_named(state.config.format).pools_of(state, seat)[0]
        return lethal_way(state, own) or ELIMINATED
    if reason == "the game ended in a draw":
        return DRAW
    if reason.endswith(" won"):  # "Ivy won": a `win`, or the last master standing
        return DECIDED
    first = reason.split(", ")[0]
    return next((way for pattern, way in LETHAL_REASONS if pattern.fullmatch(first)), OTHER)


def _pool_died(state: GameState, reason: str) -> int | None:
    """The life total a reason such as "Bob-Cid died" names, if it is one."""
    return next(
        (pool for pool in range(len(state.pools)) if reason == f"{pool_name(state, pool)} died"),
        None,
    )


def lethal_way(state: GameState, pool: int) -> str | None:
    """Why a life total is lethal, in the order the rules name reasons; None if it is not."""
    current = state.pools[pool]
    if current.life <= 0:
        return LIFE
    if current.poison >= format_named(state.config.format).lethal_poison(state, pool):
        return POISON
    if any(damage >= LETHAL_COMMANDER_DAMAGE for damage in current.commander_damage.values()):
        return COMMANDER
    return None
