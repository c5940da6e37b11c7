"""A database written by 660d3e7 loads, rebuilds, reports and plays on as the old code did.

db/660d3e7.sqlite3 was written by the old code (make_goldens.py says how): ten console games
one after another (every finished example, then a Totemic match left half-way with an undo and
a strength still secret), a Totem game on a Discord table with members' seats and a stale status
message, an abandoned game and an open lobby. Every golden next to it is the old code's answer,
but the few a later contract changed on purpose (goldens.REGENERATED: the exports of the old
Emperor and Grand Melee games, issue 34); today's code must give the same, on a copy (the pinned
file is never opened in place). Today's JSON of a Magic game also has the fields TABLE.md added
(issue 28): they are checked to hold their empty values and taken out before comparing
(goldens.NORMALISED, `as_golden`). The games themselves still load, rebuild and play on as stored:
a game set up before the range amendment keeps the rules it was recorded under.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.compat.goldens import (
    CONTINUED,
    DISCORD_TABLE,
    OLD_DB,
    PLAYED,
    REPORTS,
    SCRIPTS,
    STORED,
    as_golden,
    canonical,
    describe_database,
    golden_text,
    in_commander,
    open_database,
    play_on,
    registry,
)
from totembot.cli import main
from totembot.service import GameService, rebuild

PINNED: dict[str, Any] = json.loads(STORED.read_text(encoding="utf-8"))
GAME_OF = {game["channel_id"]: game["id"] for game in PINNED["games"]}  # each channel's last
OUTCOMES: dict[str, Any] = json.loads((REPORTS / "outcomes.json").read_text(encoding="utf-8"))


# What a report says on standard error when it upgrades a database: the old database is at
# schema 7, which the old code printed nothing about; any later migration adds this line.
UPGRADED = re.compile(
    r"totembot: the database was upgraded from schema 7 to \d+; the old one is kept as .*\n"
)


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    copy = tmp_path / "old.sqlite3"
    shutil.copyfile(OLD_DB, copy)
    return copy


# A migration newer than the pinned file (issue 31's web_links, 0011) upgrades the copy first
# and says so in one line, which 660d3e7 had no reason to print: compared without it.
UPGRADED = re.compile(
    r"totembot: the database was upgraded from schema 7 to \d+; the old one is kept as "
    r"\S+\.v7\.bak\.\n"
)


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """`totembot ARGS` in-process: exit status, standard output, standard error (without the
    note of the copy's upgrade to today's schema)."""
    capsys.readouterr()
    status = main([str(arg) for arg in args])
    printed = capsys.readouterr()
    return status, printed.out, UPGRADED.sub("", printed.err)


async def check_loads_as_pinned(database: str | Path) -> None:
    """Every game and lobby as the old store loaded them (each state's JSON as a golden holds
    it: `as_golden`); every game rebuilt from its events."""
    store = await open_database(database)
    try:
        today = json.loads(canonical(await describe_database(store)))
        for game in today["games"]:
            game["state_json"] = as_golden(game["state_json"], in_commander(game["config"]))
        assert [game["id"] for game in today["games"]] == [game["id"] for game in PINNED["games"]]
        for now, then in zip(today["games"], PINNED["games"], strict=True):
            assert now == then, f"game {then['id']} ({then['channel_id']})"
        assert today == PINNED
        for game_id in await store.game_ids():
            stored = await store.load(game_id)
            assert rebuild(stored, await store.events(game_id)) == stored.state, game_id
    finally:
        await store.close()


def test_the_old_database_holds_the_games_it_was_made_to_hold() -> None:
    games = PINNED["games"]
    assert [(g["channel_id"], g["status"]) for g in games if g["channel_id"] != "console"] == [
        ("table-2", "active"),
        ("table-3", "abandoned"),
    ]
    console = [g for g in games if g["channel_id"] == "console"]
    assert [g["status"] for g in console] == ["finished"] * 9 + ["active"]
    assert {g["config"]["format"] for g in games} >= {"totem", "totemic", "totemic-solo", "teams"}
    assert list(PINNED["lobbies"]) == ["table-4"]
    undone = [
        g["id"] for g in games if any(e["request"]["intent"]["kind"] == "undo" for e in g["events"])
    ]
    assert {10, 11} <= set(undone)  # both games still being played went through an undo


async def test_every_game_and_lobby_loads_and_rebuilds_as_660d3e7_stored_them(
    old_db: Path,
) -> None:
    await check_loads_as_pinned(old_db)


async def test_each_game_shows_the_state_the_old_console_printed_when_it_was_played(
    old_db: Path,
) -> None:
    store = await open_database(old_db)
    try:
        played = sorted(PLAYED.glob("*.json"))
        assert len(played) == len(PINNED["games"])
        for printed in played:
            shown = json.loads(printed.read_text(encoding="utf-8"))
            number, _, _name = printed.stem.partition("-")
            if number.isdigit():  # NN-script: the console's NNth game
                game = await store.load(int(number))
                assert game.channel_id == "console"
            else:  # table-N: that channel's game
                game = await store.load(GAME_OF[printed.stem])
            ruleset = registry().ruleset_of(game.config.format)
            state = ruleset.state_json(game.state, shown["rejected"])
            assert as_golden(state, in_commander(game.config)) == shown, printed.name
    finally:
        await store.close()


@pytest.mark.parametrize("output", ["json", "text"])
def test_the_console_resumes_the_old_game_and_plays_on_as_660d3e7_did(
    output: str, old_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = SCRIPTS / "continue-console.totem"
    flags = ["--json"] if output == "json" else []
    status, printed, errors = run(capsys, "console", "--db", old_db, *flags, script)
    assert (status, errors) == (0, "")
    answer = CONTINUED / ("console.json" if output == "json" else "console.txt")
    assert printed == golden_text(answer)


async def test_a_discord_table_of_the_old_database_records_more_as_660d3e7_did(
    old_db: Path,
) -> None:
    store = await open_database(old_db)
    try:
        service = GameService(store)
        lines = (SCRIPTS / "continue-table-2.totem").read_text(encoding="utf-8").splitlines()
        shown = await play_on(service, DISCORD_TABLE, lines)
        game = await service.current(DISCORD_TABLE)
        assert game is not None
        golden = json.loads((CONTINUED / f"{DISCORD_TABLE}.json").read_text("utf-8"))
        assert as_golden(shown, in_commander(game.config)) == golden
        assert rebuild(game, await store.events(game.id)) == game.state
        fresh = await service.start(
            "table-5", "101", registry().parse_setup("game ffa players: A, B")
        )
        assert fresh.id == len(PINNED["games"]) + 1
    finally:
        await store.close()


# The old database has schema 7: a report that upgrades it (issue 29's 0008, issue 30's 0009 and
# any later migration) says so once on standard error, before what 660d3e7 printed.
UPGRADED = re.compile(
    r"\Atotembot: the database was upgraded from schema 7 to \d+; "
    r"the old one is kept as <db>\.v7\.bak\.\n"
)


@pytest.mark.parametrize("report", list(OUTCOMES))
def test_a_report_on_the_old_database_prints_what_660d3e7_printed(
    report: str, old_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pinned = OUTCOMES[report]
    status, printed, errors = run(capsys, *pinned["args"], "--db", old_db)
    errors = UPGRADED.sub("", errors.replace(str(old_db), "<db>"), count=1)
    assert (status, errors) == (pinned["exit"], pinned["stderr"])
    assert printed == golden_text(REPORTS / report)


@pytest.mark.postgres
async def test_the_old_database_copied_into_postgresql_loads_reports_and_plays_on_the_same(
    old_db: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`totembot migrate-db --from` the old file, then the same checks on PostgreSQL (the
    commands run in a thread: each runs its own event loop, as from a shell)."""
    capsys.readouterr()
    status = await asyncio.to_thread(
        main, ["migrate-db", "--from", str(old_db), "--to", postgres_url]
    )
    copied = capsys.readouterr().out
    assert status == 0
    assert copied.startswith(f"Copied {len(PINNED['games'])} games, ") and "1 lobby" in copied

    await check_loads_as_pinned(postgres_url)
    for report, pinned in OUTCOMES.items():
        capsys.readouterr()
        status = await asyncio.to_thread(main, [*pinned["args"], "--db", postgres_url])
        printed = capsys.readouterr()
        assert (status, printed.err) == (pinned["exit"], pinned["stderr"]), report
        assert printed.out == golden_text(REPORTS / report), report
    store = await open_database(postgres_url)
    try:
        lines = (SCRIPTS / "continue-table-2.totem").read_text(encoding="utf-8").splitlines()
        service = GameService(store)
        shown = await play_on(service, DISCORD_TABLE, lines)
        game = await service.current(DISCORD_TABLE)
        assert game is not None
        golden = json.loads((CONTINUED / f"{DISCORD_TABLE}.json").read_text("utf-8"))
        assert as_golden(shown, in_commander(game.config)) == golden
    finally:
        await store.close()
