"""TABLE.md's lines recorded through `/do` (as the bot records them, its dice drawn by the bot)
are written back by `totembot export`, rolls with their results, so the console replays the
export to the very stored state; and a roll's reply through /do says what was rolled."""

from __future__ import annotations

import re

from tests.test_export import ANN, BOB, assert_round_trip, discord_game, said
from totembot.games.registry import ruleset_of
from totembot.service import GameService
from totembot.store import GameStore


async def test_a_discord_game_with_table_lines_exports_and_replays_rolls_included(
    store: GameStore,
) -> None:
    service = GameService(store)
    game = await discord_game(service)
    steps = [
        said(ANN, "roll 3d6"),
        said(BOB, "flip a coin"),
        said(ANN, "choose a player at random", speaker="Cid"),
        said(BOB, "get 3 energy"),
        said(BOB, "pay 2 energy"),
        said(ANN, "Bob becomes the monarch"),
        said(ANN, "attack Ann_Arbor-Bob for 3 hitting Bob", speaker="Cid"),  # Cid takes the crown
        said(BOB, "take the initiative"),
        said(ANN, "it becomes night"),
        said(ANN, "the ring tempts you"),
        said(ANN, "cast commander Tymna"),
        said(ANN, "concede Cid"),  # the host concedes for Cid: the active player takes it
        said(BOB, "undo"),
        said(BOB, "each opponent gets 1 rad"),
    ]
    replies = []
    for step in steps:
        recorded = await service.record("discord", step, "discord-user")
        replies.append(ruleset_of(recorded.state.config.format).describe_events(recorded.events))
    assert re.fullmatch(r"Ann_Arbor rolled 3d6: [1-6], [1-6], [1-6] \(total \d+\)", replies[0])
    assert re.fullmatch(r"Bob flipped a coin: (heads|tails)", replies[1])
    assert replies[6].endswith("Cid attacked Bob, the monarch: Cid becomes the monarch")
    assert replies[11].endswith("Cid, the monarch, left the game: Ann_Arbor becomes the monarch")
    script = await assert_round_trip(store, game.id)
    body = script.splitlines()[2:]
    assert re.fullmatch(r"Ann_Arbor: roll 3d6 giving [1-6] [1-6] [1-6]", body[0])
    assert re.fullmatch(r"Bob: flip a coin giving (heads|tails)", body[1])
    assert re.fullmatch(r"Cid: choose a player at random giving \w+", body[2])
    assert body[3:] == [
        "Bob: get 3 energy",
        "Bob: pay 2 energy",
        "Ann_Arbor: Bob becomes the monarch",
        "Cid: attack Ann_Arbor-Bob for 3 hitting Bob",
        "Bob: take the initiative",
        "Ann_Arbor: it becomes night",
        "Ann_Arbor: the ring tempts you",
        "Ann_Arbor: cast commander Tymna",
        "concede Cid",
        "Bob: undo",
        "Bob: each opponent gets 1 rad",
    ]
