"""The format seam: every question the engine, language and renderers ask about a format.

A format is "life totals attached to seats" plus a short list of answers: who owns each life
total, which one a request lands on and what it may reach, what a lethal total does, how the
turn passes, when the game ends and who wins, and how it is set up and described. `Format`
answers them for a free-for-all table (one life total per player, every player their own
side); Totem and the team formats override what differs. Pure: no Discord, database or clock.
"""

from __future__ import annotations

import math
from typing import Literal

from totembot.games.magic.rules.errors import RuleViolation, capital
from totembot.games.magic.rules.events import TurnPassed
from totembot.games.magic.rules.formats import Blame, Change, Language, Lethal, Loss, Roster
from totembot.games.magic.rules.intents import Actor, Attack, TotemRef
from totembot.games.magic.rules.life import add_pool_poison, finish_with_winners
from totembot.games.magic.rules.lookup import player_name, require_participant, target_seat
from totembot.games.magic.rules.state import (
    COMMANDER_LIFE,
    LETHAL_POISON,
    STANDARD_LIFE,
    Config,
    GameState,
    Marker,
    Pool,
)

Owner = Literal["totem", "player", "team"]
Attacks = Literal["any", "neighbours", "left"]


TOTEM_LANGUAGE = Language(totems=True)
PLAYER_LANGUAGE = Language(totems=False)
MARKER_LANGUAGE = Language(totems=False, next_player=True)
TOTEM_WORDS = "'via', 'counting' and 'hitting' belong to Totem"


