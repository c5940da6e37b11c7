"""What an event changed, as one line of plain text: the console's and the bot's replies.

Under Minions & Masters, `describe_lines` tells a fall in one line with the events around it
(whose request it was, the new life the fall set).
"""

from __future__ import annotations

from totembot.games.magic.formats.house.minions import how_of
from totembot.games.magic.formats.ranged import LOST_TO_A_WIN
from totembot.games.magic.language.phrases import format_request
from totembot.games.magic.language.requests import TABLE
from totembot.games.magic.language.row import Fall
from totembot.games.magic.render.table_text import TABLE_EVENTS, describe_table_event
from totembot.games.magic.rules.events import (
    CommanderDamaged,
    DeckNamed,
    Event,
    GameEnded,
    LifeChanged,
    LifeUnchanged,
    LockChanged,
    MarkerMoved,
    MarkerRemoved,
    MinionChanged,
    PendingClosed,
    PendingOpened,
    PlayerLeft,
    PoisonAdded,
    PoolDied,
    TurnPassed,
    Undone,
    WonInRange,
)

# From the request table: the words before whoever changed a life total, by cause ("dealt by")
CAUSE_WORDS = {row.life.cause: row.life.by for row in TABLE if row.life is not None}
# Minions & Masters: what a player fell to, with its controller and without one, by how they
# fell (a request's kind, as the house rule records it)
FALL_WORDS = {how_of(row.kind): row.fall for row in TABLE if row.fall is not None}
KEEPS_LIFE = ("poison", "madness")  # a fall that keeps the life the player had
FALL_ORDINALS = {2: "second", 3: "third"}


def _own(pool: str, player: str | None) -> bool:
    """Whether the life total is the player's own (free-for-all), not a totem or a team's.

    A totem is named `Ann-Bob` and a team `Ann+Bob`: neither can be spelled like one of its
    own players, so the names alone tell, without the format.
    """
    return player is not None and pool == player


def _life(event: LifeChanged) -> str:
    text = f"{event.pool} {event.before} -> {event.after}"
    own = _own(event.pool, event.player)
    if event.cause == "combat" and event.player and not own:
        text += f" (combat damage to {event.player}"
        return text + (f" from {event.by})" if event.by else ")")
    if event.cause == "payment":
        return text + f", paid by {event.player}"
    if event.by:
        text += f", {CAUSE_WORDS[event.cause]} {event.by}"
    elif own and event.cause == "combat":
        text += ", combat damage"
    if event.player and event.by != event.player and not own:
        text += f" (for {event.player})"
    return text


def _unchanged(event: LifeUnchanged) -> str:
    why = "it is locked" if event.reason == "locked" else "the amount came to 0"
    if _own(event.pool, event.player):
        return f"{event.pool}'s life stays as it is: {why}"
    return f"{event.pool} keeps its life: {why}"


def _lock(event: LockChanged) -> str:
    verb = "locked" if event.locked else "unlocked"
    if _own(event.pool, event.by):
        return f"{event.by} {verb} their life"
    return f"{event.pool} {verb} by {event.by}"


def _marker(event: MarkerMoved) -> str:
    """A turn marker passed on when a turn ended, or reaching the player it waited for."""
    marker, player = f"marker {event.number}", event.player
    if event.ended is None:
        if event.waiting:  # the player it waited for left: it waits for the next one
            return f"Marker {event.number} now waits for {player}"
        return f"Marker {event.number} reaches {player}: {player}'s turn"
    if event.waiting:
        return f"{event.ended}'s turn ends: {marker} waits for {player}"
    return f"{event.ended}'s turn ends: {marker} passes to {player}, whose turn starts"


