"""Magic's buttons on a reply: Approve and Deny for a payment that waits for consent
(`half-life-consent`). Each names the game and the waiting request, so a button left on an
older message never answers a later question."""

from __future__ import annotations

import re
from typing import Any

import discord

from totembot.bot.magic.asking import ask
from totembot.bot.recording import recorder_of
from totembot.bot.replies import answer_failures
from totembot.core.errors import RuleViolation
from totembot.games.magic.rules.events import PendingOpened
from totembot.games.magic.rules.intents import Approve, Deny, Intent
from totembot.games.magic.ruleset import magic_state
from totembot.service import Recorded


def add_consent_buttons(view: discord.ui.View, recorded: Recorded) -> None:
    """Approve and Deny for each payment the request left waiting."""
    for event in recorded.events:
        if isinstance(event, PendingOpened):
            for answer in ("approve", "deny"):
                view.add_item(ConsentButton(recorded.game_id, event.id, answer))


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
        pendings = magic_state(table.game.state).pending
        pending = next((p for p in pendings if p.id == self.pending_id), None)
        if pending is None:
            raise RuleViolation("This request has already been answered.")
        intent: Intent = (
            Approve(request_id=self.pending_id)
            if self.answer == "approve"
            else Deny(request_id=self.pending_id)
        )
        await ask(recorder, interaction, intent, speaker=pending.awaiting, on_message=True)
