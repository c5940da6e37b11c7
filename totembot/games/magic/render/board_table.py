"""TABLE.md on the board: on a player's card, a crown line for the monarch and a castle line
for the initiative first (so they are never the lines cut), then after poison and commander
damage the counters, the city's blessing, the Ring and each commander's tax; day or night
after the title. A game that never used them draws exactly as before."""

from __future__ import annotations

from totembot.games.magic.render.board_icons import CASTLE
from totembot.games.magic.render.board_parts import MARGIN, TITLE, Detail
from totembot.games.magic.render.view import PlayerTable, PlayerView, TableView, player_table
from totembot.games.magic.rules.state import GameState
from totembot.render.fonts import clean
from totembot.render.palette import GOLD, LABEL
from totembot.render.pen import RGB, SIZE, Pen

COUNTER: RGB = (120, 190, 255)  # counters: a cool blue, apart from poison's green
BLESSING: RGB = (160, 220, 230)
RING: RGB = GOLD
TAX: RGB = LABEL


def designation_details(player: PlayerView) -> list[Detail]:
    """The monarch's crown and the initiative's castle, the lines drawn first."""
    lines = []
    if player.table.monarch:
        lines.append(Detail("crown", "monarch", "", GOLD))
    if player.table.initiative:
        lines.append(Detail("castle", "initiative", "", CASTLE))
    return lines


def tax_detail(player: str, key: str, casts: int) -> Detail:
    """ "tax 4", or "Tymna tax 4" for a partner: what the next cast costs more."""
    partner = key.split(":", 1)[1] if ":" in key and key != player else None
    words = f"{clean(partner)} tax" if partner else "commander tax"
    return Detail("", words, str(2 * casts), TAX, ("tax",))


def kept_details(player: PlayerView) -> list[Detail]:
    """Counters (by kind), the city's blessing, the Ring and commander tax."""
    table = player.table
    lines = [Detail("", clean(kind), str(n), COUNTER) for kind, n in table.counters.items()]
    if table.city_blessing:
        lines.append(Detail("", "city's blessing", "", BLESSING, ("blessing",)))
    if table.ring:
        lines.append(Detail("", "ring tempted", str(table.ring), RING, ("ring",)))
    lines += [
        tax_detail(player.name, key, casts) for key, casts in table.commander_casts.items() if casts
    ]
    return lines


def day_night_title(pen: Pen, view: TableView, words: str) -> str:
    """The title, then the game's day or night while it goes on: the title's words are
    clipped first, so that day or night always shows."""
    return titled(pen, view.day_night, view.finished, words)


def titled(pen: Pen, day_night: str | None, finished: bool, words: str) -> str:
    """`day_night_title` for Totem's ring, drawn from the state."""
    if day_night is None or finished:
        return words
    time = f" · {day_night}"
    room = SIZE - 2 * MARGIN - pen.width(time, TITLE, True)
    return pen.fit(words, TITLE, room, True) + time


def seat_words(state: GameState, seat: int) -> list[str]:
    """Totem's ring: what TABLE.md keeps on a player, in the small note under their name (the
    monarch's crown is drawn on the name)."""
    player = state.players[seat]
    return table_words(player.name, player_table(state, player))


def table_words(name: str, table: PlayerTable) -> list[str]:
    """A player's TABLE.md in a few words, where a card has no room for detail lines (Totem's
    seats, the giant formats' rows): the initiative, counters, blessing, Ring, tax."""
    words = ["initiative"] if table.initiative else []
    words += [f"{clean(kind)} {count}" for kind, count in table.counters.items()]
    words += ["blessing"] if table.city_blessing else []
    words += [f"ring {table.ring}"] if table.ring else []
    words += [
        tax_detail(name, key, casts).words.replace("commander ", "") + f" {2 * casts}"
        for key, casts in table.commander_casts.items()
        if casts
    ]
    return words


def words_fitting(pen: Pen, words: list[str], size: float, width: float) -> str:
    """As many whole words as fit in `width`, then "+N" for the rest: "initiative · +2"
    reads better than "initiative · energ…". The first word alone is clipped if need be."""
    for count in range(len(words), 0, -1):
        more = [f"+{len(words) - count}"] if count < len(words) else []
        text = " · ".join([*words[:count], *more])
        if pen.width(text, size) <= width:
            return text
    return pen.fit(" · ".join(words), size, width)
