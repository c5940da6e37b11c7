"""The JSON state of TOTEMIC.md, as `totembot console --json` prints it for a Totemic game."""

from __future__ import annotations

from typing import Any

from totembot.games.totemic.rules.state import Challenge, MatchScore, Solo, TotemicState


def _challenge_json(challenge: Challenge | None) -> dict[str, Any] | None:
    if challenge is None:
        return None
    return {
        "by": challenge.by,
        "awaiting": challenge.awaiting,
        "accepted": challenge.accepted,
        "revealed": dict(challenge.revealed),
    }


def _match_json(match: MatchScore) -> dict[str, Any]:
    return {"games": match.games, "game": match.game, "wins": dict(match.wins)}


def _solo_json(solo: Solo) -> dict[str, Any]:
    return {
        "rivals": [
            {"name": rival.name, "power": rival.power, "status": rival.status}
            for rival in solo.rivals
        ],
        "confrontation": solo.confrontation,
    }


def totemic_json(
    state: TotemicState, rejected: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The whole state as one JSON-ready object, keys in the contract's order."""
    result: dict[str, Any] = {
        "format": state.config.format,
        "status": state.status,
        "winners": list(state.winners),
        "players": [
            {
                "name": animal.name,
                "power": animal.power,
                "dominance": animal.dominance,
                "status": animal.status,
            }
            for animal in state.players
        ],
        "level": state.level,
        "turn": {
            "number": state.turn.number,
            "active": state.turn.active,
            "action": state.turn.action,
        },
        "challenge": _challenge_json(state.challenge),
    }
    if state.match is not None:
        result["match"] = _match_json(state.match)
    if state.solo is not None:
        result["solo"] = _solo_json(state.solo)
    result["rejected"] = list(rejected or [])
    return result
