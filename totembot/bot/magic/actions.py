"""Magic's structured commands: one per phrase, with autocomplete of the legal choices (`/do`
takes every phrase, in every game: `bot/cogs/say.py`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller, Table
from totembot.bot.magic.asking import ask, plays_magic
from totembot.bot.magic.choices import (
    legal_totems,
    other_players_in,
    players_besides,
    players_for,
)
from totembot.bot.recording import Recorder
from totembot.core.names import NAME
from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_totem
from totembot.games.magic.rules import RuleViolation, TotemRef
from totembot.games.magic.rules.intents import (
    UNDO_KEEPING_NUMBERS,
    Attack,
    Concede,
    Damage,
    Eliminate,
    GainLife,
    Halve,
    Intent,
    Lock,
    LoseLife,
    NextTurn,
    PayLife,
    Poison,
    SetLife,
    Unlock,
    Win,
)

Amount = app_commands.Range[int, 1, 1_000_000]
LifeValue = app_commands.Range[int, -1_000_000, 1_000_000]


def _totem(text: str | None) -> TotemRef | None:
    return None if text is None else parse_totem(text)


def _title(table: Table) -> str:
    return format_named(table.game.state.config.format).title


def _names_totems(table: Table) -> bool:
    """Whether the table's format names totems (Totem) or players (every other format)."""
    game = table.game
    return plays_magic(game) and format_named(game.config.format).language.totems


