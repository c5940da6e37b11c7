"""Totemic's answer buttons: on a reply only while a challenge awaits an answer, one per answer
the rules allow, each naming the moment it asks about, within Discord's limits."""

from __future__ import annotations

import discord

from totembot.bot.games import reply_view
from totembot.bot.totemic.buttons import AnswerButton, add_answer_buttons, answer_labels, asked
from totembot.games.totemic.language.phrases import parse_line, parse_setup
from totembot.games.totemic.rules.game import TotemicGame, new_game
from totembot.games.totemic.rules.state import TotemicState
from totembot.service import Recorded

MATCH = "game totemic players: Ann, Bob power: 26, 30 match: 3"
SOLO = "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20"


def played(setup: str, *lines: str) -> TotemicState:
    game = TotemicGame(new_game(parse_setup(setup)))
    for line in lines:
        parsed = parse_line(line)
        assert parsed is not None
        game.record(parsed.request(host=True))
    return game.state


def custom_ids(view: discord.ui.View) -> list[str]:
    return [str(item.item.custom_id) for item in view.children if isinstance(item, AnswerButton)]


def test_an_answer_is_asked_only_while_a_challenge_awaits_it() -> None:
    assert asked(played(MATCH)) is None
    assert asked(played(MATCH, "Ann: challenge")) == "1.1.5.1"
    assert asked(played(MATCH, "Ann: challenge", "Bob: threaten")) == "1.1.10.0"
    assert asked(played(MATCH, "Ann: challenge", "Bob: accept")) is None
    assert asked(played(SOLO, "Ann: challenge")) is None  # the rival accepted at once
    assert asked(played(SOLO, "Ann: draw", "next", "Badger: challenge")) == "1.2.5.0"


def test_the_labels_say_what_each_answer_costs() -> None:
    assert answer_labels(played(MATCH, "Ann: challenge")) == {
        "accept": "Accept",
        "threaten": "Threaten: totem to 10",
        "submit": "Submit: lose 5 power",
    }


async def test_a_reply_carries_the_buttons_of_the_awaited_answer() -> None:
    state = played(MATCH, "Ann: challenge")
    view = reply_view(Recorded(game_id=42, version=1, state=state, events=[]))
    assert custom_ids(view) == [
        "totemic:answer:42:1.1.5.1:accept",
        "totemic:answer:42:1.1.5.1:threaten",
        "totemic:answer:42:1.1.5.1:submit",
    ]
    for item in view.children:
        assert isinstance(item, AnswerButton)
        assert item.item.label is not None and len(item.item.label) <= 80
    answered = played(MATCH, "Ann: challenge", "Bob: accept")
    assert reply_view(Recorded(game_id=42, version=2, state=answered, events=[])).children == []


async def test_the_longest_custom_id_fits_discords_limit() -> None:
    view = discord.ui.View(timeout=None)
    state = played(MATCH, "Ann: challenge")
    add_answer_buttons(view, Recorded(game_id=2**63 - 1, version=1, state=state, events=[]))
    assert all(len(custom_id) <= 100 for custom_id in custom_ids(view))
    button = AnswerButton(2**63 - 1, "9.9999999.1000.1", "threaten")
    assert len(button.item.custom_id or "") <= 100
    match = AnswerButton.__discord_ui_compiled_template__.fullmatch(button.item.custom_id or "")
    assert match is not None and match["answer"] == "threaten"
