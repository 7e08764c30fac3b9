"""Card play shared by Jass and Putz: card order and points, legal cards, trick winner.

Cards are the kernel's ints (``suit * 13 + rank``) on the 36-card deck 6–A; hands are
bitmasks. Everything here is a table lookup or a few bit operations.

Rules (rules/jass.md, "Card play"):
- the leader plays any card;
- a follower must follow the led suit if able, but may play a trump at any time;
- no under-trumping: when the led suit is not trump and a trump is on the table, a lower
  trump may be played only when every card in hand is a lower trump;
- when trump is led, a player holding trumps must play a trump (with the Bauer exception,
  a player whose only trump is the Jack may play any card);
- the highest trump wins the trick, else the highest card of the led suit.
"""

from __future__ import annotations

from cardhall.core.cards import RANKS, SUIT_MASKS, deck
from cardhall.core.rng import chance_permutation, chance_permutation_bytes

DECK = deck("6789TJQKA")
"""The 36 cards of Jass and Putz."""

SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = (RANKS.index(r) for r in "6789TJQKA")
TRUMP_ORDER = (SIX, SEVEN, EIGHT, TEN, QUEEN, KING, ACE, NINE, JACK)
"""Trump ranks from lowest to highest: J (the Bauer) > 9 (the Nell) > A > K > Q > 10 > 8 > 7 > 6."""
PLAIN_ORDER = (SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE)
"""Other suits from lowest to highest: A > K > Q > J > 10 > 9 > 8 > 7 > 6."""
TRUMP_POINTS = {JACK: 20, NINE: 14, ACE: 11, KING: 4, QUEEN: 3, TEN: 10}
PLAIN_POINTS = {ACE: 11, KING: 4, QUEEN: 3, JACK: 2, TEN: 10}
LAST_TRICK_BONUS = 5
DEAL_TOTAL = 157
"""Card points of the whole deck plus the last-trick bonus."""


def _tables() -> tuple[list[list[int]], list[list[int]], list[int]]:
    strength = [[0] * 52 for _ in range(4)]
    points = [[0] * 52 for _ in range(4)]
    higher = [0] * 52  # trump cards that beat card c when c's suit is trump
    for t in range(4):
        for s in range(4):
            for r in range(13):
                c = s * 13 + r
                if not DECK >> c & 1:
                    continue
                if s == t:
                    strength[t][c] = 100 + TRUMP_ORDER.index(r)
                    points[t][c] = TRUMP_POINTS.get(r, 0)
                else:
                    strength[t][c] = PLAIN_ORDER.index(r)
                    points[t][c] = PLAIN_POINTS.get(r, 0)
    for s in range(4):
        for r in TRUMP_ORDER:
            c = s * 13 + r
            i = TRUMP_ORDER.index(r)
            higher[c] = sum(1 << (s * 13 + q) for q in TRUMP_ORDER[i + 1:])
    return strength, points, higher


