"""Arbitrary text at the phrase reader and at a running game: only clear refusals come back.

Whatever a user types (any Unicode but surrogates, control characters, very long lines, digits
of other scripts, Discord markdown and mentions, zero-width and direction-changing characters,
lines that start like real phrases and then go wrong), `parse_line` and `Game.record` either
accept it or raise RuleViolation with one short printable sentence, and a refusal changes
nothing. The same holds for the setup line, `parse_setup` and `new_game`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from tests.depth import examples
from tests.property.test_rules_properties import check_state
from totembot.games.magic.language.phrases import (
    format_request,
    format_setup,
    parse_line,
    parse_setup,
)
from totembot.games.magic.rules import Config, Game, RuleViolation, new_game

SETTINGS = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LONGEST_MESSAGE = 400
LONGEST_LINE = 20_000
# Direction-changing characters that must never reach a reply unescaped.
BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

SETUP = "game totem players: Ann, Bob, Cid, Dee commander rules: half-life-consent, player-poison"
HISTORIES = {
    "a fresh game": [],
    "a game with a lock, a waiting payment and a player out": [
        "Cid: Bob loses 30 via Ann-Bob",
        "Ann: lock right",
        "Ann: pay 1 via left",
        "Dee: concede",
        "next",
    ],
    "a finished game": ["Ann: win"],
}
REAL_LINES = [
    "Ann: deal 3 to Bob via left",
    "Bob loses 2 via the right totem",
    "gain 4",
    "Cid: pay 1 via Bob-Cid",
    "Ann: attack Bob-Cid for 7 with commander Tymna hitting Cid",
    "Bob: poison 2 to Cid via right",
    "set Bob life to -5 via left counting right",
    "halve Cid via the Cid-Dee totem",
    "Ann: lock left",
    "Ann: unlock the left totem",
    "Bob: approve",
    "Bob: deny",
    "Cid: concede",
    "eliminate Dee",
    "Ann: win",
    "remove Cid",
    "next",
    "undo",
    "Ann: undo",
]
WORDS = """
    deal lose loses gain gains pay attack poison set halve lock unlock approve deny concede
    eliminate win remove next undo via the totem to for with commander hitting counting life
    left right players game rules
    Ann Bob Cid Dee ann BOB Zed Ann-Bob Bob-Cid Cid-Ann Ann-Ann Ann- -Bob Ann-Bob-Cid
    Ann: Bob: : :: # - -- , ,,
    0 1 3 -3 -0 007 1000000 1000001 -1000000 -1000001 999999999 1000000000
    99999999999999999999999 1e3 3.5 0x10 1_000 +3 ３ ٣ ١٢ ۳ ³ ½ Ⅻ 𝟑
    ** __ ~~ || ` ``` > >>> <@123> <@!456> <#789> <@&42> @everyone @here
    :tada: <:totem:123456789012345678> https://example.com/a#b ſet İ ß ﬀ Å
