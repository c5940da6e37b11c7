"""Every button answers exactly what it was made for (issue 33), through the real bot.

A consent button is bound to its request (payer, amount, and the version at which it was
recorded); a totem choice to the member who asked and to the channel. Presses Discord would not
send (another member's press on an ephemeral message, a press from another channel, an edited
custom id) are forged with `forged_click`: each is refused privately in one sentence, and
nothing is used up by a refused press.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN, GUILD, BotProcess
from totembot.games.magic.language.phrases import parse_line
from totembot.games.magic.rules.intents import Actor, Request, Undo
from totembot.games.registry import parse_setup
from totembot.service import GameService
from totembot.store import Seat, open_store
from totembot.testing import Reply, StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

THREE = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>", "half_life_consent": True}
FOUR = {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
SOMETHING_WRONG = "Something went wrong"


def buttons(reply: Reply) -> dict[str, str]:
    """A reply's buttons: label -> custom id."""
    return {b["label"]: b["custom_id"] for row in reply.components for b in row["components"]}


def refused_privately(reply: Reply) -> str:
    """The refusal's sentence, checked to be private, one line and not an internal error."""
    assert reply.ephemeral and not reply.failed, reply
    content = reply.content or ""
    assert content and "\n" not in content and SOMETHING_WRONG not in content, content
    return content


async def table_shown(standin: StandIn, table: int) -> str:
    """The status embed's table and its payments waiting for consent, as Ann sees them."""
    status = await standin.slash(ANN, table, "totem status")
    fields = status.embeds[0].get("fields") or [{"value": ""}]
    return f"{status.embeds[0]['description']}\n{fields[0]['value']}"


async def asked_to_pay(standin: StandIn, table: int, amount: int) -> Reply:
    asked = await standin.slash(ANN, table, "pay", {"amount": amount, "totem": "left"})
    assert f"Ann asks Bob to approve paying {amount} life from Ann-Bob" in (asked.content or "")
    assert asked.message_id is not None
    return asked


