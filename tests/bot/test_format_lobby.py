"""A lobby for every format: choosing the format, joining teams, and the game it starts."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from totembot.bot.access import split_teams
from totembot.bot.magic.lobby.lobby import (
    arranged,
    check_house_rules,
    check_roster,
    lobby_text,
    with_format,
    with_guest,
    with_seat,
    with_team,
    without_user,
)
from totembot.bot.magic.table import FORMAT_CHOICES, roster_tokens
from totembot.games.magic.formats import FORMATS, format_named
from totembot.games.magic.rules import RuleViolation
from totembot.store import Lobby, LobbyOptions, Seat, open_store

GIANT = "two-headed-giant"


def lobby(*seats: Seat, **options: object) -> Lobby:
    return Lobby(
        channel_id="c", host="1", options=LobbyOptions(**options), seats=seats, created_at="now"
    )


def member(name: str, user_id: str, team: int | None = None) -> Seat:
    return Seat(name, user_id=user_id, team=team)


ANN, BOB, CID, DAN = (member(n, str(i)) for i, n in enumerate(["Ann", "Bob", "Cid", "Dan"], 1))


def teams_of(changed: Lobby) -> list[tuple[str, int | None]]:
    return [(seat.display_name, seat.team) for seat in changed.seats]


def test_a_member_who_joins_a_giant_lobby_without_a_team_takes_the_smallest() -> None:
    changed = with_seat(with_seat(lobby(member("Ann", "1", 1), format=GIANT), BOB), CID)
    assert teams_of(changed) == [("Ann", 1), ("Bob", 2), ("Cid", 1)]


def test_joining_a_team_seats_a_member_or_moves_them_to_the_end_of_that_team() -> None:
    start = lobby(member("Ann", "1", 1), member("Bob", "2", 1), format=GIANT)
    joined = with_team(start, CID, 2)
    assert teams_of(joined) == [("Ann", 1), ("Bob", 1), ("Cid", 2)]
    moved = with_team(joined, BOB, 2)
    assert teams_of(moved) == [("Ann", 1), ("Cid", 2), ("Bob", 2)]
    with pytest.raises(RuleViolation, match="^You are already in team 2.$"):
        with_team(moved, BOB, 2)


def test_a_full_team_or_a_team_past_the_formats_count_is_refused() -> None:
    full = lobby(*(member(f"P{i}", str(i), 1) for i in range(4)), format=GIANT)
    with pytest.raises(RuleViolation, match="^Team 1 is full: a Two-Headed Giant team has at"):
        with_team(full, member("Late", "99"), 1)
    with pytest.raises(RuleViolation, match="at most 4 teams"):
        with_team(lobby(ANN, format=GIANT), BOB, 5)


def test_a_player_format_has_no_teams_to_join() -> None:
    with pytest.raises(RuleViolation, match="^Free-for-all has no teams"):
        with_team(lobby(ANN, format="free-for-all"), BOB, 1)
    with pytest.raises(RuleViolation, match="^Totem has no teams"):
        with_guest(lobby(ANN), Seat("Gus", guest_name="Gus", team=2))


def test_the_lobby_is_full_at_the_formats_own_player_count() -> None:
    twelve = lobby(*(member(f"P{i}", str(i)) for i in range(12)), format="free-for-all")
    with pytest.raises(RuleViolation, match="a Free-for-all game seats at most 12"):
        with_seat(twelve, member("Late", "99"))
    nine = with_seat(
        lobby(*(member(f"P{i}", str(i)) for i in range(8)), format="free-for-all"),
        member("Ninth", "99"),
    )
    assert len(nine.seats) == 9


def test_choosing_a_team_format_puts_every_seated_player_on_a_team() -> None:
    chosen = with_format(lobby(ANN, BOB, CID, DAN), GIANT)
    assert chosen.options.format == GIANT
    assert teams_of(chosen) == [("Ann", 1), ("Bob", 2), ("Cid", 1), ("Dan", 2)]
    back = with_format(chosen, "ffa")
    assert back.options.format == "free-for-all"


def test_a_format_that_does_not_play_the_lobbys_house_rules_is_refused() -> None:
    with pytest.raises(
        RuleViolation,
        match=r"^The house rule player-poison is not played in Free-for-all \(its rules: "
        r"sorcery-concede, minions, poison-minions, madness-minions\)\.$",
    ):
        with_format(lobby(ANN, house_rules=("player-poison",)), "free-for-all")
    check_house_rules(format_named("free-for-all"), ("sorcery-concede",))


def test_a_giant_game_seats_its_teams_together_with_life_per_head() -> None:
    seats = [
        member("Ann", "1", 2),
        member("Big Bob", "2", 1),
        member("Cid", "3", 2),
        Seat("Dan", guest_name="Dan", team=1),
    ]
    config, ordered = arranged(LobbyOptions(format=GIANT, commander=True), seats)
    assert config.format == GIANT
    assert config.teams == (("Big_Bob", "Dan"), ("Ann", "Cid"))
    assert config.players == ("Big_Bob", "Dan", "Ann", "Cid")
    assert config.life == 30
    assert [seat.display_name for seat in ordered] == ["Big Bob", "Dan", "Ann", "Cid"]
    assert all(seat.team is None for seat in ordered)


def test_a_free_for_all_game_keeps_the_seat_order_and_its_own_default_life() -> None:
    config, ordered = arranged(LobbyOptions(format="free-for-all", commander=True), [ANN, BOB])
    assert (config.format, config.players, config.teams, config.life) == (
        "free-for-all",
        ("Ann", "Bob"),
        (),
        40,
    )
    assert ordered == (ANN, BOB)


@pytest.mark.parametrize(
    ("options", "seats", "sentence"),
    [
        (
            LobbyOptions(format=GIANT),
            [member("Ann", "1", 1), member("Bob", "2", 1), member("Cid", "3", 2)],
            "^Every team of a Two-Headed Giant game must have as many players.$",
        ),
        (
            LobbyOptions(format=GIANT),
            [member("Ann", "1", 1), member("Bob", "2", 1)],
            "^A Two-Headed Giant game needs 2 to 4 teams, not 1.$",
        ),
        (
            LobbyOptions(format="free-for-all"),
            [ANN],
            "^A Free-for-all game needs 2 to 12 players, not 1.$",
        ),
        (LobbyOptions(), [ANN, BOB], "^A Totem game needs 3 to 8 players, not 2.$"),
    ],
)
def test_a_roster_the_format_cannot_play_is_refused_with_its_sentence(
    options: LobbyOptions, seats: list[Seat], sentence: str
) -> None:
    with pytest.raises(RuleViolation, match=sentence):
        check_roster(options, seats)


def test_the_lobby_text_shows_the_format_its_life_and_the_teams() -> None:
    giant = lobby(member("Ann", "1", 1), Seat("Gus", guest_name="Gus", team=3), format=GIANT)
    text = lobby_text(giant)
    assert text.startswith("**A Two-Headed Giant game is gathering** (20 life per head)")
    assert "Team 1: Ann\nTeam 2: nobody yet\nTeam 3: Gus (guest)\n" in text
    assert "2 to 4 teams of 2, 3 or 4 players, every team the same size" in text
    ffa = lobby_text(lobby(ANN, BOB, format="free-for-all", commander=True))
    assert ffa.startswith("**A Free-for-all game is gathering** (40 life, commander)")
    assert "1. Ann\n2. Bob\nThe host starts the game with 2 to 12 players" in ffa


def test_leaving_a_team_frees_the_seat() -> None:
    start = lobby(member("Ann", "1", 1), member("Bob", "2", 2), format=GIANT)
    assert teams_of(without_user(start, "2")) == [("Ann", 1)]


@pytest.mark.parametrize(
    ("text", "teams"),
    [
        ("<@1> <@2>, <@3> <@4>", [[("1", "1"), ("2", "2")], [("3", "3"), ("4", "4")]]),
        ("Ann+Bob, Cid+Dan,", [[(None, "Ann"), (None, "Bob")], [(None, "Cid"), (None, "Dan")]]),
        (
            '"Big Bob" <@!1>, “Gus, the Guest” Eve',
            [[(None, "Big Bob"), ("1", "1")], [(None, "Gus, the Guest"), (None, "Eve")]],
        ),
    ],
)
def test_teams_are_split_by_commas_outside_quotes(
    text: str, teams: list[list[tuple[str | None, str]]]
) -> None:
    found = split_teams(text)
    assert [[(uid, name if uid is None else uid) for uid, name in team] for team in found] == teams


def test_the_roster_option_must_match_the_formats_kind() -> None:
    giant, ffa = format_named(GIANT), format_named("free-for-all")
    with pytest.raises(RuleViolation, match="^A Two-Headed Giant game is set up with teams, not"):
        roster_tokens(giant, "Ann Bob Cid Dan", None)
    with pytest.raises(RuleViolation, match="^A Free-for-all game is set up with players, not"):
        roster_tokens(ffa, None, "Ann Bob, Cid Dan")
    assert roster_tokens(giant, None, "Ann Bob, Cid") == [
        (1, (None, "Ann")),
        (1, (None, "Bob")),
        (2, (None, "Cid")),
    ]


def test_every_format_is_offered_by_name() -> None:
    assert [choice.value for choice in FORMAT_CHOICES] == list(FORMATS)
    assert FORMAT_CHOICES[0].value == "totem"


async def test_a_lobby_stored_before_formats_loads_as_a_totem_lobby(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = await open_store(path)
    await store.close()
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO lobbies (channel_id, guild_id, host, options, seats, message_id, "
            "created_at) VALUES ('c', NULL, '1', ?, ?, NULL, 'then')",
            (
                '{"life": null, "commander": true, "house_rules": ["player-poison"]}',
                '[{"display_name": "Ann", "user_id": "1", "guest_name": null}]',
            ),
        )
    store = await open_store(path)
    try:
        old = await store.load_lobby("c")
        assert old is not None
        assert old.options.format == "totem"
        assert old.seats == (Seat("Ann", user_id="1"),)
        assert await store.update_lobby(with_seat(old, BOB))
        reloaded = await store.load_lobby("c")
        assert reloaded is not None and len(reloaded.seats) == 2
        without_rules = reloaded.options.model_copy(update={"house_rules": ()})
        giant = with_format(replace(reloaded, options=without_rules), GIANT)
        assert await store.update_lobby(giant)
        stored = await store.load_lobby("c")
        assert stored is not None
        assert stored.options.format == GIANT
        assert [seat.team for seat in stored.seats] == [1, 2]
    finally:
        await store.close()
