"""The rules' models copy and compare as pydantic's own models do (the shared base only does it
faster), build without validation only when every field is given, and stay frozen."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import BaseModel, ValidationError

from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import new_game
from totembot.games.magic.rules.intents import Actor, Request
from totembot.games.magic.rules.state import Marker
from totembot.games.totemic.rules.state import Rival
from totembot.service import _at_millisecond, utc_now

SETUP = "game totem players: Ann, Bob, Cid, Dan"


def test_a_copy_with_changes_is_the_one_pydantic_makes() -> None:
    state = new_game(parse_setup(SETUP))
    pools = (state.pools[0].model_copy(update={"life": 7}), *state.pools[1:])

    ours = state.model_copy(update={"turn": 3, "pools": pools})
    theirs = BaseModel.model_copy(state, update={"turn": 3, "pools": pools})

    assert ours.__dict__ == theirs.__dict__
    assert ours.__pydantic_fields_set__ == theirs.__pydantic_fields_set__
    assert ours.__pydantic_extra__ == theirs.__pydantic_extra__
    assert ours.__pydantic_private__ == theirs.__pydantic_private__
    assert ours.model_dump_json() == theirs.model_dump_json()
    assert (ours.turn, ours.pools[0].life, state.turn, state.pools[0].life) == (3, 7, 1, 20)
    assert ours.model_copy() == ours and ours.model_copy(deep=True) == ours


def test_copies_share_their_field_names_and_pydantics_own_copy_never_changes_them() -> None:
    """A set of field names per copy was a fifth of what each request left for the collector;
    shared, it must never be changed in place."""
    state = new_game(parse_setup(SETUP))
    moved = state.model_copy(update={"turn": 2})
    again = moved.model_copy(update={"turn": 3})
    names = set(moved.__pydantic_fields_set__)
    assert names == {*state.__pydantic_fields_set__, "turn"}  # a name added: a new set
    assert again.__pydantic_fields_set__ is moved.__pydantic_fields_set__  # none: the same

    theirs = BaseModel.model_copy(moved, update={"turn": 4})
    dumped = moved.model_dump(exclude_unset=True)
    assert theirs.turn == 4 and again.__pydantic_fields_set__ == names
    assert dumped.keys() == names

    first = Actor.trusted(player="Ann", host=False)
    second = Actor.trusted(player="Bob", host=True)
    assert first.__pydantic_fields_set__ is second.__pydantic_fields_set__ == {"player", "host"}
    BaseModel.model_copy(first, update={"player": "Cid"})
    assert second.model_fields_set == {"player", "host"}


def test_equality_and_hashes_are_pydantics() -> None:
    state = new_game(parse_setup(SETUP))
    same = new_game(parse_setup(SETUP))
    moved = state.model_copy(update={"turn": 2})

    assert state == same and state is not same
    assert moved != state and BaseModel.__eq__(moved, state) is False
    assert (state == "a state") is False
    assert Marker(number=1, seat=2) != Rival(name="x", power=1)
    markers = {Marker(number=1, seat=2), Marker(number=1, seat=2).model_copy(update={"seat": 3})}
    assert markers == {Marker(number=1, seat=2), Marker(number=1, seat=3)}


def test_a_copy_is_frozen_too() -> None:
    moved = new_game(parse_setup(SETUP)).model_copy(update={"turn": 2})
    with pytest.raises(ValidationError):
        moved.turn = 5


def test_trusted_construction_equals_validated_and_needs_every_field() -> None:
    parsed = parse_line("Ann: deal 3 to Bob")
    assert parsed is not None
    actor = Actor.trusted(player="Ann", host=False)
    trusted = Request.trusted(actor=actor, intent=parsed.intent)
    validated = Request(actor=Actor(player="Ann"), intent=parsed.intent)

    assert trusted == validated and trusted.model_dump_json() == validated.model_dump_json()
    assert trusted.__pydantic_fields_set__ == validated.__pydantic_fields_set__
    with pytest.raises(TypeError, match="takes every field"):
        Actor.trusted(player="Ann")
    with pytest.raises(TypeError, match="takes every field"):
        Actor.trusted(player="Ann", host=False, extra=1)


def test_a_line_read_again_is_the_same_answer_and_a_refused_one_is_refused_again() -> None:
    first = parse_line("Ann: deal 3 to Bob via left")
    again = parse_line("Ann: deal 3 to Bob via left")
    assert first is again and first is not None and first.speaker == "Ann"
    for _ in range(2):
        with pytest.raises(ValueError, match="can't read"):
            parse_line("Ann: dance with Bob")


def test_the_recording_time_is_datetimes_to_the_millisecond() -> None:
    before = datetime.now(UTC).isoformat(timespec="milliseconds")
    now = utc_now()
    after = datetime.now(UTC).isoformat(timespec="milliseconds")
    assert before <= now <= after and now.endswith("+00:00")
    for millisecond in (0, 999, 1_700_000_000_001, 1_764_000_123_456, 1_764_000_123_999):
        expected = datetime.fromtimestamp(millisecond // 1000, UTC).replace(
            microsecond=millisecond % 1000 * 1000
        )
        assert _at_millisecond(millisecond) == expected.isoformat(timespec="milliseconds")
