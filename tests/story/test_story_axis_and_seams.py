"""The turn axis, and the story modules' place: pure, and loaded only when a game is told."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import totembot
from totembot.core.axis import Line, final_x, step_xs
from totembot.core.story import Point

PACKAGE = Path(totembot.__file__).parent
STORY = sorted(
    [
        *(PACKAGE / "games" / "magic" / "story").glob("*.py"),
        *(PACKAGE / "games" / "totemic" / "story").glob("*.py"),
        *(PACKAGE / "core" / name for name in ("story.py", "axis.py", "ways.py")),
    ]
)
ROOT = PACKAGE.parent
FORBIDDEN = {"discord", "asyncio", "aiosqlite", "sqlite3", "matplotlib", "PIL", "time", "datetime"}


def test_changes_sit_evenly_inside_the_turn_they_were_made_in() -> None:
    assert step_xs([1, 1, 2, 4, 4, 4]) == [1 + 1 / 3, 1 + 2 / 3, 2.5, 4.25, 4.5, 4.75]
    assert step_xs([]) == [] and final_x([]) == 1.0


def test_a_line_marks_only_changes_and_runs_to_the_end() -> None:
    line = Line()
    line.move(1.2, 5)  # no start yet: nothing to move from
    line.mark(1.0, 20)
    line.move(1.5, 20)
    line.move(1.75, 12)
    assert line.run_to(3.5) == (Point(1.0, 20), Point(1.75, 12), Point(3.5, 12))
    assert line.run_to(3.5)[-1] == Point(3.5, 12) and len(line.points) == 3


@pytest.mark.parametrize("path", STORY, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_the_story_modules_are_pure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {
        name.split(".")[0]
        for node in ast.walk(tree)
        for name in (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
    }
    assert not imported & FORBIDDEN
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 250


def test_the_rulesets_load_the_story_only_when_a_game_is_told() -> None:
    code = (
        "import sys; import totembot.games.magic.ruleset, totembot.games.totemic.ruleset; "
        "print(any(name.startswith('totembot.games.magic.story') for name in sys.modules))"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert shown.stdout.strip() == "False"
