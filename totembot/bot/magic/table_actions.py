"""The table's structured commands (TABLE.md): counters, the monarch and the initiative, the
city's blessing, the Ring, day and night, commander casts, dice, a coin and a random player.

Each builds the very line `/do` would read (`games.magic.language.table_rows`) and records it
with `ask`, one request through `Recorder`, so its reply is the rules' own ("Ann attacked Cid,
the monarch: Ann becomes the monarch") and a roll's result is public like every reply. They
live apart from `ActionsCog`, whose commands are the request table's `slash` names: one row
(`get`) reads counters, payment, `each` and the city's blessing, which are several commands
here."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.magic.asking import ask
from totembot.bot.magic.choices import players_for
from totembot.bot.magic.table_choices import dice, kinds_for, own_commanders
from totembot.bot.recording import Recorder
from totembot.core.names import NAME
from totembot.games.magic.language.phrases import parse_line
from totembot.games.magic.rules import RuleViolation
from totembot.games.magic.rules.intents import (
    CastCommander,
    ChooseAtRandom,
    CounterWay,
    DayNightIs,
    EachWho,
    Flip,
    Get,
    Initiative,
    Intent,
    Monarch,
    Ring,
    Roll,
)

Amount = app_commands.Range[int, 1, 1_000_000]
KIND_HELP = "energy, experience, rad, or a word of your own followed by counters (ticket counters)"


def read_as(words: str, wanted: type[Intent]) -> Intent:
    """What the language reads in `words` (the refusal is its sentence), which must be a
    request of the kind the command records."""
    line = parse_line(words)
    intent = line.intent if line is not None else None
    if not isinstance(intent, wanted):
        raise RuleViolation(f"'{words}' is not what this command records: try /do.")
    return intent


def counters_of(kind: str, amount: int) -> str:
    """The kind as the language reads it, lower case (`Ticket Counters` -> `ticket`): a typo
    is refused with the language's sentence rather than made a new kind."""
    intent = read_as(f"get {amount} {kind.strip().casefold()}", Get)
    assert isinstance(intent, Get) and intent.counter is not None
    return intent.counter


class CounterCog(
    commands.GroupCog,
    group_name="counter",
    group_description="Player counters: energy, experience, rad or a kind of your own",
):
    """`/counter add | remove | pay | each`: the `get`, `lose`, `pay` and `each` lines."""

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder
        super().__init__()

    async def _counters(
        self,
        interaction: discord.Interaction,
        kind: str,
        amount: int,
        way: CounterWay,
        player: str | None = None,
        each: EachWho | None = None,
    ) -> None:
        counter = counters_of(kind, amount)
        target = None
        if player is not None:
            target = (await self.recorder.table_for(interaction)).player_named(player)
        intent = Get(target=target, amount=amount, counter=counter, way=way, each=each)
        await ask(self.recorder, interaction, intent)

    @app_commands.command(name="add", description="A player gets counters (P gets N KIND)")
    @app_commands.describe(
        player="Who gets the counters (a range of influence limits whom you reach)",
        kind=f"The kind: {KIND_HELP}",
        amount="How many counters",
    )
    @app_commands.autocomplete(player=players_for("get"), kind=kinds_for("player", False))
    async def add(
        self, interaction: discord.Interaction, player: str, kind: str, amount: Amount
    ) -> None:
        await self._counters(interaction, kind, amount, "get", player)

    @app_commands.command(name="remove", description="A player loses counters (P loses N KIND)")
    @app_commands.describe(
        player="Who loses the counters", kind="The kind (autocomplete: theirs)", amount="How many"
    )
    @app_commands.autocomplete(player=players_for("get"), kind=kinds_for("player", True))
    async def remove(
        self, interaction: discord.Interaction, player: str, kind: str, amount: Amount
    ) -> None:
        await self._counters(interaction, kind, amount, "lose", player)

    @app_commands.command(name="pay", description="Pay your own counters (pay N energy)")
    @app_commands.describe(kind="The kind (autocomplete: yours)", amount="How many to pay")
    @app_commands.autocomplete(kind=kinds_for(None, True))
    async def pay(self, interaction: discord.Interaction, kind: str, amount: Amount) -> None:
        await self._counters(interaction, kind, amount, "pay")

    @app_commands.command(
        name="each", description="Each player (or each opponent) gets counters at once"
    )
    @app_commands.describe(
        who="Each player, or each of your opponents",
        kind=f"The kind: {KIND_HELP}",
        amount="How many counters each",
    )
    @app_commands.choices(
        who=[
            app_commands.Choice(name="each player", value="player"),
            app_commands.Choice(name="each opponent", value="opponent"),
        ]
    )
    @app_commands.autocomplete(kind=kinds_for(None, False))
    async def each(
        self,
        interaction: discord.Interaction,
        who: Literal["player", "opponent"],
        kind: str,
        amount: Amount,
    ) -> None:
        await self._counters(interaction, kind, amount, "get", each=who)


