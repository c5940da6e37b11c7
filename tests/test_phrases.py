"""The phrase language of RULES.md, read into intents and written back."""

import pytest

from totembot.games.magic.language.phrases import (
    PhraseError,
    SetupError,
    format_intent,
    format_setup,
    parse_line,
    parse_phrase,
    parse_setup,
)
from totembot.games.magic.rules import RuleViolation, TotemRef
from totembot.games.magic.rules.intents import (
    UNDO_KEEPING_NUMBERS,
    Approve,
    Attack,
    Concede,
    Damage,
    Deny,
    Eliminate,
    GainLife,
    Halve,
    Lock,
    LoseLife,
    NextTurn,
    PayLife,
    Poison,
    Remove,
    SetLife,
    Unlock,
    Win,
)

LEFT = TotemRef(side="left")
RIGHT = TotemRef(side="right")
BOB_CID = TotemRef(names=("Bob", "Cid"))

READABLE = [
    ("deal 3 to Bob", Damage(target="Bob", amount=3)),
    ("deal 3 to Bob via left", Damage(target="Bob", amount=3, via=LEFT)),
    ("deal 3 to Bob via left totem", Damage(target="Bob", amount=3, via=LEFT)),
    ("deal 3 to Bob via the Bob-Cid totem", Damage(target="Bob", amount=3, via=BOB_CID)),
    ("DEAL 3 TO Bob VIA THE LEFT TOTEM", Damage(target="Bob", amount=3, via=LEFT)),
    ("Bob loses 2", LoseLife(target="Bob", amount=2)),
    ("Bob loses 2 via right", LoseLife(target="Bob", amount=2, via=RIGHT)),
    ("lose 2", LoseLife(amount=2)),
    ("Bob gains 4 via Bob-Cid", GainLife(target="Bob", amount=4, via=BOB_CID)),
    ("gain 4", GainLife(amount=4)),
    ("pay 1000000 via left", PayLife(amount=1_000_000, via=LEFT)),
    ("attack Bob-Cid for 5", Attack(totem=BOB_CID, amount=5)),
    ("attack the Bob-Cid totem for 5 hitting Cid", Attack(totem=BOB_CID, amount=5, hitting="Cid")),
    (
        "attack Bob-Cid for 7 with commander",
        Attack(totem=BOB_CID, amount=7, commander=True),
    ),
    (
        "attack Bob-Cid for 7 with commander Tymna hitting Bob",
        Attack(totem=BOB_CID, amount=7, commander=True, commander_name="Tymna", hitting="Bob"),
    ),
    (
        "attack Bob-Cid for 7 hitting Bob with commander Kraum",
        Attack(totem=BOB_CID, amount=7, commander=True, commander_name="Kraum", hitting="Bob"),
    ),
    ("poison 2 to Cid", Poison(target="Cid", amount=2)),
    ("poison 2 to Cid via right", Poison(target="Cid", amount=2, via=RIGHT)),
    ("set Bob life to 10", SetLife(target="Bob", value=10)),
    ("set Bob life to -5 via left", SetLife(target="Bob", value=-5, via=LEFT)),
    (
        "set Bob life to 0 via left counting right",
        SetLife(target="Bob", value=0, via=LEFT, counting=RIGHT),
    ),
    (
        "set Bob life to 0 counting the right totem via left",
        SetLife(target="Bob", value=0, via=LEFT, counting=RIGHT),
    ),
    ("halve Bob", Halve(target="Bob")),
    ("halve Bob via left counting Bob-Cid", Halve(target="Bob", via=LEFT, counting=BOB_CID)),
    ("lock left", Lock(totem=LEFT)),
    ("lock the Bob-Cid totem", Lock(totem=BOB_CID)),
    ("unlock right", Unlock(totem=RIGHT)),
    ("approve", Approve()),
    ("deny", Deny()),
    ("concede", Concede()),
    ("eliminate Bob", Eliminate(target="Bob")),
    ("win", Win()),
    ("remove Cid", Remove(target="Cid")),
    ("next", NextTurn()),
    ("undo", UNDO_KEEPING_NUMBERS),
    ("O'Neil loses 1", LoseLife(target="O'Neil", amount=1)),
]


@pytest.mark.parametrize(("text", "intent"), READABLE, ids=[text for text, _ in READABLE])
def test_every_phrase_of_the_language_reads_into_its_intent(text, intent) -> None:
    assert parse_phrase(text) == intent


@pytest.mark.parametrize(("text", "intent"), READABLE, ids=[text for text, _ in READABLE])
def test_the_canonical_phrase_of_an_intent_reads_back_the_same(text, intent) -> None:
    assert parse_phrase(format_intent(intent)) == intent