class Format:
    """A free-for-all table: each player their own life total, their own side, turn by seat."""

    name = "free-for-all"
    aliases: tuple[str, ...] = ("ffa",)
    title = "Free-for-all"
    roster: Roster = "players"
    owner: Owner = "player"
    language = PLAYER_LANGUAGE
    min_players, max_players = 2, 12
    team_counts: tuple[int, int] = (0, 0)
    team_sizes: tuple[int, ...] = ()
    house_rules: tuple[str, ...] = ("sorcery-concede",)
    announces_pool_deaths = False
    life_unit = ""  # what the starting life is counted per, in descriptions
    turn_markers = False  # several players taking turns at once (Grand Melee)
    attacks: Attacks = "any"  # whom a player may attack: anyone, a neighbour, the next left

    # --- setting up -----------------------------------------------------------------------

    def default_life(self, commander: bool) -> int:
        """The starting life of one player (of one head, in the giant formats)."""
        return COMMANDER_LIFE if commander else STANDARD_LIFE

    def seat_order(self, teams: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
        """Where a team format seats its teams: together, in the listed order."""
        return tuple(name for team in teams for name in team)

    def check_roster(self, config: Config) -> None:
        count = len(config.players)
        if not self.min_players <= count <= self.max_players:
            raise RuleViolation(
                f"{capital(self.a_title)} game needs {self.min_players} to {self.max_players} "
                "players, "
                f"not {count}."
            )

    def opening_pools(self, config: Config) -> tuple[Pool, ...]:
        return tuple(Pool(seats=(seat,), life=config.life) for seat in range(len(config.players)))

    def opening_active(self, config: Config) -> int:
        return 0

    def opening_markers(self, config: Config) -> tuple[Marker, ...]:
        return ()

    @property
    def a_title(self) -> str:
        """The title with its article: "a Free-for-all", "an Emperor"."""
        return f"{'an' if self.title[0] in 'AEIOU' else 'a'} {self.title}"

    # --- names ----------------------------------------------------------------------------

    def pool_name(self, state: GameState, pool: int) -> str:
        return "+".join(state.players[seat].name for seat in state.pools[pool].seats)

    def life_label(self, state: GameState, pool: int) -> str:
        """A life total as a sentence names it: "Bob's life"."""
        return f"{self.pool_name(state, pool)}'s life"

    def cannot_pay(self, state: GameState, pool: int, payer: str, amount: int) -> str:
        """Why the payer cannot pay: their life total holds too little."""
        holder = self.life_label(state, pool).removesuffix("'s life")
        life = state.pools[pool].life
        return f"{holder} has only {life} life, so {payer} cannot pay {amount}."

    def locked_refusal(self, state: GameState, pool: int) -> str:
        return (
            f"{self.life_label(state, pool)} is locked, so it cannot change; "
            "unlock it first if the lock has ended."
        )

    def describe(self, config: Config) -> str:
        """One line saying how the game was set up, for headers and footers."""
        words = [f"{config.life} life{self.life_unit}"]
        if config.commander:
            words.append("commander")
        words += list(config.house_rules)
        return f"{self.title} · " + " · ".join(words)

    # --- sides, teams and life totals -----------------------------------------------------

    def sides(self, state: GameState) -> list[tuple[int, ...]]:
        """Who wins and loses together: each player alone, or each team."""
        return [(seat,) for seat in range(len(state.players))]

    def side_of(self, state: GameState, seat: int) -> tuple[int, ...]:
        return next(side for side in self.sides(state) if seat in side)

    def team_name(self, state: GameState, seat: int) -> str | None:
        return None

    def role(self, state: GameState, seat: int) -> str | None:
        return None

    def crowned(self, state: GameState, seat: int) -> bool:
        """Whether the seat leads its side (an emperor), shown with a crown."""
        return False

    def fell_with_side(self, state: GameState, reason: str) -> bool:
        """Whether a player's reason for going out is that their side fell (606.8, 607.5a):
        the format that wrote the reason recognises it."""
        return False

    def lost_to_a_win(self, state: GameState, reason: str) -> bool:
        """Whether a player's reason for going out is another's `win` within range (801.14):
        a loss by an effect, which the game went on after."""
        return False

    def pools_of(self, state: GameState, seat: int) -> tuple[int, ...]:
        return (seat,)

    def pool_for(
        self, state: GameState, seat: int, controller: int | None, ref: TotemRef | None
    ) -> int:
        """The life total an event on `seat` lands on."""
        if ref is not None:
            raise RuleViolation(self.no_totems())
        return self.pools_of(state, seat)[0]

    def counted_pool(self, state: GameState, seat: int, ref: TotemRef | None, applied: int) -> int:
        if ref is not None:
            raise RuleViolation(self.no_totems())
        return applied

    def own_life(self, state: GameState, seat: int, pool: int) -> int:
        """A player's own life when an effect needs it (606.9a for a shared total)."""
        return math.ceil(state.pools[pool].life / len(state.pools[pool].seats))

    def lock_pool(self, state: GameState, seat: int, ref: TotemRef | None) -> int:
        if ref is not None:
            raise RuleViolation(f"In {self.title}, 'lock' and 'unlock' take no totem.")
        return self.pools_of(state, seat)[0]

    def lethal_poison(self, state: GameState, pool: int) -> int:
        return LETHAL_POISON

    def no_totems(self) -> str:
        return f"There are no totems in {self.title}: {TOTEM_WORDS}."

    # --- what a request may reach ---------------------------------------------------------

    def reach(self, state: GameState, seat: int) -> int | None:
        """The player's range of influence in seats (CR 601), or None when unlimited."""
        return None

    def reach_refusal(self, state: GameState, controller: int, target: int) -> str | None:
        """Why a source the controller controls cannot reach the target (range), or None."""
        return None

    def attack_refusal(self, state: GameState, attacker: int, target: int) -> str | None:
        """Why the attacker may not attack the target player, or None."""
        if target == attacker:
            return f"{_name(state, attacker)} cannot attack themselves: attack another player."
        if target in self.side_of(state, attacker):
            return (
                f"{_name(state, target)} is {_name(state, attacker)}'s teammate: "
                "attack a player of another team."
            )
        return None

    def attacked(self, state: GameState, attacker: int, intent: Attack) -> tuple[int, int | None]:
        """The life total an attack lands on, and the player it hits."""
        if intent.totem is not None or intent.hitting is not None or intent.player is None:
            raise RuleViolation(
                f"In {self.title}, attack a player, like 'attack Bob for 3': {TOTEM_WORDS}."
            )
        target = target_seat(state, intent.player)
        refusal = self.attack_refusal(state, attacker, target)
        if refusal is not None:
            raise RuleViolation(refusal)
        return self.pool_for(state, target, attacker, None), target

    def tallies_on_player(self) -> bool:
        """Whether commander damage is tallied on the player hit (not on the life total)."""
        return False

    def each_targets(self, state: GameState, controller: int | None, opponents: bool) -> list[int]:
        """The players an effect on each player (or each opponent) reaches, in seat order."""
        if controller is None and opponents:
            raise RuleViolation(
                "'each opponent' needs a speaker: opponent of whom? Start the line with a name."
            )
        chosen = [
            seat
            for seat in state.players_in()
            if not (opponents and seat in self.side_of(state, controller or 0))
        ]
        if controller is None:
            return chosen
        reached = [s for s in chosen if self.reach_refusal(state, controller, s) is None]
        if chosen and not reached:
            raise RuleViolation(f"No one {_name(state, controller)} could reach is in range.")
        return reached

    # --- what a lethal total does, turns, the end -----------------------------------------

    def spare(self, state: GameState, pool: int, lethal: Lethal, blame: Blame) -> Change | None:
        """A house rule may keep a lethal total's player in (a minion); None: they lose."""
        return None

    def after_losses(self, state: GameState) -> Change:
        """What follows from who is out now (a master's minions are freed)."""
        return state, []

    def poisoned(
        self, state: GameState, pool: int, seat: int, amount: int, source: int | None
    ) -> Change:
        return add_pool_poison(state, pool, amount, source)

    def eliminated_by(self, state: GameState, seat: int, by: str) -> Change:
        raise RuleViolation("'eliminate P by Q' needs the house rule madness-minions.")

    def falls_with(self, state: GameState) -> list[Loss]:
        """Players still in who lose because someone else did (a team falling together)."""
        return []

    def is_own_turn(self, state: GameState, seat: int) -> bool:
        return state.active == seat

    def whose_turn(self, state: GameState) -> str:
        """Whose turn it is, as the end of a sentence says it."""
        return f"it is {player_name(state, state.active)}'s turn"

    def turn_takers(self, state: GameState) -> tuple[tuple[int, int], ...]:
        """The seats taking a turn now, each with what marks it as theirs (the turn clock
        counts a new turn when these change): the active player, in the turn's number."""
        return ((state.active, state.turn),)

    def pass_turn(self, state: GameState, actor: Actor, player: str | None) -> Change:
        """`next`: the turn passes to the next player (or team) still in."""
        if player is not None:
            raise RuleViolation(
                f"In {self.title} one player takes a turn at a time: say just 'next'."
            )
        require_participant(state, actor, "pass the turn", "Ann: next")
        following = self.next_active(state)
        state = self.turn_began(
            state.model_copy(update={"turn": state.turn + 1, "active": following})
        )
        return state, [TurnPassed(number=state.turn, active=player_name(state, following))]

    def designation_heir(self, state: GameState, seat: int) -> int | None:
        """Who takes the monarch or the initiative when its holder (`seat`) leaves (TABLE.md):
        the active player, or if they are out, the next player still in after them in seat
        order; None when no one is in."""
        return _next_in(state, state.active)

    def turn_began(self, state: GameState) -> GameState:
        """What a format notes as a turn begins (at the start, `next`, a marker arriving): a
        range of influence counts the players in then; a table without one notes nothing."""
        return state

    def after_request(self, before: GameState, after: GameState) -> Change:
        """What follows every accepted request beyond losses and the end (turn markers)."""
        return after, []

    def next_active(self, state: GameState) -> int:
        count = len(state.players)
        return next(
            (state.active + step) % count
            for step in range(1, count + 1)
            if state.players[(state.active + step) % count].is_in
        )

    def winners_if_over(self, state: GameState) -> list[int] | None:
        """The seats that win once at most one side has a player in; None while it goes on."""
        side_in: tuple[int, ...] | None = None
        for side in self.sides(state):
            if any(state.players[seat].is_in for seat in side):
                if side_in is not None:  # two sides in: it goes on (the common case, at once)
                    return None
                side_in = side
        return _in(state, side_in) if side_in is not None else []

    def winners_by_effect(self, state: GameState, seat: int) -> list[int]:
        """`win`: the speaker's side wins (its players still in)."""
        return _in(state, self.side_of(state, seat))

    def won_by_effect(self, state: GameState, seat: int) -> Change:
        """`win` without a limited range: the speaker's side wins at once, everyone else still
        in loses."""
        winners = self.winners_by_effect(state, seat)
        return finish_with_winners(state, winners, f"{player_name(state, seat)} won")


_name = player_name


def _in(state: GameState, seats: tuple[int, ...]) -> list[int]:
    """The seats still in, in seat order."""
    return sorted(seat for seat in seats if state.players[seat].is_in)


def _next_in(state: GameState, seat: int) -> int | None:
    """`seat` if its player is still in, else the next player still in after it in seat
    order; None when no one is."""
    count = len(state.players)
    return next(
        (
            (seat + step) % count
            for step in range(count)
            if state.players[(seat + step) % count].is_in
        ),
        None,
    )
