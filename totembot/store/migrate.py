"""Apply the numbered migration files a database has not seen yet, tracked by user_version."""

from __future__ import annotations

import re
import sqlite3
from importlib import resources

import aiosqlite

MIGRATION_NAME = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")


def migrations(package: str = "totembot.store.migrations") -> list[tuple[int, str]]:
    """(number, SQL) for every migration shipped in the package, in order (SQLite's by
    default; PostgreSQL's live in `totembot.store.postgres_migrations`)."""
    found = []
    for entry in resources.files(package).iterdir():
        match = MIGRATION_NAME.fullmatch(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


def latest_version(package: str = "totembot.store.migrations") -> int:
    """The schema version this package brings a database to."""
    shipped = migrations(package)
    if not shipped:
        raise RuntimeError("totembot is installed without its SQL migrations: reinstall it.")
    return shipped[-1][0]


LATEST = latest_version()


def split_statements(sql: str) -> list[str]:
    """The statements of a script, keeping a trigger's body (with its `;`s) whole."""
    statements: list[str] = []
    pending = ""
    for part in sql.split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending.strip())
            pending = ""
    if pending.strip(" \n;"):
        statements.append(pending.strip().rstrip(";") + ";")
    return statements


def schema_version_of(db: sqlite3.Connection) -> int:
    """The version of a database opened with the standard library (backups)."""
    row = db.execute("PRAGMA user_version").fetchone()
    return int(row[0]) if row else 0


async def schema_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(db: aiosqlite.Connection, up_to: int | None = None) -> int:
    """Bring the schema up to date, one transaction per migration; returns the new version."""
    current = await schema_version(db)
    for number, sql in migrations():
        if number <= current or (up_to is not None and number > up_to):
            continue
        statements = split_statements(sql)
        await db.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {number}")
            await db.execute("COMMIT")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
        current = number
    return current
