"""Finding players and life totals by the names users write."""

from __future__ import annotations

from totembot.games.magic.rules.errors import RuleViolation, shown
from totembot.games.magic.rules.formats import format_of
from totembot.games.magic.rules.intents import Actor
from totembot.games.magic.rules.state import GameState


def pool_name(state: GameState, pool: int) -> str:
    """A life total's name: `Ann-Bob` (a totem), `Bob` (a player), `Ann+Bob` (a team)."""
    return format_of(state).pool_name(state, pool)


def player_name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def seat_named(state: GameState, name: str) -> int:
    seat = state.seat_of(name)
    if seat is None:
        known = ", ".join(shown(player.name) for player in state.players)
        raise RuleViolation(
            f"There is no player named {shown(name)} in this game (players: {known})."
        )
    return seat


def require_in(state: GameState, seat: int, doing: str) -> None:
    player = state.players[seat]
    if not player.is_in:
        raise RuleViolation(
            f"{player.name} is out of the game ({player.status}) and cannot {doing}."
        )


def target_seat(state: GameState, name: str) -> int:
    seat = seat_named(state, name)
    require_in(state, seat, "be targeted or chosen")
    return seat


def speaker_seat(state: GameState, actor: Actor, doing: str, example: str) -> int:
    """The seat of the player who records the request, who must still be in the game."""
    if actor.player is None:
        raise RuleViolation(
            f"Only a player can {doing}: start the line with their name, like '{example}'."
        )
    seat = seat_named(state, actor.player)
    require_in(state, seat, "act")
    return seat


def controller_seat(state: GameState, actor: Actor) -> int | None:
    """The source's controller: the speaker, or nobody when the host records the line."""
    if actor.player is None:
        return None
    seat = seat_named(state, actor.player)
    require_in(state, seat, "act")
    return seat


def require_participant(state: GameState, actor: Actor, doing: str, example: str) -> None:
    """The host (or an admin), seated or not, or a player still in the game may record this."""
    if actor.host:
        if actor.player is not None:
            seat_named(state, actor.player)
        return
    speaker_seat(state, actor, doing, example)


def pools_of(state: GameState, seat: int) -> tuple[int, ...]:
    """The life totals a player's life events may land on (two totems, or their own)."""
    return format_of(state).pools_of(state, seat)
