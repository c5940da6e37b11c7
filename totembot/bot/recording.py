"""The one flow every recording command and button goes through.

Build the actor from who is calling, hand the request to the service (which commits it), answer
publicly with what changed, or ephemerally with the rule's sentence, then schedule the status edit.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from totembot.bot.access import Caller, Table
from totembot.bot.replies import NO_PINGS, changes_text, refuse
from totembot.bot.status import StatusUpdater
from totembot.rules import Actor, AmbiguousTotem, Request, RuleViolation, TotemRef
from totembot.rules.events import PendingOpened
from totembot.rules.intents import Approve, Deny, Intent
from totembot.service import GameService, NoGame
from totembot.store import StoreError

CHOICE_TIMEOUT = 600.0


class Recorder:
    def __init__(self, service: GameService, status: StatusUpdater) -> None:
        self.service = service
        self.status = status

    async def table(self, channel_id: int) -> Table:
        game = await self.service.current(str(channel_id))
        if game is None:
            raise NoGame("There is no game in this channel: start one with /totem new.")
        return Table(game)

    async def submit(
        self, interaction: discord.Interaction, intent: Intent, speaker: str | None = None
    ) -> None:
        """Record `intent` for the caller (or for `speaker`, a player of the game)."""
        assert interaction.channel_id is not None
        table = await self.table(interaction.channel_id)
        actor = table.actor(Caller.of(interaction), speaker)
        await self.record(interaction, Request(actor=actor, intent=intent))

    async def record(self, interaction: discord.Interaction, request: Request) -> None:
        assert interaction.channel_id is not None
        try:
            recorded = await self.service.record(
                str(interaction.channel_id), request, str(interaction.user.id)
            )
        except AmbiguousTotem as ambiguous:
            await offer_totems(interaction, request, ambiguous)
            return
        view = discord.ui.View(timeout=None)
        for event in recorded.events:
            if isinstance(event, PendingOpened):
                for answer in ("approve", "deny"):
                    view.add_item(ConsentButton(recorded.game_id, event.id, answer))
        text = changes_text(recorded.events)
        if interaction.response.is_done():
            await interaction.followup.send(text, view=view, allowed_mentions=NO_PINGS)
        else:
            await interaction.response.send_message(text, view=view, allowed_mentions=NO_PINGS)
        self.status.schedule(recorded.game_id)


def recorder_of(interaction: discord.Interaction) -> Recorder:
    recorder = getattr(interaction.client, "recorder", None)
    assert isinstance(recorder, Recorder), "the client has no recorder"
    return recorder


async def offer_totems(
    interaction: discord.Interaction, request: Request, ambiguous: AmbiguousTotem
) -> None:
    """Two totems are legal and none was named: one button per legal totem."""
    view = TotemChoiceView(request, ambiguous)
    text = f"{ambiguous.player} can take this on either totem: which one?"
    await interaction.response.send_message(
        text, view=view, ephemeral=True, allowed_mentions=NO_PINGS
    )


class TotemChoiceView(discord.ui.View):
    def __init__(self, request: Request, ambiguous: AmbiguousTotem) -> None:
        super().__init__(timeout=CHOICE_TIMEOUT)
        self.request = request
        for name, label in zip(ambiguous.choices, ambiguous.labels, strict=True):
            button: discord.ui.Button[TotemChoiceView] = discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary
            )
            button.callback = self._chooser(name)  # type: ignore[method-assign]
            self.add_item(button)

    def _chooser(self, totem: str) -> Any:
        async def choose(interaction: discord.Interaction) -> None:
            first, second = totem.split("-")
            intent = self.request.intent.model_copy(update={"via": TotemRef(names=(first, second))})
            self.stop()
            await interaction.response.edit_message(
                content=f"Chosen: {totem}.", view=None, allowed_mentions=NO_PINGS
            )
            try:
                await recorder_of(interaction).record(
                    interaction, Request(actor=self.request.actor, intent=intent)
                )
            except (RuleViolation, StoreError) as error:
                await refuse(interaction, str(error))

        return choose


class ConsentButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"totem:consent:(?P<game>\d+):(?P<pending>\d+):(?P<answer>approve|deny)",
):
    """Approve or Deny a waiting payment; only the asked player (or the host for a guest)."""

    def __init__(self, game_id: int, pending_id: int, answer: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=answer.capitalize(),
                style=discord.ButtonStyle.success
                if answer == "approve"
                else discord.ButtonStyle.danger,
                custom_id=f"totem:consent:{game_id}:{pending_id}:{answer}",
            )
        )
        self.game_id = game_id
        self.pending_id = pending_id
        self.answer = answer

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ConsentButton:
        return cls(int(match["game"]), int(match["pending"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._answer(interaction)
        except (RuleViolation, StoreError) as error:
            await refuse(interaction, str(error))

    async def _answer(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        recorder = recorder_of(interaction)
        table = await recorder.table(interaction.channel_id)
        if table.game.id != self.game_id:
            raise RuleViolation("This request belongs to a game that is over.")
        pending = next((p for p in table.game.state.pending if p.id == self.pending_id), None)
        if pending is None:
            raise RuleViolation("This request has already been answered.")
        caller = Caller.of(interaction)
        asked_user = table.user_of(pending.awaiting)
        allowed = caller.user_id == asked_user or (asked_user is None and table.is_host(caller))
        if not allowed:
            raise RuleViolation(f"Only {pending.awaiting} can answer this request.")
        intent = (
            Approve(request_id=self.pending_id)
            if self.answer == "approve"
            else Deny(request_id=self.pending_id)
        )
        request = Request(actor=Actor(player=pending.awaiting), intent=intent)
        recorded = await recorder.service.record(
            str(interaction.channel_id), request, caller.user_id
        )
        original = interaction.message.content if interaction.message else ""
        await interaction.response.edit_message(
            content=f"{original}\n{changes_text(recorded.events)}"[:2000],
            view=None,
            allowed_mentions=NO_PINGS,
        )
        recorder.status.schedule(recorded.game_id)
