"""`totembot export` (issue 16): a stored game as a script that `totembot console --json` plays
back to exactly the stored state, for every format, undo included.

Each game is played through the GameService on a real SQLite file, with refused lines (not
stored), undo rows (an undo of the request that ended the game among them, then other play)
and Discord's actors: `Ann*: phrase` is a line recorded by Ann as the host who also plays
(Discord's `Actor(player="Ann", host=True)`, which no console line records).
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from totembot.bot.access import Caller, Table
from totembot.bot.magic.asking import Asked
from totembot.bot.magic.lobby.seats import arranged
from totembot.bot.recording import Said
from totembot.cli import main
from totembot.console.session import CONSOLE_CHANNEL, open_session, run_script
from totembot.core import GameConfig, Ruleset
from totembot.core.errors import RuleViolation
from totembot.games.magic.rules import Actor, Config, GameState, Request
from totembot.games.magic.rules.intents import Approve, Attack, Concede, Deny, Remove, Undo
from totembot.games.registry import parse_setup, ruleset_of
from totembot.games.totemic.language.setup import parse_setup as parse_totemic_setup
from totembot.games.totemic.rules.state import Rival, TotemicConfig
from totembot.reports.chosen import ReportProblem
from totembot.reports.export import CannotExport, export_game, export_script, print_export
from totembot.service import GameService
from totembot.store import EventRecord, GameStore, LobbyOptions, Seat, StoredGame, open_store

HOST_PLAYER = re.compile(r"\s*([\w']+)\*:(.*)")

# One game of each format; every game has refused lines, undo rows, an undo of the line that
# ended it followed by more play, and lines of Discord's host who also plays (`Name*:`).
GAMES: dict[str, str] = {
    "totem": """
game totem players: Ann, Bob, Cid, Dan commander rules: sorcery-concede, half-life-consent
Ann: deal 3 to Bob
Ann*: attack Bob-Cid for 5 with commander Tymna
Ann: deal 3 to Zed
Bob: deal 3 to Ann
undo
Cid: deal 25 to Dan
Dan: pay 2 via left
Ann*: approve
next
Ann*: concede Cid
Cid: concede
Ann*: undo
Ann*: concede
undo
Ann*: remove Dan
Ann*: win
Bob: deal 1 to Ann
Bob: undo
Ann*: next
Bob: attack Bob-Cid for 3
Cid: gain 2 via Bob-Cid
""",
    "free-for-all": """
game free-for-all players: Ann, Bob, Cid, Dan commander rules: sorcery-concede
Ann: deal 5 to Bob
Ann*: attack Cid for 7 with commander Tymna
Bob: deal 3 to each opponent
Cid: each player loses 2
Dan: lock
Ann: deal 2 to Dan
Dan: unlock
undo
Ann*: set Bob life to 10
Ann*: halve Cid
Cid: poison 4 to Bob
Ann*: next
Ann*: concede Cid
Bob: attack Ann for 100
Ann*: undo
Bob: eliminate Dan
Bob: attack Ann for 100
Bob: gain 3
undo
Ann: undo
Cid: win
Dan: deal 3 to Ann
Ann: undo
Dan: concede
Ann*: next
""",
    "two-headed-giant": """
game two-headed-giant teams: Ann+Bob, Cid+Dan
Ann: deal 3 to Cid
Cid*: attack Ann for 5
Dan: deal 4 to each player
Bob: pay 2
Ann: halve Dan
undo
Cid: set Ann life to 10
Cid: deal 1 to Zed
next
Cid: next
Ann*: attack Dan for 40
Cid: deal 1 to Ann
Dan: undo
Dan: attack Bob for 6
Cid*: remove Dan
""",
    "giant, three teams of three": """
game giant teams: Ann+Bob+Cid, Dan+Eve+Fay, Gus+Hal+Ivy commander life: 25
Ann: attack Dan for 9 with commander
Dan*: deal 3 to each opponent
Gus: Ann loses 4
undo
next
Dan*: next
Gus: poison 20 to Ann
Eve: concede
Hal: win
Ann: undo
Hal: undo
Gus: attack Ann for 75
Dan*: next
""",
    "emperor": """