def joined(names: tuple[str, ...]) -> str:
    """ "Bob", "Bob and Cid", "Bob, Cid and Dan"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _fell_to(event: MinionChanged, by: str | None) -> str:
    """What the player fell to: "Ann's damage", "life loss from Ann", "poison"."""
    how = event.how or ""
    with_by, alone = FALL_WORDS.get(how, Fall("{by}'s " + how, how or "a blow"))
    if by is None:
        return alone
    words = with_by.format(by=by)
    return words if by == event.master else f"{words} ({by} serves {event.master})"


def _fall(event: MinionChanged, by: str | None = None) -> str:
    """A fall: whose minion the player becomes, how often they fell, their new life."""
    master = event.master or "nobody"
    if event.how == "madness":
        text = f"{event.player} is driven mad and becomes {master}'s minion"
    else:
        text = f"{event.player} falls to {_fell_to(event, by)} and becomes {master}'s minion"
    if event.times > 1:
        text += f" again ({FALL_ORDINALS.get(event.times, f'fall {event.times}')} fall)"
    if event.how not in KEEPS_LIFE and event.life is not None:
        text += f": life {event.life}"
    return text


def _minion(event: MinionChanged, by: str | None = None, other: str | None = None) -> str:
    """Minions & Masters: a fall, the tables turned, minions passed on or freed.

    `by` is whoever's request made the player fall, `other` the former master of a player who
    turned the tables, or the player whose fall passed their minions on: both are known only
    from the events around this one (`describe_lines`)."""
    if event.cause == "fell":
        return _fall(event, by)
    if event.cause == "turned":
        return f"{event.player} turns the tables: free of {other or 'their master'}"
    if event.cause == "passed":
        why = f" ({other}'s minions pass to {event.master})" if other else ""
        return f"{event.player} now serves {event.master}{why}"
    return f"{event.player} is free: their master left"


def _won_in_range(event: WonInRange) -> str:
    """ "Ann wins by an effect: the opponents in Ann's range, Bob and Dan, lose"."""
    many = len(event.losers) > 1
    who = "opponents" if many else "opponent"
    lose = "lose" if many else "loses"
    return (
        f"{event.player} wins by an effect: the {who} in {event.player}'s range, "
        f"{joined(event.losers)}, {lose}"
    )


def describe_event(event: Event) -> str:
    """One short line saying what changed."""
    match event:
        case MinionChanged():
            return _minion(event)
        case LifeChanged():
            return _life(event)
        case LifeUnchanged():
            return _unchanged(event)
        case PoisonAdded():
            by = f", from {event.by}" if event.by else ""
            return f"{event.holder} poison {event.before} -> {event.after}{by}"
        case CommanderDamaged():
            tally = f"{event.before} -> {event.after}"
            return f"{event.pool} commander damage from {event.commander} {tally}"
        case PoolDied():
            return f"{event.pool} is dead ({', '.join(event.reasons)})"
        case PlayerLeft():
            return f"{event.player} is out: {event.reason}"
        case DeckNamed():
            return f"{event.player} plays {event.deck}"
        case WonInRange():
            return _won_in_range(event)
        case GameEnded():
            if len(event.winners) > 1:  # a team (Totem has one winner at most)
                names = f"{', '.join(event.winners[:-1])} and {event.winners[-1]}"
                return f"Game over: {names} win"
            if event.winners:
                return f"Game over: {event.winners[0]} wins"
            return "Game over: a draw, nobody wins"
        case TurnPassed():
            return f"Turn {event.number}: {event.active}"
        case MarkerMoved():
            return _marker(event)
        case MarkerRemoved():
            why = "one marker for every four players still in"
            if event.ended:
                return f"{event.ended}'s turn ends: marker {event.number} is removed ({why})"
            return f"Marker {event.number} (at {event.player}) is removed: {why}"
        case LockChanged():
            return _lock(event)
        case PendingOpened():
            return (
                f"{event.payer} asks {event.awaiting} to approve paying {event.amount} life "
                f"from {event.pool} (request {event.id}): {event.awaiting}, answer approve or deny"
            )
        case PendingClosed():
            request = f"{event.payer}'s request to pay {event.amount} from {event.pool}"
            if event.outcome == "applied":
                return f"{request} no longer needs consent: the player asked is out"
            return f"{request} was {event.outcome}"
        case Undone():
            return f"Undone: {format_request(event.request)}"
        case _ if isinstance(event, TABLE_EVENTS):
            return describe_table_event(event)
    return str(event)


def _folded(events: list[Event], index: int) -> bool:
    """Whether the event is the new life of a fall, which the fall's own line gives."""
    event, after = events[index], events[index + 1 : index + 2]
    if not isinstance(event, LifeChanged) or event.cause != "set" or not after:
        return False
    fall = after[0]
    return (
        isinstance(fall, MinionChanged)
        and fall.cause == "fell"
        and event.pool == event.player == fall.player
        and event.by == fall.master
        and event.after == fall.life
    )


def _culprit(events: list[Event], index: int, fall: MinionChanged) -> str | None:
    """Whose request made the player fall: the last change to their life (or poison) before
    the fall, in the same request; for poison, only the master (the top giver may differ)."""
    for earlier in range(index - 1, -1, -1):
        event = events[earlier]
        if isinstance(event, MinionChanged) and event.player == fall.player:
            return None  # an earlier fall of theirs: nothing said about this one
        match event:
            case PoisonAdded() if fall.how == "poison" and event.holder == fall.player:
                return event.by if event.by == fall.master else None
            case LifeChanged() if fall.how != "poison" and event.pool == fall.player:
                if not _folded(events, earlier):
                    return event.by
    return None


def _other(events: list[Event], index: int, event: MinionChanged) -> str | None:
    """The former master of a player who turned the tables (the master who falls to them next);
    the player whose fall passed their minions on (the last to fall to the same master)."""
    if event.cause == "turned":
        later = events[index + 1 :]
    elif event.cause == "passed":
        later = list(reversed(events[:index]))
    else:
        return None
    return next(
        (
            other.player
            for other in later
            if isinstance(other, MinionChanged)
            and other.cause == "fell"
            and other.master == (event.player if event.cause == "turned" else event.master)
        ),
        None,
    )


def describe_lines(events: list[Event]) -> list[str]:
    """A line for each event, told with the events around it: a fall's new life goes in the
    fall's own line, which names whose request it was; a win within range names who lost."""
    lines: list[str] = []
    told: set[tuple[str, str]] = set()  # (player, reason) already said by a win within range
    for index, event in enumerate(events):
        if _folded(events, index):
            continue
        if isinstance(event, WonInRange):
            told |= {(loser, LOST_TO_A_WIN.format(name=event.player)) for loser in event.losers}
        elif isinstance(event, PlayerLeft) and (event.player, event.reason) in told:
            continue  # the win's own line names them
        if isinstance(event, MinionChanged):
            by = _culprit(events, index, event) if event.cause == "fell" else None
            lines.append(_minion(event, by, _other(events, index, event)))
        else:
            lines.append(describe_event(event))
    return lines


def describe_events(events: list[Event]) -> str:
    return "; ".join(describe_lines(events)) or "Nothing changed"
