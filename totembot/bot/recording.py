"""The one flow every recording command and button goes through.

Work out as whom the caller records (under the game's lock), hand the request to the service
(which commits it), answer publicly with what changed, or ephemerally with the rule's sentence,
then schedule the status edit.
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

import discord

from totembot.bot.access import Caller, Table
from totembot.bot.replies import (
    MAX_CONTENT,
    NO_PINGS,
    answer_failures,
    changes_text,
    edit_pressed,
    in_time,
    say,
    tell,
)
from totembot.bot.status import StatusUpdater
from totembot.bot.summary import SummaryPoster
from totembot.bot.totemic.buttons import add_answer_buttons
from totembot.core import GameRequest, ParsedLine
from totembot.games.magic.rules import AmbiguousTotem, GameState, Request, RuleViolation, TotemRef
from totembot.games.magic.rules.events import PendingOpened
from totembot.games.magic.rules.intents import Approve, Deny, Intent
from totembot.games.registry import ruleset_of
from totembot.render.markdown import escape
from totembot.service import GameService, NoGame, Recorded, RequestBuilder
from totembot.store import StoredGame

CHOICE_LIFETIME = 600.0
NO_GAME = "There is no game in this channel: start one with /totem new (or /totemic new)."


SAID_IN_ANY_GAME = ("undo", "next")  # the slash commands every ruleset's language has


@dataclass(frozen=True)
class Submission:
    """A request as the caller made it, before the game decides as whom it is recorded."""

    caller: Caller
    intent: Intent
    speaker: str | None = None

    def request_for(self, game: StoredGame) -> GameRequest:
        if not isinstance(game.state, GameState):
            return self._in_its_own_words(game)
        actor = Table(game).actor(self.caller, self.intent.kind, self.speaker)
        return Request.trusted(actor=actor, intent=self.intent)

    def _in_its_own_words(self, game: StoredGame) -> GameRequest:
        """/undo and /next in a game of another ruleset: its own phrase; other Magic
        commands are refused, naming the way that game is recorded."""
        ruleset = ruleset_of(game.config.format)
        kind = self.intent.kind
        line = ruleset.parse_line(kind, game.state) if kind in SAID_IN_ANY_GAME else None
        if line is None or getattr(self.intent, "player", None):
            raise RuleViolation(
                f"This channel plays {game.config.format}: record it with /do "
                "(see /totem help totemic)."
            )
        return Said(self.caller, line, self.speaker).request_for(game)


@dataclass(frozen=True)
class Said:
    """A phrase line of the game's own language, recorded as the access rules allow."""

    caller: Caller
    line: ParsedLine
    speaker: str | None = None

    def request_for(self, game: StoredGame) -> GameRequest:
        speaker = self.speaker or self.line.speaker
        actor = Table(game).actor(self.caller, self.line.kind, speaker)
        return self.line.request_as(actor.player, actor.host)


class Recorder:
    def __init__(
        self,
        service: GameService,
        status: StatusUpdater,
        summaries: SummaryPoster | None = None,
    ) -> None:
        self.service = service
        self.status = status
        self.summaries = summaries
        self.choices: dict[str, tuple[float, Submission]] = {}

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
        """The interaction's table, read within Discord's deadline (a busy database defers)."""
        assert interaction.channel_id is not None
        return await in_time(interaction, self.table(interaction.channel_id))

    async def submit(
        self,
        interaction: discord.Interaction,
        intent: Intent,
        speaker: str | None = None,
        on_message: bool = False,
    ) -> Recorded | None:
        """Record `intent` for the caller (or for `speaker`); answer with what changed.

        With `on_message`, the answer replaces the pressed message's text and buttons.
        """
        submission = Submission(Caller.of(interaction), intent, speaker)
        return await self.record_built(interaction, submission.request_for, on_message, submission)

    async def say_line(
        self,
        interaction: discord.Interaction,
        line: ParsedLine,
        speaker: str | None = None,
        on_message: bool = False,
    ) -> Recorded | None:
        """Record a line of the game's own language (its buttons say theirs for the caller)."""
        said = Said(Caller.of(interaction), line, speaker)
        return await self.record_built(interaction, said.request_for, on_message)

    async def record_built(
        self,
        interaction: discord.Interaction,
        build: RequestBuilder,
        on_message: bool = False,
        submission: Submission | None = None,
    ) -> Recorded | None:
        """Record the request `build` makes from the current game, under the game's lock."""
        assert interaction.channel_id is not None
        try:
            recorded = await in_time(
                interaction,
                self.service.record(str(interaction.channel_id), build, str(interaction.user.id)),
            )
        except AmbiguousTotem as ambiguous:
            if submission is None:
                raise
            await self.offer_totems(interaction, submission, ambiguous)
            return None
        except NoGame as error:
            raise NoGame(NO_GAME) from error
        self.status.schedule(recorded.game_id)  # whatever becomes of the answer
        text = changes_text(recorded.state.config.format, recorded.events)
        try:
            if on_message:
                await _append_to_pressed_message(interaction, text, reply_view(recorded))
            else:
                await say(interaction, text, view=reply_view(recorded))
        finally:
            self.announce_end(recorded, interaction.channel_id)
        return recorded

    async def offer_totems(
        self, interaction: discord.Interaction, submission: Submission, ambiguous: AmbiguousTotem
    ) -> None:
        """Two totems are legal and none was named: one button per legal totem."""
        now = time.monotonic()
        self.choices = {k: v for k, v in self.choices.items() if now - v[0] < CHOICE_LIFETIME}
        key = secrets.token_hex(6)
        self.choices[key] = (now, submission)
        view = discord.ui.View(timeout=None)
        for name, label in zip(ambiguous.choices, ambiguous.labels, strict=True):
            view.add_item(TotemChoiceButton(key, name, label))
        text = f"{escape(ambiguous.player)} can take this on either totem: which one?"
        await tell(interaction, text, view=view)

    async def choose(self, interaction: discord.Interaction, key: str, totem: str) -> None:
        entry = self.choices.pop(key, None)
        if entry is None:
            raise RuleViolation("This choice has expired: please send the request again.")
        submission = entry[1]
        first, second = totem.split("-")
        intent = submission.intent.model_copy(update={"via": TotemRef(names=(first, second))})
        await interaction.response.edit_message(
            content=f"Chosen: {escape(totem, limit=90)}.", view=None, allowed_mentions=NO_PINGS
        )
        await self.submit(interaction, intent, submission.speaker)


