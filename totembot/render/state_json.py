"""The JSON state format of RULES.md, as `totembot console --json` prints it."""

from __future__ import annotations

from typing import Any

from totembot.rules.state import GameState


def pending_json(state: GameState) -> list[dict[str, Any]]:
    return [
        {
            "id": pending.id,
            "kind": "pay",
            "player": pending.payer,
            "amount": pending.amount,
            "totem": [state.players[seat].name for seat in state.pools[pending.pool].seats],
            "awaiting": pending.awaiting,
        }
        for pending in state.pending
    ]


def state_json(state: GameState, rejected: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The whole state as one JSON-ready object, in the order RULES.md lists the keys."""
    plays_player_poison = state.config.uses("player-poison")
    return {
        "format": state.config.format,
        "status": state.status,
        "winners": list(state.winners),
        "turn": {"number": state.turn, "active": state.players[state.active].name},
        "players": [
            {
                "name": player.name,
                "status": player.status,
                "poison": player.poison if plays_player_poison else 0,
            }
            for player in state.players
        ],
        "totems": [
            {
                "seats": [state.players[seat].name for seat in pool.seats],
                "life": pool.life,
                "poison": pool.poison,
                "commander_damage": dict(pool.commander_damage),
                "locked": pool.locked,
                "status": pool.status,
            }
            for pool in state.pools
        ],
        "pending": pending_json(state),
        "rejected": list(rejected or []),
    }
