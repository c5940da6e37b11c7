"""A clash on a game's number is not taken for a busy channel (PostgreSQL)."""

from __future__ import annotations

import pytest

from tests.conftest import tamper
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import new_game
from totembot.store import ChannelBusy, NewGame, StoreError, open_store

pytestmark = pytest.mark.postgres


async def test_an_id_sequence_left_behind_is_a_storage_sentence_not_a_busy_channel(
    postgres_url: str,
) -> None:
    store = await open_store(postgres_url)
    config = parse_setup("game totem players: Ann, Bob, Cid")
    try:
        first = await store.create_game(
            NewGame("chan-1", "host", config, new_game(config), (), "now")
        )
        await tamper(postgres_url, "SELECT setval(pg_get_serial_sequence('games', 'id'), 1, false)")
        with pytest.raises(StoreError) as refused:
            await store.create_game(NewGame("chan-2", "host", config, new_game(config), (), "now"))
        assert not isinstance(refused.value, ChannelBusy)
        assert str(refused.value).startswith("The game could not be stored (")
        assert await store.current_id("chan-2") is None
        assert await store.game_ids() == [first.id]
    finally:
        await store.close()
