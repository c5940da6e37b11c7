"""Recording what happens: `/do` with a phrase, and one structured command per phrase."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.choices import legal_totems, other_players_in, players_in
from totembot.bot.recording import Recorder
from totembot.phrases import parse_line, parse_totem
from totembot.rules import RuleViolation, TotemRef
from totembot.rules.intents import (
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
    Undo,
    Unlock,
    Win,
)

Amount = app_commands.Range[int, 1, 1_000_000]
LifeValue = app_commands.Range[int, -1_000_000, 1_000_000]


def _totem(text: str | None) -> TotemRef | None:
    return None if text is None else parse_totem(text)


class ActionsCog(commands.Cog):
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    async def _submit(self, interaction: discord.Interaction, intent: Intent) -> None:
        await self.recorder.submit(interaction, intent)

    async def _player(self, interaction: discord.Interaction, text: str) -> str:
        """A player option as typed (mention, display name or game name) to the game name."""
        assert interaction.channel_id is not None
        return (await self.recorder.table_for(interaction)).player_named(text)

    async def _maybe_player(self, interaction: discord.Interaction, text: str | None) -> str | None:
        return None if text is None else await self._player(interaction, text)

    @app_commands.command(name="do", description="Record one phrase, e.g. 'deal 3 to Bob via left'")
    @app_commands.describe(
        text="A phrase of the Totem language; 'Name: phrase' records it for another player"
    )
    async def do(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 500]
    ) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table_for(interaction)
        parsed = parse_line(table.with_names(text))
        if parsed is None:
            raise RuleViolation("The phrase is empty: try 'deal 3 to Bob via left'.")
        await self.recorder.submit(interaction, parsed.intent, parsed.speaker)

    @app_commands.command(
        name="damage", description="Deal non-combat damage from a source you control"
    )
    @app_commands.describe(
        player="Who is dealt the damage",
        amount="How much damage",
        totem="Which of their totems takes it (when two are legal)",
    )
    @app_commands.autocomplete(player=players_in, totem=legal_totems("damage"))
    async def damage(
        self,
        interaction: discord.Interaction,
        player: str,
        amount: Amount,
        totem: str | None = None,
    ) -> None:
        target = await self._player(interaction, player)
        await self._submit(interaction, Damage(target=target, amount=amount, via=_totem(totem)))

    @app_commands.command(name="lose", description="Record life loss (yours, or another player's)")
    @app_commands.describe(
        amount="How much life is lost",
        player="Who loses it (default: you)",
        totem="Which of their totems loses it (when two are legal)",
    )
    @app_commands.autocomplete(player=players_in, totem=legal_totems("lose"))
    async def lose(
        self,
        interaction: discord.Interaction,
        amount: Amount,
        player: str | None = None,
        totem: str | None = None,
    ) -> None:
        target = await self._maybe_player(interaction, player)
        await self._submit(interaction, LoseLife(target=target, amount=amount, via=_totem(totem)))

    @app_commands.command(name="gain", description="Record life gain (yours, or another player's)")
    @app_commands.describe(
        amount="How much life is gained",
        player="Who gains it (default: you)",
        totem="Which of their totems gains it (when two are legal)",
    )
    @app_commands.autocomplete(player=players_in, totem=legal_totems("gain"))
    async def gain(
        self,
        interaction: discord.Interaction,
        amount: Amount,
        player: str | None = None,
        totem: str | None = None,
    ) -> None:
        target = await self._maybe_player(interaction, player)
        await self._submit(interaction, GainLife(target=target, amount=amount, via=_totem(totem)))

    @app_commands.command(name="pay", description="Pay life from one of your totems")
    @app_commands.describe(amount="How much life to pay", totem="Which of your totems pays it")
    @app_commands.autocomplete(totem=legal_totems("pay"))
    async def pay(
        self, interaction: discord.Interaction, amount: Amount, totem: str | None = None
    ) -> None:
        await self._submit(interaction, PayLife(amount=amount, via=_totem(totem)))

    @app_commands.command(name="set-life", description="Set a player's life (Magister Sphinx)")
    @app_commands.describe(
        player="Whose life is set",
        value="The new life total",
        totem="The totem that changes",
        counting="The totem counted from (default: the same)",
    )
    @app_commands.autocomplete(
        player=players_in, totem=legal_totems("set"), counting=legal_totems("set")
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
        totem="The totem that loses life",
        counting="The totem whose life is halved (default: the same)",
    )
    @app_commands.autocomplete(
        player=players_in, totem=legal_totems("halve"), counting=legal_totems("halve")
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

    @app_commands.command(name="attack", description="Record combat damage dealt to a totem")
    @app_commands.describe(
        totem="The totem attacked",
        amount="Combat damage dealt",
        hitting="The defending player dealt the damage",
        commander="Dealt by your commander (commander games)",
        commander_name="Your commander's name, to tell partners apart",
    )
    @app_commands.autocomplete(totem=legal_totems("attack"), hitting=other_players_in)
    async def attack(
        self,
        interaction: discord.Interaction,
        totem: str,
        amount: Amount,
        hitting: str | None = None,
        commander: bool = False,
        commander_name: app_commands.Range[str, 1, 32] | None = None,
    ) -> None:
        intent = Attack(
            totem=parse_totem(totem),
            amount=amount,
            hitting=await self._maybe_player(interaction, hitting),
            commander=commander or commander_name is not None,
            commander_name=commander_name,
        )
        await self._submit(interaction, intent)

    @app_commands.command(
        name="poison", description="Give poison counters from a source you control"
    )
    @app_commands.describe(
        player="Who gets the counters",
        amount="How many counters",
        totem="Which of their totems gets them (when two are legal)",
    )
    @app_commands.autocomplete(player=players_in, totem=legal_totems("poison"))
    async def poison(
        self,
        interaction: discord.Interaction,
        player: str,
        amount: Amount,
        totem: str | None = None,
    ) -> None:
        target = await self._player(interaction, player)
        await self._submit(interaction, Poison(target=target, amount=amount, via=_totem(totem)))

    @app_commands.command(name="lock", description="Lock one of your totems (Platinum Emperion)")
    @app_commands.describe(totem="Which of your totems can no longer change life")
    @app_commands.autocomplete(totem=legal_totems("lock"))
    async def lock(self, interaction: discord.Interaction, totem: str) -> None:
        await self._submit(interaction, Lock(totem=parse_totem(totem)))

    @app_commands.command(name="unlock", description="Unlock one of your totems")
    @app_commands.describe(totem="Which of your totems to unlock")
    @app_commands.autocomplete(totem=legal_totems("unlock"))
    async def unlock(self, interaction: discord.Interaction, totem: str) -> None:
        await self._submit(interaction, Unlock(totem=parse_totem(totem)))

    @app_commands.command(name="concede", description="Concede the game")
    async def concede(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, Concede())

    @app_commands.command(name="win", description="You win the game by an effect")
    async def win(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, Win())

    @app_commands.command(
        name="eliminate", description="A player loses by another effect (empty library...)"
    )
    @app_commands.describe(player="Who loses the game")
    @app_commands.autocomplete(player=players_in)
    async def eliminate(self, interaction: discord.Interaction, player: str) -> None:
        target = await self._player(interaction, player)
        await self._submit(interaction, Eliminate(target=target))

    @app_commands.command(name="next", description="Pass the turn to the next player still in")
    async def next_turn(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, NextTurn())

    @app_commands.command(name="undo", description="Take back the last change, with all it caused")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, Undo())
