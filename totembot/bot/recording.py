"""The one flow every recording command and button goes through.

Work out as whom the caller records (under the game's lock), hand the request to the service
(which commits it), answer publicly with what changed, or ephemerally with the rule's sentence,
then schedule the status edit.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from totembot.bot.access import Caller, Table, require_place
from totembot.bot.replies import (
    MAX_CONTENT,
    answer_failures,
    edit_pressed,
    in_time,
    say,
    tell,
    told_text,
)
from totembot.bot.status import StatusUpdater
from totembot.bot.summary import SummaryPoster
from totembot.chance import system_chance
from totembot.core import GameRequest, ParsedLine
from totembot.core.errors import Ambiguous, RuleViolation
from totembot.render.markdown import escape
from totembot.service import GameService, NoGame, Recorded, RequestBuilder, UndoCheck
from totembot.store import EventRecord, StoredGame

BOT_CHANCE = system_chance()  # a die rolled through Discord: no one can foresee it
CHOICE_LIFETIME = 600.0
EXPIRED = "This choice has expired: please send the request again."
NO_GAME = "There is no game in this channel: start one with /totem new (or /totemic new)."


# Draws a player's panel again once its move is recorded (`bot/magic/panel.py`).
Redraw = Callable[[Recorded], Awaitable[None]]


class Choosable(Protocol):
    """A request that can be built again with one of an `Ambiguous` refusal's choices taken."""

    def request_for(self, game: StoredGame) -> GameRequest: ...

    def chosen(self, choice: str) -> Choosable: ...


@dataclass(frozen=True)
class Said:
    """A line of the game's own language (typed, or built by a command or a button),
    recorded as the access rules allow."""

    caller: Caller
    line: ParsedLine
    speaker: str | None = None

    def request_for(self, game: StoredGame) -> GameRequest:
        speaker = self.speaker or self.line.speaker
        actor = Table(game).actor(self.caller, self.line.kind, speaker)
        return self.line.request_as(actor.player, actor.host, BOT_CHANCE)

    def chosen(self, choice: str) -> Said:
        return Said(self.caller, self.line.chosen(choice), self.speaker)


@dataclass(frozen=True)
class Offer:
    """Totem choices offered for one ambiguous request: bound to the member who sent it and
    to the channel it was sent in, and to the choices themselves."""

    at: float  # time.monotonic() when offered
    asked: Choosable
    user_id: int
    channel_id: int | None
    choices: tuple[str, ...]

    def refusal(self, interaction: discord.Interaction, choice: str) -> str | None:
        """Why this press may not take the offer; None when it may."""
        if time.monotonic() - self.at >= CHOICE_LIFETIME:
            return EXPIRED
        if interaction.channel_id != self.channel_id:
            return "These choices were offered in another channel."
        if interaction.user.id != self.user_id:
            return "Only the member who sent this request can choose how it is taken."
        if choice not in self.choices:
            return "That is not one of the choices offered for this request."
        return None


