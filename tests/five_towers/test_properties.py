"""Property tests over random 5 Towers games with 2–5 players (Hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter, deque

from hypothesis import given, settings
from hypothesis import strategies as st

import cardhall
from cardhall.core.bot import Observation
from cardhall.core.record import Record
from cardhall.games.five_towers.bot import CountingBot, HeuristicBot
from cardhall.games.five_towers.game import BUILD, TowersState
from cardhall.games.five_towers.rules_engine import tower_is_legal

games = st.builds(lambda n, sp: cardhall.load("five-towers", players=n, spanish_eight=sp),
                  st.integers(2, 5), st.booleans())
seeds = st.integers(0, 2**32)


def all_cards(s: TowersState) -> Counter[int]:
    out = Counter(s.draw + s.discard + s.offer + [c for d in s.demolished for c in d])
    out.update(col * 16 + v for tw in s.towers for col, t in enumerate(tw) for v in t)
    return out


def random_game(game, seed: int, stop: float = 1.0):
    """Play random legal actions; yield every state along the way (the same object, mutated)."""
    rng = random.Random(seed)
    s = game.new_state(seed)
    yield s
    while not s.is_over() and rng.random() < 0.995 + 0.005 * stop:
        s.apply(rng.choice(s.legal_actions()))
        yield s


def last(states):
    return deque(states, maxlen=1)[0]


@settings(max_examples=25, deadline=None)
@given(games, seeds)
def test_card_conservation_and_every_tower_legal_always(game, seed):
    """80 (2–3 players) or 110 (4–5) cards are always accounted for, and every tower follows the building rules."""
    deck = Counter(game.deck())
    assert sum(deck.values()) == (80 if game.num_players <= 3 else 110)
    spanish = game.spanish
    previous = None
    for s in random_game(game, seed):
        assert all_cards(s) == deck
        assert all(tower_is_legal(t, spanish) for tw in s.towers for t in tw)
        s.check_consistency()
        if previous is not None:  # rule 5: towers only grow on top or lose their top card
            for before, after in zip(previous, s.towers, strict=True):
                for b, a in zip(before, after, strict=True):
                    assert a[:len(b)] == b or a[:len(b) - 1] == b[:-1]  # grown on top, or top demolished first
        previous = [[t.copy() for t in tw] for tw in s.towers]
    assert s.is_over() and s.winners()


@settings(max_examples=25, deadline=None)
@given(games, seeds)
def test_records_replay_exactly_and_json_round_trips(game, seed):
    """Records replay to the same state; state_from_json(to_json(s)) == s, at the end and midway."""
    s = last(random_game(game, seed, stop=0.0))
    assert Record.of(s).replay() == s
    data = json.loads(json.dumps(s.to_json()))
    again = game.state_from_json(data)
    assert again == s and again.legal_actions() == s.legal_actions()
    assert Record.of(s).check() == s


@settings(max_examples=25, deadline=None)
@given(games, seeds, st.integers(0, 2**16))
def test_view_never_reveals_draw_pile_order(game, seed, shuffle_seed):
    """view(seat) is the same whatever the order of the draw pile."""
    s = last(random_game(game, seed, stop=0.0))
    other = s.clone()
    random.Random(shuffle_seed).shuffle(other.draw)
    for seat in range(game.num_players):
        view = s.view(seat)
        assert view == other.view(seat)
        assert "draw" not in view and view["draw_pile"] == len(s.draw)
        json.dumps(view)


@settings(max_examples=25, deadline=None)
@given(games, seeds, st.integers(0, 2**16))
def test_sample_agrees_with_view_and_reshuffles_only_the_draw_pile(game, seed, rng_seed):
    """sample(seat) gives exactly view(seat); only the draw pile (the unseen cards) differs; no history."""
    s = last(random_game(game, seed, stop=0.0))
    for seat in range(game.num_players):
        sample = s.sample(seat, random.Random(rng_seed))
        assert sample.view(seat) == s.view(seat)
        assert Counter(sample.draw) == Counter(s.draw)
        assert sample.actions == []
        assert sample.towers == s.towers and sample.discard == s.discard and sample.offer == s.offer
        sample.check_consistency()
        if not sample.is_over():
            sample.apply(sample.legal_actions()[0])


@settings(max_examples=25, deadline=None)
@given(games, seeds)
def test_legal_actions_are_distinct_positions_and_all_legal(game, seed):
    """Every legal build gives a different position; every listed action applies; notation round-trips."""
    checked = 0
    for s in random_game(game, seed, stop=0.0):
        if s.is_over():
            break
        legal = s.legal_actions()
        assert legal and len(legal) == len(set(legal))
        for a in legal:
            text = game.format_action(a)
            assert game.parse_action(text) == a and game.parse_action(text.lower(), s) == a
        if s.phase == BUILD and checked < 6:
            checked += 1
            seen = set()
            for a in legal:
                t = s.clone()
                t.apply(a)
                seen.add((repr(t.towers), repr(t.demolished)))
            assert len(seen) == len(legal)


@settings(max_examples=10, deadline=None)
@given(games, seeds)
def test_heuristic_bots_play_legal_moves_and_ignore_the_draw_order(game, seed):
    """The heuristic's and the counting bot's choices are always legal and do not depend on
    the hidden draw pile order (the counting bot counts the draw pile as a set)."""
    s = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(40):
        if s.is_over():
            break
        seat = s.to_move()
        other = s.clone()
        rng.shuffle(other.draw)
        counted = CountingBot(seed).act(Observation.of(s, seat))
        assert counted in s.legal_actions()
        assert CountingBot(seed).act(Observation.of(other, seat)) == counted
        a = HeuristicBot(seed).act(Observation.of(s, seat))
        assert a in s.legal_actions()
        assert HeuristicBot(seed).act(Observation.of(other, seat)) == a
        s.apply(a if seed % 2 else counted)


@settings(max_examples=25, deadline=None)
@given(games, seeds)
def test_check_legal_agrees_with_legal_actions(game, seed):
    """The direct legality check (used by apply) accepts exactly the enumerated actions."""
    from itertools import permutations

    from cardhall.games.five_towers.notation import NO_DEMOLISH, PASS

    rng = random.Random(seed)
    checked = 0
    for s in random_game(game, seed, stop=0.0):
        if s.is_over() or checked >= 8:
            break
        legal = set(s.legal_actions())
        if s.phase == BUILD:
            checked += 1
            tops = [NO_DEMOLISH] + [c * 16 + t[-1] for c, t in enumerate(s.towers[s.turn]) if t]
            candidates = set()
            for _ in range(60):
                cards = rng.sample(s.offer, min(len(s.offer), s.high + rng.choice((0, 0, 0, 1, -1))))
                for order in list(permutations(cards))[:6]:
                    candidates.add((rng.choice(tops), order))
        else:
            candidates = {PASS, *range(-1, 7)}
        for a in candidates | legal:
            assert (s._problem(a) is None) == (a in legal), (game.format_action(a), s.to_json())
