"""The status embed: everything the table needs, with user text made harmless."""

from __future__ import annotations

import pytest

from tests.rules.test_totem_variant_seed import run
from totembot.games.magic.render.embed import status_embed
from totembot.render.markdown import escape


def test_the_embed_shows_whose_turn_every_totem_and_the_setup() -> None:
    game = run(
        "game totem players: Ann, Bob, Cid, Dan commander rules: half-life-consent",
        "Ann: attack Bob-Cid for 5 with commander Tymna hitting Cid",
        "Bob: poison 2 to Cid via Cid-Dan",
        "Dan: lock left",
        "next",
    )
    embed = status_embed(game.state)
    assert embed["title"] == "Turn 2: Bob to play"
    lines = embed["description"].split("\n")
    assert lines[2] == "▶ **Bob**"
    assert lines[3] == "└ Bob-Cid: ♥ 35 · ⚔ Ann:Tymna 5"
    assert lines[5] == "└ Cid-Dan: ♥ 40 · ☠ 2"
    assert lines[7] == "└ Dan-Ann: ♥ 40 · 🔒"
    assert embed["footer"]["text"] == "Totem · 40 life · commander · half-life-consent"


def test_a_finished_game_names_the_winner_and_marks_the_dead_and_the_out() -> None:
    game = run("game totem players: Ann, Bob, Cid", "Bob: concede", "Ann: deal 20 to Cid")
    embed = status_embed(game.state)
    assert embed["title"] == "Game over: Ann won"
    assert "~~Bob~~ (conceded)" in embed["description"]
    assert "└ ~~Bob-Cid~~ ✖ dead (♥ 0)" in embed["description"]


def test_a_waiting_payment_is_listed() -> None:
    game = run(
        "game totem players: Ann, Bob, Cid rules: half-life-consent",
        "Cid: deal 11 to Ann via Ann-Bob",
        "Ann: pay 2 via left",
    )
    [field] = status_embed(game.state)["fields"]
    assert field["value"] == "#1: Ann pays 2 from Ann-Bob, if Bob approves"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("@everyone", "@\u200beveryone"),
        ("<@123>", "<\u200b@\u200b123>"),
        ("> quoted # not a heading", "\\> quoted # not a heading"),
        (
            "**bold** _it_ `code` ||spoiler||",
            "\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\|\\|spoiler\\|\\|",
        ),
        ("a\u200bb\x07c", "abc"),
        ("n" * 60, "n" * 39 + "…"),
    ],
)
def test_user_text_is_escaped_defused_and_clipped(text: str, expected: str) -> None:
    assert escape(text) == expected