async def test_an_old_approve_after_an_undo_is_refused_and_the_new_request_still_waits(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", THREE)
    await standin.slash(CID, table, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Bob"})
    first = await asked_to_pay(standin, table, 2)
    undone = await standin.slash(ANN, table, "undo")
    assert undone.content == "Undone: Ann: pay 2 via left"
    second = await asked_to_pay(standin, table, 9)
    assert first.message_id is not None and second.message_id is not None

    old = await standin.click(BOB, table, first.message_id, buttons(first)["Approve"])
    assert (
        refused_privately(old)
        == "This request is no longer waiting: it was answered or taken back."
    )
    shown = await table_shown(standin, table)
    assert "└ Ann-Bob: ♥ 9" in shown  # the payment of 9 was not made (it would kill Ann-Bob)
    assert "Ann pays 9 from Ann-Bob, if Bob approves" in shown

    denied = await standin.click(BOB, table, second.message_id, buttons(second)["Deny"])
    assert "Ann's request to pay 9 from Ann-Bob was denied" in (denied.content or "")


async def test_an_edited_consent_id_is_refused_privately_and_answers_nothing(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", THREE)
    await standin.slash(CID, table, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Bob"})
    asked = await asked_to_pay(standin, table, 2)
    assert asked.message_id is not None
    approve = buttons(asked)["Approve"]
    _, _, game, number, answer, seq, payer, amount = approve.split(":")
    assert (answer, payer, amount) == ("approve", "0", "2")  # Ann (seat 0) pays 2
    base = f"totem:consent:{game}:{number}"
    edited = {
        f"{base}:approve:{seq}:{payer}:9": "made for another request",  # another amount
        f"{base}:approve:{int(seq) - 1}:{payer}:2": "made for another request",  # another version
        f"{base}:approve:{seq}:1:2": "made for another request",  # another payer
        f"{base}:approve:{seq}:7:2": "made for another request",  # a seat nobody has
        f"{base}:approve:99999:{payer}:2": "made for another request",  # a version not yet
        f"totem:consent:{game}:{int(number) + 1}:approve:{seq}:{payer}:2": "no longer waiting",
        f"totem:consent:{int(game) + 1000}:{number}:approve:{seq}:{payer}:2": "game that is over",
        f"{base}:approve:{seq}:{payer}:2:extra": "not one the bot made",
        f"{base}:approve:{seq}:{payer}:٢": "not one the bot made",  # another script's digit
        "totem:consent:1:x": "not one the bot made",
        "totem:consent:": "not one the bot made",
    }
    for custom_id, sentence in edited.items():
        reply = await standin.forged_click(BOB, table, asked.message_id, custom_id)
        assert sentence in refused_privately(reply), custom_id
    assert "Ann pays 2 from Ann-Bob, if Bob approves" in await table_shown(standin, table)

    # A button sent before ids were bound names only the game and the number: it still answers
    # while that number was opened once (docs/decisions.md).
    old_style = f"{base}:approve"
    approved = await standin.forged_click(BOB, table, asked.message_id, old_style)
    assert not approved.ephemeral and "Ann-Bob 9 -> 7, paid by Ann" in (approved.content or "")


async def offer_choices(standin: StandIn, table: int) -> tuple[Reply, dict[str, str]]:
    """Ann deals 4 to Cid, who may take it on either totem: two buttons, to Ann alone."""
    asked = await standin.slash(ANN, table, "damage", {"player": "Cid", "amount": 4})
    assert asked.ephemeral and asked.content == "Cid can take this on either totem: which one?"
    assert asked.message_id is not None
    return asked, buttons(asked)


async def chosen_by_ann(standin: StandIn, table: int, asked: Reply, custom_id: str) -> None:
    """The choice is still there for Ann, in her channel, after the refused presses."""
    assert asked.message_id is not None
    chosen = await standin.click(ANN, table, asked.message_id, custom_id, followups=1)
    assert chosen.content == "Chosen: Bob-Cid."
    assert [f["content"] for f in chosen.followups] == ["Bob-Cid 20 -> 16, dealt by Ann (for Cid)"]


async def test_a_totem_choice_pressed_by_another_member_is_refused(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", FOUR)
    asked, offered = await offer_choices(standin, table)
    assert asked.message_id is not None
    bob_cid = offered["Bob-Cid (right): 20 life"]
    reply = await standin.forged_click(BOB, table, asked.message_id, bob_cid)
    assert refused_privately(reply) == (
        "Only the member who sent this request can choose how it is taken."
    )
    assert "Bob-Cid: ♥ 20" in await table_shown(standin, table)
    await chosen_by_ann(standin, table, asked, bob_cid)


async def test_a_totem_choice_pressed_in_another_channel_is_refused(
    standin: StandIn, table: int
) -> None:
    other = standin.new_channel(GUILD)
    for channel in (table, other):
        await standin.slash(ANN, channel, "totem new", FOUR)
    asked, offered = await offer_choices(standin, table)
    assert asked.message_id is not None
    bob_cid = offered["Bob-Cid (right): 20 life"]
    reply = await standin.forged_click(ANN, other, asked.message_id, bob_cid)
    assert refused_privately(reply) == "These choices were offered in another channel."
    history = await standin.slash(ANN, other, "totem history")
    assert "deal" not in (history.content or "")  # nothing recorded in the other game
    await chosen_by_ann(standin, table, asked, bob_cid)


async def test_an_edited_totem_choice_id_is_refused_and_uses_nothing_up(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", FOUR)
    asked, offered = await offer_choices(standin, table)
    assert asked.message_id is not None
    bob_cid = offered["Bob-Cid (right): 20 life"]
    key = bob_cid.split(":")[2]
    edited = {
        f"totem:choice:{key}:Cid": "not one of the choices",  # not a totem at all
        f"totem:choice:{key}:Ann-Bob": "not one of the choices",  # a totem not offered
        f"totem:choice:{key}:Bob-Cid:Dan": "not one of the choices",
        f"totem:choice:{key}:": "not one of the choices",
        "totem:choice:zz:Bob-Cid": "has expired",  # not a key the bot makes
        "totem:choice:0123456789ab:Bob-Cid": "has expired",  # no such offer
    }
    for custom_id, sentence in edited.items():
        reply = await standin.forged_click(ANN, table, asked.message_id, custom_id)
        assert sentence in refused_privately(reply), custom_id
    await chosen_by_ann(standin, table, asked, bob_cid)


async def stored_before_numbers_were_kept(bot: BotProcess, channel: int) -> int:
    """A game as the bot stored it before numbers were kept, written into the running bot's
    database in a channel it has not seen: Ann's payment of 2 waited as number 1 (recorded 2nd),
    was undone by an undo of that time, which put the number back, and Ann's next payment of
    2 took number 1 again (recorded 4th)."""
    store = await open_store(bot.workdir / "totembot.sqlite3", create=False)
    try:
        service = GameService(store)
        config = parse_setup("game totem players: Ann, Bob, Cid rules: half-life-consent")
        seats = [Seat(name, str(user)) for name, user in (("Ann", ANN), ("Bob", BOB), ("Cid", CID))]
        game = await service.start(str(channel), str(ANN), config, seats, str(GUILD))
        old_undo = Request(actor=Actor(player="Ann"), intent=Undo())  # stored as {"kind":"undo"}
        lines = ["Cid: Ann loses 11 via Ann-Bob", "Ann: pay 2 via left"]
        requests = [line_request(line) for line in lines]
        for request in [*requests, old_undo, line_request("Ann: pay 2 via left")]:
            await service.record(str(channel), request, str(ANN))
        return game.id
    finally:
        await store.close()


def line_request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    request = parsed.request(host=False)
    assert isinstance(request, Request)
    return request


async def test_in_a_game_stored_before_the_update_a_button_answers_only_its_own_request(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    game = await stored_before_numbers_were_kept(bot, table)
    asked = await standin.slash(ANN, table, "pay", {"amount": 1, "totem": "left"})
    assert "paying 1 life from Ann-Bob (request 2)" in (asked.content or "")  # numbers go on
    assert asked.message_id is not None
    refusals = {
        f"totem:consent:{game}:1:approve": "cannot tell which request",  # number 1 opened twice
        f"totem:consent:{game}:1:approve:2:0:2": "made for another request",  # the undone one
        f"totem:consent:{game}:1:approve:3:0:2": "made for another request",  # the undo
    }
    for custom_id, sentence in refusals.items():
        reply = await standin.forged_click(BOB, table, asked.message_id, custom_id)
        assert sentence in refused_privately(reply), custom_id
    assert "Ann pays 2 from Ann-Bob, if Bob approves" in await table_shown(standin, table)
    own = f"totem:consent:{game}:1:approve:4:0:2"  # what the bot makes now for that payment
    approved = await standin.forged_click(BOB, table, asked.message_id, own)
    assert "Ann-Bob 9 -> 7, paid by Ann" in (approved.content or "")


async def test_an_id_of_ours_that_nothing_claims_is_refused_and_the_real_buttons_still_work(
    standin: StandIn, table: int
) -> None:
    """An edited lobby id, a Totemic answer id in no shape the bot makes, a choice id with no
    choice: each gets one private sentence instead of Discord's "This interaction failed";
    a real button pressed afterwards is answered once, as before."""
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    for custom_id in (
        "totem:lobby:explode",
        "totemic:answer:1:1.1.1.0:surrender",
        "totem:choice:abc",
        "totem:",
    ):
        reply = await standin.forged_click(BOB, table, lobby.message_id, custom_id)
        assert refused_privately(reply) == (
            "This button is not one totembot knows (edited, or from an older version): "
            "nothing was recorded."
        ), custom_id
    joined = await standin.click(BOB, table, lobby.message_id, "totem:lobby:join")
    assert not joined.ephemeral and "2. Bob" in (joined.content or "")
