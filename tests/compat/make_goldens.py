"""Make the compatibility goldens from the code of 660d3e7, the last commit before the layout
change; the tests in this folder check today's code against them.

Run it with the OLD code first on the path (a checkout of 660d3e7, not this tree), from the
root of this checkout:

    git worktree add --detach /tmp/totembot-660d3e7 660d3e7   # or any checkout of 660d3e7
    PYTHONPATH=/tmp/totembot-660d3e7 .venv/bin/python tests/compat/make_goldens.py

It refuses to run when `totembot` is not imported from a checkout of 660d3e7 (that would pin
today's code against itself), and fails when any totembot module came from elsewhere (an
editable install of this tree answers the names the old checkout lacks); --any-code skips both
checks, to compare another version (write it elsewhere with --out).

The database and db/played/ are kept when they exist, and the other goldens of db/ are read
from it again; --new-db builds a new one (new timestamps: every golden of db/ changes with it).

What it writes (see goldens.py for the paths):

* console/: `totembot console --json SCRIPT` and `totembot console SCRIPT` for every
  examples/*.totem, standard output byte for byte, and scripts.json, the SHA-256 of each
  script played;
* commands.json: the application commands `totembot sync` sends to Discord, globally and to a
  guild (the payload of the bulk-overwrite calls), in canonical JSON;
* db/660d3e7.sqlite3: one SQLite database written by the old code:
  - in the console's channel, by `totembot console --db`: every finished example, each game
    after the one before it ended, then scripts/midway-totemic.totem, a Totemic match left
    half-way (an undo, a refused line, a strength revealed and one awaited); what each run
    printed is in db/played/;
  - table-2, through the old GameService as the bot records: examples/four-players.totem with
    Discord seats (user ids, a guild), requests recorded by each player's user id, an undo,
    and a status message that shows an older version;
  - table-3: scripts/abandoned-teams.totem, then ended (abandoned) as `/end` does;
  - table-4: a lobby still open (a member and a guest, teams options);
* db/stored.json: every game and lobby of that database as the old store loaded them;
* db/continued/: the old code's answers to more requests on copies of it: the console resuming
  its game (scripts/continue-console.totem, --json and text), and table-2 going on
  (scripts/continue-table-2.totem);
* db/reports/: `export` and `summary` of every game and `stats` (text and --json) on copies
  of it, with exit status and standard error in outcomes.json.

Never regenerate any of it with today's code: the goldens pin what the old code did. The one
exception is a golden whose answer a later contract legitimately changed: it is regenerated
alone, with --any-code and --out (a copy of db/660d3e7.sqlite3 and db/played/ put there first,
so the database goldens are read from the same database), copied over one file at a time, and
listed in REGENERATED (goldens.py) with the reason; the tests name them. So far:

* issue 34 (FORMATS.md, "Range of influence as the rules have it", amended 2026-11-27):
  console/emperor.* and console/grand-melee.* with their hashes in console/scripts.json (both
  examples were rewritten for ranges set as each turn begins and `win` within range), and
  db/reports/export-3.txt and export-5.txt with their entries in db/reports/outcomes.json (the
  old Emperor and Grand Melee games replay differently under today's rules, so their export is
  refused in one sentence rather than written to replay differently).

A contract that adds fields to every game's JSON changes every JSON golden at once: those are
not regenerated but listed in NORMALISED (goldens.py) with the reason, and the tests take the
fields out of today's answer (once checked to hold their empty values) before comparing it
with the old code's. So far: issue 28, TABLE.md's fields in every Magic game's JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True  # nothing written into the old checkout
# This checkout last on the path, for tests.compat.goldens: totembot comes from PYTHONPATH.
sys.path.append(str(Path(__file__).resolve().parents[2]))

import totembot  # noqa: E402
from tests.compat.goldens import (  # noqa: E402
    ABANDONED_TABLE,
    COMMANDS,
    CONSOLE,
    CONTINUED,
    DISCORD_TABLE,
    EXAMPLES,
    GUILD,
    HERE,
    LOBBY_TABLE,
    OLD_COMMIT,
    OLD_DB,
    PLAYED,
    REPORTS,
    ROOT,
    SCRIPTS,
    STORED,
    canonical,
    describe_database,
    json_text,
    open_database,
    play,
    play_on,
    synced_commands,
)
from totembot.service import GameService  # noqa: E402
from totembot.store import Lobby, LobbyOptions, Seat  # noqa: E402

# The console's games, one after the other: every example that ends, then one left half-way.
FINISHED = [
    "free-for-all",
    "two-headed-giant",
    "emperor",
    "teams",
    "grand-melee",
    "minions",
    "three-players",
    "totemic-solo",
    "totemic",
]
MIDWAY = SCRIPTS / "midway-totemic.totem"


def totembot_command(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """`totembot ...` of the code on PYTHONPATH, run in a folder where nothing else is
    importable (`python -m` puts the working folder first on the path)."""
    return subprocess.run(
        [sys.executable, "-m", "totembot", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        check=False,
    )


def console(*args: str | Path, cwd: Path) -> bytes:
    """What `totembot console ...` prints; anything on standard error stops here."""
    done = totembot_command("console", *args, cwd=cwd)
    if done.returncode != 0 or done.stderr:
        sys.exit(f"console {args} failed ({done.returncode}): {done.stderr.decode()}")
    return done.stdout


def write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


class Layout:
    """The goldens' paths (goldens.py) under another folder than this one (--out)."""

    def __init__(self, out: Path) -> None:
        self.out = out

    def __call__(self, path: Path) -> Path:
        return self.out / path.relative_to(HERE)


