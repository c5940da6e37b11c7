"""The fold's edges and the ratings' words, pure: a solo run rates nobody, a rating on five
games is no longer provisional, names are escaped, and the summary's lines."""

from __future__ import annotations

from openskill.models import PlackettLuce

from totembot.reports.ratings import fold
from totembot.reports.ratings_text import changes_text, rating_leaderboard_embed
from totembot.reports.stats import by_account
from totembot.store import PlacedRow


def row(game: int, seat: int, name: str, place: int, fmt: str = "free-for-all") -> PlacedRow:
    return PlacedRow(
        game, "g", fmt, f"2026-11-27T10:{game:02d}", seat, name, None, name, place, seat
    )


def test_a_game_with_one_side_rates_nobody() -> None:
    ratings = fold([row(1, 0, "Ann", 1)], by_account)  # alone on the only side
    assert ratings.players == () and ratings.changes == {} and ratings.games == 0


def test_five_games_make_a_rating_no_longer_provisional_and_names_are_escaped() -> None:
    rows = [r for game in range(5) for r in (row(game, 0, "A_nn", 1), row(game, 1, "Bob", 2))]
    rows += [row(5, 0, "Bob", 1), row(5, 1, "Cid", 2)]
    ratings = fold(rows, by_account)
    model = PlackettLuce()
    ann, bob = model.rating(), model.rating()
    for _ in range(5):
        [[ann], [bob]] = model.rate([[ann], [bob]], ranks=[1, 2])
    assert ratings.players[0].name == "A_nn"
    assert ratings.players[0].skill.mu == ann.mu and not ratings.players[0].provisional
    bob_rating = next(p for p in ratings.players if p.name == "Bob")
    assert bob_rating.games == 6 and not bob_rating.provisional
    cid = next(p for p in ratings.players if p.name == "Cid")
    assert cid.games == 1 and cid.provisional
    lines = rating_leaderboard_embed(ratings, "magic", None)["description"].splitlines()
    assert lines[0] == f"🥇 **A\\_nn**: {ann.mu - 3 * ann.sigma:.1f} over 5 games"
    assert lines[-1].endswith("over 1 game (provisional)")


def test_the_summary_lines_say_each_seat_before_and_after() -> None:
    ratings = fold([row(1, 0, "Ann", 2), row(1, 1, "Bob", 1)], by_account)
    text = changes_text(ratings.changes[1])
    model = PlackettLuce()
    [[ann], [bob]] = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    assert text == (
        f"Ann 0.0 -> {ann.mu - 3 * ann.sigma:.1f}\nBob 0.0 -> {bob.mu - 3 * bob.sigma:.1f}"
    )
