"""The player's panel, without Discord: its moves come from the request table's rows, every
move it can offer reads back as its row's request in every format, its targets are the
autocomplete's, and its choices fit a component's id."""

from __future__ import annotations

import pytest

from totembot.bot.magic.panel_ids import MAX_CUSTOM_ID, PanelState
from totembot.games.magic.language.options import player_choices, totem_choices
from totembot.games.magic.language.panel import (
    MAX_NAMES,
    MAX_OPTIONS,
    MAX_PAGES,
    MOVES,
    PAGE_VALUE,
    find,
    move_pages,
    needs_target,
    offered,
    phrase,
    targets,
)
from totembot.games.magic.language.requests import TABLE
from totembot.games.magic.render.text import own_lines
from totembot.games.magic.rules.game import new_game
from totembot.games.magic.rules.state import Config, GameState
from totembot.games.magic.ruleset import MAGIC

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")


def started(game_format: str, count: int, commander: bool = True) -> GameState:
    players = NAMES[:count] if count <= len(NAMES) else tuple(f"P{n}" for n in range(count))
    teams: tuple[tuple[str, ...], ...] = ()
    if game_format in ("two-headed-giant", "teams"):
        teams = tuple(players[i : i + 2] for i in range(0, count, 2))
    elif game_format == "emperor":
        teams = (players[:3], players[3:6])
    config = Config(format=game_format, players=players, teams=teams, commander=commander)
    return new_game(config)


TABLES = [
    ("totem", 4),
    ("totem", 8),
    ("free-for-all", 4),
    ("two-headed-giant", 4),
    ("emperor", 6),
    ("teams", 4),
    ("grand-melee", 16),
]


def test_the_panel_offers_exactly_the_rows_panel_moves_in_the_tables_order() -> None:
    assert [move for _row, move in MOVES] == [move for row in TABLE for move in row.panel]
    keys = [move.key for _row, move in MOVES]
    assert len(keys) == len(set(keys))  # a key names one move in every panel's ids
    assert all(key.isascii() and key.isalnum() and key.islower() for key in keys)
    assert all(len(key) <= 5 for key in keys)  # `x` + key is a button's act
    moves_in_select = [move for _row, move in MOVES if not move.button]
    assert len(moves_in_select) <= 25
    assert {move.key for _row, move in MOVES if move.button} == {"next", "undo"}


@pytest.mark.parametrize(("game_format", "count"), TABLES)
def test_every_move_offered_reads_back_as_its_rows_request(game_format: str, count: int) -> None:
    state = started(game_format, count)
    speaker = state.players[0].name
    said = 0
    for row, move in offered(state, speaker):
        choices = targets(state, row, move, speaker)
        assert len(choices) <= 25
        for target in choices or [None]:
            if target is None and needs_target(state, row, move):
                continue  # no legal target: the panel says so and offers no line
            line = MAGIC.parse_line(f"{speaker}: {phrase(move, target, 3)}", state)
            assert line is not None and line.kind == row.kind, (move.key, target)
            said += 1
    assert said > 20


def test_targets_are_what_autocomplete_offers() -> None:
    melee = started("grand-melee", 16)
    deal = next((row, move) for row, move in MOVES if move.key == "deal")
    offered_names = [t.target for t in targets(melee, *deal, "P0")]
    assert offered_names == [c.name for c in player_choices(melee, "damage", "P0")]
    assert offered_names == ["P0", "P1", "P15"]  # range of influence 1
    totem = started("totem", 4)
    attack = next((row, move) for row, move in MOVES if move.key == "atk")
    assert [t.target for t in targets(totem, *attack, "Ann")] == [
        c.name for c in totem_choices(totem, "attack", "Ann")
    ]


def test_commander_moves_only_in_commander_games_and_passing_only_on_ones_turn() -> None:
    plain = started("free-for-all", 4, commander=False)
    keys = [move.key for _row, move in offered(plain, "Ann")]
    assert "cmd" not in keys and "cast" not in keys and "next" in keys
    assert "next" not in [move.key for _row, move in offered(plain, "Bob")]
    commander = [move.key for _row, move in offered(started("free-for-all", 4), "Ann")]
    assert "cmd" in commander and "cast" in commander


def test_a_clause_is_said_only_with_its_totem() -> None:
    deal = next(move for _row, move in MOVES if move.key == "deal")
    assert phrase(deal, None, 2) == "deal 2 to "
    totem = started("totem", 4)
    first = targets(totem, *next((r, m) for r, m in MOVES if m.key == "deal"), "Ann")[0]
    assert phrase(deal, first, 2) == "deal 2 to Ann via Ann-Bob"


