"""Every command against every kind of caller: exactly the intended ones succeed.

Each case plays on a fresh channel with a fresh game: Ann (the host) and Bob are in, Cid has
conceded (the host recorded it for him), Gus is a guest without Discord. The admin (Manage
Server) and the bot's owner are not seated; the spectator is a plain member. The callers of
one command play at the same time, each in a channel of their own, through the session's
shared bot.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.e2e.conftest import ADMIN, ANN, BOB, CID, GUILD, OWNER, SPECTATOR
from totembot.testing import Reply, StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

CALLERS = {
    "spectator": SPECTATOR,
    "player in": BOB,
    "player out": CID,
    "game host": ANN,
    "admin": ADMIN,
    "bot owner": OWNER,
}
EVERYONE = set(CALLERS)
SEATED_IN = {"player in", "game host"}
MANAGERS = {"game host", "admin"}
LOOK = {"totem status", "totem history", "totem board"}

# command, options, set-up lines (recorded by the host before the call), who succeeds
CASES: list[tuple[str, dict[str, Any], list[str], set[str]]] = [
    ("damage", {"player": "Gus", "amount": 1, "totem": "Cid-Gus"}, [], SEATED_IN),
    ("lose", {"amount": 1, "totem": "left"}, [], SEATED_IN),
    ("lose", {"amount": 1, "player": "Gus", "totem": "Cid-Gus"}, [], SEATED_IN | MANAGERS),
    ("gain", {"amount": 1, "totem": "left"}, [], SEATED_IN),
    ("pay", {"amount": 1, "totem": "left"}, [], SEATED_IN),
    ("set-life", {"player": "Gus", "value": 15, "totem": "Cid-Gus"}, [], SEATED_IN | MANAGERS),
    ("halve", {"player": "Gus", "totem": "Cid-Gus"}, [], SEATED_IN | MANAGERS),
    ("attack", {"totem": "Cid-Gus", "amount": 1, "hitting": "Gus"}, [], SEATED_IN),
    ("poison", {"player": "Gus", "amount": 1, "totem": "Cid-Gus"}, [], SEATED_IN),
    ("lock", {"totem": "left"}, [], SEATED_IN),
    ("unlock", {"totem": "left"}, ["Ann: lock left", "Bob: lock left"], SEATED_IN),
    ("concede", {}, [], SEATED_IN),
    ("win", {}, [], SEATED_IN),
    ("eliminate", {"player": "Gus"}, [], SEATED_IN | MANAGERS),
    ("next", {}, [], SEATED_IN | MANAGERS),
    ("undo", {}, ["Bob: gain 1 via Ann-Bob"], SEATED_IN | MANAGERS),  # a player's change
    ("undo", {}, [], MANAGERS),  # the host's concession for Cid: a host action
    ("undo", {}, ["remove Gus"], MANAGERS),
    ("do", {"text": "Gus: deal 1 to Bob via Bob-Cid"}, [], SEATED_IN | MANAGERS),
    ("do", {"text": "Bob: concede"}, [], {"player in"} | MANAGERS),
    ("counter add", {"player": "Gus", "kind": "energy", "amount": 1}, [], SEATED_IN | MANAGERS),
    ("counter pay", {"kind": "rad", "amount": 1}, ["Ann: get 1 rad", "Bob: get 1 rad"], SEATED_IN),
    ("monarch", {"player": "Gus"}, [], SEATED_IN | MANAGERS),
    ("cast-commander", {}, [], set()),  # the game has no commander: refused to everyone
    ("roll", {"dice": "d20"}, [], SEATED_IN | MANAGERS),
    ("totem deck", {"name": "Atraxa"}, [], SEATED_IN | {"player out"}),  # their own deck
    ("totem status", {}, [], EVERYONE),
    ("totem history", {}, [], EVERYONE),
    ("totem board", {}, [], EVERYONE),
    ("totem link", {}, [], EVERYONE),
    ("totem link", {"reset": True}, [], MANAGERS),
    ("totem end", {}, [], MANAGERS),
    ("totem clock set", {"minutes": "30"}, [], MANAGERS),
    ("totem panel", {}, [], SEATED_IN | {"player out"} | MANAGERS),
    ("totem-admin concede", {"player": "Gus"}, [], MANAGERS),
    ("totem-admin remove", {"player": "Gus"}, [], MANAGERS),
]


def succeeded(command: str, reply: Reply) -> bool:
    if command == "totem panel":  # the panel is the caller's own, so private
        return reply.ephemeral and bool(reply.components)
    if command == "totem link":  # the address is for the caller's eyes only
        return reply.ephemeral and "/t/" in (reply.content or "")
    if command in LOOK:
        text = reply.content or ""
        return bool(reply.embeds or reply.message_id) and not text.startswith(
            ("There is no game", "You are not")
        )
    return not reply.ephemeral and reply.type in (4, 5)


async def play_case(
    standin: StandIn, command: str, options: dict[str, Any], setup: list[str], caller: int
) -> Reply:
    channel = standin.new_channel(GUILD, "case")
    await standin.slash(ANN, channel, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> Gus"})
    for line in ["Cid: concede", *setup]:
        done = await standin.slash(ANN, channel, "do", {"text": line})
        assert not done.ephemeral, (line, done.content)
    return await standin.slash(caller, channel, command, options)


@pytest.mark.parametrize(
    ("command", "options", "setup", "allowed"),
    CASES,
    ids=[f"{case[0]}-{index}" for index, case in enumerate(CASES)],
)
async def test_exactly_the_intended_callers_succeed(
    standin: StandIn,
    command: str,
    options: dict[str, Any],
    setup: list[str],
    allowed: set[str],
) -> None:
    replies = await asyncio.gather(
        *(play_case(standin, command, options, setup, user) for user in CALLERS.values())
    )
    outcomes = {
        kind: (succeeded(command, reply), reply.content)
        for kind, reply in zip(CALLERS, replies, strict=True)
    }
    assert {kind for kind, (ok, _text) in outcomes.items() if ok} == allowed, outcomes
    for kind, (ok, text) in outcomes.items():
        if not ok:
            assert text and text.endswith("."), (kind, text)  # a refusal is a sentence
