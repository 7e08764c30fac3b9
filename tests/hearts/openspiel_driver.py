"""Drive OpenSpiel's `hearts` through the same deal and the same choices as our engine.

Encoding map (see docs/hearts.md): our card ``suit * 13 + rank`` is OpenSpiel's
``rank * 4 + suit`` (same suit order ♣ ♦ ♥ ♠, same ranks 2…A); seats are the same
(0 North, 1 East, 2 South, 3 West; play goes 0 → 1 → 2 → 3); OpenSpiel's first chance
outcome is the pass direction, equal to our pass offset (0 hold, 1 left, 2 across,
3 right); its next 52 chance outcomes deal card k to seat k mod 4.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pyspiel

from cardhall.games.hearts.game import PASS, Hearts, HeartsState, cards_of
from cardhall.games.hearts.peer import from_os, peer_game, to_os
from tests.hearts.helpers import moon_policy, random_policy

__all__ = ["cross_check_deal", "from_os", "moon_policy", "peer_game", "random_policy", "to_os"]

Policy = Callable[[HeartsState, list[int], random.Random], int]


def cross_check_deal(game: Hearts, peer: pyspiel.Game, seed: int, deal: int, policy: Policy) -> tuple[int, ...]:
    """Play one deal in both engines; assert identical legal moves and points; return the points."""
    rng = random.Random(seed)
    ours = game.deal_state(seed, deal)
    theirs = peer.new_initial_state()
    theirs.apply_action(ours.offset)  # the pass direction: a chance outcome in OpenSpiel
    hands = [cards_of(h) for h in ours.hands]
    for i in range(13):
        for seat in range(4):
            theirs.apply_action(to_os(hands[seat][i]))
    step = 0
    while not ours.results:
        assert theirs.current_player() == ours.to_move(), f"seed {seed} step {step}: to move differs"
        legal = ours.legal_actions()
        cards = sorted(a - PASS if a >= PASS else a for a in legal)  # type: ignore[operator]
        peer_cards = sorted(from_os(a) for a in theirs.legal_actions())
        assert cards == peer_cards, f"seed {seed} deal {deal} step {step}: ours {cards} OpenSpiel {peer_cards}"
        action = policy(ours, legal, rng)  # type: ignore[arg-type]
        ours.apply(action)
        theirs.apply_action(to_os(action - PASS if action >= PASS else action))
        step += 1
    assert theirs.is_terminal(), f"seed {seed}: OpenSpiel's deal is not over when ours is"
    points = ours.results[-1]
    peer_points = tuple(26 - int(r) for r in theirs.returns())
    assert points == peer_points, f"seed {seed} deal {deal}: points ours {points} OpenSpiel {peer_points}"
    return points