def test_the_longest_choices_fit_a_components_id() -> None:
    longest = PanelState(
        game=10**18 - 1,
        owner=10**20 - 1,
        version=10**10 - 1,
        actor=999,
        move="cast99",
        target="15t999999",
        amount=1_000_000,
        page=MAX_PAGES - 1,
    )
    for act in ("xundo", "mv", "amt", "mdl"):
        custom_id = longest.custom_id(act)
        assert len(custom_id) <= MAX_CUSTOM_ID
        assert PanelState.read(custom_id) == (act, longest)
    assert PanelState.read("totem:panel:do:1:2:3::deal:1:0x10") is None
    assert PanelState.read("totem:panel:do:1:2:3::deal:1:5:10") is None  # pages are one digit
    # An id drawn before the move select had pages reads as its first page.
    assert PanelState.read("totem:panel:do:1:2:3::deal:1:5") == (
        "do",
        PanelState(1, 2, 3, move="deal", target="1", amount=5),
    )
    assert PanelState.read("totem:panel:do:1:2:3::deal:1:" + "1" * 8) is None


def test_partners_are_offered_each_by_name() -> None:
    state = started("free-for-all", 4)
    ann = state.players[0].model_copy(update={"commander_casts": {"Ann:Tymna": 1, "Ann:Kraum": 1}})
    state = state.model_copy(update={"players": (ann, *state.players[1:])})
    moves = {move.key: move for _row, move in offered(state, "Ann")}
    assert moves["cmd1"].label == "Commander damage (Kraum)"
    assert moves["cmd2"].label == "Commander damage (Tymna)"
    assert moves["cast2"].label == "Cast my commander (Tymna)"
    bob = targets(state, *find(state, "Ann", "cmd2"), "Ann")[0]  # type: ignore[misc]
    line = MAGIC.parse_line(f"Ann: {phrase(moves['cmd2'], bob, 4)}", state)
    assert line is not None and "commander_name='Tymna'" in repr(line.intent)
    assert "cmd1" not in [move.key for _row, move in offered(state, "Bob")]


def played(state: GameState, *lines: str) -> GameState:
    for text in lines:
        line = MAGIC.parse_line(text, state)
        assert line is not None
        state = MAGIC.record(state, line.request_as(text.split(":")[0], False)).state  # type: ignore[assignment]
    return state


def test_a_players_own_lines_show_their_state_and_only_theirs() -> None:
    totem = played(started("totem", 4, commander=False), "Cid: deal 3 to Ann via left")
    assert own_lines(totem, "Ann") == [
        "Turn 1: Ann",
        "Ann (in) <- turn",
        "Ann-Bob: 17 life",
        "Dan-Ann: 20 life",
    ]
    ffa = played(
        started("free-for-all", 4),
        "Bob: attack Ann for 6 with commander",
        "Ann: get 2 energy",
        "Ann: become the monarch",
        "Ann: cast commander",
        "Cid: poison 1 to Ann",
    )
    assert own_lines(ffa, "Ann") == [
        "Turn 1: Ann",
        "Ann (in): 14 life, 1 poison, Bob 6 commander damage <- turn",
        "Yours: the monarch, energy 2, commander tax 2",
    ]
    assert own_lines(ffa, "Bob")[1:] == ["Bob (in): 20 life"]


def with_commanders(state: GameState, player: str, names: list[str]) -> GameState:
    """`player` has cast a commander under each of `names` (partners, or many names typed)."""
    seat = state.seat_of(player)
    assert seat is not None
    casts = {f"{player}:{name}": 1 for name in names}
    caster = state.players[seat].model_copy(update={"commander_casts": casts})
    players = (*state.players[:seat], caster, *state.players[seat + 1 :])
    return state.model_copy(update={"players": players})


@pytest.mark.parametrize("count", [0, 1, 24, 25, 26, 48, 49, 50, 100, 232])
def test_the_move_selects_pages_hold_every_move_once_within_25_options(count: int) -> None:
    pages = move_pages(count)
    assert [index for page in pages for index in page] == list(range(count))
    assert len(pages) <= MAX_PAGES
    for number, page in enumerate(pages):
        back, more = number > 0, number < len(pages) - 1
        assert len(page) + back + more <= MAX_OPTIONS
        assert len(page) > 0 or count == 0


def test_pages_are_never_a_moves_key_and_named_keys_fit_an_id() -> None:
    keys = [move.key for _row, move in MOVES]
    assert not [key for key in keys if PAGE_VALUE.fullmatch(key)]
    assert all(len(move.key) + 2 <= 6 for _row, move in MOVES if move.named)  # `cast99`


def test_the_most_commander_names_offered_fit_the_move_selects_pages() -> None:
    names = [f"Name{number:03}" for number in range(MAX_NAMES + 5)]
    state = with_commanders(started("free-for-all", 4), "Ann", names)
    selectable = [move for _row, move in offered(state, "Ann") if not move.button]
    named = [move for move in selectable if move.key.startswith("cast") and move.key != "cast"]
    assert len(named) == MAX_NAMES  # the rest, beyond any real table, are not offered
    assert len(move_pages(len(selectable))) <= MAX_PAGES
