"""Property tests on random games of Jass and Putz (3 and 5 players)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardhall.bots import make_bot
from cardhall.core.bot import Observation
from cardhall.core.cards import format_card
from cardhall.core.record import Record
from cardhall.core.registry import load
from cardhall.games.jass.base import P_PLAY
from cardhall.games.jass.tricks import DECK, cards_of, mask_points
from tests.helpers import random_prefix

GAMES = [("jass", {}), ("jass", {"bauer_exception": True}), ("putz", {"players": 3}), ("putz", {"players": 5}),
         ("putz", {"players": 3, "bauer_exception": True})]
game_st = st.sampled_from(GAMES)
seed_st = st.integers(0, 2**32)


def random_state(name, opts, seed, steps):
    return random_prefix(load(name, **opts), seed, steps)


def hidden_cards(s, viewer):
    """Cards `viewer` may not know the place of."""
    hidden = 0
    for o in range(s.n):
        if o != viewer:
            hidden |= s.hands[o] & ~s.known[o]
    if getattr(s, "talon", 0):
        hidden |= s.talon & ~(1 << s.up)
    if getattr(s, "aside", 0) and viewer != s.taker:
        hidden |= s.aside & ~s.aside_known()
    return hidden


@settings(max_examples=25, deadline=None)
@given(game_st, seed_st)
def test_property_every_deal_conserves_cards_and_jass_deals_are_157(game, seed):
    """Cards are conserved at every step; every Jass deal totals 157; a Putz deal totals the
    points of the cards in play plus 5."""
    name, opts = game
    g = load(name, **opts)
    s = g.new_state(seed)
    rng = random.Random(seed)
    deals = 0
    while not s.is_over() and deals < 3:
        dealer = s.dealer
        in_play = trump = None
        while s.dealer == dealer and not s.is_over():
            if in_play is None and s.phase == P_PLAY:
                in_play, trump = sum(s.hands), s.trump  # the cards in play once the talon is settled
            s.apply(rng.choice(s.legal_actions()))
            s.check_consistency()
        if s.is_over() and name == "jass":
            assert sum(s.log[-1]) <= 157
            break
        last = s.log[-1]
        if name == "jass":
            assert sum(last) == 157
        else:
            assert sum(last["points"]) == mask_points(in_play, trump) + 5
        deals += 1


@settings(max_examples=25, deadline=None)
@given(game_st, seed_st, st.integers(0, 200))
def test_property_replay_and_json_round_trip(game, seed, steps):
    """Replaying the record gives the same state; to_json/state_from_json is exact."""
    s = random_state(*game, seed, steps)
    assert Record.of(s).replay() == s
    assert Record.of(s).check() == s
    assert s.game.state_from_json(json.loads(json.dumps(s.to_json()))) == s
    c = s.clone()
    if not c.is_over():
        c.apply(c.legal_actions()[0])
        assert c != s and Record.of(s).replay() == s  # clones are independent


@settings(max_examples=25, deadline=None)
@given(game_st, seed_st, st.integers(0, 120), st.integers(0, 4))
def test_property_view_never_leaks_and_sample_is_consistent(game, seed, steps, viewer):
    """A view names no hidden card; re-dealing the hidden cards (sample) leaves the view
    exactly the same; the sample is a consistent state that plays on legally."""
    s = random_state(*game, seed, steps)
    viewer %= s.n
    view = s.view(viewer)
    text = json.dumps({k: v for k, v in view.items() if k != "last_trick" or s.tricks_done})  # (a past deal's trick)
    for c in cards_of(hidden_cards(s, viewer)):
        assert f'"{format_card(c)}"' not in text
    rng = random.Random(seed)
    for _ in range(3):
        t = s.sample(viewer, rng)
        assert t.view(viewer) == view
        t.check_consistency()
        assert t.hands[viewer] == s.hands[viewer]
        for o in range(s.n):
            assert t.hands[o] & t.cannot[o] == 0  # shown voids respected
        assert t.actions == [] and t.seed != s.seed
        prng = random.Random(seed + 1)
        for _ in range(40):
            if t.is_over():
                break
            t.apply(prng.choice(t.legal_actions()))


def test_sample_redeals_hidden_cards():
    """The sampler really re-deals: hidden hands differ between samples."""
    s = random_state("jass", {}, 5, 3)
    rng = random.Random(0)
    hands = {tuple(s.sample(0, rng).hands) for _ in range(10)}
    assert len(hands) > 5 and all(h[0] == s.hands[0] for h in hands)


@settings(max_examples=15, deadline=None)
@given(game_st, seed_st, st.integers(0, 120))
def test_property_bot_does_not_peek(game, seed, steps):
    """Two states that look the same to the bot's seat give the same action for the same bot seed."""
    s = random_state(*game, seed, steps)
    if s.is_over():
        return
    seat = s.to_move()
    other = s.sample(seat, random.Random(seed))
    a = make_bot(s.game, "heuristic", seed=3).act(Observation.of(s, seat))
    b = make_bot(s.game, "heuristic", seed=3).act(Observation.of(other, seat))
    assert a == b and a in s.legal_actions()


@pytest.mark.parametrize("tries", [0, 20])
def test_the_shared_sampler_respects_jass_constraints(tries):
    """`deal_unseen` (both its methods) with Jass's deck and a shown void in spades for three hands."""
    from cardhall.core.cards import deal_unseen
    from cardhall.games.jass.tricks import cards_of

    rng = random.Random(1)
    pool = DECK
    spades = 0x1FF << (3 * 13 + 4)
    caps = [9, 9, 9, 9]
    allowed = [DECK & ~spades, DECK & ~spades, DECK & ~spades, DECK]  # only the last may hold spades
    for _ in range(20):
        out = deal_unseen(cards_of(pool), caps, allowed, rng, tries=tries)
        assert out[3] & spades == spades and sum(out) == DECK
