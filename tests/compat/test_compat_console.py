"""`totembot console` prints, byte for byte, what it printed at 660d3e7 for every example.

The goldens in console/ are the old code's standard output (see make_goldens.py), but for the
examples a later contract changed on purpose, regenerated then (goldens.REGENERATED: Emperor and
Grand Melee, issue 34). Today's console runs in-process through `totembot.cli.main`, as
`totembot console` calls it; one run as a program checks that the bytes on a real standard
output are the same.

tests/test_examples_and_docs.py checks what the examples mean (refused lines, winners) and
.ci/wheel-check compares the installed wheel with the checkout at one commit; neither compares
with an older version.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.compat.goldens import (
    CONSOLE,
    EXAMPLES,
    HERE,
    NEWER_EXAMPLES,
    REGENERATED,
    ROOT,
    golden_text,
)
from totembot.cli import main

SCRIPTS = sorted(path for path in EXAMPLES.glob("*.totem") if path.name not in NEWER_EXAMPLES)
NAMES = [script.stem for script in SCRIPTS]


def console_output(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    """Standard output of `totembot console ARGS`; the run must succeed with nothing on
    standard error."""
    capsys.readouterr()
    status = main(["console", *map(str, args)])
    printed = capsys.readouterr()
    assert (status, printed.err) == (0, "")
    return printed.out


def test_the_examples_are_the_scripts_the_goldens_were_made_from() -> None:
    pinned = json.loads((CONSOLE / "scripts.json").read_text(encoding="utf-8"))
    today = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in SCRIPTS}
    changed = sorted(name for name in pinned.keys() & today.keys() if pinned[name] != today[name])
    assert sorted(today.keys() - pinned.keys()) == [], "an example without goldens"
    assert sorted(pinned.keys() - today.keys()) == [], "an example gone"
    assert changed == [], "examples edited since 660d3e7: their goldens no longer apply"


def test_the_examples_without_goldens_are_newer_requests_named_with_their_reason() -> None:
    """An example the old code could not play has no golden; it is listed, with its issue."""
    assert all((EXAMPLES / name).is_file() for name in NEWER_EXAMPLES)
    assert all(reason.startswith("issue ") for reason in NEWER_EXAMPLES.values())
    pinned = json.loads((CONSOLE / "scripts.json").read_text(encoding="utf-8"))
    assert not NEWER_EXAMPLES.keys() & pinned.keys()


def test_the_goldens_regenerated_since_660d3e7_are_named_with_their_reason() -> None:
    """A golden made by later code is listed, so it is never taken for the old code's answer."""
    assert all((HERE / path).is_file() for path in REGENERATED)
    assert all(reason.startswith("issue ") for reason in REGENERATED.values())
    regenerated = {Path(path).stem for path in REGENERATED if path.startswith("console/")}
    assert regenerated == {"emperor", "grand-melee"}  # the examples issue 34 rewrote


@pytest.mark.parametrize("name", NAMES)
def test_console_json_prints_what_660d3e7_printed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    printed = console_output(capsys, "--json", EXAMPLES / f"{name}.totem")
    assert printed == golden_text(CONSOLE / f"{name}.json")


@pytest.mark.parametrize("name", NAMES)
def test_console_text_prints_what_660d3e7_printed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    printed = console_output(capsys, EXAMPLES / f"{name}.totem")
    assert printed == golden_text(CONSOLE / f"{name}.txt")


def test_the_console_program_writes_the_same_bytes_to_a_real_standard_output(
    tmp_path: Path,
) -> None:
    """totemic.totem's text holds non-ASCII (→): the program's encoding is checked too."""
    script = EXAMPLES / "totemic.totem"
    done = subprocess.run(
        [sys.executable, "-m", "totembot", "console", str(script)],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},  # no locale, no settings
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == (CONSOLE / "totemic.txt").read_bytes()
    assert "→".encode() in done.stdout
