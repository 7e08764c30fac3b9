"""What a 3-2-5 seat cannot see: the cards it knows others hold, and the pulls it did not see.

A seat sees its hand, every card played (so who showed void in which suit), trump, each
pull's players, and the cards of the pulls it took part in. `ThreeTwoFiveState.sample`
re-deals the rest with the shared sampler (`cardhall.core.cards.deal_unseen`) and keeps a
deal only if `rebuild_pulls` finds it possible: every recorded pull could happen and every
hand as dealt held a trump (no trump, no deal). These functions read the deal's data only,
so the rules module imports them, never the other way round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardhall.core.cards import SUIT_MASKS, card_list

Pull = tuple[int, int, int, int]
"""One pull: (puller, pulled-from, card drawn, card returned or -1 while pending)."""


def knowledge(pull_log: Sequence[Pull], played: Sequence[int], hands: Sequence[int], seat: int) -> list[int]:
    """The cards `seat` knows each other seat holds now (learnt in pulls it took part in).

    A pull between the two other seats makes whatever `seat` knew about their hands
    uncertain (a known card may have moved either way), so that knowledge is dropped; the
    sampler's `rebuild_pulls` then keeps only the hands those pulls could really lead to.
    """
    known = [0, 0, 0]
    for c, d, x, y in pull_log:
        if seat == c:
            known[d] &= ~(1 << x)
            if y >= 0:
                known[d] |= 1 << y
        elif seat == d:
            known[c] |= 1 << x
            if y >= 0:
                known[c] &= ~(1 << y)
        else:
            known[c] = known[d] = 0
    gone = played[0] | played[1] | played[2]
    known[seat] = hands[seat]
    return [k & ~gone for k in known]


def rebuild_pulls(pull_log: Sequence[Pull], played: Sequence[int], trump: int, seat: int, hands: Sequence[int],
                  rng: random.Random, strict: bool = True) -> list[Pull] | None:
    """Undo this deal's pulls from `hands` (plus the cards `played`), back to the hands as dealt.

    Pulls `seat` took part in are undone as recorded (all of them when `seat` is -1); the
    others get cards chosen at random, preferring cards that earlier recorded pulls need
    where they go. Return the pull log with those cards filled in, or None if a recorded
    pull is impossible or a hand as dealt held no trump or not ten cards (with `strict`).
    """
    h = [hands[s] | played[s] for s in range(3)]
    log = list(pull_log)
    need_before = []  # need_before[i][s]: the cards recorded pulls before i need seat s to hold
    need = [0, 0, 0]
    for c, d, x, y in log:
        need_before.append(tuple(need))
        if seat < 0 or seat in (c, d):
            need[c] |= 1 << x
            if y >= 0:
                need[d] |= 1 << y
    for i in range(len(log) - 1, -1, -1):
        c, d, x, y = log[i]
        if seat >= 0 and seat not in (c, d):
            if y >= 0:
                y = _pick(h[d], need_before[i][c], rng)
            x = _pick(h[c] & ~(1 << y) if y >= 0 else h[c], need_before[i][d], rng)
            log[i] = (c, d, x, y)
        elif strict and (x == y or not h[c] >> x & 1 or (y >= 0 and not h[d] >> y & 1)):
            return None
        if y >= 0:
            h[d] &= ~(1 << y)
            h[c] |= 1 << y
        h[c] &= ~(1 << x)
        h[d] |= 1 << x
    if strict:
        tm = SUIT_MASKS[trump]
        if any(not hand & tm or hand.bit_count() != 10 for hand in h):
            return None
    return log


def suits_mask(suits: int) -> int:
    """The card mask of the suits set in the 4-bit set `suits` (a seat's shown voids)."""
    m = 0
    for s in range(4):
        if suits >> s & 1:
            m |= SUIT_MASKS[s]
    return m


def _pick(mask: int, prefer: int, rng: random.Random) -> int:
    cards = card_list(mask & prefer) or card_list(mask)
    return rng.choice(cards)
