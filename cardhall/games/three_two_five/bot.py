"""A heuristic 3-2-5 player that reads only its view.

- Trump: the suit of its first five cards with the most cards, then the best high cards.
- Leading: draw trumps with the top trump when long in trumps, cash a card no one can beat,
  else lead low from the shortest side suit (to become void and trump later).
- Following: win as cheaply as is safe. Second to play, it only spends a card the last
  player may beat while it still needs tricks, or to make a short opponent miss their
  contract; otherwise it ducks and keeps its high cards. Void, it trumps low, or throws the
  lowest card of its shortest side suit, keeping unbeatable cards.
- Pulls: gives back its least useful card — a low side card, from a short suit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardhall.core.bot import Bot, Observation
from cardhall.core.cards import SUIT_MASKS, SUITS, card_list, parse_card, parse_cards
from cardhall.core.game import Action, State
from cardhall.games.three_two_five.game import DECK, RETURN, TRUMP, ThreeTwoFiveState, cards_of, trick_winner

_HIGH = {12: 4, 11: 3, 10: 2, 9: 1}  # A K Q J


def choose_trump(hand: int) -> int:
    """The suit with the most cards, then the strongest honours (A 4, K 3, Q 2, J 1)."""
    def strength(s: int) -> tuple[int, int]:
        cards = card_list(hand & SUIT_MASKS[s])
        return len(cards), sum(_HIGH.get(c % 13, 0) for c in cards)
    return max(range(4), key=strength)


class HeuristicBot(Bot):
    """Contract-aware trick play; see the module docstring."""

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        hand = parse_cards(view["hand"])
        first = legal[0]
        assert isinstance(first, int)
        if first >= TRUMP:
            return TRUMP + choose_trump(hand)
        trump = SUITS.index(view["trump"])
        if first >= RETURN:
            return RETURN + self.give_back(hand, [a - RETURN for a in legal if isinstance(a, int)], trump)
        cards = [a for a in legal if isinstance(a, int)]
        return self.play(view, hand, cards, trump)

    @staticmethod
    def give_back(hand: int, allowed: list[int], trump: int) -> int:
        """The least useful card: a side card before a trump, low before high, short suit first."""
        def cost(c: int) -> tuple[int, int, int]:
            return (c // 13 == trump, c % 13, (hand & SUIT_MASKS[c // 13]).bit_count())
        return min(allowed, key=cost)

    def play(self, view: dict[str, Any], hand: int, legal: list[int], trump: int) -> int:
        played = 0
        for p in view["played"]:
            played |= parse_cards(p)
        voids = [sum(1 << SUITS.index(s) for s in v) for v in view["voids"]]
        return choose_card(view["seat"], hand, played, view["contracts"], view["tricks_won"],
                           [parse_card(c) for c in view["trick"]], view["leader"], voids, trump, legal)

    @staticmethod
    def discard(hand: int, legal: list[int], trump: int, is_master: Callable[[int], bool]) -> int:
        """The lowest card, keeping trumps and unbeatable cards, from the shortest side suit
        when void in the led suit."""
        return min(legal, key=lambda c: (c // 13 == trump, is_master(c), (hand & SUIT_MASKS[c // 13]).bit_count(), c % 13))


def choose_card(me: int, hand: int, played: int, contracts: list[int], tricks_won: list[int], trick: list[int],
                leader: int, voids: list[int], trump: int, legal: list[int]) -> int:
    """The heuristic's card from what the seat knows (`played`: every card played this deal,
    `voids[s]`: bit per suit seat s has shown it lacks); used by the bot (from its view) and
    by search rollouts (from a sampled state)."""
    unseen = DECK & ~hand & ~played
    need = contracts[me] - tricks_won[me]
    tm = SUIT_MASKS[trump]

    def cheap(c: int) -> tuple[int, int]:
        return (c // 13 == trump, c % 13)

    def is_master(c: int) -> bool:
        return not unseen & SUIT_MASKS[c // 13] & ~((1 << (c + 1)) - 1)

    if not trick:
        trumps = [c for c in legal if c // 13 == trump]
        if trumps and unseen & tm and is_master(max(trumps)) and len(trumps) >= 2:
            return max(trumps)
        masters = [c for c in legal if c // 13 != trump and is_master(c)]
        if masters:
            return max(masters, key=lambda c: (c % 13, -(hand & SUIT_MASKS[c // 13]).bit_count()))
        return min(legal, key=lambda c: (c // 13 == trump, (hand & SUIT_MASKS[c // 13]).bit_count(), c % 13))

    winners = [c for c in legal if trick_winner(leader, [*trick, c], trump) == me]
    current = trick_winner(leader, trick, trump)
    if len(trick) == 2:
        return min(winners, key=cheap) if winners else HeuristicBot.discard(hand, legal, trump, is_master)
    last = (me + 1) % 3
    led = trick[0] // 13
    last_void = bool(voids[last] >> led & 1) or not unseen & SUIT_MASKS[led]

    def safe(c: int) -> bool:
        if c // 13 == trump and led != trump:
            return is_master(c) or not last_void
        return is_master(c) and (not last_void or not unseen & tm)

    safe_winners = [c for c in winners if safe(c)]
    if safe_winners:
        return min(safe_winners, key=cheap)
    opponent_short = tricks_won[current] < contracts[current]
    if winners and (need > 0 or opponent_short):
        return min(winners, key=cheap)
    return HeuristicBot.discard(hand, legal, trump, is_master)


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic's move in a search rollout, read straight from a (sampled) state:
    trump and pull returns as the bot; in play its card, with one card in ten uniformly
    random so that rollouts vary."""
    assert isinstance(state, ThreeTwoFiveState)
    seat = state.to_move()
    assert seat is not None
    if state.phase == "trump":
        return TRUMP + choose_trump(state.hands[seat])
    if state.phase == "return":
        allowed = card_list(state.hands[seat] & ~(1 << state.pull_log[-1][2]))
        return RETURN + HeuristicBot.give_back(state.hands[seat], allowed, state.trump)
    legal = cards_of(state._playable())
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return legal[int(rng.random() * len(legal))]
    played = state.played[0] | state.played[1] | state.played[2]
    return choose_card(seat, state.hands[seat], played, state.contracts(), state.tricks_won, state.trick,
                       state.leader, state.voids, state.trump, legal)
