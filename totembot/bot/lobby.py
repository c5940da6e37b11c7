"""Gathering a game: the lobby's seats, its message and its Join / Leave / Start buttons."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from totembot.bot.access import Caller
from totembot.bot.replies import (
    NO_PINGS,
    answer_failures,
    edit_pressed,
    in_time,
    say,
    say_and_show,
)
from totembot.bot.status import StatusUpdater
from totembot.phrases import one_word_name
from totembot.render.markdown import escape
from totembot.rules import Config, RuleViolation
from totembot.rules.errors import shown
from totembot.rules.state import MAX_PLAYERS, default_life
from totembot.service import GameService
from totembot.store import Lobby, LobbyOptions, Seat, StoredGame

LobbyChange = Callable[[Lobby], Lobby]


@dataclass(frozen=True)
class Started:
    """A game just created, and the channel's previous game whose status message retires."""

    game: StoredGame
    previous: StoredGame | None


def game_names(seats: Sequence[Seat]) -> list[str]:
    """One-word names the phrase language can read, unique in the game."""
    names: list[str] = []
    for index, seat in enumerate(seats):
        names.append(one_word_name(seat.display_name, names, f"Player{index + 1}"))
    return names


def build_config(options: LobbyOptions, seats: Sequence[Seat]) -> Config:
    return Config.model_validate(
        {
            "players": tuple(game_names(seats)),
            "life": options.life or default_life(options.commander),
            "commander": options.commander,
            "house_rules": options.house_rules,
        }
    )


def with_seat(lobby: Lobby, seat: Seat) -> Lobby:
    if seat.user_id is not None and any(s.user_id == seat.user_id for s in lobby.seats):
        raise RuleViolation("You are already seated in this lobby.")
    if len(lobby.seats) >= MAX_PLAYERS:
        raise RuleViolation(f"The lobby is full: a Totem game seats at most {MAX_PLAYERS}.")
    return replace(lobby, seats=(*lobby.seats, seat))


def without_user(lobby: Lobby, user_id: str) -> Lobby:
    seats = tuple(seat for seat in lobby.seats if seat.user_id != user_id)
    if len(seats) == len(lobby.seats):
        raise RuleViolation("You are not seated in this lobby.")
    return replace(lobby, seats=seats)


def reordered(lobby: Lobby, wanted: Sequence[str]) -> Lobby:
    """Seats in the order given by display names, game names or user ids (each seat once)."""
    remaining = list(lobby.seats)
    names = dict(zip(lobby.seats, game_names(lobby.seats), strict=True))
    order: list[Seat] = []
    for token in wanted:
        folded = token.casefold()
        match = next(
            (
                seat
                for seat in remaining
                if folded
                in (seat.display_name.casefold(), str(seat.user_id), names[seat].casefold())
            ),
            None,
        )
        if match is None:
            raise RuleViolation(f"Nobody called {shown(token)} is seated in this lobby.")
        remaining.remove(match)
        order.append(match)
    if remaining:
        missing = ", ".join(shown(seat.display_name) for seat in remaining)
        raise RuleViolation(f"The new order must name every seat once; missing: {missing[:200]}.")
    return replace(lobby, seats=tuple(order))


def shuffled(lobby: Lobby, chance: random.Random) -> Lobby:
    seats = list(lobby.seats)
    chance.shuffle(seats)
    return replace(lobby, seats=tuple(seats))


def lobby_text(lobby: Lobby) -> str:
    options = lobby.options
    setup = [f"{options.life or default_life(options.commander)} life"]
    setup += (["commander"] if options.commander else []) + list(options.house_rules)
    seats = "\n".join(
        f"{index + 1}. {escape(seat.display_name)}" + (" (guest)" if seat.user_id is None else "")
        for index, seat in enumerate(lobby.seats)
    )
    return (
        f"**A Totem game is gathering** ({', '.join(setup)}): press Join to take a seat.\n"
        f"{seats or 'No one is seated yet.'}\n"
        "The host starts the game with 3 to 8 players (seat order is turn order)."
    )


def started_text(game: StoredGame) -> str:
    names = ", ".join(escape(name) for name in game.config.players)
    first = escape(game.config.players[0])
    return f"**The game has started**: {names} (turn 1: {first}). The status is pinned."


