"""The bot's reply to a request tells a fall as one story line, as the console does."""

from __future__ import annotations

from totembot.bot.replies import changes_text
from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, new_game


def test_a_fall_is_one_line_with_the_minions_new_life() -> None:
    config = parse_setup("game ffa players: Ann, Bob, Cid rules: minions")
    game = Game(new_game(config))
    line = parse_line("Ann: deal 20 to Bob", format_named(config.format).language)
    assert line is not None
    text = changes_text(config.format, game.record(line.request(host=True)).events)
    assert text.splitlines() == [
        "Bob 20 -> 0, dealt by Ann",
        "Bob falls to Ann's damage and becomes Ann's minion: life 10",
    ]
