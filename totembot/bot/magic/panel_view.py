"""Drawing a player's panel: its text (their own state, the move as it would be said) and its
components, all generated from the request table's panel moves (`language/panel.py`).

Discord's limits shape it: five rows (moves, target, amount, actions, and for the host whom to
act as), at most five buttons a row, 25 options a select, labels in words, ids of 100
characters at most (`panel_ids.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from totembot.bot.access import Table
from totembot.bot.magic.panel_ids import PanelState
from totembot.games.magic.language.panel import (
    MAX_OPTIONS,
    Target,
    find,
    move_pages,
    needs_target,
    offered,
    phrase,
    targets,
)
from totembot.games.magic.language.row import PanelMove, Row
from totembot.games.magic.render.text import own_lines
from totembot.games.magic.rules.state import GameState
from totembot.games.magic.ruleset import magic_state
from totembot.render.markdown import escape

MAX_LABEL = 80  # a button's label
MAX_OPTION = 100  # a select option's label
STEPPERS = (("m5", "5 less"), ("m1", "1 less"), ("p1", "1 more"), ("p5", "5 more"))
NO_TARGET = "Nobody can be chosen for this move now."
CHOOSE_TARGET = "Choose whom the move is for first."
MORE, BACK = "More moves...", "Back"  # the move select's options that turn its page


@dataclass(frozen=True)
class Panel:
    """A panel as drawn: what it says and its components."""

    content: str
    view: discord.ui.View


def acting_name(table: Table, state: PanelState) -> str | None:
    """The player the panel acts as: the chosen seat, else the owner's own seat (None for a
    host or admin without a seat who has not chosen)."""
    game_state = magic_state(table.game.state)
    if state.actor is not None and state.actor < len(game_state.players):
        return game_state.players[state.actor].name
    return table.name_of(str(state.owner))


def chosen_target(
    game_state: GameState, state: PanelState, speaker: str | None
) -> tuple[list[Target], Target | None]:
    """The legal targets of the chosen move, and the chosen one if it is still legal."""
    found = find(game_state, speaker, state.move)
    if found is None:
        return [], None
    choices = targets(game_state, found[0], found[1], speaker)
    return choices, next((c for c in choices if c.token == state.target), None)


def said(table: Table, state: PanelState) -> str | None:
    """The line the move button says now; None when the move is not offered or lacks its
    target."""
    game_state = magic_state(table.game.state)
    speaker = acting_name(table, state)
    found = find(game_state, speaker, state.move)
    if found is None:
        return None
    row, move = found
    _choices, target = chosen_target(game_state, state, speaker)
    if target is None and needs_target(game_state, row, move):
        return None
    return phrase(move, target, state.amount)


def draw(table: Table, state: PanelState, manager: bool, note: str = "") -> Panel:
    """The panel for `state` over the table as it stands; `note` (a refusal, or why the panel
    was drawn afresh) comes first."""
    game_state = magic_state(table.game.state)
    speaker = acting_name(table, state)
    moves = offered(game_state, speaker)
    selectable = [(row, move) for row, move in moves if not move.button]
    last_page = len(move_pages(len(selectable))) - 1
    state = state.but(page=min(state.page, last_page))  # fewer moves now: their last page
    chosen = next(((row, move) for row, move in moves if move.key == state.move), None)
    choices, target = chosen_target(game_state, state, speaker)
    line = said(table, state) if chosen is not None else None
    view = discord.ui.View(timeout=None)
    view.add_item(_move_select(state, selectable))
    if chosen is not None and choices:
        options = [
            discord.SelectOption(
                label=c.label[:MAX_OPTION], value=c.token, default=c.token == state.target
            )
            for c in choices
        ]
        view.add_item(_select(state, "tg", "Choose whom it is for", options, 1))
    if chosen is not None and chosen[1].amount:
        for act, label in STEPPERS:
            view.add_item(_button(state, act, label, 2))
        view.add_item(_button(state, "amt", "Other amount", 2))
    waiting = "Choose whom it is for" if chosen is not None else "Choose a move"
    do_label = (f"Say: {line}" if line else waiting)[:MAX_LABEL]
    view.add_item(
        _button(state, "do", do_label, 3, discord.ButtonStyle.success, disabled=line is None)
    )
    for _row, move in moves:
        if move.button:
            view.add_item(_button(state, "x" + move.key, move.label, 3))
    view.add_item(_button(state, "new", "Refresh", 3))
    if manager:
        view.add_item(_select(state, "as", "Act as", _actor_options(table, state, speaker), 4))
    lines = [note] if note else []
    lines.append(f"**Your panel**, acting as {escape(speaker or 'nobody yet', limit=40)}.")
    lines += [escape(text, limit=300) for text in own_lines(game_state, speaker or "")]
    if chosen is not None:
        lines.append(_chosen_words(chosen[1].label, chosen[1].amount, state, target, line))
        if not choices and needs_target(game_state, *chosen):
            lines.append(NO_TARGET)
    return Panel("\n".join(lines)[:2000], view)


def _chosen_words(
    label: str, has_amount: bool, state: PanelState, target: Target | None, line: str | None
) -> str:
    parts = [f"Move: {label}"]
    if target is not None:
        parts.append(f"for {target.label}")
    if has_amount:
        parts.append(f"amount {state.amount}")
    text = ", ".join(parts) + "."
    if line is None:
        return f"{text} {CHOOSE_TARGET}"
    return f"{text} The button says `{escape(line, limit=120)}`."


def _move_select(
    state: PanelState, moves: list[tuple[Row, PanelMove]]
) -> discord.ui.Select[discord.ui.View]:
    """The select of moves, one page of it: "Back" and "More moves..." are its options when
    the moves do not fit one select (partners' moves, one per commander name)."""
    pages = move_pages(len(moves))
    page = state.page
    options = [
        discord.SelectOption(label=move.label, value=move.key, default=move.key == state.move)
        for _row, move in (moves[index] for index in pages[page])
    ]
    if page > 0:
        options.insert(0, discord.SelectOption(label=BACK, value=f"pg{page - 1}"))
    if page < len(pages) - 1:
        options.append(discord.SelectOption(label=MORE, value=f"pg{page + 1}"))
    placeholder = "Choose a move"
    if len(pages) > 1:
        placeholder += f" (page {page + 1} of {len(pages)})"
    return _select(state, "mv", placeholder, options, 0)


def _actor_options(
    table: Table, state: PanelState, speaker: str | None
) -> list[discord.SelectOption]:
    players = magic_state(table.game.state).players
    return [
        discord.SelectOption(
            label=table.label_of(seat)[:MAX_OPTION], value=str(seat), default=p.name == speaker
        )
        for seat, p in enumerate(players)
    ][:MAX_OPTIONS]


def _select(
    state: PanelState, act: str, placeholder: str, options: list[discord.SelectOption], row: int
) -> discord.ui.Select[discord.ui.View]:
    return discord.ui.Select(
        custom_id=state.custom_id(act), placeholder=placeholder, options=options, row=row
    )


def _button(
    state: PanelState,
    act: str,
    label: str,
    row: int,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(
        custom_id=state.custom_id(act), label=label, style=style, row=row, disabled=disabled
    )
