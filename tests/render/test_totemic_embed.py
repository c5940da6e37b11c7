"""The Totemic status embed: both animals, the totem, the turn, the challenge (never a secret
strength), the match score or the solo ladder, and the winner."""

from __future__ import annotations

import json
from typing import Any

from totembot.games.totemic.language.phrases import parse_line, parse_setup
from totembot.games.totemic.render.embed import totemic_embed
from totembot.games.totemic.rules.game import TotemicGame, new_game
from totembot.games.totemic.rules.state import TotemicState
from totembot.render.embeds import ACTIVE_COLOUR, FINISHED_COLOUR

MATCH = "game totemic players: Ann, Bob power: 26, 30 match: 3"
SOLO = "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20, Wolf 25"


def played(setup: str, *lines: str) -> TotemicState:
    """The state after the lines, every one of which the rules accept."""
    game = TotemicGame(new_game(parse_setup(setup)))
    for line in lines:
        parsed = parse_line(line)
        assert parsed is not None
        game.record(parsed.request(host=True))
    return game.state


def field(embed: dict[str, Any], name: str) -> str:
    found = [f["value"] for f in embed.get("fields", []) if f["name"].startswith(name)]
    assert found, f"no field {name!r} in {embed}"
    return str(found[0])


def within_discord_limits(embed: dict[str, Any]) -> None:
    assert len(embed["title"]) <= 256
    assert len(embed["description"]) <= 4096
    assert len(embed["footer"]["text"]) <= 2048
    fields = embed.get("fields", [])
    assert len(fields) <= 25
    for entry in fields:
        assert 0 < len(entry["name"]) <= 256 and 0 < len(entry["value"]) <= 1024
    total = len(embed["title"]) + len(embed["description"]) + len(embed["footer"]["text"])
    total += sum(len(entry["name"]) + len(entry["value"]) for entry in fields)
    assert total <= 6000


def test_a_match_shows_both_animals_dominance_the_totem_the_turn_and_the_score() -> None:
    embed = totemic_embed(played(MATCH, "Ann: draw"))
    assert embed["title"] == "Game 1 of 3 · Turn 1: Ann to play"
    assert embed["description"].split("\n") == [
        "▶ **Ann** · 26 power",
        "**Bob** (👑 dominance) · 30 power",
        "🗿 Totem: level **5** · 5 levels above: 10, 15, 20, 25, 30",
        "Turn 1: Ann drew",
    ]
    assert embed["fields"] == [
        {"name": "Match: best of 3", "value": "Game 1 · wins: Ann 0 · Bob 0", "inline": False}
    ]
    assert embed["footer"]["text"] == "Totemic · best of 3 · totem 5 to 30 (6 levels)"
    assert embed["color"] == ACTIVE_COLOUR
    within_discord_limits(embed)


def test_one_game_has_no_score_and_the_top_level_is_called_the_last() -> None:
    state = played(
        "game totemic players: Ann, Bob power: 26, 30 levels: 5, 10",
        "Ann: challenge",
        "Bob: threaten",
    )
    embed = totemic_embed(state)
    assert embed["title"] == "Turn 1: Ann to play"
    assert "🗿 Totem: level **10**, its last" in embed["description"]
    assert "Turn 1: Ann challenged" in embed["description"]
    assert [f["name"] for f in embed["fields"]] == ["Challenge"]
    assert embed["footer"]["text"] == "Totemic · one game · totem 5 to 10 (2 levels)"


def test_an_open_challenge_says_whose_answer_is_awaited() -> None:
    embed = totemic_embed(played(MATCH, "Ann: challenge", "Bob: threaten"))
    assert field(embed, "Challenge") == (
        "Ann challenged Bob.\n⏳ Ann answers: accept, threaten or submit."
    )
    assert "level **10**" in embed["description"]


