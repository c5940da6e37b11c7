"""Autocomplete where the seats matter: Emperor's range, Teams' neighbours, Grand Melee's
attack left and turn markers. The choices are what the rules would accept: ranges counted over
the players still in when the current turn began, attacks over the players still in now."""

from __future__ import annotations

import pytest

from tests.rules.test_player_choices import labels, played
from totembot.games.magic.language.options import REACHED_KINDS, player_choices
from totembot.games.magic.rules import GameState, RuleViolation
from totembot.games.magic.rules.engine import apply
from totembot.games.magic.rules.intents import Actor, Attack, Damage, Request

# Seats: Ann Bob Cid | Dan Eve Fay; Bob and Eve are the emperors.
EMPEROR = "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay"
# Seats: Ann Cid Bob Dan (apart: Ann+Bob, Cid+Dan).
TEAMS = "game teams teams: Ann+Bob, Cid+Dan"
MELEE = "game melee players: Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal, Ivy"


def names(state: GameState, kind: str, speaker: str | None) -> list[str]:
    return [choice.name for choice in player_choices(state, kind, speaker)]


def accepted(state: GameState, speaker: str, intent: Damage | Attack) -> bool:
    try:
        apply(state, Request(actor=Actor(player=speaker), intent=intent))
    except RuleViolation:
        return False
    return True


def test_an_emperor_reaches_two_seats_and_a_general_one() -> None:
    state = played(EMPEROR)
    assert names(state, "damage", "Bob") == ["Ann", "Bob", "Cid", "Dan", "Fay"]
    assert names(state, "damage", "Ann") == ["Ann", "Bob", "Fay"]
    assert names(state, "poison", "Cid") == ["Bob", "Cid", "Dan"]


def test_emperor_choices_show_the_team_the_role_and_the_life() -> None:
    state = played(EMPEROR, "Fay: deal 3 to Ann")
    assert labels(state, "damage", "Ann") == [
        "Ann (Ann+Bob+Cid, general): 17 life",
        "Bob (Ann+Bob+Cid, emperor): 20 life",
        "Fay (Dan+Eve+Fay, general): 20 life",
    ]


@pytest.mark.parametrize("kind", REACHED_KINDS)
def test_every_request_a_source_controls_offers_only_the_players_in_range(kind: str) -> None:
    state = played(EMPEROR)
    assert names(state, kind, "Eve") == ["Ann", "Cid", "Dan", "Eve", "Fay"]  # Bob is 3 away


def test_range_is_counted_over_the_players_still_in_as_the_turn_began() -> None:
    # Dan leaves in turn 1: his seat still counts, and he can no longer be chosen.
    state = played(EMPEROR, "Dan: concede")
    assert names(state, "damage", "Cid") == ["Bob", "Cid"]
    assert names(state, "damage", "Bob") == ["Ann", "Bob", "Cid", "Fay"]
    assert names(state, "attack", "Cid") == ["Eve"]  # attacks count the players in now
    state = played(EMPEROR, "Dan: concede", "next")
    assert names(state, "damage", "Cid") == ["Bob", "Cid", "Eve"]
    assert names(state, "damage", "Bob") == ["Ann", "Bob", "Cid", "Eve", "Fay"]


def test_grand_melee_choices_follow_the_turn_a_marker_began() -> None:
    # Ann's marker waits for Cid after Bob left: no turn began, so Cid is 2 seats away; once
    # Eve's marker reaches Fay a turn begins, and Ann reaches Cid.
    state = played(MELEE, "eliminate Bob", "Ann: next")
    assert names(state, "damage", "Ann") == ["Ann", "Ivy"]
    state = played(MELEE, "eliminate Bob", "Ann: next", "Eve: next")
    assert names(state, "damage", "Ann") == ["Ann", "Cid", "Ivy"]


def test_an_emperor_player_attacks_only_an_opponent_next_to_them() -> None:
    state = played(EMPEROR)
    assert names(state, "attack", "Ann") == ["Fay"]
    assert names(state, "attack", "Cid") == ["Dan"]
    assert names(state, "attack", "Bob") == []  # both neighbours are teammates
    after = played(EMPEROR, "Ann: concede", "Cid: concede")
    assert names(after, "attack", "Bob") == ["Dan", "Fay"]


def test_without_a_speaker_the_range_limits_no_one() -> None:
    state = played(EMPEROR)
    assert names(state, "damage", None) == ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
    assert names(state, "attack", None) == []


def test_teams_attack_only_the_opponents_seated_next_to_them() -> None:
    state = played(TEAMS)
    assert [p.name for p in state.players] == ["Ann", "Cid", "Bob", "Dan"]
    assert names(state, "attack", "Ann") == ["Cid", "Dan"]
    assert names(state, "attack", "Cid") == ["Ann", "Bob"]
    assert labels(state, "attack", "Bob") == ["Cid (Cid+Dan): 20 life", "Dan (Cid+Dan): 20 life"]


def test_a_teammate_left_next_to_you_cannot_be_attacked() -> None:
    state = played(TEAMS, "Cid: concede")
    assert names(state, "attack", "Ann") == ["Dan"]  # Bob, now next to Ann, is her teammate
    assert names(state, "attack", "Bob") == ["Dan"]


def test_teams_reach_two_seats() -> None:
    six = played("game teams teams: Ann+Bob, Cid+Dan, Eve+Fay")
    assert [p.name for p in six.players] == ["Ann", "Cid", "Eve", "Bob", "Dan", "Fay"]
    assert names(six, "damage", "Ann") == ["Ann", "Cid", "Eve", "Dan", "Fay"]
    assert names(six, "gain", "Bob") == ["Cid", "Eve", "Bob", "Dan", "Fay"]


def test_grand_melee_attacks_only_the_next_player_to_the_left() -> None:
    state = played(MELEE)
    assert labels(state, "attack", "Ann") == ["Bob: 20 life"]
    assert names(state, "attack", "Ivy") == ["Ann"]
    gone = played(MELEE, "Bob: concede")
    assert names(gone, "attack", "Ann") == ["Cid"]


def test_grand_melee_reaches_only_the_neighbours() -> None:
    state = played(MELEE)
    assert names(state, "halve", "Ann") == ["Ann", "Bob", "Ivy"]
    assert names(state, "set", "Eve") == ["Dan", "Eve", "Fay"]


def test_the_turns_the_host_may_end_are_the_players_holding_a_marker() -> None:
    state = played(MELEE)
    assert labels(state, "next", None) == ["Ann: 20 life", "Eve: 20 life"]
    waiting = played(MELEE, "Ann: next")  # marker 1 waits for Bob: Eve is within 3 seats
    assert names(waiting, "next", "Ann") == ["Eve"]
    assert names(played(EMPEROR), "next", None) == []  # one turn at a time: say just 'next'


@pytest.mark.parametrize(
    ("setup", "speaker"),
    [(EMPEROR, "Ann"), (EMPEROR, "Bob"), (TEAMS, "Cid"), (MELEE, "Eve"), (MELEE, "Ivy")],
)
def test_the_choices_are_exactly_what_the_rules_accept(setup: str, speaker: str) -> None:
    state = played(setup)
    everyone = [player.name for player in state.players]
    attackable = [
        name for name in everyone if accepted(state, speaker, Attack(player=name, amount=1))
    ]
    reached = [name for name in everyone if accepted(state, speaker, Damage(target=name, amount=1))]
    assert names(state, "attack", speaker) == attackable
    assert names(state, "damage", speaker) == reached
