"""Finding players and totems by the names users write, and choosing a legal totem."""

from __future__ import annotations

from totembot.rules.errors import AmbiguousTotem, RuleViolation, shown
from totembot.rules.formats import Format, format_named
from totembot.rules.intents import Actor, TotemRef
from totembot.rules.state import GameState


def game_format(state: GameState) -> Format:
    return format_named(state.config.format)


def pool_name(state: GameState, pool: int) -> str:
    return "-".join(state.players[seat].name for seat in state.pools[pool].seats)


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
    return game_format(state).pools_of(len(state.players), seat)


def describe_pools(state: GameState, seat: int) -> str:
    left, right = pools_of(state, seat)
    return f"{pool_name(state, left)} (left) and {pool_name(state, right)} (right)"


def side_word(state: GameState, seat: int, pool: int) -> str:
    left, _right = pools_of(state, seat)
    return "left" if pool == left else "right"


def resolve_totem(state: GameState, ref: TotemRef, seen_from: int | None) -> int:
    """The pool a reference names; a side needs a player to be seen from."""
    if ref.side is not None:
        if seen_from is None:
            raise RuleViolation(
                f"'{ref.side}' needs a player to be seen from: name the totem by its two "
                "players instead, like 'Bob-Cid' (or, in an attack, add 'hitting P')."
            )
        return game_format(state).side_pool(len(state.players), seen_from, ref.side)
    assert ref.names is not None
    first, second = (seat_named(state, name) for name in ref.names)
    if first == second:
        raise RuleViolation(
            f"A totem joins two different players, not {player_name(state, first)} twice."
        )
    for index, pool in enumerate(state.pools):
        if set(pool.seats) == {first, second}:
            return index
    raise RuleViolation(
        f"{player_name(state, first)} and {player_name(state, second)} are not neighbours, "
        "so they share no totem."
    )


def own_totem(state: GameState, seat: int, ref: TotemRef) -> int:
    """A pool named by a player who must be one of its players."""
    pool = resolve_totem(state, ref, seat)
    if pool not in pools_of(state, seat):
        name = player_name(state, seat)
        raise RuleViolation(
            f"{pool_name(state, pool)} is not one of {name}'s totems: "
            f"{name}'s are {describe_pools(state, seat)}."
        )
    return pool


def legal_pools(state: GameState, seat: int, controller: int | None) -> list[int]:
    """The source rule: not a totem the source's controller also has, unless it is the player."""
    mine = pools_of(state, seat)
    if controller is None or controller == seat:
        return list(mine)
    theirs = set(pools_of(state, controller))
    return [pool for pool in mine if pool not in theirs]


def choose_pool(state: GameState, seat: int, controller: int | None, ref: TotemRef | None) -> int:
    """The totem that takes an event: the named one if legal, else the only legal one."""
    legal = legal_pools(state, seat, controller)
    name = player_name(state, seat)
    if ref is not None:
        pool = own_totem(state, seat, ref)
        if pool not in legal:
            assert controller is not None
            others = " or ".join(pool_name(state, p) for p in legal)
            raise RuleViolation(
                f"{pool_name(state, pool)} is {player_name(state, controller)}'s own totem: "
                f"a source {player_name(state, controller)} controls can only reach {name} "
                f"through {others}."
            )
        return pool
    if len(legal) == 1:
        return legal[0]
    choices = tuple(pool_name(state, pool) for pool in legal)
    labels = tuple(
        f"{pool_name(state, pool)} ({side_word(state, seat, pool)}): {state.pools[pool].life} life"
        for pool in legal
    )
    raise AmbiguousTotem(
        f"{name} can take this on {describe_pools(state, seat)}: say which, like 'via left'.",
        player=name,
        choices=choices,
        labels=labels,
    )
