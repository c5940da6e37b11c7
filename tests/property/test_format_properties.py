"""Random free-for-all and giant games: invariants of FORMATS.md hold after every line.

Lines of every phrase of the player formats are drawn for random speakers (players in or out,
the host, a stranger). After each line: a refused line changed nothing, undo restores the state
before the last change exactly, the accepted requests replay to the same state, totals move
only by what the line says, and the end of the game is judged by sides (players or teams).
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.depth import examples
from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import format_request, parse_line, parse_setup
from totembot.games.magic.render.state_json import state_json
from totembot.games.magic.rules import Game, GameState, RuleViolation, new_game, replay
from totembot.games.magic.rules.intents import Undo

NAMES = (
    "Ann",
    "Bob",
    "Cid",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lu",
    "Max",
    "Ned",
    "Oz",
    "Pia",
)
PHRASES = (
    "deal {n} to {p}",
    "{p} loses {n}",
    "{p} gains {n}",
    "lose {n}",
    "gain {n}",
    "pay {n}",
    "poison {k} to {p}",
    "attack {p} for {n}",
    "attack {p} for {n} with commander",
    "set {p} life to {v}",
    "halve {p}",
    "deal {n} to each player",
    "deal {n} to each opponent",
    "each player loses {n}",
    "each opponent gains {n}",
    "lock",
    "unlock",
    "concede",
    "eliminate {p}",
    "remove {p}",
    "win",
    "next",
    "next {p}",
    "undo",
)
SETTINGS = settings(
    max_examples=examples(250),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def setups(draw: st.DrawFn) -> str:
    commander = draw(st.booleans())
    extra = (" commander" if commander else "") + draw(st.sampled_from(["", " life: 7"]))
    if draw(st.booleans()):
        count = draw(st.integers(2, 12))
        return f"game free-for-all players: {', '.join(NAMES[:count])}{extra}"
    teams, size = draw(st.integers(2, 4)), draw(st.integers(2, 3))
    listed = ["+".join(NAMES[team * size + head] for head in range(size)) for team in range(teams)]
    return f"game two-headed-giant teams: {', '.join(listed)}{extra}"


@st.composite
def lines(draw: st.DrawFn, players: tuple[str, ...]) -> str:
    phrase = draw(st.sampled_from(PHRASES)).format(
        p=draw(st.sampled_from((*players, "Zed"))),
        n=draw(st.integers(1, 25)),
        k=draw(st.integers(1, 8)),
        v=draw(st.integers(-5, 40)),
    )
    speaker = draw(st.sampled_from((*players, *players, None, "Zed")))
    return f"{speaker}: {phrase}" if speaker else phrase


def _sides_in(state: GameState) -> int:
    game_format = format_named(state.config.format)
    return sum(any(state.players[seat].is_in for seat in side) for side in game_format.sides(state))


def _check_invariants(state: GameState) -> None:
    game_format = format_named(state.config.format)
    if state.finished:
        assert _sides_in(state) <= 1
        winners = {
            state.players[seat].name for seat, p in enumerate(state.players) if p.status == "won"
        }
        assert set(state.winners) == winners
    else:
        assert _sides_in(state) >= 2
        assert not state.winners
    for side in game_format.sides(state):
        statuses = {state.players[seat].status for seat in side}
        if game_format.roster == "teams":  # a team wins and loses as one (606.8)
            assert not ("in" in statuses and statuses - {"in"})
    json = state_json(state)
    assert [player["name"] for player in json["players"]] == list(state.config.players)
    if game_format.turn_markers:
        _check_markers(state)


def _check_markers(state: GameState) -> None:
    """608.4: numbered markers, one held per player at most, none with a player who is out
    while the game goes on, and never more than one per full four players plus those due."""
    numbers = [marker.number for marker in state.markers]
    assert len(numbers) == len(set(numbers)) and state.markers
    held = [marker.seat for marker in state.markers if not marker.waiting]
    assert len(held) == len(set(held))
    if not state.finished:
        assert all(state.players[marker.seat].is_in for marker in state.markers)
        kept = [marker for marker in state.markers if not marker.due]
        assert len(kept) <= max(1, len(state.players_in()) // 4)


@given(st.data())
@settings(SETTINGS)
def test_random_player_format_games_keep_every_invariant(data: st.DataObject) -> None:
    config = parse_setup(data.draw(setups(), label="setup"))
    language = format_named(config.format).language
    game = Game(new_game(config))
    history: list[GameState] = [game.state]
    for _ in range(data.draw(st.integers(1, 30), label="length")):
        line = data.draw(lines(config.players), label="line")
        before = game.state
        try:
            parsed = parse_line(line, language)
            assert parsed is not None
            outcome = game.record(parsed.request(host=True))
        except RuleViolation as error:
            assert game.state == before, f"refused {line!r} changed the state"
            assert str(error).strip() and "\n" not in str(error)
            continue
        if isinstance(parsed.intent, Undo):
            history.pop()
            assert game.state == history[-1], "undo did not restore the state before"
        elif outcome.changed:
            history.append(game.state)
        _check_invariants(game.state)
    rebuilt = replay(new_game(config), [step.request for step in game.steps])
    assert rebuilt.state == game.state


@given(st.data())
@settings(SETTINGS)
def test_every_recorded_line_reads_back_to_the_same_request(data: st.DataObject) -> None:
    config = parse_setup(data.draw(setups(), label="setup"))
    language = format_named(config.format).language
    line = data.draw(lines(config.players), label="line")
    try:
        parsed = parse_line(line, language)
    except RuleViolation:  # `next P` outside Grand Melee
        assert not language.next_player and " next " in f" {line} "
        return
    assert parsed is not None
    request = parsed.request(host=True)
    again = parse_line(format_request(request), language)
    assert again is not None and again.request(host=True) == request


@given(st.integers(-60, 200), st.integers(2, 4))
def test_a_heads_own_life_is_the_team_life_shared_and_rounded_up(life: int, heads: int) -> None:
    listed = ", ".join("+".join(f"{t}{h}" for h in "abcd"[:heads]) for t in "pq")
    state = new_game(parse_setup(f"game 2hg teams: {listed}"))
    pools = list(state.pools)
    pools[0] = pools[0].model_copy(update={"life": life})
    state = state.model_copy(update={"pools": tuple(pools)})
    own = format_named("2hg").own_life(state, 0, 0)
    assert own == math.ceil(life / heads)
    assert own * heads - life in range(heads)


@given(st.data())
@settings(SETTINGS)
def test_grand_melee_markers_keep_608_4_through_turns_leaves_and_undo(data: st.DataObject) -> None:
    count = data.draw(st.integers(4, 16), label="players")
    config = parse_setup(f"game grand-melee players: {', '.join(NAMES[:count])}")
    language = format_named(config.format).language
    game = Game(new_game(config))
    history = [game.state]
    for _ in range(data.draw(st.integers(1, 40), label="length")):
        state = game.state
        if state.finished:
            break
        holders = [state.players[m.seat].name for m in state.markers if not m.waiting]
        players_in = [state.players[seat].name for seat in state.players_in()]
        line = data.draw(
            st.one_of(
                st.sampled_from(holders).map(lambda name: f"{name}: next"),
                st.sampled_from(players_in).map(lambda name: f"eliminate {name}"),
                st.sampled_from(players_in).map(lambda name: f"{name}: concede"),
                st.just("undo"),
            ),
            label="line",
        )
        parsed = parse_line(line, language)
        assert parsed is not None
        try:
            game.record(parsed.request(host=True))
        except RuleViolation:
            assert line == "undo" and not game.steps
            continue
        if line == "undo":
            history.pop()
            assert game.state == history[-1]
        else:
            history.append(game.state)
        _check_invariants(game.state)
    assert replay(new_game(config), [step.request for step in game.steps]).state == game.state


MINION_PHRASES = (
    "deal {n} to {p}",
    "attack {p} for {n}",
    "attack {p} for {n} with commander",
    "{p} loses {n}",
    "poison {k} to {p}",
    "deal {n} to each opponent",
    "eliminate {p} by {q}",
    "concede",
    "win",
    "undo",
)


def _check_minions(state: GameState) -> None:
    """One level only: a master is a player still in who serves no one; out means free."""
    by_name = {player.name: player for player in state.players}
    for seat, player in enumerate(state.players):
        assert 0 <= player.minion_times <= 2
        if player.master is None:
            continue
        assert player.is_in and player.minion_times >= 1
        master = by_name[player.master]
        assert master.name != player.name and master.is_in and master.master is None
        if state.config.uses("poison-minions"):
            assert state.pools[seat].poison == sum(player.poison_from.values())


@given(st.data())
@settings(SETTINGS)
def test_minion_relations_stay_one_level_deep_and_undo_restores_them(
    data: st.DataObject,
) -> None:
    count = data.draw(st.integers(3, 8), label="players")
    extra = data.draw(st.sampled_from(["", ", poison-minions", ", madness-minions"]), label="rules")
    kind = data.draw(st.sampled_from(["free-for-all", "grand-melee"]), label="format")
    count = max(count, 4) if kind == "grand-melee" else count
    names = NAMES[:count]
    config = parse_setup(f"game {kind} players: {', '.join(names)} commander rules: minions{extra}")
    language = format_named(config.format).language
    game = Game(new_game(config))
    history = [game.state]
    for _ in range(data.draw(st.integers(1, 40), label="length")):
        phrase = data.draw(st.sampled_from(MINION_PHRASES)).format(
            p=data.draw(st.sampled_from(names)),
            q=data.draw(st.sampled_from(names)),
            n=data.draw(st.integers(1, 45)),
            k=data.draw(st.integers(1, 6)),
        )
        speaker = data.draw(st.sampled_from((*names, None)))
        line = f"{speaker}: {phrase}" if speaker and phrase != "undo" else phrase
        parsed = parse_line(line, language)
        assert parsed is not None
        before = game.state
        try:
            outcome = game.record(parsed.request(host=True))
        except RuleViolation:
            assert game.state == before
            continue
        if phrase == "undo":
            history.pop()
            assert game.state == history[-1], "undo did not restore the minions exactly"
        elif outcome.changed:
            history.append(game.state)
        _check_invariants(game.state)
        _check_minions(game.state)
    assert replay(new_game(config), [step.request for step in game.steps]).state == game.state
