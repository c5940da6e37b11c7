"""`totembot run` and `sync` with a missing or malformed setting: one sentence, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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
    assert f"created the database {tmp_path / 'games.sqlite3'} (schema version" in info.stderr
    again = totembot(["run"], {**env, "TOTEMBOT_DATABASE": "games.sqlite3"}, tmp_path)
    assert f"opened the database {tmp_path / 'games.sqlite3'}" in again.stderr
    assert "voice will NOT be supported" not in info.stderr  # totembot never joins voice
    quiet = totembot(["run"], {**env, "TOTEMBOT_LOG_LEVEL": "warning"}, tmp_path)
    assert "opened the database" not in quiet.stderr


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
