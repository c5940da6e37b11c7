"""TABLE.md, "The monarch and the initiative", played as scripts; every figure worked out by
hand from the contract (its "Details" included). Turn 1 is the first seat's.
"""

from __future__ import annotations

import pytest

from tests.formats.tables import accepted, lives, play, played_state, player, refused, statuses
from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, new_game
from totembot.games.magic.rules.events import Designated, Reminded

FFA = "game free-for-all players: Ann, Bob, Cid"
FFA4 = "game free-for-all players: Ann, Bob, Cid, Dan"
FFA2 = "game free-for-all players: Ann, Bob"
CMD = "game free-for-all players: Ann, Bob, Cid commander"
TOTEM = "game totem players: Ann, Bob, Cid"
MINIONS = "game free-for-all players: Ann, Bob, Cid rules: minions"
GIANT3 = "game 2hg teams: Ann+Bob, Cid+Dan, Eve+Fay"
MELEE8 = "game grand-melee players: Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal"


def holders(state: dict[str, object]) -> tuple[object, object]:
    return state["monarch"], state["initiative"]


def events_of(setup: str, *lines: str) -> list[object]:
    """The events of the last line, every line accepted."""
    config = parse_setup(setup)
    language = format_named(config.format).language
    game = Game(new_game(config))
    events: list[object] = []
    for line in lines:
        parsed = parse_line(line, language)
        assert parsed is not None
        events = list(game.record(parsed.request(host=True)).events)
    return events


# --- given by a line ----------------------------------------------------------------------------


def test_none_until_a_line_gives_it() -> None:
    assert holders(accepted(FFA, "Ann: get 1 rad")) == (None, None)


def test_the_lines_that_give_them() -> None:
    assert holders(accepted(FFA, "Ann: become the monarch", "Bob: take the initiative")) == (
        "Ann",
        "Bob",
    )
    assert holders(accepted(FFA, "Cid becomes the monarch", "Ann: Cid takes the initiative")) == (
        "Cid",
        "Cid",
    )


def test_a_new_monarch_takes_it_from_the_old() -> None:
    assert holders(accepted(FFA, "Ann: become the monarch", "Bob: become the monarch"))[0] == "Bob"


def test_becoming_the_monarch_again_is_refused() -> None:
    assert refused(FFA, "Ann: become the monarch", "Ann becomes the monarch") == (
        "Ann is already the monarch."
    )


def test_taking_the_initiative_again_is_accepted_and_changes_nothing_else() -> None:
    once = accepted(FFA, "Ann: take the initiative")
    assert accepted(FFA, "Ann: take the initiative", "Ann: take the initiative") == once
    undone = accepted(FFA, "Ann: take the initiative", "Ann: take the initiative", "undo")
    assert undone["initiative"] == "Ann"  # undo takes back the second line only


def test_a_host_line_names_the_player_and_no_one_out_can_hold_them() -> None:
    assert "name the player" in refused(FFA, "become the monarch")
    assert "out of the game" in refused(FFA, "Bob: concede", "Bob becomes the monarch")
    assert "out of the game" in refused(FFA, "Bob: concede", "Bob: take the initiative")


def test_range_does_not_limit_them() -> None:
    # Grand Melee, range 1: Ann cannot reach Dan with a deal, but may make him the monarch.
    state = accepted(MELEE8, "Ann: Dan becomes the monarch", "Ann: Eve takes the initiative")
    assert holders(state) == ("Dan", "Eve")


# --- combat damage --------------------------------------------------------------------------------


def test_combat_damage_to_the_holder_gives_it_to_the_attacker() -> None:
    state = accepted(
        FFA, "Cid: become the monarch", "Cid: take the initiative", "Bob: attack Cid for 2"
    )
    assert holders(state) == ("Bob", "Bob")
    assert lives(state) == {"Ann": 20, "Bob": 20, "Cid": 18}


def test_the_reply_says_who_attacked_whom() -> None:
    [*_, moved] = events_of(FFA, "Cid: become the monarch", "Ann: attack Cid for 3")
    assert moved == Designated(what="monarch", player="Ann", before="Cid", cause="combat")


