"""PostgreSQL URLs as a person types them: no password ever shown, a malformed one refused in
one sentence, and a command that only reads never fills a database totembot never used."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from totembot.store.postgres_schema import shown_url

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://bot:hunter2@db:5432/totembot", "postgresql://bot@db:5432/totembot"),
        ("postgresql://bot@db/totembot?password=hunter2", "postgresql://bot@db/totembot"),
        (
            "postgres://db/t?sslmode=require&sslpassword=hunter2&PASSWORD=hunter2",
            "postgres://db/t?sslmode=require",
        ),
        ("postgresql://postgres:@/x?host=/tmp/pg", "postgresql://postgres@/x?host=/tmp/pg"),
        ("postgresql://[::1/db?password=hunter2", "(a malformed postgresql:// URL)"),
    ],
)
def test_a_url_is_shown_without_any_password(url: str, shown: str) -> None:
    assert shown_url(url) == shown
    assert "hunter2" not in shown_url(url)


def totembot(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TOTEMBOT_"))}
    return subprocess.run(
        [sys.executable, "-m", "totembot", *args],
        env={**clean, "PYTHONPATH": str(ROOT)},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("command", [["stats"], ["export"], ["summary"]])
def test_a_malformed_url_is_one_sentence_without_its_password(
    tmp_path: Path, command: list[str]
) -> None:
    done = totembot(*command, "--db", "postgresql://bot:hunter2@[::1/db", cwd=tmp_path)

    assert done.returncode == 2
    assert done.stderr == (
        "totembot: The PostgreSQL database (a malformed postgresql:// URL) cannot be reached "
        "(Invalid IPv6 URL).\n"
    )


async def test_stats_on_a_database_totembot_never_used_refuse_and_create_nothing(
    postgres_url: str, tmp_path: Path
) -> None:
    done = totembot("stats", "--db", postgres_url, cwd=tmp_path)

    assert done.returncode == 2
    assert done.stderr == f"totembot: There is no totembot database at {shown_url(postgres_url)}.\n"
    connection = await asyncpg.connect(postgres_url)
    try:
        tables = await connection.fetchval(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        )
    finally:
        await connection.close()
    assert tables == 0
