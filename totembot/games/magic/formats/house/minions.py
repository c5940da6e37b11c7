"""Minions & Masters (FORMATS.md, seed `minions-and-masters`): who would lose serves instead.

A house rule that free-for-all and Grand Melee compose with (`MinionsRule` comes first in their
bases): a player still in whose life falls to 0 or less through another player's request
becomes that player's minion (life 10, then 5; a third time they lose). Relations stay one
level deep; a master who leaves frees their minions; the game ends when at most one player
still in is not a minion. `poison-minions` counts poison per source; `madness-minions` adds
`eliminate P by Q`. Everything is off unless the game's setup names `minions`.
"""

from __future__ import annotations

from totembot.games.magic.formats.base import Format
from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.events import (
    Event,
    LifeChanged,
    MinionCause,
    MinionChanged,
    PoisonAdded,
)
from totembot.games.magic.rules.formats import Blame, Change, Lethal
from totembot.games.magic.rules.life import leave, with_player, with_pool
from totembot.games.magic.rules.lookup import player_name, seat_named
from totembot.games.magic.rules.state import Config, GameState

MINIONS_RULES = ("minions", "poison-minions", "madness-minions")
MINION_LIFE = (10, 5)  # the life of a first-time and a second-time minion
MAX_TIMES = len(MINION_LIFE)
HOW = {"attack": "attack", "damage": "damage", "each": "effect", "lose": "life loss"}


def how_of(kind: str) -> str:
    """What a fall to a request of this kind is recorded as (`MinionChanged.how`)."""
    return HOW.get(kind, kind)


class MinionsRule(Format):
    """The Minions & Masters hooks; each defers to the format when the rule is off."""

    def check_roster(self, config: Config) -> None:
        super().check_roster(config)
        extras = [
            rule for rule in ("poison-minions", "madness-minions") if rule in config.house_rules
        ]
        if extras and "minions" not in config.house_rules:
            raise RuleViolation(f"The house rule {extras[0]} goes with minions: add 'minions'.")

    def spare(self, state: GameState, pool: int, lethal: Lethal, blame: Blame) -> Change | None:
        if not state.config.uses("minions"):
            return super().spare(state, pool, lethal, blame)
        [seat] = state.pools[pool].seats
        if not state.players[seat].is_in or lethal.commander:
            return None
        if lethal.poison:
            return _poison_fall(state, seat) if state.config.uses("poison-minions") else None
        controller = blame.controller
        if controller is None or controller == seat or not state.players[controller].is_in:
            return None
        return fall(state, seat, controller, how_of(blame.kind), keep_life=False)

    def after_losses(self, state: GameState) -> Change:
        state, events = super().after_losses(state)
        if state.config.uses("minions"):
            state, freed = _free_minions_of_the_departed(state)
            events += freed
        return state, events

    def winners_if_over(self, state: GameState) -> list[int] | None:
        """The game ends when at most one player still in is not a minion."""
        if not state.config.uses("minions"):
            return super().winners_if_over(state)
        masters = [seat for seat in state.players_in() if state.players[seat].master is None]
        return masters if len(masters) <= 1 else None

    def poisoned(
        self, state: GameState, pool: int, seat: int, amount: int, source: int | None
    ) -> Change:
        if not state.config.uses("poison-minions") or source is None:
            return super().poisoned(state, pool, seat, amount, source)
        giver = player_name(state, source)
        counted = dict(state.players[seat].poison_from)
        given = counted.pop(giver, 0) + amount  # re-inserted last: the most recent giver
        counted[giver] = given
        before = state.pools[pool].poison
        state = with_player(state, seat, poison_from=counted)
        state = with_pool(state, pool, poison=sum(counted.values()))
        event = PoisonAdded(
            holder=player_name(state, seat), before=before, after=before + amount, by=giver
        )
        return state, [event]

    def eliminated_by(self, state: GameState, seat: int, by: str) -> Change:
        if not state.config.uses("madness-minions"):
            return super().eliminated_by(state, seat, by)
        controller = seat_named(state, by)
        name, other = player_name(state, seat), player_name(state, controller)
        if controller == seat:
            raise RuleViolation(f"{name} cannot be eliminated by themselves: name another player.")
        if not state.players[controller].is_in:
            raise RuleViolation(f"{other} is out of the game and cannot take a minion.")
        return fall(state, seat, controller, "madness", keep_life=True)


