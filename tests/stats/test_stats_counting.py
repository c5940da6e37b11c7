"""Counting statistics from result rows, and writing them for people, against tallies
worked out by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from totembot.reports.stats import by_account, by_name, count_games, player_stats, stats_json
from totembot.reports.stats_text import counting_note, leaderboard_embed, player_embed, stats_text
from totembot.store import ResultRow

START = "2026-11-24T20:00:00.000+00:00"


def row(
    game: int,
    name: str,
    outcome: str,
    way: str | None = None,
    game_format: str = "totem",
    user: str | None = None,
    turns: int = 6,
    minutes: int = 30,
) -> ResultRow:
    return ResultRow(
        game_id=game,
        format=game_format,
        seat=0,
        name=name,
        user_id=user,
        display_name=f"{name} (server)" if user else name,
        outcome=outcome,
        way_out=way,
        turns=turns,
        created_at=START,
        finished_at=f"2026-11-24T{20 + minutes // 60}:{minutes % 60:02d}:00.000+00:00",
    )


ROWS = [
    row(1, "Ann", "win", turns=4, minutes=20),
    row(1, "Bob", "loss", "life", turns=4, minutes=20),
    row(1, "Cid", "loss", "poison", turns=4, minutes=20),
    row(2, "Ann", "loss", "poison", "free-for-all", turns=8, minutes=40),
    row(2, "Bob", "win", None, "free-for-all", turns=8, minutes=40),
    row(3, "Ann", "draw", "life", turns=9, minutes=60),
    row(3, "bob", "draw", "life", turns=9, minutes=60),  # the same Bob, another case
    row(3, "Cid", "loss", "conceded", turns=9, minutes=60),
]


def test_each_player_gets_games_wins_draws_losses_and_averages() -> None:
    players = {p.name: p for p in player_stats(ROWS, by_name)}
    ann = players["Ann"].overall
    assert (ann.games, ann.wins, ann.draws, ann.losses) == (3, 1, 1, 1)
    assert ann.win_rate == pytest.approx(1 / 3)
    assert ann.average_turns == pytest.approx((4 + 8 + 9) / 3)
    assert ann.average_minutes == pytest.approx((20 + 40 + 60) / 3)
    bob = players["bob"].overall  # shown by the name of his latest game
    assert (bob.games, bob.wins, bob.draws, bob.losses) == (3, 1, 1, 1)


def test_records_per_format_put_the_most_played_first() -> None:
    ann = next(p for p in player_stats(ROWS) if p.name == "Ann")
    assert [(name, r.games, r.wins, r.losses) for name, r in ann.formats] == [
        ("totem", 2, 1, 0),
        ("free-for-all", 1, 0, 1),
    ]


def test_the_most_common_way_out_ties_go_by_name() -> None:
    players = {p.name: p for p in player_stats(ROWS)}
    assert players["bob"].way_out == ("life", 2)
    assert players["Ann"].way_out == ("life", 1)  # life and poison once each: life first
    assert players["Cid"].way_out == ("conceded", 1)


def test_the_leaderboard_order_is_wins_then_win_rate_then_games() -> None:
    rows = [
        row(1, "Ann", "win"),
        row(2, "Ann", "loss", "life"),
        row(3, "Bob", "win"),
        row(4, "Cid", "win"),
        row(5, "Cid", "win"),
        row(6, "Dan", "loss", "life"),
    ]
    assert [p.name for p in player_stats(rows)] == ["Cid", "Bob", "Ann", "Dan"]


def test_discord_accounts_are_one_player_whatever_their_name_and_guests_go_by_name() -> None:
    rows = [
        row(1, "Ann", "win", user="11"),
        row(2, "Annie", "loss", "life", user="11"),
        row(2, "Ann", "win"),  # a guest called Ann is someone else
    ]
    accounts = {p.key: p for p in player_stats(rows, by_account)}
    assert set(accounts) == {"user:11", "guest:ann"}
    assert accounts["user:11"].overall.games == 2
    assert accounts["user:11"].name == "Annie (server)"
    names = {p.key: p.overall.games for p in player_stats(rows, by_name)}
    assert names == {"name:ann": 2, "name:annie": 1}


def test_the_json_has_the_games_and_each_players_tally_only() -> None:
    players = player_stats(ROWS)
    printed = stats_json(count_games(ROWS), players)
    assert printed["games"] == 3
    assert printed["players"][0] == {"name": "Ann", "games": 3, "wins": 1, "draws": 1, "losses": 1}
    assert {p["name"] for p in printed["players"]} == {"Ann", "bob", "Cid"}


def test_the_text_says_the_record_per_format_and_the_way_out() -> None:
    text = stats_text(3, player_stats(ROWS), None)
    assert text.splitlines()[0] == "3 finished games, 3 players."
    assert (
        "Ann: 3 games: 1 win, 1 draw, 1 loss (33% won); 7 turns, 40 min on average; "
        "most often out: life (1 time)"
    ) in text
    assert "  Totem: 2 games: 1 win, 1 draw, 0 losses (50% won); 6.5 turns, 40 min on average" in (
        text
    )
    assert stats_text(0, [], "teams") == "No finished games of Teams yet."


def test_the_embeds_stay_within_discords_limits_with_many_players_and_formats() -> None:
    formats = ("totem", "free-for-all", "two-headed-giant", "emperor", "teams", "grand-melee")
    rows = [
        replace(row(game, f"Player{game % 40}_{'x' * 20}", "win"), format=formats[game % 6])
        for game in range(400)
    ]
    players = player_stats(rows)
    board = leaderboard_embed(400, players, None)
    assert board["description"].count("\n") == 9  # the top ten
    assert board["description"].startswith("🥇 **")
    one = player_embed(players[0], None)
    assert len(one["fields"]) <= 25 and len(one["title"]) <= 256
    assert all(len(field["value"]) <= 1024 for field in one["fields"])


def test_by_name_a_discord_player_is_shown_by_their_name_in_the_game() -> None:
    rows = [row(1, "Big_Bob", "win", user="12")]  # shown on the server as "Big_Bob (server)"
    assert [p.name for p in player_stats(rows, by_name)] == ["Big_Bob"]
    assert [p.name for p in player_stats(rows, by_account)] == ["Big_Bob (server)"]


def test_while_older_games_are_counted_the_embeds_say_how_far_along() -> None:
    players = player_stats([row(1, "Ann", "win"), row(1, "Bob", "loss")])
    note = counting_note(1200, 10000)
    assert note == (
        "Older games are still being counted: 1200 of 10000 done (12%); these statistics "
        "leave out the rest."
    )
    assert player_embed(players[0], None, note)["footer"] == {"text": note}
    assert "footer" not in player_embed(players[0], None)
    board = leaderboard_embed(1, players, None, note)
    assert board["footer"] == {"text": f"1 finished game counted. {note}"}
    assert leaderboard_embed(1, players, None)["footer"] == {"text": "1 finished game counted"}
