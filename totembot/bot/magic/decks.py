"""`/totem deck name:`: the deck the caller plays, in the channel's game (a `deck NAME`
request, as `/do Ann: deck Atraxa` records it) or, while a lobby gathers, in the game it will
start (kept in the store, recorded as the game's first requests when the lobby starts).
Autocomplete offers the caller's earlier decks in this server."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller, require_place
from totembot.bot.autocomplete import MAX_CHOICES, SUGGEST_WITHIN, Choices
from totembot.bot.magic.asking import ask
from totembot.bot.recording import Recorder, recorder_of
from totembot.bot.replies import in_time, say
from totembot.core.errors import RuleViolation
from totembot.core.intents import Actor
from totembot.games.magic.rules.decks import MAX_DECK_NAME, deck_name_refusal
from totembot.games.magic.rules.intents import NameDeck, Request
from totembot.render.markdown import escape
from totembot.service import GameService
from totembot.store import StoredGame, StoreError

log = logging.getLogger(__name__)


async def earlier_decks(interaction: discord.Interaction, current: str) -> Choices:
    """The caller's decks of finished games in this server that hold what was typed, the
    latest first (a new name is sent as typed)."""
    typed = " ".join(current.split())[:MAX_DECK_NAME]
    try:
        asked = recorder_of(interaction).service.store.deck_names(
            str(interaction.user.id), str(interaction.guild_id) if interaction.guild_id else None
        )
        decks = await asyncio.wait_for(asked, timeout=SUGGEST_WITHIN)
    except (StoreError, TimeoutError):
        decks = []
    offered = [deck for deck in decks if typed.casefold() in deck.casefold()]
    return [app_commands.Choice(name=deck[:100], value=deck) for deck in offered][:MAX_CHOICES]


class DeckCommands(commands.Cog):
    """`/totem deck`; a base of the `/totem` group's cog."""

    recorder: Recorder

    @app_commands.command(
        name="deck", description="Name the deck you play in this game, or in the lobby's game"
    )
    @app_commands.describe(name="The deck, like Atraxa or Tymna and Kraum (up to 60 characters)")
    @app_commands.autocomplete(name=earlier_decks)
    async def deck(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, MAX_DECK_NAME]
    ) -> None:
        deck = " ".join(name.split())
        refusal = deck_name_refusal(deck)
        if refusal is not None:
            raise RuleViolation(refusal)
        store = self.recorder.service.store
        lobby = await in_time(interaction, store.load_lobby(str(interaction.channel_id)))
        if lobby is None:
            await ask(self.recorder, interaction, NameDeck(name=deck))
            return
        require_place(interaction, lobby.guild_id, "lobby")
        caller = Caller.of(interaction)
        if not any(seat.user_id == caller.user_id for seat in lobby.seats):
            raise RuleViolation("Join the lobby first, then name your deck.")
        await in_time(interaction, store.set_lobby_deck(lobby.channel_id, caller.user_id, deck))
        await say(interaction, f"{escape(caller.display_name)} will play {escape(deck)}.")


async def record_lobby_decks(service: GameService, game: StoredGame) -> None:
    """The decks named in the lobby, recorded as the new game's first requests (by the member
    who named each); one the rules refuse is left out, with a line in the log."""
    decks = await service.store.lobby_decks(game.channel_id)
    for seat, player in zip(game.seats, game.config.players, strict=False):
        deck = decks.get(seat.user_id or "")
        if deck is None or seat.user_id is None:
            continue
        request = Request(actor=Actor(player=player), intent=NameDeck(name=deck))
        try:
            await service.record(game.channel_id, request, seat.user_id)
        except RuleViolation as refused:
            log.info("A deck named in the lobby was not recorded: %s", refused)
