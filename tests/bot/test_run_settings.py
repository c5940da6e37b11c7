"""`totembot run` and `sync` with a missing or malformed setting: one sentence, no traceback."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

import discord
import pytest

from totembot.bot.client import ShardedTotemBot, TotemBot
from totembot.service import GameService
from totembot.settings import Settings
from totembot.shards import ShardSet
from totembot.store import GameStore

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GabCdE.settings-token-never-shown-0123"


def totembot(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TOTEMBOT_"))}
    return subprocess.run(
        [sys.executable, "-m", "totembot", *args],
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("command", ["run", "sync"])
@pytest.mark.parametrize(
    ("token", "message"),
    [
        (None, "DISCORD_TOKEN is not set"),
        ("", "DISCORD_TOKEN is not set"),
        ("not-a-token secret-part", "does not look like a bot token"),
    ],
)
def test_a_missing_or_malformed_token_says_how_to_get_one(
    tmp_path: Path, command: str, token: str | None, message: str
) -> None:
    env = {} if token is None else {"DISCORD_TOKEN": token}
    result = totembot([command], env, tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "discord.com/developers/applications" in result.stderr
    assert "Traceback" not in result.stderr
    if token:
        assert "secret-part" not in result.stderr + result.stdout


def test_a_token_in_a_dotenv_file_is_read_but_never_printed(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=wrong shape but secret\n")
    result = totembot(["run"], {}, tmp_path)
    assert result.returncode == 2
    assert "does not look like a bot token" in result.stderr
    assert "secret" not in result.stderr.replace("Secret", "")


def test_a_malformed_number_setting_is_named_in_one_sentence(tmp_path: Path) -> None:
    result = totembot(["run"], {"TOTEMBOT_STATUS_INTERVAL": "soon"}, tmp_path)
    assert result.returncode == 2
    assert "TOTEMBOT_STATUS_INTERVAL is invalid" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        ("TOTEMBOT_WEB", "8080", "is not HOST:PORT (for example 127.0.0.1:8080)"),
        ("TOTEMBOT_WEB", "localhost:http", "is not HOST:PORT"),
        ("TOTEMBOT_PUBLIC_URL", "totembot.example.org", "is not an http:// or https:// address"),
    ],
)
def test_a_live_page_setting_that_cannot_work_is_refused_in_one_sentence(
    tmp_path: Path, setting: str, value: str, message: str
) -> None:
    result = totembot(["run"], {"DISCORD_TOKEN": TOKEN, setting: value}, tmp_path)
    assert result.returncode == 2
    assert f"the setting {setting} is invalid" in result.stderr
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "greater than or equal to 1"),
        ("-5", "greater than or equal to 1"),
        ("lots", "integer"),
    ],
)
def test_a_game_cache_size_below_one_or_not_a_number_is_refused_in_one_sentence(
    tmp_path: Path, value: str, message: str
) -> None:
    result = totembot(["run"], {"DISCORD_TOKEN": TOKEN, "TOTEMBOT_GAME_CACHE": value}, tmp_path)
    assert result.returncode == 2
    assert "the setting TOTEMBOT_GAME_CACHE is invalid" in result.stderr
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("value", "message"),
    [("", "TOTEMBOT_DATABASE is invalid: it is empty"), (":memory:", "loses every game at exit")],
)
def test_a_database_setting_that_would_lose_every_game_is_refused(
    tmp_path: Path, value: str, message: str
) -> None:
    result = totembot(["run"], {"DISCORD_TOKEN": TOKEN, "TOTEMBOT_DATABASE": value}, tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert list(tmp_path.iterdir()) == []  # no database was opened anywhere


def test_an_unknown_log_level_is_named_with_the_levels_there_are(tmp_path: Path) -> None:
    result = totembot(["run"], {"TOTEMBOT_LOG_LEVEL": "chatty"}, tmp_path)
    assert result.returncode == 2
    assert "TOTEMBOT_LOG_LEVEL is invalid" in result.stderr
    assert "'DEBUG', 'INFO', 'WARNING' or 'ERROR'" in result.stderr


@pytest.mark.parametrize("command", ["run", "sync"])
def test_without_a_network_the_bot_says_so_in_one_sentence(tmp_path: Path, command: str) -> None:
    closed_port = "http://127.0.0.1:9/api/v10"  # the discard port: nothing listens on loopback
    env = {"DISCORD_TOKEN": TOKEN, "DISCORD_API_BASE": closed_port, "TOTEMBOT_LOG_LEVEL": "error"}
    result = totembot([command], env, tmp_path)
    assert result.returncode == 75  # EX_TEMPFAIL: worth a restart later, unlike a bad setting
    assert result.stderr.strip().splitlines() == [
        "totembot: cannot reach Discord at 127.0.0.1 (Connect call failed ('127.0.0.1', 9)): "
        "check the network connection (or DISCORD_API_BASE) and try again."
    ]
    assert TOKEN not in result.stdout + result.stderr


def test_the_log_names_the_database_it_opened_at_the_level_asked_for(tmp_path: Path) -> None:
    closed_port = "http://127.0.0.1:9/api/v10"
    env = {"DISCORD_TOKEN": TOKEN, "DISCORD_API_BASE": closed_port}
    info = totembot(["run"], {**env, "TOTEMBOT_DATABASE": "games.sqlite3"}, tmp_path)
    created = f"There was no totembot database at {tmp_path / 'games.sqlite3'}: created a new"
    assert created in info.stderr
    again = totembot(["run"], {**env, "TOTEMBOT_DATABASE": "games.sqlite3"}, tmp_path)
    assert f"opened the database {tmp_path / 'games.sqlite3'}" in again.stderr
    assert "voice will NOT be supported" not in info.stderr  # totembot never joins voice
    quiet = totembot(["run"], {**env, "TOTEMBOT_LOG_LEVEL": "warning"}, tmp_path)
    assert "opened the database" not in quiet.stderr
    assert "There was no totembot database" in quiet.stderr  # a warning: shown at that level


def test_version_prints_the_package_version(tmp_path: Path) -> None:
    from totembot import __version__

    result = totembot(["--version"], {}, tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == f"totembot {__version__}"


def test_every_setting_is_in_the_example_file_and_the_readme() -> None:
    from totembot.settings import Settings

    example = (ROOT / ".env.example").read_text()
    readme = (ROOT / "README.md").read_text()
    for field in Settings.model_fields.values():
        name = str(field.validation_alias)
        assert f"{name}=" in example, name
        assert f"`{name}`" in readme, name


def settings_of(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Settings:
    """Settings read from exactly `env` (no .env file, nothing from the tests' environment)."""
    for name in list(os.environ):
        if name.startswith(("DISCORD_", "TOTEMBOT_")):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Settings(_env_file=None)


def test_without_shard_settings_the_whole_bot_runs_unsharded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = settings_of({}, monkeypatch)

    assert (settings.shards, settings.shard_count, settings.shard_set()) == (None, None, None)
    blank = settings_of({"TOTEMBOT_SHARDS": " ", "TOTEMBOT_SHARD_COUNT": ""}, monkeypatch)
    assert blank.shard_set() is None  # an empty line in .env is as good as none


def test_the_shard_settings_give_the_shards_and_the_options_win_each_on_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from totembot.shards import ShardSet

    settings = settings_of({"TOTEMBOT_SHARDS": "0-3", "TOTEMBOT_SHARD_COUNT": "8"}, monkeypatch)

    assert settings.shard_set() == ShardSet((0, 1, 2, 3), 8)
    assert settings.shard_set("4-7") == ShardSet((4, 5, 6, 7), 8)
    assert settings.shard_set(None, 4) == ShardSet((0, 1, 2, 3), 4)
    assert settings.shard_set("1", 2) == ShardSet((1,), 2)
    with pytest.raises(ValueError, match="shard 3 does not exist with a shard count of 2"):
        settings.shard_set(None, 2)


def test_an_option_completes_the_setting_it_pairs_with(monkeypatch: pytest.MonkeyPatch) -> None:
    only_count = settings_of({"TOTEMBOT_SHARD_COUNT": "2"}, monkeypatch)
    only_ids = settings_of({"TOTEMBOT_SHARDS": "0-3"}, monkeypatch)

    assert only_count.shard_set("1") == ShardSet((1,), 2)
    assert only_ids.shard_set(None, 8) == ShardSet((0, 1, 2, 3), 8)
    with pytest.raises(ValueError, match=r"give --shards \(or TOTEMBOT_SHARDS\) too"):
        only_count.shard_set()


def test_options_alone_need_each_other_when_no_setting_fills_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = settings_of({}, monkeypatch)

    with pytest.raises(ValueError, match=r"give --shard-count \(or TOTEMBOT_SHARD_COUNT\) too"):
        settings.shard_set("0-3")
    with pytest.raises(ValueError, match=r"give --shards \(or TOTEMBOT_SHARDS\) too"):
        settings.shard_set(None, 8)


@pytest.mark.parametrize(
    ("env", "message"),
    [
        (
            {"TOTEMBOT_SHARDS": "0-3"},
            "totembot: shard ids need the shard count of the whole bot: "
            "give --shard-count (or TOTEMBOT_SHARD_COUNT) too.",
        ),
        (
            {"TOTEMBOT_SHARD_COUNT": "8"},
            "totembot: a shard count needs the shards this process runs: "
            "give --shards (or TOTEMBOT_SHARDS) too.",
        ),
        (
            {"TOTEMBOT_SHARDS": "0-8", "TOTEMBOT_SHARD_COUNT": "8"},
            "totembot: the setting TOTEMBOT_SHARDS is invalid: shard 8 does not exist with a "
            "shard count of 8 (ids go from 0 to 7).",
        ),
        (
            {"TOTEMBOT_SHARDS": "0", "TOTEMBOT_SHARD_COUNT": "0"},
            "totembot: the setting TOTEMBOT_SHARD_COUNT is invalid: "
            "Input should be greater than or equal to 1.",
        ),
    ],
)
def test_shard_settings_that_cannot_run_are_refused_in_one_sentence(
    tmp_path: Path, env: dict[str, str], message: str
) -> None:
    result = totembot(["run"], {"DISCORD_TOKEN": TOKEN, **env}, tmp_path)

    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [message]
    assert list(tmp_path.iterdir()) == []  # refused before any database was opened


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (["--shards", "3-1", "--shard-count", "8"], {}, "the range 3-1 goes backwards: write 1-3"),
        (["--shards", "0-3"], {}, "shard ids need the shard count of the whole bot"),
        (["--shard-count", "8"], {}, "a shard count needs the shards this process runs"),
        (["--shards", "0,0", "--shard-count", "2"], {}, "shard 0 is given twice"),
        (["--shard-count", "2"], {"TOTEMBOT_SHARDS": "2", "TOTEMBOT_SHARD_COUNT": "4"}, "shard 2"),
        (["--shards", "x", "--shard-count", "2"], {}, "'x' is not a shard id or a range of them"),
    ],
)
def test_shard_options_that_cannot_run_are_refused_in_one_sentence(
    tmp_path: Path, args: list[str], env: dict[str, str], message: str
) -> None:
    result = totembot(["run", *args], {"DISCORD_TOKEN": TOKEN, **env}, tmp_path)

    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("totembot: ") and line.endswith(".")
    assert message in line
    assert list(tmp_path.iterdir()) == []


