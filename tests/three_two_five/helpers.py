"""Helpers for the 3-2-5 tests: positions built by hand and random games."""

from __future__ import annotations

import random

import cardhall
from cardhall.core.cards import format_cards, parse_cards
from cardhall.games.three_two_five.game import DECK, ThreeTwoFive, ThreeTwoFiveState
from tests.helpers import random_prefix as shared_random_prefix

SOUTH, EAST, WEST = 0, 1, 2


def game(**options) -> ThreeTwoFive:
    g = cardhall.load("325", **options)
    assert isinstance(g, ThreeTwoFive)
    return g


def position(hands: list[str], *, trump: str = "H", dealer: int = WEST, leader: int | None = None,
             trick: list[str] = (), tricks_won: list[int] = (0, 0, 0), played: list[str] = ("", "", ""),
             voids: list[int] = (0, 0, 0), phase: str = "play", pull_log=(), pulls_due=(), deals: int = 9,
             totals: list[int] = (0, 0, 0), deal_no: int = 0, **options) -> ThreeTwoFiveState:
    """A position from explicit hands (no consistency check: hands may be short)."""
    g = game(deals=deals, **options)
    data = {
        "chance": 5, "dealer": dealer, "deal_no": deal_no, "phase": phase, "trump": trump,
        "hands": list(hands), "played": list(played), "voids": list(voids),
        "leader": (dealer + 1) % 3 if leader is None else leader, "trick": list(trick),
        "tricks_won": list(tricks_won), "last_trick": None, "pull_log": [list(p) for p in pull_log],
        "pulls_due": [list(p) for p in pulls_due], "redeals": [], "totals": list(totals), "history": [],
    }
    return g._state_from_dict(data, 1)


def random_prefix(g: ThreeTwoFive, seed: int, steps: int) -> ThreeTwoFiveState:
    state = shared_random_prefix(g, seed, steps)
    assert isinstance(state, ThreeTwoFiveState)
    return state


def play_until(state: ThreeTwoFiveState, rng: random.Random, stop) -> ThreeTwoFiveState:
    """Play random actions until `stop(state)` holds (or the game ends)."""
    while not state.is_over() and not stop(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def state_with_pulls(seed: int, *, third_party: bool = False) -> ThreeTwoFiveState:
    """A random game stopped just after a pull's card was given back in deal 2 or later.

    With `third_party`, a pull is chosen whose puller or pulled-from is not South, so
    South is the seat not involved in at least one pull.
    """
    g = game()
    rng = random.Random(seed)
    state = g.new_state(seed)
    assert isinstance(state, ThreeTwoFiveState)
    while not state.is_over():
        if state.phase == "return" and (not third_party or SOUTH not in state.pull_log[-1][:2]):
            state.apply(rng.choice(state.legal_actions()))
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no pull happened")


def all_cards(state: ThreeTwoFiveState) -> int:
    total = 0
    for m in state.hands + state.played:
        assert not total & m, "a card is in two places"
        total |= m
    return total


__all__ = ["DECK", "EAST", "SOUTH", "WEST", "all_cards", "format_cards", "game", "parse_cards", "play_until",
           "position", "random_prefix", "state_with_pulls"]
