"""`/totem panel`: a player's own panel, an ephemeral message of components that offers the
moves of the request table's rows (`language/panel.py`) and records each move as one line
through the path `/do` takes (`bot/cogs/say.py` `line_said`, then `Recorder.record`).

Choosing a move, a target, an amount or whom to act as only redraws the panel (the press is
answered by editing it in place). Pressing the move records it: the panel is redrawn as the
press's answer and the public reply follows it, the same reply `/do` gives; a refusal is
shown in the panel, privately. What the panel has chosen lives in its ids (`panel_ids.py`), so
a press works after a restart; a press by another member than the panel's owner is refused,
and a press on a panel whose game ended, or whose state was undone, gets one sentence and a
fresh panel.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller, Table
from totembot.bot.cogs.say import line_said
from totembot.bot.magic.asking import plays_magic
from totembot.bot.magic.panel_ids import (
    BUTTON_ACTS,
    MODAL_ACT,
    PATTERN,
    PREFIX,
    SELECT_ACTS,
    STEPS,
    PanelState,
)
from totembot.bot.magic.panel_view import CHOOSE_TARGET, acting_name, draw, said
from totembot.bot.recording import Recorder, Said, recorder_of
from totembot.bot.replies import answer_failures, edit_pressed, in_time, tell
from totembot.core.errors import RuleViolation
from totembot.games.magic.language.panel import PAGE_VALUE, clamp, find
from totembot.games.magic.ruleset import magic_state
from totembot.service import NoGame, Recorded, UndoCheck
from totembot.store import EventRecord, StoredGame

NOT_YOURS = "This panel belongs to another member: open your own with /totem panel."
NOT_OURS = "This panel's button is not one the bot made: open a new panel with /totem panel."
GAME_ENDED = "The game this panel was for is over: here is a fresh panel for this channel's game."
NO_GAME_NOW = "The game this panel was for is over, and no game is being played here now."
UNDONE = "Changes this panel showed were undone: here is the panel as the game stands now."
BAD_AMOUNT = "The amount is a whole number from 1 to 1,000,000: nothing was changed."
NOT_OFFERED = "That move is not offered to this player now: choose another."
UNDO = "undo"  # the undo move's key (`language/requests.py`)
ONLY_HOST = "Only the host or an admin can act for another player."
# What each select may be answered with: the values its options carry (the id's own fields).
SELECTED = {
    "mv": re.compile(r"[a-z0-9]{1,6}"),
    "tg": re.compile(r"[0-9t]{1,9}"),
    "as": re.compile(r"[0-9]{1,3}"),
}
NOT_MAGIC = "The panel is for Magic games: in this channel, record moves with /do."


def may_manage(table: Table, interaction: discord.Interaction) -> bool:
    return table.may_manage(Caller.of(interaction))


def panel_refusal(interaction: discord.Interaction, state: PanelState) -> str | None:
    """Why this member may not use the panel: it is someone else's (ephemeral messages are
    seen by their owner only, so only a forged press comes here)."""
    if interaction.user.id != state.owner:
        return NOT_YOURS
    return None


async def undone_since(interaction: discord.Interaction, game: StoredGame, version: int) -> bool:
    """Whether a change the panel showed (the game at `version`) has since been undone: in
    the log after it, undos outnumber the changes at some point."""
    if version == game.version:
        return False
    if version > game.version:
        return True
    recorder = recorder_of(interaction)
    log = await in_time(interaction, recorder.service.history(game.id, game.version - version))
    depth = 0
    for record in sorted(log, key=lambda r: r.seq):
        if record.seq <= version:
            continue
        depth += -1 if record.request.is_undo else 1
        if depth < 0:
            return True
    return False


async def show(
    interaction: discord.Interaction, table: Table, state: PanelState, note: str = ""
) -> None:
    """Redraw the pressed panel in place (the press's answer: UPDATE_MESSAGE)."""
    panel = draw(table, state, may_manage(table, interaction), note)
    await edit_pressed(interaction, panel.content, panel.view)


async def press(
    interaction: discord.Interaction,
    act: str,
    state: PanelState,
    values: Sequence[str] = (),
    note: str = "",
) -> None:
    """A press on a panel: checked against its owner and its game, then carried out. "Other
    amount" opens its form at once, before anything is read (a modal must be the press's
    first answer, and a slow database would have deferred it): its submit is checked."""
    if (refusal := panel_refusal(interaction, state)) is not None:
        await tell(interaction, refusal)
        return
    if act == "amt":
        await interaction.response.send_modal(AmountModal(state))
        return
    recorder = recorder_of(interaction)
    try:
        table = await recorder.table_for(interaction)
    except NoGame:
        await edit_pressed(interaction, NO_GAME_NOW, None)
        return
    game = table.game
    if not plays_magic(game):
        await edit_pressed(interaction, NOT_MAGIC, None)
        return
    fresh = PanelState(game.id, state.owner, game.version)
    if game.id != state.game:
        await show(interaction, table, fresh, GAME_ENDED)
        return
    if await undone_since(interaction, game, state.version):
        await show(interaction, table, fresh.but(actor=state.actor), UNDONE)
        return
    state = state.but(version=game.version)
    await carry_out(interaction, recorder, table, act, state, values, note)


async def carry_out(
    interaction: discord.Interaction,
    recorder: Recorder,
    table: Table,
    act: str,
    state: PanelState,
    values: Sequence[str],
    note: str = "",
) -> None:
    chosen = values[0] if values else ""
    if act in SELECTED and not SELECTED[act].fullmatch(chosen):
        await show(interaction, table, state, NOT_OURS)  # a value no panel offers (forged)
    elif act == "mv" and (page := PAGE_VALUE.fullmatch(chosen)) is not None:
        await show(interaction, table, state.but(page=int(page[1])))  # "More moves..."/"Back"
    elif act == "mv":
        await show(interaction, table, state.but(move=chosen))
    elif act == "tg":
        await show(interaction, table, state.but(target=chosen))
    elif act == "as":
        if not may_manage(table, interaction):
            await show(interaction, table, state, ONLY_HOST)
            return
        seat = int(chosen)
        if seat >= len(table.game.state.players):
            await show(interaction, table, state, NOT_OURS)
            return
        await show(interaction, table, state.but(actor=seat, target=""))
    elif act in STEPS:
        await show(interaction, table, state.but(amount=clamp(state.amount + STEPS[act])))
    elif act == "new":
        await show(interaction, table, state, note)
    elif act == "do":
        await move(interaction, recorder, table, state, state)
    elif act.startswith("x"):
        await move(interaction, recorder, table, state, state.but(move=act[1:], target=""))


async def move(
    interaction: discord.Interaction,
    recorder: Recorder,
    table: Table,
    state: PanelState,
    moving: PanelState,
) -> None:
    """One move: its line said for the player the panel acts as, recorded as `/do` records
    it; the panel is redrawn (with the rules' refusal, if any) and the reply is public."""
    speaker = acting_name(table, moving)
    if find(magic_state(table.game.state), speaker, moving.move) is None:
        await show(interaction, table, state, NOT_OFFERED)
        return
    line = said(table, moving)
    if line is None:
        await show(interaction, table, state, CHOOSE_TARGET)
        return
    own = table.name_of(str(interaction.user.id))
    text = line if speaker is None or speaker == own else f"{speaker}: {line}"

    async def redraw(recorded: Recorded) -> None:
        now = replace(table.game, version=recorded.version, state=recorded.state)
        await show(interaction, Table(now), state.but(version=recorded.version))

    own_only = own_undo(interaction.user.id, moving) if moving.move == UNDO else None
    try:
        said_line = Said(Caller.of(interaction), line_said(table, text))
        await recorder.record(interaction, said_line, redraw=redraw, undo_check=own_only)
    except RuleViolation as refusal:  # nothing was recorded: the panel says why
        await show(interaction, table, state, str(refusal))


def own_undo(owner: int, state: PanelState) -> UndoCheck:
    """The panel's undo takes back only its owner's own last change: one they recorded, or,
    for the host acting as another seat, one that seat's member recorded."""

    def check(game: StoredGame, log: Sequence[EventRecord]) -> None:
        recorders = {str(owner)}
        if state.actor is not None and state.actor < len(game.seats):
            seated = game.seats[state.actor].user_id
            recorders |= {seated} if seated else set()
        if (refusal := Table(game).own_undo_refusal(recorders, log)) is not None:
            raise RuleViolation(refusal)

    return check


class AmountModal(discord.ui.Modal):
    """ "Other amount": its id carries the panel's choices; the submit is answered by the
    cog's listener (`PanelCommands.on_interaction`), which works after a restart too."""

    amount: discord.ui.TextInput[AmountModal]

    def __init__(self, state: PanelState) -> None:
        super().__init__(title="Other amount", custom_id=state.custom_id(MODAL_ACT), timeout=600)
        self.amount = discord.ui.TextInput(
            label="Amount, 1 to 1,000,000",
            custom_id="amount",
            default=str(state.amount),
            min_length=1,
            max_length=9,
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Answered by the listener, which sees every submit, kept in memory or not."""


def typed_amount(interaction: discord.Interaction) -> str:
    data: Any = interaction.data or {}
    for row in data.get("components") or []:
        for field in row.get("components") or []:
            if field.get("custom_id") == "amount":
                return str(field.get("value") or "")
    return ""


async def submitted(interaction: discord.Interaction, state: PanelState) -> None:
    """The "Other amount" modal's submit: the amount, if it is one, then the panel redrawn."""
    if (refusal := panel_refusal(interaction, state)) is not None:
        await tell(interaction, refusal)
        return
    text = typed_amount(interaction).strip()
    amount = int(text) if text.isascii() and text.isdigit() else 0
    if not 1 <= amount <= 1_000_000:  # checked as a press is: the game may have moved on
        await press(interaction, "new", state, note=BAD_AMOUNT)
        return
    await press(interaction, "new", state.but(amount=amount))


async def read_or_refuse(
    interaction: discord.Interaction, custom_id: str
) -> tuple[str, PanelState] | None:
    """The act and choices a pressed id names; an id the bot never makes is told so."""
    read = PanelState.read(custom_id)
    if read is None:
        await tell(interaction, NOT_OURS)
    return read


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"totem:panel:(?:{BUTTON_ACTS}):[\s\S]*",
):
    """A button of a panel; an id under its acts that the bot never makes is refused."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(label="?", custom_id=custom_id[:100]))
        self.pressed = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PanelButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        read = await read_or_refuse(interaction, self.pressed)
        if read is not None:
            await answer_failures(interaction, press(interaction, *read))


class PanelSelect(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=rf"totem:panel:(?:{SELECT_ACTS}):[\s\S]*",
):
    """A select menu of a panel: the move, the target, or whom the host acts as."""

    def __init__(self, custom_id: str) -> None:
        option = discord.SelectOption(label="?", value="?")
        super().__init__(discord.ui.Select(custom_id=custom_id[:100], options=[option]))
        self.pressed = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PanelSelect:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        read = await read_or_refuse(interaction, self.pressed)
        if read is not None:
            act, state = read
            values = list(self.item.values)
            await answer_failures(interaction, press(interaction, act, state, values))


class PanelCommands(commands.Cog):
    """`/totem panel`, a base of the `/totem` group (`bot/magic/table.py`), and the listener
    that answers the panel's "Other amount" modal."""

    recorder: Recorder

    @app_commands.command(
        name="panel", description="Your own panel: your state, and your moves as buttons"
    )
    async def panel(self, interaction: discord.Interaction) -> None:
        table = await self.recorder.table_for(interaction)
        game = table.game
        if not plays_magic(game):
            await tell(interaction, NOT_MAGIC)
            return
        caller = Caller.of(interaction)
        table.actor(caller, "panel")  # spectators are refused in the rules' sentence
        state = PanelState(game.id, interaction.user.id, game.version)
        drawn = draw(table, state, table.may_manage(caller))
        await tell(interaction, drawn.content, view=drawn.view)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type != discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id") or "")
        if not custom_id.startswith(PREFIX):
            return
        read = PanelState.read(custom_id)
        if read is None or read[0] != MODAL_ACT:
            await tell(interaction, NOT_OURS)
            return
        await answer_failures(interaction, submitted(interaction, read[1]))


PANEL_ITEMS = (PanelButton, PanelSelect)
assert PATTERN.startswith(PREFIX)
