"""Who may record, and as whom: the bot's policy on seats, hosts, admins and spectators;
who may undo a host's action; which server reaches a game."""

from __future__ import annotations

import pytest

from totembot.bot.access import IN_A_DM, NOT_OWN_CHANGE, Caller, Table, place_refusal
from totembot.core.story import Step
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import Actor, Request, RuleViolation, new_game
from totembot.games.magic.rules.intents import Concede
from totembot.games.magic.rules.life import with_player
from totembot.games.magic.ruleset import MAGIC
from totembot.store import EventRecord, Seat, StoredGame

SEATS = (
    Seat("Ann Smith", user_id="1"),
    Seat("Bob", user_id="2"),
    Seat("Cid the Great", guest_name="Cid the Great"),
)


def table(host: str = "1", out: str | None = None) -> Table:
    state = new_game(parse_setup("game totem players: Ann_Smith, Bob, Cid_the_Great"))
    if out is not None:
        seat = state.seat_of(out)
        assert seat is not None
        state = with_player(state, seat, status="conceded")
    game = StoredGame(
        id=1,
        guild_id="g",
        channel_id="c",
        host=host,
        status="active",
        config=state.config,
        version=0,
        state=state,
        seats=SEATS,
        status_message_id=None,
        created_at="now",
    )
    return Table(game)


def caller(user_id: str, admin: bool = False) -> Caller:
    return Caller(user_id=user_id, display_name=f"user {user_id}", is_admin=admin)


@pytest.mark.parametrize(
    ("user_id", "admin", "host", "expected"),
    [
        ("2", False, "1", Actor(player="Bob", host=False)),
        ("1", False, "1", Actor(player="Ann_Smith", host=True)),
        ("2", True, "1", Actor(player="Bob", host=True)),
        ("9", True, "1", Actor(player=None, host=True)),
        ("9", False, "9", Actor(player=None, host=True)),
    ],
)
def test_a_caller_records_as_their_seat_with_host_rights_when_they_manage(
    user_id: str, admin: bool, host: str, expected: Actor
) -> None:
    assert table(host=host).actor(caller(user_id, admin), "damage") == expected


def test_a_spectator_is_refused() -> None:
    with pytest.raises(RuleViolation, match="spectators can only look"):
        table().actor(caller("9"), "next")


def test_a_player_still_in_may_record_for_another_player() -> None:
    actor = table().actor(caller("2"), "damage", speaker="Cid_the_Great")
    assert actor == Actor(player="Cid_the_Great")


@pytest.mark.parametrize(("host", "admin"), [("9", False), ("1", True)])
def test_the_unseated_host_or_an_admin_may_record_for_a_player(host: str, admin: bool) -> None:
    assert table(host=host).actor(caller("9", admin), "attack", speaker="Bob") == Actor(
        player="Bob"
    )


@pytest.mark.parametrize("kind", ["approve", "deny"])
def test_only_the_asked_player_answers_a_consent_request(kind: str) -> None:
    with pytest.raises(RuleViolation, match="Only Bob can answer a request addressed to them"):
        table().actor(caller("1"), kind, speaker="Bob")
    assert table().actor(caller("2"), kind, speaker="Bob") == Actor(player="Bob")


def test_the_host_answers_for_a_guest_but_other_players_cannot() -> None:
    assert table().actor(caller("1"), "approve", speaker="Cid_the_Great") == Actor(
        player="Cid_the_Great"
    )
    with pytest.raises(RuleViolation, match="Only Cid_the_Great can answer"):
        table().actor(caller("2"), "approve", speaker="Cid_the_Great")


@pytest.mark.parametrize("kind", ["concede", "win"])
def test_only_the_host_or_an_admin_concedes_or_wins_for_another_player(kind: str) -> None:
    with pytest.raises(RuleViolation, match=f"Only the host or an admin can {kind}"):
        table().actor(caller("2"), kind, speaker="Ann_Smith")
    assert table().actor(caller("1"), kind, speaker="Bob") == Actor(player="Bob")


@pytest.mark.parametrize(("user_id", "out"), [("9", None), ("2", "Bob")])
def test_spectators_and_players_who_are_out_cannot_record_for_others(
    user_id: str, out: str | None
) -> None:
    with pytest.raises(RuleViolation, match="Only players still in the game, the host and admins"):
        table(out=out).actor(caller(user_id), "damage", speaker="Ann_Smith")


def test_naming_yourself_as_the_speaker_is_the_same_as_no_speaker() -> None:
    assert table().actor(caller("2"), "next", speaker="bob") == Actor(player="Bob", host=False)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("deal 3 to <@2>", "deal 3 to Bob"),
        ("deal 3 to <@!1> via left", "deal 3 to Ann_Smith via left"),
        ('deal 3 to "cid the great"', "deal 3 to Cid_the_Great"),
        ("“Ann Smith”: deal 3 to Bob", "Ann_Smith: deal 3 to Bob"),
        ("deal 3 to Bob", "deal 3 to Bob"),
    ],
)
def test_mentions_and_quoted_display_names_become_player_names(text: str, expected: str) -> None:
    assert table().with_names(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [("deal 3 to <@77>", "not playing in this game"), ('deal 3 to "Zed"', 'Nobody called "Zed"')],
)
def test_a_mention_or_quote_of_someone_not_seated_is_refused(text: str, message: str) -> None:
    with pytest.raises(RuleViolation, match=message):
        table().with_names(text)


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("<@2>", "Bob"),
        ("ann smith", "Ann_Smith"),
        ("Cid_the_Great", "Cid_the_Great"),
        ("Zed", "Zed"),
    ],
)
def test_a_player_option_may_be_a_mention_a_display_name_or_the_game_name(
    typed: str, name: str
) -> None:
    assert table().player_named(typed) == name


