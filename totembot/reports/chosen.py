"""Which game a report is about, and the one sentence when it cannot be made: shared by
`export`, `stats` and `summary`."""

from __future__ import annotations

from totembot.store import GameStore


class ReportProblem(Exception):
    """A report cannot be made (no such game, say): one sentence for the person asking."""


async def chosen_game(store: GameStore, game_id: int | None) -> int:
    """The game asked for, or the latest one; one sentence when there is none."""
    ids = await store.game_ids()
    if not ids:
        raise ReportProblem("The database holds no games.")
    if game_id is None:
        return ids[-1]
    if game_id not in ids:
        held = f"games {ids[0]} to {ids[-1]}" if len(ids) > 1 else f"game {ids[0]}"
        raise ReportProblem(f"There is no game number {game_id}: the database holds {held}.")
    return game_id
