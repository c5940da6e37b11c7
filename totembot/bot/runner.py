"""`totembot run` and `totembot sync`: settings in, resources opened once, clean shut-down."""

from __future__ import annotations

import asyncio
import logging
import random
import re
import signal

import aiohttp
import discord
import yarl

from totembot.bot.client import ShardedTotemBot, TotemBot
from totembot.collector import settle_start_up
from totembot.service import GameService
from totembot.settings import Settings
from totembot.shards import ShardSet
from totembot.store import GameStore, open_store

log = logging.getLogger("totembot")

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{3,}\.[A-Za-z0-9_\-]{10,}")
HOW_TO_GET_A_TOKEN = (
    "create an application at https://discord.com/developers/applications, add a bot, "
    "copy its token and put DISCORD_TOKEN=... in .env (see README.md)"
)


class SetupProblem(Exception):
    """A setting that keeps the bot from starting; the message says how to fix it."""


def token_of(settings: Settings) -> str:
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        raise SetupProblem(f"DISCORD_TOKEN is not set: {HOW_TO_GET_A_TOKEN}.")
    token = settings.discord_token.get_secret_value().strip()
    if not TOKEN_SHAPE.fullmatch(token):
        raise SetupProblem(
            f"DISCORD_TOKEN does not look like a bot token (three parts separated by dots): "
            f"{HOW_TO_GET_A_TOKEN}."
        )
    return token


def point_at(settings: Settings) -> None:
    """Use another REST base or gateway (a rate-limit proxy, or the tests' local stand-in)."""
    discord.http.Route.BASE = settings.api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class DiscordUnreachable(SetupProblem):
    """Discord could not be reached: worth trying again later, unlike a wrong setting."""


def cannot_reach(settings: Settings, error: BaseException) -> DiscordUnreachable:
    """No network, a wrong DISCORD_API_BASE, Discord down: one sentence, not a traceback."""
    where = yarl.URL(settings.api_base).host or settings.api_base
    why = str(error).split(" [")[-1].rstrip("]") if str(error) else type(error).__name__
    return DiscordUnreachable(
        f"cannot reach Discord at {where} ({why}): check the network connection "
        "(or DISCORD_API_BASE) and try again."
    )


def shards_to_run(settings: Settings, ids: str | None, count: int | None) -> ShardSet | None:
    """The command's --shards and --shard-count over the settings; None: the whole bot."""
    try:
        return settings.shard_set(ids, count)
    except ValueError as error:
        raise SetupProblem(f"{error}.") from None


async def open_bot(
    settings: Settings, resync_status: bool = True, shards: ShardSet | None = None
) -> TotemBot:
    """The bot with its database open: all of it, or only `shards` of a sharded bot."""
    store = await open_store(settings.database)
    log_opened(store)
    chance = random.Random(settings.shuffle_seed)
    service = GameService(store, cache_size=settings.game_cache)
    if shards is None:
        return TotemBot(
            service, settings.status_interval, chance, resync_status, settings.clock_minute
        )
    return ShardedTotemBot(
        service, settings.status_interval, chance, shards, resync_status, settings.clock_minute
    )


def log_opened(store: GameStore) -> None:
    opened = store.opened
    where = opened.where
    if opened.version_before == 0:
        log.warning(  # plainly: a database expected elsewhere would look like a lost one
            "There was no totembot database at %s: created a new, empty one (schema version %s).",
            where,
            opened.version,
        )
    else:
        log.info("opened the database %s (schema version %s)", where, opened.version)
    if opened.version_before not in (0, opened.version):
        log.info("migrated the database from version %s", opened.version_before)
    if opened.backup is not None:
        log.info("kept a copy from before the migration: %s", opened.backup)


async def close_bot(bot: TotemBot) -> None:
    if bot.live is not None:  # its streams end first: every browser reconnects to the next run
        await bot.live.stop()
        bot.live = None
    if not bot.is_closed():
        await bot.close()
    await bot.service.store.close()


async def run(settings: Settings, shards: ShardSet | None = None) -> None:
    """Run until SIGTERM or Ctrl-C; pending status edits are flushed and the database closed.

    With `shards`, only those shards of a sharded bot run here (see docs/deploying.md)."""
    token = token_of(settings)
    point_at(settings)
    if shards is not None:
        log.info("running %s %s", "shard" if len(shards.ids) == 1 else "shards", shards)
    bot = await open_bot(settings, shards=shards)
    if settings.web is not None:
        from totembot.web.live import start_for_bot  # aiohttp's server: only when asked for

        try:
            bot.live = await start_for_bot(bot.service, settings.web, settings.public_url)
        except OSError as error:
            await close_bot(bot)
            why = (error.strerror or str(error)).rsplit(": ", 1)[-1]  # "address already in use"
            raise SetupProblem(
                f"cannot serve the live pages on {settings.web} ({why}): "
                "choose another TOTEMBOT_WEB."
            ) from error
    settle_start_up()  # the imports are done and no game is loaded yet
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    try:
        await bot.login(token)
        runner = asyncio.create_task(bot.connect(reconnect=True))
        stopper = asyncio.create_task(stop.wait())
        done, _pending = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            runner.result()
        log.info("shutting down")
    except discord.LoginFailure as error:
        raise SetupProblem(f"Discord refused the token: {HOW_TO_GET_A_TOKEN}.") from error
    except (aiohttp.ClientConnectionError, OSError, TimeoutError) as error:
        raise cannot_reach(settings, error) from error
    finally:
        await close_bot(bot)


async def sync(settings: Settings, guild_id: int | None) -> int:
    """Register the slash commands with Discord: one guild (instant) or globally."""
    token = token_of(settings)
    point_at(settings)
    bot = await open_bot(settings, resync_status=False)
    try:
        await bot.login(token)  # runs setup_hook, which adds the commands
        target = discord.Object(id=guild_id) if guild_id else None
        if target is not None:
            bot.tree.copy_global_to(guild=target)
        synced = await bot.tree.sync(guild=target)
        return len(synced)
    except discord.LoginFailure as error:
        raise SetupProblem(f"Discord refused the token: {HOW_TO_GET_A_TOKEN}.") from error
    except (aiohttp.ClientConnectionError, OSError, TimeoutError) as error:
        raise cannot_reach(settings, error) from error
    finally:
        await close_bot(bot)
