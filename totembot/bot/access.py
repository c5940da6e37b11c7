"""Who is calling, and as whom a request is recorded: seats, the host, admins, spectators.

This is the bot's policy on Discord identities; the rules themselves decide what a player may do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord

from totembot.rules import Actor, RuleViolation
from totembot.store import Seat, StoredGame

MENTION = re.compile(r"<@!?(\d+)>")
QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”")


@dataclass(frozen=True)
class Caller:
    """The member behind an interaction."""

    user_id: str
    display_name: str
    is_admin: bool

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
        return self.game.state.players[seat].name

    def name_of(self, user_id: str) -> str | None:
        seat = self.seat_of(user_id)
        return None if seat is None else self.name_at(seat)

    def is_host(self, caller: Caller) -> bool:
        return caller.user_id == self.game.host

    def may_manage(self, caller: Caller) -> bool:
        """The host, or a member with Manage Server or Manage Channels."""
        return self.is_host(caller) or caller.is_admin

    def user_of(self, name: str) -> str | None:
        seat = self.game.state.seat_of(name)
        return None if seat is None else self.game.seats[seat].user_id

    def actor(self, caller: Caller, speaker: str | None = None) -> Actor:
        """The actor for a request by `caller`, optionally recorded for player `speaker`.

        A spectator is refused; recording for another player is allowed to any player still
        in the game and to the host.
        """
        own = self.name_of(caller.user_id)
        manager = self.may_manage(caller)
        if speaker is not None and (own is None or speaker.casefold() != own.casefold()):
            seat = self.game.state.seat_of(own) if own else None
            still_in = seat is not None and self.game.state.players[seat].is_in
            if not (still_in or self.is_host(caller)):
                raise RuleViolation(
                    "Only players still in the game and the host can record for another player."
                )
            return Actor(player=speaker, host=False)
        if own is None and not manager:
            raise RuleViolation("You are not playing in this game: spectators can only look.")
        return Actor(player=own, host=manager)

    def with_names(self, text: str) -> str:
        """Mentions and quoted display names in a phrase, replaced by the players' names."""

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