game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay
Bob: deal 3 to Cid
Bob: deal 3 to Eve
Cid: attack Dan for 5
Bob: attack Eve for 5
undo
next
Cid: next
Dan*: concede
Dan: undo
Eve: deal 20 to Bob
Ann: eliminate Eve
Fay: undo
Dan*: deal 2 to Eve
Bob: win
""",
    "teams": """
game teams teams: Ann+Bob, Cid+Dan rules: sorcery-concede
Ann: attack Cid for 5
Ann: attack Bob for 5
Ann: deal 4 to each opponent
next
Cid*: concede
Cid*: undo
Cid: attack Bob for 20
Dan: attack Ann for 20
Ann: undo
Bob: undo
Dan: lock
Cid*: concede Ann
""",
    "grand-melee": """
game grand-melee players: Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal, Ivy
Ann: attack Bob for 5
Ann: attack Ivy for 5
Ann: deal 3 to Ivy
Ann*: next
Bob: next
next
Bob: next
next Fay
Ann*: next Gus
undo
Cid: attack Dan for 20
Cid: attack Eve for 20
Cid: next
Ann*: next
Hal: concede
Ivy: attack Ann for 7
Ivy: win
Gus: next
Ivy: win
Ivy: next
Ivy: win
Fay: undo
Ivy: attack Cid for 3
Ann*: next Ivy
""",
    "minions": """
game free-for-all players: Ann, Bob, Cid, Dan rules: minions, poison-minions, madness-minions
Ann: deal 20 to Bob
Bob: attack Cid for 20
next
Bob*: deal 10 to Ann
Bob: deal 10 to Ann
Dan: deal 10 to Cid
Ann: eliminate Cid by Dan
undo
Dan: poison 6 to Ann
Cid: poison 4 to Ann
Cid: attack Dan for 5
Dan: Cid loses 5
next
Bob*: concede
Ann: attack Dan for 15
Ann: undo
Dan: gain 3
""",
    "grand melee with minions": """
game melee players: Ann, Bob, Cid, Dan, Eve rules: minions
Ann: attack Bob for 20
Ann*: next
Bob: deal 10 to Cid
Bob: attack Cid for 10
undo
remove Ann
Bob: next
Cid: win
Cid: win
Cid: next
Cid: win
Dan: deal 1 to Cid
Eve: undo
Cid: attack Eve for 2
""",
    "totemic match": """
game totemic players: Ann, Bob power: 26, 30 levels: 5, 10, 20 match: 3
Ann: challenge
Bob: threaten
Ann: accept
Ann: reveal 9
Bob: reveal 7
Ann: reveal 3
next
Bob: challenge
Ann: submit
Bob*: next
Ann: invoke
Ann: dominance
Ann: challenge
Bob: accept
Bob: reveal 8
Ann: reveal 8
undo
Ann: reveal 9
next
Bob: draw
reshuffle
Bob: Ann loses 40
Bob*: next
Ann: draw
undo
undo
Ann: gains 30
Bob: next
Ann: draw
Ann: lose 50
Bob*: next
Ann: draw
Ann: undo
Ann: gain 60
next
""",
    "totemic solo": """
game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20 levels: 5, 10, 15
Ann: challenge
Badger: accept
Ann: reveal 9
Badger: reveal 4
Ann: next
Badger: draw
Badger: Ann loses 3
undo
next
Ann: draw
Ann: Badger loses 40
Ann*: next
Bat: challenge
Ann: threaten
Ann: submit
Ann: undo
Ann: accept
Bat: reveal 12
Ann: reveal 2
Ann*: next
undo
Ann: Bat loses 100
next
Bat: draw
undo
Ann: gain 1
""",
}


@dataclass
class Played:
    """What playing a game's lines through the service did."""

    game_id: int
    refused: list[str]
    undos: int
    reopened_then_played: bool  # an undo took back the end of the game, and play went on


