"""`help` teaches the whole language: every page reads in a terminal and in Discord, and every
example it shows is accepted by the parser and does what its page says."""

from __future__ import annotations

import re

import pytest

from totembot.console.interactive import CONSOLE_TOPIC, console_help
from totembot.games.magic.help.pages import (
    TOPICS,
    Example,
    Topic,
    all_examples,
    find_topic,
    help_text,
    topic_names,
)
from totembot.games.magic.language.phrases import VERBS, parse_line, parse_setup
from totembot.games.magic.language.requests import BY_VERB
from totembot.games.magic.render.text import describe_events
from totembot.games.magic.rules import HOUSE_RULES, Game, RuleViolation, new_game

DISCORD_MESSAGE_LIMIT = 2000
MARKDOWN = re.compile(r"[*_`~|@<>\\]|^\s*[#>-]", re.MULTILINE)

# What each example's reply says when it is played: the page's explanation must match it.
REPLIES = {
    ("requests", "Ann: deal 3 to Bob"): "Bob-Cid 20 -> 17, dealt by Ann",
    ("requests", "Bob loses 4 via left"): "Bob-Cid 20 -> 16",
    ("requests", "ann: DEAL 3 to bob via the Bob-Cid totem"): "Bob-Cid 20 -> 17, dealt by Ann",
    ("totems", "Ann: deal 3 to Bob"): "Bob-Cid 20 -> 17",
    ("totems", "Cid: gain 2 via the left totem"): "Cid-Ann 20 -> 22",
    ("totems", "Bob: poison 1 to Ann via Ann-Cid"): "Cid-Ann poison 0 -> 1",
    ("death", "Ann: deal 20 to Bob"): "Bob-Cid is dead (0 life); Bob is out: Bob-Cid died; "
    "Cid is out: Bob-Cid died; Game over: Ann wins",
    ("death", "Ann: attack Bob-Cid for 21 with commander"): "Bob-Cid 40 -> 19",
    ("rules", "Ann: pay 2 via left"): "Ann asks Bob to approve paying 2 life from Ann-Bob",
    ("rules", "Bob: poison 3 to Cid"): "Cid poison 0 -> 3",
    ("rules", "Ann: concede"): "Ann is out: conceded",
    ("deal", "Ann: deal 3 to Bob"): "Bob-Cid 20 -> 17",
    ("panel", "Ann: deal 3 to Bob via Bob-Cid"): "Bob-Cid 20 -> 17, dealt by Ann (for Bob)",
    ("deal", "Bob: deal 2 to Cid via left"): "Cid-Ann 20 -> 18",
    ("lose", "Cid: Bob loses 2"): "Ann-Bob 20 -> 18",
    ("lose", "Ann: lose 1 via right"): "Cid-Ann 20 -> 19",
    ("lose", "Bob loses 4 via left"): "Bob-Cid 20 -> 16",
    ("gain", "Cid: gain 2 via left"): "Cid-Ann 20 -> 22",
    ("gain", "Ann: Bob gains 3"): "Bob-Cid 20 -> 23",
    ("pay", "Ann: pay 2 via left"): "Ann-Bob 20 -> 18, paid by Ann",
    ("pay", "Cid: pay 3 via Bob-Cid"): "Bob-Cid 20 -> 17, paid by Cid",
    ("set", "Ann: set Bob life to 10"): "Bob-Cid 20 -> 10",
    ("set", "Ann: set Bob life to 30 counting right"): "Bob-Cid 20 -> 35",
    ("halve", "Ann: halve Bob"): "Bob-Cid 20 -> 10",
    ("halve", "Ann: halve Cid via right counting left"): "Bob-Cid 20 -> 13",
    ("attack", "Ann: attack Bob-Cid for 5"): "Bob-Cid 20 -> 15",
    ("attack", "Bob: attack left for 4 hitting Cid"): "Cid-Ann 20 -> 16 (combat damage to Cid",
    ("attack", "Ann: attack Bob-Cid for 6 with commander Tymna hitting Cid"): (
        "Bob-Cid 40 -> 34 (combat damage to Cid from Ann); Bob-Cid commander damage from "
        "Ann:Tymna 0 -> 6"
    ),
    ("poison", "Bob: poison 2 to Cid"): "Cid-Ann poison 0 -> 2",
    ("poison", "Bob: poison 2 to Ann via the Cid-Ann totem"): "Cid-Ann poison 0 -> 2",
    ("lock", "Ann: lock left"): "Ann-Bob locked by Ann",
    ("lock", "Ann: unlock Ann-Bob"): "Ann-Bob unlocked by Ann",
    ("approve", "Bob: approve"): "approved; Ann-Bob 9 -> 7, paid by Ann",
    ("approve", "Bob: deny"): "Ann's request to pay 2 from Ann-Bob was denied",
    ("concede", "Bob: concede"): "Bob is out: conceded",
    ("eliminate", "Ann: eliminate Cid"): "Cid is out: lost by another effect",
    ("win", "Cid: win"): "Game over: Cid wins",
    ("remove", "remove Cid"): "Cid is out: removed by the host",
    ("next", "next"): "Turn 2: Bob",
    ("undo", "undo"): "Undone: Ann: deal 3 to Bob",
    ("undo", "Bob: undo"): "Undone: Ann: win",
    ("get", "Ann: get 3 energy"): "Ann gets 3 energy (0 -> 3)",
    ("get", "Bob: Cid gets 2 ticket counters"): (
        "Cid gets 2 ticket counters (0 -> 2), recorded by Bob"
    ),
    ("get", "Ann: pay 2 energy"): "Ann pays 2 energy (3 -> 1)",
    ("get", "Cid: get the city's blessing"): "Cid gets the city's blessing for the rest of",
    ("become", "Ann: become the monarch"): "Ann becomes the monarch",
    ("become", "Bob takes the initiative"): "Bob takes the initiative: venture into the Undercity",
    ("it", "it becomes day"): "It becomes day",
    ("ring", "Ann: the ring tempts you"): "The Ring tempts Ann (once): your Ring-bearer is",
    ("deck", "Ann: deck Atraxa"): "Ann plays Atraxa",
    ("cast", "Ann: cast commander"): (
        "Commander Ann cast from the command zone (1st cast, no tax); the next cast costs 2 more"
    ),
    ("roll", "Ann: roll 2d6 giving 3 5"): "Ann rolled 2d6: 3, 5 (total 8)",
    ("roll", "flip a coin giving tails"): "The host flipped a coin: tails",
    ("roll", "Bob: choose a player at random giving Cid"): "Bob chose a player at random: Cid",
}
SETUPS = {
    "game totem players: Ann, Bob, Cid": (("Ann", "Bob", "Cid"), 20, ()),
    "game totem players: Ann, Bob, Cid, Dan commander rules: half-life-consent": (
        ("Ann", "Bob", "Cid", "Dan"),
        40,
        ("half-life-consent",),
    ),
    "game totem players: Ann, Bob, Cid, Dan, Eve life: 30": (
        ("Ann", "Bob", "Cid", "Dan", "Eve"),
        30,
        (),
    ),
    "game totem players: Ann, Bob, Cid rules: player-poison, sorcery-concede": (
        ("Ann", "Bob", "Cid"),
        20,
        ("player-poison", "sorcery-concede"),
    ),
}
REQUEST_EXAMPLES = [
    pytest.param(topic, example, id=f"{topic.name}: {example.line}")
    for topic, example in all_examples()
    if not example.line.startswith("game ")
]


