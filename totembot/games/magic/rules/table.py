"""TABLE.md's requests: player counters, the monarch and the initiative, day and night, the
city's blessing, the Ring, commander casts, and dice, coins and random players.

Each handler is pure, like the engine's: chance is drawn by the shell and arrives in the
request (a roll's results), so a replay records the very same line. Every accepted line adds
one to `table_lines`, so that it is a change `undo` can take back even when no figure changes.
"""

from __future__ import annotations

from totembot.games.magic.rules.amounts import check_amount
from totembot.games.magic.rules.errors import RuleViolation, shown
from totembot.games.magic.rules.events import (
    BlessingGot,
    CommanderCast,
    CountersChanged,
    DayNightChanged,
    Designated,
    Event,
    RingTempted,
    Rolled,
)
from totembot.games.magic.rules.formats import Change, format_of
from totembot.games.magic.rules.intents import (
    Actor,
    CastCommander,
    ChooseAtRandom,
    DayNightIs,
    Flip,
    Get,
    Initiative,
    Monarch,
    Request,
    Ring,
    Roll,
)
from totembot.games.magic.rules.life import with_player
from totembot.games.magic.rules.lookup import (
    controller_seat,
    player_name,
    require_participant,
    seat_named,
    speaker_seat,
    target_seat,
)
from totembot.games.magic.rules.state import MAX_AMOUNT, GameState

MAX_DICE = 100
MIN_SIDES, MAX_SIDES = 2, 1000
RING_ABILITIES = (
    "your Ring-bearer is legendary and can't be blocked by creatures with greater power",
    "whenever your Ring-bearer attacks, draw a card, then discard a card",
    "whenever your Ring-bearer becomes blocked by a creature, that creature's controller "
    "sacrifices it at end of combat",
    "whenever your Ring-bearer deals combat damage to a player, each opponent loses 3 life",
)


def counted(state: GameState, events: list[Event]) -> Change:
    """The state with one more table line: every accepted line is a change for undo."""
    return state.model_copy(update={"table_lines": state.table_lines + 1}), events


def _subject(state: GameState, actor: Actor, target: str | None, doing: str, example: str) -> int:
    """The player a line is about: the one named (any player still in, no range), or with the
    bare form the speaker; a host line has no speaker, so its bare form is refused."""
    require_participant(state, actor, doing, example)
    if target is not None:
        return target_seat(state, target)
    if actor.player is None:
        raise RuleViolation(f"A line without a speaker must name the player: '{example}'.")
    return seat_named(state, actor.player)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _check_kind(state: GameState, counter: str) -> None:
    if state.seat_of(counter) is not None:
        raise RuleViolation(
            f"{shown(counter)} is a player's name, not a kind of counter: choose another word."
        )


def _change_counters(
    state: GameState, seat: int, intent: Get, by: int | None
) -> tuple[GameState, CountersChanged]:
    """Add or remove one player's counters of one kind; refused beyond 1,000,000 or below 0."""
    assert intent.counter is not None
    player = state.players[seat]
    before = player.counters.get(intent.counter, 0)
    after = before + (intent.amount if intent.way == "get" else -intent.amount)
    if after > MAX_AMOUNT:
        raise RuleViolation(
            f"{player.name} would have {after:,} {intent.counter} counters: at most 1,000,000."
        )
    if after < 0:
        raise RuleViolation(f"{player.name} has {plural(before, intent.counter + ' counter')}.")
    counters = {kind: count for kind, count in player.counters.items() if kind != intent.counter}
    if after:
        counters[intent.counter] = after
    state = with_player(state, seat, counters=counters)
    by_name = player_name(state, by) if by is not None else None
    event = CountersChanged(
        player=player.name,
        counter=intent.counter,
        before=before,
        after=after,
        way=intent.way,
        by=by_name,
    )
    return state, event


