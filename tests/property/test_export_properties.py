"""Random games of every format, stored through the service: the export plays back in the
console to exactly the stored state, with nothing refused (issue 16).

Lines come from the other property tests' generators (Totem's with names and keywords in any
case, totems named every way; Totemic's for matches and solo ladders) and from a generator of
every phrase of the other formats. Each line is recorded as the console records it or, half
the time when the first player says it or nobody does, as Discord's host who also plays
(`Actor(player=first player, host=True)`), which no console line records. Undo comes often,
and more often once a game is over, so that games end, are taken back and go on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.depth import examples
from tests.property import test_rules_properties as totem_lines
from tests.property import test_totemic_properties as totemic_lines
from tests.test_export import console_json
from totembot.core import GameState
from totembot.core.errors import RuleViolation
from totembot.games.registry import parse_setup, ruleset_of
from totembot.reports.export import export_game
from totembot.service import GameService
from totembot.store import open_store

SETTINGS = settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
EXTRAS = ("", " commander", " life: 7", " life: 9 commander")
SETUPS = (
    "game free-for-all players: Ann, Bob, Cid{x}",
    "game free-for-all players: Ann, Bob, Cid, Dan{x} rules: sorcery-concede",
    "game grand-melee players: Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal, Ivy{x}",
    "game grand-melee players: Ann, Bob, Cid, Dan, Eve{x} rules: minions",
    "game two-headed-giant teams: Ann+Bob, Cid+Dan{x}",
    "game two-headed-giant teams: Ann+Bob+Cid, Dan+Eve+Fay, Gus+Hal+Ivy{x}",
    "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay{x}",
    "game teams teams: Ann+Bob, Cid+Dan, Eve+Fay{x} rules: sorcery-concede",
    "game free-for-all players: Ann, Bob, Cid, Dan{x} rules: minions, madness-minions",
    "game free-for-all players: Ann, Bob, Cid, Dan{x} rules: minions, poison-minions",
)
PHRASES = (
    "deal {n} to {p}",
    "{p} loses {n}",
    "{p} gains {n}",
    "lose {n}",
    "gain {n}",
    "pay {n}",
    "poison {k} to {p}",
    "attack {p} for {n}",
    "attack {p} for {n} with commander",
    "attack {p} for {n} with commander Tymna",
    "set {p} life to {v}",
    "halve {p}",
    "deal {n} to each player",
    "deal {n} to each opponent",
    "each player loses {n}",
    "each opponent gains {n}",
    "lock",
    "unlock",
    "concede",
    "concede {p}",
    "eliminate {p}",
    "eliminate {p} by {q}",
    "remove {p}",
    "win",
    "next",
    "next",
    "next",
    "next {p}",
    "undo",
    "undo",
)

LineMaker = Callable[[st.DataObject, Any], str]


def format_line(data: st.DataObject, state: Any) -> str:
    """A line of any phrase of the formats but Totem, said by anyone (or nobody)."""
    players = tuple(player.name for player in state.players)
    phrase = data.draw(st.sampled_from(PHRASES), label="phrase").format(
        p=data.draw(st.sampled_from((*players, "Zed")), label="target"),
        q=data.draw(st.sampled_from(players), label="by"),
        n=data.draw(st.integers(1, 12), label="amount"),
        k=data.draw(st.integers(1, 6), label="poison"),
        v=data.draw(st.integers(-3, 30), label="value"),
    )
    speaker = data.draw(st.sampled_from((*players, *players, None, "Zed")), label="speaker")
    return f"{speaker}: {phrase}" if speaker else phrase


def totem_line(data: st.DataObject, state: Any) -> str:
    """A line of Totem's generator; now and then a numbered answer to a waiting payment (what
    Discord's consent buttons record)."""
    if state.pending and data.draw(st.booleans(), label="answer by number"):
        pending = data.draw(st.sampled_from(state.pending), label="pending")
        answer = data.draw(st.sampled_from(("approve", "deny")), label="answer")
        return f"{pending.awaiting}: {answer} {pending.id}"
    return str(data.draw(totem_lines.lines(state), label="line").text)


def totemic_line(data: st.DataObject, state: Any) -> str:
    return str(data.draw(totemic_lines.lines(state), label="line"))


async def play_export_and_replay(data: st.DataObject, setup: str, make: LineMaker) -> None:
    config = parse_setup(setup)
    ruleset = ruleset_of(config.format)
    host = config.players[0]
    store = await open_store(":memory:")
    try:
        service = GameService(store)
        game = await service.start("table", "host", config)
        state: GameState = game.state
        reopened = False
        for _ in range(data.draw(st.integers(1, 45), label="length")):
            over = state.finished and data.draw(st.booleans(), label="undo the end")
            text = "undo" if over else make(data, state)
            try:
                parsed = ruleset.parse_line(text, state)
            except RuleViolation:
                continue
            if parsed is None:
                continue
            as_host = parsed.speaker in (None, host) and data.draw(st.booleans(), label="host")
            if as_host:  # Discord's host who also plays
                request = parsed.request_as(host, True)
            else:
                request = parsed.request_as(parsed.speaker, parsed.speaker is None)
            try:
                after = (await service.record("table", request, "tester")).state
            except RuleViolation:
                continue
            event(f"accepted: {parsed.kind}" + (" by the host who plays" if as_host else ""))
            if reopened and not request.is_undo:
                event("an undo took back the end of the game, and play went on")
            reopened = state.finished and not after.finished
            state = after
        stored = await store.load(game.id)
        log = await store.events(game.id)
    finally:
        await store.close()
    script = export_game(stored, log)
    played, recorded = await console_json(script)
    assert played == ruleset.state_json(stored.state), script
    assert recorded == len(log)
    event(f"the game is {'over' if stored.state.finished else 'going on'}")


@given(data=st.data(), setup=st.sampled_from(SETUPS), extra=st.sampled_from(EXTRAS))
@SETTINGS
def test_random_games_of_every_format_export_and_play_back_to_the_same_state(
    data: st.DataObject, setup: str, extra: str
) -> None:
    asyncio.run(play_export_and_replay(data, setup.format(x=extra), format_line))


@given(data=st.data())
@settings(SETTINGS, max_examples=examples(80))
def test_random_totem_games_export_and_play_back_to_the_same_state(data: st.DataObject) -> None:
    setup, _config = data.draw(totem_lines.setups(most=5), label="setup")
    asyncio.run(play_export_and_replay(data, setup, totem_line))


@given(data=st.data(), setup=totemic_lines.setups())
@settings(SETTINGS, max_examples=examples(80))
def test_random_totemic_games_export_and_play_back_to_the_same_state(
    data: st.DataObject, setup: str
) -> None:
    asyncio.run(play_export_and_replay(data, setup, totemic_line))
