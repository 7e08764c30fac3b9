"""Hidden information: who may see pulled cards, views that never leak, samples that agree.

Rule: "what a player pulled and returned is visible only to the two players involved".
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardhall.core.cards import SUIT_MASKS, format_card, parse_card
from cardhall.core.record import Record
from tests.three_two_five.helpers import DECK, SOUTH, all_cards, game, random_prefix, state_with_pulls

SEEDS = st.integers(min_value=0, max_value=2**32)
STEPS = st.integers(min_value=0, max_value=330)
modest = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


def cards_named(view) -> set[str]:
    """Every card text anywhere in a view."""
    found: set[str] = set()

    def walk(x):
        if isinstance(x, str) and len(x) == 2:
            try:
                parse_card(x)
            except Exception:
                return
            found.add(x)
        elif isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)

    walk({k: v for k, v in view.items() if k not in ("trump",)})
    return found


def test_rule_pulled_cards_visible_only_to_the_two_players_involved():
    """What a player pulled and returned is visible only to the two players involved; the
    third knows a pull happened and that one card went each way, not which."""
    for seed in range(5):
        state = state_with_pulls(seed, third_party=True)
        i = max(i for i, p in enumerate(state.pull_log) if p[3] >= 0)
        c, d, x, y = state.pull_log[i]
        assert SOUTH not in (c, d)
        for seat in (c, d):
            entry = state.view(seat)["pulls"][i]
            assert entry == {"puller": c, "from": d, "drawn": format_card(x), "returned": format_card(y), "done": True}
        assert state.view(SOUTH)["pulls"][i] == {"puller": c, "from": d, "drawn": None, "returned": None, "done": True}


def test_uninvolved_seat_view_does_not_depend_on_the_pulled_cards():
    """Two positions that differ only in which cards moved in a pull between East and West
    look the same to South."""
    differed = 0
    for seed in range(8):
        state = state_with_pulls(seed, third_party=True)
        rng = random.Random(seed)
        for _ in range(5):
            other = state.sample(SOUTH, rng)
            assert other.view(SOUTH) == state.view(SOUTH)
            if other.pull_log != state.pull_log:
                differed += 1
    assert differed > 20  # the samples really re-choose the hidden pulls


def test_pending_draw_is_seen_by_the_puller_and_the_pulled_only():
    """While the puller chooses a card to give back, the drawn card is known to both
    players of the pull and to no one else."""
    g = game()
    for seed in range(40):
        state = g.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over() and state.phase != "return":
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over():
            continue
        c, d, x, _ = state.pull_log[-1]
        third = 3 - c - d
        assert state.view(c)["pulls"][-1]["drawn"] == format_card(x)
        assert state.view(d)["pulls"][-1]["drawn"] == format_card(x)
        assert state.view(third)["pulls"][-1]["drawn"] is None
        assert format_card(x) not in cards_named(state.view(third))
        return
    raise AssertionError("no pull found")


@modest
@given(seed=SEEDS, steps=STEPS)
def test_view_never_leaks_a_hidden_card(seed, steps):
    """A view names only the seat's own cards, cards played, and its own pulls' cards."""
    state = random_prefix(game(), seed, steps)
    for seat in range(3):
        view = state.view(seat)
        allowed = set(view["hand"]) | {format_card(c) for p in state.played for c in _cards(p)}
        for c, d, x, y in state.pull_log:
            if seat in (c, d):
                allowed |= {format_card(x)} | ({format_card(y)} if y >= 0 else set())
        assert cards_named(view) <= allowed


def _cards(mask):
    return [c for c in range(52) if mask >> c & 1]


@modest
@given(seed=SEEDS, steps=STEPS)
def test_sample_agrees_with_view_and_keeps_what_the_seat_knows(seed, steps):
    """sample(seat).view(seat) == view(seat); the sample keeps the cards the seat knows
    others hold and the suits they showed void in, and its whole deal is possible."""
    state = random_prefix(game(), seed, steps)
    rng = random.Random(seed)
    for seat in range(3):
        known = state.knowledge(seat)
        for _ in range(3):
            sample = state.sample(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert (sample.actions == [] and sample.seed != state.seed) or state.is_over()
            sample.check_consistency()
            for other in range(3):
                assert sample.hands[other] & known[other] == known[other]
                for s in range(4):
                    if state.voids[other] >> s & 1:
                        assert not sample.hands[other] & SUIT_MASKS[s]
            if state.phase != "trump":
                assert all_cards(sample) == DECK


@modest
@given(seed=SEEDS, steps=STEPS)
def test_property_thirty_cards_conserved_and_ten_tricks_a_deal(seed, steps):
    """30 cards are conserved across pulls and play; every deal has ten tricks; the scores of
    a deal sum to 0 before the all-ten bonus."""
    g = game()
    rng = random.Random(seed)
    state = g.new_state(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
        if state.phase in ("play", "return"):
            assert all_cards(state) == DECK
            state.check_consistency()
    for h in state.history:
        assert sum(h["tricks"]) == 10
        assert sum(h["points"]) == (5 if 10 in h["tricks"] else 0)


@modest
@given(seed=SEEDS, steps=STEPS, seventh=st.booleans())
def test_property_replay_and_json_round_trip(seed, steps, seventh):
    """A record replays to the same state; a JSON state reads back equal."""
    g = game(trump_by_seventh_card=seventh)
    state = random_prefix(g, seed, steps)
    assert Record.from_json(json.loads(Record.of(state).dumps())).check() == state
    again = g.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.legal_actions() == state.legal_actions()


def test_sample_does_not_carry_the_real_future():
    """A sample draws its future chance events from a fresh seed."""
    state = state_with_pulls(1)
    futures = set()
    rng = random.Random(0)
    for _ in range(5):
        s = state.sample(SOUTH, rng)
        futures.add(s.seed)
    assert state.seed not in futures and len(futures) == 5


def test_sample_in_the_trump_phase_keeps_the_first_five():
    """Before trump, each seat knows only its five cards; the others' five are re-dealt."""
    state = game().new_state(8)
    rng = random.Random(8)
    sample = state.sample(SOUTH, rng)
    assert sample.hands[SOUTH] == state.hands[SOUTH]
    assert [h.bit_count() for h in sample.hands] == [5, 5, 5]
    assert sample.view(SOUTH) == state.view(SOUTH)


def test_sample_keeps_the_card_given_back_with_the_player_pulled_from():
    """The puller knows where the card it gave back is; its samples keep it there."""
    g = game()
    for seed in range(60):
        state = g.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over() and not (state.phase == "return" and state.to_move() == SOUTH):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over():
            continue
        d = state.pull_log[-1][1]
        given = state.legal_actions()[0]
        state.apply(given)
        y = state.pull_log[len(state.pull_log) - 1 if state.pull_log[-1][3] >= 0 else -2][3]
        if not state.knowledge(SOUTH)[d] >> y & 1:
            continue  # a later pull in this deal made it uncertain
        for _ in range(10):
            assert state.sample(SOUTH, rng).hands[d] >> y & 1
        return
    raise AssertionError("South never pulled")