def request_of(ruleset: Ruleset, text: str, state: Any) -> Any:
    """A test line to the request it records: `Ann*:` is Ann as the host who also plays."""
    host_player = HOST_PLAYER.fullmatch(text)
    if host_player:
        parsed = ruleset.parse_line(host_player.group(2), state)
        assert parsed is not None
        return parsed.request_as(host_player.group(1), True)
    parsed = ruleset.parse_line(text, state)
    assert parsed is not None
    return parsed.request_as(parsed.speaker, parsed.speaker is None)


async def play(service: GameService, channel: str, script: str) -> Played:
    lines = [line for line in script.strip().splitlines() if line.strip()]
    config = parse_setup(lines[0])
    ruleset = ruleset_of(config.format)
    game = await service.start(channel, "host", config)
    played = Played(game.id, [], 0, False)
    was_over = reopened = False
    for text in lines[1:]:
        current = await service.current(channel)
        assert current is not None
        try:
            request = request_of(ruleset, text, current.state)
            recorded = await service.record(channel, request, "tester")
        except RuleViolation:
            played.refused.append(text)
            continue
        undo = request.is_undo
        played.undos += undo
        if undo and was_over and not recorded.state.finished:
            reopened = True
        elif not undo and reopened:
            played.reopened_then_played = True
        was_over = recorded.state.finished
    return played


async def exported(store: GameStore, game_id: int | None = None) -> str:
    out = io.StringIO()
    await print_export(store, game_id, out)
    return out.getvalue()


async def console_json(script: str) -> tuple[dict[str, Any], int]:
    """The console's JSON after the script, and how many requests it recorded."""
    session = await open_session(":memory:")
    try:
        await run_script(session, script.splitlines(keepends=True), io.StringIO(), as_json=True)
        current = await session.service.current(CONSOLE_CHANNEL)
        assert current is not None
        return session.to_json(), current.version
    finally:
        await session.close()


async def assert_round_trip(store: GameStore, game_id: int) -> str:
    """The export of the game plays back to its stored state exactly, nothing refused."""
    script = await exported(store, game_id)
    stored = await store.load(game_id)
    played, recorded = await console_json(script)
    assert played == ruleset_of(stored.config.format).state_json(stored.state)
    assert played["rejected"] == []
    assert recorded == stored.version == len(await store.events(game_id))
    return script


@pytest.mark.parametrize("name", list(GAMES))
async def test_every_format_exports_a_script_the_console_plays_to_the_stored_state(
    store: GameStore, name: str
) -> None:
    played = await play(GameService(store), "channel", GAMES[name])
    assert played.refused, "every game has refused lines, which are not stored"
    assert played.undos >= 2
    assert played.reopened_then_played, "an undo of the end of the game, then other play"
    script = await assert_round_trip(store, played.game_id)
    lines = script.splitlines()
    assert parse_setup(lines[0]) == parse_setup(GAMES[name].strip().splitlines()[0])
    assert lines[1].startswith(f"# totembot game {played.game_id} (")
    log = await store.events(played.game_id)
    assert len(lines) == 2 + len(log)
    assert not any("*" in line for line in lines[2:])


async def test_the_host_who_plays_is_written_as_the_speaker_or_as_the_host(
    store: GameStore,
) -> None:
    """Ann's lines as the host who also plays: her own line when the host's rights change
    nothing, else the host's line (no speaker), naming her where the host acts for her."""
    played = await play(GameService(store), "channel", GAMES["totem"])
    lines = (await exported(store, played.game_id)).splitlines()[2:]
    assert lines[:3] == [
        "Ann: deal 3 to Bob",
        "Ann: attack Bob-Cid for 5 with commander Tymna",
        "Bob: deal 3 to Ann",
    ]
    assert "Ann: approve" in lines
    assert "concede Cid" in lines  # the host concedes for Cid out of Cid's turn
    assert "concede Ann" in lines  # Ann, the host, concedes out of her turn
    assert "remove Dan" in lines and "Ann: win" in lines


async def test_a_secret_totemic_reveal_is_written_in_full(store: GameStore) -> None:
    played = await play(GameService(store), "channel", GAMES["totemic match"])
    lines = (await exported(store, played.game_id)).splitlines()
    assert "Ann: reveal 9" in lines and "Bob: reveal 7" in lines


# --- Discord's actors, built by the bot's own code ------------------------------------------

