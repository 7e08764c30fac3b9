"""Property tests on random games of every format: conservation, Bastions, replay, JSON, no leaks."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardhall.core.record import Record
from cardhall.games.clash_of_decks.cards import HEALTH
from cardhall.games.clash_of_decks.game import ClashState

from .helpers import game

SETTINGS = [dict(), dict(format="draft"), dict(format="constructed"), dict(decks="3,4"), dict(solo=True),
            dict(solo=True, format="precon", decks="2"),
            dict(solo=True, format="draft"), dict(solo=True, level=3), dict(solo=True, level=5),
            dict(solo=True, level=2, ai_ability="Rage", constant_mana=6, ai_first=True)]


def random_game(options: dict, seed: int, steps: int | None = None) -> list[ClashState]:
    g = game(**options)
    s = g.new_state(seed)
    rng = random.Random(seed)
    states = [s.clone()]
    n = 0
    while not s.is_over() and (steps is None or n < steps):
        s.apply(rng.choice(s.legal_actions()))
        states.append(s.clone())
        n += 1
    return states


def cards_conserved(s: ClashState) -> None:
    if s.phase in ("draft", "pick", "ban"):
        return
    total = []
    for side in (0, 1):
        if s.game.solo and side == 1:
            mine = s.ai_deck + s.ai_discard + [c[0] for r in s.lanes[1] for c in r]
            assert len(mine) == 24
        else:
            mine = s.hands[side] + [c[0] for r in s.lanes[side] for c in r]
            if s.pending_owner == side:
                mine += s.pending
            if s.pending_spell and s.pending_spell[0] == side:
                mine.append(s.pending_spell[1])
            assert len(mine) == 8 and len(set(mine)) == 8
            if not s.is_over():
                assert 0 <= s.bastion[side] < len(s.hands[side]) or s.pending_spell
        total += mine
    if s.game.format != "constructed":
        n = 32 if s.game.solo else 16
        assert len(set(total)) == len(total) == n


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SETTINGS), st.integers(0, 10**6))
def test_random_games_conserve_cards_and_keep_bastions_valid(options, seed):
    """Property: each player's 8 cards (solo: the automaton's 24) are conserved; every Bastion is
    inside its hand while the game goes on; the game ends."""
    states = random_game(options, seed)
    for s in states:
        cards_conserved(s)
        s.check_consistency()
    assert states[-1].is_over()


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SETTINGS), st.integers(0, 10**6))
def test_replay_and_json_round_trip(options, seed):
    """Property: a game's record replays to the same state; to_json/state_from_json round-trips;
    every legal action's notation reads back as itself."""
    states = random_game(options, seed)
    final = states[-1]
    assert Record.of(final).replay() == final
    g = final.game
    for s in states[:: max(1, len(states) // 8)]:
        assert g.state_from_json(s.to_json()) == s
        for a in s.legal_actions():
            assert g.parse_action(g.format_action(a), s) == a


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SETTINGS), st.integers(0, 10**6), st.integers(0, 200))
def test_view_never_leaks_and_sample_matches_view(options, seed, steps):
    """Property: the view of a seat is the same whatever the hidden information (the opponent's
    unknown hand places, the draft pile, secret picks, the automaton's deck order), and a sample
    for that seat has exactly that view."""
    s = random_game(options, seed, steps)[-1]
    for seat in range(s.game.num_players):
        view = s.view(seat)
        for k in range(3):
            other = s.sample(seat, random.Random(k))
            assert other.view(seat) == view
            other.check_consistency()
        if not s.game.solo:
            o = 1 - seat
            hidden = [i for i, known in enumerate(s.shown[o]) if not known]
            if len(hidden) >= 2:
                t = s.clone()
                i, j = hidden[0], hidden[1]
                t.hands[o][i], t.hands[o][j] = t.hands[o][j], t.hands[o][i]
                assert t.view(seat) == view and t.view(o) != s.view(o)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SETTINGS), st.integers(0, 10**6))
def test_every_play_respects_window_mana_and_last_card(options, seed):
    """Property: a legal play is one of the 4 leftmost cards (not counting the Bastion), costs at
    most the mana left, never the last other card; mana never goes negative; a creature in play
    always has less damage than health."""
    from cardhall.games.clash_of_decks.cards import COST

    s = game(**options).new_state(seed)
    rng = random.Random(seed)
    while not s.is_over():
        action = rng.choice(s.legal_actions())
        if action[0] in ("summon", "cast"):
            hand = s.hands[s.active]
            assert hand.index(action[1]) < 4 and COST[action[1]] <= s.mana and len(hand) >= 2
        s.apply(action)
        assert s.mana >= 0
        for side in s.lanes:
            for row in side:
                for c in row:
                    assert 0 <= c[1] < HEALTH[c[0]]
