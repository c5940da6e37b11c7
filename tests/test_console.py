"""The real `totembot console` command run on scripts, as a table without Discord uses it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.test_console_interactive import prompt_transcript

ROOT = Path(__file__).resolve().parents[1]


def console(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "totembot", "console", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def console_json(script: str) -> dict:
    result = console("--json", stdin=script)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


SCRIPT = """\
# Ann deals 3 to Bob: Ann-Bob is Ann's own totem, so Bob-Cid takes it.
game totem players: Ann, Bob, Cid

Ann: deal 3 to Bob
Ann: deal 3 to Bob via Ann-Bob
Bob: poison 2 to Cid
next
Ann: deal 3 to Bob and then some
"""


def test_json_mode_prints_exactly_the_state_with_refusals_and_their_line_numbers() -> None:
    state = console_json(SCRIPT)
    table = {"counters": {}, "city_blessing": False, "ring": 0}  # TABLE.md's, none used
    assert state == {
        "format": "totem",
        "status": "active",
        "winners": [],
        "turn": {"number": 2, "active": "Bob"},
        "players": [
            {"name": "Ann", "status": "in", "poison": 0, **table},
            {"name": "Bob", "status": "in", "poison": 0, **table},
            {"name": "Cid", "status": "in", "poison": 0, **table},
        ],
        "totems": [
            {
                "seats": ["Ann", "Bob"],
                "life": 20,
                "poison": 0,
                "commander_damage": {},
                "locked": False,
                "status": "live",
            },
            {
                "seats": ["Bob", "Cid"],
                "life": 17,
                "poison": 0,
                "commander_damage": {},
                "locked": False,
                "status": "live",
            },
            {
                "seats": ["Cid", "Ann"],
                "life": 20,
                "poison": 2,
                "commander_damage": {},
                "locked": False,
                "status": "live",
            },
        ],
        "monarch": None,
        "initiative": None,
        "day_night": None,
        "pending": [],
        "rejected": [
            {
                "line": 5,
                "error": "Ann-Bob is Ann's own totem: a source Ann controls can only "
                "reach Bob through Bob-Cid.",
            },
            {
                "line": 8,
                "error": "Expected the end of the request or 'via' after "
                "'deal 3 to Bob', not 'and'.",
            },
        ],
    }


def test_a_commander_game_reports_commander_damage_and_the_winner() -> None:
    state = console_json(
        "game totem players: Ann, Bob, Cid, Dan commander\n"
        "Ann: attack Bob-Cid for 11 with commander Tymna hitting Cid\n"
        "Ann: attack bob-cid for 10 with commander tymna\n"
        "Ann: attack Cid-Dan for 21 with commander Kraum hitting Dan\n"
        "Bob: concede\n"
    )
    assert state["totems"][1]["commander_damage"] == {"Ann:Tymna": 21}
    assert state["totems"][1]["life"] == 19
    assert state["totems"][2]["commander_damage"] == {"Ann:Kraum": 21}
    assert [p["status"] for p in state["players"]] == ["won", "lost", "lost", "lost"]
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert state["rejected"] == [
        {"line": 5, "error": "The game is over: nothing more can be recorded except undo."}
    ]


def test_the_pending_consent_request_appears_in_the_json_state() -> None:
    state = console_json(
        "game totem players: Ann, Bob, Cid rules: half-life-consent\n"
        "Cid: deal 11 to Ann via Ann-Bob\n"
        "Ann: pay 2 via left\n"
    )
    assert state["totems"][0]["life"] == 9
    assert state["pending"] == [
        {
            "id": 1,
            "kind": "pay",
            "player": "Ann",
            "amount": 2,
            "totem": ["Ann", "Bob"],
            "awaiting": "Bob",
        }
    ]


def test_the_script_can_be_a_file_argument(tmp_path: Path) -> None:
    script = tmp_path / "game.totem"
    script.write_text("game totem players: Ann, Bob, Cid\nBob loses 4 via left\n")
    result = console("--json", str(script))
    assert result.returncode == 0
    assert json.loads(result.stdout)["totems"][1]["life"] == 16


def test_the_shipped_example_script_plays_to_a_winner() -> None:
    result = console(str(ROOT / "examples" / "three-players.totem"))
    assert result.returncode == 0, result.stderr
    assert "Finished: Bob won" in result.stdout
    assert "refused:" in result.stdout


def test_without_json_every_line_is_answered_with_what_changed_then_the_ring() -> None:
    result = console(stdin="game totem players: Ann, Bob, Cid\nAnn: deal 3 to Bob\npay 1\n")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "2: Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    assert lines[1].startswith("3: refused: Only a player can pay life")
    assert "Turn 1: Ann" in result.stdout
    assert "Bob-Cid: 17 life" in result.stdout


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("", "The script has no setup line"),
        ("# only a comment\n\n", "The script has no setup line"),
        ("Ann: deal 3 to Bob\n", "The first line must set the game up"),
        ("game totem players: Ann, Bob\n", "needs 3 to 8 players, not 2"),
        ("game totem players: A, B, C, D, E, F, G, H, I\n", "needs 3 to 8 players, not 9"),
        ("game totem players: Ann, Bob, ann\n", "Each player needs a different name"),
        ("game totem players: Ann, Bob, Cid life: -3\n", "starting life must be"),
    ],
)
def test_a_missing_or_broken_setup_line_exits_2_with_one_line_and_no_traceback(
    script, message
) -> None:
    result = console("--json", stdin=script)
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_an_unreadable_script_file_exits_2_with_one_line(tmp_path: Path) -> None:
    result = console("--json", str(tmp_path / "missing.totem"))
    assert result.returncode == 2
    assert "cannot read" in result.stderr
    assert "Traceback" not in result.stderr


def test_hostile_bytes_and_long_lines_are_refused_not_crashed() -> None:
    script = (
        "game totem players: Ann, Bob, Cid\n"
        "\x00\x07 deal 3 to Bob\n"
        + "deal "
        + "9" * 5000
        + " to Bob\n"
        + "Ann: "
        + "x" * 20000
        + "\n"
        + "@everyone: deal 3 to Bob\n"
        + "Ann: deal ٣ to Bob\n"
    )
    state = console_json(script)
    assert [entry["line"] for entry in state["rejected"]] == [2, 3, 4, 5, 6]
    assert all(totem["life"] == 20 for totem in state["totems"])


async def play_interactively(read: Callable[[str], str]) -> str:
    """The prompt loop fed by a plain function, as a terminal would type the lines."""

    async def read_line(prompt: str) -> str:
        return read(prompt)

    return await prompt_transcript(read_line)


async def test_the_interactive_prompt_sets_up_answers_and_shows_the_ring() -> None:
    answers = iter(
        ["game totem players: Ann, Bob, Cid", "Ann: deal 3 to Bob", "pay 2", "ring", "quit"]
    )
    text = await play_interactively(lambda _prompt: next(answers))
    assert "Bob-Cid 20 -> 17, dealt by Ann (for Bob)" in text
    assert "refused: Only a player can pay life" in text
    assert text.count("Bob-Cid: 17 life") == 1
    assert text.count("Turn 1: Ann") == 2


async def test_the_interactive_prompt_asks_again_after_a_broken_setup_and_ends_on_eof() -> None:
    answers = iter(["game totem players: Ann", "game totem players: Ann, Bob, Cid", "undo"])

    def read(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    text = await play_interactively(read)
    assert "needs 3 to 8 players, not 1" in text
    assert "refused: There is nothing to undo." in text


def test_a_byte_order_mark_and_windows_line_ends_are_read_as_plain_lines() -> None:
    script = "\ufeffgame totem players: Ann, Bob, Cid\r\nAnn: deal 3 to Bob\r\nfrob\r\n"
    state = console_json(script)
    assert state["totems"][1]["life"] == 17
    assert [entry["line"] for entry in state["rejected"]] == [3]


def test_a_setup_line_while_the_game_is_played_is_refused_as_such() -> None:
    state = console_json("game totem players: Ann, Bob, Cid\ngame totem players: X, Y, Z\n")
    assert state["rejected"] == [
        {
            "line": 2,
            "error": "The game is still being played: a new game can start only once this "
            "one is over.",
        }
    ]
    assert state["players"][0]["name"] == "Ann"
