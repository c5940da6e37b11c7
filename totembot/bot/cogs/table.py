"""`/totem`: start a game (at once or through a lobby), look at it, end it."""

from __future__ import annotations

import re
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller
from totembot.bot.lobby import Lobbies, reordered, shuffled, started_text, with_seat
from totembot.bot.recording import Recorder
from totembot.bot.replies import NO_PINGS, changes_text
from totembot.phrases import format_request
from totembot.render.embed import status_embed
from totembot.render.markdown import escape
from totembot.rules import RuleViolation
from totembot.store import LobbyOptions, Seat

PLAYER_TOKEN = re.compile(r"<@!?(\d+)>|\"([^\"]+)\"|([^\s,]+)")
HISTORY_DEFAULT = 10


class TableCog(commands.GroupCog, group_name="totem", group_description="Totem games"):
    def __init__(self, recorder: Recorder, lobbies: Lobbies) -> None:
        self.recorder = recorder
        self.lobbies = lobbies
        super().__init__()

    @app_commands.command(name="new", description="Start a Totem game here, or open a lobby")
    @app_commands.describe(
        players="Mentions and guest names in seat order; when given, the game starts at once",
        life="Starting life of every totem (default 20, or 40 with commander)",
        commander="A commander game: 40 life and commander damage",
        half_life_consent="House rule: paying life below half needs the other player's consent",
        player_poison="House rule: poison counters go on players, not totems",
        sorcery_concede="House rule: players concede only during their own turn",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        players: str | None = None,
        life: app_commands.Range[int, 1, 1_000_000] | None = None,
        commander: bool = False,
        half_life_consent: bool = False,
        player_poison: bool = False,
        sorcery_concede: bool = False,
    ) -> None:
        flags = {
            "half-life-consent": half_life_consent,
            "player-poison": player_poison,
            "sorcery-concede": sorcery_concede,
        }
        options = LobbyOptions(
            life=life,
            commander=commander,
            house_rules=tuple(rule for rule, on in flags.items() if on),
        )
        if players is None:
            await self.lobbies.open(interaction, options)
            return
        seats = await seats_from_text(interaction, players)
        game = await self.lobbies.start_game(
            interaction, options, seats, Caller.of(interaction).user_id
        )
        await interaction.response.send_message(started_text(game), allowed_mentions=NO_PINGS)

    @app_commands.command(name="guest", description="Seat a guest without Discord in the lobby")
    @app_commands.describe(name="The guest's name, as it will appear in the game")
    async def guest(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 32]
    ) -> None:
        assert interaction.channel_id is not None
        lobby = await self.lobbies.current(interaction.channel_id)
        self.lobbies.require_host(interaction, lobby)
        await self.lobbies.change(interaction, with_seat(lobby, Seat(name, guest_name=name)))

    @app_commands.command(name="seats", description="Set the lobby's seat order (= turn order)")
    @app_commands.describe(order="Every seated player once, in the new order: mentions or names")
    async def seats(self, interaction: discord.Interaction, order: str) -> None:
        assert interaction.channel_id is not None
        lobby = await self.lobbies.current(interaction.channel_id)
        self.lobbies.require_host(interaction, lobby)
        tokens = [m.group(1) or m.group(2) or m.group(3) for m in PLAYER_TOKEN.finditer(order)]
        await self.lobbies.change(interaction, reordered(lobby, tokens))

    @app_commands.command(name="shuffle", description="Shuffle the lobby's seat order")
    async def shuffle(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        lobby = await self.lobbies.current(interaction.channel_id)
        self.lobbies.require_host(interaction, lobby)
        await self.lobbies.change(interaction, shuffled(lobby, self.lobbies.chance))

    @app_commands.command(name="start", description="Start the lobby's game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        await self.lobbies.start(interaction, await self.lobbies.current(interaction.channel_id))

    @app_commands.command(name="status", description="Show the ring: every totem's life now")
    async def status(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table(interaction.channel_id)
        embed = discord.Embed.from_dict(status_embed(table.game.state))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="history", description="The latest changes, who recorded them, when")
    @app_commands.describe(count="How many of the latest changes to show (default 10)")
    async def history(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 25] = HISTORY_DEFAULT,
    ) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table(interaction.channel_id)
        records = await self.recorder.service.store.events(table.game.id, newest=count)
        lines = [
            f"`#{record.seq}` {_when(record.recorded_at)} <@{record.recorded_by}>: "
            f"{escape(format_request(record.request), limit=120)}\n"
            f"    {changes_text(record.changes)[:300]}"
            for record in records
        ]
        text = "\n".join(lines) or "Nothing has been recorded yet."
        await interaction.response.send_message(
            text[:2000], ephemeral=True, allowed_mentions=NO_PINGS
        )

    @app_commands.command(name="end", description="Abandon this channel's game (host or admin)")
    async def end(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table(interaction.channel_id)
        if not table.may_manage(Caller.of(interaction)):
            raise RuleViolation("Only the game's host or an admin can end the game.")
        await self.recorder.service.end(str(interaction.channel_id))
        await interaction.response.send_message(
            f"The game was ended by {escape(interaction.user.display_name)}; "
            "a new one can start here.",
            allowed_mentions=NO_PINGS,
        )


def _when(recorded_at: str) -> str:
    try:
        return f"<t:{int(datetime.fromisoformat(recorded_at).timestamp())}:t>"
    except ValueError:
        return recorded_at


async def seats_from_text(interaction: discord.Interaction, text: str) -> list[Seat]:
    """Seats from mentions and guest names, in order."""
    seats: list[Seat] = []
    for match in PLAYER_TOKEN.finditer(text):
        user_id, quoted, word = match.groups()
        if user_id is None:
            name = (quoted or word or "").strip()
            seats.append(Seat(display_name=name[:32], guest_name=name[:32]))
            continue
        if any(seat.user_id == user_id for seat in seats):
            raise RuleViolation("Each member can take only one seat.")
        seats.append(
            Seat(display_name=await _display_name(interaction, int(user_id)), user_id=user_id)
        )
    return seats


async def _display_name(interaction: discord.Interaction, user_id: int) -> str:
    guild = interaction.guild
    if guild is not None:
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        if member is not None:
            return member.display_name
    return f"Player {user_id}"[:32]