ANN, BOB, ADMIN = (
    Caller("1", "Ann Arbor", False),
    Caller("2", "Bob!", False),
    Caller("9", "Mod", True),
)


def said(caller: Caller, text: str, speaker: str | None = None) -> Any:
    """/do as the bot records it: names replaced, then the caller's access."""

    def build(game: StoredGame) -> Any:
        table = Table(game)
        line = ruleset_of(game.config.format).parse_line(table.with_names(text), game.state)
        assert line is not None
        return Said(caller, line, speaker).request_for(game)

    return build


def as_admin(caller: Caller, intent: Any) -> Any:
    """/totem-admin concede and remove, as the admin cog records them."""

    def build(game: StoredGame) -> Request:
        return Request(
            actor=Actor(player=Table(game).name_of(caller.user_id), host=True), intent=intent
        )

    return build


def button(caller: Caller, answer: str, pending_id: int) -> Any:
    """The consent button of one waiting payment, pressed by `caller`."""

    def build(game: StoredGame) -> Any:
        state = game.state
        assert isinstance(state, GameState)
        pending = next(p for p in state.pending if p.id == pending_id)
        intent = (
            Approve(request_id=pending_id) if answer == "approve" else Deny(request_id=pending_id)
        )
        return Asked(caller, intent, speaker=pending.awaiting).request_for(game)

    return build


async def discord_game(service: GameService, rules: tuple[str, ...] = ()) -> StoredGame:
    seats = [
        Seat("Ann Arbor", user_id="1"),
        Seat("Bob!", user_id="2"),
        Seat("Cid", guest_name="Cid"),
        Seat("Dan the Man", user_id="4"),
    ]
    options = LobbyOptions(format="totem", commander=True, house_rules=rules)
    config, ordered = arranged(options, seats)
    return await service.start("discord", host="1", config=config, seats=ordered, guild_id="g")


async def test_a_discord_game_exports_the_game_names_and_replays_every_actor(
    store: GameStore,
) -> None:
    service = GameService(store)
    game = await discord_game(service, ("sorcery-concede", "half-life-consent"))
    assert game.config.players == ("Ann_Arbor", "Bob", "Cid", "Dan_the_Man")
    steps = [
        said(ANN, 'deal 3 to "Bob!"'),  # the host who plays: Actor(Ann_Arbor, host=True)
        said(BOB, "deal 2 to <@1>"),  # a player: Actor(Bob, host=False)
        said(ANN, "deal 25 to Dan_the_Man", speaker="Cid"),  # the host records for a guest
        said(ADMIN, "next"),  # an admin who does not play: Actor(None, host=True)
        said(BOB, "pay 2 via right"),  # Bob's right, Ann-Bob, is at 40 - 2: no consent needed
        said(ANN, "Dan_the_Man: pay 3 via left"),  # Dan-Ann at 15: waits for Ann
        button(ANN, "approve", 1),  # Ann answers with the button: Approve(request_id=1)
        as_admin(ANN, Concede(player="Cid")),  # /totem-admin concede, out of Cid's turn
        as_admin(ADMIN, Remove(target="Dan_the_Man")),
        said(ANN, "concede"),  # the host concedes out of her turn (sorcery-concede)
        said(BOB, "undo"),
        said(ANN, "win"),
        said(BOB, "undo"),
        said(ANN, "next"),
    ]
    for step in steps:
        await service.record("discord", step, "discord-user")
    script = await assert_round_trip(store, game.id)
    assert "Ann Arbor" not in script and "Dan the Man" not in script
    assert script.splitlines()[0] == (
        "game totem players: Ann_Arbor, Bob, Cid, Dan_the_Man commander "
        "rules: sorcery-concede, half-life-consent"
    )
    body = script.splitlines()[2:]
    assert body[:4] == [
        "Ann_Arbor: deal 3 to Bob",
        "Bob: deal 2 to Ann_Arbor",
        "Cid: deal 25 to Dan_the_Man",
        "next",
    ]
    assert "Ann_Arbor: approve 1" in body
    assert body[-7:] == [
        "concede Cid",
        "remove Dan_the_Man",
        "concede Ann_Arbor",
        "Bob: undo",
        "Ann_Arbor: win",
        "Bob: undo",
        "Ann_Arbor: next",
    ]


