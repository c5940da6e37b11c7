"""The status embed: snapshots of the same games as the board, and what must always hold.

A snapshot is written when it is missing or when TOTEMBOT_UPDATE_SNAPSHOTS=1; otherwise the
embed must equal it. Whatever the names, nothing in an embed can ping and Discord's limits hold.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.render.test_board_snapshots import CASES, HOSTILE_NAMES, SNAPSHOTS, UPDATE
from totembot.games.magic.render.embed import status_embed
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.games.magic.rules.lookup import pool_name
from totembot.games.magic.rules.state import Pending
from totembot.render.markdown import escape

TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048
TOTAL_LIMIT = 6000
UNGUARDED = re.compile("[@<](?!\u200b)")  # '@' or '<' not followed by a zero-width space


def long_names_state() -> GameState:
    """Eight players with 100-character hostile names, commander damage and payments."""
    names = tuple(
        (f"{index}{name}" + "@*_<" * 25)[:100] for index, name in enumerate(HOSTILE_NAMES)
    )
    state = new_game(
        Config(players=names, commander=True, house_rules=("half-life-consent", "player-poison"))
    )
    players = [player.model_copy(update={"poison": 4}) for player in state.players]
    players[3] = players[3].model_copy(update={"status": "conceded"})
    damage = {names[4]: 7, f"{names[5]}:{'K' * 32}": 11}
    pools = [pool.model_copy(update={"commander_damage": damage}) for pool in state.pools]
    pools[2] = pools[2].model_copy(update={"poison": 9, "locked": True})
    pending = (
        Pending(id=1, payer=names[0], amount=3, pool=0, awaiting=names[1]),
        Pending(id=2, payer=names[6], amount=5, pool=6, awaiting=names[7]),
    )
    return state.model_copy(
        update={"players": tuple(players), "pools": tuple(pools), "pending": pending, "active": 2}
    )


PROPERTY_CASES = {**CASES, "long-names": long_names_state}


def strings(value: Any) -> Iterator[str]:
    """Every string in an embed, however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def serialised(embed: dict[str, Any]) -> str:
    return json.dumps(embed, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def assert_within_discord_limits(embed: dict[str, Any]) -> None:
    assert len(embed["title"]) < TITLE_LIMIT
    assert len(embed["description"]) < DESCRIPTION_LIMIT
    assert len(embed["footer"]["text"]) <= FOOTER_LIMIT
    fields = embed.get("fields", [])
    assert len(fields) <= 25
    for field in fields:
        assert len(field["name"]) <= FIELD_NAME_LIMIT
        assert len(field["value"]) <= FIELD_VALUE_LIMIT
    total = len(embed["title"]) + len(embed["description"]) + len(embed["footer"]["text"])
    total += sum(len(field["name"]) + len(field["value"]) for field in fields)
    assert total <= TOTAL_LIMIT


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_embed_matches_its_snapshot(case: str) -> None:
    embed = status_embed(CASES[case]())
    path = SNAPSHOTS / f"embed-{case}.json"
    assert json.loads(serialised(embed)) == embed, "the embed is plain JSON"
    if UPDATE or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(serialised(embed), encoding="utf-8")
        return
    assert embed == json.loads(path.read_text(encoding="utf-8")), (
        f"{path.name} differs (run with TOTEMBOT_UPDATE_SNAPSHOTS=1 to accept the change)"
    )


@pytest.mark.parametrize("case", sorted(PROPERTY_CASES))
def test_nothing_in_the_embed_can_ping(case: str) -> None:
    for text in strings(status_embed(PROPERTY_CASES[case]())):
        assert "<@" not in text and "@everyone" not in text and "@here" not in text
        assert UNGUARDED.search(text) is None, f"an unguarded @ or < in {text!r}"


@pytest.mark.parametrize("case", sorted(PROPERTY_CASES))
def test_the_embed_stays_within_discord_limits(case: str) -> None:
    assert_within_discord_limits(status_embed(PROPERTY_CASES[case]()))


@pytest.mark.parametrize("case", sorted(PROPERTY_CASES))
def test_every_player_and_every_totem_appears_in_seat_order(case: str) -> None:
    state = PROPERTY_CASES[case]()
    description = status_embed(state)["description"]
    position = 0
    for seat, player in enumerate(state.players):
        position = description.index(escape(player.name), position)
        position = description.index(escape(pool_name(state, seat), limit=90), position)


@pytest.mark.parametrize("case", sorted(PROPERTY_CASES))
def test_the_embed_has_no_control_or_invisible_characters_from_names(case: str) -> None:
    for text in strings(status_embed(PROPERTY_CASES[case]())):
        leftovers = [char for char in text if not char.isprintable() and char not in "\n\u200b"]
        assert leftovers == []


def crowded_state(name_length: int, partners: bool) -> GameState:
    """Eight players; every totem hit by the commanders of all six other players."""
    names = tuple(chr(ord("A") + seat) + "a" * (name_length - 1) for seat in range(8))
    state = new_game(Config(players=names, commander=True, house_rules=("player-poison",)))
    pools = []
    for pool in state.pools:
        others = [name for seat, name in enumerate(names) if seat not in pool.seats]
        keys = [f"{n}:{c * 31}" for n in others for c in "KT"] if partners else others
        damage = dict.fromkeys(keys, 20)
        pools.append(pool.model_copy(update={"commander_damage": damage, "poison": 9}))
    return state.model_copy(update={"pools": tuple(pools)})


def test_a_crowded_table_without_partners_stays_within_discord_limits() -> None:
    assert_within_discord_limits(status_embed(crowded_state(32, partners=False)))


def test_partner_commanders_on_every_totem_stay_within_the_description_limit() -> None:
    assert len(status_embed(crowded_state(12, partners=True))["description"]) < DESCRIPTION_LIMIT


def test_many_waiting_payments_stay_within_the_field_limit() -> None:
    state = crowded_state(32, partners=False)
    names = [player.name for player in state.players]
    pending = tuple(
        Pending(id=k, payer=names[k], amount=999_999, pool=k, awaiting=names[(k + 1) % 8])
        for k in range(7)
    )
    embed = status_embed(state.model_copy(update={"pending": pending}))
    assert len(embed["fields"][0]["value"]) <= FIELD_VALUE_LIMIT
