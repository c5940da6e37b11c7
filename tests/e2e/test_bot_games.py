"""Whole games through the real bot process and the local Discord stand-in."""

from __future__ import annotations

import random
import signal

import pytest

from tests.e2e.conftest import (
    ADMIN,
    ANN,
    BOB,
    CID,
    DAN,
    EVE,
    GUILD,
    SPECTATOR,
    TOKEN,
    BotProcess,
)
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def status_shows(standin: StandIn, text: str, channel: int) -> None:
    """Wait for the pinned status embed to contain `text` (edits are coalesced)."""

    def shown() -> bool:
        pins = standin.pins(channel)
        if not pins:
            return False
        message = standin.message(pins[-1]) or {}
        embed = (message.get("embeds") or [{}])[0]
        footer = (embed.get("footer") or {}).get("text")
        return text in f"{embed.get('title')}\n{embed.get('description')}\n{footer}"

    await standin.wait_for(shown, timeout=10)


async def test_a_three_player_game_from_new_to_a_winner(standin: StandIn, table: int) -> None:
    started = await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}>, <@{CID}>"}
    )
    assert not started.ephemeral
    assert "The game has started" in (started.content or "")
    await status_shows(standin, "Turn 1: Ann to play", table)

    dealt = await standin.slash(ANN, table, "damage", {"player": "Bob", "amount": 3})
    assert dealt.content == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    assert not dealt.ephemeral

    attacked = await standin.slash(
        BOB, table, "attack", {"totem": "Cid-Ann", "amount": 5, "hitting": "Cid"}
    )
    assert attacked.content == "Cid-Ann 20 -> 15 (combat damage to Cid from Bob)"
    phrase = await standin.slash(CID, table, "do", {"text": f"deal 4 to <@{ANN}> via Ann-Bob"})
    assert phrase.content == "Ann-Bob 20 -> 16, dealt by Cid (for Ann)"
    await standin.slash(ANN, table, "next")

    final = await standin.slash(BOB, table, "do", {"text": "deal 15 to Ann"})
    assert final.content is not None
    assert "Cid-Ann 15 -> 0" in final.content
    assert "Game over: Bob wins" in final.content
    await status_shows(standin, "Game over: Bob won", table)

    after = await standin.slash(CID, table, "next")
    assert after.ephemeral
    assert after.content == "The game is over: nothing more can be recorded except undo."


