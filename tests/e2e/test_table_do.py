"""TABLE.md's lines through `/do` on the real bot: a roll's reply is public and says what was
rolled, the monarch moves with an attack, and `/totem history` writes the roll with its result.
(The structured commands, the status embed and the board come with a later change.)"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import ANN, BOB, CID
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_rolls_counters_and_the_monarch_through_do(standin: StandIn, table: int) -> None:
    players = f"<@{ANN}> <@{BOB}> <@{CID}>"
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": players})
    rolled = await standin.slash(ANN, table, "do", {"text": "roll 2d6"})
    assert not rolled.ephemeral
    assert re.fullmatch(r"Ann rolled 2d6: [1-6], [1-6] \(total \d+\)", rolled.content or "")
    coin = await standin.slash(BOB, table, "do", {"text": "flip a coin"})
    assert re.fullmatch(r"Bob flipped a coin: (heads|tails)", coin.content or "")
    energy = await standin.slash(BOB, table, "do", {"text": "get 3 energy"})
    assert energy.content == "Bob gets 3 energy (0 -> 3)"
    paid = await standin.slash(BOB, table, "do", {"text": "pay 4 energy"})
    assert paid.ephemeral and paid.content == "Bob has 3 energy counters."
    await standin.slash(CID, table, "do", {"text": "become the monarch"})
    crowned = await standin.slash(ANN, table, "do", {"text": "attack Cid for 2"})
    assert (crowned.content or "").splitlines()[-1] == (
        "Ann attacked Cid, the monarch: Ann becomes the monarch"
    )
    history = await standin.slash(ANN, table, "totem history")
    assert re.search(r"Ann: roll 2d6 giving [1-6] [1-6]", history.content or "")
    assert "Cid: become the monarch" in (history.content or "")