class ActionsCog(commands.Cog):
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    async def _submit(self, interaction: discord.Interaction, intent: Intent) -> None:
        await ask(self.recorder, interaction, intent)

    async def _player(self, interaction: discord.Interaction, text: str) -> str:
        """A player option as typed (mention, display name or game name) to the game name."""
        assert interaction.channel_id is not None
        return (await self.recorder.table_for(interaction)).player_named(text)

    async def _maybe_player(self, interaction: discord.Interaction, text: str | None) -> str | None:
        return None if text is None else await self._player(interaction, text)

    @app_commands.command(
        name="damage",
        description=(
            "Non-combat damage from a source you control (to all: /do deal 1 to each player)"
        ),
    )
    @app_commands.describe(
        player="Who is dealt the damage",
        amount="How much damage",
        totem="Totem games: which of their totems takes it (when two are legal)",
    )
    @app_commands.autocomplete(player=players_for("damage"), totem=legal_totems("damage"))
    async def damage(
        self,
        interaction: discord.Interaction,
        player: str,
        amount: Amount,
        totem: str | None = None,
    ) -> None:
        target = await self._player(interaction, player)
        await self._submit(interaction, Damage(target=target, amount=amount, via=_totem(totem)))

    @app_commands.command(
        name="lose",
        description="Record life loss (yours, or another player's; all: /do each opponent loses 1)",
    )
    @app_commands.describe(
        amount="How much life is lost",
        player="Who loses it (default: you)",
        totem="Totem games: which of their totems loses it (when two are legal)",
    )
    @app_commands.autocomplete(player=players_for("lose"), totem=legal_totems("lose"))
    async def lose(
        self,
        interaction: discord.Interaction,
        amount: Amount,
        player: str | None = None,
        totem: str | None = None,
    ) -> None:
        target = await self._maybe_player(interaction, player)
        await self._submit(interaction, LoseLife(target=target, amount=amount, via=_totem(totem)))

    @app_commands.command(
        name="gain",
        description="Record life gain (yours, or another player's; all: /do each player gains 1)",
    )
    @app_commands.describe(
        amount="How much life is gained",
        player="Who gains it (default: you)",
        totem="Totem games: which of their totems gains it (when two are legal)",
    )
    @app_commands.autocomplete(player=players_for("gain"), totem=legal_totems("gain"))
    async def gain(
        self,
        interaction: discord.Interaction,
        amount: Amount,
        player: str | None = None,
        totem: str | None = None,
    ) -> None:
        target = await self._maybe_player(interaction, player)
        await self._submit(interaction, GainLife(target=target, amount=amount, via=_totem(totem)))

    @app_commands.command(name="pay", description="Pay life (from one of your totems, in Totem)")
    @app_commands.describe(
        amount="How much life to pay", totem="Totem games: which of your totems pays it"
    )
    @app_commands.autocomplete(totem=legal_totems("pay"))
    async def pay(
        self, interaction: discord.Interaction, amount: Amount, totem: str | None = None
    ) -> None:
        await self._submit(interaction, PayLife(amount=amount, via=_totem(totem)))

    @app_commands.command(name="set-life", description="Set a player's life (Magister Sphinx)")
    @app_commands.describe(
        player="Whose life is set",
        value="The new life total",
        totem="Totem games: the totem that changes",
        counting="Totem games: the totem counted from (default: the same)",
    )
    @app_commands.autocomplete(
        player=players_for("set"), totem=legal_totems("set"), counting=legal_totems("set")
    )
    async def set_life(
        self,
        interaction: discord.Interaction,
        player: str,
        value: LifeValue,
        totem: str | None = None,
        counting: str | None = None,
    ) -> None:
        target = await self._player(interaction, player)
        intent = SetLife(target=target, value=value, via=_totem(totem), counting=_totem(counting))
        await self._submit(interaction, intent)

    @app_commands.command(name="halve", description="Halve a player's life (Heartless Hidetsugu)")
    @app_commands.describe(
        player="Whose life is halved",
        totem="Totem games: the totem that loses life",
        counting="Totem games: the totem whose life is halved (default: the same)",
    )
    @app_commands.autocomplete(
        player=players_for("halve"), totem=legal_totems("halve"), counting=legal_totems("halve")
    )
    async def halve(
        self,
        interaction: discord.Interaction,
        player: str,
        totem: str | None = None,
        counting: str | None = None,
    ) -> None:
        target = await self._player(interaction, player)
        intent = Halve(target=target, via=_totem(totem), counting=_totem(counting))
        await self._submit(interaction, intent)

    @app_commands.command(
        name="attack", description="Record combat damage dealt to a player (to a totem, in Totem)"
    )
    @app_commands.describe(
        amount="Combat damage dealt",
        player="The player attacked (every format but Totem)",
        totem="Totem games: the totem attacked",
        hitting="Totem games: the defending player dealt the damage",
        commander="Dealt by your commander (commander games)",
        commander_name="Your commander's name in one word (Tymna), to tell partners apart",
    )
    @app_commands.autocomplete(
        player=players_for("attack"), totem=legal_totems("attack"), hitting=other_players_in
    )
    async def attack(
        self,
        interaction: discord.Interaction,
        amount: Amount,
        player: str | None = None,
        totem: str | None = None,
        hitting: str | None = None,
        commander: bool = False,
        commander_name: app_commands.Range[str, 1, 32] | None = None,
    ) -> None:
        if commander_name is not None and NAME.fullmatch(commander_name.strip()) is None:
            raise RuleViolation("A commander's name is one word without spaces, like Tymna.")
        table = await self.recorder.table_for(interaction)
        if _names_totems(table):
            if totem is None or player is not None:
                raise RuleViolation(
                    "In Totem you attack a totem: give the totem option (and hitting for the "
                    "player dealt the damage), not player."
                )
        elif player is None or totem is not None:
            raise RuleViolation(
                f"In {_title(table)} you attack a player: give the player option, not totem."
            )
        intent = Attack(
            totem=_totem(totem),
            player=None if player is None else table.player_named(player),
            amount=amount,
            hitting=None if hitting is None else table.player_named(hitting),
            commander=commander or commander_name is not None,
            commander_name=None if commander_name is None else commander_name.strip(),
        )
        await self._submit(interaction, intent)

    @app_commands.command(
        name="poison", description="Give poison counters from a source you control"
    )
    @app_commands.describe(
        player="Who gets the counters",
        amount="How many counters",
        totem="Totem games: which of their totems gets them (when two are legal)",
    )
    @app_commands.autocomplete(player=players_for("poison"), totem=legal_totems("poison"))
    async def poison(
        self,
        interaction: discord.Interaction,
        player: str,
        amount: Amount,
        totem: str | None = None,
    ) -> None:
        target = await self._player(interaction, player)
        await self._submit(interaction, Poison(target=target, amount=amount, via=_totem(totem)))

    @app_commands.command(
        name="lock",
        description="Lock your life total (in Totem, one of your totems): Platinum Emperion",
    )
    @app_commands.describe(totem="Totem games: which of your totems can no longer change life")
    @app_commands.autocomplete(totem=legal_totems("lock"))
    async def lock(self, interaction: discord.Interaction, totem: str | None = None) -> None:
        await self._lock(interaction, Lock, totem)

    @app_commands.command(
        name="unlock", description="Unlock your life total (one of your totems, in Totem)"
    )
    @app_commands.describe(totem="Totem games: which of your totems to unlock")
    @app_commands.autocomplete(totem=legal_totems("unlock"))
    async def unlock(self, interaction: discord.Interaction, totem: str | None = None) -> None:
        await self._lock(interaction, Unlock, totem)

    async def _lock(
        self, interaction: discord.Interaction, kind: type[Lock | Unlock], totem: str | None
    ) -> None:
        """In Totem a totem is named; elsewhere the speaker's own life total is (un)locked."""
        if totem is None and _names_totems(await self.recorder.table_for(interaction)):
            raise RuleViolation(
                f"In Totem, say which of your totems to {kind().kind}: give the totem option "
                "(left or right)."
            )
        await self._submit(interaction, kind(totem=_totem(totem)))

    @app_commands.command(name="concede", description="Concede the game")
    async def concede(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, Concede())

    @app_commands.command(name="win", description="You win the game by an effect")
    async def win(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, Win())

    @app_commands.command(
        name="eliminate", description="A player loses by another effect (empty library...)"
    )
    @app_commands.describe(
        player="Who loses the game",
        by="madness-minions: whose effect made them draw or mill (they become that one's minion)",
    )
    @app_commands.autocomplete(
        player=players_for("eliminate"), by=players_besides("player", "eliminate")
    )
    async def eliminate(
        self, interaction: discord.Interaction, player: str, by: str | None = None
    ) -> None:
        target = await self._player(interaction, player)
        source = await self._maybe_player(interaction, by)
        await self._submit(interaction, Eliminate(target=target, by=source))

    @app_commands.command(
        name="next", description="End your turn: the turn (or your turn marker) passes on"
    )
    @app_commands.describe(
        player="Grand Melee, host or admin: whose turn ends (default: yours, if you hold a marker)"
    )
    @app_commands.autocomplete(player=players_for("next"))
    async def next_turn(self, interaction: discord.Interaction, player: str | None = None) -> None:
        """Bare, the caller ends their own turn (the host alone: the only turn going on);
        with `player`, the host ends that player's turn, where several take turns at once.
        Elsewhere the rules refuse `player` with their sentence."""
        table = await self.recorder.table_for(interaction)
        name = None if player is None else table.player_named(player)
        own = table.name_of(Caller.of(interaction).user_id)
        game = table.game
        several = plays_magic(game) and format_named(game.config.format).language.next_player
        if several and name is not None and own is not None and name.casefold() == own.casefold():
            name = None  # naming oneself is ending one's own turn
        await self._submit(interaction, NextTurn(player=name))

    @app_commands.command(name="undo", description="Take back the last change, with all it caused")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, UNDO_KEEPING_NUMBERS)
