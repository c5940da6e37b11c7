"""`totembot console` with TABLE.md's lines: `--seed N` makes rolls repeatable, `--json` prints
the fields the contract lists, Tab offers the kinds and designations, help has their pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from totembot.cli import main
from totembot.console.complete import completions
from totembot.games.magic.help.pages import help_text
from totembot.games.magic.language.options import counter_kinds
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import new_game

SCRIPT = """\
game free-for-all players: Ann, Bob, Cid commander
Ann: get 3 energy
Cid: become the monarch
Bob: attack Cid for 2
Ann: roll 10d20
Bob: flip a coin
choose a player at random
Ann: cast commander
Ann: pay 2 energy
"""


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> str:
    script = tmp_path / "night.totem"
    script.write_text(SCRIPT, encoding="utf-8")
    capsys.readouterr()
    status = main(["console", *args, str(script)])
    printed = capsys.readouterr()
    assert (status, printed.err) == (0, "")
    return printed.out


def test_a_seed_makes_the_rolls_repeatable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = run(capsys, tmp_path, "--seed", "7")
    assert first == run(capsys, tmp_path, "--seed", "7")
    other = run(capsys, tmp_path, "--seed", "8")
    rolled = [line for line in first.splitlines() if line.startswith("5: ")]
    assert rolled and rolled[0].startswith("5: Ann rolled 10d20: ")
    assert rolled != [line for line in other.splitlines() if line.startswith("5: ")]


def test_the_replies_say_what_changed_and_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = run(capsys, tmp_path, "--seed", "1").splitlines()
    assert out[0] == "2: Ann gets 3 energy (0 -> 3)"
    assert out[2] == (
        "4: Cid 40 -> 38, combat damage from Bob; Bob attacked Cid, the monarch: "
        "Bob becomes the monarch"
    )
    assert out[5].startswith("7: The host chose a player at random: ")
    assert out[6] == (
        "8: Commander Ann cast from the command zone (1st cast, no tax); the next cast costs 2 more"
    )
    assert out[7] == "9: Ann pays 2 energy (3 -> 1)"
    assert "  monarch: Bob" in out


def test_json_prints_the_contracts_fields(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = json.loads(run(capsys, tmp_path, "--seed", "1", "--json"))
    assert (state["monarch"], state["initiative"], state["day_night"]) == ("Bob", None, None)
    ann = state["players"][0]
    assert {key: ann[key] for key in ("counters", "city_blessing", "ring", "commander_casts")} == {
        "counters": {"energy": 1},
        "city_blessing": False,
        "ring": 0,
        "commander_casts": {"Ann": 1},
    }
    assert state["rejected"] == []
    assert "rolls" not in json.dumps(state)


def test_tab_offers_the_kinds_and_designations() -> None:
    game = new_game(parse_setup("game free-for-all players: Ann, Bob, Cid"))
    assert completions("Ann: get 2 ", game) == ["energy", "experience", "rad"]
    assert completions("Ann: get ", game) == ["the"]
    assert completions("Ann: get the ", game) == ["city's"]
    assert completions("Ann: get 2 ticket ", game) == ["counters"]
    assert completions("Ann: Bob ", game) == ["loses", "gains", "gets", "becomes", "takes"]
    assert completions("Ann: Bob gets 1 ", game) == ["energy", "experience", "rad"]
    assert completions("Ann: each player ", game) == ["loses", "gains", "gets"]
    assert completions("Ann: become ", game) == ["the"]
    assert completions("Ann: become the ", game) == ["monarch"]
    assert completions("Ann: Bob takes the ", game) == ["initiative"]
    assert completions("it becomes ", game) == ["day", "night"]
    assert completions("Ann: the ring tempts ", game) == ["you", "Ann", "Bob", "Cid"]
    assert completions("Ann: cast ", game) == ["commander"]
    assert completions("Ann: flip a ", game) == ["coin"]
    assert completions("Ann: choose a player at ", game) == ["random"]


def test_tab_offers_the_kinds_the_game_holds_after_the_known_ones() -> None:
    game = new_game(parse_setup("game free-for-all players: Ann, Bob, Cid"))
    players = list(game.players)
    players[1] = players[1].model_copy(update={"counters": {"ticket": 2}})
    game = game.model_copy(update={"players": tuple(players)})
    assert completions("Ann: get 1 ", game) == ["energy", "experience", "rad", "ticket"]


@pytest.mark.parametrize(
    ("topic", "first"),
    [
        ("get", "get: player counters and the city's blessing"),
        ("counters", "get: player counters and the city's blessing"),
        ("monarch", "become: the monarch and the initiative"),
        ("initiative", "become: the monarch and the initiative"),
        ("day", "it: day and night"),
        ("ring", "ring: the Ring tempts you"),
        ("cast", "cast: commander tax"),
        ("dice", "roll: dice, coins and a random player"),
    ],
)
def test_help_has_a_page_for_each(topic: str, first: str) -> None:
    assert help_text(topic).splitlines()[0] == first


def test_autocomplete_offers_the_kinds_a_player_holds_when_removing() -> None:
    game = new_game(parse_setup("game free-for-all players: Ann, Bob, Cid"))
    players = list(game.players)
    players[1] = players[1].model_copy(update={"counters": {"ticket": 2, "energy": 1}})
    game = game.model_copy(update={"players": tuple(players)})
    assert counter_kinds(game, "Bob", removing=True) == ["energy", "ticket"]
    assert counter_kinds(game, "Ann", removing=True) == []
    assert counter_kinds(game, "Zed", removing=True) == []
    assert counter_kinds(game, "Ann", removing=False) == ["energy", "experience", "rad", "ticket"]
