"""Totemic's hidden state through the store, on each backend: a strength revealed alone is kept
exactly (the other's reveal resolves against it after a restart), the table's view still hides
it when read back from the log, and an undone secret reveal stays secret."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import assert_every_game_rebuilds
from tests.test_ruleset_seam import record_lines
from totembot.games.registry import parse_setup, ruleset_of
from totembot.service import GameService
from totembot.store import GameStore, StoredGame, open_store

TWO = "game totemic players: Ann, Bob power: 26, 30 match: 3"
SOLO = "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20"


async def played(database: str | Path, setup: str, lines: list[str]) -> None:
    """A game started and played by one process, which then stops."""
    store = await open_store(database)
    try:
        service = GameService(store)
        await service.start("chan", "host", parse_setup(setup))
        await record_lines(service, "chan", lines)
    finally:
        await store.close()


async def reopened(database: str | Path) -> tuple[GameStore, GameService, StoredGame]:
    """The database as another process finds it: nothing known in memory."""
    store = await open_store(database)
    game = await store.load_current("chan")
    assert game is not None
    return store, GameService(store), game


async def table_sees(store: GameStore, game: StoredGame) -> str:
    """What the table may read of the game's newest log row."""
    [newest] = await store.events(game.id, newest=1)
    return ruleset_of(game.config.format).describe_events(newest.changes, secret=True)


async def test_a_strength_revealed_alone_is_kept_secret_and_resolves_after_a_restart(
    database: str | Path,
) -> None:
    await played(database, TWO, ["Ann: challenge", "Bob: accept", "Ann: reveal 9"])
    store, service, game = await reopened(database)
    try:
        assert game.state.challenge is not None
        assert game.state.challenge.revealed == (("Ann", 9),)
        assert ruleset_of(game.config.format).keeps_secret(game.state)
        assert await table_sees(store, game) == "Ann has revealed"
        await record_lines(service, "chan", ["Bob: reveal 7"])
        resolved = await store.load(game.id)
        assert resolved.state.challenge is None
        assert not ruleset_of(game.config.format).keeps_secret(resolved.state)
        assert "9 to 7" in await table_sees(store, resolved)
        assert await assert_every_game_rebuilds(store) == 1
    finally:
        await store.close()


async def test_an_undone_secret_reveal_stays_secret_when_read_back(
    database: str | Path,
) -> None:
    await played(database, TWO, ["Ann: challenge", "Bob: accept", "Ann: reveal 17", "undo"])
    store, service, game = await reopened(database)
    try:
        assert game.state.challenge is not None and game.state.challenge.revealed == ()
        log = await store.events(game.id)
        assert getattr(log[-1].changes[0], "request", None) == log[-2].request  # the undone
        assert "17" not in await table_sees(store, game)
        await record_lines(service, "chan", ["Ann: reveal 5", "Bob: reveal 7"])
        assert "7 to 5" in await table_sees(store, await store.load(game.id))
        assert await assert_every_game_rebuilds(store) == 1
    finally:
        await store.close()


async def test_a_solo_player_s_secret_reveal_waits_for_the_rival_across_a_restart(
    database: str | Path,
) -> None:
    await played(database, SOLO, ["Ann: challenge", "Ann: reveal 8"])
    store, service, game = await reopened(database)
    try:
        assert game.state.challenge is not None
        assert game.state.challenge.revealed == (("Ann", 8),)
        await record_lines(service, "chan", ["Badger: reveal 6"])
        resolved = await store.load(game.id)
        assert resolved.state.challenge is None
        assert "8 to 6" in await table_sees(store, resolved)
        assert await assert_every_game_rebuilds(store) == 1
    finally:
        await store.close()
