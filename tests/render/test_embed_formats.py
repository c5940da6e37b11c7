"""The status embed in free-for-all and the giant formats, drawn from the format-neutral view.

Free-for-all: one line per player with their own life. The giant formats: one line per team
with its shared life, then its players. Whatever the names and however full the table (12
players, 4 teams of 4), the embed stays within Discord's limits and nothing in it can ping.
"""

from __future__ import annotations

from tests.formats.tables import played_state as play
from tests.render.test_board_snapshots import HOSTILE_NAMES
from tests.render.test_embed_snapshots import (
    UNGUARDED,
    assert_within_discord_limits,
    strings,
)
from totembot.games.magic.render.embed import status_embed
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.render.embeds import ACTIVE_COLOUR, FINISHED_COLOUR
from totembot.render.markdown import escape

FFA = "game ffa players: Ann, Bob, Cid, Dan commander"
GIANT3 = "game 2hg teams: Ann+Bob, Cid+Dan, Eve+Fay commander"


def lines_of(state: GameState) -> list[str]:
    return str(status_embed(state)["description"]).split("\n")


# --- free-for-all -------------------------------------------------------------------------


def test_a_free_for_all_embed_puts_each_players_life_on_their_line() -> None:
    state = play(
        FFA,
        "Ann: attack Bob for 7 with commander",
        "Cid: poison 4 to Dan",
        "Dan: lock",
        "next",
    )
    embed = status_embed(state)
    assert embed["title"] == "Turn 2: Bob to play"
    assert embed["color"] == ACTIVE_COLOUR
    assert embed["footer"]["text"] == "Free-for-all · 40 life · commander"
    assert lines_of(state) == [
        "**Ann** · ♥ 40",
        "▶ **Bob** · ♥ 33 · ⚔ Ann 7",
        "**Cid** · ♥ 40",
        "**Dan** · ♥ 40 · ☠ 4 · 🔒",
    ]
    assert "fields" not in embed


def test_commander_damage_shows_the_three_highest_then_how_many_more() -> None:
    state = play(
        "game ffa players: Ann, Bob, Cid, Dan, Eve commander",
        "Ann: attack Bob for 2 with commander",
        "Cid: attack Bob for 9 with commander",
        "Dan: attack Bob for 5 with commander",
        "Eve: attack Bob for 1 with commander",
    )
    assert lines_of(state)[1] == "**Bob** · ♥ 23 · ⚔ Cid 9 · ⚔ Dan 5 · ⚔ Ann 2 · ⚔ +1 more"


def test_a_finished_free_for_all_names_the_winner_and_strikes_out_the_others() -> None:
    state = play(
        "game ffa players: Ann, Bob, Cid rules: sorcery-concede",
        "Ann: deal 20 to Bob",
        "next",
        "Cid: concede",
    )
    embed = status_embed(state)
    assert embed["title"] == "Game over: Ann won"
    assert embed["color"] == FINISHED_COLOUR
    assert embed["footer"]["text"] == "Free-for-all · 20 life · sorcery-concede"
    assert lines_of(state) == [
        "🏆 **Ann** (won) · ♥ 20",
        "~~Bob~~ (lost: 0 life) · ♥ 0",
        "~~Cid~~ (conceded) · ♥ 20",
    ]


def test_a_free_for_all_draw_has_no_winner() -> None:
    state = play("game ffa players: Ann, Bob", "Ann: deal 20 to each player")
    assert status_embed(state)["title"] == "Game over: a draw"
    assert "▶" not in status_embed(state)["description"]


def test_a_free_for_all_loss_to_poison_says_so() -> None:
    state = play("game ffa players: Ann, Bob, Cid", "Ann: poison 10 to Bob")
    assert lines_of(state)[1] == "~~Bob~~ (lost: 10 poison counters) · ♥ 20 · ☠ 10"


def crowded_free_for_all(names: tuple[str, ...]) -> GameState:
    """Twelve players, each hit by the commanders (partners too) of all eleven others."""
    state = new_game(Config(format="free-for-all", players=names, life=40, commander=True))
    pools = []
    for seat, pool in enumerate(state.pools):
        others = [name for other, name in enumerate(names) if other != seat]
        damage = dict.fromkeys([f"{name}:{'K' * 31}" for name in others] + others, 20)
        pools.append(pool.model_copy(update={"commander_damage": damage, "poison": 9}))
    pools[3] = pools[3].model_copy(update={"locked": True})
    players = list(state.players)
    players[5] = players[5].model_copy(update={"status": "conceded", "reason": "conceded"})
    return state.model_copy(update={"pools": tuple(pools), "players": tuple(players)})


def test_twelve_players_with_long_names_all_fit_on_a_phone() -> None:
    names = tuple(chr(ord("A") + seat) + "a" * 31 for seat in range(12))
    state = crowded_free_for_all(names)
    embed = status_embed(state)
    assert_within_discord_limits(embed)
    lines = lines_of(state)
    assert len(lines) == 12, "one line per player, none left out"
    for name, line in zip(names, lines, strict=True):
        assert name in line
        assert "♥ 40 · ☠ 9" in line
        assert line.endswith("⚔ +19 more") or line.endswith("🔒")
    assert lines[3].endswith("⚔ +19 more · 🔒")
    assert lines[5].startswith(f"~~{names[5]}~~ (conceded)")


