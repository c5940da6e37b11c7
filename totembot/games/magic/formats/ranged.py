"""What Emperor, Teams and Grand Melee share: a range of influence and attacks on neighbours.

From edition 2 (FORMATS.md, "Range of influence as the rules have it"), ranges are set as each
turn begins (801.2c) and `win` makes the opponents within the winner's range lose (801.14).
"""

from __future__ import annotations

from totembot.games.magic.formats.base import Attacks, Format
from totembot.games.magic.formats.seating import (
    departed_seats,
    distance,
    neighbours,
    ring,
    seats_word,
)
from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.events import Event, WonInRange
from totembot.games.magic.rules.formats import Change
from totembot.games.magic.rules.life import leave
from totembot.games.magic.rules.lookup import player_name
from totembot.games.magic.rules.state import RANGES_AS_TURNS_BEGIN, GameState

LOST_TO_A_WIN = "in {name}'s range when {name} won by an effect"  # why an opponent is out


def as_turns_begin(state: GameState) -> bool:
    """Whether the game keeps the amended rules (edition 2 on); older games keep theirs."""
    return state.config.edition >= RANGES_AS_TURNS_BEGIN


def and_list(names: list[str]) -> str:
    """ "Bob", "Bob and Cid", "Bob, Cid and Dan"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def departed_words(names: list[str]) -> str:
    """ "Dan's seat counts until the next turn begins": the players who left this turn."""
    seats = "seat counts" if len(names) == 1 else "seats count"
    owners = and_list([name + "'s" for name in names])
    return f"{owners} {seats} until the next turn begins"


def departed_names(state: GameState) -> list[str]:
    """The players who left since the latest turn began, whose seats still count for range."""
    return [player_name(state, seat) for seat in departed_seats(state)]


class RangedFormat(Format):
    """A player's sources reach only players within their range of influence (CR 601)."""

    attacks: Attacks = "neighbours"

    def reach(self, state: GameState, seat: int) -> int:
        raise NotImplementedError

    def reach_holder(self, state: GameState, seat: int) -> str:
        """Who reaches that far, as the refusal says it: "a general", "Ann"."""
        return player_name(state, seat)

    def turn_began(self, state: GameState) -> GameState:
        """801.2c: ranges count the players still in as the turn begins, until the next."""
        if not as_turns_begin(state):
            return state
        return state.model_copy(update={"turn_seats": tuple(state.players_in())})

    def reach_refusal(self, state: GameState, controller: int, target: int) -> str | None:
        apart = distance(state, controller, target)
        reach = self.reach(state, controller)
        if apart <= reach:
            return None
        return (
            f"{player_name(state, target)} is {seats_word(apart)} from "
            f"{player_name(state, controller)}; {self.reach_holder(state, controller)} "
            f"reaches {reach}{self.departed_note(state, controller, target)}."
        )

    def departed_note(self, state: GameState, controller: int, target: int) -> str:
        """Why a player who left still stands between them, when one does: " (Dan's seat
        counts until the next turn begins)"."""
        reach = self.reach(state, controller)
        if distance(state, controller, target, ring(state)) > reach:
            return ""
        return f" ({departed_words(departed_names(state))})"

    def opponents_in_range(self, state: GameState, seat: int) -> list[int]:
        """The opponents still in within the player's range (teammates are not opponents)."""
        side = self.side_of(state, seat)
        return [
            other
            for other in state.players_in()
            if other not in side and self.reach_refusal(state, seat, other) is None
        ]

    def won_by_effect(self, state: GameState, seat: int) -> Change:
        """801.14: the opponents within the winner's range lose instead; the game ends only as
        the format says (an emperor among them takes the team out, as ever)."""
        if not as_turns_begin(state):
            return super().won_by_effect(state, seat)
        losers = self.opponents_in_range(state, seat)
        if not losers:
            raise RuleViolation(self.no_opponent_in_range(state, seat))
        name = player_name(state, seat)
        events: list[Event] = [
            WonInRange(player=name, losers=tuple(player_name(state, s) for s in losers))
        ]
        for loser in losers:
            state, left = leave(state, loser, "lost", LOST_TO_A_WIN.format(name=name))
            events += left
        return state, events

    def no_opponent_in_range(self, state: GameState, seat: int) -> str:
        """The refusal of a `win` that would change nothing, saying whose seats stand between."""
        name = player_name(state, seat)
        departed = ""
        if self._opponent_next_turn(state, seat):
            departed = f" ({departed_words(departed_names(state))})"
        return (
            f"No opponent still in is within {name}'s range of "
            f"{seats_word(self.reach(state, seat))}{departed}, so 'win' changes nothing: in "
            f"{self.title} a win by an effect makes the opponents in range lose."
        )

    def _opponent_next_turn(self, state: GameState, seat: int) -> bool:
        """Whether an opponent would be in range once the next turn begins."""
        side = self.side_of(state, seat)
        reach = self.reach(state, seat)
        return any(
            other not in side and distance(state, seat, other, ring(state)) <= reach
            for other in state.players_in()
        )

    def lost_to_a_win(self, state: GameState, reason: str) -> bool:
        return reason in {LOST_TO_A_WIN.format(name=player.name) for player in state.players}

    def attackable(self, state: GameState, attacker: int) -> list[int]:
        """Opponents seated immediately next to the attacker (607.3c, 609.4)."""
        side = self.side_of(state, attacker)
        return [seat for seat in neighbours(state, attacker) if seat not in side]

    def attack_refusal(self, state: GameState, attacker: int, target: int) -> str | None:
        refusal = super().attack_refusal(state, attacker, target)
        if refusal is not None or target in self.attackable(state, attacker):
            return refusal
        name = player_name(state, attacker)
        allowed = [player_name(state, seat) for seat in self.attackable(state, attacker)]
        if not allowed:
            return f"{name} may attack only an opponent seated next to them, and none is."
        return f"{name} may attack only an opponent seated next to them: {' or '.join(allowed)}."
