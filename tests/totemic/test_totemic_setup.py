"""Totemic's setup lines, as TOTEMIC.md "Setup" settles them, with every bound and error.

Every expected figure is worked out by hand from TOTEMIC.md (and RULES.md for names and bad
input); the comment on each row names the sentence it checks.
"""

from __future__ import annotations

import pytest

from tests.totemic.script import SOLO, TWO, holder, play, powers, rivals
from totembot.core.errors import RuleViolation
from totembot.games.totemic.language.phrases import format_setup, parse_setup
from totembot.games.totemic.rules.game import new_game
from totembot.games.totemic.rules.state import Rival, TotemicConfig

DEFAULT_LEVELS = (5, 10, 15, 20, 25, 30)


def set_up(line: str) -> object:
    """The opening state of a setup line (raises RuleViolation when the line is refused)."""
    return new_game(parse_setup(line))


# --- the two lines and their defaults ----------------------------------------------------


def test_the_two_player_line_reads_players_and_powers_with_the_default_totem() -> None:
    config = parse_setup(TWO)
    assert config.format == "totemic"
    assert tuple(config.players) == ("Ann", "Bob")
    assert tuple(config.power) == (26, 30)
    # "default `5, 10, 15, 20, 25, 30`"; "`match: 1` is one game" (when not given)
    assert tuple(config.levels) == DEFAULT_LEVELS
    assert config.match == 1
    assert tuple(config.rivals) == ()


def test_the_full_two_player_line_of_the_contract_is_read() -> None:
    config = parse_setup(
        "game totemic players: Ann, Bob power: 26, 30 levels: 5, 10, 15, 20, 25, 30 match: 3"
    )
    assert tuple(config.levels) == DEFAULT_LEVELS
    assert config.match == 3


def test_the_solo_line_reads_the_rivals_from_the_bottom_of_the_hierarchy_up() -> None:
    config = parse_setup(SOLO)
    assert config.format == "totemic-solo"
    assert tuple(config.players) == ("Ann",)
    assert tuple(config.power) == (26,)
    assert tuple(config.rivals) == (
        Rival(name="Badger", power=28),
        Rival(name="Bat", power=20),
        Rival(name="Wolf", power=25),
    )
    assert tuple(config.levels) == DEFAULT_LEVELS


def test_the_config_defaults_are_the_contracts() -> None:
    config = TotemicConfig(format="totemic", players=("Ann", "Bob"), power=(26, 30))
    assert tuple(config.levels) == DEFAULT_LEVELS
    assert config.match == 1
    assert tuple(config.rivals) == ()


@pytest.mark.parametrize(
    ("line", "levels"),
    [
        ("game totemic players: Ann, Bob power: 26, 30 levels: 2, 4", (2, 4)),
        ("game totemic players: Ann, Bob power: 26, 30 levels: 1, 1000", (1, 1000)),
        ("game totemic players: Ann, Bob power: 26, 30 levels: 3, 6, 9, 12", (3, 6, 9, 12)),
        ("game totemic-solo players: Ann power: 9 rivals: Bat 20 levels: 4, 8", (4, 8)),
    ],
)
def test_levels_set_the_totem_and_the_first_is_the_level_at_the_start(
    line: str, levels: tuple[int, ...]
) -> None:
    # "`levels:` are the totem's levels, rising, from the first (the level at the start of
    # every turn) to the last"
    assert tuple(parse_setup(line).levels) == levels
    assert play(line)["level"] == levels[0]


# --- starting dominance and the first player -----------------------------------------------


@pytest.mark.parametrize(
    ("line", "dominance", "first"),
    [
        # "Dominance starts with the player whose animal has more power"
        (TWO, "Bob", "Ann"),
        ("game totemic players: Ann, Bob power: 30, 26", "Ann", "Bob"),
        ("game totemic players: Ann, Bob power: 1, 1000", "Bob", "Ann"),
        # "on a tie, with the second player"
        ("game totemic players: Ann, Bob power: 20, 20", "Bob", "Ann"),
        ("game totemic players: Bob, Ann power: 20, 20", "Ann", "Bob"),
        # solo: the rival is the second animal; "a tie: to the rival"
        (SOLO, "Badger", "Ann"),
        ("game totemic-solo players: Ann power: 30 rivals: Badger 28", "Ann", "Badger"),
        ("game totemic-solo players: Ann power: 28 rivals: Badger 28", "Badger", "Ann"),
    ],
)
def test_dominance_starts_with_more_power_and_the_other_player_takes_the_first_turn(
    line: str, dominance: str, first: str
) -> None:
    # "The player **without** dominance takes the first turn."
    state = play(line)
    assert holder(state) == dominance
    assert state["turn"] == {"number": 1, "active": first, "action": None}


def test_a_two_player_game_opens_with_both_powers_at_their_start() -> None:
    state = play("game totemic players: Cid, Dee power: 1, 1000")
    assert powers(state) == {"Cid": 1, "Dee": 1000}
    assert state["status"] == "active" and state["winners"] == []


def test_a_solo_game_opens_against_the_first_rival() -> None:
    # "the first rival is the first confrontation"
    state = play(SOLO)
    assert powers(state) == {"Ann": 26, "Badger": 28}
    assert rivals(state) == {"Badger": "current", "Bat": "ahead", "Wolf": "ahead"}
    assert state["solo"]["confrontation"] == 1


