"""Cards in words, in every language: a card's full name as the subject of a sentence or in a
list (context ``card``) and as the object of a verb (context ``card, object``: Russian «даму
pik», Czech «pikovou dámu»), and the suits and ranks alone (a hand read out by suit).

Each name is written out so that translators see and translate whole names (word order, case
and gender differ between languages; they cannot be put together from a rank and a suit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardhall.core.i18n import NP_

if TYPE_CHECKING:
    from cardhall.core.i18n import Lang

CARD_NAMES: tuple[str, ...] = (
    NP_("card", "two of clubs"),
    NP_("card", "three of clubs"),
    NP_("card", "four of clubs"),
    NP_("card", "five of clubs"),
    NP_("card", "six of clubs"),
    NP_("card", "seven of clubs"),
    NP_("card", "eight of clubs"),
    NP_("card", "nine of clubs"),
    NP_("card", "ten of clubs"),
    NP_("card", "jack of clubs"),
    NP_("card", "queen of clubs"),
    NP_("card", "king of clubs"),
    NP_("card", "ace of clubs"),
    NP_("card", "two of diamonds"),
    NP_("card", "three of diamonds"),
    NP_("card", "four of diamonds"),
    NP_("card", "five of diamonds"),
    NP_("card", "six of diamonds"),
    NP_("card", "seven of diamonds"),
    NP_("card", "eight of diamonds"),
    NP_("card", "nine of diamonds"),
    NP_("card", "ten of diamonds"),
    NP_("card", "jack of diamonds"),
    NP_("card", "queen of diamonds"),
    NP_("card", "king of diamonds"),
    NP_("card", "ace of diamonds"),
    NP_("card", "two of hearts"),
    NP_("card", "three of hearts"),
    NP_("card", "four of hearts"),
    NP_("card", "five of hearts"),
    NP_("card", "six of hearts"),
    NP_("card", "seven of hearts"),
    NP_("card", "eight of hearts"),
    NP_("card", "nine of hearts"),
    NP_("card", "ten of hearts"),
    NP_("card", "jack of hearts"),
    NP_("card", "queen of hearts"),
    NP_("card", "king of hearts"),
    NP_("card", "ace of hearts"),
    NP_("card", "two of spades"),
    NP_("card", "three of spades"),
    NP_("card", "four of spades"),
    NP_("card", "five of spades"),
    NP_("card", "six of spades"),
    NP_("card", "seven of spades"),
    NP_("card", "eight of spades"),
    NP_("card", "nine of spades"),
    NP_("card", "ten of spades"),
    NP_("card", "jack of spades"),
    NP_("card", "queen of spades"),
    NP_("card", "king of spades"),
    NP_("card", "ace of spades"),
)
"""The names of cards 0–51 (``suit * 13 + rank``), subject form."""

CARD_OBJECTS: tuple[str, ...] = (
    NP_("card, object", "two of clubs"),
    NP_("card, object", "three of clubs"),
    NP_("card, object", "four of clubs"),
    NP_("card, object", "five of clubs"),
    NP_("card, object", "six of clubs"),
    NP_("card, object", "seven of clubs"),
    NP_("card, object", "eight of clubs"),
    NP_("card, object", "nine of clubs"),
    NP_("card, object", "ten of clubs"),
    NP_("card, object", "jack of clubs"),
    NP_("card, object", "queen of clubs"),
    NP_("card, object", "king of clubs"),
    NP_("card, object", "ace of clubs"),
    NP_("card, object", "two of diamonds"),
    NP_("card, object", "three of diamonds"),
    NP_("card, object", "four of diamonds"),
    NP_("card, object", "five of diamonds"),
    NP_("card, object", "six of diamonds"),
    NP_("card, object", "seven of diamonds"),
    NP_("card, object", "eight of diamonds"),
    NP_("card, object", "nine of diamonds"),
    NP_("card, object", "ten of diamonds"),
    NP_("card, object", "jack of diamonds"),
    NP_("card, object", "queen of diamonds"),
    NP_("card, object", "king of diamonds"),
    NP_("card, object", "ace of diamonds"),
    NP_("card, object", "two of hearts"),
    NP_("card, object", "three of hearts"),
    NP_("card, object", "four of hearts"),
    NP_("card, object", "five of hearts"),
    NP_("card, object", "six of hearts"),
    NP_("card, object", "seven of hearts"),
    NP_("card, object", "eight of hearts"),
    NP_("card, object", "nine of hearts"),
    NP_("card, object", "ten of hearts"),
    NP_("card, object", "jack of hearts"),
    NP_("card, object", "queen of hearts"),
    NP_("card, object", "king of hearts"),
    NP_("card, object", "ace of hearts"),
    NP_("card, object", "two of spades"),
    NP_("card, object", "three of spades"),
    NP_("card, object", "four of spades"),
    NP_("card, object", "five of spades"),
    NP_("card, object", "six of spades"),
    NP_("card, object", "seven of spades"),
    NP_("card, object", "eight of spades"),
    NP_("card, object", "nine of spades"),
    NP_("card, object", "ten of spades"),
    NP_("card, object", "jack of spades"),
    NP_("card, object", "queen of spades"),
    NP_("card, object", "king of spades"),
    NP_("card, object", "ace of spades"),
)
"""The same names as the object of a verb ("you play …")."""

SUIT_WORDS: tuple[str, ...] = (NP_("suit", "clubs"), NP_("suit", "diamonds"), NP_("suit", "hearts"), NP_("suit", "spades"))
"""Clubs, diamonds, hearts, spades: a suit named alone ("Spades: ace, king")."""

RANK_WORDS: tuple[str, ...] = (
    NP_("rank", "two"),
    NP_("rank", "three"),
    NP_("rank", "four"),
    NP_("rank", "five"),
    NP_("rank", "six"),
    NP_("rank", "seven"),
    NP_("rank", "eight"),
    NP_("rank", "nine"),
    NP_("rank", "ten"),
    NP_("rank", "jack"),
    NP_("rank", "queen"),
    NP_("rank", "king"),
    NP_("rank", "ace"),
)
"""Two … ace: a rank named alone, in a list of one suit's cards."""


def card_words(card: int, tr: Lang, *, as_object: bool = False) -> str:
    """The card `card` (0–51) in `tr`'s language: "queen of spades" (`as_object`: as a verb's object)."""
    if as_object:
        return tr.pgettext("card, object", CARD_OBJECTS[card])
    return tr.pgettext("card", CARD_NAMES[card])


def suit_words(suit: int, tr: Lang) -> str:
    """A suit (0–3: clubs, diamonds, hearts, spades) named alone."""
    return tr.pgettext("suit", SUIT_WORDS[suit])


def rank_words(rank: int, tr: Lang) -> str:
    """A rank (0–12: two … ace) named alone."""
    return tr.pgettext("rank", RANK_WORDS[rank])
