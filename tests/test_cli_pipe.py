"""`totembot stats ... | head`: a reader that stops early ends the report quietly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from totembot.cli import main


def test_a_report_whose_reader_closed_the_pipe_exits_without_a_traceback(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    script = Path(__file__).resolve().parent.parent / "examples" / "minions.totem"
    assert main(["console", "--db", str(database), str(script)]) == 0
    for view in ("--decks", "--ratings", "--rivals"):
        command = [sys.executable, "-m", "totembot", "stats", "--db", str(database), view]
        if view == "--rivals":
            command += ["--player", "Ann"]
        child = subprocess.Popen(
            [*command, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()  # the reader is gone before the report is written
        errors = child.stderr.read().decode()
        assert child.wait(timeout=60) == 0, errors
        assert "Traceback" not in errors and "BrokenPipe" not in errors, errors
