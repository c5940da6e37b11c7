"""Totemic through the real bot: a best-of-three match with answer buttons and secret reveals,
and a solo game against two rivals recorded by its one member."""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from typing import Any

import pytest

from tests.e2e.conftest import ANN, BOB, CID, GUILD, BotProcess
from tests.e2e.stored import pinned_embed, status_finished
from totembot.games.totemic.rules.state import TotemicState
from totembot.testing import Reply, StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

ONLY_BOB = "Only Bob can answer a request addressed to them."
ONLY_ANN = "Only Ann can answer a request addressed to them."


def stored_totemic(bot: BotProcess, channel: int) -> TotemicState:
    """The channel's latest game as the bot committed it (a reply comes after the commit)."""
    with closing(sqlite3.connect(bot.workdir / "totembot.sqlite3", timeout=10)) as db:
        row = db.execute(
            "SELECT snapshot FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (str(channel),),
        ).fetchone()
    assert row is not None, f"no game stored for channel {channel}"
    return TotemicState.model_validate_json(row[0])


def buttons(components: list[dict[str, Any]]) -> dict[str, str]:
    """The answer buttons of a message: "accept" -> its custom id."""
    found = {}
    for row in components:
        for button in row.get("components", []):
            custom_id = str(button.get("custom_id", ""))
            if custom_id.startswith("totemic:answer:"):
                found[custom_id.rsplit(":", 1)[1]] = custom_id
    return found


def labels(components: list[dict[str, Any]]) -> list[str]:
    return [str(button["label"]) for row in components for button in row["components"]]


def seen_by_the_channel(standin: StandIn, table: int) -> str:
    """Everything the channel can read: every public message's text, embeds and buttons, and
    the pinned status."""
    shown = [
        json.dumps([message.get(key) for key in ("content", "embeds", "components")])
        for message in standin.channel_messages(table)
    ]
    return "\n".join([*shown, json.dumps(pinned_embed(standin, table), ensure_ascii=False)])


def shows_number(text: str, number: int) -> bool:
    return re.search(rf"(?<![0-9]){number}(?![0-9])", text) is not None


async def pinned_shows(standin: StandIn, table: int, text: str) -> None:
    """Wait for the pinned status embed (fields included) to contain `text`."""
    await standin.wait_for(
        lambda: text in json.dumps(pinned_embed(standin, table), ensure_ascii=False), timeout=10
    )


async def press(standin: StandIn, user: int, table: int, reply: Reply, answer: str) -> Reply:
    assert reply.message_id is not None
    return await standin.click(user, table, reply.message_id, buttons(reply.components)[answer])


async def refused_press(
    standin: StandIn, bot: BotProcess, user: int, table: int, reply: Reply, answer: str
) -> str:
    """A press by someone who may not answer: refused privately, and nothing changes."""
    assert reply.message_id is not None
    before_message = standin.message(reply.message_id)
    before_state = stored_totemic(bot, table)
    pressed = await press(standin, user, table, reply, answer)
    assert pressed.ephemeral
    assert standin.message(reply.message_id) == before_message
    assert stored_totemic(bot, table) == before_state
    return pressed.content or ""


