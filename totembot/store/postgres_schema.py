"""PostgreSQL's numbered migrations, applied once whichever process starts first."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from totembot.store.errors import StoreError
from totembot.store.migrate import latest_version, migrations

PACKAGE = "totembot.store.postgres_migrations"
UNREACHABLE = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError)
LATEST = latest_version(PACKAGE)
MIGRATION_LOCK = 7_164_650_310  # pg_advisory_xact_lock key: "totembot" migrating


async def schema_version(connection: asyncpg.Connection) -> int:
    """The newest migration applied (0 for an empty database)."""
    exists = await connection.fetchval("SELECT to_regclass('totembot_schema') IS NOT NULL")
    if not exists:
        return 0
    return int(await connection.fetchval("SELECT coalesce(max(version), 0) FROM totembot_schema"))


async def migrate_postgres(connection: asyncpg.Connection) -> tuple[int, int]:
    """Apply the migrations this database has not seen, one transaction each; returns (before,
    after). An advisory lock makes processes starting together take turns."""
    before = await schema_version(connection)
    if before > LATEST:
        raise StoreError(
            f"The database has schema version {before}, newer than this totembot knows "
            f"({LATEST}): upgrade totembot."
        )
    current = before
    for number, sql in migrations(PACKAGE):
        if number <= current:
            continue
        async with connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await connection.execute(
                "CREATE TABLE IF NOT EXISTS totembot_schema (version INTEGER PRIMARY KEY)"
            )
            if await schema_version(connection) >= number:  # another process did it meanwhile
                current = number
                continue
            await connection.execute(sql)
            await connection.execute("INSERT INTO totembot_schema (version) VALUES ($1)", number)
        current = number
    return before, current


SECRET_PARAMETERS = {"password", "sslpassword"}


def shown_url(url: str) -> str:
    """The URL fit for a log line: no password, whether in its user part or its query; a URL
    too malformed to read is not shown at all."""
    try:
        parts = urlsplit(url)
        user = parts.username
        has_password = parts.password is not None
    except ValueError:
        return "(a malformed postgresql:// URL)"
    if has_password:
        host = parts.netloc.rsplit("@", 1)[-1]
        parts = parts._replace(netloc=f"{user or ''}@{host}")
    query = [
        (key, value)
        for key, value in parse_qsl(parts.query, keep_blank_values=True)
        if key.lower() not in SECRET_PARAMETERS
    ]
    return urlunsplit(parts._replace(query=urlencode(query, safe="/:")))


async def reach(url: str, what: str = "database") -> asyncpg.Connection:
    """A connection, or the one sentence saying why there is none (no server there, a wrong
    user or database, a malformed URL)."""
    try:
        return await asyncpg.connect(url)
    except UNREACHABLE as error:
        raise StoreError(
            f"The PostgreSQL {what} {shown_url(url)} cannot be reached ({reason(error)})."
        ) from error


def reason(error: BaseException) -> str:
    """The server's or the network's own words, in one line."""
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