def test_run_describes_its_shard_options(tmp_path: Path) -> None:
    result = totembot(["run", "--help"], {}, tmp_path)

    assert result.returncode == 0
    assert "--shards IDS" in result.stdout and "--shard-count N" in result.stdout
    assert "TOTEMBOT_SHARDS" in result.stdout and "TOTEMBOT_SHARD_COUNT" in result.stdout


@pytest.mark.parametrize(
    ("args", "env", "line"),
    [
        (["--shards", "0-3", "--shard-count", "8"], {}, "running shards 0-3 of 8"),
        ([], {"TOTEMBOT_SHARDS": "5", "TOTEMBOT_SHARD_COUNT": "8"}, "running shard 5 of 8"),
        (["--shards", "1"], {"TOTEMBOT_SHARDS": "0", "TOTEMBOT_SHARD_COUNT": "2"}, "shard 1 of 2"),
    ],
)
def test_a_sharded_run_names_its_shards_in_the_log(
    tmp_path: Path, args: list[str], env: dict[str, str], line: str
) -> None:
    closed_port = "http://127.0.0.1:9/api/v10"
    env = {**env, "DISCORD_TOKEN": TOKEN, "DISCORD_API_BASE": closed_port}

    result = totembot(["run", *args], env, tmp_path)

    assert result.returncode == 75  # it got as far as logging in
    assert line in result.stderr
    assert "Traceback" not in result.stderr
    assert TOKEN not in result.stdout + result.stderr


