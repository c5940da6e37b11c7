"""Rivalries and decks (`totembot stats --rivals`, `--decks`) over games whose lethal sources
are known by construction, one of each kind: Totem (a dead totem takes both its players out,
both counted for the source's controller), free-for-all with commander damage and a
concession, Two-Headed Giant, Minions & Masters, and a draw. Every expected figure is worked
out by hand from the scripts, in the comments beside them, not from the code's counting."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.test_export import run

GAMES = [
    # 1. Totem: totems Ann-Bob, Bob-Cid, Cid-Dan, Dan-Ann. Cid's kill of Ann-Bob is undone.
    # Ann kills Bob-Cid: Bob and Cid out, both by Ann. Dan kills Ann-Bob: Ann out, by Dan.
    # Places: Dan 1, Ann 2, Bob 3, Cid 3.
    "game totem players: Ann, Bob, Cid, Dan",
    "Ann: deck Atraxa",
    "Bob: deck Tymna and Kraum",
    "Cid: deal 20 to Ann via the Ann-Bob totem",
    "undo",
    "Ann: deal 20 to Bob via the Bob-Cid totem",
    "Dan: deal 20 to Ann via the Ann-Bob totem",
    # 2. Free-for-all, commander: Ann's commander Atraxa deals Bob 21 (by Ann; Ann's deck is
    # Atraxa, her commander's name); Cid concedes (no one); Dan takes Ann out.
    # Places: Dan 1, Ann 2, Cid 3, Bob 4.
    "game free-for-all players: Ann, Bob, Cid, Dan commander",
    "Ann: attack Bob for 21 with commander Atraxa",
    "Cid: concede",
    "Dan: deal 40 to Ann",
    # 3. Two-Headed Giant: Cid's attack leaves Ann+Bob at 10, Dan's damage kills the team:
    # Ann and Bob out, both by Dan. Places (as teams): Cid 1, Dan 1, Ann 2, Bob 2. Cid plays
    # Atraxa.
    "game two-headed-giant teams: Ann+Bob, Cid+Dan",
    "Cid: deck Atraxa",
    "Cid: attack Ann for 30",
    "Dan: deal 10 to Bob",
    # 4. Minions & Masters: Bob falls to Ann and serves her; Bob's damage makes Cid fall, and
    # Ann is the last master: Bob and Cid lose in that request, Bob's own (Bob: no one; Cid:
    # Bob). Places: Ann 1, Bob 2, Cid 2.
    "game free-for-all players: Ann, Bob, Cid rules: minions",
    "Ann: deal 20 to Bob",
    "Bob: deal 20 to Cid",
    # 5. A draw: Bob concedes, Ann's damage to everyone kills Ann and Cid at once: they draw
    # (place 1, taken out by no one), Bob is 3rd.
    "game free-for-all players: Ann, Bob, Cid",
    "Bob: concede",
    "Ann: deal 20 to each player",
]


def versus(games: int, ahead: int, behind: int, took_out: int, taken_out: int) -> dict[str, int]:
    return {
        "games": games,
        "ahead": ahead,
        "behind": behind,
        "took_out": took_out,
        "taken_out": taken_out,
    }


EXPECTED: dict[str, dict[str, Any]] = {
    "Ann": {
        "nemesis": {"name": "Dan", "times": 3},  # games 1, 2 and 3
        "victim": {"name": "Bob", "times": 2},  # games 1 and 2
        "rivals": {
            "Bob": versus(5, 4, 0, 2, 0),  # ahead in 1, 2, 4, 5; tied in 3
            "Cid": versus(5, 3, 1, 1, 0),  # ahead in 1, 2, 4; behind in 3; tied in 5
            "Dan": versus(3, 0, 3, 0, 3),
        },
    },
    "Bob": {
        "nemesis": {"name": "Ann", "times": 2},
        "victim": {"name": "Cid", "times": 1},  # game 4
        "rivals": {
            "Ann": versus(5, 0, 4, 0, 2),
            "Cid": versus(5, 0, 3, 1, 0),  # tied in 1 and 4; behind in 2 (4th), 3 and 5
            "Dan": versus(3, 0, 3, 0, 1),
        },
    },
    "Cid": {
        "nemesis": {"name": "Ann", "times": 1},  # Ann and Bob once each: the first by name
        "victim": None,
        "rivals": {
            "Ann": versus(5, 1, 3, 0, 1),
            "Bob": versus(5, 3, 0, 0, 1),
            "Dan": versus(3, 0, 2, 0, 0),  # behind in 1 and 2; tied in 3
        },
    },
    "Dan": {
        "nemesis": None,
        "victim": {"name": "Ann", "times": 3},
        "rivals": {
            "Ann": versus(3, 3, 0, 3, 0),
            "Bob": versus(3, 3, 0, 1, 0),
            "Cid": versus(3, 2, 0, 0, 0),
        },
    },
}


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rivals") / "games.db"
    played = run("console", "--json", "--db", str(path), stdin="\n".join(GAMES) + "\n")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["rejected"] == []
    return path


def rivals_of(path: Path, player: str) -> dict[str, Any]:
    printed = run("stats", "--db", str(path), "--rivals", "--player", player, "--json")
    assert printed.returncode == 0, printed.stderr
    found: dict[str, Any] = json.loads(printed.stdout)
    found["rivals"] = {entry.pop("name"): entry for entry in found["rivals"]}
    return found


@pytest.mark.parametrize("player", sorted(EXPECTED))
def test_each_players_rivals_nemesis_and_victim_are_those_worked_out_by_hand(
    database: Path, player: str
) -> None:
    assert rivals_of(database, player) == {"player": player, **EXPECTED[player]}


def test_head_to_head_between_two_named_players(database: Path) -> None:
    printed = run("stats", "--db", str(database), "--rivals", "--player", "ann", "--against", "DAN")
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.strip() == (
        "Ann vs Dan: 3 games, ahead 0, behind 3; took them out 0 times, taken out 3 times"
    )


def test_rivals_text_names_the_nemesis_and_the_victim(database: Path) -> None:
    printed = run("stats", "--db", str(database), "--rivals", "--player", "Ann")
    assert printed.returncode == 0, printed.stderr
    lines = printed.stdout.splitlines()
    assert lines[:3] == [
        "Rivals of Ann:",
        "Nemesis: Dan (took them out 3 times)",
        "Victim: Bob (taken out 2 times)",
    ]


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["--rivals"], "Name the player whose rivals to show: --rivals --player NAME."),
        (["--rivals", "--player", "Zed"], "'Zed' has finished no Magic game in this database."),
        (
            ["--rivals", "--player", "Ann", "--against", "Zed"],
            "'Ann' and 'Zed' have finished no game together.",
        ),
    ],
)
def test_a_bad_choice_is_one_sentence(database: Path, args: list[str], sentence: str) -> None:
    printed = run("stats", "--db", str(database), *args)
    assert printed.returncode == 2
    assert printed.stderr.strip() == f"totembot: {sentence}"


def test_decks_count_games_wins_and_average_place_with_commanders_as_decks(
    database: Path,
) -> None:
    printed = run("stats", "--db", str(database), "--decks", "--json")
    assert printed.returncode == 0, printed.stderr
    # Atraxa: Ann in game 1 (2nd) and game 2 (her commander, 2nd), Cid in game 3 (won, 1st).
    # Tymna and Kraum: Bob in game 1 (3rd). Their ratings (tests/ratings/
    # test_deck_ratings_by_hand.py checks the figures) rest on one game per seat.
    found = json.loads(printed.stdout)
    rated = [deck.pop("rating") for deck in found["decks"]]
    assert [(rating["games"], rating["provisional"]) for rating in rated] == [(3, True), (1, True)]
    assert found == {
        "decks": [
            {
                "name": "Atraxa",
                "games": 3,
                "wins": 1,
                "win_rate": 0.3333,
                "average_place": 1.6667,
                "players": 2,
            },
            {
                "name": "Tymna and Kraum",
                "games": 1,
                "wins": 0,
                "win_rate": 0.0,
                "average_place": 3.0,
                "players": 1,
            },
        ]
    }
    ann = run("stats", "--db", str(database), "--decks", "--player", "Ann")
    lines = ann.stdout.splitlines()
    assert lines[0] == "Decks:"
    assert lines[1].startswith("Atraxa: 2 games, 0 wins (0% won), average place 2.0, rating ")
    assert len(lines) == 2


def test_every_game_exported_and_played_into_a_fresh_database_gives_the_same_rivals_and_decks(
    database: Path, tmp_path: Path
) -> None:
    scripts = []
    for game in range(1, 6):
        exported = run("export", "--db", str(database), "--game", str(game))
        assert exported.returncode == 0, exported.stderr
        scripts.append(exported.stdout)
    assert "Bob: deck Tymna and Kraum" in scripts[0].splitlines()  # written back as said
    again = tmp_path / "again.db"
    played = run("console", "--json", "--db", str(again), stdin="".join(scripts))
    assert played.returncode == 0, played.stderr
    for player in EXPECTED:
        assert rivals_of(again, player) == rivals_of(database, player)
    decks = [run("stats", "--db", str(db), "--decks").stdout for db in (database, again)]
    assert decks[0] == decks[1]
