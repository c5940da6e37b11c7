"""The ways a player goes out, as the summary and the statistics count them.

One small fixed vocabulary, so that "the most common way of going out" adds like with like.
`Exit.way` and `SeatResult.way_out` both come from `games.magic.story.ways.magic_way` (Magic)
or `totemic_way` here (Totemic), each read from the same facts, so they always agree.

Magic, from the player's status and the reason the rules gave when they went out:
- "life": a life total at 0 or less: their own, their team's, a totem of theirs that died
  ("Bob-Cid died" is explained by why Bob-Cid died), or a minion falling a third time by life.
- "poison": lethal poison counters, on a life total or on the player (player-poison).
- "commander damage": 21 or more combat damage from one commander.
- "conceded", "removed" (by the host).
- "eliminated": `eliminate P` (lost by another effect), a third fall by madness-minions, or
  being within range of another player's `win` (Emperor, Teams, Grand Melee: they lose, the
  game goes on).
- "team": out because their side fell: a giant's teammate, an emperor's generals.
- "game decided": still in when the game was decided around them: someone's `win`, or a
  minion when the last master stood alone.
- "draw": taken out by a game that ended in a draw around them.
- "other": a reason these words do not know (kept rather than guessed).
When a life total was lethal in several ways at once, the first the game names counts: life,
then poison, then commander damage (the order of the rules' own reasons).

Totemic (a game ends at `next` when a power is 0 or less):
- "power": the animal had less power when the game ended.
- "dominance": the powers were tied, and the other animal held dominance.
"""

from __future__ import annotations

LIFE = "life"
POISON = "poison"
COMMANDER = "commander damage"
CONCEDED = "conceded"
REMOVED = "removed"
ELIMINATED = "eliminated"
TEAM = "team"
DECIDED = "game decided"
DRAW = "draw"
OTHER = "other"
POWER = "power"
DOMINANCE = "dominance"

MAGIC_WAYS = (LIFE, POISON, COMMANDER, CONCEDED, REMOVED, ELIMINATED, TEAM, DECIDED, DRAW, OTHER)
TOTEMIC_WAYS = (POWER, DOMINANCE)


def totemic_way(by_dominance: bool) -> str:
    """A Totemic game lost: on power, or on a tie that dominance broke."""
    return DOMINANCE if by_dominance else POWER
