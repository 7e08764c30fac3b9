"""Build Jass and Putz positions by hand for rule tests."""

from __future__ import annotations

from cardhall.core.cards import SUITS, parse_card, parse_cards
from cardhall.core.registry import load
from cardhall.games.jass.base import P_PLAY
from cardhall.games.jass.game import JassState
from cardhall.games.jass.putz import PutzState
from tests.helpers import set_hands


def jass_position(hands: dict[int, str], trump: str, leader: int, trick: str = "", **options) -> JassState:
    """A Jass deal in play: `hands` by seat (other cards count as played), `trick` led by `leader`."""
    s = load("jass", **options).new_state(1)
    assert isinstance(s, JassState)
    s.hands = [parse_cards(hands.get(i, "")) for i in range(4)]
    s.trump = SUITS.index(trump)
    s.phase = P_PLAY
    s.leader = s.turn = leader
    s.trick = []
    s.tricks_done = 9 - max(h.bit_count() for h in s.hands)  # (the played cards: those in no hand)
    for c in trick.split():
        seat = (leader + len(s.trick)) % 4
        set_hands(s, {seat: s.hands[seat] | 1 << parse_card(c)})  # give it back, then play it
        s.apply_unchecked(parse_card(c))
    return s


def putz_state(players: int = 3, seed: int = 1, **options) -> PutzState:
    s = load("putz", players=players, **options).new_state(seed)
    assert isinstance(s, PutzState)
    return s
