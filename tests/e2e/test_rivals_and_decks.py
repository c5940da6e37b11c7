"""Decks and rivalries through the real bot: a deck named in a lobby (which offers it) and
with `/totem deck` in the game, two finished games, the decks offered again by autocomplete,
`/totem stats view:decks` with each deck's rating, and `/totem rivals` with its nemesis,
victim and head-to-head.

The members are new to the server, so the figures are only these games' (other tests play in
the same server with Ann, Bob and Cid)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from tests.e2e.conftest import GUILD, BotProcess
from tests.e2e.stored import stored_state
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

WES, XIA, YUL = 9301, 9302, 9303
JOIN = "totem:lobby:join"


@pytest.fixture
def members(standin: StandIn) -> None:
    for user, name in ((WES, "Wes"), (XIA, "Xia"), (YUL, "Yul")):
        standin.add_member(GUILD, user, name.lower(), display_name=name)


async def test_decks_from_the_lobby_and_the_game_then_rivals_after_two_games(
    bot: BotProcess, standin: StandIn, members: None
) -> None:
    table = standin.new_channel(GUILD)
    lobby = await standin.slash(WES, table, "totem new", {"format": "free-for-all"})
    assert lobby.message_id is not None
    joined = await standin.click(XIA, table, lobby.message_id, JOIN)
    assert "press Join to take a seat, then name your deck with /totem deck" in (
        joined.content or ""
    )
    named = await standin.slash(XIA, table, "totem deck", {"name": "  Atraxa  "})
    assert named.content == "Xia will play Atraxa."
    outsider = await standin.slash(YUL, table, "totem deck", {"name": "Atraxa"})
    assert outsider.ephemeral and outsider.content == "Join the lobby first, then name your deck."
    await standin.click(YUL, table, lobby.message_id, JOIN)
    await standin.click(WES, table, lobby.message_id, "totem:lobby:start")
    assert [p.deck for p in stored_state(bot, table).players] == [None, "Atraxa", None]

    in_game = await standin.slash(WES, table, "totem deck", {"name": "Tymna and Kraum"})
    assert not in_game.ephemeral and "Wes plays Tymna and Kraum" in (in_game.content or "")
    too_long = await standin.slash(WES, table, "do", {"text": "deck " + "x" * 61})
    assert too_long.ephemeral
    assert too_long.content == "A deck's name has at most 60 characters, not 61."
    # Game 1: Wes takes Xia out, then Yul: Wes 1st, Yul 2nd, Xia 3rd.
    await standin.slash(WES, table, "do", {"text": "deal 20 to Xia"})
    await standin.slash(WES, table, "do", {"text": "deal 20 to Yul"})
    assert stored_state(bot, table).winners == ("Wes",)

    # Game 2: Xia takes Wes out, Yul takes Xia out: Yul 1st, Xia 2nd, Wes 3rd.
    players = {"format": "free-for-all", "players": f"<@{WES}> <@{XIA}> <@{YUL}>"}
    await standin.slash(WES, table, "totem new", players)
    await standin.slash(XIA, table, "do", {"text": "deal 20 to Wes"})
    await standin.slash(YUL, table, "do", {"text": "deal 20 to Xia"})
    assert stored_state(bot, table).winners == ("Yul",)

    offered = await standin.autocomplete(XIA, table, "totem deck", {"name": ""}, "name")
    assert [choice["value"] for choice in offered] == ["Atraxa"]
    offered = await standin.autocomplete(WES, table, "totem deck", {"name": "tym"}, "name")
    assert [choice["value"] for choice in offered] == ["Tymna and Kraum"]

    decks = await standin.slash(XIA, table, "totem stats", {"view": "decks"})
    [embed] = decks.embeds
    assert embed["title"] == "Decks: Xia"
    # Atraxa's rating: 3rd of three in game 1, its opponents' seats rated afresh (openskill
    # directly, the place worked out by hand); Xia's game 2 was played with no deck.
    model = PlackettLuce()
    _, [atraxa], _ = model.rate([[model.rating()] for _ in range(3)], ranks=[1.0, 3.0, 2.0])
    assert embed["description"] == (
        "Atraxa: 1 game, 0 wins (0% won), average place 3.0, "
        f"rating {atraxa.ordinal():.1f} (provisional)"
    )

    rivals = await standin.slash(WES, table, "totem rivals")
    [embed] = rivals.embeds
    assert embed["title"] == "Rivals: Wes"
    assert embed["description"].splitlines() == [
        "Nemesis: Xia (took them out 1 time)",
        "Victim: Xia (taken out 1 time)",  # Xia and Yul once each: the first by name
        "vs Xia: 2 games, ahead 1, behind 1; took them out 1 time, taken out 1 time",
        "vs Yul: 2 games, ahead 1, behind 1; took them out 1 time, taken out 0 times",
    ]
    versus = await standin.slash(
        WES, table, "totem rivals", {"player": f"<@{XIA}>", "against": f"<@{YUL}>"}
    )
    [embed] = versus.embeds
    assert embed["title"] == "Head to head: Xia vs Yul"
    assert embed["description"] == (
        "Xia vs Yul: 2 games, ahead 0, behind 2; took them out 0 times, taken out 1 time"
    )
    nobody = await standin.slash(WES, table, "totem rivals", {"player": "Quentin"})
    assert nobody.ephemeral
    assert nobody.content == "Quentin has no finished Magic games in this server yet."
