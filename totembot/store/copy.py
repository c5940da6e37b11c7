"""`totembot migrate-db`: every game, seat, event, lobby and live page address of a SQLite
file, into PostgreSQL.

An older source file is first migrated as the bot would (keeping its `<database>.v<N>.bak`);
then it is only read, on a read-only connection in one read transaction, so the copy is one
point in time.
The target is brought to PostgreSQL's latest schema and filled in ONE transaction, which also
moves the games' id sequence past the highest id and reads every row back to compare it with
the source before it commits: a copy that would differ is rolled back, leaving nothing.

Not copied: SQLite's per-event `snapshot` and `game_status` (PostgreSQL's games row holds the
current snapshot), and the `results` rows made for statistics, which PostgreSQL makes again
from each finished game the first time statistics are asked for (`results_version` is NULL),
nor the `placings` made for ratings, made again the first time ratings are asked for
(`placed_version` is NULL).
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from totembot.store.errors import StoreError
from totembot.store.migrate import LATEST, schema_version_of
from totembot.store.model import Opened, is_postgres_url
from totembot.store.opening import open_store
from totembot.store.postgres import durable_settings
from totembot.store.postgres_schema import migrate_postgres, reach, reason, shown_url

BATCH = 5_000  # rows read from SQLite and sent to PostgreSQL at a time


@dataclass(frozen=True)
class Table:
    """One table copied: the columns both schemas share, and the order rows are compared in."""

    name: str
    columns: tuple[str, ...]
    order: str  # SQLite's ORDER BY
    pg_order: str  # the same order in PostgreSQL (text compared byte by byte, as SQLite does)

    def select(self, pg: bool = False) -> str:
        order = self.pg_order if pg else self.order
        return f"SELECT {', '.join(self.columns)} FROM {self.name} ORDER BY {order}"


TABLES = (
    Table(
        "games",
        (
            "id",
            "guild_id",
            "channel_id",
            "host",
            "format",
            "options",
            "status",
            "created_at",
            "version",
            "snapshot",
            "status_message_id",
            "finished_at",
            "status_version",
        ),
        "id",
        "id",
    ),
    Table(
        "seats",
        ("game_id", "seat", "user_id", "guest_name", "display_name"),
        "game_id, seat",
        "game_id, seat",
    ),
    Table(
        "events",
        ("game_id", "seq", "recorded_at", "recorded_by", "request", "changes"),
        "game_id, seq",
        "game_id, seq",
    ),
    Table(
        "lobbies",
        ("channel_id", "guild_id", "host", "options", "seats", "message_id", "created_at"),
        "channel_id",
        'channel_id COLLATE "C"',
    ),
    Table(
        "clocks",
        (
            "channel_id",
            "guild_id",
            "minutes",
            "paused_at",
            "credit_seconds",
            "credit_turn",
            "reminded_turn",
        ),
        "channel_id",
        'channel_id COLLATE "C"',
    ),
    Table(
        "turn_times",
        ("game_id", "seat", "version", "turns", "seconds"),
        "game_id, seat",
        "game_id, seat",
    ),
    Table(  # the live pages' addresses (hashes only), so they keep working after the move
        "web_links",
        ("token_hash", "channel_id", "created_at"),
        "token_hash",
        'token_hash COLLATE "C"',
    ),
)
# games columns made again, not copied: statistics' and ratings' caches
LEFT_FOR_STATISTICS = ("results_version", "turns", "placed_version")


@dataclass
class Digest:
    """A table's rows as counted and hashed in order: equal digests, equal rows."""

    rows: int = 0
    _hash: Any = field(default_factory=hashlib.sha256)

    def add(self, batch: list[tuple[Any, ...]]) -> None:
        self.rows += len(batch)
        for row in batch:
            self._hash.update(repr(tuple(row)).encode())
            self._hash.update(b"\n")

    @property
    def value(self) -> str:
        return f"{self.rows}:{self._hash.hexdigest()}"


@dataclass(frozen=True)
class CopyReport:
    """What `migrate-db` copied, for the line it prints."""

    games: int
    events: int
    lobbies: int
    source: Opened  # how the SQLite file was opened (migrated first, and its copy kept?)


async def copy_to_postgres(source: str, target: str) -> CopyReport:
    """Copy the SQLite database `source` into the empty PostgreSQL database `target`.

    Every refusal is a StoreError with one sentence, raised before anything is written.
    """
    where = shown_url(target)
    if is_postgres_url(source):
        raise StoreError(
            "--from must be a SQLite file: to copy one PostgreSQL database into another, "
            "use pg_dump and pg_restore."
        )
    if not is_postgres_url(target):
        raise StoreError(
            f"--to must be a postgresql:// URL, not {where}: migrate-db copies a SQLite "
            "database into PostgreSQL."
        )
    path = Path(source)
    version = await asyncio.to_thread(check_source, path)
    async with _target(target) as connection:
        await _refuse_filled(connection, where)
        opened = Opened(str(path), version, version)
        if version < LATEST:  # migrated as the bot would, keeping its .v<N>.bak
            store = await open_store(path)
            opened = store.opened
            await store.close()
        try:
            await migrate_postgres(connection)
            counts = await _copy(path, connection, where)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreError(
                f"The copy into {where} failed ({reason(error)}): nothing was written there."
            ) from error
    return CopyReport(counts["games"], counts["events"], counts["lobbies"], opened)


