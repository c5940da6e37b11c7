"""Plain-text renderings for the console: what an event changed, and the ring."""

from __future__ import annotations

from totembot.phrases import format_request
from totembot.rules.events import (
    CommanderDamaged,
    Event,
    GameEnded,
    LifeChanged,
    LifeUnchanged,
    LockChanged,
    PendingClosed,
    PendingOpened,
    PlayerLeft,
    PoisonAdded,
    PoolDied,
    TurnPassed,
    Undone,
)
from totembot.rules.lookup import pool_name
from totembot.rules.state import GameState

CAUSE_WORDS = {
    "damage": "dealt by",
    "loss": "lost to",
    "gain": "gained from",
    "payment": "paid by",
    "set": "set by",
    "halve": "halved by",
    "combat": "combat damage from",
}


def _life(event: LifeChanged) -> str:
    text = f"{event.pool} {event.before} -> {event.after}"
    if event.cause == "combat" and event.player:
        text += f" (combat damage to {event.player}"
        return text + (f" from {event.by})" if event.by else ")")
    if event.cause == "payment":
        return text + f", paid by {event.player}"
    if event.by:
        text += f", {CAUSE_WORDS[event.cause]} {event.by}"
    if event.player and event.by != event.player:
        text += f" (for {event.player})"
    return text


def describe_event(event: Event) -> str:
    """One short line saying what changed."""
    match event:
        case LifeChanged():
            return _life(event)
        case LifeUnchanged():
            why = "it is locked" if event.reason == "locked" else "the amount came to 0"
            return f"{event.pool} keeps its life: {why}"
        case PoisonAdded():
            by = f", from {event.by}" if event.by else ""
            return f"{event.holder} poison {event.before} -> {event.after}{by}"
        case CommanderDamaged():
            tally = f"{event.before} -> {event.after}"
            return f"{event.pool} commander damage from {event.commander} {tally}"
        case PoolDied():
            return f"{event.pool} is dead ({', '.join(event.reasons)})"
        case PlayerLeft():
            return f"{event.player} is out: {event.reason}"
        case GameEnded():
            if event.winners:
                return f"Game over: {', '.join(event.winners)} wins"
            return "Game over: a draw, nobody wins"
        case TurnPassed():
            return f"Turn {event.number}: {event.active}"
        case LockChanged():
            return f"{event.pool} {'locked' if event.locked else 'unlocked'} by {event.by}"
        case PendingOpened():
            return (
                f"{event.payer} asks {event.awaiting} to approve paying {event.amount} life "
                f"from {event.pool} (request {event.id}): {event.awaiting}, answer approve or deny"
            )
        case PendingClosed():
            request = f"{event.payer}'s request to pay {event.amount} from {event.pool}"
            if event.outcome == "applied":
                return f"{request} no longer needs consent: the player asked is out"
            return f"{request} was {event.outcome}"
        case Undone():
            return f"Undone: {format_request(event.request)}"
    return str(event)


def describe_events(events: list[Event]) -> str:
    return "; ".join(describe_event(event) for event in events) or "Nothing changed"


def _totem_line(state: GameState, index: int) -> str:
    pool = state.pools[index]
    parts = [f"{pool_name(state, index)}: {pool.life} life"]
    if pool.poison:
        parts.append(f"{pool.poison} poison")
    parts += [f"{key} {damage} commander damage" for key, damage in pool.commander_damage.items()]
    if pool.locked:
        parts.append("locked")
    if pool.status == "dead":
        parts.append("DEAD")
    return ", ".join(parts)


def render_ring(state: GameState) -> str:
    """The ring as it sits: each player, then the totem to their left."""
    config = state.config
    header = f"Totem, {config.life} life" + (", commander" if config.commander else "")
    if config.house_rules:
        header += f", rules: {', '.join(config.house_rules)}"
    lines = [header]
    if state.finished:
        lines.append(
            f"Finished: {', '.join(state.winners)} won" if state.winners else "Finished: a draw"
        )
    else:
        lines.append(f"Turn {state.turn}: {state.players[state.active].name}")
    for seat, player in enumerate(state.players):
        marker = " <- turn" if seat == state.active and not state.finished else ""
        poison = f", {player.poison} poison" if config.uses("player-poison") else ""
        why = f": {player.reason}" if player.reason and player.reason != player.status else ""
        lines.append(f"  {player.name} ({player.status}{why}{poison}){marker}")
        lines.append(f"    {_totem_line(state, seat)}")
    for pending in state.pending:
        lines.append(
            f"  waiting: {pending.payer} pays {pending.amount} from "
            f"{pool_name(state, pending.pool)}, if {pending.awaiting} approves"
        )
    return "\n".join(lines)