async def test_two_payments_waiting_for_one_player_are_answered_by_number(
    store: GameStore,
) -> None:
    """Bob presses the button of the second payment waiting for him: `Bob: approve 2`."""
    service = GameService(store)
    config = parse_setup("game totem players: Ann, Bob, Cid rules: half-life-consent")
    seats = [Seat(name, user_id=str(number)) for number, name in enumerate(config.players, 1)]
    game = await service.start("c", "1", config, seats=seats)
    for text in ("Cid: deal 15 to Ann via Ann-Bob", "Ann: deal 15 to Cid via Bob-Cid"):
        await service.record("c", request_of(ruleset_of("totem"), text, game.state), "t")
    for text in ("Ann: pay 1 via Ann-Bob", "Cid: pay 2 via Bob-Cid"):
        await service.record("c", request_of(ruleset_of("totem"), text, game.state), "t")
    await service.record("c", button(Caller("2", "Bob", False), "approve", 2), "t")
    script = await assert_round_trip(store, game.id)
    assert script.splitlines()[-1] == "Bob: approve 2"


# --- what cannot be said is refused, not written to replay otherwise -------------------------


async def test_a_request_no_line_can_say_is_refused_with_one_sentence(store: GameStore) -> None:
    """A commander name of several words (Discord's option) is no word of the language."""
    service = GameService(store)
    config = parse_setup("game free-for-all players: Ann, Bob, Cid commander")
    game = await service.start("c", "host", config)
    await service.record("c", request_of(ruleset_of("ffa"), "Ann: deal 1 to Bob", game.state), "t")
    attack = Request(
        actor=Actor(player="Ann"),
        intent=Attack(player="Bob", amount=3, commander=True, commander_name="Tymna the Red"),
    )
    await service.record("c", attack, "t")
    with pytest.raises(ReportProblem) as refusal:
        await exported(store)
    message = str(refusal.value)
    assert message == (
        f"Game {game.id} cannot be exported: line 2 of its record, "
        "'Ann: attack Bob for 3 with commander Tymna the Red', cannot be written as a line the "
        "console records the same way."
    )
    stored = await store.load(game.id)
    with pytest.raises(CannotExport, match=r"^This game cannot be exported: line 2 of"):
        export_game(stored, await store.events(game.id))


def test_an_old_undo_of_a_waiting_payment_is_refused_not_written_to_replay_otherwise() -> None:
    """Before numbers were kept, an undo put a waiting payment's number back; the console's
    `undo` keeps it now, so no line replays that row to the stored state (docs/decisions.md)."""
    ruleset = ruleset_of("totem")
    config = parse_setup("game totem players: Ann, Bob, Cid life: 21 rules: half-life-consent")
    lines = ["Cid: Bob loses 11 via Ann-Bob", "Ann: pay 2 via left"]
    requests = [request_of(ruleset, line, ruleset.new_game(config)) for line in lines]
    requests.append(Request(actor=Actor(host=True), intent=Undo()))  # stored {"kind":"undo"}
    log = [EventRecord(seq, "t", "101", each, []) for seq, each in enumerate(requests, 1)]
    with pytest.raises(CannotExport) as refusal:
        export_script(ruleset, config, log, expected=ruleset.rebuild(config, requests))
    assert refusal.value.reason == (
        "line 3 of its record, 'undo', cannot be written as a line the console records the same way"
    )


def test_a_setup_no_setup_line_can_say_is_refused() -> None:
    """A rule listed twice (no setup line keeps a rule twice) cannot be set up again."""
    config = Config(
        format="free-for-all",
        players=("Ann", "Bob"),
        house_rules=("sorcery-concede", "sorcery-concede"),
    )
    with pytest.raises(CannotExport, match=r"^This game cannot be exported: its setup cannot"):
        export_script(ruleset_of("ffa"), config, [])


