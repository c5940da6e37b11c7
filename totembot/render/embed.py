"""The status embed as a plain dict (Discord's embed JSON), readable on a narrow phone screen."""

from __future__ import annotations

from typing import Any

from totembot.render.markdown import escape
from totembot.rules.lookup import pool_name
from totembot.rules.state import GameState

ACTIVE_COLOUR = 0x2ECC71
FINISHED_COLOUR = 0x95A5A6
OUT_WORDS = {"lost": "lost", "conceded": "conceded", "removed": "removed", "won": "won"}


def _headline(state: GameState) -> str:
    if state.finished:
        if state.winners:
            return f"Game over: {', '.join(escape(name) for name in state.winners)} won"
        return "Game over: a draw"
    return f"Turn {state.turn}: {escape(state.players[state.active].name)} to play"


def _player_line(state: GameState, seat: int) -> str:
    player = state.players[seat]
    name = escape(player.name)
    poison = f" · ☠ {player.poison}" if state.config.uses("player-poison") else ""
    if player.status == "in":
        marker = "▶ " if seat == state.active and not state.finished else ""
        return f"{marker}**{name}**{poison}"
    if player.status == "won":
        return f"🏆 **{name}** (won){poison}"
    why = OUT_WORDS[player.status]
    if player.reason:
        reason = escape(player.reason, limit=60)
        why = reason if player.reason.startswith(why) else f"{why}: {reason}"
    return f"~~{name}~~ ({why}){poison}"


def _totem_line(state: GameState, index: int) -> str:
    pool = state.pools[index]
    parts = [f"♥ {pool.life}"]
    if pool.poison:
        parts.append(f"☠ {pool.poison}")
    parts += [
        f"⚔ {escape(commander)} {damage}" for commander, damage in pool.commander_damage.items()
    ]
    if pool.locked:
        parts.append("🔒")
    name = escape(pool_name(state, index), limit=90)
    if pool.status == "dead":
        return f"└ ~~{name}~~ ✖ dead ({' · '.join(parts)})"
    return f"└ {name}: {' · '.join(parts)}"


def _footer(state: GameState) -> str:
    config = state.config
    words = [f"{config.life} life"]
    if config.commander:
        words.append("commander")
    words += list(config.house_rules)
    return "Totem · " + " · ".join(words)


def status_embed(state: GameState) -> dict[str, Any]:
    """The ring: each player, then the totem they share with the next player."""
    lines: list[str] = []
    for seat in range(len(state.players)):
        lines.append(_player_line(state, seat))
        lines.append(_totem_line(state, seat))
    embed: dict[str, Any] = {
        "title": _headline(state),
        "description": "\n".join(lines),
        "color": FINISHED_COLOUR if state.finished else ACTIVE_COLOUR,
        "footer": {"text": _footer(state)},
    }
    if state.pending:
        embed["fields"] = [
            {
                "name": "Waiting for consent",
                "value": "\n".join(
                    f"#{p.id}: {escape(p.payer)} pays {p.amount} from "
                    f"{escape(pool_name(state, p.pool), limit=90)}, "
                    f"if {escape(p.awaiting)} approves"
                    for p in state.pending
                ),
                "inline": False,
            }
        ]
    return embed