"""
TOKENS = [
    *WORDS.split(),
    "A\u030a",
    "\u200b",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u202e",
    "\u202d",
    "\u2066",
    "\u2069",
    "\u200f",
    "\x00",
    "\x07",
    "\x1b[31m",
    "\r",
    "\n",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x85",
    "\u2028",
    "\u2029",
    "\xa0",
    "\u3000",
]
SEPARATORS = [" ", " ", "  ", "\t", "", "\u200b", "\xa0", "\n", "\u202e", "\x00"]

ANY_TEXT = st.text(max_size=300)  # all of Unicode but surrogates, control characters included
# Strategies are built once, not for every draw: building one (validation, emptiness and label
# checks) costs far more than drawing from it. Each union below is the same union as before,
# so what is generated is unchanged.
ANY_TOKEN = st.sampled_from(TOKENS)
TOKEN_LISTS = st.lists(ANY_TOKEN | st.text(max_size=4), max_size=30)
ANY_SEPARATOR = st.sampled_from(SEPARATORS)
COIN = st.booleans()


@st.composite
def token_texts(draw: st.DrawFn) -> str:
    """Words of the language and of Discord, odd digits and invisible characters, mixed."""
    words = draw(TOKEN_LISTS)
    return "".join(draw(ANY_SEPARATOR) + word for word in words)


TOKEN_TEXT = token_texts()


LONG_PIECES = st.sampled_from(["A", "Ann", "9", "٣", "x_", "\u200b", " ", "a-b ", "deal "])
PIECES = LONG_PIECES | st.sampled_from(TOKENS) | st.text(min_size=1, max_size=8)
LONG_STARTS = ["", "Ann: ", "deal ", "deal 3 to ", "Ann: attack Bob-Cid for ", "Ann: set "]
LONG_ENDS = st.sampled_from(["", ":", ": deal 3 to Bob", " to Bob", " via left", "-Bob"])


@cache
def repeats(most: int) -> st.SearchStrategy[int]:
    return st.integers(1, most)


@cache
def long_starts(starts: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.sampled_from(starts) | st.sampled_from(LONG_STARTS)


@st.composite
def long_lines(draw: st.DrawFn, starts: tuple[str, ...] = ("",)) -> str:
    """Up to ~20,000 characters: a short piece repeated, between a start and an end."""
    piece = draw(PIECES)
    times = draw(repeats(LONGEST_LINE // len(piece)))
    start = draw(long_starts(starts))
    end = draw(LONG_ENDS)
    return start + piece * times + end


ANY_REAL_LINE = st.sampled_from(REAL_LINES)
SWAPPED_WORDS = st.sampled_from(TOKENS) | ANY_TEXT
TAILS = st.just("") | st.sampled_from(TOKENS) | TOKEN_TEXT | ANY_TEXT


@cache
def up_to(most: int) -> st.SearchStrategy[int]:
    return st.integers(0, most)


@st.composite
def gone_wrong(draw: st.DrawFn) -> str:
    """A real line cut anywhere, or with a word swapped, then followed by anything."""
    line = draw(ANY_REAL_LINE)
    if draw(COIN):
        line = line[: draw(up_to(len(line)))]
    else:
        words = line.split(" ")
        at = draw(up_to(len(words) - 1))
        words[at] = draw(SWAPPED_WORDS)
        line = " ".join(words)
    return line + draw(TAILS)


WHITESPACE = [" ", "  ", "\t", "\xa0", "\u3000", "\u2028", "\x1c", "\x85", "\u2003"]
ANY_WHITESPACE = st.sampled_from(WHITESPACE)
ODD_CHARACTERS = st.sampled_from(TOKENS) | st.characters()


@cache
def cased(word: str) -> st.SearchStrategy[str]:
    return st.sampled_from([word, word.upper(), word.lower()])


@st.composite
def almost_right(draw: st.DrawFn) -> str:
    """A real line in odd case and odd whitespace, perhaps with one odd character slipped in."""
    words = draw(ANY_REAL_LINE).split(" ")
    words = [draw(cased(word)) for word in words]
    text = words[0] + "".join(draw(ANY_WHITESPACE) + word for word in words[1:])
    if draw(COIN):
        at = draw(up_to(len(text)))
        odd = draw(ODD_CHARACTERS)
        text = text[:at] + odd + text[at:]
    return text


USER_TEXT = st.one_of(ANY_TEXT, TOKEN_TEXT, long_lines(), gone_wrong(), almost_right())


def check_refusal(refusal: RuleViolation) -> None:
    """One clear sentence: a single line, not empty, short, printable, no direction changes
    (str.isprintable is false for control, format, line and paragraph separator characters)."""
    message = str(refusal)
    assert message.strip(), "an empty refusal"
    assert message.endswith((".", "?", "!")), message
    assert message.splitlines() == [message], f"a refusal on several lines: {message!r}"
    assert len(message) <= LONGEST_MESSAGE, f"a refusal of {len(message)} characters"
    unprintable = [char for char in message if not char.isprintable()]
    assert not unprintable, f"control or invisible characters in a refusal: {message!r}"
    assert not BIDI & set(message), f"a direction change in a refusal: {message!r}"


def running_game(history: str) -> Game:
    game = Game(new_game(parse_setup(SETUP)))
    for line in HISTORIES[history]:
        parsed = parse_line(line)
        assert parsed is not None
        game.record(parsed.request(host=True))
    return game


@settings(SETTINGS, max_examples=examples(1500))
@given(text=USER_TEXT, history=st.sampled_from(sorted(HISTORIES)), host=st.booleans())
@example(
    text="Ann: attack Bob-Cid for 3 with commander " + "T" * 5000, history="a fresh game", host=True
)
@example(text="\u202eAnn: deal 3 to Bob\u202c", history="a fresh game", host=True)
@example(text="Ann: deal ３ to Bob", history="a fresh game", host=True)
def test_any_text_is_read_and_recorded_or_refused_with_one_short_clear_sentence(
    text, history, host
) -> None:
    game = running_game(history)
    before = game.state
    try:
        parsed = parse_line(text)
    except RuleViolation as refusal:
        event("the line is refused")
        check_refusal(refusal)
        return
    if parsed is None:
        event("the line is blank or a comment")
        return
    request = parsed.request(host=host)
    again = parse_line(format_request(request))
    assert again is not None and again.intent == request.intent
    try:
        game.record(request)
    except RuleViolation as refusal:
        event("the line is read, the game refuses it")
        check_refusal(refusal)
        assert game.state == before, f"{text!r} was refused but changed the game"
    else:
        event("the line is read and recorded")
        check_state(game.state)


LONG_NAMES = st.builds(lambda piece, times: piece * times, LONG_PIECES, st.integers(1, 2000))
NAME_LISTS = st.lists(
    st.sampled_from(["Ann", "Bob", "Cid", "Zoë", "O'Neil", "٣", "_", "x_1", "left", "A-B"])
    | st.text(max_size=12)
    | LONG_NAMES,
    max_size=10,
)


@st.composite
def player_lists(draw: st.DrawFn) -> str:
    """Names good and bad, long ones, and now and then one twice (in another case)."""
    names = draw(NAME_LISTS)
    if names and draw(COIN):
        twice = draw(st.sampled_from(names))
        names.insert(draw(up_to(len(names))), draw(st.sampled_from([twice.upper(), twice])))
    return ", ".join(names)


PLAYER_LIST = player_lists()
SETUP_OPTIONS = st.lists(
    st.sampled_from(
        [
            "commander",
            "life: 30",
            "life: 0",
            "life: 1000001",
            "life: ٣٠",
            "life: -5",
            "life:",
            "rules: player-poison",
            "rules: half-life-consent, sorcery-concede",
            "rules: player-poison, player-poison",
            "rules: nope",
            "rules:",
            "Rules: PLAYER-POISON",
        ]
    )
    | TOKEN_TEXT,
    max_size=4,
).map(" ".join)
GOOD_SETUP = st.builds(
    lambda players, options: f"game totem players: {', '.join(players)} {' '.join(options)}",
    st.lists(
        st.sampled_from(["Ann", "Bob", "Cid", "Dee", "Zoë", "O'Neil", "x_1", "ann", "Eve"]),
        min_size=3,
        max_size=9,
    ),
    st.lists(st.sampled_from(["commander", "life: 30", "rules: player-poison"]), max_size=3),
)
SETUP_TEXT = st.one_of(
    GOOD_SETUP,
    ANY_TEXT,
    TOKEN_TEXT,
    long_lines(starts=("game totem players: Ann, Bob, ", "game totem players: ")),
    st.builds(
        lambda head, players, options: f"{head} {players} {options}",
        st.sampled_from(["game totem players:", "GAME Totem Players :", "game totem", "game"]),
        PLAYER_LIST,
        SETUP_OPTIONS,
    ),
)


@settings(SETTINGS, max_examples=examples(1000))
@given(text=SETUP_TEXT)
@example(text="game totem players: Ann, Bob, " + "C" * 5000)
def test_any_setup_text_sets_a_game_up_or_is_refused_with_one_short_clear_sentence(text) -> None:
    try:
        config = parse_setup(text)
    except RuleViolation as refusal:
        event("the setup line is refused")
        check_refusal(refusal)
        return
    try:
        state = new_game(config)
    except RuleViolation as refusal:
        event("the setup is read, new_game refuses it")
        check_refusal(refusal)
        return
    event("a game is set up")
    assert state.config == config
    assert parse_setup(format_setup(config)) == config


# Regressions found by the fuzzing above: a name is echoed in a refusal without being clipped,
# so a long enough name makes a refusal of any length (RULES.md: "one clear sentence").
LONG_NAME = "A" * 500


def refusal_of(action: Callable[[], object]) -> RuleViolation:
    try:
        action()
    except RuleViolation as refusal:
        return refusal
    raise AssertionError("expected a refusal")


def test_a_long_speaker_name_with_nothing_after_it_is_refused_in_a_short_sentence() -> None:
    # "Nothing follows '<the whole name>:'" echoes the speaker unclipped (552 characters).
    check_refusal(refusal_of(lambda: parse_line(LONG_NAME + ":")))


def test_a_long_all_digit_speaker_is_refused_in_a_short_sentence() -> None:
    # "'<the whole number>' cannot be the speaker: it would read as a number" (552 characters).
    check_refusal(refusal_of(lambda: parse_line("1" * 500 + ": deal 3 to Bob")))


def test_a_long_all_digit_player_name_in_the_setup_is_refused_in_a_short_sentence() -> None:
    # "In the player list, '<the whole number>' cannot be a name: ..." (567 characters).
    check_refusal(refusal_of(lambda: parse_setup("game totem players: Ann, Bob, " + "9" * 500)))


def test_a_long_name_given_twice_in_the_setup_is_refused_in_a_short_sentence() -> None:
    # A name of more than 32 characters is refused by the setup line; a game built directly
    # (as a test or a future format might) still refuses duplicates in a short sentence.
    setup = f"game totem players: Ann, {LONG_NAME}, {LONG_NAME.lower()}"
    check_refusal(refusal_of(lambda: parse_setup(setup)))
    config = Config(players=("Ann", LONG_NAME, LONG_NAME.lower()))
    check_refusal(refusal_of(lambda: new_game(config)))


def test_a_game_with_a_long_player_name_refuses_a_stranger_in_a_short_sentence() -> None:
    # "There is no player named Zed in this game (players: ...)" lists every name, clipped.
    game = Game(new_game(Config(players=("Ann", "Bob", LONG_NAME))))
    parsed = parse_line("Zed: next")
    assert parsed is not None
    check_refusal(refusal_of(lambda: game.record(parsed.request(host=True))))
