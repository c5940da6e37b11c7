"""One shell, several games: the service and the store know a game only by its ruleset.

Every ruleset's game goes through each backend (a real SQLite file, a real PostgreSQL database)
the same way: start, record, refuse, undo, reload and rebuild. What each part may import is
the layer contracts' (tests/test_layers.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_every_game_rebuilds
from totembot.core.errors import RuleViolation
from totembot.games.registry import parse_setup, ruleset_of
from totembot.service import GameService
from totembot.store import open_store

# One game of each ruleset: its setup, lines that are accepted, and one that is refused.
GAMES = {
    "totem": (
        "game totem players: Ann, Bob, Cid",
        ["Ann: deal 3 to Bob via left", "next"],
        "Ann: deal 3 to Zed via left",
    ),
    "totemic": (
        "game totemic players: Ann, Bob power: 26, 30 match: 3",
        ["Ann: challenge", "Bob: accept", "Ann: reveal 9", "Bob: reveal 7", "next"],
        "Ann: draw",
    ),
    "totemic-solo": (
        "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20",
        ["Ann: challenge", "Ann: reveal 8", "Badger: reveal 6"],
        "Badger: accept",
    ),
}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("totem", "magic"),
        ("grand-melee", "magic"),
        ("totemic", "totemic"),
        ("totemic-solo", "totemic"),
    ],
)
def test_each_format_is_played_by_its_ruleset(name: str, expected: str) -> None:
    assert ruleset_of(name).name == expected


def test_an_unknown_format_is_refused_naming_the_formats_of_every_ruleset() -> None:
    with pytest.raises(RuleViolation) as refused:
        parse_setup("game chess players: Ann, Bob")
    assert "'totemic'" in str(refused.value) and "'two-headed-giant'" in str(refused.value)
    assert "'chess'" in str(refused.value)


async def record_lines(service: GameService, channel: str, lines: list[str]) -> None:
    for line in lines:
        stored = await service.current(channel)
        assert stored is not None
        parsed = ruleset_of(stored.config.format).parse_line(line, stored.state)
        assert parsed is not None
        await service.record(
            channel, parsed.request_as(parsed.speaker, host=parsed.speaker is None), "tester"
        )


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_ruleset_stores_refuses_undoes_and_rebuilds_alike(
    database: str | Path, game: str
) -> None:
    setup, lines, refused_line = GAMES[game]
    store = await open_store(database)
    try:
        service = GameService(store)
        started = await service.start("chan", "host", parse_setup(setup))
        await record_lines(service, "chan", lines)
        played = await store.load(started.id)
        assert played.version == len(lines) and played.state != started.state
        with pytest.raises(RuleViolation):
            await record_lines(service, "chan", [refused_line])
        assert (await store.load(started.id)).state == played.state
        await record_lines(service, "chan", ["undo"])
        undone = await store.load(started.id)
        assert undone.state != played.state
        assert undone.state == ruleset_of(undone.config.format).rebuild(
            undone.config, [record.request for record in (await store.events(started.id))[:-2]]
        )
        assert await assert_every_game_rebuilds(store) == 1
    finally:
        await store.close()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_reopened_database_continues_every_ruleset_s_game(
    database: str | Path, game: str
) -> None:
    setup, lines, _refused = GAMES[game]
    store = await open_store(database)
    service = GameService(store)
    await service.start("chan", "host", parse_setup(setup))
    await record_lines(service, "chan", lines[:-1])
    before = await service.current("chan")
    await store.close()
    reopened = await open_store(database)
    try:
        service = GameService(reopened)
        again = await service.current("chan")
        assert again is not None and before is not None
        assert again.state == before.state and type(again.config) is type(before.config)
        await record_lines(service, "chan", lines[-1:])
        assert await assert_every_game_rebuilds(reopened) == 1
    finally:
        await reopened.close()
