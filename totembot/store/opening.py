"""Opening a database: the one place that picks the backend, so that the backends and their
common base (`base.GameStore`) never import each other round in a circle."""

from __future__ import annotations

from pathlib import Path

from totembot.store.base import GameStore
from totembot.store.errors import StoreError
from totembot.store.model import is_postgres_url


async def open_store(database: str | Path, create: bool = True) -> GameStore:
    """Open (creating and migrating if needed) the database; the caller closes it.

    A `postgresql://` URL opens PostgreSQL; anything else is a SQLite file path. With
    `create` False (commands that only read), a database totembot never made is refused
    in one sentence rather than created.
    """
    if is_postgres_url(database):
        from totembot.store.postgres import PostgresStore

        return await PostgresStore.connect(str(database), create=create)
    if not create and not Path(database).is_file():
        raise StoreError(f"There is no database at {database}.")
    from totembot.store.sqlite import SqliteStore

    return await SqliteStore.connect(database)
