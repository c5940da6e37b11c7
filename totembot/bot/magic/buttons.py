"""Magic's buttons on a reply: Approve and Deny for a payment that waits for consent
(`half-life-consent`).

Each button is bound to the one request it was made for: its custom id names the game, the
payment's number, the answer, the version of the game at which the request was recorded (the
log's `seq`), the payer's seat and the amount. A press is checked against the payment waiting
now and against the log (the latest request that opened that number must be the one recorded at
that version) before anything is recorded, so a button left on an older message never answers a
later question, and an edited id answers nothing. Buttons sent before ids were bound name only
the game and the number: they still answer when the log shows that number was opened once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from totembot.bot.access import Caller
from totembot.bot.magic.asking import Asked
from totembot.bot.recording import recorder_of
from totembot.bot.replies import answer_failures, in_time
from totembot.core import GameRequest
from totembot.core.errors import RuleViolation
from totembot.games.magic.rules.events import PendingOpened
from totembot.games.magic.rules.intents import Approve, Deny, Intent
from totembot.games.magic.rules.state import Pending, Player
from totembot.games.magic.ruleset import magic_state
from totembot.service import Recorded
from totembot.store import EventRecord, StoredGame

MAX_CUSTOM_ID = 100  # Discord's limit
NUMBER = r"[0-9]{1,18}"  # ASCII digits only: int() reads other scripts' digits too
OLD_ID = re.compile(
    rf"totem:consent:(?P<game>{NUMBER}):(?P<pending>{NUMBER}):(?P<answer>approve|deny)"
)
BOUND_ID = re.compile(
    rf"{OLD_ID.pattern}:(?P<seq>{NUMBER}):(?P<payer>{NUMBER}):(?P<amount>{NUMBER})"
)

NOT_OURS = "This button is not one the bot made: answer with /do approve or /do deny."
GAME_OVER = "This request belongs to a game that is over."
NOT_WAITING = "This request is no longer waiting: it was answered or taken back."
ANOTHER_REQUEST = "This button was made for another request than the one waiting now."
UNSURE = (
    "This button is older than the bot's update and cannot tell which request it answers: "
    "answer with /do approve or /do deny."
)


@dataclass(frozen=True)
class MadeFor:
    """The request a consent button answers. `seq`, `payer` (a seat) and `amount` are None on
    a button sent before ids were bound, which names only the game and the number."""

    game: int
    pending: int
    answer: str
    seq: int | None = None
    payer: int | None = None
    amount: int | None = None

    @property
    def custom_id(self) -> str:
        old = f"totem:consent:{self.game}:{self.pending}:{self.answer}"
        return old if self.seq is None else f"{old}:{self.seq}:{self.payer}:{self.amount}"

    @classmethod
    def read(cls, custom_id: str) -> MadeFor | None:
        """The request a custom id names; None when the bot never makes such an id."""
        bound = BOUND_ID.fullmatch(custom_id)
        if bound is not None:
            numbers = (int(bound[name]) for name in ("seq", "payer", "amount"))
            return cls(int(bound["game"]), int(bound["pending"]), bound["answer"], *numbers)
        old = OLD_ID.fullmatch(custom_id)
        if old is None:
            return None
        return cls(int(old["game"]), int(old["pending"]), old["answer"])


def add_consent_buttons(view: discord.ui.View, recorded: Recorded) -> None:
    """Approve and Deny for each payment the request left waiting."""
    state = magic_state(recorded.state)
    for event in recorded.events:
        if isinstance(event, PendingOpened):
            payer = state.seat_of(event.payer)
            for answer in ("approve", "deny"):
                made_for = MadeFor(
                    recorded.game_id, event.id, answer, recorded.version, payer, event.amount
                )
                view.add_item(ConsentButton(made_for))


def waiting_for(game: StoredGame, made_for: MadeFor) -> Pending:
    """The waiting payment the button names, as the game stands; RuleViolation otherwise."""
    if game.id != made_for.game:
        raise RuleViolation(GAME_OVER)
    state = magic_state(game.state)
    pending = next((p for p in state.pending if p.id == made_for.pending), None)
    if pending is None:
        raise RuleViolation(NOT_WAITING)
    if made_for.seq is not None and not _is_payment(state.players, pending, made_for):
        raise RuleViolation(ANOTHER_REQUEST)
    return pending


def _is_payment(players: Sequence[Player], pending: Pending, made_for: MadeFor) -> bool:
    """The waiting payment is by the button's payer (a seat), of the button's amount."""
    seat = made_for.payer
    if seat is None or seat >= len(players):
        return False
    return players[seat].name == pending.payer and made_for.amount == pending.amount


def openings(log: Sequence[EventRecord], number: int) -> list[tuple[int, PendingOpened]]:
    """Every request in the log that opened payment `number`, with its version."""
    return [
        (record.seq, change)
        for record in log
        for change in record.changes
        if isinstance(change, PendingOpened) and change.id == number
    ]


def check_opened(log: Sequence[EventRecord], made_for: MadeFor, pending: Pending) -> None:
    """The payment waiting now was opened by the request the button was made for: the latest
    opening of its number (an undo before numbers were kept could hand one out again) was
    recorded at the button's version, for this payer and amount. An old button, which names
    no version, answers only a number opened once."""
    found = openings(log, made_for.pending)
    if made_for.seq is None:
        if len(found) != 1:
            raise RuleViolation(UNSURE)
        return
    if not found or found[-1][0] != made_for.seq:
        raise RuleViolation(ANOTHER_REQUEST)
    opened = found[-1][1]
    if (opened.payer, opened.amount) != (pending.payer, pending.amount):
        raise RuleViolation(ANOTHER_REQUEST)


async def log_since(
    interaction: discord.Interaction, game: StoredGame, seq: int | None
) -> list[EventRecord]:
    """The game's log from version `seq` on (the whole log for an old button)."""
    recorder = recorder_of(interaction)
    if seq is None:
        return await in_time(interaction, recorder.service.history(game.id, newest=game.version))
    if not 1 <= seq <= game.version:
        raise RuleViolation(ANOTHER_REQUEST)
    newest = game.version - seq + 1
    log = await in_time(interaction, recorder.service.history(game.id, newest=newest))
    return [record for record in log if record.seq >= seq]


