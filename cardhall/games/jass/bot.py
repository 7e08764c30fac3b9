"""A heuristic bot for Jass and Putz, reading only its seat's view.

- Trump choice: value each suit as trump (Bauer, Nell and length count most, side aces
  help); choose the best, or push to the partner when even the best is weak.
- Putz: always exchange the trump six (the turned-up card is a higher trump); take the
  talon when its expected value (the known face-up card plus the average of the unseen
  cards) beats the hand by a margin.
- Card play: lead the master trump to pull trumps while opponents may hold some, else a
  master card, else a low card; as a follower, smear points onto a partner's safe trick,
  take valuable tricks as cheaply as possible, otherwise throw the least valuable card.
  The Bauer and the Nell are kept for tricks worth taking.
"""

from __future__ import annotations

import random
from typing import Any

from cardhall.core.bot import Bot, Observation
from cardhall.core.cards import SUIT_MASKS, SUITS, parse_card, parse_cards
from cardhall.core.game import Action, State
from cardhall.games.jass.base import EXCHANGE_SIX, KEEP, P_PLAY, PUSH, TAKE_TALON, TRUMP, TrickState
from cardhall.games.jass.tricks import DECK, HIGHER_TRUMPS, JACK, NINE, POINTS, STRENGTH, bauer, beats, cards_of, nell

# how much a card is worth to hold, as trump and as a plain card (by rank index)
_TRUMP_VALUE = {JACK: 12, NINE: 9, 12: 7, 11: 5, 10: 4, 8: 4}  # J, 9, A, K, Q, 10
_PLAIN_VALUE = {12: 6, 11: 2}  # A, K
PUSH_BELOW = 28


def hand_value(hand: int, trump: int) -> float:
    """A rough worth of `hand` with `trump`: trump honours and length, plain aces and kings."""
    value = 0.0
    trumps = hand & SUIT_MASKS[trump]
    value += 3 * trumps.bit_count()
    for c in cards_of(hand):
        r = c % 13
        value += _TRUMP_VALUE.get(r, 1) if c // 13 == trump else _PLAIN_VALUE.get(r, 0)
    return value


class HeuristicBot(Bot):
    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        v = obs.view
        hand = parse_cards(v["hand"])
        if v["phase"] in ("trump", "pushed"):
            return self.choose_trump(hand, legal)
        if EXCHANGE_SIX in legal:
            return EXCHANGE_SIX
        if TAKE_TALON in legal:
            return self.talon(v, hand)
        return self.play(v, hand, legal)

    # --- decisions before play -------------------------------------------------------
    def choose_trump(self, hand: int, legal: list[Action]) -> Action:
        return _choose_trump(hand, legal)

    def talon(self, v: dict[str, Any], hand: int) -> Action:
        trump = SUITS.index(v["trump"])
        up = parse_card(v["up"])
        unseen = DECK & ~hand & ~(1 << up)
        per_card = hand_value(unseen, trump) / max(1, unseen.bit_count())
        expected = hand_value(1 << up, trump) + per_card * (hand.bit_count() - 1)
        return TAKE_TALON if expected > hand_value(hand, trump) + 4 else KEEP

    # --- card play --------------------------------------------------------------------
    def play(self, v: dict[str, Any], hand: int, legal: list[Action]) -> Action:
        trick = [parse_card(c) for c in v["trick"]]
        return choose_card(v["seat"], v["players"], SUITS.index(v["trump"]), trick, v["leader"], hand,
                           parse_cards(v["played"]), legal)


def choose_card(seat: int, n: int, trump: int, trick: list[int], leader: int, hand: int, played: int,
                legal: list[Action]) -> Action:
    """The heuristic's card, from what the seat knows: used by the bot (from its view) and by
    search rollouts (from a sampled state)."""
    cards: list[int] = [c for c in legal if isinstance(c, int)]
    unseen = DECK & ~hand & ~played
    pts = POINTS[trump]
    st = STRENGTH[trump]
    keep = (1 << bauer(trump)) | (1 << nell(trump))
    if not trick:
        return _lead(cards, unseen, trump)
    lead = trick[0] // 13
    win_pos = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[win_pos], lead, trump):
            win_pos = i
    win_card = trick[win_pos]
    winner = (leader + win_pos) % n
    last = len(trick) == n - 1
    partner = (seat + 2) % 4 if n == 4 else -1
    trick_pts = sum(pts[c] for c in trick)

    def safe(card: int) -> bool:
        """Can no unseen card beat `card` (or nobody is left to play)?"""
        if last:
            return True
        return not any(beats(u, card, lead, trump) for u in cards_of(unseen))

    if winner == partner and safe(win_card):
        # smear: the most points that are not the Bauer or the Nell, plain cards first
        return max(cards, key=lambda c: (not (keep >> c & 1), c // 13 != trump, pts[c], -st[c]))
    winning = [c for c in cards if beats(c, win_card, lead, trump)]
    if winning:
        sure = [c for c in winning if safe(c)]
        pool = sure or (winning if last else [])
        if pool:
            cheap = min(pool, key=lambda c: (bool(keep >> c & 1), c // 13 == trump, st[c]))
            worth = trick_pts + pts[cheap]
            # spend the Bauer or the Nell only on 10 points or more, a last trump only on 4 or more
            spend = not (keep >> cheap & 1) or worth >= 10
            if spend and (cheap // 13 != trump or worth >= 4 or not last):
                return cheap
    # give as little as possible: low points, keep trumps, the Bauer and the Nell
    return min(cards, key=lambda c: (bool(keep >> c & 1), c // 13 == trump, pts[c], st[c]))


def _choose_trump(hand: int, legal: list[Action]) -> Action:
    """The suit worth most as trump; push to the partner when even that one is weak."""
    values = {TRUMP + s: hand_value(hand, s) for s in range(4)}
    best = max(values, key=lambda a: (values[a], -a))
    if PUSH in legal and values[best] < PUSH_BELOW:
        return PUSH
    return best


def _lead(cards: list[int], unseen: int, trump: int) -> Action:
    st = STRENGTH[trump]
    trumps_out = unseen & SUIT_MASKS[trump]
    my_trumps = [c for c in cards if c // 13 == trump]
    if my_trumps and trumps_out:
        top = max(my_trumps, key=st.__getitem__)
        if not trumps_out & HIGHER_TRUMPS[top]:
            return top  # the master trump pulls the opponents' trumps
    masters = [c for c in cards if c // 13 != trump
               and not any(st[u] > st[c] for u in cards_of(unseen & SUIT_MASKS[c // 13]))]
    if masters:
        return max(masters, key=lambda c: POINTS[trump][c])
    plain = [c for c in cards if c // 13 != trump] or cards
    return min(plain, key=lambda c: (POINTS[trump][c], st[c]))


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic's move in a search rollout, read straight from a (sampled) state.

    Rollouts see a full determinization, so reading the state is fair. Decisions before the
    card play are the bot's own; one card in ten is uniformly random, so rollouts vary.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    st: TrickState = state  # type: ignore[assignment]
    if st.phase != P_PLAY:
        hand = st.hand(st.to_move())  # type: ignore[arg-type]
        if EXCHANGE_SIX in legal:
            return EXCHANGE_SIX
        if TAKE_TALON in legal:
            return KEEP
        return _choose_trump(hand, legal)
    if rng.random() < 0.1:
        return legal[int(rng.random() * len(legal))]
    seat = st.turn
    return choose_card(seat, st.n, st.trump, st.trick, st.leader, st.hand(seat), st.played, legal)
