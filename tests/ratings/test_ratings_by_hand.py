"""Ratings over small hand-made histories, against openskill called here directly with the
placements worked out by hand from each script (issue 30): what `totembot stats --ratings`
prints, and the fold the bot uses, agree with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from totembot.cli import main

MAGIC = """\
game free-for-all players: Ann, Bob, Cid, Dan
Bob: concede
Ann: deal 20 to Cid
Ann: deal 20 to Dan
game free-for-all players: Ann, Bob, Cid, Dan
Bob: concede
Ann: deal 20 to each player
game two-headed-giant teams: Ann+Bob, Cid+Dan
Cid: deal 40 to Ann
game free-for-all players: Ann, Bob, Cid
Ann: deal 20 to Bob
Ann: deal 20 to Cid
undo
Cid: deal 20 to Ann
game free-for-all players: Ann, Bob, Cid, Dan rules: minions
Dan: concede
Ann: deal 20 to Bob
Cid: deal 20 to Ann
game totemic players: Ann, Bob power: 5, 30
Ann: challenge
Bob: accept
Ann: reveal 1
Bob: reveal 9
next
game free-for-all players: Ann, Bob, Cid
Ann: deal 5 to Bob
"""

# Worked out by hand from the script: (teams, their places), the best place 1.
BY_HAND = [
    # Bob conceded first, Cid went out, then Dan, and Ann won.
    ([["Ann"], ["Bob"], ["Cid"], ["Dan"]], [1, 4, 3, 2]),
    # Bob conceded; everyone still in died at once: a draw ties Ann, Cid and Dan.
    ([["Ann"], ["Bob"], ["Cid"], ["Dan"]], [1, 4, 1, 1]),
    # Two-Headed Giant: Ann+Bob's 40 life ran out; the teams are rated as teams.
    ([["Ann", "Bob"], ["Cid", "Dan"]], [2, 1]),
    # Ann's win was undone (Cid back in); Cid won, Ann went out in that request, Bob before.
    ([["Ann"], ["Bob"], ["Cid"]], [2, 3, 1]),
    # Minions & Masters: Dan conceded; Bob became Ann's minion, then Ann Cid's (with Bob):
    # Cid alone was no minion and won; Ann and Bob lost for good together, as minions.
    ([["Ann"], ["Bob"], ["Cid"], ["Dan"]], [2, 2, 1, 4]),
]
# Totemic, rated apart: Bob's reveal beat Ann's and took her last power.
TOTEMIC_BY_HAND = [([["Ann"], ["Bob"]], [2, 1])]


def expected(games: list[tuple[list[list[str]], list[int]]]) -> dict[str, tuple[float, float]]:
    """openskill's own Plackett-Luce, fed the placings above in order."""
    model = PlackettLuce()
    ratings = {}
    for teams, places in games:
        rated = model.rate(
            [[ratings.get(name) or model.rating() for name in team] for team in teams],
            ranks=[float(place) for place in places],
        )
        for team, new in zip(teams, rated, strict=True):
            ratings.update(zip(team, new, strict=True))
    return {name: (rating.mu, rating.sigma) for name, rating in ratings.items()}


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played(tmp_path_factory.mktemp("ratings"), MAGIC)


def played(folder: Path, script: str) -> Path:
    """A database of the script's games, played at the console."""
    path = folder / "games.totem"
    path.write_text(script, encoding="utf-8")
    database = folder / "games.db"
    assert main(["console", "--db", str(database), str(path)]) == 0
    return database


def printed(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_stats_ratings_json_matches_openskill_fed_the_placings_worked_out_by_hand(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    got = json.loads(printed(capsys, "stats", "--db", str(database), "--ratings", "--json"))
    sections = {section["game"]: section for section in got["ratings"]}
    assert set(sections) == {"magic", "totemic"}
    assert all(section["server"] is None for section in sections.values())
    for pool, games in (("magic", BY_HAND), ("totemic", TOTEMIC_BY_HAND)):
        section = sections[pool]
        assert section["games"] == len(games)  # the game still going is not rated
        want = expected(games)
        players = {player["name"]: player for player in section["players"]}
        assert set(players) == set(want)
        for name, (mu, sigma) in want.items():
            assert players[name]["mu"] == pytest.approx(mu, abs=1e-9)
            assert players[name]["sigma"] == pytest.approx(sigma, abs=1e-9)
            assert players[name]["rating"] == pytest.approx(mu - 3 * sigma, abs=1e-9)
            assert players[name]["provisional"] is (
                sum(name in team for teams, _ in games for team in teams) < 5
            )
        ordinals = [player["rating"] for player in section["players"]]
        assert ordinals == sorted(ordinals, reverse=True)


def test_stats_ratings_text_prints_the_same_figures(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = printed(capsys, "stats", "--db", str(database), "--ratings")
    want = expected(BY_HAND)
    magic = text.split("\n\n")[0]
    assert magic.startswith("Console games, Magic: 5 games rated")
    for name, (mu, sigma) in want.items():
        line = next(line for line in magic.splitlines() if f" {name} " in line)
        assert f"{mu - 3 * sigma:.1f} (mu {mu:.2f}, sigma {sigma:.2f})" in line
    # Ann played all five games: her rating is no longer provisional.
    assert "provisional" not in next(line for line in magic.splitlines() if " Ann " in line)


def test_a_second_call_recomputes_the_same_figures_from_the_database(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = printed(capsys, "stats", "--db", str(database), "--ratings", "--json")
    assert printed(capsys, "stats", "--db", str(database), "--ratings", "--json") == first


def test_ratings_of_an_unknown_format_are_refused_in_one_sentence(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["stats", "--db", str(database), "--ratings", "--format", "chess"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("totembot: There is no format 'chess'") and error.count("\n") == 1


def test_every_game_exported_and_replayed_into_a_fresh_database_gives_the_same_ratings(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripts = [
        printed(capsys, "export", "--db", str(database), "--game", str(number))
        for number in range(1, 8)  # the six finished games and the one still going
    ]
    replay = tmp_path / "replay.totem"
    replay.write_text("".join(scripts), encoding="utf-8")
    fresh = tmp_path / "fresh.db"
    assert main(["console", "--db", str(fresh), str(replay)]) == 0
    original = printed(capsys, "stats", "--db", str(database), "--ratings", "--json")
    assert printed(capsys, "stats", "--db", str(fresh), "--ratings", "--json") == original
