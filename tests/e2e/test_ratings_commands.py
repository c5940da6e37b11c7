"""Ratings through the real bot (issue 30): each finished game's summary shows its players'
rating changes, and `/totem leaderboard by: rating` ranks the server's players by their
conservative rating, with the games it rests on; the figures are openskill's own, fed here the
placings worked out by hand."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openskill.models import PlackettLuce

from tests.e2e.conftest import ANN, BOB, CID, GUILD, BotProcess
from tests.e2e.test_story_commands import CHART, uploaded
from tests.test_export import run
from totembot.testing import StandIn

pytestmark = [pytest.mark.asyncio(loop_scope="session"), pytest.mark.own_bot]

MODEL = PlackettLuce()


def field(embed: dict[str, Any], name: str) -> str:
    return next(f["value"] for f in embed.get("fields") or [] if f["name"] == name)


def ordinal(rating: Any) -> str:
    return f"{rating.mu - 3 * rating.sigma:.1f}"


async def test_summaries_show_rating_changes_and_the_leaderboard_ranks_by_rating(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    # Game 1: Bob takes Quill (a guest) out, then Ann: Bob 1st, Ann 2nd, Quill 3rd.
    players = f"<@{ANN}> <@{BOB}> Quill"
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": players})
    await standin.slash(BOB, table, "do", {"text": "deal 20 to Quill"})
    await standin.slash(BOB, table, "do", {"text": "deal 20 to Ann"})
    ann, bob, quill = MODEL.rate(
        [[MODEL.rating()], [MODEL.rating()], [MODEL.rating()]], ranks=[2, 1, 3]
    )
    message, _png = await uploaded(standin, table, CHART)
    assert field(message["embeds"][0], "Ratings") == "\n".join(
        [
            f"Ann 0.0 -> {ordinal(ann[0])}",
            f"Bob 0.0 -> {ordinal(bob[0])}",
            f"Quill 0.0 -> {ordinal(quill[0])}",
        ]
    )

    # Game 2: Ann beats Cid, who is new here.
    duel = f"<@{ANN}> <@{CID}>"
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": duel})
    await standin.slash(ANN, table, "do", {"text": "deal 20 to Cid"})
    ann2, cid = MODEL.rate([[ann[0]], [MODEL.rating()]], ranks=[1, 2])
    message, _png = await uploaded(standin, table, CHART, count=2)
    assert field(message["embeds"][0], "Ratings") == (
        f"Ann {ordinal(ann[0])} -> {ordinal(ann2[0])}\nCid 0.0 -> {ordinal(cid[0])}"
    )

    board = await standin.slash(CID, table, "totem leaderboard", {"by": "rating"})
    assert not board.ephemeral
    [embed] = board.embeds
    assert embed["title"] == "Leaderboard: Magic rating, by rating"
    everyone = [("Ann", ann2[0], 2), ("Bob", bob[0], 1), ("Cid", cid[0], 1)]
    everyone.append(("Quill", quill[0], 1))
    everyone.sort(key=lambda seen: -(seen[1].mu - 3 * seen[1].sigma))
    badges = ["🥇", "🥈", "🥉", "4."]
    assert embed["description"].splitlines() == [
        f"{badge} **{name}**: {ordinal(rating)} over {games} game{'s' if games > 1 else ''} "
        "(provisional)"
        for badge, (name, rating, games) in zip(badges, everyone, strict=True)
    ]
    assert embed["footer"]["text"] == "2 finished games rated; provisional: fewer than 5 games"

    # The command line recomputes the same figures from the bot's database.
    database = bot.env()["TOTEMBOT_DATABASE"]
    printed = run("stats", "--db", database, "--ratings", "--json")
    assert printed.returncode == 0, printed.stderr
    [section] = json.loads(printed.stdout)["ratings"]
    assert (section["server"], section["game"], section["games"]) == (str(GUILD), "magic", 2)
    assert [(p["name"], f"{p['rating']:.1f}", p["games"]) for p in section["players"]] == [
        (name, ordinal(rating), games) for name, rating, games in everyone
    ]

    wins = await standin.slash(CID, table, "totem leaderboard", {"by": "wins"})
    assert wins.embeds[0]["description"].splitlines()[0] == "🥇 **Bob**: 1 win in 1 game (100%)"
    totemic = await standin.slash(
        CID, table, "totem leaderboard", {"by": "rating", "format": "totemic"}
    )
    assert totemic.embeds[0]["description"] == "No finished games yet."
