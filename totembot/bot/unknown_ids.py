"""Every component id of ours that nothing claims is answered, privately, in one sentence.

discord.py hands a button press to the dynamic items whose template matches its custom id and
to the persistent view that has it; a press with an id of ours that neither knows (edited by
hand, or from a version of the bot that made other ids) would get no answer at all, and the
member would read Discord's "This interaction failed". This item matches every id of ours and
answers only those the others do not claim."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

from totembot.bot.replies import refuse

DynamicItem = type[discord.ui.DynamicItem[Any]]
UNKNOWN = (
    "This button is not one totembot knows (edited, or from an older version): "
    "nothing was recorded."
)


@dataclass
class KnownIds:
    """The component ids that something of the bot's answers: templates and fixed ids."""

    templates: list[re.Pattern[str]] = field(default_factory=list)
    fixed: set[str] = field(default_factory=set)

    def add_items(self, items: Iterable[DynamicItem]) -> None:
        for item in items:
            self.templates.append(item.__discord_ui_compiled_template__)

    def add_view(self, view: discord.ui.View) -> None:
        for child in view.children:
            custom_id = getattr(child, "custom_id", None)
            if isinstance(custom_id, str):
                self.fixed.add(custom_id)

    def claims(self, custom_id: str) -> bool:
        return custom_id in self.fixed or any(t.fullmatch(custom_id) for t in self.templates)


class UnknownComponent(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"totem(?:ic)?:[\s\S]*",
):
    """Any id of ours; answers only when nothing else of the bot's claims it."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(label="?", custom_id=custom_id[:100]))
        self.custom_id = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UnknownComponent:
        return cls(match.group(0))

    async def callback(self, interaction: discord.Interaction) -> None:
        known = getattr(interaction.client, "known_ids", None)
        if isinstance(known, KnownIds) and known.claims(self.custom_id):
            return  # another item or view answers it
        await refuse(interaction, UNKNOWN)