def test_an_attack_on_someone_else_moves_nothing() -> None:
    state = accepted(FFA, "Ann: become the monarch", "Bob: attack Cid for 2")
    assert holders(state) == ("Ann", None)


def test_other_damage_moves_nothing() -> None:
    assert holders(accepted(FFA, "Cid: become the monarch", "Bob: deal 5 to Cid"))[0] == "Cid"


def test_in_totem_the_player_named_with_hitting_is_dealt_the_damage() -> None:
    state = accepted(TOTEM, "Cid: become the monarch", "Ann: attack Bob-Cid for 3 hitting Cid")
    assert state["monarch"] == "Ann"
    state = accepted(TOTEM, "Cid: become the monarch", "Ann: attack Bob-Cid for 3 hitting Bob")
    assert state["monarch"] == "Cid"


def test_in_totem_without_hitting_two_players_in_leave_it_where_it_is() -> None:
    assert accepted(TOTEM, "Cid: become the monarch", "Ann: attack Bob-Cid for 3")["monarch"] == (
        "Cid"
    )


def test_in_totem_the_only_player_of_the_totem_still_in_is_dealt_the_damage() -> None:
    # Four players, so the game goes on when Bob concedes; Bob-Cid keeps only Cid.
    state = accepted(
        "game totem players: Ann, Bob, Cid, Dan",
        "Cid: become the monarch",
        "Bob: concede",
        "Ann: attack Bob-Cid for 3",
    )
    assert state["monarch"] == "Ann"


def test_a_commander_attack_on_a_locked_life_still_moves_it() -> None:
    state = accepted(
        CMD, "Cid: become the monarch", "Cid: lock", "Bob: attack Cid for 5 with commander"
    )
    assert state["monarch"] == "Bob"
    assert player(state, "Cid")["life"] == 40
    assert player(state, "Cid")["commander_damage"] == {"Bob": 5}


def test_a_holder_who_becomes_a_minion_by_the_damage_loses_it_to_the_attacker() -> None:
    state = accepted(MINIONS, "Cid: become the monarch", "Bob: attack Cid for 20")
    assert (player(state, "Cid")["master"], state["monarch"]) == ("Bob", "Bob")


def test_becoming_a_minion_otherwise_keeps_it() -> None:
    state = accepted(MINIONS, "Cid: become the monarch", "Bob: deal 20 to Cid")
    assert (player(state, "Cid")["master"], state["monarch"]) == ("Bob", "Cid")


# --- leaving ---------------------------------------------------------------------------------


def test_the_active_player_takes_it_when_the_holder_leaves() -> None:
    state = accepted(FFA4, "Cid: become the monarch", "Cid: take the initiative", "Cid: concede")
    assert holders(state) == ("Ann", "Ann")  # turn 1: Ann's


@pytest.mark.parametrize("leave", ["Ann: concede", "remove Ann", "Bob: eliminate Ann"])
def test_an_active_holder_leaving_gives_it_to_the_next_player_in(leave: str) -> None:
    assert accepted(FFA4, "Ann: become the monarch", leave)["monarch"] == "Bob"


def test_an_active_player_already_out_passes_it_to_the_next_player_in_after_them() -> None:
    # Ann conceded on her own turn, which stays hers until next; Bob is next in seat order.
    state = accepted(FFA4, "Ann: concede", "Dan: become the monarch", "Dan: concede")
    assert state["monarch"] == "Bob"


def test_the_damage_that_makes_the_holder_lose_gives_it_by_the_leaving_rule() -> None:
    state = accepted(FFA4, "Dan: become the monarch", "Cid: attack Dan for 20")
    assert statuses(state)["Dan"] == "lost"
    assert state["monarch"] == "Ann"  # the active player, not Cid the attacker


def test_a_team_leaving_in_the_giant_formats() -> None:
    state = accepted(GIANT3, "Eve: become the monarch", "Eve: concede")
    assert statuses(state) == {
        "Ann": "in",
        "Bob": "in",
        "Cid": "in",
        "Dan": "in",
        "Eve": "conceded",
        "Fay": "lost",
    }
    assert state["monarch"] == "Ann"  # the first team's primary player is active


