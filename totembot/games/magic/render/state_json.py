"""The JSON state of RULES.md and FORMATS.md, as `totembot console --json` prints it."""

from __future__ import annotations

from typing import Any

from totembot.games.magic.render.view import LifeView, PlayerView, TableView, TeamView, table_view
from totembot.games.magic.rules.state import GameState


def _totem_json(totem: LifeView) -> dict[str, Any]:
    return {
        "seats": list(totem.seats),
        "life": totem.life,
        "poison": totem.poison,
        "commander_damage": dict(totem.commander_damage),
        "locked": totem.locked,
        "status": "dead" if totem.dead else "live",
    }


def _player_json(player: PlayerView, owner: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": player.name, "status": player.status}
    if player.team is not None:
        entry["team"] = player.team
    if player.role is not None:
        entry["role"] = player.role
    if player.life is not None:
        entry |= {
            "life": player.life.life,
            "poison": player.life.poison,
            "commander_damage": dict(player.life.commander_damage),
            "locked": player.life.locked,
        }
    elif owner == "team":  # the team holds the life; commander damage is the player's
        entry["commander_damage"] = dict(player.commander_damage)
    else:  # Totem: poison counts only under player-poison
        entry["poison"] = player.poison or 0
    return entry


def _team_json(team: TeamView) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": team.name,
        "players": list(team.players),
        "status": team.status,
    }
    if team.life is not None:
        entry |= {"life": team.life.life, "poison": team.life.poison, "locked": team.life.locked}
    return entry


def _turn_json(view: TableView) -> dict[str, Any]:
    turn: dict[str, Any] = {"number": view.turn, "active": view.active}
    if view.active_team is not None:
        turn["team"] = view.active_team
    return turn


def pending_json(view: TableView) -> list[dict[str, Any]]:
    return [
        {
            "id": pending.id,
            "kind": "pay",
            "player": pending.payer,
            "amount": pending.amount,
            "totem": list(pending.totem.seats),
            "awaiting": pending.awaiting,
        }
        for pending in view.pending
    ]


def state_json(state: GameState, rejected: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The whole state as one JSON-ready object, in the order the contracts list the keys."""
    view = table_view(state)
    result: dict[str, Any] = {
        "format": view.format,
        "status": "finished" if view.finished else "active",
        "winners": list(view.winners),
    }
    if view.turn_markers:
        result["markers"] = [
            {"number": m.number, "player": m.player, "waiting": m.waiting} for m in view.markers
        ]
    else:
        result["turn"] = _turn_json(view)
    result["players"] = [_player_json(player, view.owner) for player in view.players]
    if view.minions:
        for entry, player in zip(result["players"], view.players, strict=True):
            entry |= {"master": player.master, "minion_times": player.minion_times}
            if player.poison_from is not None:
                entry["poison_from"] = dict(player.poison_from)
    if view.teams:
        result["teams"] = [_team_json(team) for team in view.teams]
    if view.owner == "totem":
        result["totems"] = [_totem_json(totem) for totem in view.totems]
    _add_table(state, result)
    for entry, seated in zip(result["players"], state.players, strict=True):
        if seated.deck is not None:  # only once named: a game without decks reads as before
            entry["deck"] = seated.deck
    result["pending"] = pending_json(view)
    result["rejected"] = list(rejected or [])
    return result


def _add_table(state: GameState, result: dict[str, Any]) -> None:
    """TABLE.md's fields, which every Magic format adds to every game's JSON (TABLE.md, "The
    state as JSON"), whether or not the game has used any of its lines."""
    for entry, player in zip(result["players"], state.players, strict=True):
        entry |= {
            "counters": dict(player.counters),
            "city_blessing": player.city_blessing,
            "ring": player.ring,
        }
        if state.config.commander:
            entry["commander_casts"] = dict(player.commander_casts)
    result |= {
        "monarch": state.monarch,
        "initiative": state.initiative,
        "day_night": state.day_night,
    }
