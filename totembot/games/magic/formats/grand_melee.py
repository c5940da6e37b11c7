"""Grand Melee (CR 608): free-for-all for big tables, several players taking turns at once.

Range of influence 1 and attack left (608.2). One turn marker for each full four players; a
player ends their turn with `next` and passes their marker left, unless the receiver or one of
the three players still in to the receiver's left holds one: then it waits (608.4c). As players
leave, markers are removed so that one remains for each full four players still in (608.4d). A
turn begins whenever a marker reaches a player, and ranges are set then (801.2c).
"""

from __future__ import annotations

from totembot.games.magic.formats.base import MARKER_LANGUAGE
from totembot.games.magic.formats.house.minions import MINIONS_RULES, MinionsRule
from totembot.games.magic.formats.ranged import RangedFormat
from totembot.games.magic.formats.seating import to_left
from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.events import Event, MarkerMoved, MarkerRemoved
from totembot.games.magic.rules.formats import Change
from totembot.games.magic.rules.intents import Actor
from totembot.games.magic.rules.lookup import player_name, require_participant, seat_named
from totembot.games.magic.rules.state import Config, GameState, Marker

PLAYERS_PER_MARKER = 4
BLOCKING_SEATS = 3  # 608.4c: the three players to the receiver's left


def markers_for(players_in: int) -> int:
    """608.4a: one marker for each full four players (at least one)."""
    return max(1, players_in // PLAYERS_PER_MARKER)


class GrandMeleeFormat(MinionsRule, RangedFormat):
    name = "grand-melee"
    aliases = ("melee",)
    title = "Grand Melee"
    language = MARKER_LANGUAGE
    min_players, max_players = 4, 16
    turn_markers = True
    house_rules = ("sorcery-concede", *MINIONS_RULES)
    attacks = "left"

    def reach(self, state: GameState, seat: int) -> int:
        return 1

    def reach_holder(self, state: GameState, seat: int) -> str:
        return "a player"

    def attackable(self, state: GameState, attacker: int) -> list[int]:
        """608.2b attack left: only the next player still in to the attacker's left."""
        return to_left(state, attacker, 1)

    def attack_refusal(self, state: GameState, attacker: int, target: int) -> str | None:
        if target in self.attackable(state, attacker):
            return None
        name = player_name(state, attacker)
        [left] = self.attackable(state, attacker) or [attacker]
        return f"{name} may attack only {player_name(state, left)}, the next player to their left."

    def opening_markers(self, config: Config) -> tuple[Marker, ...]:
        """608.4b: marker k starts at seat 4 * (k - 1)."""
        count = markers_for(len(config.players))
        return tuple(
            Marker(number=k, seat=PLAYERS_PER_MARKER * (k - 1)) for k in range(1, count + 1)
        )

    def is_own_turn(self, state: GameState, seat: int) -> bool:
        return any(m.seat == seat and not m.waiting for m in state.markers)

    def whose_turn(self, state: GameState) -> str:
        names = [player_name(state, m.seat) for m in state.markers if not m.waiting]
        if len(names) == 1:
            return f"it is {names[0]}'s turn"
        return f"the players taking turns are {', '.join(names)}"

    def turn_takers(self, state: GameState) -> tuple[tuple[int, int], ...]:
        """The players holding a marker that is not waiting, each marked by their marker's
        number: every marker move begins a turn (`turn` and `active` never change here)."""
        held = sorted((m.seat, m.number) for m in state.markers if not m.waiting)
        return tuple(held)

    def designation_heir(self, state: GameState, seat: int) -> int | None:
        """Grand Melee (TABLE.md): the first player still in, going left from the seat of the
        one who left, who holds a marker that is not waiting (the markers as this request
        leaves them); if none does, the next player still in to their left."""
        count = len(state.players)
        seats = [(seat + step) % count for step in range(1, count + 1)]
        held = {marker.seat for marker in state.markers if not marker.waiting}
        for found in seats:
            if state.players[found].is_in and found in held:
                return found
        return next((found for found in seats if state.players[found].is_in), None)

    # --- ending a turn --------------------------------------------------------------------

    def pass_turn(self, state: GameState, actor: Actor, player: str | None) -> Change:
        """`P: next` ends P's turn; the host names P (`next P`) unless one marker is held."""
        require_participant(state, actor, "end a turn", "Ann: next")
        seat = self._whose_turn_ends(state, actor, player)
        marker = next(m for m in state.markers if m.seat == seat and not m.waiting)
        state, events = self._end_turn(state, marker, seat)
        state, moved = self._release_waiting(state)
        return state, events + moved

    def _whose_turn_ends(self, state: GameState, actor: Actor, player: str | None) -> int:
        if player is not None and not actor.host:
            raise RuleViolation("Only the host can end another player's turn: say just 'next'.")
        if player is not None:
            seat = seat_named(state, player)
        elif actor.player is not None:
            seat = seat_named(state, actor.player)
        else:
            held = [m.seat for m in state.markers if not m.waiting]
            if len(held) != 1:
                names = ", ".join(player_name(state, s) for s in held)
                raise RuleViolation(
                    f"Several players are taking turns ({names}): say whose turn ends, "
                    "like 'next Ann'."
                )
            seat = held[0]
        if not self.is_own_turn(state, seat):
            raise RuleViolation(
                f"{player_name(state, seat)} holds no turn marker, so has no turn to end."
            )
        return seat

    def _end_turn(self, state: GameState, marker: Marker, seat: int) -> Change:
        """The marker goes if it is due for removal, else passes left (or waits)."""
        if marker.due:
            name = player_name(state, seat)
            return _without(state, marker), [
                MarkerRemoved(number=marker.number, player=name, ended=name)
            ]
        [receiver] = to_left(state, seat, 1) or [seat]
        waiting = not self._may_receive(state, receiver, marker)
        moved = marker.model_copy(update={"seat": receiver, "waiting": waiting})
        event = MarkerMoved(
            number=marker.number,
            player=player_name(state, receiver),
            waiting=waiting,
            ended=player_name(state, seat),
        )
        state = _with(state, moved)
        return (state if waiting else self.turn_began(state)), [event]

    def _may_receive(self, state: GameState, receiver: int, marker: Marker) -> bool:
        """608.4c: not when the receiver or one of the three to their left holds another."""
        blocked = {receiver, *to_left(state, receiver, BLOCKING_SEATS)}
        return not any(
            other.number != marker.number and not other.waiting and other.seat in blocked
            for other in state.markers
        )

    def _release_waiting(self, state: GameState) -> Change:
        """Waiting markers, lowest number first, go to their receiver once it may take them."""
        events: list[Event] = []
        moved = True
        while moved:
            moved = False
            for marker in sorted(state.markers, key=lambda m: m.number):
                if marker.waiting and self._may_receive(state, marker.seat, marker):
                    state = _with(state, marker.model_copy(update={"waiting": False}))
                    state = self.turn_began(state)  # the marker reaches its player
                    events.append(
                        MarkerMoved(
                            number=marker.number,
                            player=player_name(state, marker.seat),
                            waiting=False,
                        )
                    )
                    moved = True
                    break
        return state, events

    # --- players leaving ------------------------------------------------------------------

    def after_request(self, before: GameState, after: GameState) -> Change:
        """Markers follow the players who left: removal (608.4d), turns ending, re-targets."""
        if after.finished:
            return after, []
        departed = [
            seat
            for seat, player in enumerate(before.players)
            if player.is_in and not after.players[seat].is_in
        ]
        events: list[Event] = []
        if departed:
            after, events = self._remove_due(after, departed)
            after, moved = self._follow_departures(after)
            events += moved
        after, released = self._release_waiting(after)
        return after, events + released

    def _remove_due(self, state: GameState, departed: list[int]) -> Change:
        events: list[Event] = []
        keep = markers_for(len(state.players_in()))
        while len([m for m in state.markers if not m.due]) > keep:
            candidates = [self._candidate(state, seat) for seat in departed]
            found = [m for m in candidates if m is not None]
            if not found:
                break
            marker = min(found, key=lambda m: m.number)
            holder_in = state.players[marker.seat].is_in
            if marker.waiting or not holder_in:
                state = _without(state, marker)
                events.append(
                    MarkerRemoved(number=marker.number, player=player_name(state, marker.seat))
                )
            else:
                state = _with(state, marker.model_copy(update={"due": True}))
        return state, events

    def _candidate(self, state: GameState, departed: int) -> Marker | None:
        """The first marker found going right from the departed seat (not already due)."""
        total = len(state.players)
        for step in range(total):
            seat = (departed - step) % total
            here = [m for m in state.markers if m.seat == seat and not m.due]
            if here:
                return min(here, key=lambda m: m.number)
        return None

    def _follow_departures(self, state: GameState) -> Change:
        """A holder who left ends their turn at once; a marker waiting for them waits on."""
        events: list[Event] = []
        for marker in sorted(state.markers, key=lambda m: m.number):
            current = next(m for m in state.markers if m.number == marker.number)
            if state.players[current.seat].is_in:
                continue
            if current.waiting:
                [receiver] = to_left(state, current.seat, 1) or [current.seat]
                state = _with(state, current.model_copy(update={"seat": receiver}))
                events.append(
                    MarkerMoved(
                        number=current.number, player=player_name(state, receiver), waiting=True
                    )
                )
            else:
                state, ended = self._end_turn(state, current, current.seat)
                events += ended
        return state, events


def _with(state: GameState, marker: Marker) -> GameState:
    markers = tuple(marker if m.number == marker.number else m for m in state.markers)
    return state.model_copy(update={"markers": markers})


def _without(state: GameState, marker: Marker) -> GameState:
    markers = tuple(m for m in state.markers if m.number != marker.number)
    return state.model_copy(update={"markers": markers})
