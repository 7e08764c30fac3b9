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


GERMAN_NAMES: dict[int, str] = {
    4: NP_("card, German suits", "six of bells"),
    5: NP_("card, German suits", "seven of bells"),
    6: NP_("card, German suits", "eight of bells"),
    7: NP_("card, German suits", "nine of bells"),
    8: NP_("card, German suits", "banner of bells"),
    9: NP_("card, German suits", "under of bells"),
    10: NP_("card, German suits", "ober of bells"),
    11: NP_("card, German suits", "king of bells"),
    12: NP_("card, German suits", "ace of bells"),
    17: NP_("card, German suits", "six of acorns"),
    18: NP_("card, German suits", "seven of acorns"),
    19: NP_("card, German suits", "eight of acorns"),
    20: NP_("card, German suits", "nine of acorns"),
    21: NP_("card, German suits", "banner of acorns"),
    22: NP_("card, German suits", "under of acorns"),
    23: NP_("card, German suits", "ober of acorns"),
    24: NP_("card, German suits", "king of acorns"),
    25: NP_("card, German suits", "ace of acorns"),
    30: NP_("card, German suits", "six of roses"),
    31: NP_("card, German suits", "seven of roses"),
    32: NP_("card, German suits", "eight of roses"),
    33: NP_("card, German suits", "nine of roses"),
    34: NP_("card, German suits", "banner of roses"),
    35: NP_("card, German suits", "under of roses"),
    36: NP_("card, German suits", "ober of roses"),
    37: NP_("card, German suits", "king of roses"),
    38: NP_("card, German suits", "ace of roses"),
    43: NP_("card, German suits", "six of shields"),
    44: NP_("card, German suits", "seven of shields"),
    45: NP_("card, German suits", "eight of shields"),
    46: NP_("card, German suits", "nine of shields"),
    47: NP_("card, German suits", "banner of shields"),
    48: NP_("card, German suits", "under of shields"),
    49: NP_("card, German suits", "ober of shields"),
    50: NP_("card, German suits", "king of shields"),
    51: NP_("card, German suits", "ace of shields"),
}
"""The Swiss German-suited cards by the index of the French card they stand for, paired as Swiss
Jass players pair the two packs (Swisslos's Schieber rules: Rose/Herz, Eichel/Ecken,
Schilten/Schaufel, Schellen/Kreuz): clubs → bells, diamonds → acorns, hearts → roses, spades →
shields; ten → banner, jack → under, queen → ober (6–ace), subject form: the words said with the
German faces (`faces="german"`)."""

GERMAN_OBJECTS: dict[int, str] = {
    4: NP_("card, German suits, object", "six of bells"),
    5: NP_("card, German suits, object", "seven of bells"),
    6: NP_("card, German suits, object", "eight of bells"),
    7: NP_("card, German suits, object", "nine of bells"),
    8: NP_("card, German suits, object", "banner of bells"),
    9: NP_("card, German suits, object", "under of bells"),
    10: NP_("card, German suits, object", "ober of bells"),
    11: NP_("card, German suits, object", "king of bells"),
    12: NP_("card, German suits, object", "ace of bells"),
    17: NP_("card, German suits, object", "six of acorns"),
    18: NP_("card, German suits, object", "seven of acorns"),
    19: NP_("card, German suits, object", "eight of acorns"),
    20: NP_("card, German suits, object", "nine of acorns"),
    21: NP_("card, German suits, object", "banner of acorns"),
    22: NP_("card, German suits, object", "under of acorns"),
    23: NP_("card, German suits, object", "ober of acorns"),
    24: NP_("card, German suits, object", "king of acorns"),
    25: NP_("card, German suits, object", "ace of acorns"),
    30: NP_("card, German suits, object", "six of roses"),
    31: NP_("card, German suits, object", "seven of roses"),
    32: NP_("card, German suits, object", "eight of roses"),
    33: NP_("card, German suits, object", "nine of roses"),
    34: NP_("card, German suits, object", "banner of roses"),
    35: NP_("card, German suits, object", "under of roses"),
    36: NP_("card, German suits, object", "ober of roses"),
    37: NP_("card, German suits, object", "king of roses"),
    38: NP_("card, German suits, object", "ace of roses"),
    43: NP_("card, German suits, object", "six of shields"),
    44: NP_("card, German suits, object", "seven of shields"),
    45: NP_("card, German suits, object", "eight of shields"),
    46: NP_("card, German suits, object", "nine of shields"),
    47: NP_("card, German suits, object", "banner of shields"),
    48: NP_("card, German suits, object", "under of shields"),
    49: NP_("card, German suits, object", "ober of shields"),
    50: NP_("card, German suits, object", "king of shields"),
    51: NP_("card, German suits, object", "ace of shields"),
}
"""The same cards as the object of a verb."""

GERMAN_SUITS: tuple[str, ...] = (NP_("suit, German suits", "bells"), NP_("suit, German suits", "acorns"),
                                 NP_("suit, German suits", "roses"), NP_("suit, German suits", "shields"))
"""The German suits named alone, in the order of the French ones they stand for (clubs … spades)."""

GERMAN_RANKS: dict[int, str] = {8: NP_("rank, German suits", "banner"), 9: NP_("rank, German suits", "under"),
                                10: NP_("rank, German suits", "ober")}
"""The German ranks whose names differ from the French ones (ten, jack, queen), named alone."""

FACES = ("french", "german")
"""The card faces a reader may choose: French-suited (every game) or the Swiss German-suited pack
(games of 36 cards, 6 to ace: Jass and Putz). A card without a German name keeps its French one."""


def card_words(card: int, tr: Lang, *, as_object: bool = False, faces: str = "french") -> str:
    """The card `card` (0–51) in `tr`'s language: "queen of spades" (`as_object`: as a verb's object);
    with `faces="german"` a card of the Swiss German-suited pack by its own name ("under of bells")."""
    if faces == "german" and card in GERMAN_NAMES:
        if as_object:
            return tr.pgettext("card, German suits, object", GERMAN_OBJECTS[card])
        return tr.pgettext("card, German suits", GERMAN_NAMES[card])
    if as_object:
        return tr.pgettext("card, object", CARD_OBJECTS[card])
    return tr.pgettext("card", CARD_NAMES[card])


def suit_words(suit: int, tr: Lang, faces: str = "french") -> str:
    """A suit (0–3: clubs, diamonds, hearts, spades) named alone (`faces="german"`: acorns … shields)."""
    if faces == "german":
        return tr.pgettext("suit, German suits", GERMAN_SUITS[suit])
    return tr.pgettext("suit", SUIT_WORDS[suit])


def rank_words(rank: int, tr: Lang, faces: str = "french") -> str:
    """A rank (0–12: two … ace) named alone (`faces="german"`: banner, under, ober for ten, jack, queen)."""
    if faces == "german" and rank in GERMAN_RANKS:
        return tr.pgettext("rank, German suits", GERMAN_RANKS[rank])
    return tr.pgettext("rank", RANK_WORDS[rank])
