"""The status embed in Emperor, Teams and Grand Melee, drawn from the format-neutral view.

A player a line in seat order: their team's coloured square and letter (the board's colours),
a crown and the role in Emperor with each player's reach, the turn marker in Grand Melee (▶
held, ⏳ waiting). The footer notes the limits on reach and attacks once. Grand Melee's title
names every player taking a turn. However full the table (16 players; Emperor's 20) and
whatever the names, every player keeps a line and the embed stays within Discord's limits.
"""

from __future__ import annotations

import pytest

from tests.formats.tables import played_state as play
from tests.render.test_board_snapshots import HOSTILE_NAMES
from tests.render.test_embed_snapshots import (
    UNGUARDED,
    assert_within_discord_limits,
    strings,
)
from totembot.games.magic.formats import format_named
from totembot.games.magic.render.embed import status_embed
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.games.magic.rules.state import Marker
from totembot.render.embeds import ACTIVE_COLOUR, FINISHED_COLOUR, MAX_DESCRIPTION

EMPEROR = "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay"
MELEE9 = "game melee players: A1, A2, A3, A4, A5, A6, A7, A8, A9"


def lines_of(state: GameState) -> list[str]:
    return str(status_embed(state)["description"]).split("\n")


# --- Emperor ------------------------------------------------------------------------------


def test_an_emperor_embed_shows_teams_crowns_roles_and_reach() -> None:
    state = play(EMPEROR, "Bob: deal 3 to Fay", "Cid: concede")
    embed = status_embed(state)
    assert embed["title"] == "Turn 1: Bob to play"
    assert embed["color"] == ACTIVE_COLOUR
    assert embed["footer"]["text"] == (
        "Emperor · 20 life · reach: emperor 2, general 1 · attack an adjacent opponent · "
        "1 empty seat counts until the next turn"
    )
    assert lines_of(state) == [
        "🟦 **Ann** (team A, general, reach 1) · ♥ 20",
        "▶ 🟦 👑 **Bob** (team A, emperor, reach 2) · ♥ 20",
        "🟦 ~~Cid~~ (team A, general, conceded, seat counts until the next turn) · ♥ 20",
        "🟥 **Dan** (team B, general, reach 1) · ♥ 20",
        "🟥 👑 **Eve** (team B, emperor, reach 2) · ♥ 20",
        "🟥 **Fay** (team B, general, reach 1) · ♥ 17",
    ]


def test_the_empty_seat_goes_from_the_embed_once_the_next_turn_begins() -> None:
    state = play(EMPEROR, "Cid: concede", "next")
    embed = status_embed(state)
    assert "empty seat" not in embed["footer"]["text"]
    assert lines_of(state)[2] == "🟦 ~~Cid~~ (team A, general, conceded) · ♥ 20"


def test_a_finished_emperor_game_names_the_winning_team() -> None:
    state = play(EMPEROR, "Dan: concede", "next", "Bob: deal 20 to Eve")
    embed = status_embed(state)
    assert embed["title"] == "Game over: Ann+Bob+Cid won"
    assert embed["color"] == FINISHED_COLOUR
    assert lines_of(state) == [
        "🏆 🟦 **Ann** (team A, general, won) · ♥ 20",
        "🏆 🟦 👑 **Bob** (team A, emperor, won) · ♥ 20",
        "🏆 🟦 **Cid** (team A, general, won) · ♥ 20",
        "🟥 ~~Dan~~ (team B, general, conceded) · ♥ 20",
        "🟥 👑 ~~Eve~~ (team B, emperor, lost: 0 life) · ♥ 0",
        "🟥 ~~Fay~~ (team B, general, lost: their emperor Eve is out) · ♥ 20",
    ]


# --- Teams --------------------------------------------------------------------------------


def test_teammates_seated_apart_share_a_square_and_a_letter_and_reach_is_noted_once() -> None:
    state = play("game teams teams: Ann+Bob, Cid+Dan", "Ann: deal 2 to Bob", "next")
    embed = status_embed(state)
    assert embed["title"] == "Turn 2: Cid to play"
    assert embed["footer"]["text"] == "Teams · 20 life · reach 2 · attack an adjacent opponent"
    assert lines_of(state) == [
        "🟦 **Ann** (team A) · ♥ 20",
        "▶ 🟥 **Cid** (team B) · ♥ 20",
        "🟦 **Bob** (team A) · ♥ 18",
        "🟥 **Dan** (team B) · ♥ 20",
    ]


def test_four_teams_have_four_different_squares() -> None:
    teams = ", ".join("+".join(f"P{t}{k}" for k in range(4)) for t in range(4))
    lines = lines_of(play(f"game teams teams: {teams}"))
    assert len(lines) == 16
    squares = [line.removeprefix("▶ ").split(" ")[0] for line in lines]
    assert squares[:4] == ["🟦", "🟥", "🟪", "🟧"] and squares[4:] == squares[:4] * 3
    for seat, line in enumerate(lines):
        assert f"**P{seat % 4}{seat // 4}** (team {'ABCD'[seat % 4]})" in line


# --- Grand Melee --------------------------------------------------------------------------