async def _append_to_pressed_message(
    interaction: discord.Interaction, text: str, view: discord.ui.View
) -> None:
    """A button's answer replaces the pressed message's buttons with what changed (and the
    buttons of what it asks next, if anything)."""
    original = interaction.message.content if interaction.message else ""
    shown = view if view.children else None
    await edit_pressed(interaction, f"{original}\n{text}"[:MAX_CONTENT], view=shown)


def reply_view(recorded: Recorded) -> discord.ui.View:
    """The buttons an accepted request's reply carries: whatever answer it now waits for."""
    view = discord.ui.View(timeout=None)
    for event in recorded.events:
        if isinstance(event, PendingOpened):
            for answer in ("approve", "deny"):
                view.add_item(ConsentButton(recorded.game_id, event.id, answer))
    add_answer_buttons(view, recorded)  # Totemic: a challenge awaiting its answer
    return view


def recorder_of(interaction: discord.Interaction) -> Recorder:
    recorder = getattr(interaction.client, "recorder", None)
    assert isinstance(recorder, Recorder), "the client has no recorder"
    return recorder


class TotemChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"totem:choice:(?P<key>[0-9a-f]+):(?P<totem>[^:]+)",
):
    """One legal totem to take an ambiguous request on; expires after a restart or 10 min."""

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
    ) -> TotemChoiceButton:
        return cls(match["key"], match["totem"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_failures(
            interaction, recorder_of(interaction).choose(interaction, self.key, self.totem)
        )


class ConsentButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"totem:consent:(?P<game>\d+):(?P<pending>\d+):(?P<answer>approve|deny)",
):
    """Approve or Deny a waiting payment; only the asked player (or the host for a guest)."""

    def __init__(self, game_id: int, pending_id: int, answer: str) -> None:
        approve = answer == "approve"
        super().__init__(
            discord.ui.Button(
                label=answer.capitalize(),
                style=discord.ButtonStyle.success if approve else discord.ButtonStyle.danger,
                custom_id=f"totem:consent:{game_id}:{pending_id}:{answer}",
            )
        )
        self.game_id = game_id
        self.pending_id = pending_id
        self.answer = answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ConsentButton:
        return cls(int(match["game"]), int(match["pending"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_failures(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        recorder = recorder_of(interaction)
        table = await recorder.table_for(interaction)
        if table.game.id != self.game_id:
            raise RuleViolation("This request belongs to a game that is over.")
        state = table.game.state
        pendings = state.pending if isinstance(state, GameState) else ()
        pending = next((p for p in pendings if p.id == self.pending_id), None)
        if pending is None:
            raise RuleViolation("This request has already been answered.")
        intent: Intent = (
            Approve(request_id=self.pending_id)
            if self.answer == "approve"
            else Deny(request_id=self.pending_id)
        )
        await recorder.submit(interaction, intent, speaker=pending.awaiting, on_message=True)
