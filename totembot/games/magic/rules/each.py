"""Effects on each player at once (Earthquake, Flame Rift): one request, everyone together, so
that the last players can lose at once. A locked life total is skipped (a change of 0)."""

from __future__ import annotations

from totembot.games.magic.rules.amounts import check_amount
from totembot.games.magic.rules.events import Event, LifeUnchanged
from totembot.games.magic.rules.formats import Change, format_of
from totembot.games.magic.rules.intents import Each, LifeCause, Request
from totembot.games.magic.rules.life import change_life
from totembot.games.magic.rules.lookup import controller_seat, player_name, pool_name, speaker_seat
from totembot.games.magic.rules.state import GameState

EACH_CAUSE: dict[str, LifeCause] = {"damage": "damage", "lose": "loss", "gain": "gain"}


def each_player(state: GameState, request: Request, intent: Each) -> Change:
    """One effect on every player reached at once; a locked life total is skipped."""
    check_amount(
        intent.amount, {"damage": "damage", "lose": "life loss", "gain": "life gain"}[intent.effect]
    )
    if intent.effect == "damage":
        source: int | None = speaker_seat(
            state, request.actor, "deal damage", "Ann: deal 1 to each player"
        )
    else:
        source = controller_seat(state, request.actor)
    game_format = format_of(state)
    delta = intent.amount if intent.effect == "gain" else -intent.amount
    cause = EACH_CAUSE[intent.effect]
    events: list[Event] = []
    for seat in game_format.each_targets(state, source, intent.opponents):
        pool = game_format.pool_for(state, seat, source, None)
        if state.pools[pool].locked:
            skipped = LifeUnchanged(
                pool=pool_name(state, pool),
                player=player_name(state, seat),
                cause=cause,
                reason="locked",
            )
            events.append(skipped)
            continue
        state, changed = change_life(state, pool, seat, delta, cause, source)
        events += changed
    return state, events
