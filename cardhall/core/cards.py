"""French-suited cards and card sets as integer bitmasks (shared by Hearts, Jass and 3-2-5).

A card is an int 0–51: ``suit * 13 + rank`` with suits ♣ ♦ ♥ ♠ = 0 1 2 3 and ranks
2 … A = 0 … 12. A set of cards is an int whose bit ``c`` is set when card ``c`` is in it,
so union is ``|``, intersection ``&``, size ``mask.bit_count()``, and the highest card of a
suit ``(mask & SUIT_MASKS[s]).bit_length() - 1``.

Notation: rank then suit, ``QS`` (queen of spades), ``TH`` (ten of hearts, ``10H`` is read
too), ``2C``; suit symbols for display: ``Q♠``. Games using fewer cards (Jass: 6–A;
3-2-5: 7–A) use the same numbers on a smaller deck mask.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from cardhall.core.errors import NotationError

SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = "23456789TJQKA"
RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1

_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}


def card(rank: str, suit: str) -> int:
    """The card of rank `rank` ('2'…'A', 'T' or '10') and suit `suit` ('C','D','H','S')."""
    return parse_card(rank + suit)


def suit_of(c: int) -> int:
    return c // 13


def rank_of(c: int) -> int:
    return c % 13


def bit(c: int) -> int:
    return 1 << c


def parse_card(text: str) -> int:
    """Read one card: ``QS``, ``qs``, ``10H``, ``TH``, ``Q♠``."""
    t = text.strip().upper()
    if t and t[-1] in _SYMBOL_TO_SUIT:
        t = t[:-1] + _SYMBOL_TO_SUIT[t[-1]]
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise NotationError(
            f"cannot read {text.strip()!r} as a card; write rank then suit, e.g. QS, TH, 2C"
        )
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def format_card(c: int, symbols: bool = False) -> str:
    return RANKS[c % 13] + (SUIT_SYMBOLS if symbols else SUITS)[c // 13]


def card_name(c: int) -> str:
    """The card in words, for screen readers: 'queen of spades'."""
    return f"{RANK_NAMES[c % 13]} of {SUIT_NAMES[c // 13]}"


def cards_mask(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def parse_cards(cards: str | Iterable[str]) -> int:
    """Read a set of cards: one text separated by spaces or commas (``"QS TH 2C"``), or a
    list of card texts as a view holds them (``["QS", "TH"]``)."""
    items = cards.replace(",", " ").split() if isinstance(cards, str) else cards
    return cards_mask(parse_card(t) for t in items)


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of `mask`, lowest number first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: int) -> list[int]:
    return list(iter_cards(mask))


def format_cards(mask: int, symbols: bool = False) -> str:
    """The cards of `mask` grouped by suit, highest first within a suit: ``AS QS TH``."""
    out = []
    for s in (SPADES, HEARTS, DIAMONDS, CLUBS):
        m = mask & SUIT_MASKS[s]
        while m:
            c = m.bit_length() - 1
            out.append(format_card(c, symbols))
            m ^= 1 << c
    return " ".join(out)


def deck(ranks: str, suits: str = SUITS) -> int:
    """The deck of the given ranks in the given suits, e.g. ``deck("6789TJQKA")`` for Jass."""
    return cards_mask(SUITS.index(s) * 13 + RANKS.index(r) for s in suits for r in ranks)


def highest(mask: int) -> int:
    """The highest-numbered card of a non-empty mask."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest-numbered card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


_BITS = tuple(1 << c for c in range(64))


def deal_unseen(cards: Sequence[int], sizes: Sequence[int], allowed: Sequence[int], rng: random.Random,
                tries: int = 20) -> list[int] | None:
    """Deal `cards` at random into hands of `sizes` cards, hand j holding only cards of the
    mask `allowed[j]`; return the hands as masks.

    Rejection sampling: shuffle, cut, and keep the deal if every hand fits, so the result is
    uniform over all deals that fit (what a seat's `sample` needs). Returns None when `tries`
    shuffles all broke a constraint: then deal with an exact constrained method instead.
    """
    pool = list(cards)
    if sum(sizes) != len(pool):
        raise ValueError(f"hands of {sum(sizes)} cards in all cannot take {len(pool)} cards")
    get = _BITS.__getitem__
    for _ in range(tries):
        rng.shuffle(pool)
        hands = []
        start = 0
        for size, allow in zip(sizes, allowed, strict=True):
            mask = sum(map(get, pool[start:start + size]))
            if mask & ~allow:
                break
            hands.append(mask)
            start += size
        else:
            return hands
    return None
