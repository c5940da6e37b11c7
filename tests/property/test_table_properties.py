"""Random games of every Magic format with TABLE.md's lines among the others: after every
line, a refused line changed nothing; undo right after an accepted line restores the state
before it exactly (a designation moved by an attack or a leave included); designations are
held by players still in; counters stay from 1 to 1,000,000; and at the end the log, rolls
included, replays to the same state and every line written back reads as the same request.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.depth import examples
from totembot.games.magic.language.phrases import format_request, parse_setup
from totembot.games.magic.rules import Game, GameState, RuleViolation, new_game, replay
from totembot.games.magic.rules.intents import UNDO_KEEPING_NUMBERS, Actor, Request
from totembot.games.magic.ruleset import MAGIC

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
SETUPS = (
    "game totem players: Ann, Bob, Cid, Dee",
    "game free-for-all players: Ann, Bob, Cid",
    "game free-for-all players: Ann, Bob, Cid, Dee rules: minions",
    "game grand-melee players: Ann, Bob, Cid, Dee, Eve, Fay, Gus, Hal",
    "game 2hg teams: Ann+Bob, Cid+Dee, Eve+Fay",
    "game emperor teams: Ann+Bob+Cid, Dee+Eve+Fay",
    "game teams teams: Ann+Bob, Cid+Dee",
)
TABLE_PHRASES = (
    "get {k} energy",
    "{p} gets {k} rad",
    "{p} loses {k} rad",
    "pay {k} energy",
    "lose {k} energy",
    "{p} gets {k} ticket counters",
    "each player gets {k} experience",
    "each opponent gets {k} rad",
    "become the monarch",
    "{p} becomes the monarch",
    "take the initiative",
    "{p} takes the initiative",
    "it becomes day",
    "it becomes night",
    "get the city's blessing",
    "{p} gets the city's blessing",
    "the ring tempts you",
    "the ring tempts {p}",
    "cast commander",
    "cast commander Tymna",
    "roll {k}d6",
    "roll d20",
    "flip a coin",
    "choose a player at random",
)
OTHER_PHRASES = (
    "attack {p} for {n}",
    "attack {p} for {n} with commander",
    "deal {n} to {p}",
    "concede",
    "eliminate {p}",
    "win",
    "next",
    "{p}: next",
)
TOTEM_OTHER = ("attack {t} for {n} hitting {p}", "attack {t} for {n}", "concede", "next", "win")
SETTINGS = settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def lines(draw: st.DrawFn, players: tuple[str, ...], totem: bool) -> str:
    other = TOTEM_OTHER if totem else OTHER_PHRASES
    phrase = draw(st.sampled_from(TABLE_PHRASES + other + ("undo",)))
    first, second = draw(st.sampled_from(players)), draw(st.sampled_from(players))
    phrase = phrase.format(
        p=draw(st.sampled_from(players)),
        n=draw(st.sampled_from((1, 3, 20, 40))),
        k=draw(st.integers(1, 4)),
        t=f"{first}-{second}",
    )
    speaker = draw(st.sampled_from((*players, *players, None)))
    if phrase.endswith(": next"):
        return phrase.split(": ")[0] + ": next"
    return f"{speaker}: {phrase}" if speaker else phrase


def undone(game: Game) -> GameState:
    """The state an undo would restore now, on a copy of the history."""
    probe = Game(game.initial, list(game.steps))
    probe.record(Request(actor=Actor(host=True), intent=UNDO_KEEPING_NUMBERS))
    return probe.state


def _check(state: GameState) -> None:
    for holder in (state.monarch, state.initiative):
        if holder is not None:
            seat = state.seat_of(holder)
            assert seat is not None
            assert state.finished or state.players[seat].is_in, holder
    for player in state.players:
        assert all(1 <= count <= 1_000_000 for count in player.counters.values())
        assert all(casts >= 1 for casts in player.commander_casts.values())


@given(st.data())
@settings(SETTINGS)
def test_table_lines_keep_undo_replay_and_refusals_exact(data: st.DataObject) -> None:
    setup = data.draw(st.sampled_from(SETUPS), label="setup")
    commander = data.draw(st.booleans(), label="commander")
    config = parse_setup(setup + (" commander" if commander else ""))
    chance = random.Random(data.draw(st.integers(0, 2**32), label="seed")).randint
    game = Game(new_game(config))
    for _ in range(data.draw(st.integers(1, 25), label="length")):
        line = data.draw(lines(config.players, config.format == "totem"), label="line")
        before = game.state
        try:
            parsed = MAGIC.parse_line(line, game.state)
            assert parsed is not None
            request = parsed.request_as(parsed.speaker, parsed.speaker is None, chance)
            outcome = game.record(request)
        except RuleViolation as error:
            assert game.state == before, f"refused {line!r} changed the state"
            assert str(error).strip() and "\n" not in str(error)
            continue
        if not request.is_undo:
            assert outcome.changed or request.intent.kind not in MAGIC_TABLE_KINDS
            if outcome.changed:
                assert undone(game) == before, f"undo after {line!r} did not restore it"
        _check(game.state)
    requests = [step.request for step in game.steps]
    assert replay(new_game(config), requests).state == game.state
    for written in requests:
        line = format_request(written)
        parsed = MAGIC.parse_line(line, game.state)
        assert parsed is not None
        assert parsed.request_as(written.actor.player, written.actor.host) == written, line


MAGIC_TABLE_KINDS = {
    "get",
    "monarch",
    "initiative",
    "day-night",
    "ring",
    "cast",
    "roll",
    "flip",
    "choose",
}