async def test_a_best_of_three_match_with_buttons_and_secret_reveals(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    started = await standin.slash(
        ANN,
        table,
        "totemic new",
        {"players": f"<@{ANN}> <@{BOB}>", "power": "26, 30", "match": 3},
    )
    assert not started.ephemeral
    assert started.content == (
        "**Totemic has started**: Ann (26 power) against Bob (30 power, dominance), best of 3; "
        "totem 5 to 30. Turn 1: Ann. The status is pinned."
    )
    await pinned_shows(standin, table, "Game 1 of 3 · Turn 1: Ann to play")

    # Game 1: a challenge answered with the buttons, a threat passing the answer back.
    challenged = await standin.slash(ANN, table, "do", {"text": "challenge"})
    assert challenged.content == "Ann challenges Bob."
    asked = buttons(challenged.components)
    assert list(asked) == ["accept", "threaten", "submit"]
    assert re.fullmatch(r"totemic:answer:\d+:1\.1\.5\.1:accept", asked["accept"]), asked
    assert labels(challenged.components) == [
        "Accept",
        "Threaten: totem to 10",
        "Submit: lose 5 power",
    ]
    assert all(len(custom_id) <= 100 for custom_id in asked.values())
    for stranger in (ANN, CID):
        assert await refused_press(standin, bot, stranger, table, challenged, "accept") == ONLY_BOB

    threatened = await press(standin, BOB, table, challenged, "threaten")
    assert not threatened.ephemeral and threatened.message_id == challenged.message_id
    assert threatened.content == (
        "Ann challenges Bob.\nBob threatens: the totem rises from 5 to 10; Ann answers."
    )
    assert re.fullmatch(
        r"totemic:answer:\d+:1\.1\.10\.0:accept", buttons(threatened.components)["accept"]
    )
    assert await refused_press(standin, bot, BOB, table, threatened, "accept") == ONLY_ANN
    accepted = await press(standin, ANN, table, threatened, "accept")
    assert accepted.content == (
        "Ann challenges Bob.\nBob threatens: the totem rises from 5 to 10; Ann answers.\n"
        "Ann accepts the challenge: both reveal."
    )
    assert accepted.components == []

    # Secret reveals: the channel learns who revealed, and both numbers only at the end.
    in_public = await standin.slash(BOB, table, "do", {"text": "reveal 500"})
    assert in_public.ephemeral and "only you see" in (in_public.content or "")
    first = await standin.slash(ANN, table, "totemic reveal", {"strength": 613}, followups=1)
    assert first.ephemeral
    assert first.content == "You revealed 613: it stays secret until Bob reveals."
    assert [followup["content"] for followup in first.followups] == ["Ann has revealed."]
    assert not first.followup_log[0].ephemeral
    await pinned_shows(standin, table, "✅ Ann has revealed · ⏳ Bob has not revealed")
    history = await standin.slash(BOB, table, "totem history")
    status = await standin.slash(BOB, table, "totem status")
    assert "Ann: reveal" in (history.content or "")
    for private in (history.content or "", json.dumps(status.embeds)):
        assert not shows_number(private, 613)
    assert not shows_number(seen_by_the_channel(standin, table), 613)
    twice = await standin.slash(ANN, table, "totemic reveal", {"strength": 1})
    assert twice.ephemeral and twice.content == "Ann has already revealed."
    for_ann = await standin.slash(BOB, table, "totemic reveal", {"strength": 2, "player": "Ann"})
    assert for_ann.ephemeral and for_ann.content == "Only Ann can reveal their own strength."

    second = await standin.slash(BOB, table, "totemic reveal", {"strength": 500}, followups=1)
    assert second.ephemeral
    assert second.content == (
        "You revealed 500: both strengths are in, and the table sees the result."
    )
    assert [followup["content"] for followup in second.followups] == [
        "Bob reveals 500.\n"
        "Ann wins the challenge at level 10, 613 to 500.\n"
        "Bob loses 10 power (lost the challenge at level 10): 30 → 20."
    ]
    assert shows_number(seen_by_the_channel(standin, table), 613)  # both shown at the end
    open_turn = await standin.slash(BOB, table, "next")
    assert open_turn.ephemeral and "It is Ann's turn" in (open_turn.content or "")
    turned = await standin.slash(ANN, table, "next")
    assert turned.content == "Turn 2: Bob's turn; the totem is back at level 5."

    # Submit, then the game ends at `next`; undo restores it; the match goes on.
    challenged = await standin.slash(BOB, table, "do", {"text": "challenge"})
    assert challenged.content == "Bob challenges Ann."
    submitted = await press(standin, ANN, table, challenged, "submit")
    assert submitted.content == (
        "Bob challenges Ann.\nAnn submits.\nAnn loses 5 power (submitted): 26 → 21."
    )
    assert submitted.components == []
    magic = await standin.slash(BOB, table, "damage", {"player": "Ann", "amount": 3})
    assert magic.ephemeral
    assert (
        magic.content == "This channel plays totemic: record it with /do (see /totem help totemic)."
    )
    lost = await standin.slash(BOB, table, "do", {"text": "Ann loses 30"})
    assert lost.content == "Ann loses 30 power: 21 → -9."
    ended = await standin.slash(BOB, table, "next")
    game_two = (
        "Bob wins game 1, 20 power to Ann's -9.\n"
        "Game 2 of 3 starts (Ann 0, Bob 1); Bob holds dominance and Ann plays first."
    )
    assert ended.content == game_two
    undone = await standin.slash(ANN, table, "undo")
    assert undone.content == "Undone: Bob: next."
    back = stored_totemic(bot, table)
    assert back.match is not None and back.match.game == 1 and back.match.wins_of("Bob") == 0
    assert [animal.power for animal in back.players] == [-9, 20]
    again = await standin.slash(BOB, table, "next")
    assert again.content == game_two
    await pinned_shows(standin, table, "Game 2 of 3 · Turn 1: Ann to play")

    # Game 2: Ann wins.
    assert (await standin.slash(ANN, table, "do", {"text": "draw"})).content == "Ann draws."
    await standin.slash(ANN, table, "do", {"text": "Bob loses 40"})
    won = await standin.slash(ANN, table, "next")
    assert won.content == (
        "Ann wins game 2, 26 power to Bob's -10.\n"
        "Game 3 of 3 starts (Ann 1, Bob 1); Bob holds dominance and Ann plays first."
    )

    # Game 3: a reveal the other way round, and the match is over.
    challenged = await standin.slash(ANN, table, "do", {"text": "challenge"})
    by_phrase = await standin.slash(BOB, table, "do", {"text": "accept"})
    assert by_phrase.content == "Bob accepts the challenge: both reveal."
    assert by_phrase.components == []
    stale = await refused_press(standin, bot, BOB, table, challenged, "accept")
    assert stale == "This challenge has already been answered."
    hidden = await standin.slash(BOB, table, "totemic reveal", {"strength": 347}, followups=1)
    assert hidden.content == "You revealed 347: it stays secret until Ann reveals."
    assert [followup["content"] for followup in hidden.followups] == ["Bob has revealed."]
    await pinned_shows(standin, table, "⏳ Ann has not revealed · ✅ Bob has revealed")
    assert not shows_number(seen_by_the_channel(standin, table), 347)
    shown = await standin.slash(ANN, table, "totemic reveal", {"strength": 400}, followups=1)
    assert shown.followups[0]["content"] == (
        "Ann reveals 400.\nAnn wins the challenge at level 5, 400 to 347.\n"
        "Bob loses 5 power (lost the challenge at level 5): 30 → 25."
    )
    await standin.slash(ANN, table, "do", {"text": "Bob loses 25"})
    final = await standin.slash(ANN, table, "next")
    assert final.content == (
        "Ann wins game 3, 26 power to Bob's 0.\nAnn wins the match (Ann 2, Bob 1)."
    )

    state = stored_totemic(bot, table)
    assert state.finished and state.winners == ("Ann",)
    assert state.match is not None and dict(state.match.wins) == {"Ann": 2, "Bob": 1}
    await status_finished(standin, table, "Ann won the match 2–1")
    over = await standin.slash(BOB, table, "do", {"text": "draw"})
    assert over.ephemeral
    assert over.content == "The game is over: nothing more can be recorded except undo."
    status = await standin.slash(CID, table, "totem status")
    assert status.embeds[0]["title"] == "Game over: Ann won the match 2–1"


async def test_a_solo_game_against_two_rivals_through_a_confrontation_change(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    started = await standin.slash(
        ANN, table, "totemic solo", {"power": 26, "rivals": "Badger 28, Bat 20"}
    )
    assert started.content == (
        "**Totemic solo has started**: Ann (26 power) against Badger (28 power, dominance), "
        "then Bat; totem 5 to 30. Turn 1: Ann. The status is pinned."
    )
    await pinned_shows(standin, table, "Confrontation 1 of 2 · Turn 1: Ann to play")

    challenged = await standin.slash(ANN, table, "do", {"text": "challenge"})
    assert challenged.content == (
        "Ann challenges Badger.\nBadger accepts, as a rival always does: both reveal."
    )
    assert challenged.components == []  # the rival never answers: no buttons
    rival = await standin.slash(ANN, table, "do", {"text": "Badger: reveal 4"})
    assert rival.content == "Badger has revealed."
    mine = await standin.slash(ANN, table, "totemic reveal", {"strength": 9}, followups=1)
    assert mine.content == "You revealed 9: both strengths are in, and the table sees the result."
    assert mine.followups[0]["content"] == (
        "Ann reveals 9.\nAnn wins the challenge at level 5, 9 to 4.\n"
        "Badger loses 5 power (lost the challenge at level 5): 28 → 23."
    )
    await standin.slash(ANN, table, "do", {"text": "Badger loses 30"})
    beaten = await standin.slash(ANN, table, "next")
    assert beaten.content == (
        "Ann wins confrontation 1, 26 power to Badger's -7.\n"
        "Ann starts the next confrontation with 40 power (26 left plus 14, half the beaten "
        "rival's starting power).\n"
        "Confrontation 2: Ann (40 power) against Bat (20 power); Ann holds dominance and Bat "
        "plays first."
    )
    state = stored_totemic(bot, table)
    assert state.solo is not None and state.solo.confrontation == 2
    assert [rival.status for rival in state.solo.rivals] == ["defeated", "current"]
    await pinned_shows(standin, table, "Confrontation 2 of 2 · Turn 1: Bat to play")

    # The rival's lines are the member's to record; the buttons ask only the member.
    challenged = await standin.slash(ANN, table, "do", {"text": "Bat: challenge"})
    assert challenged.content == "Bat challenges Ann."
    assert re.fullmatch(
        r"totemic:answer:\d+:2\.1\.5\.0:submit", buttons(challenged.components)["submit"]
    )
    assert await refused_press(standin, bot, BOB, table, challenged, "submit") == ONLY_ANN
    threatened = await press(standin, ANN, table, challenged, "threaten")
    assert threatened.content == (
        "Bat challenges Ann.\nAnn threatens: the totem rises from 5 to 10; Bat answers.\n"
        "Bat accepts, as a rival always does: both reveal."
    )
    assert threatened.components == []
    answering = await standin.slash(ANN, table, "do", {"text": "Bat: submit"})
    assert answering.ephemeral and "Bat is the rival" in (answering.content or "")
    await standin.slash(
        ANN, table, "totemic reveal", {"strength": 12, "player": "Bat"}, followups=1
    )
    lost = await standin.slash(ANN, table, "totemic reveal", {"strength": 2}, followups=1)
    assert lost.followups[0]["content"] == (
        "Ann reveals 2.\nBat wins the challenge at level 10, 12 to 2.\n"
        "Ann loses 10 power (lost the challenge at level 10): 40 → 30."
    )
    turned = await standin.slash(ANN, table, "do", {"text": "Bat: next"})
    assert turned.content == "Turn 2: Ann's turn; the totem is back at level 5."
    history = await standin.slash(ANN, table, "totem history", {"count": 3})
    assert "Bat: next" in (history.content or "")

    board = await standin.slash(ANN, table, "totem board")
    assert board.ephemeral
    assert board.content == "A Totemic game has no board picture: /totem status shows it."
    conceded = await standin.slash(ANN, table, "concede")
    assert conceded.ephemeral and (conceded.content or "").startswith(
        "This channel plays totemic-solo: record it with /do"
    )
    ended = await standin.slash(ANN, table, "totem end")
    assert ended.content == "The game was ended by Ann; a new one can start here."
    await standin.wait_for(lambda: standin.pins(table) == [])


async def test_totemic_setups_and_reveals_are_refused_in_one_sentence(
    standin: StandIn, table: int
) -> None:
    cases = [
        (
            {"players": f"<@{ANN}> <@{BOB}>", "power": "26"},
            "Give one starting power for each player: 2 players but 1 power.",
        ),
        (
            {"players": f"<@{ANN}> <@{BOB}> <@{CID}>", "power": "1, 2, 3"},
            "A totemic game has exactly two players, like 'players: Ann, Bob'.",
        ),
        ({"players": f"<@{ANN}> <@{ANN}>", "power": "1, 2"}, "Each member can take only one seat."),
        (
            {"players": f"<@{ANN}> Gus", "power": "26, x"},
            "Give power as whole numbers split by commas, like '26, 30', not 'x'.",
        ),
        (
            {"players": f"<@{ANN}> Gus", "power": "26, 30", "levels": "5, 5"},
            "The totem's levels must rise, like 'levels: 5, 10, 15', but 5 follows 5.",
        ),
    ]
    for options, sentence in cases:
        refused = await standin.slash(ANN, table, "totemic new", options)
        assert refused.ephemeral and refused.content == sentence
    solo = await standin.slash(ANN, table, "totemic solo", {"power": 26, "rivals": "Badger"})
    assert solo.ephemeral and (solo.content or "").startswith("Give each rival as a name and its")
    assert standin.channel_messages(table) == []

    await standin.slash(ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"})
    magic = await standin.slash(ANN, table, "totemic reveal", {"strength": 3})
    assert magic.ephemeral
    assert magic.content == "This channel plays totem: /totemic reveal is for Totemic games."
    busy = await standin.slash(
        BOB, table, "totemic new", {"players": f"<@{ANN}> <@{BOB}>", "power": "1, 2"}
    )
    assert busy.content == "This channel already has a game: end it with /totem end first."


async def test_the_host_answers_and_reveals_for_a_guest_and_a_solo_player_hosts_their_game(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    started = await standin.slash(
        ANN, table, "totemic new", {"players": f'<@{ANN}> "Gus Guest"', "power": "10, 20"}
    )
    assert (started.content or "").startswith(
        "**Totemic has started**: Ann (10 power) against Gus\\_Guest (20 power, dominance), "
        "one game;"
    )
    challenged = await standin.slash(ANN, table, "do", {"text": "challenge"})
    assert await refused_press(standin, bot, BOB, table, challenged, "accept") == (
        "Only Gus\\_Guest can answer a request addressed to them."
    )
    accepted = await press(standin, ANN, table, challenged, "accept")
    assert (
        accepted.content
        == "Ann challenges Gus\\_Guest.\nGus\\_Guest accepts the challenge: both reveal."
    )
    for_guest = await standin.slash(
        ANN, table, "totemic reveal", {"strength": 71, "player": "Gus_Guest"}, followups=1
    )
    assert (
        for_guest.content == "You revealed 71 for Gus\\_Guest: it stays secret until Ann reveals."
    )
    assert for_guest.followups[0]["content"] == "Gus\\_Guest has revealed."
    assert not shows_number(seen_by_the_channel(standin, table), 71)

    other = standin.new_channel(GUILD)
    solo = await standin.slash(
        CID, other, "totemic solo", {"power": 10, "rivals": "Wolf 5", "player": f"<@{BOB}>"}
    )
    assert solo.content == (
        "**Totemic solo has started**: Bob (10 power, dominance) against Wolf (5 power); "
        "totem 5 to 30. Turn 1: Wolf. The status is pinned."
    )
    await standin.slash(BOB, other, "do", {"text": "Wolf: challenge"})
    for text, said in [("accept", "Bob accepts"), ("Wolf: reveal 3", "Wolf has revealed.")]:
        reply = await standin.slash(BOB, other, "do", {"text": text})
        assert said in (reply.content or ""), reply.content
    by_starter = await standin.slash(CID, other, "do", {"text": "Wolf gains 1"})
    assert by_starter.ephemeral  # the member who started it for Bob does not keep its score
    assert by_starter.content == "You are not playing in this game: spectators can only look."


async def test_magic_only_commands_in_a_totemic_channel_are_refused_in_one_sentence(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(
        ANN, table, "totemic new", {"players": f"<@{ANN}> <@{BOB}>", "power": "26, 30"}
    )
    before = stored_totemic(bot, table)
    refusal = "This channel plays totemic: record it with /do (see /totem help totemic)."
    for command, options in (
        ("totem-admin concede", {"player": "Bob"}),
        ("totem-admin remove", {"player": "Bob"}),
        ("damage", {"player": "Bob", "amount": 3}),
    ):
        refused = await standin.slash(ANN, table, command, options)
        assert refused.ephemeral and refused.content == refusal, command
    assert stored_totemic(bot, table) == before
    undone = await standin.slash(ANN, table, "undo")  # /undo says Totemic's own phrase
    assert undone.ephemeral and undone.content == "There is nothing to undo."
