"""TABLE.md's events as one line of plain text each: what a reply says for counters, the
monarch and the initiative, day and night, the city's blessing, the Ring, commander casts and
rolls ("Ann attacked Cid, the monarch: Ann becomes the monarch")."""

from __future__ import annotations

from totembot.games.magic.language.table_rows import KNOWN_KINDS
from totembot.games.magic.rules.events import (
    BlessingGot,
    CommanderCast,
    CountersChanged,
    DayNightChanged,
    Designated,
    Event,
    Reminded,
    RingTempted,
    Rolled,
)
from totembot.games.magic.rules.state import GameState, Player
from totembot.games.magic.rules.table import RING_ABILITIES

TABLE_EVENTS = (
    CountersChanged,
    BlessingGot,
    Designated,
    DayNightChanged,
    RingTempted,
    CommanderCast,
    Rolled,
    Reminded,
)
TITLES = {"monarch": "the monarch", "initiative": "the initiative"}
ORDINALS = {1: "once", 2: "twice"}


def _counters(event: CountersChanged) -> str:
    """ "Ann gets 3 energy (0 -> 3)", "Cid gets 2 ticket counters (0 -> 2), recorded by Bob"."""
    amount = abs(event.after - event.before)
    kind = event.counter if event.counter in KNOWN_KINDS else f"{event.counter} counters"
    verb = {"get": "gets", "lose": "loses", "pay": "pays"}[event.way]
    text = f"{event.player} {verb} {amount} {kind} ({event.before} -> {event.after})"
    if event.by and event.by != event.player:
        text += f", recorded by {event.by}"
    return text


def _designated(event: Designated) -> str:
    title = TITLES[event.what]
    becomes = "becomes the monarch" if event.what == "monarch" else "takes the initiative"
    if event.cause == "combat":
        return f"{event.player} attacked {event.before}, {title}: {event.player} {becomes}"
    if event.cause == "left":
        return f"{event.before}, {title}, left the game: {event.player} {becomes}"
    if event.cause == "again":
        return f"{event.player} takes the initiative again: venture into the Undercity"
    if event.what == "initiative":
        return f"{event.player} takes the initiative: venture into the Undercity"
    return f"{event.player} becomes the monarch"


def _ring(event: RingTempted) -> str:
    times = ORDINALS.get(event.times, f"{event.times} times")
    text = f"The Ring tempts {event.player} ({times})"
    gained = RING_ABILITIES[: event.times]
    if event.times <= len(RING_ABILITIES):
        return f"{text}: {gained[-1]}"
    return f"{text}: the Ring-bearer has all four abilities"


def _cast(event: CommanderCast) -> str:
    """ "Commander Ann:Tymna cast from the command zone (2nd cast, tax 2); the next costs 4
    more"."""
    earlier = event.casts - 1
    paid = f"tax {2 * earlier}" if earlier else "no tax"
    return (
        f"Commander {event.commander} cast from the command zone ({_nth(event.casts)} cast, "
        f"{paid}); the next cast costs {2 * event.casts} more"
    )


def _nth(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def _rolled(event: Rolled) -> str:
    who = event.by or "The host"
    if event.what == "a coin":
        return f"{who} flipped a coin: {event.results[0]}"
    if event.what == "a player at random":
        return f"{who} chose a player at random: {event.results[0]}"
    results = ", ".join(event.results)
    total = sum(int(result) for result in event.results)
    return f"{who} rolled {event.what}: {results}" + (
        f" (total {total})" if len(event.results) > 1 else ""
    )


def _reminded(event: Reminded) -> str:
    return "Reminder: " + "; ".join(event.reminders)  # `next`, or an attack that moved nothing


def describe_table_event(event: Event) -> str:
    """One short line saying what a TABLE.md event changed."""
    match event:
        case CountersChanged():
            return _counters(event)
        case BlessingGot():
            return f"{event.player} gets the city's blessing for the rest of the game"
        case Designated():
            return _designated(event)
        case DayNightChanged():
            return f"It becomes {event.time}"
        case RingTempted():
            return _ring(event)
        case CommanderCast():
            return _cast(event)
        case Rolled():
            return _rolled(event)
        case Reminded():
            return _reminded(event)
    return str(event)


def _player_table(player: Player) -> str | None:
    """ "Ann: energy 1, rad 1; the city's blessing; the Ring 2; casts Ann 2" or None."""
    parts = []
    if player.counters:
        parts.append(
            ", ".join(f"{kind} {count}" for kind, count in sorted(player.counters.items()))
        )
    if player.city_blessing:
        parts.append("the city's blessing")
    if player.ring:
        parts.append(f"tempted by the Ring {player.ring}")
    if player.commander_casts:
        casts = ", ".join(f"{key} {count}" for key, count in player.commander_casts.items())
        parts.append(f"commander casts {casts}")
    return f"{player.name}: {'; '.join(parts)}" if parts else None


def table_state_lines(state: GameState) -> list[str]:
    """The console's lines for TABLE.md's state, once the game has recorded any of it."""
    if not state.table_lines:
        return []
    held = [
        f"{title} {name}"
        for title, name in (("monarch:", state.monarch), ("initiative:", state.initiative))
        if name is not None
    ]
    if state.day_night is not None:
        held.append(f"it is {state.day_night}")
    lines = [f"  {'; '.join(held)}"] if held else []
    players = [_player_table(player) for player in state.players]
    return lines + [f"  {line}" for line in players if line is not None]