def test_a_log_that_no_longer_replays_to_the_saved_state_is_refused() -> None:
    config = parse_setup("game totem players: Ann, Bob, Cid")
    ruleset = ruleset_of("totem")
    other = ruleset.new_game(parse_setup("game totem players: Ann, Bob, Cid life: 30"))
    with pytest.raises(CannotExport, match="no longer replays to its saved state"):
        export_script(ruleset, config, [], expected=other)


# --- the setup line ---------------------------------------------------------------------------

SETUPS = [
    "game totem players: Ann, Bob, Cid",
    "game totem players: Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal life: 7 commander",
    "game free-for-all players: Ann, Bob",
    "game ffa players: Ann, Bob, Cid life: 40",
    "game grand-melee players: Ann, Bob, Cid, Dan, Eve commander",
    "game two-headed-giant teams: Ann+Bob, Cid+Dan",
    "game 2hg teams: Ann+Bob+Cid+Dan, Eve+Fay+Gus+Hal, Ivy+Jo+Kim+Lu commander life: 30",
    "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay",
    "game emperor teams: Ann+Bob+Cid+Dan+Eve, Fay+Gus+Hal+Ivy+Jo commander",
    "game teams teams: Ann+Bob, Cid+Dan, Eve+Fay life: 25",
    "game totemic players: Ann, Bob power: 26, 30",
    "game totemic players: Bob, Ann power: 30, 30 levels: 3, 7 match: 9",
    "game totemic-solo players: Ann power: 26 rivals: Badger 28",
    "game totemic-solo players: Zoë power: 1 rivals: Badger 1000, Bat 20, Wolf 25 levels: 1, 2",
]


@pytest.mark.parametrize("line", SETUPS)
def test_the_setup_line_reads_back_to_the_same_game(line: str) -> None:
    config = parse_setup(line)
    written = ruleset_of(config.format).setup_line(config)
    assert parse_setup(written) == config
    assert written.startswith(f"game {config.format} ")


def house_rule_sets() -> list[tuple[str, tuple[str, ...]]]:
    """Every combination of house rules a format plays (each order they may be listed in)."""
    from itertools import combinations, permutations

    from totembot.games.magic.formats import FORMATS

    found = []
    for name, game_format in FORMATS.items():
        rules = game_format.house_rules
        for size in range(len(rules) + 1):
            for chosen in combinations(rules, size):
                found += [(name, order) for order in permutations(chosen)][:2]
    return found


@pytest.mark.parametrize(("name", "rules"), house_rule_sets())
def test_every_allowed_house_rule_combination_reads_back(name: str, rules: tuple[str, ...]) -> None:
    from totembot.games.magic.formats import FORMATS
    from totembot.games.magic.rules import new_game

    game_format = FORMATS[name]
    if game_format.roster == "teams":
        size = min(game_format.team_sizes)
        names = iter(["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"])
        teams = tuple(tuple(next(names) for _ in range(size)) for _ in range(2))
        players = game_format.seat_order(teams)
    else:
        teams = ()
        players = ("Ann", "Bob", "Cid", "Dan", "Eve")[: max(3, game_format.min_players)]
    for commander, life in ((False, game_format.default_life(False)), (True, 33)):
        config = Config(
            format=name,
            players=tuple(players),
            teams=teams,
            life=life,
            commander=commander,
            house_rules=rules,
        )
        try:
            new_game(config)
        except RuleViolation:
            continue  # a combination the rules refuse (poison-minions without minions)
        assert parse_setup(ruleset_of(name).setup_line(config)) == config


def test_discord_setups_read_back() -> None:
    """Games set up by the lobby and /totemic new or solo, not from a setup line."""
    seats = [Seat(name, user_id=str(i)) for i, name in enumerate(["Ann A", "Bob", "Cid", "Dan"])]
    for seat, team in zip(seats, (1, 2, 1, 2), strict=True):
        seats[seats.index(seat)] = Seat(seat.display_name, seat.user_id, team=team)
    configs: list[GameConfig] = [
        arranged(LobbyOptions(format="teams", life=17, commander=True), seats)[0],
        arranged(LobbyOptions(format="two-headed-giant"), seats)[0],
        arranged(LobbyOptions(format="free-for-all", house_rules=("minions",)), seats)[0],
        TotemicConfig(format="totemic", players=("Ann", "Bob"), power=(5, 9), match=5),
        TotemicConfig(
            format="totemic-solo",
            players=("Ann",),
            power=(20,),
            rivals=(Rival(name="Bat", power=3), Rival(name="Wolf", power=40)),
            levels=(2, 4, 8),
        ),
    ]
    for config in configs:
        line = ruleset_of(config.format).setup_line(config)
        assert parse_setup(line) == config, line
    assert parse_totemic_setup(ruleset_of("totemic").setup_line(configs[3])) == configs[3]


