"""TABLE.md on the status embed and the board: counters under each player, a crown for the
monarch, a castle for the initiative, the city's blessing, the Ring, each commander's tax, and
day or night in the title; sixteen players with several counters each stay within Discord's
limits, cut with a visible "more". Snapshots live in snapshots/table/ (written when missing or
with TOTEMBOT_UPDATE_SNAPSHOTS=1); the games without any of it keep their old snapshots."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.formats.tables import played_state
from tests.render.test_board_snapshots import (
    MAX_DIFFERING_SHARE,
    assert_valid_board,
    decoded,
    differing_share,
    drawn_words,
    snapshot_update_wanted,
)
from tests.render.test_embed_snapshots import assert_within_discord_limits, serialised
from totembot.games.magic.render.board import board_png
from totembot.games.magic.render.embed import status_embed
from totembot.games.magic.rules import GameState

SNAPSHOTS = Path(__file__).parent / "snapshots" / "table"
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")
NAMES += ("Max", "Ned", "Oz", "Pia")
KINDS = ("energy", "experience", "rad", "ticket counters", "oil counters", "shield counters")
KINDS += ("lorehold-quest-marker counters", "everlasting-hourglass-charge counters")


def free_for_all() -> GameState:
    """Ann holds energy, rad and the initiative, her partners cast; Cid is the monarch."""
    return played_state(
        "game ffa players: Ann, Bob, Cid, Dan commander",
        "Ann: get 3 energy",
        "Ann: get 1 rad",
        "Bob: Cid gets 2 ticket counters",
        "Cid: become the monarch",
        "Ann: take the initiative",
        "Dan: get the city's blessing",
        "Bob: the ring tempts you",
        "Bob: the ring tempts you",
        "Ann: cast commander Tymna",
        "Ann: cast commander Tymna",
        "Ann: cast commander Kraum",
        "Dan: cast commander",
        "it becomes day",
    )


def totem() -> GameState:
    """Totem: Bob is the monarch (given, then won by Ann's attack hitting Bob), Cid has the
    initiative and energy, and it is night."""
    return played_state(
        "game totem players: Ann, Bob, Cid, Dan commander",
        "Bob: become the monarch",
        "Ann: attack Bob-Cid for 3 hitting Bob",
        "Cid: take the initiative",
        "Cid: get 4 energy",
        "Dan: get 2 experience",
        "Dan: cast commander",
        "it becomes night",
    )


def sixteen() -> GameState:
    """Grand Melee of sixteen, each player with eight kinds of counters (two of long names),
    the Ring and a tax: too much for one embed at full length."""
    lines = [f"{name}: get {seat + 1} {kind}" for seat, name in enumerate(NAMES) for kind in KINDS]
    lines += [f"{name}: the ring tempts you" for name in NAMES]
    lines += [f"{name}: cast commander" for name in NAMES]
    lines += ["Pia: become the monarch", "Oz: take the initiative", "it becomes night"]
    return played_state(f"game grand-melee players: {', '.join(NAMES)} commander", *lines)


def giant() -> GameState:
    """Two-Headed Giant: Ann the monarch until Cid's commander hits her team, Cid with rad and
    the city's blessing, Dan's tax."""
    return played_state(
        "game two-headed-giant teams: Ann+Bob, Cid+Dan commander",
        "Ann: become the monarch",
        "Cid: get 2 rad",
        "Cid: get the city's blessing",
        "Dan: cast commander",
        "Cid: attack Ann for 3 with commander",
    )


CASES: dict[str, Callable[[], GameState]] = {
    "ffa": free_for_all,
    "giant": giant,
    "totem": totem,
    "sixteen": sixteen,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_embed_matches_its_snapshot(case: str) -> None:
    embed = status_embed(CASES[case]())
    assert_within_discord_limits(embed)
    path = SNAPSHOTS / f"embed-{case}.json"
    if snapshot_update_wanted(path):
        path.write_text(serialised(embed), encoding="utf-8")
        return
    assert embed == json.loads(path.read_text(encoding="utf-8")), f"{path.name} differs"


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_board_matches_its_snapshot(case: str, tmp_path: Path) -> None:
    data = board_png(CASES[case]())
    assert_valid_board(data)
    path = SNAPSHOTS / f"board-{case}.png"
    if snapshot_update_wanted(path):
        path.write_bytes(data)
        return
    share = differing_share(decoded(data), decoded(path.read_bytes()))
    if share > MAX_DIFFERING_SHARE:
        (tmp_path / path.name).write_bytes(data)
        pytest.fail(f"{path.name}: {share:.2%} of pixels differ ({tmp_path / path.name})")


def test_the_embed_shows_counters_designations_blessing_ring_tax_and_day() -> None:
    embed = status_embed(free_for_all())
    lines = embed["description"].splitlines()
    assert embed["title"] == "Turn 1: Ann to play · ☀ day"
    ann = lines.index(next(line for line in lines if "**Ann**" in line))
    assert "(🏰 initiative)" in lines[ann]
    assert lines[ann + 1] == "└ energy 3 · rad 1 · 🪙 Tymna tax 4 · 🪙 Kraum tax 2"
    bob = next(k for k, line in enumerate(lines) if "**Bob**" in line)
    assert lines[bob + 1] == "└ 💍 ring 2"
    cid = next(k for k, line in enumerate(lines) if "**Cid**" in line)
    assert "(👑 monarch)" in lines[cid]
    assert lines[cid + 1] == "└ ticket 2"
    dan = next(k for k, line in enumerate(lines) if "**Dan**" in line)
    assert lines[dan + 1] == "└ 🏙 city's blessing · 🪙 tax 2"


def test_totem_shows_the_monarch_moved_by_the_attack_and_night() -> None:
    embed = status_embed(totem())
    assert embed["title"].endswith("· 🌙 night")
    ann = next(line for line in embed["description"].splitlines() if "**Ann**" in line)
    assert "👑 monarch" in ann
    lines = embed["description"].splitlines()
    assert "**Cid** (🏰 initiative) · energy 4" in lines  # on the player, not under: a totem is
    assert "**Dan** · experience 2 · 🪙 tax 2" in lines


def test_sixteen_players_with_six_kinds_each_are_cut_visibly_not_refused() -> None:
    embed = status_embed(sixteen())
    assert_within_discord_limits(embed)
    description = embed["description"]
    assert all(f"**{name}**" in description for name in NAMES), "every player keeps a line"
    assert "more" in description  # the kinds left out are counted
    assert "👑 monarch" in description and "🏰 initiative" in description


def test_the_board_draws_counters_designations_tax_and_day(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = drawn_words(free_for_all(), monkeypatch)
    assert words[-2 if words[-1].startswith("Free") else -1].endswith("· day") or any(
        w.endswith("· day") for w in words
    )
    for expected in ("monarch", "initiative", "energy", "rad", "ticket", "Tymna tax", "Kraum tax"):
        assert expected in words, expected
    assert "city's blessing" in words and "ring tempted" in words
    assert "4" in words and "3" in words  # Tymna's tax after two casts, Ann's energy


def test_totems_board_puts_the_counters_in_the_seat_note(monkeypatch: pytest.MonkeyPatch) -> None:
    words = drawn_words(totem(), monkeypatch)
    assert any(w.endswith("· night") for w in words)
    # The ring's seat labels are small: whole words, then how many more (the embed says all).
    assert "initiative · +1" in words and "experience 2 · +1" in words
    assert "Ann" in words  # drawn with the monarch's crown (see the snapshot)


def test_a_game_without_table_lines_draws_no_table_words(monkeypatch: pytest.MonkeyPatch) -> None:
    state = played_state("game ffa players: Ann, Bob commander", "Ann: attack Bob for 3")
    words = drawn_words(state, monkeypatch)
    assert not any(w in ("monarch", "initiative") or "tax" in w for w in words)
    assert "└" not in status_embed(state)["description"]


def test_the_giant_formats_show_it_on_each_players_row(monkeypatch: pytest.MonkeyPatch) -> None:
    words = drawn_words(giant(), monkeypatch)
    assert "rad 2 · blessing" in words and "tax 2" in words
    lines = status_embed(giant())["description"].splitlines()
    cid = next(line for line in lines if "**Cid**" in line)
    assert cid.endswith("· rad 2 · 🏙 city's blessing") and "(👑 monarch)" in cid
    assert "monarch" not in next(line for line in lines if "**Ann**" in line)


def long(seat: int) -> str:
    """A 32-character name, as long as a name may be."""
    return chr(ord("A") + seat) + "x" * 31


def crowded(setup: str, count: int) -> GameState:
    """Every player with eight kinds of counters, the blessing, the Ring and two partners'
    casts; the monarch and the initiative given."""
    names = [long(seat) for seat in range(count)]
    lines = [f"{name}: get 999999 {kind}" for name in names for kind in KINDS]
    lines += [f"{name}: get the city's blessing" for name in names]
    lines += [f"{name}: the ring tempts you" for name in names]
    lines += [f"{name}: cast commander {partner}" for name in names for partner in ("K" * 32, "T")]
    lines += [f"{names[-1]}: become the monarch", f"{names[0]}: take the initiative"]
    return played_state(setup.format(players=", ".join(names)) + " commander", *lines)


def team_setup(fmt: str, size: int, count: int) -> str:
    teams = ", ".join(
        "+".join(long(k * size + s) for s in range(size)) for k in range(count // size)
    )
    return f"game {fmt} teams: {teams}"


CROWDED = {
    "totem": lambda: crowded("game totem players: {players}", 8),
    "free-for-all": lambda: crowded("game ffa players: {players}", 12),
    "grand-melee": lambda: crowded("game grand-melee players: {players}", 16),
    "two-headed-giant": lambda: crowded(team_setup("two-headed-giant", 4, 16), 16),
    "teams": lambda: crowded(team_setup("teams", 4, 16), 16),
    "emperor": lambda: crowded(team_setup("emperor", 5, 20), 20),
}


@pytest.mark.parametrize("case", sorted(CROWDED))
def test_the_largest_tables_with_everything_fit_discord_and_name_every_player(case: str) -> None:
    state = CROWDED[case]()
    embed = status_embed(state)
    assert_within_discord_limits(embed)
    description = embed["description"]
    shown = [player.name[:12] for player in state.players]
    assert all(name in description for name in shown), "every player keeps a line"
    assert "more" in description or "kinds of counters" in description
    assert_valid_board(board_png(state))