def check_source(path: Path) -> int:
    """The schema version of a totembot SQLite database this version can read, or one
    sentence saying why not."""
    if not path.is_file():
        raise StoreError(f"There is no SQLite database file at {path}: give its path with --from.")
    try:
        with _reading(path) as db:
            has_games = db.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'"
            ).fetchone()[0]
            version = schema_version_of(db)
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path} is not a totembot database ({error}).") from error
    if not has_games:
        raise StoreError(f"{path} is not a totembot database (it has no games table).")
    if version > LATEST:
        raise StoreError(
            f"{path} has schema version {version}, newer than this totembot knows ({LATEST}): "
            "upgrade totembot."
        )
    return version


@contextmanager
def _reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection (never creates, never writes the file)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    db.isolation_level = None
    try:
        yield db
    finally:
        db.close()


@asynccontextmanager
async def _target(url: str) -> AsyncIterator[asyncpg.Connection]:
    """One connection to the target, its commits durable as the bot's are."""
    connection = await reach(url)
    try:
        for name, value in (await durable_settings(connection)).items():
            await connection.execute(f"SET {name} = {value}")
        yield connection
    finally:
        await connection.close()


async def _refuse_filled(connection: asyncpg.Connection, where: str) -> None:
    """migrate-db fills an empty database only: it never merges into games already there."""
    if not await connection.fetchval("SELECT to_regclass('games') IS NOT NULL"):
        return
    games = await connection.fetchval("SELECT count(*) FROM games")
    lobbies = await connection.fetchval(
        "SELECT CASE WHEN to_regclass('lobbies') IS NULL THEN 0 "
        "ELSE (SELECT count(*) FROM lobbies) END"
    )
    if games or lobbies:
        held = f"{_count(games, 'game')} and {_count(lobbies, 'lobby', 'lobbies')}"
        raise StoreError(
            f"{where} already holds {held}: migrate-db copies into an empty database only "
            "(create a new one with createdb and copy into it)."
        )


async def _copy(path: Path, connection: asyncpg.Connection, where: str) -> dict[str, int]:
    """Every table in one transaction, checked against the source before it commits."""
    with _reading(path) as db:
        db.execute("BEGIN")  # one read transaction: every table as of one moment
        async with connection.transaction():
            await connection.execute(
                "LOCK TABLE games, seats, events, lobbies, web_links IN ACCESS EXCLUSIVE MODE"
            )
            await _refuse_filled(connection, where)  # a bot may have started meanwhile
            sent = {table.name: await _send(db, connection, table) for table in TABLES}
            await connection.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), max(id)) FROM games "
                "HAVING count(*) > 0"
            )
            for table in TABLES:
                if await _read_back(connection, table) != sent[table.name]:
                    raise StoreError(
                        f"The copy of the {table.name} table in {where} did not match the "
                        "source, so it was rolled back: nothing was written there."
                    )
        db.execute("COMMIT")
    return {name: int(value.split(":")[0]) for name, value in sent.items()}


async def _send(db: sqlite3.Connection, connection: asyncpg.Connection, table: Table) -> str:
    """One table from SQLite to PostgreSQL in batches (COPY), its digest on the way."""
    digest = Digest()
    cursor = await asyncio.to_thread(db.execute, table.select())
    while batch := await asyncio.to_thread(cursor.fetchmany, BATCH):
        digest.add(batch)
        await connection.copy_records_to_table(table.name, records=batch, columns=table.columns)
    return digest.value


async def _read_back(connection: asyncpg.Connection, table: Table) -> str:
    digest = Digest()
    cursor = await connection.cursor(table.select(pg=True))
    while batch := await cursor.fetch(BATCH):
        digest.add([tuple(row) for row in batch])
    return digest.value


def _count(number: int, one: str, many: str | None = None) -> str:
    return f"{number} {one if number == 1 else (many or one + 's')}"


def copied_line(report: CopyReport, source: str, target: str) -> str:
    """The one line migrate-db prints once the copy is committed and checked."""
    return (
        f"Copied {_count(report.games, 'game')}, {_count(report.events, 'event')} and "
        f"{_count(report.lobbies, 'lobby', 'lobbies')} from {source} to {shown_url(target)}."
    )
