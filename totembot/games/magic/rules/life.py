"""Changing pools and players, and the state-based checks that follow every change."""

from __future__ import annotations

from typing import Any, Literal

from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.events import (
    CommanderDamaged,
    Event,
    GameEnded,
    LifeChanged,
    LifeUnchanged,
    PendingClosed,
    PlayerLeft,
    PoisonAdded,
    PoolDied,
)
from totembot.games.magic.rules.formats import Blame, Change, Lethal, format_of
from totembot.games.magic.rules.intents import LifeCause
from totembot.games.magic.rules.lookup import player_name, pool_name
from totembot.games.magic.rules.state import (
    LETHAL_COMMANDER_DAMAGE,
    LETHAL_POISON,
    GameState,
    Pending,
    PlayerStatus,
)


def with_pool(state: GameState, index: int, **changes: Any) -> GameState:
    pools = list(state.pools)
    pools[index] = pools[index].model_copy(update=changes)
    return state.model_copy(update={"pools": tuple(pools)})


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = players[seat].model_copy(update=changes)
    return state.model_copy(update={"players": tuple(players)})


def require_unlocked(state: GameState, pool: int) -> None:
    if state.pools[pool].locked:
        raise RuleViolation(format_of(state).locked_refusal(state, pool))


def change_life(
    state: GameState, pool: int, seat: int | None, delta: int, cause: LifeCause, by: int | None
) -> Change:
    """Add delta to a pool's life (never clamped); a locked pool refuses any real change."""
    player = player_name(state, seat) if seat is not None else None
    if delta == 0:
        unchanged = LifeUnchanged(
            pool=pool_name(state, pool), player=player, cause=cause, reason="no change"
        )
        return state, [unchanged]
    require_unlocked(state, pool)
    before = state.pools[pool].life
    state = with_pool(state, pool, life=before + delta)
    event = LifeChanged(
        pool=pool_name(state, pool),
        player=player,
        before=before,
        after=before + delta,
        cause=cause,
        by=player_name(state, by) if by is not None else None,
    )
    return state, [event]


def add_pool_poison(state: GameState, pool: int, amount: int, by: int | None) -> Change:
    before = state.pools[pool].poison
    state = with_pool(state, pool, poison=before + amount)
    by_name = player_name(state, by) if by is not None else None
    event = PoisonAdded(
        holder=pool_name(state, pool), before=before, after=before + amount, by=by_name
    )
    return state, [event]


def add_player_poison(state: GameState, seat: int, amount: int, by: int | None) -> Change:
    before = state.players[seat].poison
    state = with_player(state, seat, poison=before + amount)
    by_name = player_name(state, by) if by is not None else None
    event = PoisonAdded(
        holder=player_name(state, seat), before=before, after=before + amount, by=by_name
    )
    return state, [event]


def add_commander_damage(
    state: GameState, pool: int, commander: str, amount: int, player: int | None = None
) -> Change:
    """Tally combat damage from a commander on the life total, or on the player hit."""
    holder = state.players[player] if player is not None else state.pools[pool]
    tally = dict(holder.commander_damage)
    before = tally.get(commander, 0)
    tally[commander] = before + amount
    if player is not None:
        state = with_player(state, player, commander_damage=tally)
        name = player_name(state, player)
    else:
        state = with_pool(state, pool, commander_damage=tally)
        name = pool_name(state, pool)
    event = CommanderDamaged(pool=name, commander=commander, before=before, after=before + amount)
    return state, [event]


def leave(state: GameState, seat: int, status: PlayerStatus, reason: str) -> Change:
    """A player leaves the game; their totems stay, attached to the other neighbour."""
    state = with_player(state, seat, status=status, reason=reason)
    event = PlayerLeft(player=player_name(state, seat), status=status, reason=reason)
    return state, [event]


def _commander_reasons(tally: dict[str, int]) -> list[str]:
    return [
        f"{damage} combat damage from commander {commander}"
        for commander, damage in tally.items()
        if damage >= LETHAL_COMMANDER_DAMAGE
    ]


def _death_reasons(state: GameState, pool: int) -> list[str]:
    current = state.pools[pool]
    reasons = []
    if current.life <= 0:
        reasons.append(f"{current.life} life")
    if current.poison >= format_of(state).lethal_poison(state, pool):
        reasons.append(f"{current.poison} poison counters")
    return reasons + _commander_reasons(current.commander_damage)


def _lethal(state: GameState, pool: int) -> Lethal:
    current = state.pools[pool]
    return Lethal(
        life=current.life <= 0,
        poison=current.poison >= format_of(state).lethal_poison(state, pool),
        commander=bool(_commander_reasons(current.commander_damage)),
    )


def _dead_pool_losers(
    state: GameState, blame: Blame
) -> tuple[GameState, list[Event], list[tuple[int, str]]]:
    """Mark lethal life totals dead; their players still in lose (unless a house rule spares
    them: Minions & Masters)."""
    events: list[Event] = []
    losers: list[tuple[int, str]] = []
    game_format = format_of(state)
    announces = game_format.announces_pool_deaths
    for index, current in enumerate(state.pools):
        if current.status == "dead":
            continue
        now = state.pools[index]  # as _death_reasons reads it (a spare may have changed it)
        if now.life > 0 and not now.poison and not now.commander_damage:
            continue  # nothing lethal on it (the common case, checked first)
        reasons = _death_reasons(state, index)
        if not reasons:
            continue
        spared = game_format.spare(state, index, _lethal(state, index), blame)
        if spared is not None:
            state, saved = spared
            events += saved
            continue
        state = with_pool(state, index, status="dead")
        name = pool_name(state, index)
        if announces:
            events.append(PoolDied(pool=name, reasons=tuple(reasons)))
        why = f"{name} died" if announces else ", ".join(reasons)
        losers += [(seat, why) for seat in state.pool_players_in(index)]
    return state, events, losers


