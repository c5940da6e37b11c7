"""What Emperor, Teams and Grand Melee share: a range of influence and attacks on neighbours."""

from __future__ import annotations

from totembot.games.magic.formats.base import Attacks, Format
from totembot.games.magic.formats.seating import distance, neighbours, seats_word
from totembot.games.magic.rules.lookup import player_name
from totembot.games.magic.rules.state import GameState


class RangedFormat(Format):
    """A player's sources reach only players within their range of influence (CR 601)."""

    attacks: Attacks = "neighbours"

    def reach(self, state: GameState, seat: int) -> int:
        raise NotImplementedError

    def reach_holder(self, state: GameState, seat: int) -> str:
        """Who reaches that far, as the refusal says it: "a general", "Ann"."""
        return player_name(state, seat)

    def reach_refusal(self, state: GameState, controller: int, target: int) -> str | None:
        apart = distance(state, controller, target)
        reach = self.reach(state, controller)
        if apart <= reach:
            return None
        return (
            f"{player_name(state, target)} is {seats_word(apart)} from "
            f"{player_name(state, controller)}; {self.reach_holder(state, controller)} "
            f"reaches {reach}."
        )

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
