"""The bot's side of the drawing process: `Drawer.draw(picture)` is the picture's PNG, drawn in
a worker process while the event loop goes on.

One worker, one picture at a time (pictures asked for meanwhile wait their turn, as they would
for one thread). It is started the first time a picture is asked for (the bot starts without
it, and a bot nobody asks for pictures never starts it), kept for the next ones (matplotlib is
imported once), and stopped by `close` when the bot shuts down. If it dies (killed, out of
memory) the picture it was drawing fails with `WorkerLost` and the next picture starts a new
one (a worker that had drawn before gets the picture once more on a new worker first: it may
have died while idle, before it saw it); a picture that takes longer than `patience` stops it
the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import sys
from pathlib import Path

import totembot
from totembot.core.errors import RuleViolation
from totembot.drawing.frames import HEADER, Answer, framed
from totembot.drawing.pictures import Picture

log = logging.getLogger(__name__)

DRAW_PATIENCE = 30.0  # seconds for one picture; the first also starts the worker
CLOSE_PATIENCE = 5.0  # seconds the picture being drawn has to finish when the bot shuts down
STOP_PATIENCE = 5.0  # seconds the worker has to exit once its input is closed
ROOT = str(Path(totembot.__file__).resolve().parent.parent)  # where this totembot is imported from
CLOSED = "the bot is shutting down: no more pictures"
# The worker imports the totembot this process runs: `-P` keeps the working folder off its
# path (another checkout there must not be imported instead), and the folder this totembot
# came from goes first unless it is on the path already (site-packages stays where it is).
BOOT = (
    "import sys; root = sys.argv[1]; root in sys.path or sys.path.insert(0, root); "
    "from totembot.drawing.worker import main; main()"
)


class DrawingFailed(Exception):
    """A picture was not drawn."""


class WorkerLost(DrawingFailed):
    """The drawing process stopped (it died, took too long, or the bot is shutting down): a
    known condition, told in one line; the next picture starts a new process."""


class DrawingRaised(DrawingFailed):
    """The drawing itself raised in the worker (a bug): the message is its traceback there."""


class Drawer:
    """One drawing process for the bot, started on first use (see the module's docstring)."""

    def __init__(self, patience: float = DRAW_PATIENCE) -> None:
        self.patience = patience
        self._process: asyncio.subprocess.Process | None = None
        self._turn = asyncio.Lock()  # one picture at a time: the pipe carries one exchange
        self._closed = False

    @property
    def pid(self) -> int | None:
        """The worker's process id while it runs."""
        process = self._process
        return None if process is None or process.returncode is not None else process.pid

    async def draw(self, picture: Picture) -> bytes:
        """The picture's PNG. A caller that stops waiting (cancelled) leaves the exchange to
        finish, so the next picture's answer is its own."""
        if self._closed:
            raise WorkerLost(CLOSED)
        message = framed(picture)
        exchange = asyncio.ensure_future(self._in_turn(message))
        exchange.add_done_callback(_retrieved)
        return await asyncio.shield(exchange)

    async def _in_turn(self, message: bytes) -> bytes:
        async with self._turn:
            if self._closed:
                raise WorkerLost(CLOSED)
            try:
                kind, value = await asyncio.wait_for(self._exchange(message), self.patience)
            except TimeoutError:
                await self._discard(kill=True)
                raise WorkerLost(
                    f"a picture took more than {self.patience:g} s: its drawing process was "
                    "stopped, and the next picture starts a new one"
                ) from None
            except (ConnectionError, asyncio.IncompleteReadError) as error:
                ended = await self._discard()
                raise WorkerLost(
                    f"the drawing process stopped ({ended}); the next picture starts a new one"
                ) from error
            except BaseException:  # cancelled mid-exchange: its answer must not be the next's
                self._abandon()
                raise
        return _unpacked(kind, value)

    async def _exchange(self, message: bytes) -> Answer:
        """Send the picture and read its answer. When a worker that had drawn before fails
        (it may have died while idle, before it saw this picture), the picture goes once to a
        new one; when that one fails too, so does the picture."""
        was_running = self._process is not None and self._process.returncode is None
        try:
            return await _ask(await self._worker(), message)
        except (ConnectionError, asyncio.IncompleteReadError) as error:
            if not was_running:
                raise
            ended = await self._discard()
            log.warning("the drawing process stopped (%s): drawing on a new one", ended)
            try:
                return await _ask(await self._worker(), message)
            except (ConnectionError, asyncio.IncompleteReadError):
                raise error from None

    async def _worker(self) -> asyncio.subprocess.Process:
        """The worker, started now if there is none (or the last one has ended)."""
        if self._process is not None and self._process.returncode is not None:
            await self._discard()
        if self._process is None:
            try:
                self._process = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-P",
                    "-c",
                    BOOT,
                    ROOT,
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                )
            except OSError as error:
                raise WorkerLost(f"the drawing process could not start: {error}") from error
            log.debug("started the drawing process %s", self._process.pid)
        return self._process

    async def _discard(self, kill: bool = False) -> str:
        """Stop and reap the worker, and forget it (the next picture starts a new one); how it
        ended, in words."""
        process, self._process = self._process, None
        if process is None:
            return "it was not running"
        return _ended(await _stop(process, kill))

    def _abandon(self) -> None:
        """Forget the worker at once, killed (asyncio's child watcher reaps it): for when
        there is no waiting, as when the exchange was cancelled."""
        process, self._process = self._process, None
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()

    async def close(self) -> None:
        """No more pictures: the one being drawn has CLOSE_PATIENCE seconds to finish, those
        waiting fail (WorkerLost), and the worker is stopped and reaped."""
        self._closed = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._turn.acquire(), CLOSE_PATIENCE)
            self._turn.release()
        await self._discard()


async def _ask(process: asyncio.subprocess.Process, message: bytes) -> Answer:
    """One exchange on the worker's pipes: the picture sent, its answer read."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(message)
    await process.stdin.drain()
    (size,) = HEADER.unpack(await process.stdout.readexactly(HEADER.size))
    answer: Answer = pickle.loads(await process.stdout.readexactly(size))
    return answer


def _unpacked(kind: str, value: bytes | str) -> bytes:
    """The picture's bytes, or the worker's refusal or failure raised here."""
    if kind == "png" and isinstance(value, bytes):
        return value
    if kind == "refused":
        raise RuleViolation(str(value))
    raise DrawingRaised(str(value))


async def _stop(process: asyncio.subprocess.Process, kill: bool = False) -> int:
    """End the worker: its input closed (it exits after the picture it is drawing), or killed
    when `kill` or when it does not exit within STOP_PATIENCE; reaped either way."""
    if process.returncode is None and not kill and process.stdin is not None:
        process.stdin.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), STOP_PATIENCE)
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    return await process.wait()


def _ended(code: int) -> str:
    return f"killed by signal {-code}" if code < 0 else f"exit status {code}"


def _retrieved(exchange: asyncio.Future[bytes]) -> None:
    """Take the exchange's exception, so that an exchange nobody waits for any more (its
    caller was cancelled) is not logged as 'never retrieved'."""
    if not exchange.cancelled():
        exchange.exception()