def fall(state: GameState, seat: int, controller: int, how: str, keep_life: bool) -> Change:
    """`seat` becomes a minion of `controller`'s side (one level only), or loses a third time."""
    fallen = state.players[seat]
    if fallen.minion_times >= MAX_TIMES:
        return leave(state, seat, "lost", f"fell a third time, to {player_name(state, controller)}")
    master = _master_for(state, controller)
    events: list[Event] = []
    if master == seat:  # a minion kills their master: the tables turn
        state = with_player(state, controller, master=None)
        events.append(_changed(state, controller, None, "turned"))
        master = controller
    times = fallen.minion_times + 1
    state = with_player(state, seat, master=player_name(state, master), minion_times=times)
    state = _without_poison_from(state, seat, player_name(state, master))
    if not keep_life:
        state, life = _set_life(state, seat, MINION_LIFE[times - 1], master)
        events += life
    events.append(_changed(state, seat, master, "fell", how=how))
    state, passed = _pass_minions(state, seat, master)
    return state, events + passed


def _master_for(state: GameState, controller: int) -> int:
    """One level only: a minion's kill goes to their master."""
    master = state.players[controller].master
    return controller if master is None else seat_named(state, master)


def _set_life(state: GameState, seat: int, life: int, by: int) -> Change:
    [pool] = [index for index, p in enumerate(state.pools) if p.seats == (seat,)]
    before = state.pools[pool].life
    state = with_pool(state, pool, life=life)
    name = player_name(state, seat)
    event = LifeChanged(
        pool=name, player=name, before=before, after=life, cause="set", by=player_name(state, by)
    )
    return state, [event]


def _pass_minions(state: GameState, seat: int, master: int) -> Change:
    """Whenever a player becomes a minion, their own minions pass to their new master."""
    name = player_name(state, seat)
    events: list[Event] = []
    for other, player in enumerate(state.players):
        if player.master == name and other != master:
            state = with_player(state, other, master=player_name(state, master))
            events.append(_changed(state, other, master, "passed"))
    return state, events


def _poison_fall(state: GameState, seat: int) -> Change | None:
    """poison-minions: at 10 or more, the minion of whoever still in gave the most (ties: the
    latest), whose counters are removed; a player already a minion, or whose own counters are
    the most, loses instead."""
    player = state.players[seat]
    givers = {
        name: count
        for name, count in player.poison_from.items()
        if state.players[seat_named(state, name)].is_in
    }
    if player.master is not None or not givers:
        return None
    most = max(givers.values())
    giver = [name for name, count in givers.items() if count == most][-1]
    if giver == player.name:  # their own poison: as killing yourself, they lose
        return None
    state = _without_poison_from(state, seat, giver)
    return fall(state, seat, seat_named(state, giver), "poison", keep_life=True)


def _without_poison_from(state: GameState, seat: int, source: str) -> GameState:
    """poison-minions: a new master's (or the top giver's) counters come off the minion."""
    if not state.config.uses("poison-minions"):
        return state
    counted = {name: n for name, n in state.players[seat].poison_from.items() if name != source}
    state = with_player(state, seat, poison_from=counted)
    return with_pool(state, seat, poison=sum(counted.values()))


def _free_minions_of_the_departed(state: GameState) -> Change:
    """A master who leaves frees their minions; a player who is out serves no one."""
    events: list[Event] = []
    for seat, player in enumerate(state.players):
        if player.master is None:
            continue
        master = state.seat_of(player.master)
        if not player.is_in:
            state = with_player(state, seat, master=None)
        elif master is None or not state.players[master].is_in:
            state = with_player(state, seat, master=None)
            events.append(_changed(state, seat, None, "freed"))
    return state, events


def _changed(
    state: GameState, seat: int, master: int | None, cause: MinionCause, how: str | None = None
) -> MinionChanged:
    player = state.players[seat]
    return MinionChanged(
        player=player.name,
        master=player_name(state, master) if master is not None else None,
        cause=cause,
        how=how,
        times=player.minion_times,
        life=state.pools[seat].life if len(state.pools) > seat else None,
    )