def solo_table() -> Table:
    """A Totemic solo game: one seat (Ann, a member) and a rival with no seat at all."""
    from totembot.games.registry import parse_setup as any_setup
    from totembot.games.registry import ruleset_of

    config = any_setup("game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20")
    state = ruleset_of(config.format).new_game(config)
    game = StoredGame(
        id=2,
        guild_id="g",
        channel_id="c",
        host="1",
        status="active",
        config=config,
        version=0,
        state=state,
        seats=(Seat("Ann Smith", user_id="1"),),
        status_message_id=None,
        created_at="now",
    )
    return Table(game)


def test_the_solo_rival_is_labelled_by_its_name_and_counts_as_a_guest() -> None:
    solo = solo_table()
    assert [solo.label_of(seat) for seat in range(2)] == ["Ann (Ann Smith)", "Badger"]
    assert solo.is_guest("Badger") and not solo.is_guest("Ann")
    assert solo.actor(caller("1"), "reveal", "Badger") == Actor(player="Badger", host=False)
    with pytest.raises(RuleViolation, match="Only Ann can reveal"):
        solo.actor(caller("2", admin=True), "reveal", "Ann")


@pytest.mark.parametrize(
    ("guild_id", "owner", "what", "refusal"),
    [
        (10, "10", "game", None),
        (10, None, "game", None),  # a game stored before servers were recorded
        (10, "11", "game", "This channel's game belongs to another server."),
        (10, "11", "lobby", "This channel's lobby belongs to another server."),
        (None, None, "game", IN_A_DM),
        (None, "10", "lobby", IN_A_DM),
    ],
)
def test_only_the_games_own_server_reaches_it_and_never_a_direct_message(
    guild_id: int | None, owner: str | None, what: str, refusal: str | None
) -> None:
    assert place_refusal(guild_id, owner, what) == refusal


ADMIN = "9"  # not seated; Ann_Smith ("1") is the host, Bob ("2") a player, Cid a guest


def step(recorded_by: str, line: str, host: bool = False, seq: int = 1) -> EventRecord:
    """A row of the log: `line` recorded by the member `recorded_by` (as the host, with
    `host`), as the bot records it."""
    parsed = MAGIC.parse_line(line, table().game.state)
    assert parsed is not None
    return EventRecord(seq, "now", recorded_by, parsed.request_as(parsed.speaker, host), ())


def admin_concedes(player: str) -> EventRecord:
    """`/totem-admin concede` as the bot builds it: the admin as host, the player named."""
    request = Request(actor=Actor(player=None, host=True), intent=Concede(player=player))
    return EventRecord(1, "now", ADMIN, request, ())


@pytest.mark.parametrize(
    ("row", "action"),
    [
        (step(ADMIN, "remove Bob", host=True), "a removal"),
        (step("1", "Bob: concede"), "a concession made for another player"),
        (admin_concedes("Bob"), "a concession made for another player"),
        (step("1", "Bob: win"), "a win recorded for another player"),
        (step("1", "Cid_the_Great: approve"), "an answer given for another player"),
        (step("2", "Bob: concede"), None),  # their own
        (step("1", "Ann_Smith: concede", host=True), None),  # the host's own
        (step("2", "Cid_the_Great: deal 2 to Bob via Bob-Cid_the_Great"), None),  # for a guest
        (step("1", "Bob: deal 2 to Ann_Smith via Ann_Smith-Bob"), None),
    ],
)
def test_a_host_action_is_one_only_the_host_or_an_admin_could_have_recorded(
    row: EventRecord, action: str | None
) -> None:
    recorded = Step(row.seq, row.request, table().game.state, (), "now", row.recorded_by)
    assert table().host_action(recorded) == action


def test_only_the_host_or_an_admin_undoes_a_host_action_that_still_stands() -> None:
    removal = [
        step(ADMIN, "remove Cid_the_Great", host=True, seq=1),
        step("2", "Bob: gain 1 via left", seq=2),
        step("2", "undo", seq=3),  # takes the gain back: the removal is the last change
    ]
    refusal = "Only the host or an admin can undo a removal."
    assert table().undo_refusal(caller("2"), removal) == refusal
    assert table().undo_refusal(caller("1"), removal) is None
    assert table().undo_refusal(caller(ADMIN, admin=True), removal) is None
    assert table().undo_refusal(caller("2"), removal[:2]) is None  # the gain stands last
    with pytest.raises(RuleViolation, match=refusal):
        table().require_may_undo(caller("2"), removal)
    assert table().undo_refusal(caller("2"), []) is None  # nothing to undo: the rules say so


def test_a_panels_undo_takes_back_only_a_change_its_own_members_recorded() -> None:
    log = [
        step("2", "Bob: gain 1 via left", seq=1),
        step("1", "Cid_the_Great: gain 2 via left", seq=2),  # the host, for the guest
        step("2", "Bob: gain 3 via left", seq=3),
        step("2", "undo", seq=4),  # takes Bob's second gain back: the host's stands last
    ]
    assert table().own_undo_refusal({"2"}, log) == NOT_OWN_CHANGE
    assert table().own_undo_refusal({"1"}, log) is None  # the host recorded it
    assert table().own_undo_refusal({"2"}, log[:3]) is None  # Bob's own stands last
    assert table().own_undo_refusal({"1", "2"}, log[:1]) is None  # the host acting as Bob
    assert table().own_undo_refusal({"1"}, log[:1]) == NOT_OWN_CHANGE
    assert table().own_undo_refusal({"2"}, []) is None  # nothing to undo: the rules say so