def test_grand_melees_title_names_every_turn_and_each_line_its_marker() -> None:
    state = play(MELEE9, "A1: next")
    embed = status_embed(state)
    assert embed["title"] == "Turns: A5 (2) · ⏳ 1 waits for A2"
    assert embed["footer"]["text"] == "Grand Melee · 20 life · reach 1 · attack left"
    lines = lines_of(state)
    assert lines[1] == "⏳ **A2** (marker 1 waits) · ♥ 20"
    assert lines[4] == "▶ **A5** (marker 2) · ♥ 20"
    assert [line for k, line in enumerate(lines) if k not in (1, 4)] == [
        f"**A{k}** · ♥ 20" for k in (1, 3, 4, 6, 7, 8, 9)
    ]
    state = play(MELEE9, "A1: next", "A5: next")
    assert status_embed(state)["title"] == "Turns: A2 (1), A6 (2)"
    assert "to play" not in status_embed(state)["title"]


def test_a_marker_due_for_removal_says_it_goes_when_the_turn_ends() -> None:
    state = play(MELEE9, "A1: next", "A5: next", "remove A7", "remove A3")
    assert lines_of(state)[1] == "▶ **A2** (marker 1, goes when this turn ends) · ♥ 20"
    assert lines_of(state)[2] == (
        "~~A3~~ (removed by the host, seat counts until the next turn) · ♥ 20"
    )


def test_a_finished_grand_melee_shows_no_markers() -> None:
    state = play(MELEE9, "A1: next", "A6 gains 1", "each player loses 20")
    embed = status_embed(state)
    assert embed["title"] == "Game over: A6 won"
    assert "marker" not in embed["description"] and "▶" not in embed["description"]


def test_sixteen_players_take_four_turns_at_once() -> None:
    names = [f"P{k}" for k in range(1, 17)]
    state = play(f"game melee players: {', '.join(names)}")
    embed = status_embed(state)
    assert embed["title"] == "Turns: P1 (1), P5 (2), P9 (3), P13 (4)"
    held = [line for line in lines_of(state) if line.startswith("▶")]
    assert held == [f"▶ **P{k}** (marker {n}) · ♥ 20" for n, k in enumerate((1, 5, 9, 13), 1)]


# --- it fits, on a phone --------------------------------------------------------------------


def crowded(format_name: str, names: tuple[str, ...], size: int) -> GameState:
    """A full table: every player hit by the commanders (partners too) of every other one,
    poisoned and locked, some out; Grand Melee's markers held, waiting and due."""
    game_format = format_named(format_name)
    if size:
        listed = tuple(names[k : k + size] for k in range(0, len(names), size))
        config = Config(
            format=format_name,
            players=game_format.seat_order(listed),
            teams=listed,
            life=40,
            commander=True,
        )
    else:
        config = Config(format=format_name, players=names, life=40, commander=True)
    state = new_game(config)
    pools = []
    for seat, pool in enumerate(state.pools):
        others = [name for other, name in enumerate(names) if other != seat]
        damage = dict.fromkeys([f"{name}:{'K' * 31}" for name in others] + others, 20)
        pools.append(pool.model_copy(update={"commander_damage": damage, "poison": 9}))
    pools[3] = pools[3].model_copy(update={"locked": True})
    players = list(state.players)
    players[5] = players[5].model_copy(update={"status": "lost", "reason": "x" * 200})
    update: dict[str, object] = {"pools": tuple(pools), "players": tuple(players)}
    if format_name == "grand-melee":
        update["markers"] = (
            Marker(number=1, seat=0),
            Marker(number=2, seat=6, waiting=True),
            Marker(number=3, seat=8, due=True),
            Marker(number=4, seat=12),
        )
    return state.model_copy(update=update)


LONG = tuple(chr(ord("A") + seat) + "a" * 31 for seat in range(20))
HOSTILE = tuple(
    (f"{seat}{name}" + "@*_<" * 25)[:100] for seat, name in enumerate(HOSTILE_NAMES * 3)
)[:20]
TABLES = {
    "emperor-20": ("emperor", 5, 20),
    "emperor-12": ("emperor", 3, 12),
    "teams-16": ("teams", 4, 16),
    "melee-16": ("grand-melee", 0, 16),
}


@pytest.mark.parametrize("names", [LONG, HOSTILE], ids=["long", "hostile"])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_player_keeps_a_line_within_discords_limits(
    table: str, names: tuple[str, ...]
) -> None:
    format_name, size, count = TABLES[table]
    state = crowded(format_name, names[:count], size)
    embed = status_embed(state)
    assert_within_discord_limits(embed)
    assert len(embed["description"]) <= MAX_DESCRIPTION
    lines = embed["description"].split("\n")
    assert len(lines) == count, "one line per player, none left out"
    assert not any(line.startswith("… ") for line in lines)
    for line in lines:
        assert "♥ 40 · ☠ 9" in line and "⚔" in line
    assert lines[3].endswith("🔒")
    assert "lost: " in lines[5]
    for text in strings(embed):
        assert "<@" not in text and "@everyone" not in text
        assert UNGUARDED.search(text) is None
    if format_name == "grand-melee":
        assert embed["title"].startswith("Turns: ") and "⏳ 2 waits for " in embed["title"]
        assert lines[0].startswith("▶ ") and lines[6].startswith("⏳ ")
        assert "(marker 3, goes when this turn ends)" in lines[8]
    else:
        for seat, line in enumerate(lines):
            tag = state.players[seat].name
            team = next(k for k, listed in enumerate(state.config.teams) if tag in listed)
            assert f"team {'ABCD'[team]}" in line
        if format_name == "emperor":
            assert sum("👑" in line for line in lines) == count // size


def test_short_names_on_a_full_table_keep_the_top_commanders() -> None:
    names = tuple(f"P{k}" for k in range(20))
    lines = lines_of(crowded("emperor", names, 5))
    assert len(lines) == 20
    assert all(line.count("⚔") == 4 and line.endswith(("more", "🔒")) for line in lines)