class Recorder:
    def __init__(
        self,
        service: GameService,
        status: StatusUpdater,
        summaries: SummaryPoster | None = None,
        reply_view: Callable[[Recorded], discord.ui.View] = lambda _recorded: discord.ui.View(),
    ) -> None:
        self.service = service
        self.status = status
        self.summaries = summaries
        self.reply_view = reply_view  # the buttons a reply carries: each game's own
        self.choices: dict[str, Offer] = {}

    def announce_end(self, recorded: Recorded, channel_id: int | None) -> None:
        """A request that ended the game: its summary follows the request's own answer."""
        if recorded.ended and self.summaries is not None and channel_id is not None:
            self.summaries.game_ended(recorded.game_id, str(channel_id))

    async def table(self, channel_id: int) -> Table:
        game = await self.service.current(str(channel_id))
        if game is None:
            raise NoGame(NO_GAME)
        return Table(game)

    async def table_for(self, interaction: discord.Interaction) -> Table:
        """The interaction's table, read within Discord's deadline (a busy database defers);
        refused to a direct message or another server (`require_place`)."""
        assert interaction.channel_id is not None
        table = await in_time(interaction, self.table(interaction.channel_id))
        require_place(interaction, table.game.guild_id)
        return table

    async def say_line(
        self,
        interaction: discord.Interaction,
        line: ParsedLine,
        speaker: str | None = None,
        on_message: bool = False,
    ) -> Recorded | None:
        """Record a line of the game's language for the caller (or for `speaker`) and answer
        with what changed; with `on_message`, the answer replaces the pressed message's text
        and buttons."""
        return await self.record(
            interaction, Said(Caller.of(interaction), line, speaker), on_message
        )

    async def record(
        self,
        interaction: discord.Interaction,
        asked: Choosable,
        on_message: bool = False,
        redraw: Redraw | None = None,
        undo_check: UndoCheck | None = None,
    ) -> Recorded | None:
        """Record what `asked` builds from the current game; when the rules find it may be
        taken several ways, offer the choices instead."""
        return await self.record_built(
            interaction, asked.request_for, on_message, asked, redraw, undo_check
        )

    async def record_built(
        self,
        interaction: discord.Interaction,
        build: RequestBuilder,
        on_message: bool = False,
        asked: Choosable | None = None,
        redraw: Redraw | None = None,
        undo_check: UndoCheck | None = None,
    ) -> Recorded | None:
        """Record the request `build` makes from the current game, under the game's lock,
        where the interaction may reach it, and an undo only as `Table.undo_refusal` allows
        (and `undo_check`, the panel's own undo). With `redraw` (a press on a player's panel),
        the pressed panel is redrawn first, as the interaction's answer, and the public reply
        follows it."""
        assert interaction.channel_id is not None
        caller = Caller.of(interaction)

        def build_here(game: StoredGame) -> GameRequest:
            require_place(interaction, game.guild_id)
            return build(game)

        def may_undo(game: StoredGame, log: Sequence[EventRecord]) -> None:
            Table(game).require_may_undo(caller, log)
            if undo_check is not None:
                undo_check(game, log)

        channel, user = str(interaction.channel_id), str(interaction.user.id)
        try:
            recorded = await in_time(
                interaction, self.service.record(channel, build_here, user, may_undo)
            )
        except Ambiguous as ambiguous:
            if asked is None:
                raise
            await self.offer_choices(interaction, asked, ambiguous)
            return None
        except NoGame as error:
            raise NoGame(NO_GAME) from error
        self.status.schedule(recorded.game_id)  # whatever becomes of the answer
        text = told_text(recorded.told)  # described once: the live page tells the same
        try:
            if redraw is not None:
                await redraw(recorded)
            if on_message:
                await _append_to_pressed_message(interaction, text, self.reply_view(recorded))
            else:
                await say(interaction, text, view=self.reply_view(recorded))
        finally:
            self.announce_end(recorded, interaction.channel_id)
        return recorded

    async def offer_choices(
        self, interaction: discord.Interaction, asked: Choosable, ambiguous: Ambiguous
    ) -> None:
        """The request may be taken several legal ways and none was named (two totems, in
        Totem): one button per choice."""
        now = time.monotonic()
        self.choices = {k: v for k, v in self.choices.items() if now - v.at < CHOICE_LIFETIME}
        key = secrets.token_hex(6)
        self.choices[key] = Offer(
            now, asked, interaction.user.id, interaction.channel_id, tuple(ambiguous.choices)
        )
        view = discord.ui.View(timeout=None)
        for name, label in zip(ambiguous.choices, ambiguous.labels, strict=True):
            view.add_item(ChoiceButton(key, name, label))
        text = ambiguous.QUESTION.format(player=escape(ambiguous.player))
        await tell(interaction, text, view=view)

    async def choose(self, interaction: discord.Interaction, key: str, choice: str) -> None:
        """Take an offered choice: only its member, in its channel and server, one of its
        choices; the offer is used up only once the press is found to be that."""
        await self.table_for(interaction)  # refused from elsewhere before anything else
        offer = self.choices.get(key)
        if offer is None:
            raise RuleViolation(EXPIRED)
        if (refusal := offer.refusal(interaction, choice)) is not None:
            raise RuleViolation(refusal)
        del self.choices[key]  # no await since the check: no other press came in between
        await edit_pressed(interaction, f"Chosen: {escape(choice, limit=90)}.", None)
        await self.record(interaction, offer.asked.chosen(choice))


async def _append_to_pressed_message(
    interaction: discord.Interaction, text: str, view: discord.ui.View
) -> None:
    """A button's answer replaces the pressed message's buttons with what changed (and the
    buttons of what it asks next, if anything)."""
    original = interaction.message.content if interaction.message else ""
    shown = view if view.children else None
    await edit_pressed(interaction, f"{original}\n{text}"[:MAX_CONTENT], view=shown)


def recorder_of(interaction: discord.Interaction) -> Recorder:
    recorder = getattr(interaction.client, "recorder", None)
    assert isinstance(recorder, Recorder), "the client has no recorder"
    return recorder


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"totem:choice:(?P<key>[^:]*):(?P<totem>[\s\S]*)",
):
    """One legal way to take an ambiguous request (a totem, in Totem); expires after a
    restart or 10 min. The custom id is the one the bot has always used; the template takes
    any id under `totem:choice:`, so an edited one is refused in a sentence, not ignored."""

    def __init__(self, key: str, totem: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or totem)[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"totem:choice:{key}:{totem}"[:100],
            )
        )
        self.key = key
        self.totem = totem

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(match["key"], match["totem"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_failures(
            interaction, recorder_of(interaction).choose(interaction, self.key, self.totem)
        )
