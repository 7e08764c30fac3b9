"""What a 3-2-5 seat cannot see, and samples consistent with what it can.

A seat sees its hand, every card played (so who showed void in which suit), trump, each
pull's players, and the cards of the pulls it took part in. `sample` re-deals the rest and
rebuilds the pulls the seat did not see, so that the whole deal is possible: every recorded
pull could happen and every hand as dealt held a trump (no trump, no deal).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardhall.core.cards import SUIT_MASKS, card_list
from cardhall.core.rng import MAX_SEED

if TYPE_CHECKING:
    from cardhall.games.three_two_five.game import Pull, ThreeTwoFiveState

TRIES = 400


def knowledge(state: ThreeTwoFiveState, seat: int) -> list[int]:
    """The cards `seat` knows each other seat holds now (learnt in pulls it took part in).

    A pull between the two other seats makes whatever `seat` knew about their hands
    uncertain (a known card may have moved either way), so that knowledge is dropped; the
    rebuild in `sample` then keeps only the hands those pulls could really lead to.
    """
    known = [0, 0, 0]
    for c, d, x, y in state.pull_log:
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
    gone = state.played[0] | state.played[1] | state.played[2]
    known[seat] = state.hands[seat]
    return [k & ~gone for k in known]


def sample(state: ThreeTwoFiveState, seat: int, rng: random.Random) -> ThreeTwoFiveState:
    """Re-deal what `seat` cannot see: the other hands (keeping the cards it knows they hold
    and the suits they showed void in) and the cards of pulls it was not part of; each
    candidate is checked against the whole deal and redrawn if impossible."""
    from cardhall.games.three_two_five.game import DECK, TRUMP_PHASE

    new = state.clone()
    new.seed = rng.randrange(MAX_SEED)
    new.actions = []
    a, b = (seat + 1) % 3, (seat + 2) % 3
    if state.phase == TRUMP_PHASE:
        # While trump is declared the undealt cards are not stored: any 5 + 5 of the unseen 25.
        unseen = DECK & ~state.hands[seat]
        ma = _random_subset(card_list(unseen), 5, rng)
        new.hands[a] = ma
        new.hands[b] = _random_subset(card_list(unseen & ~ma), 5, rng)
        return new
    known = knowledge(state, seat)
    pool = state.hands[a] | state.hands[b]
    free = pool & ~known[a] & ~known[b]
    to_b = free & _suits_mask(state.voids[a])
    to_a = free & _suits_mask(state.voids[b]) & ~to_b
    free &= ~(to_a | to_b)
    free_cards = card_list(free)
    need_a = state.hands[a].bit_count() - (known[a] | to_a).bit_count()
    hands = list(state.hands)
    log = None
    for _ in range(TRIES):
        ma = known[a] | to_a | _random_subset(free_cards, need_a, rng)
        hands = list(state.hands)
        hands[a], hands[b] = ma, pool & ~ma
        log = rebuild_pulls(state, seat, hands, rng)
        if log is not None:
            break
    if log is None:  # pragma: no cover - only after TRIES impossible draws: keep a view-consistent guess
        log = rebuild_pulls(state, seat, hands, rng, strict=False)
        assert log is not None
    new.hands = hands
    new.pull_log = log
    return new


def rebuild_pulls(state: ThreeTwoFiveState, seat: int, hands: list[int], rng: random.Random,
                  strict: bool = True) -> list[Pull] | None:
    """Undo this deal's pulls from `hands` (plus the cards played), back to the hands as dealt.

    Pulls `seat` took part in are undone as recorded (all of them when `seat` is -1); the
    others get cards chosen at random, preferring cards that earlier recorded pulls need
    where they go. Return the pull log with those cards filled in, or None if a recorded
    pull is impossible or a hand as dealt held no trump or not ten cards (with `strict`).
    """
    h = [hands[s] | state.played[s] for s in range(3)]
    log = list(state.pull_log)
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
        tm = SUIT_MASKS[state.trump]
        if any(not hand & tm or hand.bit_count() != 10 for hand in h):
            return None
    return log


def _pick(mask: int, prefer: int, rng: random.Random) -> int:
    cards = card_list(mask & prefer) or card_list(mask)
    return rng.choice(cards)


def _suits_mask(suits: int) -> int:
    """The card mask of the suits set in the 4-bit set `suits`."""
    m = 0
    for s in range(4):
        if suits >> s & 1:
            m |= SUIT_MASKS[s]
    return m


def _random_subset(cards: list[int], k: int, rng: random.Random) -> int:
    m = 0
    for c in rng.sample(cards, k):
        m |= 1 << c
    return m
