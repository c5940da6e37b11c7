"""The layers are a contract (`[tool.importlinter]` in pyproject.toml, docs/architecture.md):
the seam imports nothing of totembot, the games know nothing of each other or of the shell and
stay pure, neutral drawing, the store and the service import no game, the shell reaches a game
only through `core` and `games.registry`, and no part imports another round in a circle.

They are checked with import-linter on the package as it is, and on a copy with a forbidden
import added, to show the contracts would notice one.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import totembot

ROOT = Path(totembot.__file__).parent.parent
LINT = (
    "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))"
)


def lint(where: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` run in a folder holding a `totembot` package and its pyproject.toml."""
    return subprocess.run(
        [sys.executable, "-c", LINT], cwd=where, capture_output=True, text=True, timeout=120
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package and its contracts, to break."""
    where = tmp_path_factory.mktemp("layers")
    shutil.copy(ROOT / "pyproject.toml", where)
    shutil.copytree(
        ROOT / "totembot", where / "totembot", ignore=shutil.ignore_patterns("__pycache__")
    )
    return where


def test_every_layer_contract_is_kept() -> None:
    checked = lint(ROOT)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Contracts: 11 kept, 0 broken." in checked.stdout


ADDED = {
    # file to change: (import added, the contract it breaks)
    "core/frozen.py": (
        "import totembot.games.registry",
        "core, the seam, imports no other part of totembot BROKEN",
    ),
    "games/totemic/rules/state.py": (
        "import totembot.games.magic.rules.state",
        "The games know nothing of each other BROKEN",
    ),
    "games/magic/rules/life.py": (
        "import random",
        "The games are pure: no Discord, database, loop, clock, chance or shell BROKEN",
    ),
    "games/magic/story/facts.py": (
        "import matplotlib",
        "A game's story draws nothing: no matplotlib or Pillow BROKEN",
    ),
    "drawing/worker.py": (
        "import asyncio",
        "The drawing process's program imports no Discord, loop or database BROKEN",
    ),
    "render/chart.py": (
        "import totembot.games.magic.render.board_seats",
        "Neutral drawing, the store and the service import no game BROKEN",
    ),
    "bot/totemic/setup.py": (
        "import totembot.games.magic.language.phrases",
        "Each game's bot folder knows only its own game BROKEN",
    ),
    "bot/magic/asking.py": (
        "import totembot.bot.totemic.buttons",
        "Magic's bot folder knows nothing of Totemic BROKEN",
    ),
    "bot/recording.py": (
        "import totembot.games.magic.rules",
        "The shell reaches a game only through core and games.registry BROKEN",
    ),
    "web/view.py": (
        "import discord",
        "The live page reads games through the service, the store and the registry only BROKEN",
    ),
    "games/magic/rules/state.py": (
        "import totembot.games.magic.formats.totem",
        "No import circle anywhere in the package, type-only imports included BROKEN",
    ),
}


def test_each_contract_notices_an_import_it_forbids(copy: Path) -> None:
    for module, (added, _contract) in ADDED.items():
        path = copy / "totembot" / module
        path.write_text(f"{added}\n{path.read_text(encoding='utf-8')}", encoding="utf-8")
    checked = lint(copy)
    assert checked.returncode != 0
    for _added, contract in ADDED.values():
        assert contract in checked.stdout, contract
    assert "Contracts: 0 kept, 11 broken." in checked.stdout
