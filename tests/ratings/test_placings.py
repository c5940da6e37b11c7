"""Where each seat placed (issue 30), for the examples of examples/, worked out by hand from
each script's comments: winners first, then the others in reverse order of going out (one
request: tied), a team as its last player, a minion as the player they were when they lost for
good. Each game is played by the console into a database and placed from its log."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from totembot.cli import main
from totembot.reports.rated import placing_of
from totembot.store import open_store

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# name: (place, the names rated on one side with them)
BY_HAND = {
    # Cid fell a third time; Bob conceded; Ann won with Dan still her minion, who lost then.
    "minions.totem": {
        "Ann": (1, {"Ann"}),
        "Dan": (2, {"Dan"}),
        "Bob": (3, {"Bob"}),
        "Cid": (4, {"Cid"}),
    },
    # Dan went out; then the emperor Eve fell, and Fay with her: Ann, Bob and Cid won.
    "emperor.totem": {
        **{name: (1, {"Ann", "Bob", "Cid"}) for name in ("Ann", "Bob", "Cid")},
        **{name: (2, {"Dan", "Eve", "Fay"}) for name in ("Dan", "Eve", "Fay")},
    },
    # Cid, Eve and Bob went out, then Dan (Cid+Dan's last), then Fay as Ann won: Ann+Bob won,
    # Eve+Fay's last player went out after Cid+Dan's.
    "teams.totem": {
        **{name: (1, {"Ann", "Bob"}) for name in ("Ann", "Bob")},
        **{name: (2, {"Eve", "Fay"}) for name in ("Eve", "Fay")},
        **{name: (3, {"Cid", "Dan"}) for name in ("Cid", "Dan")},
    },
}


async def placed(database: Path) -> dict[str, tuple[int, set[str]]]:
    store = await open_store(database)
    try:
        [game_id] = await store.game_ids("finished")
        stored, log = await store.load_with_log(game_id)
    finally:
        await store.close()
    placing = placing_of(stored, log)
    names = stored.config.players
    return {
        name: (
            placing.places[seat],
            {other for k, other in enumerate(names) if placing.sides[k] == placing.sides[seat]},
        )
        for seat, name in enumerate(names)
    }


@pytest.mark.parametrize("example", sorted(BY_HAND))
def test_each_example_places_its_players_as_worked_out_by_hand(
    example: str, tmp_path: Path
) -> None:
    database = tmp_path / "games.db"
    main(["console", "--db", str(database), str(EXAMPLES / example)])  # refusals are expected
    assert asyncio.run(placed(database)) == BY_HAND[example]
