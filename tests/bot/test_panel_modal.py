"""The panel's "Other amount" opens its form as the press's first answer, before anything is
read: a modal cannot follow a deferral, which a slow database would have made. The press here
comes from a bare stand-in of an interaction whose bot has no store at all: reading anything
would fail."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from totembot.bot.magic.panel import AmountModal, press
from totembot.bot.magic.panel_ids import MODAL_ACT, PanelState


class Response:
    """An interaction's response that remembers the modal it was answered with."""

    def __init__(self) -> None:
        self.modals: list[Any] = []

    def is_done(self) -> bool:
        return bool(self.modals)

    async def send_modal(self, modal: Any) -> None:
        self.modals.append(modal)


async def test_other_amount_opens_its_form_before_reading_the_game() -> None:
    response = Response()
    no_store = SimpleNamespace(user=SimpleNamespace(id=7), response=response, client=object())
    state = PanelState(game=1, owner=7, version=3, move="gain", target="0", amount=4)
    await press(no_store, "amt", state)  # type: ignore[arg-type]
    (modal,) = response.modals
    assert isinstance(modal, AmountModal)
    assert PanelState.read(modal.custom_id) == (MODAL_ACT, state)
    assert modal.amount.default == "4"