def _counter_seats(state: GameState, request: Request, intent: Get) -> tuple[list[int], int | None]:
    """Whose counters change, and the controller who records it (None: the host): `pay` is
    the speaker's own; the others reach any player still in, within the controller's range."""
    if intent.way == "pay":
        payer = speaker_seat(state, request.actor, "pay counters", "Ann: pay 2 energy")
        return [payer], payer
    controller = _recorder(state, request.actor, f"Ann: {_said(intent)}")
    if intent.each is not None:
        return _each(state, controller, intent.each == "opponent"), controller
    if intent.target is None:
        if controller is None:
            raise RuleViolation(
                f"A line without a speaker must name the player: 'Bob {_said(intent)}'."
            )
        return [controller], controller
    target = target_seat(state, intent.target)
    if controller is not None:
        refusal = format_of(state).reach_refusal(state, controller, target)
        if refusal is not None:
            raise RuleViolation(refusal)
    return [target], controller


def _recorder(state: GameState, actor: Actor, example: str) -> int | None:
    """The seat of the player who records counters, or None for the host (no range)."""
    if actor.player is None:
        require_participant(state, actor, "record counters", example)
        return None
    return controller_seat(state, actor)


def _said(intent: Get) -> str:
    """The line's words after the player: `gets 2 energy`."""
    verb = {"get": "gets", "lose": "loses", "pay": "pays"}[intent.way]
    return f"{verb} {intent.amount} {intent.counter}"


def _each(state: GameState, controller: int | None, opponents: bool) -> list[int]:
    """Each player (or opponent) still in that the controller reaches, in every format, Totem
    included (FORMATS.md's "each": an opponent is no teammate); no one is skipped for a lock."""
    if controller is None and opponents:
        raise RuleViolation(
            "'each opponent' needs a speaker: opponent of whom? Start the line with a name."
        )
    game_format = format_of(state)
    chosen = state.players_in()
    if controller is not None and opponents:
        side = game_format.team_name(state, controller)
        chosen = [
            seat
            for seat in chosen
            if seat != controller and (side is None or game_format.team_name(state, seat) != side)
        ]
    if controller is None:
        return chosen
    reached = [
        seat for seat in chosen if game_format.reach_refusal(state, controller, seat) is None
    ]
    if chosen and not reached:
        raise RuleViolation(f"No one {player_name(state, controller)} could reach is in range.")
    return reached


def get(state: GameState, request: Request, intent: Get) -> Change:
    """Counters (get, lose, pay, each), or the city's blessing."""
    if intent.counter is None:
        return _blessing(state, request, intent)
    check_amount(intent.amount, "number of counters")
    _check_kind(state, intent.counter)
    seats, controller = _counter_seats(state, request, intent)
    events: list[Event] = []
    for seat in seats:
        state, event = _change_counters(state, seat, intent, controller)
        events.append(event)
    return counted(state, events)


def _blessing(state: GameState, request: Request, intent: Get) -> Change:
    example = "Ann gets the city's blessing"
    seat = _subject(state, request.actor, intent.target, "record the city's blessing", example)
    player = state.players[seat]
    if player.city_blessing:
        raise RuleViolation(f"{player.name} already has the city's blessing.")
    state = with_player(state, seat, city_blessing=True)
    return counted(state, [BlessingGot(player=player.name)])


def monarch(state: GameState, request: Request, intent: Monarch) -> Change:
    example = "Ann becomes the monarch"
    seat = _subject(state, request.actor, intent.target, "record the monarch", example)
    name = player_name(state, seat)
    if state.monarch is not None and state.monarch.casefold() == name.casefold():
        raise RuleViolation(f"{name} is already the monarch.")
    event = Designated(what="monarch", player=name, before=state.monarch)
    return counted(state.model_copy(update={"monarch": name}), [event])


def initiative(state: GameState, request: Request, intent: Initiative) -> Change:
    """Taking the initiative again is accepted: the player ventures again."""
    example = "Ann takes the initiative"
    seat = _subject(state, request.actor, intent.target, "record the initiative", example)
    name = player_name(state, seat)
    again = state.initiative is not None and state.initiative.casefold() == name.casefold()
    event = Designated(
        what="initiative",
        player=name,
        before=state.initiative,
        cause="again" if again else "given",
    )
    return counted(state.model_copy(update={"initiative": name}), [event])


