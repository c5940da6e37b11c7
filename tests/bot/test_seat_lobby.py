"""Lobbies of the formats where the seats matter: Teams seats its teams apart, Emperor seats
them together with the middle player as emperor, Grand Melee takes 4 to 16 players."""

from __future__ import annotations

import pytest

from totembot.bot.magic.lobby.lobby import (
    arranged,
    check_roster,
    lobby_text,
    reordered,
    started_text,
    with_format,
    with_seat,
)
from totembot.games.magic.rules import RuleViolation
from totembot.games.magic.rules.game import new_game
from totembot.store import Lobby, LobbyOptions, Seat, StoredGame


def lobby(*seats: Seat, **options: object) -> Lobby:
    return Lobby(
        channel_id="c", host="1", options=LobbyOptions(**options), seats=seats, created_at="now"
    )


def member(name: str, team: int | None = None) -> Seat:
    return Seat(name, user_id=name.casefold(), team=team)


def started(options: LobbyOptions, seats: list[Seat]) -> StoredGame:
    config, ordered = arranged(options, seats)
    return StoredGame(
        id=1,
        guild_id=None,
        channel_id="c",
        host="1",
        status="active",
        config=config,
        version=0,
        state=new_game(config),
        seats=ordered,
        status_message_id=None,
        created_at="now",
    )


TEAMS = [member("Ann", 1), member("Bob", 1), member("Cid", 2), member("Dan", 2)]
EMPIRES = [
    member("Ann", 1),
    member("Bob", 1),
    member("Cid", 1),
    member("Dan", 2),
    member("Eve", 2),
    Seat("Fay", guest_name="Fay", team=2),
]


def test_a_teams_lobby_says_the_teams_will_sit_apart_and_where() -> None:
    text = lobby_text(lobby(*TEAMS, format="teams"))
    assert "Team 1: Ann, Bob\nTeam 2: Cid, Dan\n" in text
    assert "Teams are seated apart: Ann, Cid, Bob, Dan (turn order)." in text
    uneven = lobby_text(lobby(*TEAMS[:3], format="teams"))
    assert "Teams are seated apart, no one next to a teammate" in uneven
    assert "2 to 4 teams of 2, 3 or 4 players" in uneven


def test_a_teams_game_seats_the_first_of_each_team_then_the_second() -> None:
    config, ordered = arranged(LobbyOptions(format="teams"), TEAMS)
    assert config.teams == (("Ann", "Bob"), ("Cid", "Dan"))
    assert config.players == ("Ann", "Cid", "Bob", "Dan")
    assert [seat.display_name for seat in ordered] == ["Ann", "Cid", "Bob", "Dan"]
    text = started_text(started(LobbyOptions(format="teams"), TEAMS))
    assert text == (
        "**The game has started**: Ann+Bob vs Cid+Dan, seated apart: Ann, Cid, Bob, Dan "
        "(turn 1: Ann). The status is pinned."
    )


@pytest.mark.parametrize(
    ("game_format", "seats", "sentence"),
    [
        ("teams", TEAMS[:3], "^Every team of a Teams game must have as many players.$"),
        ("teams", [TEAMS[0], TEAMS[2]], "^A Teams team has 2, 3 or 4 players, not 1.$"),
        ("emperor", EMPIRES[:4], "^Every team of a.? Emperor game must have as many players.$"),
        ("emperor", EMPIRES[:2] + EMPIRES[3:5], "^A.? Emperor team has 3 or 5 players, not 2.$"),
    ],
)
def test_teams_the_format_cannot_seat_are_refused_with_its_sentence(
    game_format: str, seats: list[Seat], sentence: str
) -> None:
    with pytest.raises(RuleViolation, match=sentence):
        check_roster(LobbyOptions(format=game_format), seats)


def test_an_emperor_lobby_names_each_teams_emperor_the_middle_player() -> None:
    text = lobby_text(lobby(*EMPIRES, format="emperor"))
    assert "Team 1: Ann, Bob (emperor), Cid\nTeam 2: Dan, Eve (emperor), Fay (guest)\n" in text
    assert "the middle player of each team is its emperor" in text
    assert "/totem seats" in text
    assert "2 to 4 teams of 3 or 5 players" in text
    one_ready = lobby_text(lobby(*EMPIRES[:4], format="emperor"))
    assert "Team 1: Ann, Bob (emperor), Cid\nTeam 2: Dan\n" in one_ready


def test_the_host_chooses_the_emperor_by_ordering_the_team() -> None:
    seated = lobby(*EMPIRES, format="emperor")
    changed = reordered(seated, ["Bob", "Cid", "Ann", "Eve", "Fay", "Dan"])
    assert "Team 1: Bob, Cid (emperor), Ann\nTeam 2: Eve, Fay (emperor, guest), Dan\n" in (
        lobby_text(changed)
    )
    game = started(LobbyOptions(format="emperor"), list(changed.seats))
    assert game.config.players == ("Bob", "Cid", "Ann", "Eve", "Fay", "Dan")
    assert started_text(game) == (
        "**The game has started**: Bob+Cid+Ann vs Eve+Fay+Dan, each team seated together with "
        "its emperor in the middle: Cid, Fay (turn 1: Cid). The status is pinned."
    )


def test_choosing_emperor_puts_the_seated_players_on_teams() -> None:
    chosen = with_format(
        lobby(*(member(n) for n in ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"])), "emperor"
    )
    assert [seat.team for seat in chosen.seats] == [1, 2, 1, 2, 1, 2]
    assert "Team 1: Ann, Cid (emperor), Eve\nTeam 2: Bob, Dan (emperor), Fay\n" in lobby_text(
        chosen
    )


def test_a_grand_melee_lobby_seats_four_to_sixteen() -> None:
    sixteen = lobby(*(member(f"P{i}") for i in range(16)), format="grand-melee")
    assert "The host starts the game with 4 to 16 players" in lobby_text(sixteen)
    with pytest.raises(RuleViolation, match="a Grand Melee game seats at most 16"):
        with_seat(sixteen, member("Late"))
    with pytest.raises(RuleViolation, match="^A Grand Melee game needs 4 to 16 players, not 3.$"):
        check_roster(LobbyOptions(format="grand-melee"), list(sixteen.seats[:3]))
    game = started(LobbyOptions(format="grand-melee"), list(sixteen.seats[:10]))
    assert started_text(game) == (
        "**The game has started**: P0, P1, P2, P3, P4, P5, P6, P7, P8, P9 "
        "(first turns at once: P0, P4). The status is pinned."
    )


def test_a_lobby_of_long_names_fits_a_discord_message() -> None:
    seats = [member(f"{'Player' * 5}{i:02d}", 1 + i // 5) for i in range(20)]
    text = lobby_text(lobby(*seats, format="emperor"))
    assert len(text) <= 2000
