"""Quick checks of the Totemic rules package: a game played through its public API."""

from __future__ import annotations

import pytest

from totembot.core.errors import RuleViolation
from totembot.games.totemic.language.phrases import (
    VERBS,
    format_request,
    format_setup,
    parse_line,
    parse_phrase,
    parse_setup,
)
from totembot.games.totemic.render.state_json import totemic_json
from totembot.games.totemic.render.text import describe_totemic_events, render_totemic
from totembot.games.totemic.rules.events import (
    EVENTS,
    ChallengeResolved,
    PowerChanged,
    Revealed,
    TotemicEvent,
)
from totembot.games.totemic.rules.game import TotemicGame, new_game, replay
from totembot.games.totemic.rules.intents import Actor, Request
from totembot.games.totemic.rules.state import Rival, TotemicConfig

TWO = "game totemic players: Ann, Bob power: 26, 30 match: 3"
SOLO = "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20"


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


def game_after(setup: str, *lines: str) -> tuple[TotemicGame, list[TotemicEvent]]:
    game = TotemicGame(new_game(parse_setup(setup)))
    events: list[TotemicEvent] = []
    for line in lines:
        events = game.record(request(line)).events
    return game, events


def test_the_opening_gives_dominance_to_more_power_and_the_first_turn_to_the_other() -> None:
    state = new_game(parse_setup(TWO))
    assert [animal.dominance for animal in state.players] == [False, True]
    assert state.turn.active == "Ann" and state.level == 5
    assert state.match is not None and state.match.wins == (("Ann", 0), ("Bob", 0))


def test_a_tie_in_power_gives_dominance_to_the_second_player_and_in_solo_to_the_rival() -> None:
    two = new_game(TotemicConfig(format="totemic", players=("Ann", "Bob"), power=(9, 9)))
    assert two.players[1].dominance and two.turn.active == "Ann"
    solo = new_game(
        TotemicConfig(
            format="totemic-solo",
            players=("Ann",),
            power=(9,),
            rivals=(Rival(name="Cat", power=9),),
        )
    )
    assert solo.players[1].dominance and solo.turn.active == "Ann"


def test_a_tied_reveal_costs_the_loser_the_level_then_the_holder_dominance_and_one() -> None:
    lines = ("Ann: challenge", "Bob: threaten", "Ann: accept", "Ann: reveal 6", "Bob: reveal 6")
    game, events = game_after(TWO, *lines)
    kinds = [event.kind for event in events]
    assert kinds == ["revealed", "challenge-resolved", "power", "dominance", "power"]
    assert [p.power for p in game.state.players] == [16, 29]
    assert game.state.players[0].dominance


def test_a_secret_reveal_hides_its_number_until_the_challenge_resolves() -> None:
    _, first = game_after(TWO, "Ann: challenge", "Bob: accept", "Ann: reveal 7")
    assert describe_totemic_events(first, secret=True) == "Ann has revealed."
    assert "7" in describe_totemic_events(first)
    _, both = game_after(TWO, "Ann: challenge", "Bob: accept", "Ann: reveal 7", "Bob: reveal 4")
    text = describe_totemic_events(both, secret=True)
    assert (
        "7 to 4" in text and "Bob loses 5 power (lost the challenge at level 5): 30 → 25." in text
    )


def test_dominance_said_by_its_holder_is_accepted_and_is_no_undo_step() -> None:
    game, _ = game_after(TWO)
    outcome = game.record(request("Bob: dominance"))
    assert outcome.changed is False and game.steps == []
    with pytest.raises(RuleViolation, match="nothing to undo"):
        game.record(request("undo"))


def test_undo_after_a_match_game_ended_restores_the_ended_game() -> None:
    game, _ = game_after(TWO, "Ann: draw", "Bob loses 40")
    before = game.state
    outcome = game.record(request("next"))
    assert outcome.state.match is not None and outcome.state.match.game == 2
    assert [event.kind for event in outcome.events] == ["game-ended", "match-game"]
    game.record(request("Ann: undo"))
    assert game.state == before


def test_a_refused_request_changes_nothing_and_says_one_sentence() -> None:
    game, _ = game_after(TWO, "Ann: draw")
    before = game.state
    for line in ("Ann: draw", "Bob: draw", "Ann: accept", "reveal 3", "dominance", "Zed gains 3"):
        with pytest.raises(RuleViolation) as refusal:
            game.record(request(line))
        assert str(refusal.value).endswith(".") and "\n" not in str(refusal.value)
        assert game.state == before


def test_solo_carries_power_and_names_the_rival_who_wins() -> None:
    game, events = game_after(SOLO, "Ann: draw", "Badger loses 28", "next")
    carried = [e for e in events if isinstance(e, PowerChanged) and e.cause == "confrontation"]
    assert carried == [PowerChanged(player="Ann", before=26, after=40, cause="confrontation")]
    assert game.state.turn.active == "Bat" and game.state.players[0].dominance
    for line in ("Bat: invoke", "Ann loses 50", "Bat: next"):
        game.record(request(line))
    assert game.state.finished and game.state.winners == ("Bat",)
    assert totemic_json(game.state)["solo"]["rivals"][1]["status"] == "won"
    assert "Finished: Bat won" in render_totemic(game.state)


def test_requests_events_and_setups_round_trip() -> None:
    lines = ("Ann: reveal 7", "Bob gains 3", "lose 2", "next", "Bob: dominance")
    for line in lines:
        parsed = request(line)
        assert Request.model_validate_json(parsed.model_dump_json()) == parsed
        assert format_request(parsed) == line
    _, events = game_after(TWO, "Ann: challenge", "Bob: accept", "Ann: reveal 3", "Bob: reveal 3")
    assert any(isinstance(e, ChallengeResolved) and e.tie for e in events)
    assert EVENTS.validate_json(EVENTS.dump_json(events)) == events
    for setup in (TWO, SOLO, "game totemic players: A, B power: 1, 2 levels: 1, 2"):
        assert parse_setup(format_setup(parse_setup(setup))) == parse_setup(setup)
    assert all(
        parse_phrase(verb + (" 1" if verb in ("reveal", "gain", "lose") else "")) for verb in VERBS
    )


def test_replay_rebuilds_a_game_with_its_undos() -> None:
    lines = ("Ann: challenge", "Bob: submit", "undo", "Bob: accept", "next")
    game = TotemicGame(new_game(parse_setup(TWO)))
    kept = []
    for line in lines:
        try:
            game.record(request(line))
            kept.append(request(line))
        except RuleViolation:
            pass
    assert replay(game.initial, kept).state == game.state
    assert game.state.challenge is not None and game.state.challenge.accepted


def test_the_host_may_not_act_answer_reveal_or_take_dominance() -> None:
    game, _ = game_after(TWO, "Ann: challenge", "Bob: accept")
    for line in ("reveal 3", "accept", "dominance", "draw"):
        with pytest.raises(RuleViolation):
            game.record(request(line))
    nobody = Request(actor=Actor(), intent=parse_phrase("Ann gains 2"))
    with pytest.raises(RuleViolation, match="Only a player or the host"):
        game.record(nobody)


def test_a_revealed_event_keeps_its_strength_for_the_log() -> None:
    _, events = game_after(TWO, "Ann: challenge", "Bob: accept", "Bob: reveal 12")
    assert events == [Revealed(player="Bob", strength=12)]
