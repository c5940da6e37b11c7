"""The status embed as a plain dict (Discord's embed JSON), readable on a narrow phone screen."""

from __future__ import annotations

from typing import Any

from totembot.render.markdown import escape
from totembot.rules.lookup import pool_name
from totembot.rules.state import GameState

ACTIVE_COLOUR = 0x2ECC71
MAX_DESCRIPTION = 4096
MAX_FIELD = 1024
COMMANDERS_SHOWN = 3  # per totem, the highest tallies; the rest are counted
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
    tallies = sorted(pool.commander_damage.items(), key=lambda item: -item[1])
    parts += [f"⚔ {escape(commander)} {damage}" for commander, damage in tallies[:COMMANDERS_SHOWN]]
    if len(tallies) > COMMANDERS_SHOWN:
        parts.append(f"⚔ +{len(tallies) - COMMANDERS_SHOWN} more")
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


def _fitted(lines: list[str], limit: int) -> str:
    """As many whole lines as fit in Discord's limit, then how many were left out."""
    kept: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        reserve = 0 if index == len(lines) - 1 else 24  # room for the "… N more lines" note
        if used + len(line) + 1 + reserve > limit:
            kept.append(f"… {len(lines) - index} more lines")
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join(kept)


def status_embed(state: GameState) -> dict[str, Any]:
    """The ring: each player, then the totem they share with the next player."""
    lines: list[str] = []
    for seat in range(len(state.players)):
        lines.append(_player_line(state, seat))
        lines.append(_totem_line(state, seat))
    embed: dict[str, Any] = {
        "title": _headline(state),
        "description": _fitted(lines, MAX_DESCRIPTION),
        "color": FINISHED_COLOUR if state.finished else ACTIVE_COLOUR,
        "footer": {"text": _footer(state)},
    }
    if state.pending:
        waiting = [
            f"#{p.id}: {escape(p.payer)} pays {p.amount} from "
            f"{escape(pool_name(state, p.pool), limit=90)}, if {escape(p.awaiting)} approves"
            for p in state.pending
        ]
        embed["fields"] = [
            {"name": "Waiting for consent", "value": _fitted(waiting, MAX_FIELD), "inline": False}
        ]
    return embed
