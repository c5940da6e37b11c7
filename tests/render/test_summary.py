"""The summary of a game: its exact words for hand-made stories, and an embed that keeps within
every one of Discord's limits however large the story."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.render.test_chart import (
    T0,
    draw_story,
    exit_,
    ffa_story,
    giant_story,
    going_story,
    match_story,
    solo_story,
    told_example,
    totem_story,
    twenty_story,
)
from tests.story.tellers import EXAMPLES, ROOT
from totembot.core.story import CommanderTally, Exit, Hit, Story
from totembot.render.chart import headline
from totembot.render.summary import (
    duration_words,
    exit_line,
    hit_line,
    summary_embed,
    summary_text,
)

MAX_TITLE, MAX_DESCRIPTION, MAX_FIELD_NAME, MAX_FIELD, MAX_FIELDS, MAX_TOTAL = (
    256,
    4096,
    256,
    1024,
    25,
    6000,
)  # Discord's embed limits


def test_the_text_of_a_totem_game_names_the_winners_the_length_the_exits_and_the_hits() -> None:
    assert summary_text(totem_story()) == "\n".join(
        [
            "Totem · Ann and Dan won",
            "5 turns, 31 min",
            "Out:",
            "  Turn 5: Bob lost: Bob-Cid died",
            "  Turn 5: Cid lost: Bob-Cid died",
            "Biggest hit: Cid dealt 9 to Ann-Bob on turn 4",
            "Commander damage:",
            "  Ann dealt 13 to Cid",
        ]
    )


def test_the_text_of_a_free_for_all_with_a_concession_and_commander_damage() -> None:
    assert summary_text(ffa_story()) == "\n".join(
        [
            "Free-for-all · Ann won",
            "9 turns, 1 h 13 min",
            "Out:",
            "  Turn 4: Cid conceded",
            "  Turn 8: Bob lost: 21 commander damage from Zur",
            "  Turn 9: Dan lost: life 0 or less",
            "Biggest hit: Ann dealt 14 to Dan on turn 9",
            "Commander damage:",
            "  Zur dealt 21 to Bob",
            "  Tymna dealt 7 to Cid",
            "  Zur dealt 5 to Dan",
        ]
    )


def test_the_text_of_a_giant_game_a_match_and_a_solo_ladder_ends_with_their_notes() -> None:
    assert summary_text(giant_story()) == "\n".join(
        [
            "Two-Headed Giant · Ann and Bob won",
            "3 turns, 20 min",
            "Out:",
            "  Turn 3: Cid lost: 15 poison counters",
            "  Turn 3: Dan lost: 15 poison counters",
            "Biggest hit: Cid dealt 10 to Ann+Bob on turn 2",
        ]
    )
    assert summary_text(match_story()) == "\n".join(
        [
            "Totemic · Ann won",
            "12 turns, 45 min",
            "Out:",
            "  Turn 12: Bob lost: power 0 or less in game 3",
            "Biggest hit: Ann dealt 30 to Bob on turn 5",
            "Game 1: Ann won, 19 to −22",
            "Game 2: Bob won, 30 to −2",
            "Ann won 2 games to 1",
        ]
    )
    assert summary_text(solo_story()).splitlines()[-3:] == [
        "Ann beat Badger, 6 to −3",
        "Bat beat Ann, 19 to −1",
        "Wolf was never reached",
    ]


def test_the_text_of_a_draw_and_of_a_game_still_going() -> None:
    assert summary_text(draw_story()) == "\n".join(
        [
            "Free-for-all · a draw",
            "3 turns, 8 min",
            "Out:",
            "  Turn 2: Bob lost: 10 poison counters",
            "  Turn 2: Cid lost: 21 commander damage from Ann:Tymna",
            "  Turn 3: Ann lost: life 0 or less",
            "  Turn 3: Dan lost: life 0 or less",
            "Biggest hit: Cid dealt 25 to Dan on turn 2",
            "Commander damage:",
            "  Ann:Tymna dealt 21 to Cid",
            "  Bob dealt 5 to Ann",
        ]
    )
    assert summary_text(going_story()) == "\n".join(
        [
            "Totem · turn 5, still going",
            "Biggest hit: Ann dealt 6 to Bob-Cid on turn 1",
            "Commander damage:",
            "  Ann dealt 6 to Bob",
        ]
    )
    so_far = replace(going_story(), ended_at="2026-03-01T19:12:00.000+00:00")
    assert summary_text(so_far).splitlines()[1] == "12 min so far"


def test_a_game_with_nothing_to_tell_is_its_title_and_length() -> None:
    quiet = replace(
        going_story(), finished=True, winners=("Ann",), turns=1, biggest_hit=None, ended_at=None
    )
    assert summary_text(replace(quiet, commander_damage=())) == "Totem · Ann won\n1 turn"
    silent = replace(going_story(), biggest_hit=None, commander_damage=())
    assert summary_text(silent) == "Totem · turn 5, still going"
    assert "description" not in summary_embed(silent)  # Discord refuses an empty one


@pytest.mark.parametrize(
    ("ended_at", "words"),
    [
        ("2026-03-01T20:12:00.000+00:00", "1 h 12 min"),
        ("2026-03-01T19:08:00.000+00:00", "8 min"),
        ("2026-03-01T19:08:40.000+00:00", "9 min"),
        ("2026-03-01T21:00:10.000+00:00", "2 h"),
        ("2026-03-01T19:00:20.000+00:00", "under 1 min"),
        ("2026-03-02T19:01:00Z", "24 h 1 min"),
        ("2026-03-01T18:00:00.000+00:00", None),  # before it started: unknown
        ("2026-03-01T19:30:00", None),  # no time zone, the start has one: unknown
        ("yesterday", None),
        (None, None),
    ],
)
def test_how_long_a_game_took(ended_at: str | None, words: str | None) -> None:
    assert duration_words(T0, ended_at) == words
    assert duration_words(None, ended_at) is None


def test_an_exit_says_its_reason_unless_the_reason_only_repeats_the_status() -> None:
    assert exit_line(exit_("Bob", 5, "lost", "Bob-Cid died", "life", 1)) == (
        "Turn 5: Bob lost: Bob-Cid died"
    )
    assert exit_line(exit_("Cid", 4, "conceded", "conceded", "conceded", 1)) == (
        "Turn 4: Cid conceded"
    )
    assert exit_line(exit_("Cid", 4, "lost", "lost to 10 poison", "poison", 1)) == (
        "Turn 4: Cid lost to 10 poison"
    )
    assert exit_line(exit_("Hal", 1, "removed", "", "removed", 1)) == "Turn 1: Hal removed"


def test_the_biggest_hit_names_who_dealt_it_when_the_log_knows() -> None:
    assert hit_line(Hit(9, "Ann-Bob", "Cid", 4, "damage")) == "Cid dealt 9 to Ann-Bob on turn 4"
    assert hit_line(Hit(9, "Ann-Bob", None, 4, "loss")) == "Ann-Bob lost 9 on turn 4"
    assert hit_line(Hit(2, "Ann", "Ann", 3, "loss")) == "Ann lost 2 on turn 3"


def test_the_embed_of_a_free_for_all() -> None:
    assert summary_embed(ffa_story()) == {
        "title": "Free-for-all · Ann won",
        "description": "9 turns, 1 h 13 min\n**Biggest hit:** Ann dealt 14 to Dan on turn 9",
        "color": 0xF1C40F,
        "image": {"url": "attachment://totem-chart.png"},
        "fields": [
            {
                "name": "Out",
                "value": "Turn 4: Cid conceded\n"
                "Turn 8: Bob lost: 21 commander damage from Zur\n"
                "Turn 9: Dan lost: life 0 or less",
                "inline": False,
            },
            {
                "name": "Commander damage",
                "value": "Zur dealt 21 to Bob\nTymna dealt 7 to Cid\nZur dealt 5 to Dan",
                "inline": False,
            },
        ],
    }


def test_the_embed_colour_is_gold_for_a_win_grey_for_a_draw_green_while_going() -> None:
    assert summary_embed(draw_story())["color"] == 0x95A5A6
    assert summary_embed(going_story())["color"] == 0x2ECC71
    match = summary_embed(match_story())
    assert match["color"] == 0xF1C40F
    assert match["description"].splitlines()[-1] == "Ann won 2 games to 1"


def test_names_are_escaped_for_discord_markdown_and_mentions_are_defused() -> None:
    story = replace(
        ffa_story(),
        winners=("*Ann*",),
        exits=(exit_("_Bob_", 2, "lost", "hit by `Cid`", "life", 1),),
        biggest_hit=Hit(5, "@everyone", "<@123>", 2, "damage"),
        commander_damage=(CommanderTally("Zur|Zur", "~~Bob~~", 21),),
    )
    embed = summary_embed(story)
    assert embed["title"] == r"Free-for-all · \*Ann\* won"
    assert embed["fields"][0]["value"] == r"Turn 2: \_Bob\_ lost: hit by \`Cid\`"
    assert embed["fields"][1]["value"] == r"Zur\|Zur dealt 21 to \~\~Bob\~\~"
    assert "<\u200b@\u200b123> dealt 5 to @\u200beveryone" in embed["description"]


def embed_length(embed: dict[str, Any]) -> int:
    fields = embed.get("fields", [])
    return (
        len(embed.get("title", ""))
        + len(embed.get("description", ""))
        + sum(len(field["name"]) + len(field["value"]) for field in fields)
        + len(embed.get("footer", {}).get("text", ""))
    )


def assert_within_discord_limits(embed: dict[str, Any]) -> None:
    assert len(embed["title"]) <= MAX_TITLE
    assert 0 < len(embed.get("description", "-")) <= MAX_DESCRIPTION
    fields = embed.get("fields", [])
    assert len(fields) <= MAX_FIELDS
    for field in fields:
        assert 0 < len(field["name"]) <= MAX_FIELD_NAME
        assert 0 < len(field["value"]) <= MAX_FIELD
    assert embed_length(embed) <= MAX_TOTAL


def huge_story() -> Story:
    """Everything as long as it gets: 20 exits, long names full of markdown, 30 tallies."""
    name = "**_Bartholomew~~Fitzgerald|Smythe`_**"  # 37 characters, most of them escaped
    names = [f"{name}{k:02d}" for k in range(40)]
    exits = tuple(
        Exit(names[k], k + 2, "lost", f"{names[k + 1]} dealt the last {'blow ' * 20}", "life", T0)
        for k in range(20)
    )
    tallies = tuple(CommanderTally(names[k], names[39 - k], 30 - k) for k in range(30))
    return replace(
        twenty_story(),
        winners=tuple(names[20:]),
        exits=exits,
        commander_damage=tallies,
        biggest_hit=Hit(99, names[1], names[2], 3, "damage"),
        notes=tuple(f"Note {k}: " + "ab* " * 100 for k in range(20)),
    )


def test_the_embed_of_a_huge_story_keeps_within_every_discord_limit() -> None:
    embed = summary_embed(huge_story())
    assert_within_discord_limits(embed)
    out, commanders = embed["fields"]
    assert out["value"].splitlines()[-1].startswith("… ") or len(out["value"].splitlines()) == 20
    assert commanders["value"].splitlines()[-1].startswith("… ")
    assert embed["description"].splitlines()[-1].endswith("more lines")
    assert embed["title"] == "Free-for-all · 20 players won"
    assert embed["description"].startswith(r"Won: \*\*\_Bartholomew\~\~Fit…, ")
    fewer = summary_embed(replace(huge_story(), winners=huge_story().winners[:8]))
    assert fewer["title"].count("Bartholomew") == 8
    assert_within_discord_limits(fewer)


def test_every_story_makes_an_embed_within_the_limits() -> None:
    stories = [totem_story, ffa_story, giant_story, match_story, solo_story, twenty_story]
    for story in [make() for make in stories] + [draw_story(), going_story()]:
        embed = summary_embed(story)
        assert_within_discord_limits(embed)
        assert embed["image"] == {"url": "attachment://totem-chart.png"}


# --- every example script, as the bot would tell it -----------------------------------------------


def test_the_summary_of_the_free_for_all_and_the_totemic_examples() -> None:
    assert summary_text(told_example(ROOT / "examples" / "free-for-all.totem")) == "\n".join(
        [
            "Free-for-all · a draw",
            "3 turns, 19 min",
            "Out:",
            "  Turn 2: Bob lost: 10 poison counters",
            "  Turn 2: Cid lost: 21 combat damage from commander Ann:Tymna",
            "  Turn 3: Ann lost: -1 life",
            "  Turn 3: Dan lost: -5 life",
            "Biggest hit: Dan dealt 15 to Ann on turn 3",
            "Commander damage:",
            "  Ann:Tymna dealt 21 to Cid",
            "  Bob dealt 5 to Ann",
        ]
    )
    assert summary_text(told_example(ROOT / "examples" / "totemic.totem")) == "\n".join(
        [
            "Totemic · Ann won",
            "12 turns, 1 h 7 min",
            "Out:",
            "  Turn 5: Bob lost game 1, -22 power to Ann's 19",
            "  Turn 9: Ann lost game 2, -2 power to Bob's 30",
            "  Turn 12: Bob lost game 3, 0 power to Ann's 24",
            "Biggest hit: Ann dealt 30 to Bob on turn 5",
            "Ann won the match 2-1.",
        ]
    )


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_the_summary_of_each_example_tells_its_story(path: Path) -> None:
    story = told_example(path)
    text = summary_text(story).splitlines()
    assert text[0] == headline(story)
    assert story.finished == (text[1].endswith(" min") and " turn" in text[1])
    for out in story.exits:
        assert f"  {exit_line(out)}" in text
    assert all(note in text for note in story.notes)
    embed = summary_embed(story)
    assert_within_discord_limits(embed)
    assert embed["title"] == text[0]  # no name in the examples needs escaping
