"""Games played from players' panels only (`/totem panel`), through the real bot and the real
discord.py client, against the same games played with `/do`: the channel's public replies and
the pinned status must be identical."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.e2e.conftest import ANN, BOB, CID, GUILD
from tests.e2e.panels import PanelUser
from tests.test_panel_moves import started, with_commanders
from totembot.bot.access import NOT_OWN_CHANGE
from totembot.bot.magic.panel_view import BACK, MORE
from totembot.games.magic.language.panel import offered
from totembot.testing import StandIn
from totembot.testing.records import CB_UPDATE_MESSAGE

pytestmark = pytest.mark.asyncio(loop_scope="session")

TOTEM_FOUR = f"<@{ANN}> <@{BOB}> <@{CID}> Eve"  # Eve is a guest: the host acts for her


TURN_BEGAN = "Turn began"
CLOCK = re.compile(r"<t:[0-9]+:R>")


def without_clock(embeds: Any) -> Any:
    """Embeds with the turn clock's timestamp blanked: when a turn began differs by some
    seconds between two channels played one after the other, the field itself must not."""
    if not isinstance(embeds, list):
        return embeds
    blanked = []
    for embed in embeds:
        fields = [
            field | {"value": CLOCK.sub("<t:UNIX:R>", field["value"])}
            if field.get("name") == TURN_BEGAN
            else field
            for field in embed.get("fields", [])
        ]
        blanked.append(embed | {"fields": fields} if "fields" in embed else embed)
    return blanked


def has_clock(embeds: Any) -> bool:
    """Whether the status embed shows when the turn began, as a Discord timestamp."""
    fields = [f for e in embeds or [] for f in e.get("fields", []) if f.get("name") == TURN_BEGAN]
    return len(fields) == 1 and CLOCK.fullmatch(fields[0]["value"]) is not None


def public(standin: StandIn, channel: int) -> list[tuple[str, Any]]:
    """What everyone in the channel reads: each message's text and embeds, oldest first (the
    turn clock's timestamp blanked)."""
    return [(m["content"], without_clock(m["embeds"])) for m in standin.channel_messages(channel)]


def pinned(standin: StandIn, channel: int) -> Any:
    pins = standin.pins(channel)
    return (standin.message(pins[-1]) or {}).get("embeds") if pins else None


def same_pinned(one: Any, two: Any, text: str) -> bool:
    """Both statuses show `text` and when the turn began, and are otherwise identical."""
    if not (one and has_clock(one) and has_clock(two)):
        return False
    return without_clock(one) == without_clock(two) and text in str(one)


async def same_status(standin: StandIn, panels: int, typed: int, text: str) -> None:
    """Both pinned statuses show `text` (edits are coalesced), then are identical but for the
    second the turn began."""

    def shown() -> bool:
        return same_pinned(pinned(standin, panels), pinned(standin, typed), text)

    await standin.wait_for(shown, timeout=10)


async def played_with_do(
    standin: StandIn, channel: int, lines: list[tuple[int, str]]
) -> dict[str, str]:
    """The same game typed; what each line was answered."""
    answers = {}
    for user, text in lines:
        reply = await standin.slash(user, channel, "do", {"text": text})
        assert reply.content, text
        answers[text] = reply.content if not reply.ephemeral else f"refused: {reply.content}"
    return answers


async def refused_privately(reply_of: Callable[[], Awaitable[Any]], sentence: str) -> str:
    """The panel's refusal: shown in the panel, first, and nothing posted; its sentence."""
    reply = await reply_of()
    assert reply.type == CB_UPDATE_MESSAGE and reply.ephemeral
    assert not reply.followups, "a refusal posts nothing in the channel"
    assert (reply.content or "").startswith(sentence), reply.content
    return (reply.content or "").splitlines()[0]


