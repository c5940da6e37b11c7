"""Statistics for people: the command line's text, and the Discord embeds of `/totem stats`
and `/totem leaderboard` (as dicts, within Discord's limits). Pure."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from totembot.core.turns import span_words
from totembot.games.registry import format_title
from totembot.render.embeds import MAX_DESCRIPTION
from totembot.render.markdown import escape
from totembot.reports.stats import PlayerStats, Record

STATS_COLOUR = 0x3498DB
MAX_FIELDS = 25
LEADERBOARD_SIZE = 10
MAX_FOOTER = 2048  # Discord's limit on an embed's footer text
MEDALS = ("🥇", "🥈", "🥉")


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"


def tally(record: Record) -> str:
    """'12 games: 6 wins, 1 draw, 5 losses (50% won)'."""
    return (
        f"{plural(record.games, 'game')}: {plural(record.wins, 'win')}, "
        f"{plural(record.draws, 'draw')}, {plural(record.losses, 'loss', 'losses')}"
        f" ({record.win_rate:.0%} won)"
    )


def length(record: Record) -> str | None:
    """'8.5 turns, 41 min on average', or None when nothing is known."""
    parts = []
    if record.average_turns is not None:
        turns = f"{record.average_turns:.1f}".removesuffix(".0")
        parts.append(f"{turns} turn" + ("" if turns == "1" else "s"))
    if record.average_minutes is not None:
        minutes = record.average_minutes
        parts.append("under 1 min" if minutes < 1 else f"{minutes:.0f} min")
    return ", ".join(parts) + " on average" if parts else None


def turn_time(record: Record) -> str | None:
    """'their turns: 1h 02m in all, 2m 05s on average'; None when no turn was timed (games
    from before issue 29, or played without the bot's summary)."""
    average = record.average_turn_seconds
    if average is None:
        return None
    return (
        f"their turns: {span_words(record.turn_seconds)} in all, {span_words(average)} on average"
    )


def way_out(player: PlayerStats) -> str | None:
    if player.way_out is None:
        return None
    way, count = player.way_out
    return f"most often out: {way} ({plural(count, 'time')})"


def player_lines(player: PlayerStats, name: Callable[[str], str] = str) -> list[str]:
    """The player's overall line, then one line per format."""
    head = [tally(player.overall), length(player.overall), turn_time(player.overall)]
    head.append(way_out(player))
    lines = [f"{name(player.name)}: " + "; ".join(part for part in head if part)]
    for game_format, record in player.formats:
        parts = [tally(record), length(record)]
        lines.append(f"  {format_title(game_format)}: " + "; ".join(p for p in parts if p))
    return lines


def stats_text(games: int, players: Sequence[PlayerStats], game_format: str | None) -> str:
    """`totembot stats`: what was counted, then every player, the leaderboard's order."""
    scope = f" of {format_title(game_format)}" if game_format else ""
    if not games:
        return f"No finished games{scope} yet."
    lines = [f"{plural(games, 'finished game')}{scope}, {plural(len(players), 'player')}."]
    for player in players:
        lines += ["", *player_lines(player)]
    return "\n".join(lines)


def counting_note(done: int, total: int) -> str:
    """What statistics say while older games are still being counted (the results backlog):
    they count the games made so far."""
    percent = done * 100 // total if total else 100
    return (
        f"Older games are still being counted: {done} of {total} done ({percent}%); "
        "these statistics leave out the rest."
    )


def player_embed(
    player: PlayerStats, game_format: str | None, note: str | None = None
) -> dict[str, Any]:
    """`/totem stats`: one player's record, then a field per format (and `note` below)."""
    overall = [tally(player.overall), length(player.overall), turn_time(player.overall)]
    overall.append(way_out(player))
    overall = [part[:1].upper() + part[1:] if part else part for part in overall]
    fields = [
        {
            "name": format_title(name)[:256],
            "value": "\n".join(part for part in (tally(record), length(record)) if part),
            "inline": False,
        }
        for name, record in player.formats[:MAX_FIELDS]
    ]
    scope = f" in {format_title(game_format)}" if game_format else ""
    embed = {
        "title": f"Statistics: {escape(player.name)}{scope}"[:256],
        "description": "\n".join(part for part in overall if part)[:MAX_DESCRIPTION],
        "fields": fields,
        "color": STATS_COLOUR,
    }
    if note is not None:
        embed["footer"] = {"text": note[:MAX_FOOTER]}
    return embed


def leaderboard_embed(
    games: int, players: Sequence[PlayerStats], game_format: str | None, note: str | None = None
) -> dict[str, Any]:
    """`/totem leaderboard`: the top players by wins, then win rate (and `note` below)."""
    scope = format_title(game_format) if game_format else "all formats"
    lines = []
    for place, player in enumerate(players[:LEADERBOARD_SIZE]):
        badge = MEDALS[place] if place < len(MEDALS) else f"{place + 1}."
        record = player.overall
        lines.append(
            f"{badge} **{escape(player.name)}**: {plural(record.wins, 'win')} in "
            f"{plural(record.games, 'game')} ({record.win_rate:.0%})"
        )
    described = "\n".join(lines) if lines else "No finished games yet."
    counted = f"{plural(games, 'finished game')} counted"
    return {
        "title": f"Leaderboard: {scope}"[:256],
        "description": described[:MAX_DESCRIPTION],
        "footer": {"text": counted if note is None else f"{counted}. {note}"[:MAX_FOOTER]},
        "color": STATS_COLOUR,
    }
