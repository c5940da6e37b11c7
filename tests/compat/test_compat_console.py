"""`totembot console` prints, byte for byte, what it printed at 660d3e7 for every example.

The goldens in console/ are the old code's standard output (see make_goldens.py), but for the
examples a later contract changed on purpose, regenerated then (goldens.REGENERATED: Emperor and
Grand Melee, issue 34). The JSON of every Magic game also has the fields TABLE.md added (issue
28), which no golden shows: they are checked to be there with their empty values and taken out
(goldens.NORMALISED, `as_golden`), and the rest must be the golden's bytes. Today's console runs
in-process through `totembot.cli.main`, as `totembot console` calls it; one run as a program
checks that the bytes on a real standard output are the same.

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
    NORMALISED,
    REGENERATED,
    ROOT,
    TABLE_COMMANDER_FIELDS,
    TABLE_FIELDS,
    TABLE_PLAYER_FIELDS,
    TABLE_TOP_FIELDS,
    as_golden,
    golden_text,
    in_commander,
    json_text,
    registry,
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


def commander_example(name: str) -> bool:
    """Whether an example's setup line asks for a commander game."""
    lines = (EXAMPLES / f"{name}.totem").read_text(encoding="utf-8").splitlines()
    setup = next(line for line in lines if line.partition("#")[0].strip())
    return in_commander(registry().parse_setup(setup))


def test_the_json_goldens_are_compared_with_one_normalisation_named_with_its_reason() -> None:
    """TABLE.md's fields (issue 28) are the only thing taken out of today's JSON, and only with
    their empty values: a game that used TABLE.md's lines is not taken for an old one."""
    assert NORMALISED == {"TABLE.md's fields": TABLE_FIELDS}
    assert TABLE_FIELDS.startswith("issue 28: ")
    assert TABLE_PLAYER_FIELDS == {"counters": {}, "city_blessing": False, "ring": 0}
    assert TABLE_COMMANDER_FIELDS == {"commander_casts": {}}
    assert TABLE_TOP_FIELDS == {"monarch": None, "initiative": None, "day_night": None}
    assert {commander_example(name) for name in NAMES} == {True, False}  # both kinds are checked


def test_the_normalisation_takes_out_only_empty_table_fields_that_are_all_there(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ffa = json.loads(console_output(capsys, "--json", EXAMPLES / "free-for-all.totem"))
    assert commander_example("free-for-all")
    golden = json.loads(golden_text(CONSOLE / "free-for-all.json"))
    assert as_golden(ffa, commander=True) == golden
    with pytest.raises(AssertionError):  # commander_casts is there, and only in a commander game
        as_golden(ffa, commander=False)
    with pytest.raises(AssertionError):  # today's JSON must have them all
        as_golden(golden, commander=True)
    night = json.loads(console_output(capsys, "--json", EXAMPLES / "commander-night.totem"))
    with pytest.raises(AssertionError):  # a game that used TABLE.md's lines: not empty
        as_golden(night, commander=True)
    for key, value in [("ring", False), ("city_blessing", 0)]:  # JSON's types, not Python's ==
        changed = {**ffa, "players": [{**ffa["players"][0], key: value}, *ffa["players"][1:]]}
        with pytest.raises(AssertionError):
            as_golden(changed, commander=True)
    totemic = json.loads(console_output(capsys, "--json", EXAMPLES / "totemic.totem"))
    assert as_golden(totemic, commander=False) == totemic  # Totemic's JSON has none of them


@pytest.mark.parametrize("name", NAMES)
def test_console_json_prints_what_660d3e7_printed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Byte for byte, once TABLE.md's empty fields are taken out (goldens.NORMALISED)."""
    printed = console_output(capsys, "--json", EXAMPLES / f"{name}.totem")
    state = json.loads(printed)
    assert json_text(state) == printed  # the console's own layout, so the rest's bytes are kept
    old = as_golden(state, commander_example(name))
    assert json_text(old) == golden_text(CONSOLE / f"{name}.json")


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
