"""A server's ratings, made from the database alone (issue 30): first the placings of the
finished games that have none yet (each read from its log, once), then the fold.

Ratings are not stored: they are folded from the placings each time they are asked for, so an
ending undone, or a game abandoned with `/totem end`, leaves them as if it never ended, and
the first call after a restart costs what later ones do (see docs/decisions.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable

from totembot.core.ruleset import standing_steps
from totembot.core.story import Placing
from totembot.games.registry import ruleset_of
from totembot.reports.ratings import Placed, Ratings, fold, pool_of
from totembot.reports.stats import by_account
from totembot.store import EventRecord, GameCorrupt, GameStore, PlacedRow, StaleState, StoredGame
from totembot.store.placings import MadePlacing

log = logging.getLogger(__name__)
BATCH = 100  # placings written a transaction
UNREADABLE: set[int] = set()  # games already said to be unreadable, in this process


def placing_of(stored: StoredGame, records: list[EventRecord]) -> Placing:
    """Where each seat of a finished game placed, from the changes that stand."""
    ruleset = ruleset_of(stored.config.format)
    initial, steps = standing_steps(ruleset, stored.config, records)
    return ruleset.placing(stored.config, initial, steps)


async def make_placings(store: GameStore, guild_id: str | None = None) -> int:
    """Place every finished game (of a server) that has no placing for its version yet, a
    batch of BATCH games a transaction; returns how many were made. A game that cannot be read
    is left out, with a warning (once per process)."""
    made = 0
    batch: list[MadePlacing] = []
    for game_id, version in await store.unplaced_games(guild_id):
        try:
            stored, records = await store.load_with_log(game_id)
            if stored.version != version or stored.status != "finished":
                continue  # it moved on meanwhile: the next call sees it as it is
            placing = await asyncio.to_thread(placing_of, stored, records)
        except (GameCorrupt, StaleState, ValueError):
            if game_id not in UNREADABLE:
                UNREADABLE.add(game_id)
                log.warning("Game %s cannot be read: it is left out of ratings.", game_id)
            continue
        batch.append((game_id, version, tuple(stored.config.players), placing))
        if len(batch) >= BATCH:
            made += await store.save_placings(batch)
            batch = []
    if batch:
        made += await store.save_placings(batch)
    return made


async def server_ratings(
    store: GameStore,
    guild_id: str | None,
    pool: str = "magic",
    game_format: str | None = None,
    key: Callable[[Placed], str] | None = None,
) -> Ratings:
    """A server's ratings (of one format's games, else of every game of `pool`)."""
    await make_placings(store, guild_id)
    rows = await store.placed(guild_id, game_format)
    return await asyncio.to_thread(rated, rows, pool, key or by_account)


def rated(rows: list[PlacedRow], pool: str, key: Callable[[Placed], str]) -> Ratings:
    return fold([row for row in rows if pool_of(row.format) == pool], key)


async def ratings_report(store: GameStore, game_format: str | None, as_json: bool) -> str:
    """`totembot stats --ratings`: every server's ratings (console games apart), Magic's and
    Totemic's apart, recomputed from the database: the figures `/totem leaderboard` shows."""
    from totembot.reports.ratings_text import POOL_TITLES, ratings_json, ratings_text

    await make_placings(store)
    rows = await store.placed(None, game_format)
    places: dict[tuple[str | None, str], list[PlacedRow]] = {}
    for row in rows:
        places.setdefault((row.guild_id, pool_of(row.format)), []).append(row)
    order = sorted(places, key=lambda where: (where[0] is not None, where[0] or "", where[1]))
    sections = [(where, fold(places[where], by_account)) for where in order]
    if as_json:
        scoped = [
            ({"server": guild, "game": pool, "format": game_format}, ratings)
            for (guild, pool), ratings in sections
        ]
        return json.dumps(ratings_json(scoped), indent=2, ensure_ascii=False)
    scope = f" ({game_format})" if game_format else ""
    return ratings_text(
        [
            (f"{'Server ' + guild if guild else 'Console games'}, {POOL_TITLES[pool]}{scope}", r)
            for (guild, pool), r in sections
        ]
    )