def game_before(example: Example) -> Game:
    """A fresh game of the example's setup with its earlier lines played."""
    game = Game(new_game(parse_setup(example.setup)))
    for line in example.before:
        parsed = parse_line(line)
        assert parsed is not None
        game.record(parsed.request(host=True))
    return game


@pytest.mark.parametrize(("topic", "example"), REQUEST_EXAMPLES)
def test_every_example_request_is_accepted_and_does_what_its_page_says(
    topic: Topic, example: Example
) -> None:
    parsed = parse_line(example.line)
    assert parsed is not None
    outcome = game_before(example).record(parsed.request(host=True))
    assert REPLIES[(topic.name, example.line)] in describe_events(outcome.events)


def test_every_example_setup_line_sets_the_game_it_describes() -> None:
    setups = [example.line for _topic, example in all_examples() if example.line[:5] == "game "]
    assert sorted(setups) == sorted(SETUPS)
    for line in setups:
        config = parse_setup(line)
        new_game(config)
        assert (config.players, config.life, config.house_rules) == SETUPS[line]


def test_no_example_goes_unchecked() -> None:
    requests = {(topic.name, ex.line) for topic, ex in all_examples() if ex.line not in SETUPS}
    assert requests == set(REPLIES)


def test_every_verb_of_the_language_has_a_page_with_an_example_of_it() -> None:
    for verb in VERBS:
        page = find_topic(verb)
        assert page is not None, verb
        phrases = [parse_line(example.line) for example in page.examples]
        kinds = {phrase.intent.kind for phrase in phrases if phrase is not None}
        assert BY_VERB[verb].kind in kinds, verb
        assert verb in " ".join(page.forms)


