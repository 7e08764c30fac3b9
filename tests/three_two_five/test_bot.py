"""The heuristic bot: trump choice, contract-aware play, pull returns, no peeking, strength."""

from __future__ import annotations

import random

import pytest

from cardhall.bots import make_bot
from cardhall.core.bot import Observation
from cardhall.core.cards import parse_card, parse_cards
from cardhall.games.three_two_five.bench import heuristic_vs_random
from cardhall.games.three_two_five.bot import HeuristicBot, choose_trump
from cardhall.games.three_two_five.game import RETURN
from tests.three_two_five.helpers import SOUTH, WEST, game, position, random_prefix

C = parse_card


def act(state, seat=None):
    return HeuristicBot(0).act(Observation.of(state, seat))


def test_found_by_the_registry():
    assert isinstance(make_bot(game(), "heuristic"), HeuristicBot)


def test_trump_choice_from_five_cards():
    """The longest suit of the first five cards, then the best honours."""
    assert choose_trump(parse_cards("9H 8H 7H AS KD")) == 2
    assert choose_trump(parse_cards("AS 9S KD 8D QC")) == 3  # equal length: A 9 beats K 8
    assert choose_trump(parse_cards("9S 8S 7S KD AD")) == 3  # three cards beat two honours


def test_gives_back_a_low_side_card_never_the_drawn_one():
    state = position(["AS KS QS JS TS 9S AH KH 8C 9D", "QH JH TH 9H 8H 7H AD KD QD",
                      "JD TD 8D AC KC QC JC TC 9C 8S 7S"], trump="S", dealer=WEST, phase="return",
                     pull_log=[(SOUTH, WEST, "7S", None)], pulls_due=[(SOUTH, WEST)])
    state.hands[SOUTH] |= 1 << C("7S")
    state.hands[WEST] &= ~(1 << C("7S"))
    assert act(state) in (RETURN + C("8C"), RETURN + C("9D"))


def test_last_to_play_wins_as_cheaply_as_possible():
    state = position(["9S", "JS", "AS KS QS"], trump="H", dealer=SOUTH, leader=SOUTH, trick=["9S", "JS"],
                     played=["9S", "JS", ""])
    assert act(state) == C("QS")


def test_second_ducks_when_the_contract_is_made_and_the_win_is_not_safe():
    """Stop taking tricks you do not need when it helps: second to play, contract made, a
    card the last player may beat is kept; still needing tricks, it is spent."""
    hands = ["TD", "QD 9D", "KD AD"]  # East (5) cannot know West holds the king and ace
    made = position(hands, trump="H", dealer=SOUTH, leader=SOUTH, trick=["TD"], played=["TD", "", ""],
                    tricks_won=[2, 5, 1])
    assert act(made) == C("9D")
    short = position(hands, trump="H", dealer=SOUTH, leader=SOUTH, trick=["TD"], played=["TD", "", ""],
                     tricks_won=[2, 2, 4])
    assert act(short) == C("QD")


def test_makes_a_short_opponent_miss():
    """Make opponents miss: with its own contract made, it still overtakes an opponent who is
    short of theirs."""
    hands = ["TD", "QD 9D", "KD AD"]
    state = position(hands, trump="H", dealer=WEST, leader=SOUTH, trick=["TD"], played=["TD", "", ""],
                     tricks_won=[3, 4, 1])  # South (5) short, East (3) made
    assert act(state) == C("QD")


def test_leads_an_unbeatable_card():
    state = position(["AD 8C 9C", "QD 9D TC", "KD 7S JC"], trump="H", dealer=WEST, leader=SOUTH,
                     played=["", "", ""])
    assert act(state) == C("AD")


def test_bot_does_not_peek():
    """Two states that look the same to the bot's seat give the same action."""
    g = game()
    for seed in range(15):
        state = random_prefix(g, seed, 45 + seed)
        seat = state.to_move()
        if seat is None:
            continue
        twin = state.sample(seat, random.Random(seed))
        a = HeuristicBot(7).act(Observation.of(state, seat))
        b = HeuristicBot(7).act(Observation.of(twin, seat))
        assert a == b


def test_beats_random_quickly():
    """One heuristic bot against two random ones wins far more than a third of the games."""
    figures = heuristic_vs_random(games=30, seed=100, deals=3)
    assert figures["win_rate"] > 0.6
    assert figures["mean_score"] > figures["random_mean_score"]


@pytest.mark.slow
def test_beats_random_300_games():
    figures = heuristic_vs_random(games=300, seed=0)
    assert figures["win_rate"] > 0.8


@pytest.mark.slow
def test_contract_aware_play_beats_greedy_play():
    """Ducking tricks it does not need, and overtaking short opponents, scores more than
    winning every trick it can."""
    from cardhall.games.three_two_five.bench import heuristic_vs_greedy

    figures = heuristic_vs_greedy(600)
    assert figures["heuristic_mean_score"] > figures["greedy_mean_score"]


def test_rollout_policy_plays_legal_actions_to_the_end():
    """The fast rollout policy offered to IS-MCTS only plays legal actions."""
    from cardhall.games.three_two_five.bot import rollout_policy

    rng = random.Random(0)
    for seed in range(3):
        state = game(deals=3).new_state(seed)
        while not state.is_over():
            action = rollout_policy(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
