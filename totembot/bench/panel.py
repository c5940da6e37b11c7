"""`totembot bench`: Discord calls per panel move, through the bot and the local stand-in.

Each channel's player opens their panel (`/totem panel`) and chooses a move and its target
once; then moves are pressed in a burst, as `/do` requests are for `api_calls_per_request`.
What a move costs: its own answer (the panel redrawn in place), its public reply (a followup),
and its share of the status edits, coalesced as for `/do`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from totembot.testing import StandIn
from totembot.testing.model import JSON
from totembot.testing.validation import walk_components


def _component(message: JSON | None, act: str) -> JSON:
    for component in walk_components((message or {}).get("components") or []):
        parts = str(component.get("custom_id") or "").split(":")
        if len(parts) > 2 and parts[2] == act:
            return component
    raise RuntimeError(f"the panel has no component {act!r}")


async def open_panel(fake: StandIn, user: int, channel: int, move: str, target: str) -> int:
    """A panel in `channel` with `move` chosen and the first target whose label starts with
    `target`; its message's id."""
    opened = await fake.slash(user, channel, "totem panel", {})
    message = opened.message_id
    assert message is not None, opened.content
    moves = _component(fake.message(message), "mv")
    await fake.select(user, channel, message, moves["custom_id"], [move])
    targets = _component(fake.message(message), "tg")
    value = next(o["value"] for o in targets["options"] if str(o["label"]).startswith(target))
    await fake.select(user, channel, message, targets["custom_id"], [value])
    return message


async def panel_calls_per_move(
    fake: StandIn,
    user: int,
    channels: Sequence[int],
    target: str,
    moves: int,
    seconds: float,
    settle: Callable[[], Awaitable[None]],
) -> float:
    """Discord API calls per move pressed on panels, `moves` of them over `seconds`."""
    panels = {
        channel: await open_panel(fake, user, channel, "deal", target) for channel in channels
    }
    await settle()
    before = len(fake.calls)
    gap = seconds / moves
    pending = []
    for index in range(moves):
        channel = channels[index % len(channels)]
        press = _component(fake.message(panels[channel]), "do")["custom_id"]
        click = fake.click(user, channel, panels[channel], press, followups=1)
        pending.append(asyncio.create_task(click))
        await asyncio.sleep(gap)
    await asyncio.gather(*pending)
    await settle()
    return (len(fake.calls) - before) / moves
