"""A player's panel outlives the bot's memory, refuses another member's forged press, says in
a sentence when its game is over, and fits Discord's limits at the largest tables."""

from __future__ import annotations

import re
import signal

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN, GUILD, BotProcess
from tests.e2e.panels import PanelUser
from totembot.testing import Forged, StandIn
from totembot.testing.validation import walk_components

pytestmark = pytest.mark.asyncio(loop_scope="session")

THREE = f"<@{ANN}> <@{BOB}> <@{CID}>"


def replies(standin: StandIn, channel: int) -> list[str]:
    """The channel's replies (not the status, which is edited in its own time)."""
    return [m["content"] for m in standin.channel_messages(channel) if m["content"]]


@pytest.mark.own_bot  # the bot restarts between two presses
async def test_a_panel_works_after_the_bot_restarts(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": THREE})
    ann = PanelUser(standin, ANN, table)
    await ann.open()
    await ann.choose("mv", "Deal damage")
    await ann.choose("tg", "Bob")
    await ann.press("1 more")

    await bot.restart(signal.SIGKILL)

    await ann.press("1 more")
    assert ann.amount() == 3  # the choices came back from the ids, not from memory
    typed = await ann.other_amount("4")  # the modal's submit is answered after a restart too
    assert ann.amount() == 4 and "`deal 4 to Bob`" in (typed.content or "")
    dealt = await ann.say()
    assert dealt.followups[0]["content"] == "Bob 20 -> 16, dealt by Ann"
    assert "Bob: 16 life" in ann.labels("tg")


async def test_a_forged_press_on_another_members_panel_is_refused(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": THREE})
    ann = PanelUser(standin, ANN, table)
    await ann.open()
    await ann.choose("mv", "Deal damage")
    await ann.choose("tg", "Bob")
    before = replies(standin, table)
    assert ann.message_id is not None
    forged = await standin.forged_click(
        BOB, table, ann.message_id, ann.component("do")["custom_id"]
    )
    assert forged.ephemeral and forged.type == 4  # a message of its own: Ann's panel unchanged
    assert forged.content == (
        "This panel belongs to another member: open your own with /totem panel."
    )
    assert replies(standin, table) == before
    elsewhere = await standin.click(
        ANN, table, ann.message_id, ann.component("do")["custom_id"], forged=Forged(999)
    )
    assert elsewhere.ephemeral and elsewhere.type == 4
    assert elsewhere.content == "This channel's game belongs to another server."
    assert replies(standin, table) == before
    edited = ann.component("do")["custom_id"].replace(":do:", ":zz:")
    unknown = await standin.forged_click(ANN, table, ann.message_id, edited)
    assert unknown.ephemeral and "nothing was recorded" in (unknown.content or "")


async def test_a_press_on_a_panel_whose_game_is_over_gets_a_sentence_and_a_fresh_panel(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": THREE})
    ann = PanelUser(standin, ANN, table)
    await ann.open()
    await standin.slash(ANN, table, "totem end")
    gone = await ann.press("Refresh")
    assert gone.content == (
        "The game this panel was for is over, and no game is being played here now."
    )
    assert gone.components == []

    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": THREE})
    await ann.open()
    old_game = ann.component("mv")["custom_id"].split(":")[3]
    await standin.slash(ANN, table, "totem end")
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": THREE})
    fresh = await ann.choose("mv", "Gain life")
    assert (fresh.content or "").startswith(
        "The game this panel was for is over: here is a fresh panel for this channel's game."
    )
    assert ann.component("mv")["custom_id"].split(":")[3] != old_game
    assert "tg" not in ann.acts()  # the press chose nothing: the panel is fresh


async def test_an_other_amount_submitted_after_the_game_moved_on_is_checked_as_a_press(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": THREE})
    ann = PanelUser(standin, ANN, table)
    await ann.open()
    await ann.choose("mv", "Gain life")
    assert ann.message_id is not None
    opened = await ann.press("Other amount")  # the form opens at once, before any reading
    assert opened.modal is not None and not opened.deferred
    await standin.slash(ANN, table, "totem end")
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": THREE})
    bad = await standin.submit_modal(ANN, table, opened, {"amount": "seven"})
    assert (bad.content or "").startswith(
        "The game this panel was for is over: here is a fresh panel for this channel's game."
    )
    ann.shown = bad
    assert "Move:" not in (bad.content or "") and "tg" not in ann.acts()  # fresh
    await ann.choose("mv", "Gain life")
    old = await ann.press("Other amount")
    await standin.slash(CID, table, "do", {"text": "gain 1"})
    await standin.slash(CID, table, "do", {"text": "undo"})  # what the panel showed stands
    before = replies(standin, table)
    zero = await standin.submit_modal(ANN, table, old, {"amount": "0"})
    assert (zero.content or "").startswith("The amount is a whole number from 1 to 1,000,000")
    assert "Move: Gain life" in (zero.content or "")  # the panel as it was, redrawn
    assert replies(standin, table) == before  # nothing changed


async def test_a_spectator_and_a_totemic_channel_get_one_sentence(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": THREE})
    watcher = await standin.slash(DAN, table, "totem panel")
    assert watcher.ephemeral and watcher.components == []
    assert watcher.content == "You are not playing in this game: spectators can only look."
    totemic = standin.new_channel(GUILD)
    await standin.slash(
        ANN, totemic, "totemic new", {"players": f"<@{ANN}> <@{BOB}>", "power": "1, 2"}
    )
    told = await standin.slash(ANN, totemic, "totem panel")
    assert told.ephemeral
    assert told.content == "The panel is for Magic games: in this channel, record moves with /do."


def check_limits(panel: PanelUser) -> None:
    """Discord's rules for a message's components (openapi.json: ActionRow, Button,
    StringSelect), checked here beside the stand-in's own checks."""
    assert panel.shown is not None
    rows = panel.shown.components
    assert 1 <= len(rows) <= 5
    for row in rows:
        inner = row["components"]
        assert row["type"] == 1 and 1 <= len(inner) <= 5
        assert len(inner) == 1 or all(c["type"] == 2 for c in inner)
    for component in walk_components(rows):
        if component["type"] == 1:
            continue
        assert len(component["custom_id"]) <= 100
        if component["type"] == 2:
            assert 1 <= len(component["label"]) <= 80
            assert re.search("[A-Za-z]", component["label"]), component["label"]
        else:
            assert 1 <= len(component["options"]) <= 25
            for option in component["options"]:
                assert 1 <= len(option["label"]) <= 100 and len(option["value"]) <= 100


@pytest.mark.parametrize(
    ("game_format", "count", "move", "targets"),
    [("grand-melee", 16, "Deal damage", 3), ("totem", 8, "Deal damage", 14)],
)
async def test_the_largest_tables_panels_are_within_discords_limits(
    standin: StandIn, table: int, game_format: str, count: int, move: str, targets: int
) -> None:
    guests = " ".join(f"Guest{n}" for n in range(2, count + 1))
    options = {"format": game_format, "players": f"<@{ANN}> {guests}", "commander": True}
    await standin.slash(ANN, table, "totem new", options)
    ann = PanelUser(standin, ANN, table)
    await ann.open()
    check_limits(ann)
    assert len(ann.labels("as")) == count  # the host may act as any of them
    await ann.choose("as", f"Guest{count}")  # the longest ids: the last seat
    await ann.choose("mv", move)
    await ann.choose("tg", ann.labels("tg")[-1])
    await ann.press("5 more")
    check_limits(ann)
    assert len(ann.labels("tg")) == targets
    assert len(ann.labels("mv")) <= 25
    assert [len(row["components"]) for row in ann.shown.components] == [1, 1, 5, 3, 1]