async def test_a_four_player_commander_game_gathered_in_a_lobby_to_a_winner(
    standin: StandIn, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new", {"commander": True})
    assert lobby.message_id is not None
    assert "A Totem game is gathering** (40 life, commander)" in (lobby.content or "")
    for user in (BOB, CID, DAN):
        joined = await standin.click(user, table, lobby.message_id, "totem:lobby:join")
        assert joined.type == 7  # the lobby message itself is updated
    assert "4. Dan" in (standin.message(lobby.message_id) or {})["content"]

    started = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert "The game has started**: Ann, Bob, Cid, Dan" in (started.content or "")
    await status_shows(standin, "└ Dan-Ann: ♥ 40", table)

    first = await standin.slash(
        ANN,
        table,
        "attack",
        {"totem": "Bob-Cid", "amount": 11, "commander": True, "commander_name": "Tymna"},
    )
    assert "Bob-Cid commander damage from Ann:Tymna 0 -\\> 11" not in (first.content or "")
    assert "Bob-Cid 40 -> 29" in (first.content or "")
    second = await standin.slash(
        ANN, table, "do", {"text": "attack Bob-Cid for 10 with commander tymna hitting Cid"}
    )
    assert "Bob-Cid is dead (21 combat damage from commander Ann:Tymna)" in (second.content or "")
    assert "Bob is out" in (second.content or "") and "Cid is out" in (second.content or "")
    await status_shows(standin, "⚔ Ann:Tymna 21", table)

    won = await standin.slash(DAN, table, "do", {"text": "attack Ann-Bob for 40 hitting Ann"})
    assert "Game over: Dan wins" in (won.content or "")
    await status_shows(standin, "Game over: Dan won", table)


async def test_the_lobby_seats_guests_orders_and_only_the_host_starts(
    standin: StandIn, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new", {"half_life_consent": True})
    assert lobby.message_id is not None
    await standin.click(BOB, table, lobby.message_id, "totem:lobby:join")
    too_few = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert too_few.ephemeral and "needs 3 to 8 players, not 2" in (too_few.content or "")

    guest = await standin.slash(ANN, table, "totem guest", {"name": "Gus the Guest"})
    assert "3. Gus the Guest (guest)" in (guest.content or "")
    refused = await standin.slash(BOB, table, "totem guest", {"name": "Sneaky"})
    assert refused.ephemeral and "Only the lobby's host" in (refused.content or "")

    left = await standin.click(BOB, table, lobby.message_id, "totem:lobby:leave")
    assert "Bob" not in (left.content or "")
    await standin.click(CID, table, lobby.message_id, "totem:lobby:join")
    again = await standin.click(CID, table, lobby.message_id, "totem:lobby:join")
    assert again.ephemeral and "already seated" in (again.content or "")

    ordered = await standin.slash(
        ANN, table, "totem seats", {"order": f'<@{CID}> "Gus the Guest" Ann'}
    )
    assert "1. Cid\n2. Gus the Guest (guest)\n3. Ann" in (ordered.content or "")
    not_host = await standin.click(CID, table, lobby.message_id, "totem:lobby:start")
    assert not_host.ephemeral and "Only the lobby's host" in (not_host.content or "")

    started = await standin.slash(ANN, table, "totem start")
    assert "The game has started**: Cid, Gus\\_the\\_Guest, Ann (turn 1: Cid)" in (
        started.content or ""
    )
    await status_shows(standin, "half-life-consent", table)


@pytest.mark.own_bot  # the bot's first shuffle since it started
async def test_shuffle_uses_the_random_source_the_bot_was_given(
    standin: StandIn, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    for user in (BOB, CID, DAN, EVE):
        await standin.click(user, table, lobby.message_id, "totem:lobby:join")
    shuffled = await standin.slash(ANN, table, "totem shuffle")
    order = [line.split(". ", 1)[1] for line in (shuffled.content or "").splitlines()[1:6]]
    assert sorted(order) == ["Ann", "Bob", "Cid", "Dan", "Eve"]
    expected = ["Ann", "Bob", "Cid", "Dan", "Eve"]
    random.Random(7).shuffle(expected)
    assert order == expected


@pytest.mark.own_bot
async def test_a_consent_request_is_answered_after_the_bot_restarts(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(
        ANN,
        table,
        "totem new",
        {"players": f"<@{ANN}> <@{BOB}> <@{CID}>", "half_life_consent": True},
    )
    await standin.slash(CID, table, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Bob"})
    asked = await standin.slash(ANN, table, "pay", {"amount": 2, "totem": "left"})
    assert asked.message_id is not None
    assert "Ann asks Bob to approve paying 2 life from Ann-Bob" in (asked.content or "")
    approve = "totem:consent:1:1:approve:2:0:2"  # game 1, request 1, recorded 2nd: Ann pays 2
    assert approve in [b["custom_id"] for row in asked.components for b in row["components"]]

    await bot.restart(signal.SIGKILL)

    stranger = await standin.click(CID, table, asked.message_id, approve)
    assert stranger.ephemeral
    assert stranger.content == "Only Bob can answer a request addressed to them."
    answered = await standin.click(BOB, table, asked.message_id, approve)
    assert answered.type == 7
    assert "Ann-Bob 9 -> 7, paid by Ann" in (answered.content or "")
    assert answered.components == []
    await status_shows(standin, "└ Ann-Bob: ♥ 7", table)


async def test_an_ambiguous_request_is_resolved_by_a_totem_button(
    standin: StandIn, table: int
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    asked = await standin.slash(ANN, table, "damage", {"player": "Cid", "amount": 4})
    assert asked.ephemeral
    assert asked.content == "Cid can take this on either totem: which one?"
    buttons = [c for row in asked.components for c in row["components"]]
    assert [b["label"] for b in buttons] == ["Cid-Dan (left): 20 life", "Bob-Cid (right): 20 life"]
    assert asked.message_id is not None
    chosen = await standin.click(ANN, table, asked.message_id, buttons[1]["custom_id"], followups=1)
    assert chosen.content == "Chosen: Bob-Cid."
    assert [f["content"] for f in chosen.followups] == ["Bob-Cid 20 -> 16, dealt by Ann (for Cid)"]
    await status_shows(standin, "└ Bob-Cid: ♥ 16", table)


async def test_admin_commands_are_refused_to_a_plain_member_and_accepted_from_an_admin(
    standin: StandIn, table: int
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    refused = await standin.slash(BOB, table, "totem-admin remove", {"player": "Cid"})
    assert refused.ephemeral and "Only the game's host or a member with Manage Server" in (
        refused.content or ""
    )
    removed = await standin.slash(ADMIN, table, "totem-admin remove", {"player": "Cid"})
    assert removed.content == "Cid is out: removed by the host"
    conceded = await standin.slash(ANN, table, "totem-admin concede", {"player": "Dan"})
    assert conceded.content == "Dan is out: conceded"
    await status_shows(standin, "~~Cid~~ (removed by the host)", table)


async def test_spectators_can_look_but_not_record(standin: StandIn, table: int) -> None:
    await standin.slash(ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"})
    for command, options in [("next", {}), ("do", {"text": "deal 3 to Bob"}), ("undo", {})]:
        refused = await standin.slash(SPECTATOR, table, command, options)
        assert refused.ephemeral
        assert refused.content == "You are not playing in this game: spectators can only look."
    look = await standin.slash(SPECTATOR, table, "totem status")
    assert look.ephemeral and look.embeds[0]["title"] == "Turn 1: Ann to play"


async def test_undo_takes_back_the_last_change_and_history_shows_it(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"})
    await standin.slash(ANN, table, "do", {"text": "deal 25 to Bob"})
    undone = await standin.slash(BOB, table, "undo")
    assert undone.content == "Undone: Ann: deal 25 to Bob"
    await status_shows(standin, "└ Bob-Cid: ♥ 20", table)
    history = await standin.slash(CID, table, "totem history")
    assert history.ephemeral
    assert "Ann: deal 25 to Bob" in (history.content or "")
    assert "Undone: Ann: deal 25 to Bob" in (history.content or "")
    nothing = await standin.slash(BOB, table, "undo")
    assert nothing.content == "There is nothing to undo."


async def test_autocomplete_offers_players_and_the_legal_totems_with_their_life(
    standin: StandIn, table: int
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    await standin.slash(BOB, table, "do", {"text": "deal 3 to Cid via left"})
    players = await standin.autocomplete(ANN, table, "damage", {"player": "c"}, focused="player")
    assert players == [{"name": "Cid", "value": "Cid"}]
    totems = await standin.autocomplete(
        ANN, table, "damage", {"player": "Cid", "totem": ""}, focused="totem"
    )
    assert totems == [
        {"name": "Cid-Dan (left): 17 life", "value": "Cid-Dan"},
        {"name": "Bob-Cid (right): 20 life", "value": "Bob-Cid"},
    ]
    own = await standin.autocomplete(BOB, table, "damage", {"player": "Cid", "totem": ""}, "totem")
    assert own == [{"name": "Cid-Dan (left): 17 life", "value": "Cid-Dan"}]


async def test_one_game_per_channel_and_games_in_other_channels_are_separate(
    standin: StandIn, table: int
) -> None:
    players = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
    await standin.slash(ANN, table, "totem new", players)
    busy = await standin.slash(BOB, table, "totem new", players)
    assert busy.ephemeral and "already has a game" in (busy.content or "")
    other_table = standin.new_channel(GUILD)
    other = await standin.slash(BOB, other_table, "totem new", players)
    assert "The game has started" in (other.content or "")
    await standin.slash(ANN, other_table, "do", {"text": "deal 5 to Bob"})
    await status_shows(standin, "└ Bob-Cid: ♥ 15", channel=other_table)
    await status_shows(standin, "└ Bob-Cid: ♥ 20", channel=table)
    ended = await standin.slash(BOB, table, "totem end")
    assert ended.ephemeral and "Only the game's host or an admin" in (ended.content or "")
    assert "was ended" in ((await standin.slash(ADMIN, table, "totem end")).content or "")
    assert "started" in ((await standin.slash(BOB, table, "totem new", players)).content or "")


async def test_no_message_pings_anyone_and_the_token_never_appears(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"})
    await standin.slash(ANN, table, "do", {"text": f"deal 3 to <@{BOB}>"})
    await standin.slash(CID, table, "totem history")
    await status_shows(standin, "└ Bob-Cid: ♥ 17", table)
    sent = [
        call
        for call in standin.calls
        if isinstance(call.json, dict)
        and ("content" in call.json or "embeds" in call.json or "data" in call.json)
    ]
    assert sent
    for call in sent:
        body = (
            call.json.get("data", call.json)
            if isinstance(call.json.get("data"), dict)
            else call.json
        )
        if "content" in body or "embeds" in body:
            assert body.get("allowed_mentions", {}).get("parse") == [], call
    assert all(message["mentions"] == [] for message in standin.channel_messages(table))
    assert TOKEN not in bot.log()
    assert all(TOKEN not in str(call.json) for call in standin.calls)


@pytest.mark.own_bot
async def test_sigterm_shuts_the_bot_down_cleanly(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"})
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    assert await bot.stop(signal.SIGTERM) == 0
    assert "shutting down" in bot.log()
    await bot.start()
    shown = await standin.slash(CID, table, "totem status")
    assert "└ Bob-Cid: ♥ 17" in shown.embeds[0]["description"]