async def test_a_four_player_totem_game_from_panels_reads_as_the_same_game_typed(
    standin: StandIn, table: int
) -> None:
    typed = standin.new_channel(GUILD)
    for channel in (table, typed):
        await standin.slash(ANN, channel, "totem new", {"players": TOTEM_FOUR})
    ann, bob, cid = (PanelUser(standin, user, table) for user in (ANN, BOB, CID))
    for panel in (ann, bob, cid):
        await panel.open()
    assert ann.labels("as") == ["Ann", "Bob", "Cid", "Eve"]  # the host may act for anyone
    assert "as" not in bob.acts()

    # Ann: the move, then whom, then the amount with the steppers; only the press records.
    await ann.choose("mv", "Deal damage")
    waiting = ann.component("do")
    assert waiting["disabled"] and waiting["label"] == "Choose whom it is for"
    assert ann.labels("tg") == [
        "Ann via Ann-Bob (left): 20 life",
        "Ann via Eve-Ann (right): 20 life",
        "Bob via Bob-Cid (left): 20 life",
        "Cid via Cid-Eve (left): 20 life",
        "Cid via Bob-Cid (right): 20 life",
        "Eve via Cid-Eve (right): 20 life",
    ]  # what autocomplete offers: Bob's Ann-Bob is Ann's own totem
    await ann.choose("tg", "Bob via Bob-Cid")
    assert ann.component("do")["label"] == "Say: deal 1 to Bob via Bob-Cid"
    await ann.press("5 more")
    for _ in range(3):
        await ann.press("1 less")
    assert len(public(standin, table)) == len(public(standin, typed))  # nothing recorded yet
    dealt = await ann.say()
    assert dealt.type == CB_UPDATE_MESSAGE and dealt.ephemeral
    assert dealt.followups[0]["content"] == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    assert not dealt.followups[0]["flags"]  # public
    assert "Bob-Cid (left): 17 life" in str(ann.labels("tg"))  # redrawn with the new state

    # Bob attacks with an amount typed in the "Other amount" modal.
    await bob.choose("mv", "Attack")
    assert bob.labels("tg") == ["Cid-Eve: 20 life", "Eve-Ann: 20 life"]
    await bob.choose("tg", "Cid-Eve")
    bad = await bob.other_amount("seven")
    assert (bad.content or "").startswith("The amount is a whole number")
    await bob.other_amount("7")
    assert (await bob.say()).followups[0]["content"].startswith("Cid-Eve 20 -> 13")

    # Cid locks Bob-Cid; Ann's damage to it is refused, privately, in her panel.
    await cid.choose("mv", "Lock my life")
    await cid.choose("tg", "Bob-Cid")
    await cid.say()
    locked = await refused_privately(lambda: ann.say(0), "Bob-Cid is locked")

    # The host acts for her guest Eve.
    await ann.choose("as", "Eve")
    assert ann.content.splitlines()[0] == "**Your panel**, acting as Eve."
    await ann.choose("mv", "Gain life")
    await ann.choose("tg", "Eve via Cid-Eve")
    await ann.step_to(2)
    assert (await ann.say()).followups[0]["content"].startswith("Cid-Eve 13 -> 15")

    # Undo (Eve's gain), then Ann passes the turn from her own panel.
    await ann.choose("as", "Ann")
    await ann.press("Undo my last change", followups=1)
    assert "Pass the turn" not in str(bob.components)  # not Bob's turn
    await ann.press("Pass the turn", followups=1)
    await bob.press("Refresh")
    assert (await bob.press("Pass the turn", followups=1)).followups

    answers = await played_with_do(
        standin,
        typed,
        [
            (ANN, "deal 3 to Bob via Bob-Cid"),
            (BOB, "attack Cid-Eve for 7"),
            (CID, "lock Bob-Cid"),
            (ANN, "deal 3 to Bob via Bob-Cid"),
            (ANN, "Eve: Eve gains 2 via Cid-Eve"),
            (ANN, "undo"),
            (ANN, "next"),
            (BOB, "next"),
        ],
    )
    await same_status(standin, table, typed, "Turn 3")  # the pinned status is a message too
    assert public(standin, table) == public(standin, typed)
    # The same sentence, privately.
    assert answers["deal 3 to Bob via Bob-Cid"] == f"refused: {locked}"


async def test_a_free_for_all_commander_game_from_panels_reads_as_the_same_game_typed(
    standin: StandIn, table: int
) -> None:
    typed = standin.new_channel(GUILD)
    setup = {"format": "free-for-all", "players": TOTEM_FOUR, "commander": True}
    for channel in (table, typed):
        await standin.slash(ANN, channel, "totem new", setup)
    ann, bob, cid = (PanelUser(standin, user, table) for user in (ANN, BOB, CID))
    for panel in (ann, bob, cid):
        await panel.open()

    await ann.choose("mv", "Commander damage")
    assert ann.labels("tg") == ["Bob: 40 life", "Cid: 40 life", "Eve: 40 life"]
    hit = await ann.move("Commander damage", "Bob", 6)
    assert "Bob commander damage from Ann 0 -> 6" in hit.followups[0]["content"]
    await bob.move("Poison counters", "Cid", 2)
    await cid.move("Energy counters", "Cid", 3)
    assert "Yours: energy 3" in cid.content  # their own counters
    await ann.choose("mv", "Become the monarch")
    await ann.say()
    assert "Yours: the monarch" in ann.content

    await ann.choose("as", "Eve")  # the host locks the guest's life for her
    await ann.choose("mv", "Lock my life")
    await ann.say()
    await bob.choose("mv", "Deal damage")
    await bob.choose("tg", "Eve")
    locked = await refused_privately(lambda: bob.say(0), "Eve's life is locked")
    # Bob's panel undoes only his own last change: the lock is not, so it is refused.
    not_his = await refused_privately(lambda: bob.press("Undo my last change"), NOT_OWN_CHANGE)
    assert not_his == NOT_OWN_CHANGE
    await ann.press("Undo my last change", followups=1)  # the host, acting as Eve: the lock
    # Bob's panel showed the lock, now undone: his next press gets a sentence and a fresh
    # panel, and does nothing else.
    undone = await bob.choose("tg", "Cid")
    assert (undone.content or "").startswith("Changes this panel showed were undone")
    assert "acting as Bob" in (undone.content or "") and "Move:" not in (undone.content or "")
    await ann.choose("as", "Ann")
    await ann.press("Pass the turn", followups=1)

    answers = await played_with_do(
        standin,
        typed,
        [
            (ANN, "attack Bob for 6 with commander"),
            (BOB, "poison 2 to Cid"),
            (CID, "Cid gets 3 energy"),
            (ANN, "become the monarch"),
            (ANN, "Eve: lock"),
            (BOB, "deal 1 to Eve"),
            (ANN, "Eve: undo"),
            (ANN, "next"),
        ],
    )
    await same_status(standin, table, typed, "Turn 2")
    assert public(standin, table) == public(standin, typed)
    assert answers["deal 1 to Eve"] == f"refused: {locked}"  # the same sentence, privately