class StaleGames:
    """A store that only answers which games are stale, remembering the filter it was given."""

    def __init__(self, guilds: dict[int, str | None]) -> None:
        self.guilds = guilds
        self.owns: Callable[[str | None], bool] | None = None

    async def stale_status_games(
        self, owns: Callable[[str | None], bool] | None = None
    ) -> list[int]:
        self.owns = owns
        return [game for game, guild in self.guilds.items() if owns is None or owns(guild)]


async def test_a_sharded_bot_is_an_auto_sharded_bot_that_resyncs_only_its_own_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = StaleGames({1: "10", 2: str((1 << 22) + 10), 3: None, 4: str((2 << 22) + 10)})
    service = GameService(cast(GameStore, store))
    whole = TotemBot(service, 2.0, random.Random(1))
    some = ShardedTotemBot(service, 2.0, random.Random(1), ShardSet((0,), 2))
    scheduled: list[int] = []
    for bot in (whole, some):
        monkeypatch.setattr(bot.statuses, "schedule", scheduled.append)

    await whole._resync_status_messages()
    everything, scheduled[:] = list(scheduled), []
    await some._resync_status_messages()

    assert not isinstance(whole, discord.AutoShardedClient) and whole.own_shards is None
    assert isinstance(some, discord.AutoShardedClient)
    assert (some.shard_ids, some.shard_count) == ([0], 2)
    assert everything == [1, 2, 3, 4]
    assert scheduled == [1, 3, 4]  # guild 10 and (2 << 22) + 10 are shard 0's, and no guild too


async def test_the_game_cache_setting_sizes_the_bots_memory_of_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from totembot.bot.runner import close_bot, open_bot
    from totembot.channel_cache import DEFAULT_GAME_CACHE

    assert settings_of({}, monkeypatch).game_cache == DEFAULT_GAME_CACHE
    database = str(tmp_path / "games.sqlite3")
    env = {"DISCORD_TOKEN": TOKEN, "TOTEMBOT_DATABASE": database, "TOTEMBOT_GAME_CACHE": "7"}
    bot = await open_bot(settings_of(env, monkeypatch))
    try:
        assert bot.service._current.size == 7
    finally:
        await close_bot(bot)


def test_a_live_page_port_in_use_is_one_sentence_before_discord_is_reached(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        settings = {"DISCORD_TOKEN": TOKEN, "TOTEMBOT_WEB": f"127.0.0.1:{port}"}
        result = totembot(["run"], settings, tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == (
        f"totembot: cannot serve the live pages on 127.0.0.1:{port} (address already in use): "
        "choose another TOTEMBOT_WEB."
    )
    assert "Traceback" not in result.stderr