UNREADABLE = [
    ("", "empty"),
    ("frobnicate Bob", "I can't read 'frobnicate Bob'"),
    (
        "deal 3 to Bob please",
        "Expected the end of the request or 'via' after 'deal 3 to Bob', not 'please'",
    ),
    ("deal 3 to", "the line ends there"),
    ("deal three to Bob", "Expected the damage as a whole number after 'deal', not 'three'"),
    ("deal 3 Bob", "Expected 'to' after 'deal 3', not 'Bob'"),
    ("deal 3 to left", "Expected the name of the player dealt damage"),
    ("deal 0 to Bob", "damage must be a whole number from 1 to 1,000,000, not 0"),
    ("deal 1000001 to Bob", "from 1 to 1,000,000, not 1,000,001"),
    ("deal 99999999999999999999999 to Bob", "1,000,000, not 99999999999999999999999."),
    ("deal -3 to Bob", "damage must be a whole number from 1 to 1,000,000, not -3"),
    ("deal 3 to Bob via left via left", "'via' is given twice after 'deal 3 to Bob via left'"),
    ("deal ３ to Bob", "Expected the damage as a whole number"),
    ("deal 3 to Bob via middle", "Expected a totem: left, right or its two players"),
    ("deal 3 to Bob via left via right", "'via' is given twice"),
    ("lock", "Expected a totem"),
    ("attack Bob-Cid 5", "Expected 'for'"),
    ("attack Bob-Cid for 5 with Tymna", "Expected 'commander'"),
    ("set Bob to 10", "Expected 'life'"),
    ("set Bob life to 1000001", "from -1,000,000 to 1,000,000, not 1,000,001"),
    ("set Bob life to -1000001", "from -1,000,000 to 1,000,000, not -1,000,001"),
    ("set Bob life to -99999999999999", "1,000,000, not -99999999999999."),
    ("pay 2 via left counting right", "end of the request after 'pay 2 via left', not 'counting'"),
    ("halve Bob for 3", "Expected the end of the request"),
    ("next turn", "Expected the end of the request after 'next', not 'turn'"),
    ("Bob loses", "Expected the life loss as a whole number after 'Bob loses'"),
]


@pytest.mark.parametrize(("text", "message"), UNREADABLE, ids=[t or "empty" for t, _ in UNREADABLE])
def test_an_unreadable_phrase_is_refused_with_a_sentence_saying_what_was_expected(
    text, message
) -> None:
    with pytest.raises(RuleViolation) as refused:
        parse_phrase(text)
    assert message in str(refused.value)
    assert str(refused.value).endswith(".")
    assert "\n" not in str(refused.value)


def test_a_speaker_prefix_names_who_records_the_request() -> None:
    parsed = parse_line("  ann :  deal 3 to Bob  # the bolt")
    assert parsed is not None
    assert parsed.speaker == "ann"
    assert parsed.intent == Damage(target="Bob", amount=3)
    assert parsed.request(host=True).actor.player == "ann"
    assert parsed.request(host=True).actor.host is False


def test_a_line_without_a_speaker_is_recorded_by_the_host() -> None:
    parsed = parse_line("remove Cid")
    assert parsed is not None
    actor = parsed.request(host=True).actor
    assert (actor.player, actor.host) == (None, True)


@pytest.mark.parametrize("line", ["", "   ", "# just a comment", "   # indented comment"])
def test_blank_and_comment_lines_are_not_requests(line) -> None:
    assert parse_line(line) is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Ann:", "Nothing follows 'Ann:'"),
        ("Ann: # nothing", "Nothing follows 'Ann:'"),
        ("deal: 3", "'deal' cannot be the speaker: it is a word of the phrase language"),
        ("_: deal 3 to Bob", "'_' cannot be the speaker: use one word of letters"),
    ],
)
def test_a_speaker_with_no_request_or_a_keyword_speaker_is_refused(line, message) -> None:
    with pytest.raises(PhraseError, match=message):
        parse_line(line)


SETUPS = [
    ("game totem players: Ann, Bob, Cid", ("Ann", "Bob", "Cid"), 20, False, ()),
    ("GAME Totem Players: Ann,Bob ,Cid", ("Ann", "Bob", "Cid"), 20, False, ()),
    ("game totem players: A, B, C, D commander", ("A", "B", "C", "D"), 40, True, ()),
    ("game totem players: A, B, C commander life: 30", ("A", "B", "C"), 30, True, ()),
    (
        "game totem players: A, B, C rules: player-poison, Sorcery-Concede life: 25",
        ("A", "B", "C"),
        25,
        False,
        ("player-poison", "sorcery-concede"),
    ),
    ("game totem players: Zoë, O'Neil, Al_2  # comment", ("Zoë", "O'Neil", "Al_2"), 20, False, ()),
]


@pytest.mark.parametrize(("line", "players", "life", "commander", "rules"), SETUPS)
def test_the_setup_line_reads_players_life_commander_and_rules_in_any_order(
    line, players, life, commander, rules
) -> None:
    config = parse_setup(line)
    assert (config.players, config.life, config.commander, config.house_rules) == (
        players,
        life,
        commander,
        rules,
    )
    assert parse_setup(format_setup(config)) == config


BAD_SETUPS = [
    ("", "The first line must set the game up"),
    ("deal 3 to Bob", "The first line must set the game up"),
    ("game chess players: A, B, C", "The format must be 'totem'"),
    ("game totem Ann, Bob, Cid", "needs 'players:'"),
    ("game totem players:", "missing name"),
    ("game totem players: A, , C", "missing name"),
    ("game totem players: Ann Bob Cid", "players are separated by commas"),
    ("game totem players: A, B, C life: 0", "starting life must be a whole number from 1"),
    ("game totem players: A, B, C life: 1000001", "from 1 to 1,000,000"),
    ("game totem players: A, B, C life 20", "Expected ':' after 'life'"),
    ("game totem players: A, B, C life: 20 life: 30", "'life' is given twice"),
    ("game totem players: A, B, C rules: chaos", "Unknown house rule 'chaos'"),
    ("game totem players: A, B, left", "'left' cannot be a name"),
    ("game totem players: A, B, 42", "'42' cannot be a name"),
    ("game totem players: A, B, C-D", "'C-D' cannot be a name"),
    ("game totem players: A, B, '", "cannot be a name: use one word"),
    ("game", "needs the format and the players"),
    ("game totem players: A, B, C commander commander", "'commander' is given twice"),
]


@pytest.mark.parametrize(("line", "message"), BAD_SETUPS)
def test_a_broken_setup_line_is_refused_with_one_sentence(line, message) -> None:
    with pytest.raises(SetupError, match=message):
        parse_setup(line)