def test_the_sorcery_concede_example_is_refused_off_turn_as_the_page_says() -> None:
    example = next(ex for topic, ex in all_examples() if ex.line == "Ann: concede")
    parsed = parse_line("Bob: concede")
    assert parsed is not None
    with pytest.raises(RuleViolation, match="only during their own turn"):
        game_before(example).record(parsed.request(host=True))


def test_help_without_a_topic_lists_every_topic_and_each_resolves() -> None:
    index = help_text()
    for name in topic_names():
        assert re.search(rf"\b{name}\b", index), name
        assert find_topic(name) is not None
    assert {find_topic(name) for name in topic_names()} == set(TOPICS)


@pytest.mark.parametrize(
    ("asked", "page"),
    [
        ("unlock", "lock"),
        ("deny", "approve"),
        ("loses", "lose"),
        ("house", "rules"),
        ("half-life-consent", "rules"),
        ("HALVE", "halve"),
        (" Totems ", "totems"),
        ("left", "totems"),
        ("setup", "game"),
    ],
)
def test_aliases_and_any_case_reach_the_page(asked: str, page: str) -> None:
    assert help_text(asked) == help_text(page)
    assert help_text(asked).startswith(f"{page}: ")


def test_an_unknown_topic_is_one_sentence_listing_the_topics() -> None:
    text = help_text("frobnicate")
    assert "\n" not in text
    assert text.startswith("There is no help on 'frobnicate':")
    assert text.endswith(".") and text.count(". ") == 0
    assert all(name in text for name in topic_names())


def test_the_house_rules_page_names_and_explains_every_rule() -> None:
    text = help_text("rules")
    for rule in HOUSE_RULES:
        assert re.search(rf"^{rule}: \w+", text, re.MULTILINE), rule
    assert "below half the starting life" in text
    assert "poison counters go on players" in text
    assert "only during their own turn" in text


def test_the_totems_page_says_what_left_and_right_mean_as_rules_md_does() -> None:
    text = help_text("totems")
    assert "left is the player's totem shared with the next player in turn order" in text
    assert "right is the one shared with the previous player" in text
    assert "Bob's left is Bob-Cid and his right is Ann-Bob" in text
    assert "in either order" in text


@pytest.mark.parametrize("asked", [None, "frob*_`|", *topic_names()])
def test_every_page_is_plain_text_that_fits_in_one_discord_message(asked: str | None) -> None:
    text = help_text(asked, ask="/totem help")
    assert len(text) <= DISCORD_MESSAGE_LIMIT
    assert MARKDOWN.search(text) is None, MARKDOWN.search(text)


def test_the_console_adds_its_own_page_and_wraps_to_the_terminal() -> None:
    assert "console: this console's own commands" in console_help(None, width=100)
    page = console_help("console", width=60)
    assert all(len(line) <= 60 for line in page.splitlines())
    assert "Ctrl-R" in page and "Tab completes" in page
    assert "console" in console_help("nope", width=1000)
    assert CONSOLE_TOPIC not in TOPICS  # Discord's help has no console page
