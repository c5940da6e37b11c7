"""Recording what happens: `/do` with a phrase, and one structured command per phrase."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller, seat_label
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
from totembot.rules.options import totem_choices

Amount = app_commands.Range[int, 1, 1_000_000]
LifeValue = app_commands.Range[int, -1_000_000, 1_000_000]
MAX_CHOICES = 25

# Which request each command's `totem` option is for, so autocomplete offers the legal ones.
TOTEM_KIND = {
    "damage": "damage",
    "lose": "lose",
    "gain": "gain",
    "pay": "pay",
    "poison": "poison",
    "set-life": "set",
    "halve": "halve",
    "attack": "attack",
    "lock": "lock",
    "unlock": "unlock",
}


def focused_option(interaction: discord.Interaction) -> str | None:
    """The name of the option being typed in an autocomplete interaction."""
    data: dict[str, Any] = dict(interaction.data or {})
    pending: list[Any] = list(data.get("options", []))
    while pending:
        option = pending.pop()
        if option.get("focused"):
            return str(option.get("name"))
        pending += option.get("options", [])
    return None


def _totem(text: str | None) -> TotemRef | None:
    return None if text is None else parse_totem(text)


class ActionsCog(commands.Cog):
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    async def _submit(self, interaction: discord.Interaction, intent: Intent) -> None:
        await self.recorder.submit(interaction, intent)

    # --- autocomplete ---------------------------------------------------------------------

    async def players_in(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Players still in the game, matching what has been typed."""
        try:
            assert interaction.channel_id is not None
            table = await self.recorder.table(interaction.channel_id)
        except (RuleViolation, AssertionError):
            return []
        state = table.game.state
        choices = []
        for seat, player in enumerate(state.players):
            label = seat_label(table.game.seats[seat], player.name)
            if player.is_in and current.casefold() in label.casefold():
                choices.append(app_commands.Choice(name=label[:100], value=player.name))
        return choices[:MAX_CHOICES]

    async def legal_totems(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The totems legal for this request, with their life now."""
        try:
            assert interaction.channel_id is not None
            table = await self.recorder.table(interaction.channel_id)
        except (RuleViolation, AssertionError):
            return []
        command = interaction.command.name if interaction.command else ""
        namespace = interaction.namespace
        speaker = table.name_of(Caller.of(interaction).user_id)
        target = getattr(namespace, "player", None) or getattr(namespace, "hitting", None)
        counting = focused_option(interaction) == "counting"
        choices = totem_choices(
            table.game.state, TOTEM_KIND.get(command, ""), speaker, target, counting=counting
        )
        if command == "attack" and target:
            choices = [c for c in choices if target.casefold() in c.name.casefold().split("-")]
        return [
            app_commands.Choice(name=choice.label[:100], value=choice.name)
            for choice in choices
            if current.casefold() in choice.label.casefold()
        ][:MAX_CHOICES]

    # --- the phrase language ------------------------------------------------------------------

    @app_commands.command(name="do", description="Record one phrase, e.g. 'deal 3 to Bob via left'")
    @app_commands.describe(
        text="A phrase of the Totem language; 'Name: phrase' records it for another player"
    )
    async def do(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 500]
    ) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table(interaction.channel_id)
        parsed = parse_line(table.with_names(text))
        if parsed is None:
            raise RuleViolation("The phrase is empty: try 'deal 3 to Bob via left'.")
        await self.recorder.submit(interaction, parsed.intent, parsed.speaker)

    # --- one command per phrase -----------------------------------------------------------------

    @app_commands.command(
        name="damage", description="Deal non-combat damage from a source you control"
    )
    @app_commands.describe(
        player="Who is dealt the damage",
        amount="How much damage",
        totem="Which of their totems takes it (when two are legal)",
    )
    async def damage(
        self,
        interaction: discord.Interaction,
        player: str,
        amount: Amount,
        totem: str | None = None,
    ) -> None:
        await self._submit(interaction, Damage(target=player, amount=amount, via=_totem(totem)))

    @app_commands.command(name="lose", description="Record life loss (yours, or another player's)")
    @app_commands.describe(
        amount="How much life is lost",
        player="Who loses it (default: you)",
        totem="Which of their totems loses it (when two are legal)",
    )
    async def lose(
        self,
        interaction: discord.Interaction,
        amount: Amount,
        player: str | None = None,
        totem: str | None = None,
    ) -> None:
        await self._submit(interaction, LoseLife(target=player, amount=amount, via=_totem(totem)))

    @app_commands.command(name="gain", description="Record life gain (yours, or another player's)")
    @app_commands.describe(
        amount="How much life is gained",
        player="Who gains it (default: you)",
        totem="Which of their totems gains it (when two are legal)",
    )
    async def gain(
        self,
        interaction: discord.Interaction,
        amount: Amount,
        player: str | None = None,
        totem: str | None = None,
    ) -> None:
        await self._submit(interaction, GainLife(target=player, amount=amount, via=_totem(totem)))

    @app_commands.command(name="pay", description="Pay life from one of your totems")
    @app_commands.describe(amount="How much life to pay", totem="Which of your totems pays it")
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
    async def set_life(
        self,
        interaction: discord.Interaction,
        player: str,
        value: LifeValue,
        totem: str | None = None,
        counting: str | None = None,
    ) -> None:
        intent = SetLife(target=player, value=value, via=_totem(totem), counting=_totem(counting))
        await self._submit(interaction, intent)

    @app_commands.command(name="halve", description="Halve a player's life (Heartless Hidetsugu)")
    @app_commands.describe(
        player="Whose life is halved",
        totem="The totem that loses life",
        counting="The totem whose life is halved (default: the same)",
    )
    async def halve(
        self,
        interaction: discord.Interaction,
        player: str,
        totem: str | None = None,
        counting: str | None = None,
    ) -> None:
        await self._submit(
            interaction, Halve(target=player, via=_totem(totem), counting=_totem(counting))
        )

    @app_commands.command(name="attack", description="Record combat damage dealt to a totem")
    @app_commands.describe(
        totem="The totem attacked",
        amount="Combat damage dealt",
        hitting="The defending player dealt the damage",
        commander="Dealt by your commander (commander games)",
        commander_name="Your commander's name, to tell partners apart",
    )
    async def attack(
        self,
        interaction: discord.Interaction,
        totem: str,
        amount: Amount,
        hitting: str | None = None,
        commander: bool = False,
        commander_name: app_commands.Range[str, 1, 32] | None = None,
    ) -> None:
        ref = parse_totem(totem)
        intent = Attack(
            totem=ref,
            amount=amount,
            hitting=hitting,
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
    async def poison(
        self,
        interaction: discord.Interaction,
        player: str,
        amount: Amount,
        totem: str | None = None,
    ) -> None:
        await self._submit(interaction, Poison(target=player, amount=amount, via=_totem(totem)))

    @app_commands.command(name="lock", description="Lock one of your totems (Platinum Emperion)")
    @app_commands.describe(totem="Which of your totems can no longer change life")
    async def lock(self, interaction: discord.Interaction, totem: str) -> None:
        await self._submit(interaction, Lock(totem=parse_totem(totem)))

    @app_commands.command(name="unlock", description="Unlock one of your totems")
    @app_commands.describe(totem="Which of your totems to unlock")
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
    async def eliminate(self, interaction: discord.Interaction, player: str) -> None:
        await self._submit(interaction, Eliminate(target=player))

    @app_commands.command(name="next", description="Pass the turn to the next player still in")
    async def next_turn(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, NextTurn())

    @app_commands.command(name="undo", description="Take back the last change, with all it caused")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, Undo())

    damage.autocomplete("player")(players_in)
    damage.autocomplete("totem")(legal_totems)
    lose.autocomplete("player")(players_in)
    lose.autocomplete("totem")(legal_totems)
    gain.autocomplete("player")(players_in)
    gain.autocomplete("totem")(legal_totems)
    pay.autocomplete("totem")(legal_totems)
    set_life.autocomplete("player")(players_in)
    set_life.autocomplete("totem")(legal_totems)
    set_life.autocomplete("counting")(legal_totems)
    halve.autocomplete("player")(players_in)
    halve.autocomplete("totem")(legal_totems)
    halve.autocomplete("counting")(legal_totems)
    attack.autocomplete("totem")(legal_totems)
    attack.autocomplete("hitting")(players_in)
    poison.autocomplete("player")(players_in)
    poison.autocomplete("totem")(legal_totems)
    lock.autocomplete("totem")(legal_totems)
    unlock.autocomplete("totem")(legal_totems)
    eliminate.autocomplete("player")(players_in)
