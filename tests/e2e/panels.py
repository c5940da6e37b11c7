"""A member playing from their panel (`/totem panel`) through the stand-in, as a phone would:
opening it, choosing in its selects by the label shown, pressing its buttons by their label."""

from __future__ import annotations

from typing import Any

from totembot.bot.magic.panel_ids import PanelState
from totembot.testing import StandIn
from totembot.testing.records import CB_UPDATE_MESSAGE, Reply
from totembot.testing.validation import walk_components


def act_of(custom_id: str) -> str:
    parts = custom_id.split(":")
    return parts[2] if len(parts) > 2 else ""


class PanelUser:
    """One member's panel in one channel: the latest reply shows it as it stands."""

    def __init__(self, standin: StandIn, user: int, channel: int) -> None:
        self.standin = standin
        self.user = user
        self.channel = channel
        self.shown: Reply | None = None
        self.message_id: int | None = None

    async def open(self) -> Reply:
        reply = await self.standin.slash(self.user, self.channel, "totem panel", {})
        assert reply.ephemeral, reply.content
        self.shown, self.message_id = reply, reply.message_id
        return reply

    @property
    def components(self) -> list[dict[str, Any]]:
        assert self.shown is not None
        return walk_components(self.shown.components)

    @property
    def content(self) -> str:
        assert self.shown is not None
        return self.shown.content or ""

    def component(self, act: str) -> dict[str, Any]:
        found = [c for c in self.components if act_of(str(c.get("custom_id", ""))) == act]
        assert found, f"no component {act!r} on the panel: {self.acts()}"
        return found[0]

    def acts(self) -> list[str]:
        return [act_of(str(c["custom_id"])) for c in self.components if c.get("custom_id")]

    def labels(self, act: str) -> list[str]:
        return [str(option["label"]) for option in self.component(act).get("options") or []]

    def button(self, label: str) -> dict[str, Any]:
        found = [c for c in self.components if c.get("type") == 2 and c.get("label") == label]
        assert found, f"no button {label!r}: {[c.get('label') for c in self.components]}"
        return found[0]

    def _kept(self, reply: Reply) -> Reply:
        if reply.type == CB_UPDATE_MESSAGE:
            assert reply.message_id == self.message_id, "the panel is edited in place"
            self.shown = reply
        return reply

    async def choose(self, act: str, label: str) -> Reply:
        """Choose the option that starts with `label` in the select `act` (mv, tg, as)."""
        menu = self.component(act)
        values = [o["value"] for o in menu["options"] if str(o["label"]).startswith(label)]
        assert values, f"{act} offers {self.labels(act)}, not {label!r}"
        assert self.message_id is not None
        reply = await self.standin.select(
            self.user, self.channel, self.message_id, menu["custom_id"], values[:1]
        )
        return self._kept(reply)

    async def press(self, label: str, followups: int = 0) -> Reply:
        assert self.message_id is not None
        custom_id = self.button(label)["custom_id"]
        reply = await self.standin.click(
            self.user, self.channel, self.message_id, custom_id, followups=followups
        )
        return self._kept(reply)

    async def press_act(self, act: str, followups: int = 0) -> Reply:
        assert self.message_id is not None
        custom_id = self.component(act)["custom_id"]
        reply = await self.standin.click(
            self.user, self.channel, self.message_id, custom_id, followups=followups
        )
        return self._kept(reply)

    async def say(self, followups: int = 1) -> Reply:
        """Press the move's own button; the public reply is its one followup (none when the
        move is refused)."""
        return await self.press_act("do", followups=followups)

    async def other_amount(self, typed: str) -> Reply:
        opened = await self.press("Other amount")
        assert opened.modal is not None and opened.modal["title"] == "Other amount"
        reply = await self.standin.submit_modal(self.user, self.channel, opened, {"amount": typed})
        return self._kept(reply)

    async def move(self, move: str, target: str | None = None, amount: int = 1) -> Reply:
        """Choose a move, its target and an amount with the steppers (from 1), then say it."""
        await self.choose("mv", move)
        if target is not None:
            await self.choose("tg", target)
        await self.step_to(amount)
        return await self.say()

    async def step_to(self, amount: int) -> None:
        current = self.amount()
        if current is None:
            return
        while current != amount:
            gap = amount - current
            label = (
                "5 more"
                if gap >= 5
                else "1 more"
                if gap > 0
                else "5 less"
                if gap <= -5
                else "1 less"
            )
            await self.press(label)
            current = self.amount()
            assert current is not None

    def amount(self) -> int | None:
        """The amount the panel's ids carry (None when the move takes none)."""
        steppers = [c for c in self.components if act_of(str(c.get("custom_id", ""))) == "p1"]
        if not steppers:
            return None
        read = PanelState.read(str(steppers[0]["custom_id"]))
        assert read is not None
        return read[1].amount