def day_night(state: GameState, request: Request, intent: DayNightIs) -> Change:
    require_participant(state, request.actor, "record day or night", "Ann: it becomes night")
    if state.day_night == intent.time:
        raise RuleViolation(f"It is already {intent.time}.")
    state = state.model_copy(update={"day_night": intent.time})
    return counted(state, [DayNightChanged(time=intent.time)])


def ring(state: GameState, request: Request, intent: Ring) -> Change:
    example = "the ring tempts Ann"
    seat = _subject(state, request.actor, intent.target, "record the Ring's temptation", example)
    times = state.players[seat].ring + 1
    state = with_player(state, seat, ring=times)
    return counted(state, [RingTempted(player=player_name(state, seat), times=times)])


def commander_key(state: GameState, seat: int, name: str | None) -> str:
    """`Ann` or `Ann:Tymna`, spelled as first written in this game (combat or casts)."""
    key = player_name(state, seat) + (f":{name}" if name else "")
    known = (*state.commanders, *state.players[seat].commander_casts)
    for written in known:
        if written.casefold() == key.casefold():
            return written
    return key


def cast_commander(state: GameState, request: Request, intent: CastCommander) -> Change:
    if not state.config.commander:
        raise RuleViolation("This is not a commander game, so there is no commander to cast.")
    seat = speaker_seat(state, request.actor, "cast their commander", "Ann: cast commander")
    key = commander_key(state, seat, intent.name)
    casts = dict(state.players[seat].commander_casts)
    casts[key] = casts.get(key, 0) + 1
    state = with_player(state, seat, commander_casts=casts)
    return counted(state, [CommanderCast(commander=key, casts=casts[key])])


def _roller(state: GameState, request: Request, what: str) -> str | None:
    require_participant(state, request.actor, what, f"Ann: {what}")
    return request.actor.player and player_name(state, seat_named(state, request.actor.player))


NO_RESULT = "Nothing was drawn for this {what}: the console or the bot draws it as it records."


def roll(state: GameState, request: Request, intent: Roll) -> Change:
    if not 1 <= intent.dice <= MAX_DICE:
        raise RuleViolation(f"Roll from 1 to {MAX_DICE} dice at once, not {intent.dice}.")
    if not MIN_SIDES <= intent.sides <= MAX_SIDES:
        raise RuleViolation(
            f"A die has from {MIN_SIDES} to {MAX_SIDES:,} sides, not {intent.sides:,}."
        )
    by = _roller(state, request, "roll dice")
    if not intent.results:
        raise RuleViolation(NO_RESULT.format(what="roll"))
    if len(intent.results) != intent.dice or not all(
        1 <= result <= intent.sides for result in intent.results
    ):
        raise RuleViolation(
            f"{intent.dice}d{intent.sides} gives {plural(intent.dice, 'result')} from 1 to "
            f"{intent.sides}."
        )
    shown_results = tuple(str(result) for result in intent.results)
    return counted(state, [Rolled(by=by, what=_dice(intent), results=shown_results)])


def _dice(intent: Roll) -> str:
    """ "2d6", or "d20" for one die, as people say it."""
    return f"{intent.dice if intent.dice > 1 else ''}d{intent.sides}"


def flip(state: GameState, request: Request, intent: Flip) -> Change:
    by = _roller(state, request, "flip a coin")
    if intent.result is None:
        raise RuleViolation(NO_RESULT.format(what="coin"))
    return counted(state, [Rolled(by=by, what="a coin", results=(intent.result,))])


def choose(state: GameState, request: Request, intent: ChooseAtRandom) -> Change:
    by = _roller(state, request, "choose a player at random")
    if intent.result is None:
        raise RuleViolation(NO_RESULT.format(what="choice"))
    chosen = player_name(state, target_seat(state, intent.result))
    return counted(state, [Rolled(by=by, what="a player at random", results=(chosen,))])
