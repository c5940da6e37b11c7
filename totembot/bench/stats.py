"""`totembot bench`'s statistics figures: `/totem stats` and `/totem leaderboard` over a
database of many finished games, the first time (each game's results are made) and after."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from totembot.core import GameConfig, GameState
from totembot.core.ruleset import Ruleset
from totembot.core.story import Step
from totembot.games.registry import parse_setup, ruleset_of
from totembot.reports.stats import by_account, player_stats
from totembot.store import NewGame, Seat, open_store

# Finished games of several formats, each ended by a short script.
ENDINGS = (
    ("game free-for-all players: {0}, {1}, {2}", ["{0}: deal 20 to {1}", "{0}: deal 20 to {2}"]),
    ("game totem players: {0}, {1}, {2}, {3}", ["{1}: concede", "{2}: concede", "{3}: concede"]),
    ("game two-headed-giant teams: {0}+{1}, {2}+{3}", ["{0}: deal 40 to {2}"]),
    ("game free-for-all players: {0}, {1}, {2}", ["{0}: deal 20 to each player"]),  # a draw
)
MEMBERS = 60
GUILDS = 4
ROUNDS = 5


@dataclass(frozen=True)
class StatsFigures:
    games: int
    first_ms: float  # the first statistics after the games finished without their results
    all_ms: float  # the whole database's leaderboard, results already made (median)
    guild_ms: float  # one server's statistics (median)


@dataclass(frozen=True)
class Played:
    """Game `index + 1` of the bench: its setup played through its ending script."""

    config: GameConfig
    ruleset: Ruleset
    state: GameState
    steps: list[Step]


def played(index: int) -> Played:
    setup, lines = ENDINGS[index % len(ENDINGS)]
    members = [f"P{(index * 7 + k * 13) % MEMBERS}" for k in range(4)]
    config = parse_setup(setup.format(*members))
    ruleset = ruleset_of(config.format)
    state = ruleset.new_game(config)
    steps: list[Step] = []
    for seq, line in enumerate(lines, start=1):
        parsed = ruleset.parse_line(line.format(*members), state)
        assert parsed is not None
        request = parsed.request_as(parsed.speaker, parsed.speaker is None)
        outcome = ruleset.record(state, request)
        state = outcome.state
        steps.append(Step(seq, request, state, tuple(outcome.events), "", ""))
    return Played(config, ruleset, state, steps)


def finished_game(index: int) -> NewGame:
    game = played(index)
    config, state = game.config, game.state
    seats = tuple(Seat(display_name=name, user_id=name[1:]) for name in config.players)
    return NewGame(
        channel_id=f"old-{index}",
        host="bench",
        config=config,
        initial=state,
        seats=seats,
        created_at="2026-01-01T20:00:00+00:00",
        guild_id=f"guild-{index % GUILDS}",
    )


async def measure_stats(database: str | Path, games: int) -> StatsFigures:
    """Statistics over `games` finished games stored in `database`, a fresh one: the first
    call (which answers with the results made so far and starts making the others: see
    `bench/backlog.py`), then the calls once every game's results are made."""
    store = await open_store(database)
    try:
        await store.create_games(
            [finished_game(index) for index in range(games)], status="finished"
        )
        started = time.perf_counter()
        player_stats(await store.results(), by_account)
        first = time.perf_counter() - started
        await store.backlog.wait()
        everything, one_guild = [], []
        for _ in range(ROUNDS):
            started = time.perf_counter()
            player_stats(await store.results(), by_account)
            everything.append(time.perf_counter() - started)
            started = time.perf_counter()
            player_stats(await store.results("guild-1"), by_account)
            one_guild.append(time.perf_counter() - started)
    finally:
        await store.close()
    return StatsFigures(
        games=games,
        first_ms=round(first * 1000, 1),
        all_ms=round(statistics.median(everything) * 1000, 1),
        guild_ms=round(statistics.median(one_guild) * 1000, 1),
    )
