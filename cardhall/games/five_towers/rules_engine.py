"""The building rules of 5 Towers and the enumeration of builds, as pure functions.

Towers are lists of values (bottom to top) per colour; a colour with no tower has the
virtual top `EMPTY` (16), on which any card may start a tower.
"""

from __future__ import annotations

from functools import lru_cache

from cardhall.games.five_towers.notation import EMPTY, NO_DEMOLISH, Build


def can_place(top: int, value: int, spanish: bool = False) -> bool:
    """May a card of `value` go on a tower whose top is `top` (EMPTY if no tower)?

    Publisher's rules: values strictly decrease upwards; any card may go on an 8; a 9 may
    go on any card except a 0; nothing ever goes on a 0.
    `spanish_eight` variant: an 8 may go on any card, even a 0; a 9 on any card except a 0;
    nothing else is special (on an 8, the normal rule applies).
    """
    if spanish:
        if value == 8:
            return True
        if top == 0:
            return False
        return value == 9 or value < top
    if top == 0:
        return False
    return top == 8 or value == 9 or value < top


def tower_is_legal(values: list[int], spanish: bool = False) -> bool:
    """Every card of the tower sits legally on the one below it."""
    top = EMPTY
    for v in values:
        if not 0 <= v <= 15 or not can_place(top, v, spanish):
            return False
        top = v
    return True


@lru_cache(maxsize=1 << 16)
def sequences(top: int, values: tuple[int, ...], spanish: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every distinct legal sequence (bottom to top) of a sub-multiset of `values` placed on `top`.

    `values` is sorted; the result is indexed by length: result[k] holds the sequences of k cards.
    Equal values (two copies of a 4+ card) give each sequence once.
    """
    found: list[set[tuple[int, ...]]] = [set() for _ in range(len(values) + 1)]

    def grow(t: int, rest: tuple[int, ...], seq: tuple[int, ...]) -> None:
        found[len(seq)].add(seq)
        prev = -1
        for i, v in enumerate(rest):
            if v == prev:
                continue  # the same value again gives the same sequences
            prev = v
            if can_place(t, v, spanish):
                grow(v, rest[:i] + rest[i + 1:], (*seq, v))

    grow(top, values, ())
    while len(found) > 1 and not found[-1]:
        found.pop()
    return tuple(tuple(sorted(s, key=lambda q: [-x for x in q])) for s in found)


def offer_by_colour(offer: list[int]) -> list[tuple[int, ...]]:
    """The offer's values per colour, each sorted."""
    out: list[list[int]] = [[], [], [], [], []]
    for c in offer:
        out[c >> 4].append(c & 15)
    return [tuple(sorted(v)) for v in out]


def _tops(towers: list[list[int]]) -> list[int]:
    return [t[-1] if t else EMPTY for t in towers]


def demolitions(towers: list[list[int]]) -> list[int]:
    """The colours whose top card may be demolished (a tower whose top is not a 0)."""
    return [c for c, t in enumerate(towers) if t and t[-1] != 0]


def max_build(towers: list[list[int]], offer: list[int], spanish: bool) -> int:
    """The largest k such that some k offer cards can be built (with at most one demolition)."""
    by_colour = offer_by_colour(offer)
    tops = _tops(towers)
    lens = [len(sequences(tops[c], by_colour[c], spanish)) - 1 for c in range(5)]
    base = best = sum(lens)
    for d in demolitions(towers):
        if by_colour[d]:
            t = towers[d]
            alt = len(sequences(t[-2] if len(t) > 1 else EMPTY, by_colour[d], spanish)) - 1
            best = max(best, base - lens[d] + alt)
    return best


@lru_cache(maxsize=1 << 16)
def card_sequences(colour: int, top: int, values: tuple[int, ...], spanish: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`sequences` as cards of `colour`, indexed by length."""
    base = colour * 16
    return tuple(tuple(tuple(base + v for v in seq) for seq in group) for group in sequences(top, values, spanish))


def builds(towers: list[list[int]], offer: list[int], k: int, spanish: bool) -> list[Build]:
    """Every distinct build of exactly k offer cards: (demolished card or -1, canonical placement).

    Each result is a different position: a different demolished card, or different towers.
    Per colour the distinct sequences come from `sequences`; a build picks one per colour.
    """
    by_colour = offer_by_colour(offer)
    tops = _tops(towers)
    colours = [c for c in range(5) if by_colour[c]]
    out: list[Build] = []
    options: list[tuple[int, int, int]] = [(NO_DEMOLISH, -1, 0)]
    for d in demolitions(towers):
        t = towers[d]
        options.append((d * 16 + t[-1], d, t[-2] if len(t) > 1 else EMPTY))
    for demolished, dcol, new_top in options:
        groups = [card_sequences(c, new_top if c == dcol else tops[c], by_colour[c], spanish) for c in colours]
        maxes = [len(g) - 1 for g in groups]
        left = sum(maxes)
        if left < k:
            continue
        partial: list[tuple[tuple[int, ...], int]] = [((), 0)]
        for group, most in zip(groups, maxes, strict=True):
            left -= most
            partial = [(p + seq, n + size) for p, n in partial
                       for size in range(max(0, k - n - left), min(most, k - n) + 1) for seq in group[size]]
        out.extend((demolished, p) for p, _ in partial)
    return out
