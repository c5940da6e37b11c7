"""Totem (RULES.md): a life total (a totem) between each pair of neighbours.

A player's events land on one of their two totems, never one the source's controller shares
with them (the source rule); a totem that dies takes out both its players; the language names
totems (`via left`, `attack Bob-Cid`), and effects on each player at once are not recorded
together, since each player chooses a totem.
"""

from __future__ import annotations

from totembot.games.magic.formats.base import TOTEM_LANGUAGE, Format
from totembot.games.magic.rules.errors import AmbiguousTotem, RuleViolation
from totembot.games.magic.rules.intents import Attack, Side, TotemRef
from totembot.games.magic.rules.lookup import player_name, require_in, seat_named
from totembot.games.magic.rules.state import MAX_PLAYERS, MIN_PLAYERS, Config, GameState, Pool


class TotemFormat(Format):
    name = "totem"
    aliases = ()
    title = "Totem"
    owner = "totem"
    language = TOTEM_LANGUAGE
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    house_rules = ("half-life-consent", "player-poison", "sorcery-concede")
    announces_pool_deaths = True

    def opening_pools(self, config: Config) -> tuple[Pool, ...]:
        count = len(config.players)
        return tuple(
            Pool(seats=(seat, (seat + 1) % count), life=config.life) for seat in range(count)
        )

    def pool_name(self, state: GameState, pool: int) -> str:
        return "-".join(state.players[seat].name for seat in state.pools[pool].seats)

    def life_label(self, state: GameState, pool: int) -> str:
        return self.pool_name(state, pool)

    def cannot_pay(self, state: GameState, pool: int, payer: str, amount: int) -> str:
        life = state.pools[pool].life
        name = self.pool_name(state, pool)
        return f"{name} has only {life} life, so {payer} cannot pay {amount} from it."

    def locked_refusal(self, state: GameState, pool: int) -> str:
        return (
            f"{self.pool_name(state, pool)} is locked, so its life cannot change; "
            "unlock it first if the lock has ended."
        )

    def pools_of(self, state: GameState, seat: int) -> tuple[int, ...]:
        """A seat's totems, left (shared with the next player) first, then right."""
        return (seat, (seat - 1) % len(state.players))

    def own_life(self, state: GameState, seat: int, pool: int) -> int:
        return state.pools[pool].life

    def pool_for(
        self, state: GameState, seat: int, controller: int | None, ref: TotemRef | None
    ) -> int:
        return choose_pool(state, seat, controller, ref)

    def counted_pool(self, state: GameState, seat: int, ref: TotemRef | None, applied: int) -> int:
        return applied if ref is None else own_totem(state, seat, ref)

    def lock_pool(self, state: GameState, seat: int, ref: TotemRef | None) -> int:
        if ref is None:
            raise RuleViolation("Say which totem: 'lock left' or 'lock right'.")
        return own_totem(state, seat, ref)

    def attacked(self, state: GameState, attacker: int, intent: Attack) -> tuple[int, int | None]:
        if intent.totem is None:
            raise RuleViolation("In Totem, attack a totem, like 'attack Bob-Cid for 3'.")
        return attacked_totem(state, attacker, intent.totem, intent.hitting)

    def each_targets(self, state: GameState, controller: int | None, opponents: bool) -> list[int]:
        raise RuleViolation(
            "In Totem each player chooses a totem: record each player's change on its own line."
        )


def side_pool(state: GameState, seat: int, side: Side) -> int:
    left, right = TotemFormat().pools_of(state, seat)
    return left if side == "left" else right


def pool_name(state: GameState, pool: int) -> str:
    return "-".join(state.players[seat].name for seat in state.pools[pool].seats)


def describe_pools(state: GameState, seat: int) -> str:
    left, right = TotemFormat().pools_of(state, seat)
    return f"{pool_name(state, left)} (left) and {pool_name(state, right)} (right)"


def side_word(state: GameState, seat: int, pool: int) -> str:
    return "left" if pool == seat else "right"


def resolve_totem(state: GameState, ref: TotemRef, seen_from: int | None) -> int:
    """The pool a reference names; a side needs a player to be seen from."""
    if ref.side is not None:
        if seen_from is None:
            raise RuleViolation(
                f"'{ref.side}' needs a player to be seen from: name the totem by its two "
                "players instead, like 'Bob-Cid' (or, in an attack, add 'hitting P')."
            )
        return side_pool(state, seen_from, ref.side)
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
    if pool not in TotemFormat().pools_of(state, seat):
        name = player_name(state, seat)
        raise RuleViolation(
            f"{pool_name(state, pool)} is not one of {name}'s totems: "
            f"{name}'s are {describe_pools(state, seat)}."
        )
    return pool


def legal_pools(state: GameState, seat: int, controller: int | None) -> list[int]:
    """The source rule: not a totem the source's controller also has, unless it is the player."""
    totems = TotemFormat()
    mine = totems.pools_of(state, seat)
    if controller is None or controller == seat:
        return list(mine)
    theirs = set(totems.pools_of(state, controller))
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


def attacked_totem(
    state: GameState, attacker: int, totem: TotemRef, hitting: str | None
) -> tuple[int, int | None]:
    """The attacked totem (not the attacker's own, with a player in) and the player hit."""
    hit = seat_named(state, hitting) if hitting is not None else None
    pool = resolve_totem(state, totem, hit)
    name = pool_name(state, pool)
    if pool in TotemFormat().pools_of(state, attacker):
        who = player_name(state, attacker)
        raise RuleViolation(f"{name} is {who}'s own totem: {who} cannot attack it.")
    defenders = state.pool_players_in(pool)
    if not defenders:
        raise RuleViolation(f"{name} has no player left in the game, so it cannot be attacked.")
    if hit is not None:
        if hit not in state.pools[pool].seats:
            raise RuleViolation(f"{player_name(state, hit)} is not a player of {name}.")
        require_in(state, hit, "be dealt combat damage")
    elif len(defenders) == 1:
        hit = defenders[0]
    return pool, hit