def test_grand_melee_gives_it_to_the_first_player_to_the_left_taking_a_turn() -> None:
    # Markers at Ann (seat 0) and Eve (seat 4). Cid leaves: going left, Dan holds none, Eve
    # does. (With 7 in, Ann's marker is due for removal but held until her turn ends.)
    state = accepted(MELEE8, "Cid: become the monarch", "Cid: concede")
    assert state["monarch"] == "Eve"


def test_a_request_that_ends_the_game_moves_nothing() -> None:
    state = accepted(FFA2, "Bob: become the monarch", "Ann: attack Bob for 20")
    assert (state["status"], state["monarch"]) == ("finished", "Bob")
    state = accepted(FFA, "Bob: become the monarch", "Ann: win")
    assert state["monarch"] == "Bob"


def test_undo_takes_a_moved_designation_back_with_its_cause() -> None:
    state = accepted(FFA4, "Cid: become the monarch", "Bob: attack Cid for 2", "undo")
    assert (state["monarch"], lives(state)["Cid"]) == ("Cid", 20)
    state = accepted(FFA4, "Cid: become the monarch", "Cid: concede", "undo")
    assert (state["monarch"], statuses(state)["Cid"]) == ("Cid", "in")


# --- next's reminders -----------------------------------------------------------------------


def test_next_reminds_the_player_whose_turn_begins_of_what_they_hold() -> None:
    events = events_of(
        FFA, "Bob: become the monarch", "Bob: take the initiative", "Bob gets 2 rad", "next"
    )
    [reminded] = [event for event in events if isinstance(event, Reminded)]
    assert reminded.player == "Bob"
    assert [line.split(":")[0] for line in reminded.reminders] == [
        "Bob is the monarch",
        "Bob has the initiative",
        "Bob has 2 rad",
    ]
    assert "mill 2" in reminded.reminders[2]


def test_next_reminds_no_one_who_holds_nothing() -> None:
    events = events_of(FFA, "Cid: become the monarch", "next")
    assert not [event for event in events if isinstance(event, Reminded)]


def test_a_fresh_game_has_no_reminders() -> None:
    assert play(FFA + "\nnext")["turn"] == {"number": 2, "active": "Bob"}
    assert played_state(FFA, "next").table_lines == 0


def test_in_totem_an_attack_that_names_no_one_reminds_the_table_how_to_move_it() -> None:
    events = events_of(TOTEM, "Cid: become the monarch", "Ann: attack Bob-Cid for 3")
    [reminded] = [event for event in events if isinstance(event, Reminded)]
    assert reminded.reminders == (
        "Cid holds the monarch: if Cid was dealt that damage, record the attack with "
        "'hitting Cid' to move it",
    )
    events = events_of(TOTEM, "Ann: become the monarch", "Bob: attack Cid-Ann for 3")
    assert [event for event in events if isinstance(event, Reminded)]
    # a totem the holder is not a player of: nothing to say
    four = "game totem players: Ann, Bob, Cid, Dan"
    events = events_of(four, "Dan: become the monarch", "Ann: attack Bob-Cid for 3")
    assert not [event for event in events if isinstance(event, Reminded)]


def test_in_shared_team_turns_next_reminds_every_player_of_the_team() -> None:
    # 2HG, teams Ann+Bob, Cid+Dan, Eve+Fay: turn 2 is Cid+Dan's, so both are reminded.
    events = events_of(
        GIANT3, "Dan: become the monarch", "Cid: take the initiative", "Bob gets 1 rad", "next"
    )
    reminded = [event for event in events if isinstance(event, Reminded)]
    assert [(event.player, len(event.reminders)) for event in reminded] == [("Cid", 1), ("Dan", 1)]


def test_in_grand_melee_next_reminds_the_player_the_marker_reaches() -> None:
    # Five players, one marker, at Ann; Ann ends her turn: it passes to Bob (no other marker
    # waits him out). With eight, both markers would wait (608.4c), and no turn would begin.
    melee5 = "game grand-melee players: Ann, Bob, Cid, Dan, Eve"
    events = events_of(melee5, "Bob: become the monarch", "Eve: take the initiative", "Ann: next")
    reminded = [event for event in events if isinstance(event, Reminded)]
    assert [event.player for event in reminded] == ["Bob"]
