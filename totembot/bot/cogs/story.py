"""`/totem chart`, `/totem stats`, `/totem leaderboard` and `/totem export`: the story of the
channel's game and of the server's games (part of the `/totem` group, see `TableCog`)."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller
from totembot.bot.autocomplete import MAX_CHOICES, SUGGEST_WITHIN, Choices
from totembot.bot.pictures import chart_file_of_log, drawer_of
from totembot.bot.recording import Recorder, recorder_of
from totembot.bot.replies import in_time, say
from totembot.core.errors import RuleViolation
from totembot.games.registry import format_names, format_title, ruleset_of
from totembot.render.markdown import escape
from totembot.store import ResultRow, StoreError

if TYPE_CHECKING:
    from totembot.reports.rivals import Rivalry
    from totembot.reports.stats import PlayerStats

# The statistics, their embeds and the export (which brings the console's phrase writer) are
# imported when a command asks for them: the bot starts without them.

MENTION = re.compile(r"<@!?(\d+)>")
VIEW_CHOICES = [
    app_commands.Choice(name="record", value="record"),
    app_commands.Choice(name="decks", value="decks"),
]
ALL_FORMAT_CHOICES = [
    app_commands.Choice(name=format_title(name), value=name) for name in format_names()
]
RANKINGS = [
    app_commands.Choice(name="wins", value="wins"),
    app_commands.Choice(name="rating", value="rating"),
]


def asked_key(
    asked: str | None, caller_id: str, named: Iterable[tuple[str, str]]
) -> tuple[str, str]:
    """The key of the player asked for, from (name, key) of those known, and how the refusal
    names them: a mention (or the caller), a member's name, or a guest's name."""
    if asked is None or not asked.strip():
        return f"user:{caller_id}", "You have"
    if (mention := MENTION.fullmatch(asked.strip())) is not None:
        return f"user:{mention[1]}", "That member has"
    folded = asked.strip().casefold()
    key = next((key for name, key in named if name.casefold() == folded), f"guest:{folded}")
    return key, f"{escape(asked.strip())} has"


def chosen_player(players: list[PlayerStats], asked: str | None, caller_id: str) -> PlayerStats:
    """The player asked for: a mention (or the caller), a member's name, or a guest's name."""
    key, who = asked_key(asked, caller_id, ((p.name, p.key) for p in players))
    found = next((player for player in players if player.key == key), None)
    if found is None:
        raise RuleViolation(f"{who} no finished games in this server yet.")
    return found


def chosen_key(
    found: Mapping[str, Rivalry], asked: str | None, caller_id: str, note: str | None
) -> str:
    """The key of the player asked for among those with a rivalry: a mention (or the caller),
    a member's name, or a guest's name; refused in one sentence when they have no game."""
    key, who = asked_key(asked, caller_id, ((r.name, r.key) for r in found.values()))
    if key not in found:
        raise RuleViolation(
            f"{who} no finished Magic games in this server yet. {note or ''}".strip()
        )
    return key


def player_choices(rows: list[ResultRow], current: str) -> Choices:
    """Everyone with finished games here whose name matches: members by account, guests by
    name (marked as guests)."""
    from totembot.reports.stats import by_account

    seen: dict[str, app_commands.Choice[str]] = {}
    for row in reversed(rows):  # the latest name first
        key = by_account(row)
        if key in seen:
            continue
        shown = row.display_name if row.user_id else f"{row.name} (guest)"
        value = f"<@{row.user_id}>" if row.user_id else row.name
        if current.casefold() in shown.casefold():
            seen[key] = app_commands.Choice(name=shown[:100], value=value)
    return sorted(seen.values(), key=lambda choice: choice.name.casefold())[:MAX_CHOICES]


async def players_with_games(interaction: discord.Interaction, current: str) -> Choices:
    if interaction.guild_id is None:
        return []
    try:
        rows = recorder_of(interaction).service.results(str(interaction.guild_id))
        return player_choices(await asyncio.wait_for(rows, timeout=SUGGEST_WITHIN), current)
    except (StoreError, TimeoutError):
        return []


class StoryCommands(commands.Cog):
    """The `/totem` commands that tell stories; a base of the `/totem` group's cog."""

    recorder: Recorder

    @app_commands.command(name="chart", description="Draw every life total over this game so far")
    async def chart(self, interaction: discord.Interaction) -> None:
        table = await self.recorder.table_for(interaction)
        game, log = await in_time(interaction, self.recorder.service.chart_log(table.game.id))
        chart = chart_file_of_log(drawer_of(interaction), game, log)
        await say(interaction, file=await in_time(interaction, chart))

    @app_commands.command(
        name="stats", description="A player's games, wins, draws and losses in this server"
    )
    @app_commands.describe(
        player="A member (mention) or a guest's name (default: you)",
        game_format="Only games of this format (default: every format)",
        view="Their record (default), or their decks: games, wins, win rate, average place, rating",
    )
    @app_commands.rename(game_format="format")
    @app_commands.choices(game_format=ALL_FORMAT_CHOICES, view=VIEW_CHOICES)
    @app_commands.autocomplete(player=players_with_games)
    async def stats(
        self,
        interaction: discord.Interaction,
        player: str | None = None,
        game_format: str | None = None,
        view: str | None = None,
    ) -> None:
        from totembot.reports.stats_text import player_embed

        players, _games = await self._server_stats(interaction, game_format)
        note = self._counting_note()
        try:
            found = chosen_player(players, player, str(Caller.of(interaction).user_id))
        except RuleViolation as missing:  # perhaps among the games not counted yet
            raise RuleViolation(f"{missing} {note or ''}".strip()) from None
        if view == "decks":
            embed = discord.Embed.from_dict(
                await self._decks(interaction, found, game_format, note)
            )
        else:
            embed = discord.Embed.from_dict(player_embed(found, game_format, note))
        await say(interaction, embed=embed)

    @app_commands.command(
        name="leaderboard", description="The server's players with most wins, or by rating"
    )
    @app_commands.describe(
        game_format="Only games of this format (default: every format)",
        by="Rank by wins (default) or by rating (openskill; Magic and Totemic apart)",
    )
    @app_commands.rename(game_format="format")
    @app_commands.choices(game_format=ALL_FORMAT_CHOICES, by=RANKINGS)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game_format: str | None = None,
        by: str = "wins",
    ) -> None:
        from totembot.reports.stats_text import leaderboard_embed

        if by == "rating":
            await self._rating_leaderboard(interaction, game_format)
            return
        players, games = await self._server_stats(interaction, game_format)
        note = self._counting_note()
        embed = discord.Embed.from_dict(leaderboard_embed(games, players, game_format, note))
        await say(interaction, embed=embed)

    async def _rating_leaderboard(
        self, interaction: discord.Interaction, game_format: str | None
    ) -> None:
        """Ratings are folded over the server's games of one game (Magic unless the format is
        Totemic's): the format, when given, narrows them to its own games."""
        from totembot.reports.rated import server_ratings
        from totembot.reports.ratings import pool_of
        from totembot.reports.ratings_text import rating_leaderboard_embed

        if interaction.guild_id is None:
            raise RuleViolation("Ratings are kept per server: ask in a server's channel.")
        pool = pool_of(game_format) if game_format else "magic"
        store = self.recorder.service.store
        ratings = await in_time(
            interaction, server_ratings(store, str(interaction.guild_id), pool, game_format)
        )
        embed = rating_leaderboard_embed(ratings, pool, game_format)
        await say(interaction, embed=discord.Embed.from_dict(embed))

    @app_commands.command(
        name="rivals",
        description="A player's record against each other player, their nemesis and victim",
    )
    @app_commands.describe(
        player="A member (mention) or a guest's name (default: you)",
        against="Only the head-to-head with this member or guest",
    )
    @app_commands.autocomplete(player=players_with_games, against=players_with_games)
    async def rivals(
        self,
        interaction: discord.Interaction,
        player: str | None = None,
        against: str | None = None,
    ) -> None:
        from totembot.reports.rivals import rivalries
        from totembot.reports.rivals_embeds import rivals_embed, versus_embed
        from totembot.reports.stats import by_account

        rows = await self._server_rows(interaction, None)
        found = await in_time(interaction, asyncio.to_thread(rivalries, rows, by_account))
        note = self._counting_note()
        caller = str(Caller.of(interaction).user_id)
        rivalry = found[chosen_key(found, player, caller, note)]
        if against is None:
            embed = rivals_embed(rivalry, note)
        else:
            other = chosen_key(found, against, caller, note)
            if other not in rivalry.rivals:
                raise RuleViolation("These two players have finished no Magic game together.")
            embed = versus_embed(rivalry, rivalry.rivals[other], note)
        await say(interaction, embed=discord.Embed.from_dict(embed))

    @app_commands.command(
        name="export", description="This game as a script that totembot console plays back"
    )
    async def export(self, interaction: discord.Interaction) -> None:
        from totembot.reports.export import export_game

        table = await self.recorder.table_for(interaction)
        game, log = await in_time(
            interaction, self.recorder.service.store.load_with_log(table.game.id)
        )
        if ruleset_of(game.config.format).keeps_secret(game.state):
            raise RuleViolation("A strength is still secret: export once the challenge is over.")
        script = await in_time(interaction, asyncio.to_thread(export_game, game, log))
        name = f"totem-game-{game.id}.totem"
        file = discord.File(io.BytesIO(script.encode()), filename=name)
        text = f"Game {game.id}: play it back with `totembot console {name}`."
        await say(interaction, text, file=file)

    def _counting_note(self) -> str | None:
        """While older games' statistics are still being made (after an upgrade or a
        `migrate-db`), the reply says how far along they are: it counts those made so far."""
        from totembot.reports.stats_text import counting_note

        progress = self.recorder.service.store.results_progress()
        return None if progress is None else counting_note(progress.done, progress.total)

    async def _server_rows(
        self, interaction: discord.Interaction, game_format: str | None
    ) -> list[ResultRow]:
        if interaction.guild_id is None:
            raise RuleViolation("Statistics are kept per server: ask in a server's channel.")
        return await in_time(
            interaction, self.recorder.service.results(str(interaction.guild_id), game_format)
        )

    async def _server_stats(
        self, interaction: discord.Interaction, game_format: str | None
    ) -> tuple[list[PlayerStats], int]:
        from totembot.reports.stats import by_account, count_games, player_stats

        rows = await self._server_rows(interaction, game_format)
        players = await in_time(interaction, asyncio.to_thread(player_stats, rows, by_account))
        return players, count_games(rows)

    async def _decks(
        self,
        interaction: discord.Interaction,
        player: PlayerStats,
        game_format: str | None,
        note: str | None,
    ) -> dict[str, Any]:
        """`/totem stats view:decks`: the player's decks, each with its rating (folded over the
        server's Magic games, keyed by the deck this player played)."""
        from totembot.reports.deck_ratings import by_deck, deck_key
        from totembot.reports.decks import deck_stats
        from totembot.reports.rated import server_ratings
        from totembot.reports.rivals_embeds import decks_embed
        from totembot.reports.stats import Row, by_account

        def theirs(row: Row) -> bool:
            return by_account(row) == player.key

        rows = await self._server_rows(interaction, game_format)
        store = self.recorder.service.store
        key = deck_key(rows, theirs)
        folding = server_ratings(store, str(interaction.guild_id), "magic", game_format, key)
        ratings = await in_time(interaction, folding)
        decks = deck_stats(rows, theirs, by_deck(ratings))
        return decks_embed(player.name, decks, note)
