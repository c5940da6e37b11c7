"""The rules stay pure: no Discord, database, event loop, clock or randomness."""

import ast
from pathlib import Path

import pytest

import totembot.games.magic.rules

FORBIDDEN = {"discord", "aiosqlite", "asyncio", "sqlite3", "time", "datetime", "random"}
RULES_DIR = Path(totembot.games.magic.rules.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted(RULES_DIR.glob("*.py")), ids=lambda p: p.name)
def test_a_rules_module_imports_no_discord_database_loop_clock_or_randomness(path: Path) -> None:
    assert imported_modules(path) & FORBIDDEN == set()


def test_the_rules_package_has_modules_to_check() -> None:
    assert len(list(RULES_DIR.glob("*.py"))) >= 5


def test_the_purity_check_would_catch_an_asyncio_import(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("import asyncio\nfrom discord import Client\n")
    assert imported_modules(module) & FORBIDDEN == {"asyncio", "discord"}