def test_a_reveal_in_shows_who_revealed_and_never_the_strength() -> None:
    state = played(MATCH, "Ann: challenge", "Bob: accept", "Bob: reveal 613")
    embed = totemic_embed(state)
    assert field(embed, "Challenge") == (
        "Ann challenged Bob.\nAccepted: both reveal their strength.\n"
        "⏳ Ann has not revealed · ✅ Bob has revealed"
    )
    assert "613" not in json.dumps(embed, ensure_ascii=False)


def test_the_challenge_is_gone_once_both_reveal() -> None:
    state = played(MATCH, "Ann: challenge", "Bob: accept", "Bob: reveal 6", "Ann: reveal 9")
    embed = totemic_embed(state)
    assert "Challenge" not in [f["name"] for f in embed["fields"]]
    assert "**Bob** (👑 dominance) · 25 power" in embed["description"]


def test_a_solo_run_shows_the_rival_and_the_ladder() -> None:
    state = played(SOLO, "Ann: draw", "Badger loses 40", "next")
    embed = totemic_embed(state)
    assert embed["title"] == "Confrontation 2 of 3 · Turn 1: Bat to play"
    lines = embed["description"].split("\n")
    assert lines[:2] == ["**Ann** (👑 dominance) · 40 power", "▶ **Bat** (rival) · 20 power"]
    assert field(embed, "Rivals: confrontation 2 of 3") == (
        "1. ~~Badger~~ (28 power) defeated\n2. ▶ **Bat** (20 power) now\n3. Wolf (25 power) ahead"
    )
    assert embed["footer"]["text"] == "Totemic solo · 3 rivals · totem 5 to 30 (6 levels)"


def test_a_finished_match_names_the_winner_and_the_score() -> None:
    state = played(
        MATCH,
        "Ann: draw",
        "Bob loses 40",
        "next",
        "Ann: draw",
        "Bob loses 40",
        "next",
    )
    embed = totemic_embed(state)
    assert embed["title"] == "Game over: Ann won the match 2–0"
    assert embed["color"] == FINISHED_COLOUR
    lines = embed["description"].split("\n")
    assert lines[0] == "🏆 **Ann** (won) · 26 power"
    assert lines[1] == "~~Bob~~ (👑 dominance, lost) · -10 power"
    assert field(embed, "Match") == "Game 2 · wins: Ann 2 · Bob 0"


def test_a_finished_solo_names_the_rival_who_won_or_the_player_who_beat_them_all() -> None:
    lost = totemic_embed(played(SOLO, "Ann: draw", "Ann loses 30", "next"))
    assert lost["title"] == "Game over: Badger won; Ann was defeated"
    assert "1. 🏆 **Badger** (28 power) won" in field(lost, "Rivals")
    won = totemic_embed(
        played(
            "game totemic-solo players: Ann power: 26 rivals: Badger 28",
            "Ann: draw",
            "Badger loses 40",
            "next",
        )
    )
    assert won["title"] == "Game over: Ann defeated every rival"


def test_names_are_escaped_and_a_long_ladder_fits() -> None:
    rivals = ", ".join(f"R_{index:02d}_{'x' * 26} {index + 1}" for index in range(60))
    state = played(f"game totemic-solo players: A_b power: 26 rivals: {rivals}")
    embed = totemic_embed(state)
    assert "**A\\_b**" in embed["description"]
    assert "R\\_00\\_" in field(embed, "Rivals")
    assert field(embed, "Rivals").split("\n")[-1].startswith("… ")
    within_discord_limits(embed)


def test_many_levels_are_counted_not_all_named() -> None:
    levels = ", ".join(str(level) for level in range(1, 1001))
    embed = totemic_embed(played(f"game totemic players: Ann, Bob power: 1, 2 levels: {levels}"))
    assert (
        "🗿 Totem: level **1** · 999 levels above: 2, 3, 4, 5, 6, 7, 8, 9, … 1000"
        in (embed["description"])
    )
    within_discord_limits(embed)
