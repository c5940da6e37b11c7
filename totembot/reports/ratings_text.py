"""Ratings for people: the command line's text and JSON (`totembot stats --ratings`), the
leaderboard by rating (`/totem leaderboard by: rating`) and the summary's line of rating
changes. Pure. A rating is shown as its conservative figure (mu - 3 sigma), one decimal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from totembot.games.registry import format_title
from totembot.render.embeds import MAX_DESCRIPTION
from totembot.render.markdown import escape
from totembot.reports.ratings import PROVISIONAL_BELOW, Change, PlayerRating, Ratings
from totembot.reports.stats_text import LEADERBOARD_SIZE, MAX_FOOTER, MEDALS, STATS_COLOUR, plural

POOL_TITLES = {"magic": "Magic", "totemic": "Totemic"}
PROVISIONAL = f"provisional: fewer than {PROVISIONAL_BELOW} games"


def figure(value: float) -> str:
    return f"{value:.1f}"


def rating_line(player: PlayerRating) -> str:
    """'28.4 (mu 31.2, sigma 0.9), 12 games' with ', provisional' below the threshold."""
    mark = ", provisional" if player.provisional else ""
    skill = player.skill
    return (
        f"{figure(skill.ordinal)} (mu {skill.mu:.2f}, sigma {skill.sigma:.2f}), "
        f"{plural(player.games, 'game')}{mark}"
    )


def ratings_text(sections: Sequence[tuple[str, Ratings]]) -> str:
    """Each section's players, best first; `sections` are (heading, ratings)."""
    if not sections:
        return "No finished games to rate."
    parts = []
    for heading, ratings in sections:
        lines = [f"{heading}: {plural(ratings.games, 'game')} rated"]
        width = max((len(player.name) for player in ratings.players), default=0)
        for place, player in enumerate(ratings.players, start=1):
            lines.append(f"  {place:>3}. {player.name:<{width}}  {rating_line(player)}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def ratings_json(sections: Sequence[tuple[dict[str, Any], Ratings]]) -> dict[str, Any]:
    """`sections` are (what they are of, ratings): every figure unrounded."""
    return {
        "model": "openskill PlackettLuce",
        "provisional_below": PROVISIONAL_BELOW,
        "ratings": [
            {
                **scope,
                "games": ratings.games,
                "players": [
                    {
                        "name": player.name,
                        "rating": player.skill.ordinal,
                        "mu": player.skill.mu,
                        "sigma": player.skill.sigma,
                        "games": player.games,
                        "provisional": player.provisional,
                    }
                    for player in ratings.players
                ],
            }
            for scope, ratings in sections
        ],
    }


def rating_leaderboard_embed(
    ratings: Ratings, pool: str, game_format: str | None, note: str | None = None
) -> dict[str, Any]:
    """`/totem leaderboard by: rating`: the top ten by conservative rating, each with the
    games it rests on; a rating on fewer than PROVISIONAL_BELOW games is marked."""
    scope = format_title(game_format) if game_format else f"{POOL_TITLES[pool]} rating"
    lines = []
    for place, player in enumerate(ratings.players[:LEADERBOARD_SIZE]):
        badge = MEDALS[place] if place < len(MEDALS) else f"{place + 1}."
        mark = " (provisional)" if player.provisional else ""
        lines.append(
            f"{badge} **{escape(player.name)}**: {figure(player.skill.ordinal)} "
            f"over {plural(player.games, 'game')}{mark}"
        )
    described = "\n".join(lines) if lines else "No finished games yet."
    counted = f"{plural(ratings.games, 'finished game')} rated; {PROVISIONAL}"
    return {
        "title": f"Leaderboard: {scope}, by rating"[:256],
        "description": described[:MAX_DESCRIPTION],
        "footer": {"text": counted if note is None else f"{counted}. {note}"[:MAX_FOOTER]},
        "color": STATS_COLOUR,
    }


def changes_text(changes: Sequence[Change]) -> str:
    """The summary's rating changes, one seat a line: 'Ann 27.1 -> 28.4'."""
    return "\n".join(
        f"{escape(change.name)} {figure(change.before.ordinal)} -> {figure(change.after.ordinal)}"
        for change in changes
    )
