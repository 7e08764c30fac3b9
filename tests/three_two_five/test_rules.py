"""3-2-5 rules, each test named after the rule or Decision of docs/spec/three-two-five.md it checks."""

from __future__ import annotations

import itertools
import random

import pytest

from cardhall.core.cards import SUIT_MASKS, card_list, parse_card, parse_cards
from cardhall.core.errors import IllegalAction
from cardhall.core.rng import chance_rng
from cardhall.games.three_two_five.game import (
    DECK,
    RETURN,
    TRUMP,
    ThreeTwoFiveState,
    contract_of,
    plan_pulls,
    trick_winner,
)
from tests.three_two_five.helpers import EAST, SOUTH, WEST, all_cards, game, play_until, position

C = parse_card


# --- Players and cards ------------------------------------------------------------------
def test_rule_exactly_three_players_and_thirty_cards():
    """Exactly 3 players. 30 cards: A K Q J 10 9 8 of all four suits (28) plus 7♠ and 7♥."""
    assert game().num_players == 3
    assert DECK.bit_count() == 30
    assert parse_cards("AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H "
                               "AD KD QD JD TD 9D 8D AC KC QC JC TC 9C 8C") == DECK


def test_rule_rank_order_ace_high_seven_low():
    """Rank order A (high) … 7 (low)."""
    order = ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]
    for lo, hi in itertools.pairwise(order):
        assert trick_winner(0, [C(lo), C(hi), C("8D")], trump=0) == 1


def test_rule_dealing_goes_anticlockwise_from_the_dealers_right():
    """Play and dealing go anticlockwise (to the right): the dealer deals 5 cards to each
    player, starting with the player to the right (seat + 1 is the seat to the right)."""
    g = game()
    for seed in range(5):
        state = g.new_state(seed)
        dealer = chance_rng(seed, 0).randrange(3)
        assert state.dealer == dealer
        cards = list(card_list(DECK))
        chance_rng(seed, 1).shuffle(cards)
        for i in range(3):
            assert state.hands[(dealer + 1 + i) % 3] == sum(1 << c for c in cards[5 * i:5 * i + 5])


def test_rule_play_goes_anticlockwise():
    """Play goes anticlockwise: after the leader, the player to the leader's right plays."""
    state = play_until(game().new_state(3), random.Random(3), lambda s: s.phase == "play")
    leader = state.to_move()
    state.apply(state.legal_actions()[0])
    assert state.to_move() == (leader + 1) % 3
    state.apply(state.legal_actions()[0])
    assert state.to_move() == (leader + 2) % 3


def test_seat_names_follow_the_anticlockwise_order():
    """East sits to South's right, West to East's right (seat numbers increase anticlockwise)."""
    g = game()
    assert [g.seat_name(s) for s in range(3)] == ["South", "East", "West"]


# --- Contracts ----------------------------------------------------------------------------
def test_rule_contracts_dealer_2_right_5_third_3():
    """The dealer must win 2 tricks, the player to the dealer's right 5, the third player 3."""
    for dealer in range(3):
        assert contract_of(dealer, dealer) == 2
        assert contract_of((dealer + 1) % 3, dealer) == 5
        assert contract_of((dealer + 2) % 3, dealer) == 3
    assert sum(contract_of(s, 0) for s in range(3)) == 10


def test_rule_contracts_rotate_2_to_3_3_to_5_5_to_2_and_the_deal_passes_right():
    """After each deal the contracts rotate 2 → 3, 3 → 5, 5 → 2: the old 5-player deals next."""
    state = game().new_state(11)
    rng = random.Random(11)
    before = state.contracts()
    old_five = before.index(5)
    play_until(state, rng, lambda s: s.deal_no == 1)
    after = state.contracts()
    assert state.dealer == old_five
    rotate = {2: 3, 3: 5, 5: 2}
    assert after == [rotate[c] for c in before]


