"""Building Hearts positions for tests: from chosen hands, or a real deal near its end."""

from __future__ import annotations

import json
import random
from typing import Any

from cardhall.core.cards import format_card
from cardhall.games.hearts.game import Hearts, HeartsState


def position(game: Hearts, hands: list[str], *, deal: int | None = None, tricks: list[Any] | None = None,
             trick: list[str] | None = None, leader: int | None = None, turn: int | None = None,
             broken: bool = False, scores: list[int] | None = None) -> HeartsState:
    """A play-phase position with the given hands ("AS KS 2C"), tricks and current trick.

    `deal` defaults to a deal without passing (hold), so play has begun.
    """
    n = game.num_players
    if deal is None:
        deal = 3 if n == 4 else 2
    tricks = tricks or []
    trick = trick or []
    hand_lists = [h.split() for h in hands]
    if turn is None:
        if trick:
            assert leader is not None
            turn = (leader + len(trick)) % n
        elif tricks:
            turn = tricks[-1][2]
        else:
            first = format_card(game.first_card)
            turn = next(s for s, h in enumerate(hand_lists) if first in h)
    data = {
        "chance": 1, "deal": deal, "phase": "play", "turn": turn,
        "hands": hand_lists, "passed": [[] for _ in range(n)],
        "trick_leader": leader if trick else None, "trick": trick,
        "tricks": tricks, "last_trick": tricks[-1] if tricks else None,
        "hearts_broken": broken, "scores": scores or [0] * n, "results": [],
    }
    state = game._state_from_dict(data, 1)
    return state


def near_end(game: Hearts, seed: int, cards_left: int = 1) -> HeartsState:
    """A real deal (random play) stopped when each hand holds `cards_left` cards."""
    rng = random.Random(seed)
    state = game.deal_state(seed, seed % 4)
    while not (state.phase == 1 and not state.trick and all(h.bit_count() == cards_left for h in state.hands)):
        state.apply(rng.choice(state.legal_actions()))
    return state


def with_totals(state: HeartsState, totals: list[int]) -> HeartsState:
    """The same position with other running totals."""
    data = state.to_json()
    data["state"]["scores"] = totals
    data["history"] = []
    return state.game.state_from_json(json.loads(json.dumps(data)))


def finish_deal(state: HeartsState, rng: random.Random | None = None) -> HeartsState:
    """Play the current deal out at random."""
    rng = rng or random.Random(0)
    deals = len(state.results)
    while len(state.results) == deals:
        state.apply(rng.choice(state.legal_actions()))
    return state


def random_policy(state: HeartsState, legal: list[int], rng: random.Random) -> int:
    return rng.choice(legal)


def moon_policy(state: HeartsState, legal: list[int], rng: random.Random) -> int:
    """Seat 0 plays its highest card, the others their lowest: moon shots become common."""
    if rng.random() < 0.1:
        return rng.choice(legal)
    return max(legal) if state.turn == 0 else min(legal)
