"""The biggest tables the formats seat (16 in Grand Melee and Teams, 20 in Emperor, with long
names, players out and markers waiting) still make a status embed Discord accepts and a board."""

from __future__ import annotations

import json

import pytest

from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_line
from totembot.games.magic.render.board import board_png
from totembot.games.magic.render.embed import status_embed
from totembot.games.magic.rules import Config, Game, GameState
from totembot.games.magic.rules.game import new_game

NAMES = tuple(f"Player{index:02d}{'x' * 24}" for index in range(20))  # 32 characters
EMBED_TOTAL, DESCRIPTION, TITLE, FOOTER = 6000, 4096, 256, 2048


def big_game(game_format: str, count: int, size: int = 0) -> Config:
    names = NAMES[:count]
    if not size:
        return Config(format=game_format, players=names, commander=True, life=40)
    teams = tuple(names[start : start + size] for start in range(0, count, size))
    players = format_named(game_format).seat_order(teams)
    return Config(format=game_format, players=players, teams=teams, commander=True, life=40)


def played(config: Config, *lines: str) -> GameState:
    game = Game(new_game(config))
    language = format_named(config.format).language
    for line in lines:
        parsed = parse_line(line, language)
        assert parsed is not None
        game.record(parsed.request(host=True))
    return game.state


P = NAMES
GAMES = {
    "grand melee of 16, markers waiting": played(
        big_game("grand-melee", 16),
        f"{P[0]}: next",
        f"{P[4]}: next",
        f"{P[8]}: attack {P[9]} for 12 with commander",
        f"eliminate {P[3]}",
        f"{P[10]}: concede",
    ),
    "teams of 4x4": played(big_game("teams", 16, 4), f"{P[0]}: poison 3 to {P[4]}"),
    "emperor of 4x5": played(big_game("emperor", 20, 5), f"eliminate {P[7]}"),
}


@pytest.mark.parametrize("state", GAMES.values(), ids=list(GAMES))
def test_the_status_embed_of_a_big_table_fits_discords_limits(state: GameState) -> None:
    embed = status_embed(state)
    assert len(embed.get("title", "")) <= TITLE
    assert 0 < len(embed.get("description", "")) <= DESCRIPTION
    assert len(embed.get("footer", {}).get("text", "")) <= FOOTER
    fields = embed.get("fields", [])
    total = sum(len(str(part)) for field in fields for part in field.values())
    assert total + len(json.dumps(embed.get("description", ""))) <= EMBED_TOTAL
    assert P[1] in embed["description"]


@pytest.mark.parametrize("state", GAMES.values(), ids=list(GAMES))
def test_the_board_of_a_big_table_is_drawn(state: GameState) -> None:
    png = board_png(state)
    assert png.startswith(b"\x89PNG")
    assert len(png) < 8 * 1024 * 1024  # Discord's smallest upload limit
