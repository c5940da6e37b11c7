"""The setup line: `game FORMAT players: ...` or `game FORMAT teams: ...`, and back."""

from __future__ import annotations

import re

from totembot.core.names import strip_comment
from totembot.games.magic.formats import Format, format_named
from totembot.games.magic.language.errors import SetupError
from totembot.games.magic.language.keywords import name_problem
from totembot.games.magic.rules.errors import RuleViolation, shown
from totembot.games.magic.rules.state import HOUSE_RULES, Config

SETUP_EXAMPLE = "game totem players: Ann, Bob, Cid [life: N] [commander] [rules: R1, R2]"
TEAMS_EXAMPLE = "game totem teams: Ann+Bob, Cid+Dan [life: N] [commander] [rules: R1, R2]"


def _setup_words(line: str) -> list[str]:
    return re.findall(r"[,:]|[^\s,:]+", strip_comment(line))


def _comma_list(words: list[str], start: int) -> tuple[list[str], int]:
    items, pos = [], start
    while True:
        if pos >= len(words) or words[pos] in ",:":
            raise SetupError(f"The setup line has a missing name or rule: write {SETUP_EXAMPLE}.")
        items.append(words[pos])
        pos += 1
        if pos < len(words) and words[pos] == ",":
            pos += 1
            continue
        return items, pos


def _setup_format(words: list[str], lowered: list[str]) -> Format:
    if lowered[:1] != ["game"]:
        raise SetupError(f"The first line must set the game up, like '{SETUP_EXAMPLE}'.")
    if len(words) < 2:
        raise SetupError(f"The setup line needs the format and the players: {SETUP_EXAMPLE}.")
    try:
        return format_named(words[1])
    except RuleViolation as error:
        raise SetupError(str(error)) from error


def _team_list(words: list[str]) -> tuple[tuple[str, ...], ...]:
    teams = []
    for word in words:
        names = tuple(word.split("+"))
        for name in names:
            problem = name_problem(name) if name else f"'{shown(word)}' has an empty name"
            if problem:
                raise SetupError(f"In the team list, {problem}.")
        teams.append(names)
    return tuple(teams)


def parse_setup(line: str) -> Config:
    """`game FORMAT players: Ann, Bob, Cid` or `game FORMAT teams: Ann+Bob, Cid+Dan`, then
    `[life: N] [commander] [rules: ...]`, to a Config (players in seat order)."""
    words = _setup_words(line)
    lowered = [word.casefold() for word in words]
    game_format = _setup_format(words, lowered)
    roster = game_format.roster
    if lowered[2:4] != [roster, ":"]:
        example = SETUP_EXAMPLE if roster == "players" else TEAMS_EXAMPLE
        raise SetupError(
            f"The setup line needs '{roster}:' after the format: "
            f"{example.replace('totem', game_format.name, 1)}."
        )
    listed, pos = _comma_list(words, 4)
    teams: tuple[tuple[str, ...], ...] = ()
    if roster == "teams":
        teams = _team_list(listed)
        players = list(game_format.seat_order(teams))
    else:
        players = listed
        for name in players:
            problem = name_problem(name)
            if problem:
                raise SetupError(f"In the player list, {problem}.")
    options = _setup_options(words, lowered, pos)
    commander = "commander" in options
    life = options.get("life", game_format.default_life(commander))
    rules = options.get("rules", [])
    assert isinstance(life, int) and isinstance(rules, list)
    return Config.model_validate(
        {
            "format": game_format.name,
            "players": tuple(players),
            "teams": teams,
            "life": life,
            "commander": commander,
            "house_rules": tuple(dict.fromkeys(rules)),
        }
    )


def _setup_options(words: list[str], lowered: list[str], pos: int) -> dict[str, object]:
    options: dict[str, object] = {}
    while pos < len(words):
        option = lowered[pos]
        if option in options:
            raise SetupError(f"'{option}' is given twice in the setup line.")
        if option not in ("life", "commander", "rules"):
            raise SetupError(
                f"Unexpected '{shown(words[pos])}' in the setup line: players are separated by "
                "commas, and after them come 'life: N', 'commander' and 'rules: R1, R2'."
            )
        pos += 1
        if option == "commander":
            options[option] = True
            continue
        if pos >= len(words) or words[pos] != ":":
            raise SetupError(f"Expected ':' after '{option}' in the setup line.")
        if option == "life":
            value = words[pos + 1] if pos + 1 < len(words) else ""
            if not re.fullmatch(r"[0-9]{1,9}", value, re.ASCII) or not 1 <= int(value) <= 10**6:
                raise SetupError(
                    "The starting life must be a whole number from 1 to 1,000,000, "
                    f"not '{shown(value)}'."
                )
            options[option], pos = int(value), pos + 2
        else:
            rules, pos = _comma_list(words, pos + 1)
            rules = [rule.casefold() for rule in rules]
            unknown = [rule for rule in rules if rule not in HOUSE_RULES]
            if unknown:
                raise SetupError(
                    f"Unknown house rule '{shown(unknown[0])}': the rules are "
                    f"{', '.join(HOUSE_RULES)}."
                )
            options[option] = rules
    return options


def format_setup(config: Config) -> str:
    """The setup line that sets this game up again: parse_setup(format_setup(c)) == c."""
    game_format = format_named(config.format)
    if config.teams:
        roster = "teams: " + ", ".join("+".join(team) for team in config.teams)
    else:
        roster = "players: " + ", ".join(config.players)
    parts = [f"game {config.format} {roster}"]
    if config.life != game_format.default_life(config.commander):
        parts.append(f"life: {config.life}")
    if config.commander:
        parts.append("commander")
    if config.house_rules:
        parts.append(f"rules: {', '.join(config.house_rules)}")
    return " ".join(parts)