def _player_losers(state: GameState) -> list[tuple[int, str]]:
    """Players who lose on their own: player poison, commander damage tallied on them."""
    losers = []
    for seat, player in enumerate(state.players):
        if not player.is_in or (player.poison < LETHAL_POISON and not player.commander_damage):
            continue  # nothing below could be lethal (the common case, checked first)
        reasons = _commander_reasons(player.commander_damage)
        if state.config.uses("player-poison") and player.poison >= LETHAL_POISON:
            reasons.insert(0, f"{player.poison} poison counters")
        if reasons:
            losers.append((seat, ", ".join(reasons)))
    return losers


def _take_out(state: GameState, losers: list[tuple[int, str]]) -> Change:
    events: list[Event] = []
    for seat, reason in losers:
        if state.players[seat].is_in:
            state, left = leave(state, seat, "lost", reason)
            events += left
    return state, events


def _kill_dead_pools(state: GameState, blame: Blame) -> Change:
    """Every loss the state calls for, then those who fall with them (a team together), then
    what follows from who is out (minions of a master who left are freed)."""
    state, events, losers = _dead_pool_losers(state, blame)
    state, left = _take_out(state, losers + _player_losers(state))
    state, fallen = _take_out(state, format_of(state).falls_with(state))
    state, after = format_of(state).after_losses(state)
    return state, events + left + fallen + after


def _payable(state: GameState, pending: Pending) -> bool:
    pool = state.pools[pending.pool]
    return not pool.locked and pool.life >= pending.amount


def _resolve_stale_pending(state: GameState) -> tuple[GameState, list[Event], bool]:
    """Payments whose payer left are dropped; once the asked player leaves, consent is no
    longer needed and the payment is made if it still can be. Returns whether any was made."""
    events: list[Event] = []
    paid = False
    for pending in state.pending:
        payer, asked = state.seat_of(pending.payer), state.seat_of(pending.awaiting)
        payer_in = payer is not None and state.players[payer].is_in and not state.finished
        asked_in = asked is not None and state.players[asked].is_in
        if payer_in and asked_in:
            continue
        if payer_in and _payable(state, pending):
            state, closed = close_pending(state, pending, "applied")
            state, made = change_life(state, pending.pool, payer, -pending.amount, "payment", payer)
            events += closed + made
            paid = True
        else:
            state, closed = close_pending(state, pending, "dropped")
            events += closed
    return state, events, paid


PendingOutcome = Literal["approved", "denied", "dropped", "applied"]


def close_pending(state: GameState, pending: Pending, outcome: PendingOutcome) -> Change:
    """Take a waiting payment off the table, saying how it ended."""
    rest = tuple(p for p in state.pending if p.id != pending.id)
    closed = PendingClosed(
        id=pending.id,
        payer=pending.payer,
        amount=pending.amount,
        pool=pool_name(state, pending.pool),
        outcome=outcome,
    )
    return state.model_copy(update={"pending": rest}), [closed]


def _end_if_decided(state: GameState) -> Change:
    if state.finished:
        return state, []
    still_in = format_of(state).winners_if_over(state)
    if still_in is None:
        return state, []
    winners = tuple(player_name(state, seat) for seat in still_in)
    why = f"{' and '.join(winners)} won" if winners else "the game ended in a draw"
    state, left = _take_out(  # a house rule may end the game with players still in
        state, [(seat, why) for seat in state.players_in() if seat not in still_in]
    )
    if left:
        state, after = format_of(state).after_losses(state)
        left += after
    for seat in still_in:
        state = with_player(state, seat, status="won")
    state = state.model_copy(update={"status": "finished", "winners": winners})
    return state, left + [GameEnded(winners=winners)]


def settle(state: GameState, blame: Blame | None = None) -> Change:
    """State-based checks: dead totems take their players out, the game may end, and waiting
    payments whose players left are settled (which may kill a totem, so check again)."""
    events: list[Event] = []
    while True:
        state, died = _kill_dead_pools(state, blame or Blame())
        state, ended = _end_if_decided(state)
        state, resolved, paid = _resolve_stale_pending(state)
        events += died + ended + resolved
        if not paid:
            return state, events


def finish_with_winners(state: GameState, winners_in: list[int], reason: str) -> Change:
    """A player wins by an effect (with their side): everyone else still in loses at once."""
    events: list[Event] = []
    for seat in state.players_in():
        if seat not in winners_in:
            state, left = leave(state, seat, "lost", reason)
            events += left
    for seat in winners_in:
        state = with_player(state, seat, status="won")
    winners = tuple(player_name(state, seat) for seat in winners_in)
    state = state.model_copy(update={"status": "finished", "winners": winners})
    state, dropped, _paid = _resolve_stale_pending(state)
    return state, events + [GameEnded(winners=winners)] + dropped
