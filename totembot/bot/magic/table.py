"""`/totem`: start a Magic game (at once or through a lobby), look at it, end it.

The group is Magic's: its setup and lobby commands are here, and it carries the commands
every game's channel answers (`bot/cogs/table.py`, `bot/cogs/story.py`)."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller, split_names, split_teams
from totembot.bot.cogs.clock import ClockCommands
from totembot.bot.cogs.story import StoryCommands
from totembot.bot.cogs.table import TableCommands
from totembot.bot.magic.decks import DeckCommands
from totembot.bot.magic.lobby.lobby import (
    MAX_TEAMS,
    Lobbies,
    Started,
    check_roster,
    check_setup,
    reordered,
    shuffled,
    started_text,
    with_guest,
)
from totembot.bot.magic.panel import PanelCommands
from totembot.bot.recording import Recorder
from totembot.bot.replies import in_time, say
from totembot.bot.seating import require_distinct_members, seats_from_tokens
from totembot.core.errors import RuleViolation
from totembot.games.magic.formats import FORMATS, Format, format_named
from totembot.games.magic.rules.errors import capital
from totembot.store import LobbyOptions, Seat

FORMAT_CHOICES = [
    app_commands.Choice(name=game_format.title, value=game_format.name)
    for game_format in FORMATS.values()
]


class LobbyCommands(commands.Cog):
    """Setting a Magic game up: at once, or through a lobby's seats."""

    recorder: Recorder
    lobbies: Lobbies

    @app_commands.command(name="new", description="Start a game here, or open a lobby")
    @app_commands.describe(
        game_format="The format (default Totem); the lobby's host can change it there",
        players="Mentions and guest names in seat order (quote names with spaces); starts at once",
        teams="Team formats: teams split by commas, players in order: @Ann @Bob, @Cid @Dan",
        life="Starting life per totem (Totem), per player, or per head (giant formats)",
        commander="A commander game: more life, and commander damage",
        half_life_consent="House rule: paying life below half needs the other player's consent",
        player_poison="House rule: poison counters go on players, not totems",
        sorcery_concede="House rule: players concede only during their own turn",
        minions=(
            "House rule (free-for-all, Grand Melee): who would lose to another player becomes "
            "their minion"
        ),
        poison_minions=(
            "House rule, with minions: poison counts per source; 10 makes the top giver a master"
        ),
        madness_minions=(
            "House rule, with minions: /eliminate with by makes the player that one's minion"
        ),
    )
    @app_commands.rename(game_format="format")
    @app_commands.choices(game_format=FORMAT_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game_format: str = "totem",
        players: str | None = None,
        teams: str | None = None,
        life: app_commands.Range[int, 1, 1_000_000] | None = None,
        commander: bool = False,
        half_life_consent: bool = False,
        player_poison: bool = False,
        sorcery_concede: bool = False,
        minions: bool = False,
        poison_minions: bool = False,
        madness_minions: bool = False,
    ) -> None:
        flags = {
            "half-life-consent": half_life_consent,
            "player-poison": player_poison,
            "sorcery-concede": sorcery_concede,
            "minions": minions,
            "poison-minions": poison_minions,
            "madness-minions": madness_minions,
        }
        chosen = format_named(game_format)
        options = LobbyOptions(
            format=chosen.name,
            life=life,
            commander=commander,
            house_rules=tuple(rule for rule, on in flags.items() if on),
        )
        check_setup(options)
        if players is None and teams is None:
            await self.lobbies.open(interaction, options)
            return
        tokens = roster_tokens(chosen, players, teams)
        await self.lobbies.require_free(interaction)
        check_roster(options, [Seat(name, team=team) for team, (_uid, name) in tokens])
        require_distinct_members([token for _team, token in tokens])
        started = await in_time(interaction, self._start_with(interaction, options, tokens))
        try:
            await say(interaction, started_text(started.game))
        finally:  # the status message is posted whatever becomes of the answer
            await self.lobbies.show_started(started)

    async def _start_with(
        self,
        interaction: discord.Interaction,
        options: LobbyOptions,
        tokens: list[tuple[int | None, tuple[str | None, str]]],
    ) -> Started:
        """Look the members up (it may take a moment), then create the game."""
        seats = await seats_from_tokens(interaction, [token for _team, token in tokens])
        seats = [
            replace(seat, team=team) for seat, (team, _token) in zip(seats, tokens, strict=True)
        ]
        caller = Caller.of(interaction).user_id
        return await self.lobbies.start_game(interaction, options, seats, caller)

    @app_commands.command(name="guest", description="Seat a guest without Discord in the lobby")
    @app_commands.describe(
        name="The guest's name, as it will appear in the game",
        team="Team formats: the guest's team (default: the smallest team)",
    )
    async def guest(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 32],
        team: app_commands.Range[int, 1, MAX_TEAMS] | None = None,
    ) -> None:
        seat = Seat(name.strip(), guest_name=name.strip(), team=team)
        await self.lobbies.change(
            interaction, lambda lobby: with_guest(lobby, seat), host_only=True
        )

    @app_commands.command(
        name="seats",
        description="Set the lobby's seat order (= turn order), or the order within each team",
    )
    @app_commands.describe(
        order="Every seated player once, in the new order: mentions or names (quote spaces)"
    )
    async def seats(self, interaction: discord.Interaction, order: str) -> None:
        tokens = [user_id or name for user_id, name in split_names(order)]
        await self.lobbies.change(
            interaction, lambda lobby: reordered(lobby, tokens), host_only=True
        )

    @app_commands.command(name="shuffle", description="Shuffle the lobby's seat order")
    async def shuffle(self, interaction: discord.Interaction) -> None:
        chance = self.lobbies.chance
        await self.lobbies.change(
            interaction, lambda lobby: shuffled(lobby, chance), host_only=True
        )

    @app_commands.command(name="start", description="Start the lobby's game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.lobbies.start(interaction)

    @app_commands.command(name="cancel", description="Close the lobby without a game (host only)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.lobbies.cancel(interaction)


class TableCog(
    ClockCommands,
    TableCommands,
    DeckCommands,
    LobbyCommands,
    StoryCommands,
    PanelCommands,
    commands.GroupCog,
    group_name="totem",
    group_description="Multiplayer Magic games: Totem, free-for-all, Two-Headed Giant...",
):
    """The commands of base classes come first, the furthest base first: story, then setup
    and lobby, then the table's views (the order Discord has always been sent)."""

    def __init__(self, recorder: Recorder, lobbies: Lobbies) -> None:
        self.recorder = recorder
        self.lobbies = lobbies
        super().__init__()


def roster_tokens(
    game_format: Format, players: str | None, teams: str | None
) -> list[tuple[int | None, tuple[str | None, str]]]:
    """(team number, (user id, name)) for each seat given: `players` for the player formats,
    `teams` for the team formats; the wrong one is refused in one sentence."""
    if game_format.roster == "teams":
        if players is not None or teams is None:
            raise RuleViolation(
                f"{capital(game_format.a_title)} game is set up with teams, not players: list them "
                "split by commas, each team's players in order, like teams: Ann Bob, Cid Dan."
            )
        return [
            (number, token)
            for number, team in enumerate(split_teams(teams), start=1)
            for token in team
        ]
    if teams is not None or players is None:
        raise RuleViolation(
            f"{capital(game_format.a_title)} game is set up with players, not teams: list them in "
            "seat order, like players: Ann Bob Cid."
        )
    return [(None, token) for token in split_names(players)]