# --- the command: `totembot export --db PATH [--game ID]` ----------------------------------


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "totembot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


async def three_games(path: Path) -> list[int]:
    """A finished Totem game, a Totemic match still being played, and a giant game."""
    store = await open_store(path)
    try:
        service = GameService(store)
        ids = []
        for channel, name in (("a", "totem"), ("b", "totemic match"), ("c", "two-headed-giant")):
            ids.append((await play(service, channel, GAMES[name])).game_id)
        return ids
    finally:
        await store.close()


async def test_export_then_console_in_subprocesses_play_back_every_game(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    ids = await three_games(path)
    store = await open_store(path)
    try:
        expected = {}
        for game_id in ids:
            stored = await store.load(game_id)
            expected[game_id] = ruleset_of(stored.config.format).state_json(stored.state)
    finally:
        await store.close()
    latest = run("export", "--db", str(path))
    assert latest.returncode == 0, latest.stderr
    assert latest.stdout.startswith("game two-headed-giant ")  # the setup line first
    assert latest.stdout.splitlines()[1].startswith(
        f"# totembot game {ids[-1]} (Two-Headed Giant), set up "
    )
    for game_id in ids:
        export = run("export", "--db", str(path), "--game", str(game_id))
        assert export.returncode == 0 and export.stderr == ""
        header = export.stdout.splitlines()[1]
        assert re.fullmatch(
            rf"# totembot game {game_id} \([\w -]+\), set up \d{{4}}-\d\d-\d\d \d\d:\d\d UTC: "
            r"\d+ lines, (finished|still being played)",
            header,
        ), header
        console = run("console", "--json", stdin=export.stdout)
        assert console.returncode == 0, console.stderr
        assert json.loads(console.stdout) == expected[game_id]
    assert latest.stdout == run("export", "--db", str(path), "--game", str(ids[-1])).stdout
    assert "still being played" in run("export", "--db", str(path), "--game", str(ids[1])).stdout


def test_no_games_or_an_unknown_game_is_one_sentence_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    path = tmp_path / "games.db"

    async def empty() -> None:
        await (await open_store(path)).close()

    asyncio.run(empty())
    assert main(["export", "--db", str(path)]) == 2
    assert capsys.readouterr() == ("", "totembot: The database holds no games.\n")
    asyncio.run(three_games(path))
    assert main(["export", "--db", str(path), "--game", "7"]) == 2
    assert capsys.readouterr() == (
        "",
        "totembot: There is no game number 7: the database holds games 1 to 3.\n",
    )
    assert main(["export", "--db", str(tmp_path / "none.db")]) == 2
    missing = capsys.readouterr().err
    assert missing.startswith("totembot: ") and missing.count("\n") == 1
    assert "no database at" in missing


async def test_a_game_being_played_exports_and_the_header_says_so(store: GameStore) -> None:
    service = GameService(store)
    game = await service.start("c", "host", parse_setup("game totem players: Ann, Bob, Cid"))
    script = await exported(store)
    assert script.splitlines()[0] == "game totem players: Ann, Bob, Cid"
    assert script.splitlines()[1].endswith(": 0 lines, still being played")
    assert len(script.splitlines()) == 2
    await service.record(
        "c", request_of(ruleset_of("totem"), "Ann: deal 2 to Bob", game.state), "t"
    )
    script = await assert_round_trip(store, game.id)
    assert script.splitlines()[1].endswith(": 1 line, still being played")
    await service.end("c")
    assert (await exported(store)).splitlines()[1].endswith(": 1 line, ended early by the host")
