"""One finishing order (issue 30): the place each seat's result keeps (rivalries, decks'
average place) is the place ratings rate it at, in every format of examples/ (Totem,
free-for-all with a draw and commander damage, Two-Headed Giant, Teams, Emperor, Grand Melee,
Minions & Masters with a concession), with the hand-worked places of test_placings."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.ratings.test_placings import BY_HAND, EXAMPLES
from totembot.cli import main
from totembot.reports.rated import placing_of
from totembot.store import open_store

UNFINISHED = {"four-players.totem"}  # left going: nothing to place
MAGIC = sorted(
    path.name
    for path in EXAMPLES.glob("*.totem")
    if not path.name.startswith("totemic") and path.name not in UNFINISHED
)


async def both_places(database: Path) -> list[tuple[str, int | None, int]]:
    """(name, place kept with the result, place rated) for each seat of each finished game."""
    store = await open_store(database)
    try:
        rows = await store.results()
        found = []
        for game_id in await store.game_ids("finished"):
            stored, log = await store.load_with_log(game_id)
            rated = placing_of(stored, log).places
            for row in (r for r in rows if r.game_id == game_id):
                found.append((row.name, row.place, rated[row.seat]))
    finally:
        await store.close()
    return found


@pytest.mark.parametrize("example", MAGIC)
def test_the_result_keeps_the_place_ratings_rate(example: str, tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    main(["console", "--db", str(database), str(EXAMPLES / example)])  # refusals are expected
    found = asyncio.run(both_places(database))
    assert found, "the example finishes a game"
    assert [(name, kept) for name, kept, _ in found] == [(name, rated) for name, _, rated in found]
    if example in BY_HAND:  # a team's players share its place, a minion is placed as itself
        assert {name: kept for name, kept, _ in found} == {
            name: place for name, (place, _) in BY_HAND[example].items()
        }
