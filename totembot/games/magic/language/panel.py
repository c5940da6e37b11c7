"""A player's panel, pure: which moves it offers, whom each may name, and the line a move says.

The panel (`/totem panel`, drawn by `bot/magic/panel.py`) is generated from the request table:
every row's `panel` moves (`row.PanelMove`) in the table's order, so a new request appears on
it from its row. Whom a move may name is what autocomplete offers (`language/options.py`, the
row's `reach`, range of influence included). A move becomes one line of the language, which the
bot records exactly as `/do` records what was typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from totembot.games.magic.language.options import OWN_REACHES, player_choices, totem_choices
from totembot.games.magic.language.requests import TABLE
from totembot.games.magic.language.row import PanelMove, Row
from totembot.games.magic.rules.formats import format_of
from totembot.games.magic.rules.lookup import pool_name
from totembot.games.magic.rules.state import GameState

MAX_OPTIONS = 25  # Discord's limit of options in a select menu
MAX_PAGES = 10  # pages of the move select: the page is one digit of the panel's ids
MAX_NAMES = 99  # commander names a speaker is offered: a move's key takes two digits more
PAGE_VALUE = re.compile(r"pg([0-9])")  # the value of a "More moves..."/"Back" option
MIN_AMOUNT, MAX_AMOUNT = 1, 1_000_000  # what the language reads as an amount
CLAUSE = re.compile(r"\[([^\[\]]*)\]")
MOVES: tuple[tuple[Row, PanelMove], ...] = tuple((row, move) for row in TABLE for move in row.panel)
BY_KEY: dict[str, tuple[Row, PanelMove]] = {move.key: (row, move) for row, move in MOVES}


@dataclass(frozen=True)
class Target:
    """One choice of the target select: its token (seats and totems by number, for the
    component's id), its label, and what it fills in the move's line."""

    token: str
    label: str
    target: str | None = None  # `{target}`: a player, or the totem attacked in Totem
    totem: str | None = None  # `[ via {totem}]`: the totem in Totem


def names_totems(state: GameState) -> bool:
    return format_of(state).language.totems


def offered(state: GameState, speaker: str | None) -> list[tuple[Row, PanelMove]]:
    """The moves the panel offers `speaker` now, in the table's order: not those a format
    refuses outright (`each` in Totem), commander moves only in commander games, and the
    moves shown as their own buttons (`button`) only when they apply (passing the turn is
    offered on the speaker's own turn)."""
    totems = names_totems(state)
    moves = []
    for row, move in MOVES:
        if totems and not row.totem:
            continue
        if move.commander and not state.config.commander:
            continue
        if move.when == "own turn" and not own_turn(state, speaker):
            continue
        moves.append((row, move))
        if move.named:
            moves += [(row, named) for named in named_moves(state, move, speaker)]
    return moves


def find(state: GameState, speaker: str | None, key: str) -> tuple[Row, PanelMove] | None:
    """The move offered to `speaker` now under `key`; None when it is not offered."""
    return next(((row, move) for row, move in offered(state, speaker) if move.key == key), None)


def commander_names(state: GameState, speaker: str | None) -> list[str]:
    """The names the speaker has given their commanders so far (partners: `Ann:Tymna` in
    casts and commander damage), in alphabetical order, at most `MAX_NAMES`."""
    if not speaker:
        return []
    keys = [key for player in state.players for key in player.commander_casts]
    keys += [key for pool in state.pools for key in pool.commander_damage]
    keys += [key for player in state.players for key in player.commander_damage]
    prefix = speaker.casefold() + ":"
    names = {key.split(":", 1)[1] for key in keys if key.casefold().startswith(prefix)}
    return sorted(names, key=str.casefold)[:MAX_NAMES]


def named_moves(state: GameState, move: PanelMove, speaker: str | None) -> list[PanelMove]:
    """A move that may name the speaker's commander, once for each commander named so far:
    `cmd1` "Commander damage (Tymna)" says `... with commander Tymna`."""
    return [
        replace(
            move,
            key=f"{move.key}{number}",
            label=f"{move.label} ({name})",
            phrase=f"{move.phrase} {name}",
            named=False,
        )
        for number, name in enumerate(commander_names(state, speaker), start=1)
    ]


def move_pages(count: int) -> list[range]:
    """The move select's pages over `count` moves: all on one when they fit its options;
    else each page keeps an option for "Back" (but the first) and one for "More moves..."
    (but the last), so that every move is reachable and no page exceeds `MAX_OPTIONS`."""
    if count <= MAX_OPTIONS:
        return [range(count)]
    pages: list[range] = []
    start = 0
    while start < count:
        room = MAX_OPTIONS - (1 if pages else 0)
        if count - start > room:
            room -= 1  # "More moves..."
        pages.append(range(start, min(count, start + room)))
        start += room
    return pages


def own_turn(state: GameState, speaker: str | None) -> bool:
    """Whether `speaker` takes the current turn (or a turn, where several take turns at once)."""
    seat = state.seat_of(speaker) if speaker else None
    if seat is None or state.finished or not state.players[seat].is_in:
        return False
    return format_of(state).is_own_turn(state, seat)


def targets(state: GameState, row: Row, move: PanelMove, speaker: str | None) -> list[Target]:
    """Exactly the legal choices for the move's target, as autocomplete offers them: players
    (every format but Totem, and counters everywhere), totems attacked or one's own totems
    (Totem), or a player and the totem of theirs the change lands on (Totem). Empty when the
    move names nobody."""
    totems = names_totems(state)
    if move.target and totems and row.reach == "attack":
        return [
            Target(f"t{_pool(state, c.name)}", c.label, target=c.name)
            for c in totem_choices(state, row.kind, speaker)
        ][:MAX_OPTIONS]
    if move.target and totems and move.totem:
        found = []
        for player in player_choices(state, row.kind, speaker):
            seat = state.seat_of(player.name)
            for totem in totem_choices(state, row.kind, speaker, player.name):
                token = f"{seat}t{_pool(state, totem.name)}"
                label = f"{player.name} via {totem.label}"
                found.append(Target(token, label, target=player.name, totem=totem.name))
        return found[:MAX_OPTIONS]
    if move.target:
        return [
            Target(str(state.seat_of(c.name)), c.label, target=c.name)
            for c in player_choices(state, row.kind, speaker)
        ][:MAX_OPTIONS]
    if move.totem and totems and row.reach in OWN_REACHES:
        return [
            Target(f"t{_pool(state, c.name)}", c.label, totem=c.name)
            for c in totem_choices(state, row.kind, speaker)
        ][:MAX_OPTIONS]
    return []


def needs_target(state: GameState, row: Row, move: PanelMove) -> bool:
    """Whether the move cannot be said without a choice of the target select."""
    return move.target or (move.totem and names_totems(state) and row.reach in OWN_REACHES)


def _pool(state: GameState, name: str) -> int:
    for index in range(len(state.pools)):
        if pool_name(state, index) == name:
            return index
    raise ValueError(name)


def phrase(move: PanelMove, target: Target | None, amount: int) -> str:
    """The line the move says: its phrase with the target and amount filled in, and each
    `[...]` clause kept only when the totem it names is chosen."""

    def clause(match: re.Match[str]) -> str:
        return match.group(1) if target is not None and target.totem else ""

    text = CLAUSE.sub(clause, move.phrase)
    return text.format(
        amount=amount,
        target=target.target if target is not None else "",
        totem=target.totem if target is not None else "",
    )


def clamp(amount: int) -> int:
    """An amount the language reads: 1 to 1,000,000."""
    return max(MIN_AMOUNT, min(MAX_AMOUNT, amount))
