"""Every structured command does what its phrase does, through the real bot."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_structured_commands_record_what_their_phrases_do(
    standin: StandIn, table: int
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}>, “Big Bob” <@{CID}> <@{DAN}>"}
    )
    steps = [
        (ANN, "lose", {"amount": 2, "totem": "left"}, "Ann-Big_Bob 20 -> 18, lost to Ann"),
        (
            ANN,
            "gain",
            {"amount": 5, "player": "Cid", "totem": "Cid-Dan"},
            "Cid-Dan 20 -> 25, gained from Ann (for Cid)",
        ),
        (
            ANN,
            "set-life",
            {"player": f"<@{CID}>", "value": 10, "totem": "Cid-Dan", "counting": "Big_Bob-Cid"},
            "Cid-Dan 25 -> 15, set by Ann (for Cid)",
        ),
        (
            DAN,
            "halve",
            {"player": "Cid", "totem": "Big_Bob-Cid"},
            "Big_Bob-Cid 20 -> 10, halved by Dan (for Cid)",
        ),
        (
            CID,
            "poison",
            {"player": "Dan", "amount": 3, "totem": "Dan-Ann"},
            "Dan-Ann poison 0 -> 3, from Cid",
        ),
        (DAN, "lock", {"totem": "right"}, "Cid-Dan locked by Dan"),
        (DAN, "unlock", {"totem": "Cid-Dan"}, "Cid-Dan unlocked by Dan"),
        (CID, "eliminate", {"player": "Big Bob"}, "Big_Bob is out: lost by another effect"),
        (CID, "win", {}, None),
    ]
    for user, command, options, expected in steps:
        reply = await standin.slash(user, table, command, options)
        assert not reply.ephemeral, (command, reply.content)
        if expected is not None:
            assert reply.content == expected.replace("_", "\\_"), command
    status = await standin.slash(DAN, table, "totem status")
    assert status.embeds[0]["title"] == "Game over: Cid won"


async def test_the_do_command_records_for_another_player_and_reads_mentions_and_quotes(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"players": f'<@{ANN}> <@{BOB}> "Gus Guest"'})
    for_guest = await standin.slash(BOB, table, "do", {"text": f'"Gus Guest": deal 2 to <@{ANN}>'})
    assert for_guest.content == "Ann-Bob 20 -> 18, dealt by Gus\\_Guest (for Ann)"
    unknown = await standin.slash(BOB, table, "do", {"text": "deal 2 to Zed"})
    assert unknown.ephemeral and (unknown.content or "").startswith("There is no player named Zed")
    unreadable = await standin.slash(BOB, table, "do", {"text": "deal two to Ann"})
    assert unreadable.ephemeral
    assert unreadable.content == "Expected the damage as a whole number after 'deal', not 'two'."
