"""A consent button's custom id names exactly one request, and the log decides whether the
payment waiting now is that request (bot/magic/buttons.py; the presses themselves are in
tests/e2e/test_bound_buttons.py)."""

from __future__ import annotations

import pytest

from totembot.bot.magic.buttons import (
    ANOTHER_REQUEST,
    MAX_CUSTOM_ID,
    UNSURE,
    MadeFor,
    check_opened,
)
from totembot.core.errors import RuleViolation
from totembot.games.magic.rules.events import Event, PendingOpened
from totembot.games.magic.rules.intents import Actor, PayLife, Request
from totembot.games.magic.rules.state import Pending
from totembot.store import EventRecord

BOUND = MadeFor(game=12, pending=1, answer="approve", seq=4, payer=0, amount=2)
OLD = MadeFor(game=12, pending=1, answer="deny")


def test_a_bound_id_and_an_old_id_read_back_as_made() -> None:
    assert BOUND.custom_id == "totem:consent:12:1:approve:4:0:2"
    assert OLD.custom_id == "totem:consent:12:1:deny"  # as the bot made them before
    for made in (BOUND, OLD):
        assert MadeFor.read(made.custom_id) == made


def test_the_longest_id_the_bot_makes_fits_discord_s_100_characters() -> None:
    """A billion games, a million payments and versions, eight seats, 1,000,000 life."""
    longest = MadeFor(10**12, 10**6, "approve", 10**9, 7, 1_000_000)
    assert len(longest.custom_id) <= MAX_CUSTOM_ID


@pytest.mark.parametrize(
    "custom_id",
    [
        "totem:consent:12:1:approve:4:0",  # a part missing
        "totem:consent:12:1:approve:4:0:2:9",  # a part too many
        "totem:consent:12:1:maybe",
        "totem:consent:12:1:approve:4:0:٢",  # a digit of another script
        "totem:consent:-1:1:approve",
        "totem:consent:12:1:approve:4:0:2\n",
        "totem:consent:1234567890123456789:1:approve",  # more digits than any id
    ],
)
def test_an_id_the_bot_never_makes_names_nothing(custom_id: str) -> None:
    assert MadeFor.read(custom_id) is None


def opened(seq: int, number: int, amount: int = 2) -> EventRecord:
    request = Request(actor=Actor(player="Ann"), intent=PayLife(amount=amount))
    change: Event = PendingOpened(
        id=number, payer="Ann", amount=amount, pool="Ann-Bob", awaiting="Bob"
    )
    return EventRecord(seq, "2024-01-01T00:00:00.000+00:00", "101", request, [change])


WAITING = Pending(id=1, payer="Ann", amount=2, pool=0, awaiting="Bob")


def refusal(log: list[EventRecord], made_for: MadeFor) -> str | None:
    try:
        check_opened(log, made_for, WAITING)
    except RuleViolation as refused:
        return str(refused)
    return None


def test_a_bound_button_answers_the_latest_opening_of_its_number_only() -> None:
    """Before numbers were kept, number 1 could be opened at 2, undone, and opened at 4."""
    reused = [opened(2, 1), opened(4, 1)]
    assert refusal(reused, BOUND) is None
    assert refusal(reused, MadeFor(12, 1, "approve", 2, 0, 2)) == ANOTHER_REQUEST
    assert refusal([opened(4, 1, amount=9)], BOUND) == ANOTHER_REQUEST
    assert refusal([opened(4, 2)], BOUND) == ANOTHER_REQUEST


def test_an_old_button_answers_a_number_opened_once_and_refuses_one_opened_twice() -> None:
    assert refusal([opened(2, 1), opened(3, 2)], OLD) is None
    assert refusal([opened(2, 1), opened(4, 1)], OLD) == UNSURE
