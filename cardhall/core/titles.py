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


def game_title(game: Game | type[Game], tr: Lang) -> str:
    """`game`'s title in `tr`'s language (English where a catalog lacks it)."""
    return tr.pgettext("game", game.title)


def title_msg(game: Game | type[Game]) -> Msg:
    """`game`'s title as a `Msg`, for a sentence each reader hears in their own language."""
    return Msg(game.title, context="game")