async def test_with_partners_named_the_move_select_turns_pages_and_offers_every_move(
    standin: StandIn, table: int
) -> None:
    setup = {"format": "free-for-all", "players": TOTEM_FOUR, "commander": True}
    await standin.slash(ANN, table, "totem new", setup)
    for name in ("Tymna", "Kraum"):  # partners: two moves more each
        await standin.slash(ANN, table, "do", {"text": f"cast commander {name}"})
    ann = PanelUser(standin, ANN, table)
    await ann.open()
    first = ann.labels("mv")
    assert len(first) == 25 and first[-1] == MORE and BACK not in first
    assert "Commander damage (Tymna)" in first and "Roll a d20" not in first
    await ann.choose("mv", MORE)
    second = ann.labels("mv")
    assert second[0] == BACK and MORE not in second
    state = with_commanders(started("free-for-all", 4), "Ann", ["Tymna", "Kraum"])
    expected = [move.label for _row, move in offered(state, "Ann") if not move.button]
    assert first[:-1] + second[1:] == expected  # every move, once, in the table's order
    assert {"Roll a d20", "Flip a coin", "Cast my commander (Tymna)"} <= set(second)

    flipped = await ann.move("Flip a coin")  # chosen on the second page, said from it
    assert "coin" in flipped.followups[0]["content"].casefold()
    assert ann.labels("mv") == second  # the page is kept as the panel redraws
    await ann.choose("mv", BACK)
    assert ann.labels("mv") == first


async def test_with_many_commander_names_every_page_is_within_limits_and_every_move_reached(
    standin: StandIn, table: int
) -> None:
    names = [f"Name{n:02}" for n in range(13)]  # 23 moves and 26 named ones: three pages
    setup = {"format": "free-for-all", "players": TOTEM_FOUR, "commander": True}
    await standin.slash(ANN, table, "totem new", setup)
    for name in names:
        await standin.slash(ANN, table, "do", {"text": f"cast commander {name}"})
    ann = PanelUser(standin, ANN, table)
    await ann.open()
    pages = []
    while True:
        for component in ann.components:
            assert len(str(component.get("custom_id", ""))) <= 100
            assert len(component.get("options") or []) <= 25
        labels = ann.labels("mv")
        assert (labels[0] == BACK) == bool(pages)
        pages.append([label for label in labels if label not in (BACK, MORE)])
        if labels[-1] != MORE:
            break
        await ann.choose("mv", MORE)
    state = with_commanders(started("free-for-all", 4), "Ann", names)
    expected = [move.label for _row, move in offered(state, "Ann") if not move.button]
    assert len(pages) == 3 and [label for page in pages for label in page] == expected
    rolled = await ann.move("Roll a d20")  # on the last page
    assert "d20" in rolled.followups[0]["content"]
    await ann.choose("mv", BACK)
    assert ann.labels("mv")[1:-1] == pages[1]


def status_at(unix: int | None) -> list[dict[str, Any]]:
    fields = [{"name": "Life", "value": "Ann 20", "inline": False}]
    if unix is not None:
        fields.append({"name": TURN_BEGAN, "value": f"<t:{unix}:R>", "inline": False})
    return [{"title": "Turn 2", "fields": fields}]


async def test_statuses_whose_turns_began_seconds_apart_are_the_same_status() -> None:
    assert same_pinned(status_at(1_800_000_000), status_at(1_800_000_003), "Turn 2")
    assert not same_pinned(status_at(1_800_000_000), status_at(None), "Turn 2")  # no clock
    other = status_at(1_800_000_000)
    other[0]["fields"][0]["value"] = "Ann 19"
    assert not same_pinned(status_at(1_800_000_000), other, "Turn 2")
    assert not same_pinned(status_at(1_800_000_000), status_at(1_800_000_000), "Turn 3")
