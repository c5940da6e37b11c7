"""Gathering a game: the lobby's seats, its message and its Join / Leave / Start buttons."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import discord

from totembot.bot.access import Caller, require_place
from totembot.bot.magic.decks import record_lobby_decks
from totembot.bot.magic.lobby.seats import (
    MAX_TEAMS,
    arranged,
    build_config,
    check_house_rules,
    check_roster,
    check_setup,
    format_of_options,
    game_names,
    open_team,
    reordered,
    shown_teams,
    shuffled,
    team_groups,
    with_format,
    with_guest,
    with_seat,
    with_team,
    with_teams_filled,
    without_user,
)
from totembot.bot.magic.lobby.text import lobby_text, started_text
from totembot.bot.replies import (
    NO_PINGS,
    answer_failures,
    edit_pressed,
    in_time,
    say,
    say_and_show,
)
from totembot.bot.starting import Started, Starter
from totembot.core.errors import RuleViolation
from totembot.games.magic.formats import FORMATS, Format
from totembot.store import Lobby, LobbyOptions, Seat

LobbyChange = Callable[[Lobby], Lobby]

__all__ = [
    "Lobbies",
    "LobbyChange",
    "LobbyView",
    "MAX_TEAMS",
    "Started",
    "arranged",
    "build_config",
    "check_house_rules",
    "check_roster",
    "check_setup",
    "format_of_options",
    "game_names",
    "lobby_text",
    "open_team",
    "reordered",
    "shown_teams",
    "shuffled",
    "started_text",
    "team_groups",
    "with_format",
    "with_guest",
    "with_seat",
    "with_team",
    "with_teams_filled",
    "without_user",
]


class Lobbies:
    """Open, change, cancel and start lobbies; a started lobby becomes a game.

    Each channel's lobby is read, changed and saved under a lock, so simultaneous Join presses
    all count; a lobby closed meanwhile (started or cancelled) is never brought back.
    """

    def __init__(self, starter: Starter, chance: random.Random) -> None:
        self.starter = starter
        self.service = starter.service
        self.status = starter.status
        self.chance = chance
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def current(self, interaction: discord.Interaction) -> Lobby:
        """The channel's lobby, where the interaction may reach it (`require_place`)."""
        lobby = await self.service.store.load_lobby(str(interaction.channel_id))
        if lobby is None:
            raise RuleViolation("There is no lobby in this channel: open one with /totem new.")
        require_place(interaction, lobby.guild_id, "lobby")
        return lobby

    async def open(self, interaction: discord.Interaction, options: LobbyOptions) -> None:
        assert interaction.channel_id is not None
        caller = Caller.of(interaction)
        lock = self._lock(interaction.channel_id)
        await in_time(interaction, lock.acquire())
        try:
            existing = await in_time(interaction, self._replaceable(interaction, caller))
            lobby = Lobby(
                channel_id=str(interaction.channel_id),
                guild_id=str(interaction.guild_id) if interaction.guild_id else None,
                host=caller.user_id,
                options=options,
                seats=with_teams_filled(
                    format_of_options(options),
                    (Seat(display_name=caller.display_name, user_id=caller.user_id),),
                ),
                created_at=self.service.clock(),
            )
            message = await say_and_show(
                interaction, lobby_text(lobby), view=LobbyView(format_of_options(options))
            )
            await self.service.store.open_lobby(replace(lobby, message_id=str(message.id)))
        finally:
            lock.release()
        if existing is not None and existing.message_id is not None:
            await self._close_message(
                interaction, existing, "This lobby was replaced by a new one."
            )

    async def _replaceable(self, interaction: discord.Interaction, caller: Caller) -> Lobby | None:
        """No game here, and the lobby open here (if any) is the caller's to replace."""
        assert interaction.channel_id is not None
        await self.starter.require_no_game(interaction)
        existing = await self.service.store.load_lobby(str(interaction.channel_id))
        if existing is None:
            return None
        require_place(interaction, existing.guild_id, "lobby")
        if not may_manage(caller, existing.host):
            raise RuleViolation(
                "A lobby is already open here: join it, or ask its host to /totem cancel it."
            )
        return existing

    async def require_free(self, interaction: discord.Interaction) -> None:
        """The channel is free for the caller to start a game in at once (`Starter`)."""
        await self.starter.require_free(interaction)

    async def change(
        self, interaction: discord.Interaction, change: LobbyChange, host_only: bool = False
    ) -> None:
        """Apply a change to the channel's lobby, save it and show it."""
        assert interaction.channel_id is not None
        changed = await in_time(interaction, self._changed(interaction, change, host_only))
        await self._show(interaction, changed)

    async def _changed(
        self, interaction: discord.Interaction, change: LobbyChange, host_only: bool
    ) -> Lobby:
        assert interaction.channel_id is not None
        async with self._lock(interaction.channel_id):
            lobby = await self.current(interaction)
            self._check_message(interaction, lobby)
            if host_only:
                require_host(interaction, lobby)
            changed = change(lobby)
            if not await self.service.store.update_lobby(changed):
                raise RuleViolation("This lobby has just closed.")
        return changed

    async def _show(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        view = LobbyView(format_of_options(lobby.options))
        await self._answer(interaction, lobby, lobby_text(lobby), view)

    async def _answer(
        self,
        interaction: discord.Interaction,
        lobby: Lobby,
        text: str,
        view: discord.ui.View | None,
    ) -> None:
        """A button edits the lobby message it is on; a command answers and edits it too."""
        if interaction.type == discord.InteractionType.component:
            await edit_pressed(interaction, text, view)
        else:
            await say(interaction, text)
            await self._edit_message(interaction, lobby, text, view)

    def _check_message(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        pressed = interaction.message.id if interaction.message else None
        if pressed is not None and lobby.message_id != str(pressed):
            raise RuleViolation("This lobby is closed: use the newest lobby message.")

    async def button(self, interaction: discord.Interaction, action: str) -> None:
        caller = Caller.of(interaction)
        if action == "start":
            await self.start(interaction)
            return
        seat = Seat(display_name=caller.display_name, user_id=caller.user_id)
        if action == "join":
            await self.change(interaction, lambda lobby: with_seat(lobby, seat))
        elif action.startswith("team:"):
            team = int(action.removeprefix("team:"))
            await self.change(interaction, lambda lobby: with_team(lobby, seat, team))
        else:
            await self.change(interaction, lambda lobby: without_user(lobby, caller.user_id))

    async def choose_format(self, interaction: discord.Interaction, name: str) -> None:
        """The host picks the lobby's format from its menu."""
        await self.change(interaction, lambda lobby: with_format(lobby, name), host_only=True)

    async def cancel(self, interaction: discord.Interaction) -> None:
        lobby = await in_time(interaction, self._cancelled(interaction))
        await say(interaction, "The lobby is cancelled.")
        await self._close_message(interaction, lobby, "This lobby was cancelled.")

    async def _cancelled(self, interaction: discord.Interaction) -> Lobby:
        assert interaction.channel_id is not None
        async with self._lock(interaction.channel_id):
            lobby = await self.current(interaction)
            require_host(interaction, lobby)
            await self.service.store.delete_lobby(lobby.channel_id)
        return lobby

    async def start(self, interaction: discord.Interaction) -> None:
        """Start the lobby's game: answer first, then tidy the channel's older messages."""
        lobby, started = await in_time(interaction, self._started(interaction))
        try:
            await self._answer(interaction, lobby, started_text(started.game), None)
        finally:  # the status message is posted whatever becomes of the answer
            await self.show_started(started)

    async def _started(self, interaction: discord.Interaction) -> tuple[Lobby, Started]:
        assert interaction.channel_id is not None
        async with self._lock(interaction.channel_id):
            lobby = await self.current(interaction)
            self._check_message(interaction, lobby)
            require_host(interaction, lobby)
            started = await self.start_game(interaction, lobby.options, lobby.seats, lobby.host)
            started = await self._with_lobby_decks(started)
        return lobby, started

    async def _with_lobby_decks(self, started: Started) -> Started:
        """The decks named in the lobby recorded in the new game, which is then shown as it
        stands after them."""
        await record_lobby_decks(self.service, started.game)
        latest = await self.service.current(started.game.channel_id)
        return started if latest is None else replace(started, game=latest)

    async def start_game(
        self,
        interaction: discord.Interaction,
        options: LobbyOptions,
        seats: Sequence[Seat],
        host: str,
    ) -> Started:
        """Create the game (closing the lobby); the caller answers, then calls show_started.

        In a team format each seat carries its team; the game seats the teams its own way."""
        config, ordered = arranged(options, seats)
        return await self.starter.start(interaction, config, ordered, host)

    async def show_started(self, started: Started) -> None:
        await self.starter.show_started(started)

    async def _edit_message(
        self,
        interaction: discord.Interaction,
        lobby: Lobby,
        text: str,
        view: discord.ui.View | None,
    ) -> None:
        if lobby.message_id is None:
            return
        channel = interaction.client.get_partial_messageable(int(lobby.channel_id))
        with contextlib.suppress(discord.HTTPException):  # gone: the reply says enough
            await channel.get_partial_message(int(lobby.message_id)).edit(
                content=text, view=view, allowed_mentions=NO_PINGS
            )

    async def _close_message(
        self, interaction: discord.Interaction, lobby: Lobby, why: str
    ) -> None:
        await self._edit_message(interaction, lobby, f"{lobby_text(lobby)}\n**{why}**", None)


def may_manage(caller: Caller, host: str) -> bool:
    return caller.manages(host)


def require_host(interaction: discord.Interaction, lobby: Lobby) -> None:
    if not may_manage(Caller.of(interaction), lobby.host):
        raise RuleViolation("Only the lobby's host (or an admin) can do that.")


def lobbies_of(interaction: discord.Interaction) -> Lobbies:
    """The lobbies of the bot: the `/totem` group's cog keeps them."""
    cogs = getattr(interaction.client, "cogs", {})
    for cog in cogs.values():
        lobbies = getattr(cog, "lobbies", None)
        if isinstance(lobbies, Lobbies):
            return lobbies
    raise AssertionError("the client has no lobbies")


JOIN_ROW, SEATS_ROW = 0, 1


class LobbyButton(discord.ui.Button[discord.ui.View]):
    """One of the lobby's buttons; its action is in its fixed custom id."""

    def __init__(
        self, action: str, label: str, style: discord.ButtonStyle, row: int = JOIN_ROW
    ) -> None:
        super().__init__(label=label, style=style, custom_id=f"totem:lobby:{action}", row=row)
        self.action = action

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_failures(interaction, lobbies_of(interaction).button(interaction, self.action))


class FormatMenu(discord.ui.Select[discord.ui.View]):
    """The host's choice of format, from every format there is."""

    def __init__(self, current: Format | None, row: int) -> None:
        super().__init__(
            custom_id="totem:lobby:format",
            placeholder="Format",
            row=row,
            options=[
                discord.SelectOption(
                    label=game_format.title,
                    value=game_format.name,
                    description=_menu_description(game_format),
                    default=current is not None and game_format.name == current.name,
                )
                for game_format in FORMATS.values()
            ],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        chosen = [str(value) for value in data.get("values", [])]
        if not chosen:
            return
        await answer_failures(
            interaction, lobbies_of(interaction).choose_format(interaction, chosen[0])
        )


def _menu_description(game_format: Format) -> str:
    if game_format.roster == "teams":
        low, high = game_format.team_counts
        return f"{low} to {high} teams, life per team"[:100]
    return f"{game_format.min_players} to {game_format.max_players} players"[:100]


class LobbyView(discord.ui.View):
    """Persistent components: the channel identifies the lobby, so the ids are fixed.

    A lobby shows Join (or, in a team format, Join team 1, 2, ...), Leave, Start and the
    format menu; with no format, every component (registered once in `setup_hook`)."""

    def __init__(self, game_format: Format | None = None) -> None:
        super().__init__(timeout=None)
        teams = game_format is None or game_format.roster == "teams"
        high = MAX_TEAMS if game_format is None else game_format.team_counts[1]
        if game_format is None or not teams:
            self.add_item(LobbyButton("join", "Join", discord.ButtonStyle.success))
        if teams:
            for team in range(1, high + 1):
                label = f"Join team {team}"
                self.add_item(LobbyButton(f"team:{team}", label, discord.ButtonStyle.success))
        row = SEATS_ROW if teams else JOIN_ROW
        self.add_item(LobbyButton("leave", "Leave", discord.ButtonStyle.secondary, row))
        self.add_item(LobbyButton("start", "Start", discord.ButtonStyle.primary, row))
        self.add_item(FormatMenu(game_format, row + 1))