class Lobbies:
    """Open, change, cancel and start lobbies; a started lobby becomes a game.

    Each channel's lobby is read, changed and saved under a lock, so simultaneous Join presses
    all count; a lobby closed meanwhile (started or cancelled) is never brought back.
    """

    def __init__(self, service: GameService, status: StatusUpdater, chance: random.Random) -> None:
        self.service = service
        self.status = status
        self.chance = chance
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def current(self, channel_id: int) -> Lobby:
        lobby = await self.service.store.load_lobby(str(channel_id))
        if lobby is None:
            raise RuleViolation("There is no lobby in this channel: open one with /totem new.")
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
                seats=(Seat(display_name=caller.display_name, user_id=caller.user_id),),
                created_at=self.service.clock(),
            )
            message = await say_and_show(interaction, lobby_text(lobby), view=LobbyView())
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
        await self.require_no_game(interaction.channel_id)
        existing = await self.service.store.load_lobby(str(interaction.channel_id))
        if existing is not None and not may_manage(caller, existing.host):
            raise RuleViolation(
                "A lobby is already open here: join it, or ask its host to /totem cancel it."
            )
        return existing

    async def require_no_game(self, channel_id: int) -> None:
        game = await self.service.current(str(channel_id))
        if game is not None and game.status == "active":
            raise RuleViolation("This channel already has a game: end it with /totem end first.")

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
            lobby = await self.current(interaction.channel_id)
            self._check_message(interaction, lobby)
            if host_only:
                require_host(interaction, lobby)
            changed = change(lobby)
            if not await self.service.store.update_lobby(changed):
                raise RuleViolation("This lobby has just closed.")
        return changed

    async def _show(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        await self._answer(interaction, lobby, lobby_text(lobby), LobbyView())

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
        if action == "join":
            seat = Seat(display_name=caller.display_name, user_id=caller.user_id)
            await self.change(interaction, lambda lobby: with_seat(lobby, seat))
        else:
            await self.change(interaction, lambda lobby: without_user(lobby, caller.user_id))

    async def cancel(self, interaction: discord.Interaction) -> None:
        lobby = await in_time(interaction, self._cancelled(interaction))
        await say(interaction, "The lobby is cancelled.")
        await self._close_message(interaction, lobby, "This lobby was cancelled.")

    async def _cancelled(self, interaction: discord.Interaction) -> Lobby:
        assert interaction.channel_id is not None
        async with self._lock(interaction.channel_id):
            lobby = await self.current(interaction.channel_id)
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
            lobby = await self.current(interaction.channel_id)
            self._check_message(interaction, lobby)
            require_host(interaction, lobby)
            started = await self.start_game(interaction, lobby.options, lobby.seats, lobby.host)
        return lobby, started

    async def start_game(
        self,
        interaction: discord.Interaction,
        options: LobbyOptions,
        seats: Sequence[Seat],
        host: str,
    ) -> Started:
        """Create the game (closing the lobby); the caller answers, then calls show_started."""
        assert interaction.channel_id is not None
        await self.require_no_game(interaction.channel_id)
        previous = await self.service.current(str(interaction.channel_id))
        game = await self.service.start(
            str(interaction.channel_id),
            host,
            build_config(options, seats),
            seats,
            guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        )
        return Started(game, previous)

    async def show_started(self, started: Started) -> None:
        """After the answer: retire the previous game's status message, post the new one."""
        if started.previous is not None:
            await self.status.retire(started.previous)
        self.status.schedule(started.game.id)

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
    return caller.user_id == host or caller.is_admin


def require_host(interaction: discord.Interaction, lobby: Lobby) -> None:
    if not may_manage(Caller.of(interaction), lobby.host):
        raise RuleViolation("Only the lobby's host (or an admin) can do that.")


def lobbies_of(interaction: discord.Interaction) -> Lobbies:
    lobbies = getattr(interaction.client, "lobbies", None)
    assert isinstance(lobbies, Lobbies), "the client has no lobbies"
    return lobbies


class LobbyView(discord.ui.View):
    """Persistent buttons: the channel identifies the lobby, so the ids are fixed."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(
        label="Join", style=discord.ButtonStyle.success, custom_id="totem:lobby:join"
    )
    async def join(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]) -> None:
        await answer_failures(interaction, lobbies_of(interaction).button(interaction, "join"))

    @discord.ui.button(
        label="Leave", style=discord.ButtonStyle.secondary, custom_id="totem:lobby:leave"
    )
    async def leave(
        self, interaction: discord.Interaction, _button: discord.ui.Button[Any]
    ) -> None:
        await answer_failures(interaction, lobbies_of(interaction).button(interaction, "leave"))

    @discord.ui.button(
        label="Start", style=discord.ButtonStyle.primary, custom_id="totem:lobby:start"
    )
    async def start(
        self, interaction: discord.Interaction, _button: discord.ui.Button[Any]
    ) -> None:
        await answer_failures(interaction, lobbies_of(interaction).button(interaction, "start"))
