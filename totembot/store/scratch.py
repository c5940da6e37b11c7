"""Throwaway PostgreSQL databases for `totembot bench --db URL`: each made empty on the server
the URL names, and dropped afterwards, so the benchmark never touches the bot's own games."""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from totembot.store.errors import StoreError
from totembot.store.postgres_schema import reach, shown_url

PREFIX = "totembot_bench"
LABEL = re.compile(r"[a-z0-9_]+")


def database_url(server_url: str, name: str) -> str:
    """The URL of database `name` on the server of `server_url` (same user, host, options)."""
    return urlunsplit(urlsplit(server_url)._replace(path=f"/{name}"))


@asynccontextmanager
async def scratch_database(server_url: str, label: str) -> AsyncIterator[str]:
    """A fresh database `totembot_bench_<pid>_<label>` for the block; its URL is yielded."""
    if not LABEL.fullmatch(label):
        raise ValueError(f"a scratch database's label is lower-case letters, digits and _: {label}")
    name = f"{PREFIX}_{os.getpid()}_{label}"
    async with _admin(server_url) as admin:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}"')  # a killed run's, same pid
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        except asyncpg.InsufficientPrivilegeError as error:
            raise StoreError(
                f"The PostgreSQL user of {shown_url(server_url)} cannot create databases, which "
                "the benchmark needs (it makes its own and drops them): grant it CREATEDB or "
                "give another user's URL."
            ) from error
    try:
        yield database_url(server_url, name)
    finally:
        async with _admin(server_url) as admin:
            force = await admin.fetchval("SELECT current_setting('server_version_num')::int")
            forced = " WITH (FORCE)" if force >= 130000 else ""  # connections left by a crash
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}"{forced}')


@asynccontextmanager
async def _admin(server_url: str) -> AsyncIterator[asyncpg.Connection]:
    connection = await reach(server_url, "server")
    try:
        yield connection
    finally:
        await connection.close()
