"""TABLE.md, "Dice, coins and choosing at random": the rules draw nothing; the shell draws when
it records a line (`request_as(..., chance)`), and the result stays in the request, so a replay
records the same line. Played with a fixed `chance`, so every result is known by hand."""

from __future__ import annotations

import pytest

from tests.formats.tables import accepted, play, refused, script
from totembot.core.game import Chance
from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import format_request, parse_line, parse_setup
from totembot.games.magic.render.text import describe_events
from totembot.games.magic.rules import Game, RuleViolation, new_game, replay
from totembot.games.magic.ruleset import MAGIC

FFA = "game free-for-all players: Ann, Bob, Cid"
TOTEM = "game totem players: Ann, Bob, Cid"


def highest(low: int, high: int) -> int:
    return high


def lowest(low: int, high: int) -> int:
    return low


def drawn(setup: str, lines: list[str], chance: Chance) -> tuple[Game, list[str]]:
    """The game after the lines, each drawn with `chance` as the console draws, and the
    replies."""
    config = parse_setup(setup)
    game = Game(new_game(config))
    replies = []
    for line in lines:
        parsed = MAGIC.parse_line(line, game.state)
        assert parsed is not None
        request = parsed.request_as(parsed.speaker, parsed.speaker is None, chance)
        replies.append(describe_events(game.record(request).events))
    return game, replies


def test_the_shell_draws_the_result_and_the_reply_shows_it() -> None:
    _game, replies = drawn(FFA, ["Ann: roll 2d6", "Bob: roll d20", "flip a coin"], highest)
    assert replies == [
        "Ann rolled 2d6: 6, 6 (total 12)",
        "Bob rolled d20: 20",
        "The host flipped a coin: heads",
    ]
    _game, replies = drawn(FFA, ["Cid: flip a coin"], lowest)
    assert replies == ["Cid flipped a coin: tails"]


def test_a_random_player_is_one_still_in() -> None:
    _game, replies = drawn(FFA, ["Cid: concede", "Ann: choose a player at random"], highest)
    assert replies[-1] == "Ann chose a player at random: Bob"  # Ann, Bob in; the last drawn
    _game, replies = drawn(FFA, ["choose a player at random"], lowest)
    assert replies == ["The host chose a player at random: Ann"]


def test_the_result_is_kept_in_the_request_and_replays_the_same() -> None:
    game, _ = drawn(
        FFA, ["Ann: roll 3d8", "flip a coin", "Bob: choose a player at random"], highest
    )
    lines = [format_request(step.request) for step in game.steps]
    assert lines == [
        "Ann: roll 3d8 giving 8 8 8",
        "flip a coin giving heads",
        "Bob: choose a player at random giving Cid",
    ]
    again = replay(new_game(parse_setup(FFA)), [step.request for step in game.steps])
    assert again.state == game.state
    assert [step.events for step in again.steps] == [step.events for step in game.steps]


def test_rolls_change_nothing_else_but_each_is_one_change_for_undo() -> None:
    before = play(FFA + "\nAnn: get 1 rad")
    after = play(
        script(FFA, "Ann: get 1 rad", "Ann: roll 2d6 giving 1 2", "flip a coin giving tails")
    )
    assert after == before
    game, _ = drawn(FFA, ["Ann: roll d6", "Ann: roll d6"], highest)
    assert len(game.steps) == 2
    undone = game.record(MAGIC.parse_line("undo", game.state).request(True))  # type: ignore[union-attr]
    assert undone.changed and len(game.steps) == 1


def test_a_line_the_shell_drew_nothing_for_is_refused() -> None:
    assert "Nothing was drawn" in refused(FFA, "Ann: roll d20")
    assert "Nothing was drawn" in refused(FFA, "Ann: flip a coin")
    assert "Nothing was drawn" in refused(FFA, "choose a player at random")


@pytest.mark.parametrize(
    "line",
    [
        "Ann: roll 0d6 giving 1",
        "Ann: roll 101d6 giving 1",
        "Ann: roll d1 giving 1",
        "Ann: roll d1001 giving 1",
        "Ann: roll 2d6 giving 3",
        "Ann: roll 2d6 giving 7 1",
        "Ann: roll 2d6 giving 0 1",
        "Ann: flip a coin giving edge",
        "Ann: roll 6",
        "Ann: flip coin",
    ],
)
def test_a_roll_out_of_bounds_is_refused(line: str) -> None:
    refused(FFA, line)


def test_the_bounds_themselves_are_accepted() -> None:
    accepted(FFA, "Ann: roll 100d2 giving " + " ".join(["2"] * 100), "Ann: roll d1000 giving 1000")


def test_a_chosen_player_must_be_still_in() -> None:
    assert "out of the game" in refused(FFA, "Bob: concede", "choose a player at random giving Bob")


def test_any_player_still_in_or_the_host_rolls_and_totem_too() -> None:
    accepted(TOTEM, "Cid: roll d6 giving 4", "roll d6 giving 1")
    assert "out of the game" in refused(FFA, "Bob: concede", "Bob: roll d6 giving 4")


def test_the_rules_import_no_chance() -> None:
    with pytest.raises(RuleViolation):
        request = parse_line("Ann: roll d6", format_named("free-for-all").language)
        assert request is not None
        Game(new_game(parse_setup(FFA))).record(request.request(True))