# --- console --------------------------------------------------------------------------------


def make_console_goldens(at: Layout, work: Path) -> None:
    hashes = {}
    for script in sorted(EXAMPLES.glob("*.totem")):
        hashes[script.name] = hashlib.sha256(script.read_bytes()).hexdigest()
        write(at(CONSOLE) / f"{script.stem}.json", console("--json", script, cwd=work))
        write(at(CONSOLE) / f"{script.stem}.txt", console(script, cwd=work))
    write(at(CONSOLE) / "scripts.json", json_text(hashes))


# --- the database ---------------------------------------------------------------------------


async def fill_outside_console(db: Path, at: Layout) -> None:
    """Tables 2, 3 and 4, through the old service and store as the bot uses them."""
    store = await open_database(db)
    try:
        service = GameService(store)
        shown = await play(service, DISCORD_TABLE, EXAMPLES / "four-players.totem", seats=True)
        write(at(PLAYED) / f"{DISCORD_TABLE}.json", json_text(shown))
        game = await service.current(DISCORD_TABLE)
        assert game is not None
        await store.set_status_message(game.id, "9002", game.version - 2)  # two edits behind

        script = SCRIPTS / "abandoned-teams.totem"
        shown = await play(service, ABANDONED_TABLE, script, seats=False)
        write(at(PLAYED) / f"{ABANDONED_TABLE}.json", json_text(shown))
        await service.end(ABANDONED_TABLE)

        seats = (Seat("Ann Arbor", user_id="101"), Seat("Zoë", guest_name="Zoë", team=2))
        options = LobbyOptions(format="teams", life=30, commander=True)
        created = "2026-01-02T03:04:05.678+00:00"
        await store.open_lobby(Lobby(LOBBY_TABLE, "101", options, seats, created, GUILD, "9004"))
    finally:
        await store.close()


def make_database(at: Layout, work: Path) -> None:
    """A new OLD_DB, and what the old console printed playing each game into it (PLAYED)."""
    shutil.rmtree(at(PLAYED), ignore_errors=True)
    db = work / "built.sqlite3"
    scripts = [EXAMPLES / f"{name}.totem" for name in FINISHED] + [MIDWAY]
    for number, script in enumerate(scripts, 1):
        printed = console("--db", db, "--json", script, cwd=work)
        write(at(PLAYED) / f"{number:02d}-{script.stem}.json", printed)
    asyncio.run(fill_outside_console(db, at))
    leftovers = sorted(path.name for path in work.glob("built.sqlite3?*"))
    assert not leftovers, f"the database was not closed into one file: {leftovers}"
    at(OLD_DB).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(db, at(OLD_DB))


async def stored_description(db: Path) -> dict[str, Any]:
    store = await open_database(db)
    try:
        return await describe_database(store)
    finally:
        await store.close()


