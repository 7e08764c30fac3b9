"""rules/jass.md, "4 players in two teams ("Jass")": each rule and Decision named."""

from __future__ import annotations

import random

import pytest

from cardhall.core.cards import parse_card
from cardhall.core.errors import IllegalAction, NotationError, OptionError, StateFormatError
from cardhall.core.registry import load
from cardhall.games.jass.base import PUSH, TRUMP
from cardhall.games.jass.tricks import shuffled

from .helpers import jass_position


def play_deal(state, rng):
    dealer = state.dealer
    while state.dealer == dealer and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))


def test_rule_dealer_deals_nine_each_three_at_a_time():
    """"The dealer deals 9 cards each, three at a time" (starting at the dealer's left)."""
    s = load("jass").new_state(42)
    cards = shuffled(42, 0)
    assert [h.bit_count() for h in s.hands] == [9, 9, 9, 9]
    for k in range(4):
        seat = (s.dealer + 1 + k) % 4
        mine = [c for r in range(3) for c in cards[12 * r + 3 * k: 12 * r + 3 * k + 3]]
        assert s.hands[seat] == sum(1 << c for c in mine)


def test_rule_partners_sit_opposite():
    """"Partners sit opposite": seats 0 and 2 share a score, as do 1 and 3."""
    s = load("jass").new_state(3)
    rng = random.Random(3)
    play_deal(s, rng)
    sc = s.scores()
    assert sc[0] == sc[2] and sc[1] == sc[3] and sc[0] + sc[1] == 157


def test_rule_trump_choice_by_dealers_left_or_push():
    """"The player to the dealer's left chooses trump (one of the four suits) or passes the
    choice to their partner, who must then choose.\""""
    s = load("jass").new_state(5)
    assert s.to_move() == (s.dealer + 1) % 4
    assert sorted(s.legal_actions()) == sorted([TRUMP + i for i in range(4)] + [PUSH])
    s.apply(PUSH)
    assert s.to_move() == (s.dealer + 3) % 4  # the partner
    assert PUSH not in s.legal_actions() and len(s.legal_actions()) == 4
    with pytest.raises(IllegalAction, match="must choose the trump suit"):
        s.apply(PUSH)
    s.apply_text("trump S")
    assert s.trump == 3


@pytest.mark.parametrize("push", [False, True])
def test_rule_dealers_left_leads_first_trick_either_way(push):
    """"The player to the dealer's left leads the first trick in either case.\""""
    s = load("jass").new_state(6)
    if push:
        s.apply(PUSH)
    s.apply_text("trump h")
    assert s.to_move() == (s.dealer + 1) % 4


def test_rule_points_credited_immediately():
    """"Points of each trick go to the taking team and are credited immediately.\""""
    s = jass_position({0: "AS 6D", 1: "TS 7D", 2: "7S 8D", 3: "6S 9D"}, "H", leader=0)
    for c in ("AS", "TS", "7S", "6S"):
        s.apply(parse_card(c))
    assert s.score == [21, 0] and s.scores() == [21.0, 0.0, 21.0, 0.0]


def test_rule_next_deal_by_dealers_left():
    """"The next deal is dealt by the player to the current dealer's left.\""""
    s = load("jass").new_state(8)
    rng = random.Random(8)
    dealers = [s.dealer]
    for _ in range(4):
        play_deal(s, rng)
        dealers.append(s.dealer)
    assert dealers == [3, 0, 1, 2, 3]
    assert s.to_move() == 0 and s.phase == 0  # the new forehand chooses trump


def test_rule_each_deal_is_157():
    """A deal is worth exactly 157 points (team points of each finished deal)."""
    s = load("jass").new_state(9)
    rng = random.Random(9)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    assert all(sum(d) == 157 for d in s.log[:-1])
    assert sum(s.log[-1]) <= 157


@pytest.mark.parametrize("target", [1000, 1500, 2000])
def test_rule_target_option(target):
    """"The game is played to a target: option 1000 (default), 1500 or 2000.\""""
    g = load("jass", target=target)
    s = g.new_state(11)
    rng = random.Random(11)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    w = s.winners()
    assert len(w) == 2 and w[1] == w[0] + 2
    assert s.score[w[0] & 1] >= target > s.score[1 - (w[0] & 1)]
    assert load("jass").options["target"] == 1000


def test_bad_options_say_what_is_allowed():
    with pytest.raises(OptionError, match="one of 1000, 1500, 2000"):
        load("jass", target=500)
    with pytest.raises(OptionError, match="unknown option 'players'"):
        load("jass", players=3)


def test_decision_game_ends_the_moment_a_team_reaches_the_target():
    """**Decision**: "the game ends as soon as a team reaches the target, even in the middle of a deal; that team wins.\""""
    s = jass_position({0: "AS 6D 6C", 1: "TS 7D 7C", 2: "7S 8D 8C", 3: "6S 9D 9C"}, "H", leader=0)
    s.score = [990, 995]
    for c in ("AS", "TS", "7S", "6S"):
        s.apply(parse_card(c))
    assert s.is_over() and s.winners() == [0, 2]
    assert s.hands[1].bit_count() == 2  # mid-deal
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply(parse_card("6D"))


def test_notation_reads_back_and_errors_are_clear():
    g = load("jass")
    for a in [parse_card("TH"), TRUMP + 2, PUSH]:
        assert g.parse_action(g.format_action(a)) == a
    assert g.parse_action("10h") == parse_card("TH")
    assert g.parse_action("Trump Hearts") == TRUMP + 2 == g.parse_action("trump ♥")
    with pytest.raises(NotationError, match="write a card"):
        g.parse_action("play the queen")
    with pytest.raises(NotationError, match="not in the Jass deck"):
        g.parse_action("2C")
    with pytest.raises(NotationError, match="as a suit"):
        g.parse_action("trump X")


def test_action_in_the_wrong_phase_is_explained():
    s = load("jass").new_state(12)
    with pytest.raises(IllegalAction, match="choose the trump suit or push"):
        s.apply(parse_card("AS"))


def test_json_round_trip_and_malformed_states():
    g = load("jass")
    s = g.new_state(13)
    rng = random.Random(13)
    for _ in range(20):
        s.apply(rng.choice(s.legal_actions()))
    assert g.state_from_json(s.to_json()) == s
    bad = s.to_json()
    bad["state"]["hands"][0] = ""
    with pytest.raises(StateFormatError, match="cards are missing"):
        g.state_from_json(bad)
    bad = s.to_json()
    del bad["state"]["dealer"]
    with pytest.raises(StateFormatError, match="missing field 'dealer'"):
        g.state_from_json(bad)
    bad = s.to_json()
    bad["state"]["hands"][1] = "AS " + bad["state"]["hands"][1]
    with pytest.raises(StateFormatError):
        g.state_from_json(bad)


@pytest.mark.parametrize("seed", range(6))
def test_one_deal_option_ends_after_the_deal_and_more_points_win(seed):
    """Not in the seed: `one_deal=True` (a quick game, and the unit docs/bots.md measures Jass
    bots in) ends after the first deal; the team with more of its 157 points wins, and the
    state round-trips through JSON."""
    game = load("jass", one_deal=True)
    s = game.new_state(seed)
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    team = s.score
    assert sum(team) == 157 and len(s.log) == 1
    best = 0 if team[0] > team[1] else 1
    assert s.winners() == [best, best + 2]
    assert game.state_from_json(s.to_json()).winners() == s.winners()
    assert not load("jass").options["one_deal"]