@pytest.mark.parametrize(("match", "games"), [(1, 1), (3, 3), (5, 5), (7, 7), (9, 9)])
def test_match_is_an_odd_number_from_one_to_nine(match: int, games: int) -> None:
    state = play(f"{TWO} match: {match}")
    assert state["match"] == {"games": games, "game": 1, "wins": {"Ann": 0, "Bob": 0}}


# --- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        # "`totemic`: exactly two players"
        "game totemic players: Ann power: 26",
        "game totemic players: Ann, Bob, Cid power: 26, 30, 20",
        # "`power:` gives each animal's starting power in the same order"
        "game totemic players: Ann, Bob",
        "game totemic players: Ann, Bob power: 26",
        "game totemic players: Ann, Bob power: 26, 30, 20",
        "game totemic players: Ann, Bob power: 26, x",
        # "starting powers from 1 to 1,000"
        "game totemic players: Ann, Bob power: 0, 30",
        "game totemic players: Ann, Bob power: 26, 1001",
        "game totemic players: Ann, Bob power: -5, 30",
        "game totemic-solo players: Ann power: 0 rivals: Badger 28",
        "game totemic-solo players: Ann power: 1001 rivals: Badger 28",
        # "`levels:` two or more whole numbers from 1 to 1,000, strictly rising"
        "game totemic players: Ann, Bob power: 26, 30 levels: 5",
        "game totemic players: Ann, Bob power: 26, 30 levels: 5, 5",
        "game totemic players: Ann, Bob power: 26, 30 levels: 10, 5",
        "game totemic players: Ann, Bob power: 26, 30 levels: 5, 10, 10, 15",
        "game totemic players: Ann, Bob power: 26, 30 levels: 5, 15, 10",
        "game totemic players: Ann, Bob power: 26, 30 levels: 0, 5",
        "game totemic players: Ann, Bob power: 26, 30 levels: 5, 1001",
        "game totemic players: Ann, Bob power: 26, 30 levels: 5, x",
        "game totemic players: Ann, Bob power: 26, 30 levels: 2.5, 5",
        # "`match:` is an odd number from 1 to 9"
        "game totemic players: Ann, Bob power: 26, 30 match: 0",
        "game totemic players: Ann, Bob power: 26, 30 match: 2",
        "game totemic players: Ann, Bob power: 26, 30 match: 4",
        "game totemic players: Ann, Bob power: 26, 30 match: 11",
        "game totemic players: Ann, Bob power: 26, 30 match: -1",
        "game totemic players: Ann, Bob power: 26, 30 match: three",
        # RULES.md: "Duplicate names (ignoring case) are an error."
        "game totemic players: Ann, Ann power: 26, 30",
        "game totemic players: Ann, ann power: 26, 30",
        # RULES.md: a name is "one word of letters, digits, `_` or `'`", and "none of the
        # language's keywords"
        "game totemic players: Ann, B@b power: 26, 30",
        "game totemic players: Ann, Bob Cid power: 26, 30",
        "game totemic players: Ann, reveal power: 26, 30",
        "game totemic players: Ann, Next power: 26, 30",
        "game totemic-solo players: Ann power: 26 rivals: Dominance 28",
        # "`totemic-solo`: one player against the rivals"
        "game totemic-solo players: Ann, Bob power: 26, 30 rivals: Badger 28",
        "game totemic-solo players: Ann power: 26",
        # "each rival is a name and its starting power"
        "game totemic-solo players: Ann power: 26 rivals: Badger",
        "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat",
        "game totemic-solo players: Ann power: 26 rivals: Badger 0",
        "game totemic-solo players: Ann power: 26 rivals: Badger 1001",
        "game totemic-solo players: Ann power: 26 rivals: Badger x",
        # duplicate names, the rivals included
        "game totemic-solo players: Ann power: 26 rivals: Badger 28, badger 20",
        "game totemic-solo players: Ann power: 26 rivals: Ann 28",
        "game totemic-solo players: Ann power: 26 rivals: Badger 28, ANN 20",
    ],
)
def test_a_wrong_setup_line_is_refused(line: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        set_up(line)
    message = str(refusal.value)
    assert message.strip() and "\n" not in message  # one sentence


@pytest.mark.parametrize(
    "line",
    [
        "game totemic players: Ann, Bob power: 1, 1000",
        "game totemic players: Ann, Bob power: 26, 30 levels: 1, 1000",
        "game totemic players: Ann, Bob power: 26, 30 levels: 999, 1000",
        "game totemic-solo players: Ann power: 1000 rivals: Badger 1",
        "game totemic-solo players: Ann power: 1 rivals: Badger 1000, Bat 1",
    ],
)
def test_the_bounds_themselves_are_accepted(line: str) -> None:
    assert play(line)["rejected"] == []


# --- format_setup round trip --------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        TWO,
        "game totemic players: Ann, Bob power: 26, 30 levels: 5, 10, 15, 20, 25, 30 match: 3",
        "game totemic players: Ann, Bob power: 20, 20 levels: 2, 4, 8",
        "game totemic players: Cid, Dee power: 1, 1000 match: 9",
        SOLO,
        "game totemic-solo players: Ann power: 26 rivals: Badger 28 levels: 1, 1000",
    ],
)
def test_format_setup_reads_back_to_the_same_config(line: str) -> None:
    config = parse_setup(line)
    written = format_setup(config)
    assert isinstance(written, str) and "\n" not in written
    assert parse_setup(written) == config
