"""`totembot backup` copies SQLite files only: given a PostgreSQL URL it points to pg_dump."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

URL = "postgresql://totembot:hunter2@db.example:5432/totembot"


@pytest.mark.parametrize("how", ["--db", "TOTEMBOT_DATABASE"])
def test_backup_of_a_postgresql_url_is_refused_pointing_to_pg_dump(
    tmp_path: Path, how: str
) -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TOTEMBOT_"))}
    args = ["backup", str(tmp_path / "copy.sqlite3")]
    env = clean
    if how == "--db":
        args += ["--db", URL]
    else:
        env = {**clean, "TOTEMBOT_DATABASE": URL}

    done = subprocess.run(
        [sys.executable, "-m", "totembot", *args],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "totembot: A PostgreSQL database is backed up with pg_dump -Fc, not totembot backup "
        "(which copies SQLite files only): see docs/deploying.md.\n"
    )
    assert list(tmp_path.iterdir()) == []  # no file, no folder named after the URL
