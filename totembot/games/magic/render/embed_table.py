"""TABLE.md in the status embed: a crown for the monarch and a castle for the initiative beside
the name, a line under each player for their counters, the city's blessing, the Ring and each
commander's tax, and day or night in the title. A game that never used them shows none."""

from __future__ import annotations

from totembot.games.magic.render.view import PlayerTable, PlayerView, TableView
from totembot.render.markdown import escape_name

MONARCH = "👑 monarch"
INITIATIVE = "🏰 initiative"
BLESSING = "🏙 city's blessing"
RING = "💍"
TAX = "🪙"
TIMES = {"day": "☀ day", "night": "🌙 night"}


def designation_tags(player: PlayerView) -> list[str]:
    """The designations the player holds, in the brackets after their name."""
    table = player.table
    return [tag for tag, held in ((MONARCH, table.monarch), (INITIATIVE, table.initiative)) if held]


def tax_words(player: str, key: str, casts: int, limit: int) -> str:
    """ "🪙 tax 4" for the player's commander, "🪙 Tymna tax 4" for a partner: what the next
    cast from the command zone costs more (2 per earlier cast)."""
    partner = key.split(":", 1)[1] if ":" in key else None
    named = f"{escape_name(partner, limit)} " if partner and key != player else ""
    return f"{TAX} {named}tax {2 * casts}"


def counter_words(counters: dict[str, int], shown: int, limit: int) -> list[str]:
    """ "energy 3", "rad 1", ... the first `shown` kinds, then "+N more" for the rest."""
    kinds = list(counters.items())
    if shown <= 0 and kinds:
        total = sum(counters.values())
        return [f"{len(kinds)} kinds of counters ({total})"]
    words = [f"{escape_name(kind, limit)} {count}" for kind, count in kinds[:shown]]
    if len(kinds) > shown:
        words.append(f"+{len(kinds) - shown} more")
    return words


def table_parts(player: PlayerView, shown: int, limit: int) -> list[str]:
    """What TABLE.md keeps on the player besides the designations, shortest words last."""
    table: PlayerTable = player.table
    parts = counter_words(table.counters, shown, limit)
    if table.city_blessing:
        parts.append(BLESSING)
    if table.ring:
        parts.append(f"{RING} ring {table.ring}")
    parts += [
        tax_words(player.name, key, casts, limit)
        for key, casts in table.commander_casts.items()
        if casts
    ]
    return parts


def table_line(player: PlayerView, shown: int, limit: int, prefix: str = "└ ") -> list[str]:
    """The line under a player, or none when there is nothing on them."""
    parts = table_parts(player, shown, limit)
    return [prefix + " · ".join(parts)] if parts else []


def with_day_night(view: TableView, title: str, limit: int) -> str:
    """The title, then the game's day or night, when there is one and it fits."""
    if view.day_night is None or view.finished:
        return title
    longer = f"{title} · {TIMES[view.day_night]}"
    return longer if len(longer) <= limit else title


def uses_table(view: TableView) -> bool:
    """Whether anything of TABLE.md shows (else the embed is exactly the one before)."""
    return view.day_night is not None or any(player.table for player in view.players)