def test_rule_first_dealer_random_and_seeded():
    """First dealer: random (seeded)."""
    g = game()
    dealers = {g.new_state(seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2}
    assert all(g.new_state(seed).dealer == g.new_state(seed).dealer for seed in range(5))


# --- A deal ---------------------------------------------------------------------------------
def test_rule_five_trick_player_declares_trump_after_five_cards():
    """The 5-trick player (dealer's right) looks at those 5 cards and declares trump."""
    state = game().new_state(4)
    assert state.phase == "trump"
    assert state.to_move() == (state.dealer + 1) % 3
    assert [h.bit_count() for h in state.hands] == [5, 5, 5]
    assert state.legal_actions() == [TRUMP + s for s in range(4)]
    assert state.view(state.to_move())["trump"] is None


def test_rule_then_three_more_and_two_more_cards_each():
    """The dealer deals 3 more cards each, then 2 more each: 10 cards per player."""
    g = game()
    for seed in range(20):
        state = g.new_state(seed)
        first = list(state.hands)
        rest = card_list(DECK & ~(first[0] | first[1] | first[2]))
        chance = state.chance
        chance_rng(seed, chance).shuffle(rest)
        five = (state.dealer + 1) % 3
        state.apply(TRUMP + 2)
        if state.redeals:
            continue
        for i in range(3):
            seat = (five + i) % 3
            packets = rest[3 * i:3 * i + 3] + rest[9 + 2 * i:11 + 2 * i]
            assert state.hands[seat] == first[seat] | sum(1 << c for c in packets)
        assert [h.bit_count() for h in state.hands] == [10, 10, 10]
        return
    pytest.fail("no deal without a redeal found")


def test_variant_trump_by_seventh_card():
    """Variant option trump_by_seventh_card: the 7th card dealt to the 5-trick player decides
    trump instead (it is the 2nd card of that player's packet of three)."""
    g = game(trump_by_seventh_card=True)
    checked = 0
    for seed in range(40):
        state = g.new_state(seed)
        if state.redeals:
            continue
        cards = list(card_list(DECK))
        chance_rng(seed, 1).shuffle(cards)
        seventh = cards[16]
        five = (state.dealer + 1) % 3
        assert state.hands[five] >> seventh & 1
        assert state.trump == seventh // 13
        assert state.phase == "play" and state.to_move() == five
        checked += 1
    assert checked > 10


def test_rule_no_trump_no_deal_redeal_by_same_dealer_and_decision_automatic_keeps_contracts():
    """No trump, no deal: if a player holds no trump after the deal, the cards are reshuffled
    and redealt by the same dealer. Decision: a player with no trump must announce it
    (automatic in the engine), and the redeal keeps the contracts."""
    g = game()
    for seed in range(200):
        state = g.new_state(seed)
        dealer, contracts = state.dealer, state.contracts()
        first = list(state.hands)
        rest = card_list(DECK & ~(first[0] | first[1] | first[2]))
        chance_rng(seed, state.chance).shuffle(rest)
        full = list(first)
        for i in range(3):
            seat = (dealer + 1 + i) % 3
            full[seat] |= sum(1 << c for c in rest[3 * i:3 * i + 3] + rest[9 + 2 * i:11 + 2 * i])
        suit = 0  # clubs: 8 cards, so a player without a club is not rare
        void = [s for s in range(3) if not full[s] & SUIT_MASKS[suit]]
        state.apply(TRUMP + suit)
        if not void:
            assert not state.redeals
            continue
        assert state.redeals == [(suit, tuple(void))]
        assert state.dealer == dealer and state.contracts() == contracts
        assert state.phase == "trump" and state.trump == -1
        assert [h.bit_count() for h in state.hands] == [5, 5, 5]
        assert state.view(SOUTH)["redeals"] == [{"trump": "C", "no_trump": void}]
        return
    pytest.fail("no redeal found")


def test_rule_every_player_holds_trump_once_the_deal_stands():
    """No trump, no deal: a deal that is played has a trump in every hand as dealt."""
    g = game()
    for seed in range(30):
        state = play_until(g.new_state(seed), random.Random(seed), lambda s: s.phase != "trump")
        assert all(h & SUIT_MASKS[state.trump] for h in state.hands)


def test_rule_five_trick_player_leads_the_first_trick():
    """The 5-trick player leads the first trick."""
    for seed in range(5):
        state = play_until(game().new_state(seed), random.Random(seed), lambda s: s.phase == "play")
        assert state.to_move() == (state.dealer + 1) % 3


def test_rule_follow_suit_if_able():
    """Follow suit if able."""
    # South led TS; East holds QS, so must follow with it.
    state = position(["AS 9S KH", "QS 8D AD", "7S AC KC"], trump="H", dealer=SOUTH, trick=["TS"], leader=SOUTH,
                     played=["TS", "", ""])
    assert state.to_move() == EAST
    assert state.legal_actions() == [C("QS")]
    with pytest.raises(IllegalAction, match="must follow suit"):
        state.apply(C("AD"))


def test_rule_void_may_trump_or_play_any_card():
    """If void, play a trump or any other card."""
    state = position(["AS 9S", "8D AD KH", "7S AC"], trump="H", dealer=SOUTH, trick=["TS"], leader=SOUTH,
                     played=["TS", "", ""])
    assert sorted(state.legal_actions()) == sorted([C("8D"), C("AD"), C("KH")])


def test_rule_highest_trump_wins_else_highest_of_led_suit_seed_example():
    """The highest trump wins, else the highest card of the led suit. Seed example: ace of
    spades led, eight of hearts, seven of spades; hearts trump: the eight of hearts wins."""
    assert trick_winner(0, [C("AS"), C("8H"), C("7S")], trump=2) == 1
    assert trick_winner(1, [C("AS"), C("8H"), C("7S")], trump=2) == 2
    assert trick_winner(0, [C("9S"), C("AD"), C("TS")], trump=2) == 2  # off-suit ace loses
    assert trick_winner(0, [C("9S"), C("8H"), C("7H")], trump=2) == 1  # highest trump


def test_rule_winner_leads_next():
    """The winner leads next."""
    state = position(["AS 9S", "8D KH", "7S AC"], trump="H", dealer=SOUTH, trick=["9S"], leader=SOUTH,
                     played=["9S", "", ""], tricks_won=[4, 3, 1])
    state.apply(C("KH"))
    state.apply(C("7S"))
    assert state.tricks_won == [4, 4, 1]
    assert state.to_move() == EAST and state.leader == EAST


# --- Scoring ----------------------------------------------------------------------------------
def last_trick_position(tricks_won, dealer=WEST, deals=9, totals=(0, 0, 0)) -> ThreeTwoFiveState:
    """The last trick of a deal on the table: South leads AS, East plays 9S, West 8S."""
    return position(["AS", "9S", "8S"], trump="H", dealer=dealer, leader=SOUTH, tricks_won=list(tricks_won),
                    deals=deals, totals=list(totals))


def finish_trick(state: ThreeTwoFiveState) -> None:
    for c in ("AS", "9S", "8S"):
        state.apply(C(c))


def test_rule_score_is_tricks_minus_contract_seed_example():
    """Each player scores tricks won − contract. Seed example: a player with a contract of 2
    who wins 5 tricks scores 3 points."""
    state = last_trick_position([1, 3, 5], dealer=SOUTH)  # South (dealer, 2) wins the last: 2
    state.apply_unchecked(C("AS"))
    state.apply_unchecked(C("9S"))
    state.apply_unchecked(C("8S"))
    assert state.history[-1]["tricks"] == [2, 3, 5]
    # contracts: South 2, East 5, West 3
    assert state.history[-1]["points"] == [0, -2, 2]
    state = last_trick_position([4, 2, 3], dealer=SOUTH)
    finish_trick(state)
    assert state.history[-1]["points"][SOUTH] == 3  # contract 2, won 5


def test_rule_scores_of_a_deal_sum_to_zero():
    """Each player scores tricks won − contract (negative when short; the three sum to 0)."""
    for seed in range(10):
        state = play_until(game().new_state(seed), random.Random(seed), lambda s: s.deal_no == 1)
        pts = state.history[0]["points"]
        bonus = 5 if 10 in state.history[0]["tricks"] else 0
        assert sum(pts) == bonus


def test_rule_all_ten_tricks_score_five_more():
    """A player who wins all 10 tricks scores 5 extra points."""
    state = last_trick_position([9, 0, 0], dealer=EAST)  # South 3, East 2, West 5
    finish_trick(state)
    assert state.history[-1]["tricks"] == [10, 0, 0]
    assert state.history[-1]["points"] == [10 - 3 + 5, -2, -5]
    assert state.totals == [12, -2, -5]


def test_decision_deals_default_nine_and_the_highest_total_wins():
    """Decision: option deals (default 9, three full rotations); the highest total wins."""
    assert game().options["deals"] == 9
    state = last_trick_position([4, 3, 2], dealer=EAST, deals=3, totals=[1, 0, 0])
    state.deal_no = 2
    finish_trick(state)  # South 5 of 3 (+2), East 3 of 2 (+1), West 2 of 5 (−3)
    assert state.is_over()
    assert state.totals == [3, 1, -3]
    assert state.winners() == [SOUTH]
    assert state.legal_actions() == []


def test_decision_ties_share_the_win():
    """Decision: ties share."""
    state = last_trick_position([4, 3, 2], dealer=EAST, deals=1, totals=[0, 0, 5])
    finish_trick(state)  # +2, +1, −3: totals 2, 1, 2
    assert state.winners() == [SOUTH, WEST]


def test_a_game_plays_the_given_number_of_deals():
    """A game is `deals` deals, each of ten tricks."""
    state = play_until(game(deals=4).new_state(2), random.Random(2), lambda s: False)
    assert len(state.history) == 4
    assert all(sum(h["tricks"]) == 10 for h in state.history)


# --- Pulling cards ------------------------------------------------------------------------------
def test_seed_example_two_player_wins_four_five_player_wins_three_two_pulls():
    """Seed example: 2-player won 4 (+2), 5-player won 3 (−2) → the former pulls 2 cards
    from the latter."""
    dealer = SOUTH  # South 2, East 5, West 3
    tricks = [4, 3, 3]
    diffs = [tricks[s] - contract_of(s, dealer) for s in range(3)]
    assert plan_pulls(diffs, tricks, new_dealer=EAST) == [(SOUTH, EAST), (SOUTH, EAST)]


def test_seed_example_all_ten_tricks_pull_five_split_by_deficits():
    """A player who took all 10 tricks pulls 5 cards in total, split by the others'
    deficits (the 5-player sweeping: 2 from the 2-player, 3 from the 3-player)."""
    dealer = SOUTH  # East is the 5-player
    tricks = [0, 10, 0]
    diffs = [tricks[s] - contract_of(s, dealer) for s in range(3)]
    pulls = plan_pulls(diffs, tricks, new_dealer=EAST)
    assert len(pulls) == 5
    assert pulls.count((EAST, WEST)) == 3 and pulls.count((EAST, SOUTH)) == 2


def test_decision_all_ten_split_in_proportion_largest_remainder():
    """Decision: the 5 pulls of a sweep are split in proportion to the deficits, the odd
    cards to the largest remainders (2-player sweeping: deficits 5 and 3 → 3 and 2;
    3-player sweeping: deficits 5 and 2 → 4 and 1)."""
    dealer = SOUTH  # South 2, East 5, West 3
    pulls = plan_pulls([8, -5, -3], [10, 0, 0], new_dealer=EAST)
    assert (pulls.count((SOUTH, EAST)), pulls.count((SOUTH, WEST))) == (3, 2)
    pulls = plan_pulls([-2, -5, 7], [0, 0, 10], new_dealer=EAST)
    assert (pulls.count((WEST, EAST)), pulls.count((WEST, SOUTH))) == (4, 1)
    assert contract_of(WEST, dealer) == 3


def test_decision_matching_largest_surplus_first_ties_from_new_dealers_right():
    """Decision — matching: deficits are covered by surpluses greedily, the largest surplus
    first; ties in seat order starting from the new dealer's right."""
    assert plan_pulls([2, 1, -3], [4, 6, 0], new_dealer=WEST) == [(SOUTH, WEST)] * 2 + [(EAST, WEST)]
    assert plan_pulls([1, 2, -3], [3, 7, 0], new_dealer=WEST) == [(EAST, WEST)] * 2 + [(SOUTH, WEST)]
    # equal surpluses: the new dealer's right pulls first
    assert plan_pulls([1, 1, -2], [3, 6, 1], new_dealer=SOUTH) == [(EAST, WEST), (SOUTH, WEST)]
    assert plan_pulls([1, 1, -2], [3, 6, 1], new_dealer=EAST) == [(SOUTH, WEST), (EAST, WEST)]
    # one surplus, two deficits: the larger deficit first, ties from the new dealer's right
    assert plan_pulls([-1, 3, -2], [1, 8, 1], new_dealer=SOUTH) == [(EAST, WEST)] * 2 + [(EAST, SOUTH)]
    assert plan_pulls([-1, 2, -1], [1, 7, 2], new_dealer=SOUTH) == [(EAST, WEST), (EAST, SOUTH)]
    assert plan_pulls([0, 0, 0], [2, 5, 3], new_dealer=SOUTH) == []


def test_rule_pulls_only_from_the_second_deal_on_after_the_deal_before_the_lead():
    """Pulling happens from the second deal on, after the deal is complete and before the
    first lead."""
    g = game()
    for seed in range(20):
        state = g.new_state(seed)
        rng = random.Random(seed)
        play_until(state, rng, lambda s: s.phase != "trump")
        assert state.phase == "play" and not state.pull_log
        play_until(state, rng, lambda s: s.deal_no == 1)
        due = list(state.pulls_due)
        play_until(state, rng, lambda s: s.phase != "trump")
        if not due:
            assert state.phase == "play"
            continue
        assert state.phase == "return"
        assert [h.bit_count() for h in state.hands] == [10 + (s == due[0][0]) - (s == due[0][1]) for s in range(3)]
        assert not any(state.played)
        play_until(state, rng, lambda s: s.phase != "return")
        assert [p[:2] for p in state.pull_log] == due
        assert state.phase == "play" and not any(state.played)
        return
    pytest.fail("no pull found")


def test_rule_pull_is_a_blind_draw_from_the_seeded_rng():
    """Per pull the winner draws one card at random; the random draw comes from the game's
    seeded RNG so that replays are exact."""
    g = game()
    for seed in range(40):
        state = g.new_state(seed)
        rng = random.Random(seed)
        play_until(state, rng, lambda s: s.pulls_due and s.phase == "trump" and s.deal_no >= 1)
        if state.is_over():
            continue
        before = state.clone()
        state.apply(TRUMP + 3)
        if state.phase != "return":
            continue
        _c, d, x, _ = state.pull_log[0]
        # the deal's second packet drew chance `before.chance`; the draw is the next event
        full_before_draw = state.hands[d] | 1 << x
        assert chance_rng(seed, before.chance + 1).choice(card_list(full_before_draw)) == x
        again = before.clone()
        again.apply(TRUMP + 3)
        assert again.pull_log == state.pull_log
        return
    pytest.fail("no pull found")


def test_rule_never_give_back_the_card_just_drawn():
    """The puller gives back one card of their choice — never the card just drawn."""
    state = position(["AS KS QS JS TS 9S 8S 7S AH KH", "QH JH TH 9H 8H 7H AD KD QD",
                      "JD TD 9D 8D AC KC QC JC TC 9C 8C"], trump="S", dealer=WEST, phase="return",
                     pull_log=[(SOUTH, WEST, "8C", None)], pulls_due=[(SOUTH, WEST)])
    state.hands[SOUTH] |= 1 << C("8C")
    state.hands[WEST] &= ~(1 << C("8C"))
    assert state.to_move() == SOUTH
    assert RETURN + C("8C") not in state.legal_actions()
    assert len(state.legal_actions()) == 10
    with pytest.raises(IllegalAction, match="just drawn"):
        state.apply(RETURN + C("8C"))
    state.apply(RETURN + C("7S"))
    assert state.hands[WEST] >> C("7S") & 1 and state.hands[SOUTH] >> C("8C") & 1
    assert state.pull_log == [(SOUTH, WEST, C("8C"), C("7S"))]
    assert state.phase == "play"


def test_rule_pulls_keep_ten_cards_each_and_thirty_in_all():
    """Per pull one card goes each way: after the pulls each holds ten, 30 cards in all."""
    g = game()
    seen = 0
    for seed in range(30):
        state = g.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            if state.phase == "play" and state.pull_log and not any(state.played):
                assert [h.bit_count() for h in state.hands] == [10, 10, 10]
                assert all_cards(state) == DECK
                seen += 1
    assert seen > 20