@dataclass(frozen=True)
class Answer:
    """Approve or Deny as the button asks, checked again under the game's lock: the payment
    the button names must still be the one waiting when the answer is recorded."""

    asked: Asked
    made_for: MadeFor

    def request_for(self, game: StoredGame) -> GameRequest:
        waiting_for(game, self.made_for)
        return self.asked.request_for(game)

    def chosen(self, choice: str) -> Answer:
        return Answer(self.asked.chosen(choice), self.made_for)


def _made_id(made_for: MadeFor | None) -> str:
    assert made_for is not None, "a button the bot makes names the request it answers"
    assert len(made_for.custom_id) <= MAX_CUSTOM_ID, made_for
    return made_for.custom_id


class ConsentButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"totem:consent:(?P<rest>[\s\S]*)",
):
    """Approve or Deny a waiting payment; only the asked player (or the host for a guest).
    Every id under `totem:consent:` comes here, so an edited one is refused in a sentence."""

    def __init__(self, made_for: MadeFor | None, pressed: str | None = None) -> None:
        """A button the bot makes for `made_for`, or one pressed with the custom id `pressed`
        (`made_for` is then what it names, None when the bot never makes such an id)."""
        answer = made_for.answer if made_for is not None else "approve"
        style = discord.ButtonStyle.success if answer == "approve" else discord.ButtonStyle.danger
        custom_id = pressed if pressed is not None else _made_id(made_for)
        super().__init__(
            discord.ui.Button(label=answer.capitalize(), style=style, custom_id=custom_id)
        )
        self.made_for = made_for

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ConsentButton:
        return cls(MadeFor.read(match.string), match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_failures(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        made_for = self.made_for
        if made_for is None:
            raise RuleViolation(NOT_OURS)
        recorder = recorder_of(interaction)
        game = (await recorder.table_for(interaction)).game
        pending = waiting_for(game, made_for)
        check_opened(await log_since(interaction, game, made_for.seq), made_for, pending)
        intent: Intent = (
            Approve(request_id=made_for.pending)
            if made_for.answer == "approve"
            else Deny(request_id=made_for.pending)
        )
        asked = Asked(Caller.of(interaction), intent, pending.awaiting)
        await recorder.record(interaction, Answer(asked, made_for), on_message=True)