STRENGTH, POINTS, HIGHER_TRUMPS = _tables()
"""``STRENGTH[trump][card]`` (trumps ≥ 100), ``POINTS[trump][card]``, ``HIGHER_TRUMPS[card]``."""
IN_TRICK = [[[st + 1 if c // 13 in (t, lead) else 0 for c, st in enumerate(STRENGTH[t])] for lead in range(4)]
            for t in range(4)]
"""``IN_TRICK[trump][lead][card]``: the card's rank in a trick led in suit `lead`: 0 for a card
that can never win it (neither trump nor the led suit), the led suit 1–9, trumps 101–109."""
NEXT = (1, 2, 3, 0)
"""``NEXT[seat]``: the seat to the left, four players."""
SUIT = tuple(c // 13 for c in range(52))
"""``SUIT[card]``: the card's suit (a table lookup is cheaper than ``card // 13``)."""
HIGHER9 = [h >> (c // 13 * 13 + SIX) for c, h in enumerate(HIGHER_TRUMPS)]
"""``HIGHER_TRUMPS[card]`` as a 9-bit suit mask (bit 0 = the six; see `SHIFT`)."""


SUIT_DECK = tuple(SUIT_MASKS[s] & DECK for s in range(4))
"""The nine cards of each suit."""
NO_TRUMP_BAUER = tuple(SUIT_DECK[s] & ~(1 << (s * 13 + JACK)) for s in range(4))
"""The trumps but the Bauer: what a player who does not follow a trump lead lacks, with the exception."""


def bauer(trump: int) -> int:
    """The Bauer: the Jack of trump."""
    return trump * 13 + JACK


def nell(trump: int) -> int:
    """The Nell: the 9 of trump."""
    return trump * 13 + NINE


def six_of(trump: int) -> int:
    return trump * 13 + SIX


def legal_mask(hand: int, lead: int, win_card: int, trump: int, bauer_exception: bool) -> int:
    """The cards of `hand` that may be played.

    `lead` is the led suit (−1 when leading); `win_card` the card now winning the trick.
    """
    if lead < 0:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    if lead == trump:
        if not trumps or (bauer_exception and trumps == 1 << (trump * 13 + JACK)):
            return hand
        return trumps
    follow = hand & SUIT_MASKS[lead]
    if win_card // 13 != trump:  # no trump on the table: trump is always allowed
        return follow | trumps if follow else hand
    higher = trumps & HIGHER_TRUMPS[win_card]
    if follow:
        return follow | higher
    allowed = hand & ~(trumps ^ higher)  # everything but the lower trumps
    return allowed or hand  # only lower trumps: no other choice


def cannot_hold(card: int, lead: int, win_card: int, trump: int, bauer_exception: bool) -> int:
    """The cards a player cannot hold any more, known to all from their legal play of `card`.

    Failing to follow a plain suit shows a void; playing a plain card on a trump lead shows
    no trump (but perhaps the Bauer, with the exception); under-trumping shows a hand of
    lower trumps only.
    """
    if lead < 0:
        return 0
    suit = card // 13
    if suit == lead:
        return 0
    if lead == trump:
        return SUIT_MASKS[trump] & DECK & ~(1 << (trump * 13 + JACK) if bauer_exception else 0)
    if suit != trump:
        return SUIT_MASKS[lead] & DECK
    if win_card // 13 == trump and not HIGHER_TRUMPS[win_card] >> card & 1:
        lower = SUIT_MASKS[trump] & DECK & ~HIGHER_TRUMPS[win_card] & ~(1 << win_card)
        return DECK & ~lower
    return 0


def beats(card: int, win_card: int, lead: int, trump: int) -> bool:
    """Does `card` take the trick from `win_card` (the card now winning, led suit `lead`)?"""
    s = card // 13
    if s != trump and s != lead:
        return False
    st = STRENGTH[trump]
    return st[card] > st[win_card]


def trick_winner(cards: list[int], trump: int) -> int:
    """The position (0 = the leader) of the card that takes the trick."""
    lead = cards[0] // 13
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], lead, trump):
            best = i
    return best


def trick_points(cards: list[int], trump: int, last: bool) -> int:
    """Card points of a trick, +5 for the last trick of the deal."""
    pts = POINTS[trump]
    return sum(pts[c] for c in cards) + (LAST_TRICK_BONUS if last else 0)


def mask_points(mask: int, trump: int) -> int:
    """Card points of a set of cards."""
    pts = POINTS[trump]
    total = 0
    while mask:
        low = mask & -mask
        total += pts[low.bit_length() - 1]
        mask ^= low
    return total


SHIFT = tuple(s * 13 + SIX for s in range(4))
"""``hand >> SHIFT[s] & 511``: the 9-bit mask of the suit-s cards of a hand (bit 0 = the six)."""
JACK_BIT = 1 << (JACK - SIX)
"""The Jack in a 9-bit suit mask."""
SUIT_CARDS = [[tuple(s * 13 + SIX + i for i in range(9) if m >> i & 1) for m in range(512)] for s in range(4)]
"""``SUIT_CARDS[s][m]``: the cards of suit s in the 9-bit suit mask m, lowest first."""
_C, _D, _H, _S = SUIT_CARDS


BITS = [1 << c for c in range(52)]


def cards_of(mask: int) -> list[int]:
    """The cards of a set of Jass cards (6–A), lowest number first, by four table lookups."""
    return [*_C[mask >> 4 & 511], *_D[mask >> 17 & 511], *_H[mask >> 30 & 511], *_S[mask >> 43 & 511]]


def shuffled_positions(seed: int, n: int) -> list[int]:
    """The positions 0–35 of `DECK_CARDS` in a uniformly random order: the shuffle of the
    `n`-th chance event of the game with this seed (`chance_permutation`)."""
    return chance_permutation(seed, n, 36)


def shuffled_bytes(seed: int, n: int) -> bytes:
    """`shuffled_positions(seed, n)` as bytes (the same order, a little cheaper)."""
    return chance_permutation_bytes(seed, n, 36)


def shuffled(seed: int, n: int) -> list[int]:
    """The 36 cards in the random order of `shuffled_positions(seed, n)`."""
    return [DECK_CARDS[i] for i in shuffled_positions(seed, n)]


DECK_CARDS = cards_of(DECK)
"""The 36 cards, lowest number first: the unshuffled deck."""
DECK_BITS = [1 << c for c in DECK_CARDS]
"""``DECK_BITS[i]``: the bit of the card at position i of `DECK_CARDS`."""

BIT9 = [1 << (c % 13 - SIX) if DECK >> c & 1 else 0 for c in range(52)]
"""``BIT9[card]``: the card's bit in its 9-bit suit mask."""
POSITION_BITS = [1 << i for i in range(36)]
"""``POSITION_BITS[i]``: bit i for the card at position i of `DECK_CARDS`: a 36-bit hand
holds its four 9-bit suit masks at bits 0, 9, 18 and 27."""


def split_hand(hand: int) -> list[int]:
    """A hand (a mask of kernel cards) as four 9-bit suit masks, clubs first."""
    return [hand >> s & 511 for s in SHIFT]
