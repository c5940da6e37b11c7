"""Games stored before FORMATS.md's range amendment (2026-11-27) keep loading, replaying and
playing on under the rules they were recorded with; games set up since play the amended rules.

A setup stored without `edition` is edition 1: ranges counted over the players still in after
every request, and `win` making the speaker's side win. It is written back without the field, so
an old game's stored JSON does not change. Edition 2 (every game set up since) is written with
its edition, and its state with the seats counted as the latest turn began (`turn_seats`).
"""

from __future__ import annotations

import json

from totembot.games.magic.language.phrases import parse_line
from totembot.games.magic.render.state_json import state_json
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.games.magic.ruleset import MAGIC
from totembot.service import GameService, rebuild
from totembot.store import GameStore

# Seats: Ann BOB Cid | Dan EVE Fay (Bob and Eve the emperors); turn 1 is Bob's.
TEAMS = (("Ann", "Bob", "Cid"), ("Dan", "Eve", "Fay"))
SEATS = tuple(name for team in TEAMS for name in team)
OLD = Config(format="emperor", players=SEATS, teams=TEAMS, edition=1)
NEW = Config(format="emperor", players=SEATS, teams=TEAMS)
CHANNEL = "table"


async def record(service: GameService, *lines: str) -> GameState:
    """Each line through the service (each must be accepted); the state after the last."""
    recorded = None
    for line in lines:
        parsed = parse_line(line)
        assert parsed is not None, line
        recorded = await service.record(CHANNEL, parsed.request(host=True), "tester")
    assert recorded is not None
    return recorded.state


def test_a_setup_stored_without_an_edition_is_edition_1_and_written_back_as_it_was() -> None:
    stored = json.loads(MAGIC.dump(NEW))
    assert stored["edition"] == 2
    del stored["edition"]  # as every setup stored before the amendment
    old = MAGIC.load_config(json.dumps(stored))
    assert old == OLD
    assert json.loads(MAGIC.dump(old)) == stored
    assert MAGIC.load_config(MAGIC.dump(NEW)) == NEW


def test_a_state_stored_without_edition_or_seats_reads_as_the_old_game_it_was() -> None:
    stored = json.loads(MAGIC.dump(new_game(NEW)))
    assert stored["turn_seats"] == [0, 1, 2, 3, 4, 5]
    del stored["config"]["edition"], stored["turn_seats"]
    old = MAGIC.load_state(json.dumps(stored))
    assert old == new_game(OLD)
    assert (old.config.edition, old.turn_seats) == (1, None)
    assert json.loads(MAGIC.dump(old)) == stored


def test_a_new_setup_line_plays_the_amended_rules() -> None:
    assert MAGIC.parse_setup("game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay") == NEW
    assert NEW.edition == 2


async def test_an_old_game_plays_on_stored_and_replayed_under_the_rules_it_began_with(
    store: GameStore,
) -> None:
    service = GameService(store)
    await service.start(CHANNEL, "host", OLD)
    # Edition 1: Dan's seat stops counting at once, and Bob reaches Eve in the same turn.
    state = await record(service, "eliminate Dan", "Bob: deal 1 to Eve")
    assert state_json(state)["players"][4]["life"] == 19
    reloaded = await GameService(store).current(CHANNEL)  # read back from the database
    assert reloaded is not None and reloaded.state == state
    assert (reloaded.config.edition, reloaded.state.turn_seats) == (1, None)
    assert rebuild(reloaded, await store.events(reloaded.id)) == state
    # Edition 1's `win`: Cid's team wins at once, whoever is in range.
    state = await record(GameService(store), "Cid: win")
    assert state.finished and state.winners == ("Ann", "Bob", "Cid")
    stored = await store.load(reloaded.id)
    assert rebuild(stored, await store.events(stored.id)) == stored.state == state


async def test_a_new_game_stores_its_edition_and_the_seats_of_the_turn(store: GameStore) -> None:
    service = GameService(store)
    await service.start(CHANNEL, "host", NEW)
    state = await record(service, "eliminate Dan")
    assert state.turn_seats == (0, 1, 2, 3, 4, 5)  # Dan's seat counts until the next turn
    written = json.loads(MAGIC.dump(state))
    assert (written["config"]["edition"], written["turn_seats"]) == (2, [0, 1, 2, 3, 4, 5])
    reloaded = await GameService(store).current(CHANNEL)
    assert reloaded is not None and reloaded.state == state
    state = await record(GameService(store), "next")
    assert state.turn_seats == (0, 1, 2, 4, 5)
    stored = await store.load(reloaded.id)
    assert rebuild(stored, await store.events(stored.id)) == stored.state == state
