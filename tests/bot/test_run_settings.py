"""`totembot run` and `sync` with a missing or malformed setting: one sentence, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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