def test_twelve_hostile_names_stay_escaped_and_within_limits() -> None:
    names = tuple(f"{seat}{name}" for seat, name in enumerate(HOSTILE_NAMES * 2))[:12]
    names = tuple(
        (name + "@*_<" * 25)[:100] if seat % 3 else name for seat, name in enumerate(names)
    )
    state = crowded_free_for_all(names)
    embed = status_embed(state)
    assert_within_discord_limits(embed)
    for text in strings(embed):
        assert "<@" not in text and "@everyone" not in text
        assert UNGUARDED.search(text) is None
    lines = embed["description"].split("\n")
    assert len(lines) == 12, "every player fits, even with hostile names"
    assert lines[9].startswith("**9\\*\\*bold\\*\\*** · ♥ 40")
    assert lines[5].startswith("~~5<\u200b@\u200b123>")


# --- the giant formats --------------------------------------------------------------------


def test_a_giant_embed_shows_each_team_then_its_players() -> None:
    state = play(
        GIANT3,
        "Ann: attack Cid for 5 with commander",
        "Cid: poison 3 to Eve",
        "Dan: lock",
        "next",
    )
    embed = status_embed(state)
    assert embed["title"] == "Turn 2: Cid+Dan to play"
    assert embed["footer"]["text"] == "Two-Headed Giant · 30 life per head · commander"
    assert lines_of(state) == [
        "**Ann+Bob** · ♥ 60",
        "└ **Ann**",
        "└ **Bob**",
        "▶ **Cid+Dan** · ♥ 55 · 🔒",
        "└ ▶ **Cid** · ⚔ Ann 5",
        "└ **Dan**",
        "**Eve+Fay** · ♥ 60 · ☠ 3",
        "└ **Eve**",
        "└ **Fay**",
    ]


def test_a_finished_giant_game_names_the_winning_team() -> None:
    state = play(GIANT3, "Eve: deal 60 to Bob", "Dan: concede")
    embed = status_embed(state)
    assert embed["title"] == "Game over: Eve+Fay won"
    assert embed["color"] == FINISHED_COLOUR
    assert lines_of(state) == [
        "~~Ann+Bob~~ (lost) · ♥ 0",
        "└ ~~Ann~~ (lost: 0 life)",
        "└ ~~Bob~~ (lost: 0 life)",
        "~~Cid+Dan~~ (lost) · ♥ 60",
        "└ ~~Cid~~ (lost: Dan's team loses together)",
        "└ ~~Dan~~ (conceded)",
        "🏆 **Eve+Fay** (won) · ♥ 60",
        "└ 🏆 **Eve** (won)",
        "└ 🏆 **Fay** (won)",
    ]


def test_a_giant_team_losing_to_poison_is_struck_out_with_its_poison() -> None:
    state = play("game 2hg teams: Ann+Bob, Cid+Dan, Eve+Fay", "Eve: poison 15 to Ann")
    assert lines_of(state)[:3] == [
        "~~Ann+Bob~~ (lost) · ♥ 40 · ☠ 15",
        "└ ~~Ann~~ (lost: 15 poison counters)",
        "└ ~~Bob~~ (lost: 15 poison counters)",
    ]
    assert status_embed(state)["title"] == "Turn 1: Ann+Bob to play"


def four_teams_of_four(names: tuple[str, ...]) -> GameState:
    """Four teams of four heads; every player hit by the commander of every opponent."""
    teams = tuple(names[start : start + 4] for start in range(0, 16, 4))
    state = new_game(
        Config(format="two-headed-giant", players=names, teams=teams, life=30, commander=True)
    )
    players = []
    for seat, player in enumerate(state.players):
        opponents = [name for other, name in enumerate(names) if other // 4 != seat // 4]
        damage = dict.fromkeys([f"{name}:{'P' * 31}" for name in opponents], 20)
        players.append(player.model_copy(update={"commander_damage": damage}))
    pools = [pool.model_copy(update={"poison": 24, "locked": True}) for pool in state.pools]
    return state.model_copy(update={"players": tuple(players), "pools": tuple(pools), "active": 8})


def test_four_teams_of_four_with_long_names_all_fit_on_a_phone() -> None:
    names = tuple(chr(ord("A") + seat) + "a" * 31 for seat in range(16))
    state = four_teams_of_four(names)
    embed = status_embed(state)
    assert_within_discord_limits(embed)
    assert embed["title"].startswith("Turn 1: Iaaa")
    lines = lines_of(state)
    assert len(lines) == 20, "four team lines and sixteen players, none left out"
    team_lines = lines[::5]
    assert all(" · ♥ 120 · ☠ 24 · 🔒" in line for line in team_lines)
    assert team_lines[2].startswith("▶ **Iaaa")
    assert [index for index, line in enumerate(lines) if "▶" in line] == [10, 11]
    assert lines[11].startswith(f"└ ▶ **{names[8]}** · ⚔ ")
    for seat, name in enumerate(names):
        line = lines[seat + seat // 4 + 1]
        assert line.startswith("└ ") and name in line and line.endswith("⚔ +9 more")


def test_hostile_names_in_a_giant_game_stay_escaped_and_within_limits() -> None:
    names = tuple(
        (f"{seat}{name}" + "@*_<" * 25)[:100] for seat, name in enumerate(HOSTILE_NAMES * 2)
    )
    state = four_teams_of_four(names)
    embed = status_embed(state)
    assert_within_discord_limits(embed)
    for text in strings(embed):
        assert "<@" not in text and "@everyone" not in text
        assert UNGUARDED.search(text) is None
    team = "+".join(state.config.teams[0])
    assert embed["description"].startswith(f"**{escape(team, limit=90)}** · ♥ 120")
    lines = embed["description"].split("\n")
    assert lines[-1].startswith("… ") and lines[-1].endswith(" more lines")
