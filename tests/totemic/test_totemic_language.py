"""Totemic's phrases, as TOTEMIC.md names them and RULES.md "The phrase language" reads them:
`Speaker: phrase`, the host's line with no speaker, and the way back to text.
"""

from __future__ import annotations

import pytest

from totembot.core.errors import RuleViolation
from totembot.games.totemic.language.phrases import (
    VERBS,
    format_intent,
    format_request,
    parse_line,
    parse_phrase,
)
from totembot.games.totemic.rules.intents import Actor, Request

PHRASES = [
    # (phrase, kind, fields)
    ("draw", "draw", {}),
    ("invoke", "invoke", {}),
    ("challenge", "challenge", {}),
    ("accept", "accept", {}),
    ("threaten", "threaten", {}),
    ("submit", "submit", {}),
    ("reveal 12", "reveal", {"strength": 12}),
    ("reveal 0", "reveal", {"strength": 0}),
    ("next", "next", {}),
    ("gain 3", "gain", {"target": None, "amount": 3}),
    ("lose 4", "lose", {"target": None, "amount": 4}),
    ("Bob gains 5", "gain", {"target": "Bob", "amount": 5}),
    ("Bob loses 1000000", "lose", {"target": "Bob", "amount": 1000000}),
    ("dominance", "dominance", {}),
    ("reshuffle", "reshuffle", {}),
    ("undo", "undo", {}),
]


@pytest.mark.parametrize(("phrase", "kind", "fields"), PHRASES)
def test_every_phrase_reads_to_its_intent(phrase: str, kind: str, fields: dict) -> None:
    parsed = parse_line(f"Ann: {phrase}")
    assert parsed is not None
    assert parsed.speaker == "Ann"
    assert parsed.intent.kind == kind
    for name, value in fields.items():
        assert getattr(parsed.intent, name) == value
    assert parse_phrase(phrase) == parsed.intent


@pytest.mark.parametrize(("phrase", "kind", "fields"), PHRASES)
def test_every_intent_is_written_back_to_a_phrase_that_reads_the_same(
    phrase: str, kind: str, fields: dict
) -> None:
    intent = parse_phrase(phrase)
    assert parse_phrase(format_intent(intent)) == intent


@pytest.mark.parametrize(("phrase", "kind", "fields"), PHRASES)
@pytest.mark.parametrize("speaker", [None, "Ann", "Badger"])
def test_every_request_is_written_back_to_a_line_that_reads_the_same(
    phrase: str, kind: str, fields: dict, speaker: str | None
) -> None:
    line = f"{speaker}: {phrase}" if speaker else phrase
    parsed = parse_line(line)
    assert parsed is not None
    request = parsed.request(host=True)
    again = parse_line(format_request(request))
    assert again is not None
    assert again.request(host=True) == request


def test_a_line_with_no_speaker_is_the_hosts() -> None:
    # RULES.md: "A line with no speaker is recorded by the host"
    parsed = parse_line("next")
    assert parsed is not None and parsed.speaker is None
    assert parsed.request(host=True) == Request(actor=Actor(host=True), intent=parsed.intent)


def test_a_line_with_a_speaker_is_the_speakers() -> None:
    parsed = parse_line("Bob: reveal 7")
    assert parsed is not None
    request = parsed.request(host=True)
    assert request.actor.player == "Bob"
    assert not request.actor.host
    assert not request.is_undo
    assert parse_line("undo") is not None and parse_line("undo").request(host=True).is_undo


@pytest.mark.parametrize("line", ["", "   ", "# a comment", "  # Ann: draw"])
def test_blank_and_comment_lines_are_no_request(line: str) -> None:
    assert parse_line(line) is None


def test_a_comment_after_a_phrase_is_ignored() -> None:
    parsed = parse_line("Ann: gain 3  # Lucky find")
    assert parsed is not None
    assert parsed.intent == parse_phrase("gain 3")


@pytest.mark.parametrize(
    "line",
    [
        "Ann: dance",
        "Ann: draw twice",
        "Ann: reveal",
        "Ann: reveal x",
        "Ann: gain",
        "Ann: gain three",
        "Ann: Bob loses",
        "Ann: Bob loses 3 more",
        "Ann: reshuffle now",
        "Ann: next Bob",
    ],
)
def test_an_unreadable_line_is_refused_with_one_sentence(line: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        parse_line(line)
    assert str(refusal.value).strip() and "\n" not in str(refusal.value)


@pytest.mark.parametrize(
    ("phrase", "same"),
    [
        ("DRAW", "draw"),
        ("Reveal 3", "reveal 3"),
        ("Bob GAINS 2", "Bob gains 2"),
        ("Dominance", "dominance"),
        ("RESHUFFLE", "reshuffle"),
        ("Next", "next"),
        ("UNDO", "undo"),
    ],
)
def test_keywords_read_whatever_their_case(phrase: str, same: str) -> None:
    # RULES.md: "Keywords are case-insensitive."
    assert parse_phrase(phrase) == parse_phrase(same)


def test_the_verbs_are_totemics() -> None:
    assert {
        "draw",
        "invoke",
        "challenge",
        "accept",
        "threaten",
        "submit",
        "reveal",
        "next",
        "gain",
        "lose",
        "dominance",
        "reshuffle",
        "undo",
    } <= set(VERBS)