async def continue_table_2(db: Path) -> dict[str, Any]:
    store = await open_database(db)
    try:
        lines = (SCRIPTS / "continue-table-2.totem").read_text(encoding="utf-8").splitlines()
        return await play_on(GameService(store), DISCORD_TABLE, lines)
    finally:
        await store.close()


def make_database_goldens(at: Layout, work: Path) -> None:
    """STORED, CONTINUED and REPORTS, each read from a fresh copy of OLD_DB."""
    runs = 0

    def fresh_copy() -> Path:
        nonlocal runs
        runs += 1
        copy = work / f"copy-{runs}.sqlite3"
        shutil.copyfile(at(OLD_DB), copy)
        return copy

    description = asyncio.run(stored_description(fresh_copy()))
    write(at(STORED), canonical(description))

    script = SCRIPTS / "continue-console.totem"
    write(at(CONTINUED) / "console.json", console("--db", fresh_copy(), "--json", script, cwd=work))
    write(at(CONTINUED) / "console.txt", console("--db", fresh_copy(), script, cwd=work))
    shown = asyncio.run(continue_table_2(fresh_copy()))
    write(at(CONTINUED) / f"{DISCORD_TABLE}.json", json_text(shown))

    shutil.rmtree(at(REPORTS), ignore_errors=True)
    reports = {"stats.txt": ["stats"], "stats.json": ["stats", "--json"]}
    for game in description["games"]:
        reports[f"export-{game['id']}.txt"] = ["export", "--game", str(game["id"])]
        reports[f"summary-{game['id']}.txt"] = ["summary", "--game", str(game["id"])]
    outcomes = {}
    for name, args in reports.items():
        copy = fresh_copy()
        done = totembot_command(*args, "--db", copy, cwd=work)
        write(at(REPORTS) / name, done.stdout)
        stderr = done.stderr.decode("utf-8").replace(str(copy), "<db>")
        outcomes[name] = {"args": args, "exit": done.returncode, "stderr": stderr}
    write(at(REPORTS) / "outcomes.json", json_text(outcomes))


# --- the whole --------------------------------------------------------------------------------


def old_checkout() -> Path:
    """The checkout `totembot` is imported from, checked to be at 660d3e7."""
    checkout = Path(totembot.__file__).resolve().parents[1]
    head = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    if checkout == ROOT or not head.startswith(OLD_COMMIT):
        sys.exit(
            f"totembot is imported from {checkout} at {head or 'no commit'}, not a checkout of "
            f"{OLD_COMMIT}: put one first on PYTHONPATH (see the top of this file)."
        )
    return checkout


def imported_from_elsewhere(checkout: Path) -> list[str]:
    """totembot modules that did not come from `checkout` (an editable install of this tree
    answers a module name the old checkout lacks)."""
    return sorted(
        name
        for name, module in sys.modules.items()
        if name.split(".")[0] == "totembot"
        and (path := getattr(module, "__file__", None))
        and not Path(path).resolve().is_relative_to(checkout)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="where to write (default: here)")
    parser.add_argument(
        "--new-db",
        action="store_true",
        help="build a new database (default: keep the one there is, and db/played/)",
    )
    parser.add_argument("--any-code", action="store_true", help="skip the 660d3e7 check")
    args = parser.parse_args()
    checkout = Path(totembot.__file__).resolve().parents[1]
    if not args.any_code:
        checkout = old_checkout()
    print(f"making the goldens from the code at {checkout}")
    at = Layout(args.out.resolve())
    with tempfile.TemporaryDirectory(prefix="totembot-goldens-") as temporary:
        work = Path(temporary)
        shutil.rmtree(at(CONSOLE), ignore_errors=True)
        make_console_goldens(at, work)
        write(at(COMMANDS), canonical(asyncio.run(synced_commands())))
        if args.new_db or not at(OLD_DB).exists():
            make_database(at, work)
        make_database_goldens(at, work)
    if not args.any_code and (elsewhere := imported_from_elsewhere(checkout)):
        sys.exit(f"these modules were not imported from {checkout}: {elsewhere}")
    print(f"wrote the goldens under {at.out}")


if __name__ == "__main__":
    main()
