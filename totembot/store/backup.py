"""Consistent copies of a live database, with SQLite's online backup.

A plain file copy of a WAL database is not safe while the bot runs: the latest commits live in
the `-wal` file beside it. SQLite's backup API copies the database as one reader sees it, in one
step, so the copy is a consistent point in time whatever the bot is writing meanwhile.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from totembot.store.errors import StoreError
from totembot.store.migrate import schema_version_of
from totembot.store.model import is_postgres_url

BACKUP_NAME = "totembot-%Y%m%d-%H%M%S.sqlite3"


@dataclass(frozen=True)
class BackupReport:
    """What a backup wrote, for the line the command prints."""

    path: Path
    games: int
    schema_version: int


def backup_destination(dest: Path, now: datetime | None = None) -> Path:
    """A folder gets a dated file inside it; a file path is used as given."""
    if dest.is_dir():
        return dest / (now or datetime.now(UTC)).strftime(BACKUP_NAME)
    return dest


def backup_database(source: str | Path, dest: Path, overwrite: bool = False) -> BackupReport:
    """Copy the database at `source` to `dest` (a file, or a folder for a dated file).

    SQLite files only: PostgreSQL has its own tools, which know its files and its WAL.
    """
    if is_postgres_url(source):  # before Path(), which would fold the URL's "//"
        raise StoreError(
            "A PostgreSQL database is backed up with pg_dump -Fc, not totembot backup (which "
            "copies SQLite files only): see docs/deploying.md."
        )
    source = Path(source)
    if not source.is_file():
        raise StoreError(f"There is no database at {source}: nothing to back up.")
    target = backup_destination(dest)
    if target.exists() and not overwrite:
        raise StoreError(f"{target} already exists: choose another name or pass --overwrite.")
    if not target.parent.is_dir():
        raise StoreError(f"The backup cannot be written: {target.parent} is not a folder.")
    if target.resolve() == source.resolve():
        raise StoreError("The backup must not overwrite the database itself.")
    partial = target.with_name(target.name + ".partial")
    try:
        _copy(source, partial)
        partial.replace(target)
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise StoreError(f"The database {source} could not be backed up ({error}).") from error
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise StoreError(f"The backup {target} could not be written ({error.strerror}).") from error
    return _report(target)


def _copy(source: Path, target: Path) -> None:
    """The online backup in one step (pages=-1): one consistent read of the whole database."""
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        writer = sqlite3.connect(target)
        try:
            reader.backup(writer)
            # One self-contained file: no -wal or -shm beside the copy (the bot sets WAL again).
            writer.execute("PRAGMA journal_mode = DELETE")
            check = writer.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise StoreError(f"The copy of {source} failed its integrity check.")
        finally:
            writer.close()
    finally:
        reader.close()


def _report(path: Path) -> BackupReport:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as copy:
        version = schema_version_of(copy)
        has_games = copy.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'"
        ).fetchone()[0]
        games = copy.execute("SELECT count(*) FROM games").fetchone()[0] if has_games else 0
    return BackupReport(path=path, games=int(games), schema_version=version)


def pre_migration_copy(path: Path, from_version: int) -> Path:
    """Before an upgrade migrates an existing database: `<database>.v<N>.bak` beside it."""
    target = path.with_name(f"{path.name}.v{from_version}.bak")
    if target.exists():  # an earlier attempt at this same upgrade already kept the old data
        return target
    backup_database(path, target)
    return target
