"""`deck NAME`: the deck a player plays in this game, kept on the player for statistics per
deck. It changes no figure of the game; naming it again replaces it."""

from __future__ import annotations

from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.events import DeckNamed
from totembot.games.magic.rules.formats import Change
from totembot.games.magic.rules.intents import NameDeck, Request
from totembot.games.magic.rules.life import with_player
from totembot.games.magic.rules.lookup import player_name, seat_named
from totembot.games.magic.rules.state import GameState

MAX_DECK_NAME = 60  # characters: a commander pair's names fit ("Tymna the Weaver and Kraum")


def deck_name_refusal(name: str) -> str | None:
    """Why a deck's name may not be kept; None when it may."""
    if not name.strip():
        return "Name the deck after 'deck', like 'Ann: deck Atraxa'."
    if len(name) > MAX_DECK_NAME:
        return f"A deck's name has at most {MAX_DECK_NAME} characters, not {len(name)}."
    return None


def commander_deck(state: GameState, seat: int) -> str | None:
    """The deck a player's named commanders make when no deck was named: the names given in
    `with commander NAME` or `cast commander NAME` (Ann:Tymna), each once, those named in
    combat first, joined by "and"; None when none was named."""
    prefix = player_name(state, seat).casefold() + ":"
    keys = (*state.commanders, *state.players[seat].commander_casts)
    names: list[str] = []
    for key in keys:
        if key.casefold().startswith(prefix):
            name = key[len(prefix) :]
            if name.casefold() not in (known.casefold() for known in names):
                names.append(name)
    return " and ".join(names) or None


def deck_of(state: GameState, seat: int) -> str | None:
    """The deck a player played: the one named, else their named commanders."""
    return state.players[seat].deck or commander_deck(state, seat)


def name_deck(state: GameState, request: Request, intent: NameDeck) -> Change:
    """Any seated player, in or out, may name their deck while the game goes on."""
    if request.actor.player is None:
        raise RuleViolation("Only a player can name their deck: start with it, 'Ann: deck Atraxa'.")
    refusal = deck_name_refusal(intent.name)
    if refusal is not None:
        raise RuleViolation(refusal)
    seat = seat_named(state, request.actor.player)
    state = with_player(state, seat, deck=intent.name)
    return state, [DeckNamed(player=player_name(state, seat), deck=intent.name)]
