"""Properties of random Hearts games: points, cards, replay, JSON, views and samples."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardhall.core.cards import HEARTS, SUIT_MASKS, parse_card
from cardhall.core.record import Record
from cardhall.games.hearts.game import OVER, PASSING, POINT_MASK, QS, Hearts, HeartsState
from tests.hearts.helpers import position
from tests.helpers import random_prefix

modest = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
GAMES = st.sampled_from([
    {},
    {"players": 3},
    {"players": 3, "removed_card": "3D"},
    {"moon_mode": "subtract"},
    {"queen_breaks_hearts": True, "exact_100": "minus50", "target": 50},
])
SEEDS = st.integers(min_value=0, max_value=2**32)
STEPS = st.integers(min_value=0, max_value=300)


def random_state(options, seed, steps) -> HeartsState:
    return random_prefix(Hearts(**options), seed, steps)


def check_cards_conserved(state: HeartsState) -> None:
    g = state.game
    pieces = [*state.hands, *(state.passed if state.phase == PASSING else []), *state.played_cards()]
    total = 0
    for m in pieces:
        assert not total & m
        total |= m
    assert total == g.deck_mask
    assert total.bit_count() == (52 if g.num_players == 4 else 51)


@modest
@given(options=GAMES, seed=SEEDS)
def test_every_deal_scores_26_points_unless_moon_subtract(options, seed):
    """26 points per deal (add mode: 78 after a moon); subtract mode: 26 or −26; cards conserved throughout."""
    game = Hearts(**options)
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_over():
        check_cards_conserved(state)
        state.apply(rng.choice(state.legal_actions()))
    n = game.num_players
    for pts in state.results:
        if options.get("moon_mode") == "subtract":
            assert sum(pts) == 26 or sorted(pts) == [-26] + [0] * (n - 1)
        else:
            assert sum(pts) == 26 or sorted(pts) == [0] + [26] * (n - 1)
    assert state.phase == OVER and max(state.scores()) > game.target


@modest
@given(options=GAMES, seed=SEEDS, steps=STEPS)
def test_replay_and_json_are_exact(options, seed, steps):
    """Record.of(state).replay() == state and state_from_json(to_json()) == state."""
    state = random_state(options, seed, steps)
    assert Record.of(state).replay() == state
    assert Record.of(state).check() == state
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert again.legal_actions() == state.legal_actions()
    assert again.view(0) == state.view(0)


@modest
@given(options=GAMES, seed=SEEDS, steps=STEPS)
def test_view_never_leaks_hidden_cards(options, seed, steps):
    """Changing what a seat cannot see (others' hands and passes) leaves its view identical."""
    state = random_state(options, seed, steps)
    rng = random.Random(seed)
    for seat in range(state.game.num_players):
        other = state.sample(seat, rng)  # another position with the same public and own information
        assert other.view(seat) == state.view(seat)
        full = state.view(seat)
        view = json.dumps({k: full[k] for k in ("hand", "passed", "received", "trick", "tricks")})  # this deal
        for s in range(state.game.num_players):
            if s == seat:
                continue
            hidden = state.hands[s] & ~_seen_by(state, seat)
            for c in _cards(hidden):
                assert f'"{c}"' not in view, f"seat {seat} sees {c} of seat {s}"


def _cards(mask):
    from cardhall.core.cards import card_list, format_card

    return [format_card(c) for c in card_list(mask)]


def _seen_by(state: HeartsState, seat: int) -> int:
    """Cards in other hands that `seat` legitimately knows: the ones it passed."""
    return state.passed[seat]


@modest
@given(options=GAMES, seed=SEEDS, steps=STEPS)
def test_sample_is_consistent_with_view_and_knowledge(options, seed, steps):
    """sample(seat).view(seat) == view(seat); passed cards stay with the receiver; revealed voids hold."""
    state = random_state(options, seed, steps)
    rng = random.Random(seed + 1)
    n = state.game.num_players
    for seat in range(n):
        sample = state.sample(seat, rng)
        assert sample.view(seat) == state.view(seat)
        assert sample.actions == []
        assert sample.hands[seat] == state.hands[seat]
        check_cards_conserved(sample)
        sample.check_consistency()
        if state.phase != PASSING and state.offset:
            receiver = (seat + state.offset) % n
            assert sample.hands[receiver] & state.passed[seat] == state.hands[receiver] & state.passed[seat]
        allowed = state.knowledge()
        for s in range(n):
            assert sample.hands[s] & ~allowed[s] == 0, "a sampled hand breaks a revealed void"
        if seat == state.to_move():
            assert sample.legal_actions() == state.legal_actions()
        # the sample plays on: a legal game to its end
        r = random.Random(seed)
        for _ in range(60):
            if sample.is_over():
                break
            sample.apply(r.choice(sample.legal_actions()))


def test_knowledge_reads_voids_and_first_trick_points():
    """Failing to follow reveals a void; a point card on the first trick reveals a hand of only point cards."""
    game = Hearts()
    state = position(game, ["2C 3C 4D", "2H 5H QS", "5C 6C 7D", "7C 8C 8D"])
    state.apply(parse_card("2C"))
    state.apply(QS)
    allowed = state.knowledge()
    assert allowed[1] & ~POINT_MASK == 0
    rng = random.Random(0)
    for _ in range(20):
        assert state.sample(0, rng).hands[1] == state.hands[1]  # East can only hold the two hearts


def test_knowledge_reads_a_heart_lead_before_hearts_are_broken():
    """Leading a heart before hearts are broken reveals a hand of only hearts; voids are kept in samples."""
    game = Hearts()
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["2H 6H 9H", "7C 8D 9S", "8C 9D TS", "9C TD JS"], tricks=tricks)
    state.apply(parse_card("2H"))
    state.apply(parse_card("7C"))  # East shows a heart void
    allowed = state.knowledge()
    assert allowed[0] & ~SUIT_MASKS[HEARTS] == 0
    assert allowed[1] & SUIT_MASKS[HEARTS] == 0
    rng = random.Random(1)
    for seat in (2, 3):
        for _ in range(10):
            sample = state.sample(seat, rng)
            assert sample.hands[0] & ~SUIT_MASKS[HEARTS] == 0
            assert sample.hands[1] & SUIT_MASKS[HEARTS] == 0
            assert sample.view(seat) == state.view(seat)


def test_sample_keeps_the_first_card_with_the_seat_to_lead():
    """Before the first lead everyone knows who holds 2♣ (the seat to move); samples keep it there."""
    state = Hearts().deal_state(1, 3)
    leader = state.to_move()
    rng = random.Random(2)
    for seat in range(4):
        assert state.sample(seat, rng).hands[leader] & 1