class TableActionsCog(commands.Cog):
    """The designations, day and night, commander casts and chance, one command each."""

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    async def _for(self, interaction: discord.Interaction, player: str | None) -> str | None:
        """A player option to the game's name; None (the caller) when left out."""
        if player is None:
            return None
        return (await self.recorder.table_for(interaction)).player_named(player)

    @app_commands.command(name="monarch", description="A player becomes the monarch")
    @app_commands.describe(player="Who becomes the monarch (default: you)")
    @app_commands.autocomplete(player=players_for("monarch"))
    async def monarch(self, interaction: discord.Interaction, player: str | None = None) -> None:
        await ask(self.recorder, interaction, Monarch(target=await self._for(interaction, player)))

    @app_commands.command(name="initiative", description="A player takes the initiative")
    @app_commands.describe(player="Who takes the initiative (default: you)")
    @app_commands.autocomplete(player=players_for("initiative"))
    async def initiative(self, interaction: discord.Interaction, player: str | None = None) -> None:
        target = await self._for(interaction, player)
        await ask(self.recorder, interaction, Initiative(target=target))

    @app_commands.command(name="blessing", description="A player gets the city's blessing")
    @app_commands.describe(player="Who gets the city's blessing for good (default: you)")
    @app_commands.autocomplete(player=players_for("monarch"))  # no range limits it, unlike counters
    async def blessing(self, interaction: discord.Interaction, player: str | None = None) -> None:
        await ask(self.recorder, interaction, Get(target=await self._for(interaction, player)))

    @app_commands.command(name="ring", description="The Ring tempts a player")
    @app_commands.describe(player="Whom the Ring tempts (default: you)")
    @app_commands.autocomplete(player=players_for("ring"))
    async def ring(self, interaction: discord.Interaction, player: str | None = None) -> None:
        await ask(self.recorder, interaction, Ring(target=await self._for(interaction, player)))

    @app_commands.command(name="day-night", description="It becomes day, or night")
    @app_commands.describe(time="Day or night")
    async def day_night(
        self, interaction: discord.Interaction, time: Literal["day", "night"]
    ) -> None:
        await ask(self.recorder, interaction, DayNightIs(time=time))

    @app_commands.command(
        name="cast-commander", description="You cast your commander from the command zone (tax)"
    )
    @app_commands.describe(partner="Partners: the commander's name in one word (Tymna)")
    @app_commands.autocomplete(partner=own_commanders)
    async def cast_commander(
        self,
        interaction: discord.Interaction,
        partner: app_commands.Range[str, 1, 32] | None = None,
    ) -> None:
        name = None if partner is None else partner.strip()
        if name is not None and NAME.fullmatch(name) is None:
            raise RuleViolation("A commander's name is one word without spaces, like Tymna.")
        await ask(self.recorder, interaction, CastCommander(name=name))

    @app_commands.command(name="roll", description="Roll dice; everyone sees the result")
    @app_commands.describe(dice="Dice like d20 or 2d6 (1 to 100 dice of 2 to 1,000 sides)")
    @app_commands.autocomplete(dice=dice)
    async def roll(
        self, interaction: discord.Interaction, dice: app_commands.Range[str, 2, 9] = "d20"
    ) -> None:
        intent = read_as(f"roll {dice.strip().casefold()}", Roll)
        await ask(self.recorder, interaction, intent)

    @app_commands.command(name="flip", description="Flip a coin; everyone sees the result")
    async def flip(self, interaction: discord.Interaction) -> None:
        await ask(self.recorder, interaction, Flip())

    @app_commands.command(
        name="random-player", description="Choose a player still in at random, for all to see"
    )
    async def random_player(self, interaction: discord.Interaction) -> None:
        await ask(self.recorder, interaction, ChooseAtRandom())
