"""Who is calling, and as whom a request is recorded: seats, the host, admins, spectators.

This is the bot's policy on Discord identities; the rules themselves decide what a player may do.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import discord

from totembot.core.errors import RuleViolation
from totembot.core.intents import Actor, Request
from totembot.core.ruleset import standing_steps
from totembot.core.story import LoggedRequest, Step
from totembot.games.registry import ruleset_of
from totembot.store import Seat, StoredGame

MENTION = re.compile(r"<@!?(\d+)>")
ANSWERS = ("approve", "deny", "accept", "threaten", "submit", "reveal")
FOR_ONESELF = ("concede", "win")
QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”")
IN_A_DM = "totembot plays only in a server's channels, not in direct messages."
NOT_OWN_CHANGE = (
    "The last change was recorded by someone else and your panel undoes only your own: "
    "nothing was changed."
)
# What only the host or an admin may record, as its undo refusal names it (`host_action`).
HOST_ONLY = {"remove": "a removal"}
FOR_ANOTHER = {
    "concede": "a concession made for another player",
    "win": "a win recorded for another player",
    "reveal": "a strength revealed for another player",
    **dict.fromkeys(
        ("approve", "deny", "accept", "threaten", "submit"), "an answer given for another player"
    ),
}


def place_refusal(guild_id: int | None, owner: str | None, what: str = "game") -> str | None:
    """Why an interaction from server `guild_id` (None: a direct message) may not reach a game
    or lobby stored for server `owner`. Discord signs interactions and the commands are declared
    for servers only, so this is defence in depth. A game stored before servers were recorded
    (`owner` None) is reached from any server, as it always was."""
    if guild_id is None:
        return IN_A_DM
    if owner is not None and owner != str(guild_id):
        return f"This channel's {what} belongs to another server."
    return None


def require_place(interaction: discord.Interaction, owner: str | None, what: str = "game") -> None:
    """Refuse (RuleViolation) an interaction that `place_refusal` refuses."""
    refusal = place_refusal(interaction.guild_id, owner, what)
    if refusal is not None:
        raise RuleViolation(refusal)


@dataclass(frozen=True)
class Caller:
    """The member behind an interaction."""

    user_id: str
    display_name: str
    is_admin: bool

    def manages(self, host: str) -> bool:
        """Whether the caller may manage what the member `host` opened: they are that member,
        or an admin."""
        return self.user_id == host or self.is_admin

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Caller:
        permissions = interaction.permissions
        return cls(
            user_id=str(interaction.user.id),
            display_name=interaction.user.display_name,
            is_admin=permissions.manage_guild or permissions.manage_channels,
        )


@dataclass(frozen=True)
class Table:
    """A stored game seen from Discord: which member sits where."""

    game: StoredGame

    def seat_of(self, user_id: str) -> int | None:
        for index, seat in enumerate(self.game.seats):
            if seat.user_id == user_id:
                return index
        return None

    def name_at(self, seat: int) -> str:
        return str(self.game.state.players[seat].name)

    def name_of(self, user_id: str) -> str | None:
        seat = self.seat_of(user_id)
        return None if seat is None else self.name_at(seat)

    def is_host(self, caller: Caller) -> bool:
        return caller.user_id == self.game.host

    def may_manage(self, caller: Caller) -> bool:
        """The host, or a member with Manage Server or Manage Channels."""
        return self.is_host(caller) or caller.is_admin

    def label_of(self, seat: int) -> str:
        """How a seat is shown in choices: the game name, with the display name if different
        (Totemic's solo rival has no seat, only its name)."""
        if seat >= len(self.game.seats):
            return self.name_at(seat)
        return seat_label(self.game.seats[seat], self.name_at(seat))

    def is_in(self, name: str | None) -> bool:
        seat = self.game.state.seat_of(name) if name else None
        return seat is not None and self.game.state.players[seat].status == "in"

    def actor(self, caller: Caller, kind: str, speaker: str | None = None) -> Actor:
        """The actor for a request of `kind` by `caller`, perhaps recorded for player `speaker`.

        Spectators are refused. Recording for another player is allowed to players still in
        the game, the host and admins (tables where one person keeps score); but only the asked
        player answers a consent request (the host or an admin answers for a guest), and only
        the host or an admin concedes or wins for someone else.
        """
        own = self.name_of(caller.user_id)
        manager = self.may_manage(caller)
        for_another = speaker is not None and (own is None or speaker.casefold() != own.casefold())
        if not for_another:
            if own is None and not manager:
                raise RuleViolation("You are not playing in this game: spectators can only look.")
            return Actor.trusted(player=own, host=manager)
        assert speaker is not None
        if kind in ANSWERS and not (manager and self.is_guest(speaker)):
            if kind == "reveal":
                raise RuleViolation(f"Only {speaker} can reveal their own strength.")
            raise RuleViolation(f"Only {speaker} can answer a request addressed to them.")
        if kind in FOR_ONESELF and not manager:
            raise RuleViolation(f"Only the host or an admin can {kind} for another player.")
        if not (self.is_in(own) or manager):
            raise RuleViolation(
                "Only players still in the game, the host and admins can record for another player."
            )
        return Actor.trusted(player=speaker, host=False)

    def undo_refusal(self, caller: Caller, log: Sequence[LoggedRequest]) -> str | None:
        """Why `caller` may not undo the game's last change that stands in `log`: only the
        host or an admin undoes a host or admin action, else a player could take back their
        own removal or the concession the host recorded for them. Which players may undo at
        all is the rules' answer; this is the bot's, as only it knows who recorded what."""
        if self.may_manage(caller):
            return None  # the common case: no replay
        config = self.game.config
        _initial, steps = standing_steps(ruleset_of(config.format), config, log)
        action = self.host_action(steps[-1]) if steps else None
        return None if action is None else f"Only the host or an admin can undo {action}."

    def own_undo_refusal(
        self, recorders: Collection[str], log: Sequence[LoggedRequest]
    ) -> str | None:
        """Why a panel's "Undo my last change" may not take back the game's last change that
        stands in `log`: it was not recorded by one of `recorders` (the panel's owner, and the
        member seated where the host acts), so the panel would undo someone else's change."""
        config = self.game.config
        _initial, steps = standing_steps(ruleset_of(config.format), config, log)
        if steps and steps[-1].recorded_by not in recorders:
            return NOT_OWN_CHANGE
        return None

    def require_may_undo(self, caller: Caller, log: Sequence[LoggedRequest]) -> None:
        """Refuse (RuleViolation) what `undo_refusal` refuses."""
        refusal = self.undo_refusal(caller, log)
        if refusal is not None:
            raise RuleViolation(refusal)

    def host_action(self, step: Step) -> str | None:
        """What a recorded change was, when only the host or an admin could have recorded it:
        a removal, or a concession, win, answer or reveal recorded for another player than
        the member who recorded it (`recorded_by`); None for anything a player may record."""
        request = step.request
        if not isinstance(request, Request):
            return None
        kind = str(getattr(request.intent, "kind", ""))
        if kind in HOST_ONLY:
            return HOST_ONLY[kind]
        if kind not in FOR_ANOTHER:
            return None
        named = getattr(request.intent, "player", None)  # `/totem-admin concede` names them
        whom = named if isinstance(named, str) else request.actor.player
        own = self.name_of(step.recorded_by)
        if whom is None or (own is not None and own.casefold() == whom.casefold()):
            return None
        return FOR_ANOTHER[kind]

    def is_guest(self, name: str) -> bool:
        """Someone without a Discord account here: a guest seat, or Totemic's solo rival."""
        seat = self.game.state.seat_of(name)
        if seat is None:
            return False
        return seat >= len(self.game.seats) or self.game.seats[seat].user_id is None

    def player_named(self, text: str) -> str:
        """A player option as typed: a mention, a display name, or the game name itself."""
        mention = MENTION.fullmatch(text.strip())
        if mention:
            return self.name_of(mention.group(1)) or text
        folded = text.strip().casefold()
        for index, seat in enumerate(self.game.seats):
            if folded == seat.display_name.casefold():
                return self.name_at(index)
        return text.strip()

    def with_names(self, text: str) -> str:
        """Mentions and quoted display names in a phrase, replaced by the players' names."""
        if "<@" not in text and '"' not in text and "“" not in text:
            return text  # neither a mention nor a quote (most phrases): nothing to replace

        def from_mention(match: re.Match[str]) -> str:
            name = self.name_of(match.group(1))
            if name is None:
                raise RuleViolation("A member you mentioned is not playing in this game.")
            return name

        def from_quote(match: re.Match[str]) -> str:
            quoted = (match.group(1) or match.group(2)).strip()
            for index, seat in enumerate(self.game.seats):
                if quoted.casefold() in (
                    seat.display_name.casefold(),
                    self.name_at(index).casefold(),
                ):
                    return self.name_at(index)
            raise RuleViolation(f'Nobody called "{quoted[:40]}" is playing in this game.')

        return QUOTED.sub(from_quote, MENTION.sub(from_mention, text))


def seat_label(seat: Seat, name: str) -> str:
    """How a seat is shown in choices: the game name, with the display name when it differs."""
    if seat.display_name and seat.display_name != name:
        return f"{name} ({seat.display_name})"
    return name


NAME_TOKEN = re.compile(r"<@!?(\d+)>|\"([^\"]+)\"|“([^”]+)”|([^\s,]+)")


def split_names(text: str) -> list[tuple[str | None, str]]:
    """(user id, name) for each mention, quoted name (straight or curly) or word, in order."""
    found: list[tuple[str | None, str]] = []
    for match in NAME_TOKEN.finditer(text):
        user_id, straight, curly, word = match.groups()
        found.append((user_id, (straight or curly or word or "").strip()))
    return found


TEAM_TOKEN = re.compile(r"<@!?(\d+)>|\"([^\"]+)\"|“([^”]+)”|(,)|([^\s,+]+)")


def split_teams(text: str) -> list[list[tuple[str | None, str]]]:
    """Teams split by commas, each its players' (user id, name) in order: `@Ann @Bob, @Cid
    @Dan`; a `+` also separates names (`Ann+Bob, Cid+Dan`). Empty teams are dropped."""
    teams: list[list[tuple[str | None, str]]] = [[]]
    for match in TEAM_TOKEN.finditer(text):
        user_id, straight, curly, comma, word = match.groups()
        if comma:
            teams.append([])
        else:
            teams[-1].append((user_id, (straight or curly or word or "").strip()))
    return [team for team in teams if team]
