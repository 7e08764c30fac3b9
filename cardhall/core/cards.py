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

import functools
import math
import random
from collections.abc import Iterable, Iterator, Sequence

from cardhall.core.errors import NotationError, StateFormatError
from cardhall.core.i18n import N_, Msg

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
    return _parse_card(text)


@functools.lru_cache(maxsize=1024)
def _parse_card(text: str) -> int:
    """`parse_card`, kept per text: the words of a table read every card of every view each move
    (a text that is no card raises each time; nothing is kept for it)."""
    t = text.strip().upper()
    if t and t[-1] in _SYMBOL_TO_SUIT:
        t = t[:-1] + _SYMBOL_TO_SUIT[t[-1]]
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise NotationError(Msg(N_("cannot read {text} as a card; write rank then suit, e.g. QS, TH, 2C"),
                                text=repr(text.strip())))
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
                tries: int = 20) -> list[int]:
    """Deal `cards` at random into hands of `sizes` cards, hand j holding only cards of the
    mask `allowed[j]`; return the hands as masks. The one sampler of hidden cards: a game
    passes its own constraints as `allowed` (a seat's shown voids, Jass's under-trumps) and
    adds to the hands what is known (cards a seat was seen to take).

    A card only one hand may hold goes to it first. Then rejection sampling: shuffle, cut,
    and keep the deal if every hand fits, so the result is uniform over all deals that fit
    (what a seat's `sample` needs). When `tries` shuffles all broke a constraint (the
    constraints are tight), the deal is built card by card instead (`_deal_fitting`), which
    always finds one when one exists: consistent by construction, close to uniform. Raises
    `StateFormatError` when no deal fits.
    """
    pool = list(cards)
    if sum(sizes) != len(pool):
        raise ValueError(f"hands of {sum(sizes)} cards in all cannot take {len(pool)} cards")
    get = _BITS.__getitem__
    forced = _forced(sum(map(get, pool)), allowed)
    taken = sum(forced)
    if taken:
        sizes = [size - f.bit_count() for size, f in zip(sizes, forced, strict=True)]
        if min(sizes) < 0:
            raise StateFormatError("no deal of the hidden cards fits what play has shown: "
                                   "a hand would get more cards than it holds")
        pool = [c for c in pool if not taken >> c & 1]
    for _ in range(tries):
        rng.shuffle(pool)
        hands = []
        start = 0
        for size, allow, given in zip(sizes, allowed, forced, strict=True):
            mask = sum(map(get, pool[start:start + size]))
            if mask & ~allow:
                break
            hands.append(mask | given)
            start += size
        else:
            return hands
    return [dealt | given for dealt, given in zip(_deal_fitting(pool, sizes, allowed, rng), forced, strict=True)]


def _forced(pool: int, allowed: Sequence[int]) -> list[int]:
    """Per hand, the cards of `pool` no other hand may hold."""
    forced = []
    for j, allow in enumerate(allowed):
        others = 0
        for i, other in enumerate(allowed):
            if i != j:
                others |= other
        forced.append(pool & allow & ~others)
    return forced


def _deal_fitting(cards: list[int], sizes: Sequence[int], allowed: Sequence[int], rng: random.Random) -> list[int]:
    """`deal_unseen`'s exact method, uniform over the deals that fit, for tight constraints.

    Cards are grouped by *kind*, the set of hands that may hold them. A deal is how many cards
    of each kind each hand gets, then which ones; the counts of each kind are drawn in turn,
    weighted by how many whole deals they leave possible (counted exactly, the last kind in
    closed form: n! / ∏ room!), then the cards of a kind are shuffled and cut.
    """
    k = len(sizes)
    groups = _kinds(cards, allowed, k)
    kinds = sorted(groups, key=lambda kind: (len(groups[kind]), kind))  # the largest kind last
    hands_of = [[j for j in range(k) if kind >> j & 1] for kind in kinds]

    def splits(i: int) -> list[tuple[tuple[int, ...], int]]:
        """Each way to share kind i's n cards among its hands: (cards per hand, deals of the cards)."""
        n, out = len(groups[kinds[i]]), []
        for parts in _compositions(n, len(hands_of[i])):
            x = [0] * k
            for j, m in zip(hands_of[i], parts, strict=True):
                x[j] = m
            out.append((tuple(x), _multinomial(n, parts)))
        return out

    last = len(kinds) - 1
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(i: int, room: tuple[int, ...]) -> int:
        """How many deals of kinds i, i+1, … fill `room` exactly."""
        if i == last:
            if any(room[j] for j in range(k) if not kinds[i] >> j & 1):
                return 0
            return _multinomial(len(groups[kinds[i]]), room)
        key = (i, room)
        if key not in memo:
            memo[key] = sum(w * ways(i + 1, tuple(r - m for r, m in zip(room, x, strict=True)))
                            for x, w in splits(i) if all(m <= r for m, r in zip(x, room, strict=True)))
        return memo[key]

    room = tuple(sizes)
    if ways(0, room) == 0:
        raise StateFormatError("no deal of the hidden cards fits what play has shown")
    hands = [0] * k
    for i, kind in enumerate(kinds):
        if i == last:
            counts = room
        else:
            options = [(x, w * ways(i + 1, tuple(r - m for r, m in zip(room, x, strict=True))))
                       for x, w in splits(i) if all(m <= r for m, r in zip(x, room, strict=True))]
            counts = _weighted_choice(options, rng)
        _cut(groups[kind], counts, hands, rng)
        room = tuple(r - m for r, m in zip(room, counts, strict=True))
    return hands


def _kinds(cards: list[int], allowed: Sequence[int], k: int) -> dict[int, list[int]]:
    """The hidden cards grouped by kind: the set of hands (a bit per hand) that may hold them.
    A card no hand may hold means no deal fits (`StateFormatError`)."""
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(sum(1 << j for j in range(k) if allowed[j] >> c & 1), []).append(c)
    if 0 in groups:
        raise StateFormatError("no deal of the hidden cards fits what play has shown: a card fits no hand")
    return groups


def _cut(group: list[int], counts: tuple[int, ...], hands: list[int], rng: random.Random) -> None:
    """Shuffle one kind's cards and cut them into the hands, `counts[j]` to hand j (a bitmask each)."""
    rng.shuffle(group)
    start = 0
    for j, count in enumerate(counts):
        for c in group[start:start + count]:
            hands[j] |= 1 << c
        start += count


def _weighted_choice(options: list[tuple[tuple[int, ...], int]], rng: random.Random) -> tuple[int, ...]:
    """One of the options, each with probability weight / total (exact, for weights of any size)."""
    pick = rng.randrange(sum(w for _, w in options))
    for option, w in options:
        if pick < w:
            return option
        pick -= w
    raise AssertionError("unreachable: pick < total")  # pragma: no cover


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write n as an ordered sum of `parts` whole numbers ≥ 0."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


def _multinomial(n: int, parts: Sequence[int]) -> int:
    """n! / ∏ part! (the parts sum to n): the ways to deal n distinct cards into piles of these sizes."""
    out, left = 1, n
    for m in parts:
        out *= math.comb(left, m)
        left -= m
    return out
