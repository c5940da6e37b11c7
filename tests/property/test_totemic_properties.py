"""Random Totemic games (two players, matches and solo ladders): TOTEMIC.md's invariants hold
after every line.

Lines of every Totemic phrase are drawn for random speakers (the active player, the other one,
the player awaited, the host, a rival not in the game, a stranger); many are refused, which is
fine. After each line:
1. every `PowerChanged` moves power by the rulebook's amount for its cause (challenge: the
   totem's level then; submit: 5; dominance: 1; reshuffle: 1; effect: the stated N;
   confrontation: half the defeated rival's starting power, rounded down), the events chain
   from the power before to the power after, and power changes in no other way (a match's next
   game starts over at the starting powers; a solo's next rival at its starting power);
2. a refused line leaves the state equal, with one sentence;
3. undo right after any accepted change restores the state before it exactly (and recording
   the same request again comes back to the same state);
4. the accepted requests, undo included, replay to the same final state;
5. every line read is written back by `format_request` to a line that reads the same.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.depth import examples
from totembot.core.errors import RuleViolation
from totembot.games.totemic.language.phrases import format_request, parse_line, parse_setup
from totembot.games.totemic.rules.events import PowerChanged
from totembot.games.totemic.rules.game import TotemicGame, new_game, replay
from totembot.games.totemic.rules.intents import Request
from totembot.games.totemic.rules.state import TotemicConfig, TotemicState

RIVALS = ("Badger", "Bat", "Wolf")
PHRASES = (
    "draw",
    "invoke",
    "challenge",
    "challenge",
    "accept",
    "threaten",
    "threaten",
    "submit",
    "reveal {s}",
    "reveal {s}",
    "reveal {s}",
    "next",
    "next",
    "next",
    "gain {n}",
    "lose {n}",
    "{p} gains {n}",
    "{p} loses {n}",
    "{p} loses {n}",
    "dominance",
    "reshuffle",
    "undo",
)
SETTINGS = settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def setups(draw: st.DrawFn) -> str:
    levels = draw(
        st.one_of(
            st.just(""),
            st.lists(st.integers(1, 25), min_size=2, max_size=4, unique=True).map(
                lambda found: " levels: " + ", ".join(str(n) for n in sorted(found))
            ),
        )
    )
    if draw(st.booleans()):
        ann, bob = draw(st.integers(1, 30)), draw(st.integers(1, 30))
        match = draw(st.sampled_from(["", " match: 3", " match: 5"]))
        return f"game totemic players: Ann, Bob power: {ann}, {bob}{levels}{match}"
    count = draw(st.integers(1, 3))
    listed = ", ".join(f"{name} {draw(st.integers(1, 30))}" for name in RIVALS[:count])
    return (
        f"game totemic-solo players: Ann power: {draw(st.integers(1, 30))} rivals: {listed}{levels}"
    )


def _plausible(state: TotemicState) -> list[str]:
    """Lines the rules would likely accept now, so that challenges and games get played out."""
    active, challenge = state.turn.active, state.challenge
    names = [animal.name for animal in state.players]
    if challenge and challenge.awaiting:
        who = challenge.awaiting
        return [f"{who}: accept", f"{who}: threaten", f"{who}: threaten", f"{who}: submit"]
    if challenge:
        said = {who for who, _ in challenge.revealed}
        return [f"{name}: reveal {{s}}" for name in names if name not in said]
    if state.turn.action is None:
        return [
            f"{active}: draw",
            f"{active}: invoke",
            f"{active}: challenge",
            f"{active}: challenge",
        ]
    if state.turn.action == "invoke":
        return [f"{active}: challenge", "next", f"{active}: next"]
    return ["next", f"{active}: next", "{p} loses {n}"]


@st.composite
def lines(draw: st.DrawFn, state: TotemicState) -> str:
    """A line for this state: a phrase of the language said by someone plausible or not."""
    names = [animal.name for animal in state.players]
    everyone = ("Ann", "Bob", *RIVALS) if state.config.solo else ("Ann", "Bob")
    if draw(st.integers(0, 9)) < 5:
        template = draw(st.sampled_from(_plausible(state)))
    else:
        awaited = state.challenge.awaiting if state.challenge else None
        speakers = (state.turn.active, state.turn.active, *names, *names, None, None)
        speakers += (awaited, awaited) if awaited else ()
        speaker = draw(st.sampled_from((*speakers, *everyone, "Zed")))
        phrase = draw(st.sampled_from(PHRASES))
        template = f"{speaker}: {phrase}" if speaker else phrase
    return template.format(
        p=draw(st.sampled_from((*names, *names, *everyone, "Zed"))),
        n=draw(st.integers(1, 30)),
        s=draw(st.integers(0, 20)),
    )


def _powers(state: TotemicState) -> dict[str, int]:
    return {animal.name: animal.power for animal in state.players}


def _rival_start(config: TotemicConfig, name: str) -> int:
    return next(rival.power for rival in config.rivals if rival.name == name)


def _amount(event: PowerChanged, request: Request, before: TotemicState) -> int:
    """The change the rulebook sets for this cause (TOTEMIC.md), signed."""
    intent = request.intent
    match event.cause:
        case "challenge":
            assert intent.kind == "reveal"
            return -before.level
        case "submit":
            assert intent.kind == "submit"
            return -5
        case "dominance":
            assert intent.kind in ("dominance", "reveal")
            return -1
        case "reshuffle":
            assert intent.kind == "reshuffle"
            return -1
        case "effect":
            assert intent.kind in ("gain", "lose")
            return intent.amount if intent.kind == "gain" else -intent.amount
        case "confrontation":
            assert intent.kind == "next" and before.config.solo
            return _rival_start(before.config, before.players[1].name) // 2
    raise AssertionError(f"unknown cause {event.cause}")


def _check_power(before: TotemicState, after: TotemicState, request: Request, events) -> None:
    running = _powers(before)
    for event in events:
        if not isinstance(event, PowerChanged):
            continue
        assert event.before == running[event.player], (event, running)
        assert event.after - event.before == _amount(event, request, before), event
        running[event.player] = event.after
    now = _powers(after)
    if before.match and after.match and after.match.game != before.match.game:
        # a match's next game starts at once with the starting powers
        assert after.match.game == before.match.game + 1
        assert now == dict(zip(after.config.players, after.config.power, strict=True))
    elif before.solo and after.solo and after.solo.confrontation != before.solo.confrontation:
        assert after.solo.confrontation == before.solo.confrontation + 1
        player, rival = after.players
        assert player.power == running[player.name]
        assert rival.power == _rival_start(after.config, rival.name)
    else:
        assert now == running, (request, events)


def _check_invariants(state: TotemicState) -> None:
    assert sum(animal.dominance for animal in state.players) == 1
    assert state.level in state.config.levels
    assert state.turn.active in {animal.name for animal in state.players}
    statuses = sorted(animal.status for animal in state.players)
    if state.finished:
        assert statuses == ["lost", "won"]
        assert list(state.winners) == [a.name for a in state.players if a.status == "won"]
        assert state.challenge is None
    else:
        assert statuses == ["in", "in"]
        assert not state.winners
    if state.match:
        wins = dict(state.match.wins)
        needed = state.match.games // 2 + 1
        assert state.finished == (max(wins.values()) >= needed)
        assert sum(wins.values()) == state.match.game - (0 if state.finished else 1)


@given(st.data())
@SETTINGS
def test_random_totemic_games_keep_every_invariant(data: st.DataObject) -> None:
    config = parse_setup(data.draw(setups(), label="setup"))
    initial = new_game(config)
    game = TotemicGame(initial)
    requests: list[Request] = []
    for _ in range(data.draw(st.integers(1, 60), label="length")):
        line = data.draw(lines(game.state), label="line")
        before = game.state
        try:
            parsed = parse_line(line)
            assert parsed is not None
            request = parsed.request(host=True)
            again = parse_line(format_request(request))  # (5)
            assert again is not None and again.request(host=True) == request
            outcome = game.record(request)
        except RuleViolation as error:
            assert game.state == before, f"refused {line!r} changed the state"  # (2)
            assert str(error).strip() and "\n" not in str(error)
            continue
        requests.append(request)
        if request.is_undo:
            continue
        after = game.state
        if not outcome.changed:
            assert after == before
            assert not [e for e in outcome.events if isinstance(e, PowerChanged)]
            continue
        _check_power(before, after, request, outcome.events)  # (1)
        _check_invariants(after)
        game.record(parse_line("undo").request(host=True))  # (3)
        assert game.state == before, f"undo of {line!r} did not restore the state"
        game.record(request)
        assert game.state == after
    assert replay(initial, requests).state == game.state  # (4)


@given(st.data())
@SETTINGS
def test_undo_walks_a_random_game_back_to_its_start(data: st.DataObject) -> None:
    config = parse_setup(data.draw(setups(), label="setup"))
    game = TotemicGame(new_game(config))
    history = [game.state]
    for _ in range(data.draw(st.integers(1, 40), label="length")):
        parsed = parse_line(data.draw(lines(game.state), label="line"))
        assert parsed is not None
        request = parsed.request(host=True)
        if request.is_undo:
            continue
        try:
            outcome = game.record(request)
        except RuleViolation:
            continue
        if outcome.changed:
            history.append(game.state)
    undo = parse_line("undo").request(host=True)
    while len(history) > 1:
        history.pop()
        game.record(undo)
        assert game.state == history[-1]
    assert game.state == new_game(config)
    try:
        game.record(undo)
    except RuleViolation:
        pass
    else:
        raise AssertionError("undo with nothing to undo was accepted")
