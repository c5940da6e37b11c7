"""`/totem help`: the console's help pages, privately, with the slash commands added.

The pages are imported when first asked for: the bot starts without them. The structured
commands the page lists are the requests' own (each row of the request table names its slash
command, if the bot has one).
"""

from __future__ import annotations

import textwrap
from functools import cache

import discord
from discord import app_commands

from totembot.bot.replies import MAX_CONTENT
from totembot.core.help import Topic
from totembot.games.registry import manual

COMMANDS_BEFORE = (
    "Start a game with /totem new format: (Totem, free-for-all, Two-Headed Giant...):",
    "players: @Ann @Bob @Cid, or for teams teams: @Ann @Bob, @Cid @Dan; or open a lobby.",
    "Say any phrase with /do, e.g. /do text: deal 3 to Bob via left",
    "Record for another player with their name first: /do text: Bob: pay 2 via right",
    "Or tap: /totem panel shows your own moves as buttons (/totem help topic: panel).",
)
STRUCTURED = "Or use the structured commands with autocomplete:"
COMMANDS_AFTER = (
    "On the table: /counter add, remove, pay or each (energy, rad, ticket counters...),",
    "/monarch, /initiative, /blessing, /ring, /day-night, /cast-commander (commander tax),",
    "/roll dice: 2d6, /flip and /random-player; everyone sees the result.",
    "Outside Totem: /attack player: Bob, and effects on everyone with /do, e.g.",
    "/do text: deal 1 to each player, each opponent loses 2, each player gains 3.",
    "/totem status and /totem board show the game; /totem history the latest changes.",
    "When a game ends its summary and life chart follow; /totem chart draws it any time.",
    "/totem stats [player] and /totem leaderboard count this server's finished games;",
    "/totem deck name: Atraxa names your deck; /totem rivals shows your nemesis and victim;",
    "/totem export gives the game as a script that totembot console plays back.",
    "/totem clock set minutes: 5 reminds a player whose turn runs long (topic: clock).",
)
CLOCK_TEXT = (
    'The pinned status shows when the current turn began ("3 minutes ago"), ticking',
    "in every Discord client. The host or an admin can add a turn clock to the channel:",
    "  /totem clock set minutes: 5     a reminder when a turn passes 5 minutes",
    "  /totem clock set minutes: off   no more reminders",
    "  /totem clock pause              a break: paused time does not count",
    "  /totem clock resume             the clock runs again",
    "The reminder comes once per turn, in the channel, naming the players whose turn it is",
    "(the only ping totembot ever sends). The clock stays set for the channel's next games",
    "and keeps its pause through a restart. A turn begins when the game starts and at each",
    "next (an undone next gives the turn back, with its time); in Grand Melee at each move",
    "of a turn marker, and every marker holder is reminded. When a game ends, its summary",
    "gives each player's turns, total and average time; /totem stats adds them up.",
)
HELP_ASK = "/totem help topic:"
LINE_WIDTH = 83  # the page's longest lines


@cache
def clock_topic() -> Topic:
    """The turn clock's page: a Discord command, so not one of the console's pages."""
    return Topic(name="clock", title="the turn clock", text=CLOCK_TEXT, aliases=("timer",))


@cache
def commands_topic() -> Topic:
    """The page of the slash commands, added to the help's pages (built when first asked)."""
    return Topic(name="commands", title="the phrases on Discord", text=commands_text())


def commands_text() -> tuple[str, ...]:
    """The page's lines, with the structured commands listed from the request table."""
    listed = f"{STRUCTURED} {', '.join(manual().slash_commands())}."
    return (*COMMANDS_BEFORE, *textwrap.wrap(listed, LINE_WIDTH), *COMMANDS_AFTER)


def discord_help(topic: str | None) -> str:
    """A help page in a code block (monospace keeps its indentation), within Discord's limit."""
    text = manual().help_text(topic, extra=(commands_topic(), clock_topic()), ask=HELP_ASK)
    fenced = f"```text\n{text}\n```"
    return fenced if len(fenced) <= MAX_CONTENT else text[:MAX_CONTENT]


async def help_topics(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Topic names that start with (or contain) what was typed; Discord shows at most 25."""
    typed = current.strip().casefold()
    names = manual().topic_names((commands_topic(), clock_topic()))
    ranked = [n for n in names if n.startswith(typed)] + [
        n for n in names if typed in n and not n.startswith(typed)
    ]
    return [app_commands.Choice(name=name, value=name) for name in ranked[:25]]
