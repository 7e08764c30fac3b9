"""The games' titles in the reader's language: one place for the terminal, the browser and the room.

A game class names itself in English (`Game.title`); the catalogs (domain ``cardhall``, context
``game``) hold each language's title, taken from that language's rulebook where one exists
(«5 Кули», «5 věží», «Ясс», «Путц (Яблоко)»).
"""

from __future__ import annotations

from cardhall.core.game import Game
from cardhall.core.i18n import NP_, Lang, Msg

GAME_TITLES = (NP_("game", "5 Towers"), NP_("game", "Clash of Decks"), NP_("game", "Jass"), NP_("game", "Putz (Apple)"),
               NP_("game", "Hearts"), NP_("game", "3-2-5 (Teen Do Paanch)"))
"""Every game's English title, marked for translation."""


GAME_LINES = {
    "5 Towers": NP_("game line", "Bid for cards and build five towers; 2 to 5 players."),
    "Clash of Decks": NP_("game line", "A battle of creature cards in lanes, for two or alone against the automaton."),
    "Jass": NP_("game line", "The Swiss trick game: four players in two teams, with trumps and melds."),
    "Putz (Apple)": NP_("game line", "Jass for three or five players, each for themselves."),
    "Hearts": NP_("game line", "Avoid the hearts and the queen of spades, trick by trick; 3 or 4 players."),
    "3-2-5 (Teen Do Paanch)": NP_("game line", "A trick game for three: each player has a number of tricks to make."),
}
"""One line on what each game is (the lobby's tiles), by its English title, marked for translation."""


def game_line(game: Game | type[Game], tr: Lang) -> str:
    """One line on what `game` is, in `tr`'s language ("" for a game without one)."""
    line = GAME_LINES.get(game.title)
    return tr.pgettext("game line", line) if line else ""


def game_title(game: Game | type[Game], tr: Lang) -> str:
    """`game`'s title in `tr`'s language (English where a catalog lacks it)."""
    return tr.pgettext("game", game.title)


def title_msg(game: Game | type[Game]) -> Msg:
    """`game`'s title as a `Msg`, for a sentence each reader hears in their own language."""
    return Msg(game.title, context="game")
