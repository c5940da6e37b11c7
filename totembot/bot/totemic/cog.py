"""`/totemic`: start a Totemic match or a solo game, and reveal a strength in secret.

Everything else about a Totemic game goes through the commands every game shares: `/do` with
the game's phrases, `/next`, `/undo`, `/totem status`, `/totem history` and `/totem end`. The
challenged player's answers are buttons (`totembot.bot.totemic.buttons`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller, split_names
from totembot.bot.recording import NO_GAME, Recorder, Said
from totembot.bot.replies import MAX_CONTENT, changes_text, in_time, say, tell
from totembot.bot.seating import require_distinct_members, seats_from_tokens
from totembot.bot.starting import Started, Starter
from totembot.bot.totemic.buttons import totemic_state
from totembot.bot.totemic.setup import (
    POWER_EXAMPLE,
    animal_names,
    levels_of,
    match_config,
    numbers,
    parse_rivals,
    solo_config,
    stand_ins,
)
from totembot.core import GameEvent
from totembot.core.errors import RuleViolation
from totembot.games.registry import ruleset_of
from totembot.games.totemic import FORMATS as TOTEMIC_FORMATS
from totembot.render.markdown import escape
from totembot.service import NoGame
from totembot.store import Seat

if TYPE_CHECKING:
    from totembot.games.totemic.rules.state import TotemicConfig, TotemicState

# The Totemic rules are imported when a Totemic game starts (or is loaded): not at start-up.

MATCH_CHOICES = [
    app_commands.Choice(name="One game", value=1),
    *(app_commands.Choice(name=f"Best of {games}", value=games) for games in (3, 5, 7, 9)),
]
Strength = app_commands.Range[int, 0, 1_000]
StartingPower = app_commands.Range[int, 1, 1_000]


class TotemicCog(
    commands.GroupCog,
    group_name="totemic",
    group_description="Totemic, the card game of animal spirits: a match, or solo against rivals",
):
    def __init__(self, recorder: Recorder, starter: Starter) -> None:
        self.recorder = recorder
        self.starter = starter
        super().__init__()

    @app_commands.command(name="new", description="Start a Totemic game (or match) for two here")
    @app_commands.describe(
        players="Two members as mentions, or guest names, in order (quote names with spaces)",
        power="Each animal's starting power, in the players' order, like '26, 30'",
        levels="The totem's levels, rising (default: 5, 10, 15, 20, 25, 30)",
        match="How many games: one, or the best of 3, 5, 7 or 9 (default: one)",
    )
    @app_commands.choices(match=MATCH_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[str, 1, 300],
        power: app_commands.Range[str, 1, 100],
        levels: app_commands.Range[str, 1, 400] | None = None,
        match: int = 1,
    ) -> None:
        tokens = split_names(players)
        powers = numbers(power, "power", POWER_EXAMPLE)
        totem = levels_of(levels)
        match_config(stand_ins(len(tokens)), powers, totem, match)  # refused before lookups
        require_distinct_members(tokens)
        await self.starter.require_free(interaction)

        async def start() -> Started:
            seats = await seats_from_tokens(interaction, tokens)
            names = animal_names([seat.display_name for seat in seats])
            config = match_config(names, powers, totem, match)
            return await self._start(interaction, config, seats, Caller.of(interaction).user_id)

        await self._announce(interaction, await in_time(interaction, start()))

    @app_commands.command(name="solo", description="Start a solo Totemic game against rivals here")
    @app_commands.describe(
        power="Your animal's starting power (1 to 1,000)",
        rivals="The rivals from the bottom up, each a name and its power: 'Badger 28, Bat 20'",
        levels="The totem's levels, rising (default: 5, 10, 15, 20, 25, 30)",
        player="Who plays, as a mention or a guest name (default: you); they keep the score",
    )
    async def solo(
        self,
        interaction: discord.Interaction,
        power: StartingPower,
        rivals: app_commands.Range[str, 1, 400],
        levels: app_commands.Range[str, 1, 400] | None = None,
        player: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        found = parse_rivals(rivals)
        reserved = [rival.name for rival in found]
        totem = levels_of(levels)
        tokens = split_names(player) if player is not None else []
        if player is not None and len(tokens) != 1:
            raise RuleViolation(
                "A solo game has one player: give one mention or one guest name, or leave "
                "player out to play yourself."
            )
        solo_config(stand_ins(1, reserved)[0], power, found, totem)  # refused before lookups
        await self.starter.require_free(interaction)
        caller = Caller.of(interaction)

        async def start() -> Started:
            if tokens:
                seats = await seats_from_tokens(interaction, tokens)
            else:
                seats = [Seat(display_name=caller.display_name, user_id=caller.user_id)]
            name = animal_names([seats[0].display_name], reserved)[0]
            config = solo_config(name, power, found, totem)
            # The player hosts their own solo game: they record the rival's lines, reveals too.
            host = seats[0].user_id or caller.user_id
            return await self._start(interaction, config, seats, host)

        await self._announce(interaction, await in_time(interaction, start()))

    async def _start(
        self,
        interaction: discord.Interaction,
        config: TotemicConfig,
        seats: list[Seat],
        host: str,
    ) -> Started:
        return await self.starter.start(interaction, config, seats, host)

    async def _announce(self, interaction: discord.Interaction, started: Started) -> None:
        state = totemic_state(started.game.state)
        try:
            await say(interaction, started_text(state))
        finally:  # the status message is posted whatever becomes of the answer
            await self.starter.show_started(started)

    @app_commands.command(
        name="reveal",
        description="Reveal your strength privately: the table sees both once both are in",
    )
    @app_commands.describe(
        strength="The total strength of your two cards (0 to 1,000)",
        player="Host or admin only: reveal for a guest, or for the solo rival",
    )
    async def reveal(
        self,
        interaction: discord.Interaction,
        strength: Strength,
        player: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table_for(interaction)
        game = table.game
        if game.config.format not in TOTEMIC_FORMATS:
            raise RuleViolation(
                f"This channel plays {game.config.format}: /totemic reveal is for Totemic games."
            )
        line = ruleset_of(game.config.format).parse_line(f"reveal {strength}", game.state)
        assert line is not None
        speaker = None if player is None else table.player_named(player)
        said = Said(Caller.of(interaction), line, speaker)
        try:
            recorded = await in_time(
                interaction,
                self.recorder.service.record(
                    str(interaction.channel_id), said.request_for, str(interaction.user.id)
                ),
            )
        except NoGame as error:
            raise NoGame(NO_GAME) from error
        self.recorder.status.schedule(recorded.game_id)  # whatever becomes of the answers
        state = totemic_state(recorded.state)
        own = table.name_of(str(interaction.user.id))
        try:
            await tell(interaction, revealed_text(state, recorded.events, strength, own))
            format_name = state.config.format
            await say(
                interaction,
                changes_text(format_name, recorded.events),
                view=self.recorder.reply_view(recorded),
            )
        finally:
            self.recorder.announce_end(recorded, interaction.channel_id)


def revealed_text(
    state: TotemicState, events: Sequence[GameEvent], strength: int, own: str | None
) -> str:
    """The revealer's private answer: their number, and whether the other's is still awaited.
    `own` is the caller's name in the game (a host revealing for a guest is told for whom)."""
    who = next(
        (str(getattr(event, "player", "")) for event in events if event.kind == "revealed"), ""
    )
    other = next((animal.name for animal in state.players if animal.name != who), who)
    for_whom = "" if own is not None and own.casefold() == who.casefold() else f" for {escape(who)}"
    revealed = f"You revealed {strength}{for_whom}"
    if any(event.kind == "challenge-resolved" for event in events):
        return f"{revealed}: both strengths are in, and the table sees the result."
    return f"{revealed}: it stays secret until {escape(other)} reveals."


def _animal(state: TotemicState, seat: int) -> str:
    animal = state.players[seat]
    dominance = ", dominance" if animal.dominance else ""
    return f"{escape(animal.name)} ({animal.power} power{dominance})"


def started_text(state: TotemicState) -> str:
    """ "**Totemic has started**: who against whom, the match or the ladder, the first turn."""
    config = state.config
    levels = f"totem {config.levels[0]} to {config.levels[-1]}"
    if state.solo is not None:
        rest = [escape(rival.name) for rival in state.solo.rivals[1:]]
        then = f", then {', '.join(rest)}" if rest else ""
        text = (
            f"**Totemic solo has started**: {_animal(state, 0)} against {_animal(state, 1)}"
            f"{then}; {levels}. Turn 1: {escape(state.turn.active)}. The status is pinned."
        )
    else:
        games = f"best of {config.match}" if config.match > 1 else "one game"
        text = (
            f"**Totemic has started**: {_animal(state, 0)} against {_animal(state, 1)}, "
            f"{games}; {levels}. Turn 1: {escape(state.turn.active)}. The status is pinned."
        )
    return text if len(text) <= MAX_CONTENT else text[: MAX_CONTENT - 1] + "…"
