"""The formats and the language are as pure as the rules: no Discord, database, loop or clock."""

from pathlib import Path

import pytest

import totembot.games.magic.formats
import totembot.games.magic.language
from tests.test_rules_purity import FORBIDDEN, imported_modules

PURE = [
    *sorted(Path(totembot.games.magic.formats.__file__).parent.rglob("*.py")),
    *sorted(Path(totembot.games.magic.language.__file__).parent.glob("*.py")),
]


@pytest.mark.parametrize("path", PURE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_format_or_language_module_imports_no_discord_database_loop_clock_or_randomness(
    path: Path,
) -> None:
    assert imported_modules(path) & FORBIDDEN == set()


def test_there_are_format_and_language_modules_to_check() -> None:
    assert len(PURE) >= 8
