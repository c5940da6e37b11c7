"""What the console reads and where it writes: UTF-8 only, said clearly; a closed pipe is quiet."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_console import ROOT, console, console_json

SCRIPT = "game totem players: Ann, Bob, Cid\nAnn: deal 3 to Bob\n"


def console_bytes(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "totembot", "console", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
        cwd=ROOT,
    )


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_utf16_file_is_refused_as_such_with_exit_2(tmp_path: Path, encoding: str) -> None:
    script = tmp_path / "game.totem"
    script.write_bytes(SCRIPT.encode(encoding))
    result = console("--json", str(script))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"totembot: {script} is not UTF-8 text (saved as UTF-16?); save it as UTF-8.\n"
    )


def test_utf16_standard_input_is_refused_as_such() -> None:
    result = console_bytes(stdin=SCRIPT.encode("utf-16"))
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr == (
        b"totembot: standard input is not UTF-8 text (saved as UTF-16?); send it as UTF-8.\n"
    )


def test_a_latin1_file_names_its_first_bad_line_and_plays_nothing(tmp_path: Path) -> None:
    script = tmp_path / "game.totem"
    script.write_bytes((SCRIPT + "# Zoé\nnext\n").encode("latin-1"))
    db = tmp_path / "table.sqlite3"
    result = console("--db", str(db), str(script))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"totembot: {script} is not UTF-8 text (line 3 has bytes UTF-8 cannot read); "
        "save it as UTF-8.\n"
    )
    assert not db.exists()


def test_a_utf8_file_with_a_byte_order_mark_and_windows_line_ends_is_read(tmp_path: Path) -> None:
    script = tmp_path / "game.totem"
    script.write_bytes(b"\xef\xbb\xbf" + SCRIPT.replace("\n", "\r\n").encode() + b"# Zo\xc3\xa9\n")
    result = console("--json", str(script))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_stray_control_bytes_in_utf8_are_refused_lines_not_a_wrong_encoding() -> None:
    state = console_json(SCRIPT + "\x00\x07 deal 3 to Bob\n")
    assert [entry["line"] for entry in state["rejected"]] == [3]


def test_a_pipe_closed_before_any_output_ends_quietly() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "totembot", "console", "examples/four-players.totem"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=60,
            cwd=ROOT,
        )
    finally:
        os.close(write_end)
    assert result.stderr == b""
    assert result.returncode == 1


def test_a_reader_that_stops_after_one_line_like_head_ends_it_quietly(tmp_path: Path) -> None:
    script = tmp_path / "long.totem"
    script.write_text("game totem players: Ann, Bob, Cid\n" + "next\n" * 20_000)  # > a pipe
    process = subprocess.Popen(
        [sys.executable, "-m", "totembot", "console", str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == b"2: Turn 2: Bob\n"
    process.stdout.close()
    assert process.wait(timeout=60) == 1
    assert process.stderr.read() == b""
    process.stderr.close()
