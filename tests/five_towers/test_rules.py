"""Every rule and Decision of rules/five-towers.md, each test named after it.

Docstrings quote the rule (docs/spec/five-towers.md, from the seeds)."""

from __future__ import annotations

from collections import Counter

import pytest

import cardhall
from cardhall.core.errors import IllegalAction, OptionError
from cardhall.games.five_towers.game import BUILD, OVER, make_deck, score_of
from cardhall.games.five_towers.notation import NO_DEMOLISH, PASS
from cardhall.games.five_towers.rules_engine import builds, can_place, sequences, tower_is_legal
from tests.five_towers.helpers import card, cards, position, tower

# --- components --------------------------------------------------------------------------


def test_components_80_cards_for_2_and_3_players():
    """2–3 players: one card of each value per colour = 80 cards."""
    for n in (2, 3):
        deck = make_deck(n)
        assert len(deck) == 80 and len(set(deck)) == 80
        assert Counter(c >> 4 for c in deck) == {c: 16 for c in range(5)}


def test_components_110_cards_for_4_and_5_players_with_the_4plus_cards():
    """4–5 players: additionally 0, 2, 5, 7, 10, 12 of each colour (marked 4+) = 110 cards."""
    for n in (4, 5):
        deck = Counter(make_deck(n))
        assert sum(deck.values()) == 110
        assert sorted(c & 15 for c, k in deck.items() if k == 2) == sorted([0, 2, 5, 7, 10, 12] * 5)
        state = cardhall.load("five-towers", players=n).new_state(seed=3)
        assert len(state.draw) + len(state.offer) == 110


def test_components_players_2_to_5_and_default_3():
    """Players: 2–5. Decision: the default is 3 players; other counts are refused with the allowed range."""
    assert cardhall.load("five-towers").num_players == 3
    for bad in (1, 6):
        with pytest.raises(OptionError, match=r"players=.* must be a whole number from 2 to 5"):
            cardhall.load("five-towers", players=bad)
    with pytest.raises(OptionError, match=r"spanish_eight.*true or false"):
        cardhall.load("five-towers", spanish_eight="maybe")


# --- building rules --------------------------------------------------------------------------


def test_building_rule_1_one_tower_per_colour_of_that_colour():
    """A player has at most one tower per colour; all cards of a tower have that colour."""
    s = position(offer="Y15 Y14 P3 G9 S1", towers={0: {"Y": [13]}})
    s.apply(5)
    for action in s.legal_actions():
        t = s.clone()
        t.apply(action)
        assert len(t.towers[0]) == 5  # one (possibly empty) tower per colour, never a second one
    t = s.clone()
    t.apply_text("take Y15 Y14 P3 G9 S1; demolish Y13; place Y15 Y14 P3 G9 S1")
    assert tower(t, 0, "Y") == [15, 14] and tower(t, 0, "P") == [3] and tower(t, 0, "G") == [9]


def test_building_rule_2_first_card_starts_the_tower_any_value_even_0():
    """The first card of a colour starts that tower (any value, a 0 included)."""
    for v in range(16):
        assert can_place(16, v)
    s = position(offer="P0 V4 G8 S11 Y15")
    s.apply(5)
    s.apply_text("place P0 V4 G8 S11 Y15")
    assert [t for t in s.towers[0]] == [[0], [4], [8], [11], [15]]


def test_building_rule_3_values_strictly_decrease_upwards():
    """Values must strictly decrease upwards: a card may be placed only on a higher value."""
    assert can_place(10, 7) and can_place(15, 14) and can_place(1, 0)
    assert not can_place(7, 10) and not can_place(7, 7) and not can_place(3, 4)


def test_building_rule_3_anything_on_an_8_and_8_on_8():
    """8: any card of the same colour may be placed on an 8 (8 on 8 is legal)."""
    assert all(can_place(8, v) for v in range(16))
    assert tower_is_legal([8, 8, 15, 8, 12])


def test_building_rule_3_a_9_on_anything_except_0_and_9_on_9():
    """9: a 9 may be placed on any card of the same colour except a 0 (9 on 9 is legal)."""
    assert all(can_place(t, 9) for t in range(1, 17))
    assert not can_place(0, 9)
    assert tower_is_legal([3, 9, 9, 2])


def test_building_rule_equal_values_illegal_with_duplicates():
    """Equal values are otherwise illegal (duplicates exist with 4–5 players): Y7 cannot go on Y7."""
    s = position(4, offer="Y7 Y7 P1 P2 G3", towers={0: {"Y": [10]}})
    assert s.max_bid() == 4  # both 7s cannot go on one tower
    s.apply(4)
    for _ in range(3):
        s.apply(PASS)
    assert all(Counter(a[1])[card("Y7")] <= 1 for a in s.legal_actions() if a[0] == NO_DEMOLISH)
    with pytest.raises(IllegalAction, match="Y7 cannot be placed on Y7"):
        s.apply((NO_DEMOLISH, (*cards("P2 P1"), card("Y7"), card("Y7"))))


def test_building_rule_4_zero_is_a_top_nothing_on_it_not_even_a_9():
    """A 0 is a tower top: nothing can ever be placed on it (not even a 9)."""
    assert not any(can_place(0, v) for v in range(16))
    s = position(offer="Y9 Y8 Y15 P3 P2", towers={0: {"Y": [5, 0]}})
    assert s.max_bid() == 2  # only P3 P2: no Sand card can be built
    s.apply(2)
    s.apply(PASS)
    s.apply(PASS)
    assert [s.game.format_action(a) for a in s.legal_actions()] == ["take P3 P2; place P3 P2"]


def test_building_rule_4_zero_can_never_be_demolished():
    """A 0 ... can never be demolished. A tower with a 0 is complete; its owner can no longer take that colour."""
    s = position(offer="Y4 P3 P2 G5 G6", towers={0: {"Y": [5, 0]}})
    s.apply(1)
    s.apply(PASS)
    s.apply(PASS)
    assert all(a[0] == NO_DEMOLISH for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="a 0 is a tower top and can never be demolished"):
        s.apply_text("take P3; demolish Y0; place P3")


def test_building_rule_lone_0_first_card_is_a_complete_tower_of_height_1():
    """A lone 0 taken as the first card of a colour is a complete tower of height 1 (2 points, +1 main tower)."""
    s = position(offer="G0 P3 P2 S5 S6")
    s.apply(1)
    s.apply(PASS)
    s.apply(PASS)
    s.apply_text("take G0; place G0")
    assert tower(s, 0, "G") == [0]
    assert s.scores()[0] == 2 + 1
    s.turn = 0  # as if it were the owner's turn again: no Tree card can ever be taken
    assert s.max_bid() == 0 or all((c >> 4) != 2 for c in s.offer)


def test_building_rule_5_order_of_a_tower_never_changes():
    """Once placed, the order of cards in a tower never changes (placement order is the tower order)."""
    s = position(offer="Y15 Y8 Y12 P3 P2", towers={0: {"Y": [9]}})
    s.apply(3)
    s.apply(PASS)
    s.apply(PASS)
    s.apply_text("take Y8 Y12 Y15; demolish Y9; place Y15 Y8 Y12")
    assert tower(s, 0, "Y") == [15, 8, 12]


# --- setup ------------------------------------------------------------------------------------


def test_setup_shuffled_draw_pile_offer_of_5_empty_discard_seeded_start_player():
    """Shuffle into a face-down draw pile; discard pile and an offer of 5; start player random (seeded)."""
    game = cardhall.load("five-towers", players=4)
    a, b = game.new_state(seed=7), game.new_state(seed=7)
    assert a == b and len(a.offer) == 5 and a.discard == [] and len(a.draw) == 105
    starts = {game.new_state(seed=s).start for s in range(40)}
    assert starts == {0, 1, 2, 3}
    orders = {tuple(game.new_state(seed=s).draw) for s in range(5)}
    assert len(orders) == 5
    assert a.to_move() == a.start


# --- a round -------------------------------------------------------------------------------------


def test_round_reveal_min_5_and_draw_pile():
    """Reveal: draw min(5, cards in draw pile) cards into the offer; emptying it is an exhaustion."""
    s = position(2, offer="P1", draw="Y3 Y4 Y5")
    s.apply(1)  # the whole offer: bidding stops
    s.apply_text("take P1; place P1")
    assert s.offer == cards("Y3 Y4 Y5") and s.draw == [] and s.exhaustions == 1 and s.exhausted_now


def test_bidding_start_player_must_bid_0_to_n_and_cannot_pass():
    """The start player must bid a number 0..N (N = cards in the offer; cannot pass)."""
    s = position(offer="Y7 Y5 P9 G3 S2", start=1)
    assert s.to_move() == 1
    assert s.legal_actions() == [0, 1, 2, 3, 4, 5]
    with pytest.raises(IllegalAction, match="the start player cannot pass: Player 2 must bid 0 to 5"):
        s.apply(PASS)


def test_bidding_others_bid_strictly_higher_or_pass_once_each():
    """Clockwise, each other player once: bid strictly higher than the current highest bid, or pass."""
    s = position(offer="Y7 Y5 P9 G3 S2")
    s.apply(2)
    assert s.to_move() == 1 and s.legal_actions() == [3, 4, 5, PASS]
    with pytest.raises(IllegalAction, match="a bid must be higher than the current 2"):
        s.apply(2)
    s.apply(3)
    assert s.to_move() == 2 and s.legal_actions() == [4, 5, PASS]
    s.apply(PASS)
    assert s.phase == BUILD and s.to_move() == 1  # every player had exactly one chance; 3 wins


def test_bidding_stops_as_soon_as_someone_bids_n():
    """Bidding stops ... as soon as someone bids N: the later players get no chance (Rada bids 5, Mila cannot bid)."""
    s = position(4, offer="Y7 Y5 P9 G3 S2")
    s.apply(3)
    s.apply(PASS)
    s.apply(5)
    assert s.phase == BUILD and s.to_move() == 2 and s.bids[3] is None


def test_special_case_start_bid_0_everyone_passes_same_player_starts():
    """Start player bid 0 and everyone else passed → the round ends at once, all offer cards go to the discard
    pile, and the same player starts the next round."""
    s = position(offer="Y7 Y5 P9 G3 S2", start=2)
    r = s.round
    s.apply(0)
    s.apply(PASS)
    s.apply(PASS)
    assert s.discard == cards("P9 G3 S2 Y5 Y7") or Counter(s.discard) == Counter(cards("Y7 Y5 P9 G3 S2"))
    assert s.round == r + 1 and s.start == 2 and s.to_move() == 2 and len(s.offer) == 5
    assert all(all(not t for t in tw) for tw in s.towers)


def test_bid_0_can_be_outbid_and_the_winner_builds():
    """A start bid of 0 followed by a higher bid: the highest bidder takes and builds."""
    s = position(offer="Y7 Y5 P9 G3 S2")
    s.apply(0)
    s.apply(1)
    s.apply(PASS)
    assert s.phase == BUILD and s.to_move() == 1 and s.high == 1


def test_taking_exactly_the_bid_number_of_cards_of_their_choice():
    """The highest bidder takes exactly that many cards of their choice from the offer."""
    s = position(offer="Y7 Y5 P9 G3 S2")
    s.apply(2)
    s.apply(PASS)
    s.apply(PASS)
    takes = {tuple(sorted(a[1])) for a in s.legal_actions()}
    assert len(takes) == 10 and all(len(t) == 2 for t in takes)  # any 2 of 5
    with pytest.raises(IllegalAction, match="must take exactly 2 cards, not 3"):
        s.apply_text("take Y7 Y5 P9; place P9 Y7 Y5")
    with pytest.raises(IllegalAction, match="Y9 is not in the offer"):
        s.apply_text("place Y9 Y7")


def test_building_demolish_at_most_one_top_to_own_face_down_pile():
    """Optionally demolish the top card of one of their towers (never a 0): it goes to their demolished pile."""
    s = position(offer="Y7 Y5 P9 G3 S2", towers={0: {"Y": [12, 6], "G": [4]}})
    s.apply(1)
    s.apply(PASS)
    s.apply(PASS)
    demolishes = {a[0] for a in s.legal_actions()}
    assert demolishes == {NO_DEMOLISH, card("Y6"), card("G4")}
    with pytest.raises(IllegalAction, match="only the top card can be demolished: the Sand top is Y6"):
        s.apply_text("take P9; demolish Y12; place P9")
    with pytest.raises(Exception, match="two demolish clauses"):
        s.apply_text("take P9; demolish Y6; demolish G4; place P9")
    s.apply_text("take Y7; demolish Y6; place Y7")
    assert tower(s, 0, "Y") == [12, 7] and s.demolished[0] == [card("Y6")]


def test_building_place_all_cards_taken():
    """Place all cards in hand onto their towers: a build lists every taken card in its placement."""
    s = position(offer="Y7 Y5 P9 G3 S2")
    s.apply(3)
    s.apply(PASS)
    s.apply(PASS)
    for demolished, placement in s.legal_actions():
        assert demolished == NO_DEMOLISH and len(placement) == 3


def test_building_tower_emptied_by_demolition_no_longer_exists():
    """A tower emptied by demolition no longer exists (a later card of that colour starts it anew)."""
    s = position(offer="Y15 P9 G3 S2 V1", towers={0: {"Y": [2]}})
    s.apply(1)
    s.apply(PASS)
    s.apply(PASS)
    s.apply_text("take Y15; demolish Y2; place Y15")
    assert tower(s, 0, "Y") == [15]
    t = position(offer="Y15 P9 G3 S2 V1", towers={0: {"Y": [2]}})
    t.apply(1)
    t.apply(PASS)
    t.apply(PASS)
    t.apply_text("take P9; demolish Y2; place P9")
    assert tower(t, 0, "Y") == [] and t.scores()[0] == 1 + 1 - 1


def test_cleanup_rest_of_offer_to_discard_next_start_left_of_builder():
    """Remaining offer cards go to the discard pile; the next start player is to the left of the builder."""
    s = position(4, offer="Y7 Y5 P9 G3 S2", start=3)
    s.apply(1)
    s.apply(2)
    s.apply(PASS)
    s.apply(PASS)
    assert s.to_move() == 0
    s.apply_text("take P9 G3; place P9 G3")
    assert Counter(s.discard) == Counter(cards("Y7 Y5 S2"))
    assert s.start == 1 and s.to_move() == 1 and len(s.offer) == 5


def test_decision_bids_offered_only_when_they_can_be_honoured():
    """Decision: a bid of k is legal only if some choice of k offer cards can be built with at most one
    demolition; a failed build can never happen."""
    s = position(offer="Y3 Y4 Y2 P1 V9", towers={0: {"Y": [5, 1], "P": [0], "V": [0]}})
    # Y: demolish the 1 → top 5: Y4 Y3 Y2 fit; P1 and V9 never (0 tops): at most 3
    assert s.max_bid() == 3 and s.legal_actions() == [0, 1, 2, 3]
    with pytest.raises(IllegalAction, match="cannot bid 4: no 4 of these offer cards can be built, even with one demolition"):
        s.apply(4)


def test_decision_bid_0_always_legal_for_start_player():
    """Decision: a bid of 0 is always legal for the start player (even when nothing can be built)."""
    s = position(offer="Y3 P1", towers={0: {"Y": [0], "P": [0]}})
    assert s.legal_actions() == [0]


def test_decision_build_as_one_move_distinct_resulting_positions():
    """Decision — the build as a move: the engine enumerates the distinct resulting positions
    (two orders that give the same towers are one move)."""
    s = position(offer="Y15 Y14 P9 P8 G3", towers={0: {"Y": [13], "P": [12], "G": [5]}})
    s.apply(5)
    legal = s.legal_actions()
    assert len(legal) == len(set(legal))
    results = set()
    for a in legal:
        t = s.clone()
        t.apply(a)
        results.add((repr(t.towers[0]), tuple(t.demolished[0])))
    assert len(results) == len(legal)
    # Y15 Y14 on empty Y then P9 P8 / P8 P9 on P12: demolishing Y13 and placing across colours in
    # either interleaving is one move
    moves = [s.game.format_action(a) for a in legal]
    assert "take P9 P8 G3 Y15 Y14; demolish Y13; place P9 P8 G3 Y15 Y14" in moves
    assert "take P9 P8 G3 Y15 Y14; demolish Y13; place P8 P9 G3 Y15 Y14" in moves
    a1 = s.game.parse_action("take Y15 Y14 P9 P8 G3; demolish Y13; place Y15 G3 P9 Y14 P8")
    assert a1 == s.game.parse_action("place P9 Y15 P8 Y14 G3; demolish Y13")


def test_decision_duplicates_do_not_create_duplicate_moves():
    """Decision: duplicate cards (4–5 players) give each resulting position once."""
    s = position(5, offer="Y7 Y7 Y5 Y5 P2", towers={0: {"Y": [12]}})
    s.apply(2)
    for _ in range(4):
        s.apply(PASS)
    legal = s.legal_actions()
    assert len(legal) == len(set(legal))
    takes = sorted(s.game.format_action(a) for a in legal if a[0] == NO_DEMOLISH)
    assert takes == sorted(["take Y7 Y5; place Y7 Y5", "take P2 Y7; place P2 Y7", "take P2 Y5; place P2 Y5"])
    assert sequences(16, (5, 5, 7, 7), False)[2] == ((7, 5),)


def test_rulebook_example_demolish_6_to_place_7():
    """Rulebook example: a player took all 5 offer cards including a Sand 7; their Sand tower's top is 6 →
    they demolish the 6 and can then place the 7."""
    s = position(offer="Y7 P9 G3 S2 V11", towers={0: {"Y": [6]}})
    assert s.max_bid() == 5
    s.apply(5)
    assert s.phase == BUILD and s.to_move() == 0  # bidding stops at 5
    builds_ = [s.game.format_action(a) for a in s.legal_actions()]
    assert builds_ == ["take P9 V11 G3 S2 Y7; demolish Y6; place P9 V11 G3 S2 Y7"]
    s.apply_text("take Y7 P9 G3 S2 V11; demolish Y6; place Y7 P9 G3 S2 V11")
    assert tower(s, 0, "Y") == [7] and s.demolished[0] == [card("Y6")]


def test_rulebook_example_6_then_4_tower_makes_5_illegal_next_player_may_bid_5():
    """Rulebook example: had the Sand tower been 6 then 4, a bid of 5 would be illegal (the 7 cannot be placed
    even after one demolition), so the bid of 4 is the highest legal one, and the next player may then bid 5."""
    s = position(offer="Y7 P9 G3 S2 V11", towers={0: {"Y": [6, 4]}})
    assert s.legal_actions() == [0, 1, 2, 3, 4]
    with pytest.raises(IllegalAction, match="cannot bid 5"):
        s.apply(5)
    s.apply(4)
    assert s.to_move() == 1 and s.legal_actions() == [5, PASS]
    s.apply(5)
    assert s.phase == BUILD and s.to_move() == 1


# --- end of game ----------------------------------------------------------------------------------


def _finish_round_by_special_case(s):
    s.apply(0)
    for _ in range(len(s.bids) - 1):
        s.apply(PASS)


def test_end_first_exhaustion_reshuffles_discard_at_end_of_that_round():
    """At the end of the round in which the draw pile ran out for the first time, shuffle the discard pile
    (with this round's leftovers) into a new draw pile and continue."""
    s = position(2, offer="Y1 Y2", draw="Y3 Y4 Y5 Y6 Y7", discard="P1 P2 P3")
    _finish_round_by_special_case(s)
    assert s.offer == cards("Y3 Y4 Y5 Y6 Y7") and s.draw == [] and s.exhaustions == 1
    s.apply(1)
    s.apply(PASS)
    s.apply_text("take Y7; place Y7")
    # the whole discard pile (with Y1 Y2 and the leftovers Y3 Y4 Y5 Y6) is reshuffled; 5 are revealed
    assert s.phase != OVER and s.exhaustions == 1 and s.discard == []
    assert len(s.draw) + len(s.offer) == 80 - 1 and len(s.offer) == 5
    assert {card(c) for c in ("Y3", "Y4", "Y5", "Y6", "Y1", "P1")} <= set(s.draw + s.offer)
    assert s.chance == 2  # the reshuffle is a chance event


def test_end_second_exhaustion_ends_game_no_reshuffle_short_last_offer():
    """The game ends at the end of the round in which the draw pile runs out for the second time (no reshuffle);
    that last offer may hold fewer than 5 cards and the maximum bid is then the offer size."""
    s = position(2, offer="Y1 Y2", draw="Y3 Y4 Y5", discard="P1 P2", exhaustions=1)
    _finish_round_by_special_case(s)
    assert s.offer == cards("Y3 Y4 Y5") and s.exhaustions == 2
    assert s.legal_actions() == [0, 1, 2, 3]
    s.apply(3)  # the offer size: bidding stops
    assert s.phase == BUILD
    s.apply_text("take Y5 Y4 Y3; place Y5 Y4 Y3")
    assert s.is_over() and s.to_move() is None and s.legal_actions() == []
    assert Counter(cards("P1 P2 Y1 Y2")) <= Counter(s.discard) and s.draw == []


def test_end_last_round_by_special_case_still_ends_the_game():
    """If that last round ends by the special case (start bid 0, all others pass), the game still ends there."""
    s = position(3, offer="Y1 Y2", draw="", discard="P1", exhaustions=2, exhausted_now=True)
    _finish_round_by_special_case(s)
    assert s.is_over() and Counter(cards("P1 Y1 Y2")) <= Counter(s.discard)


def test_decision_round_starting_with_empty_draw_pile_ends_the_game():
    """Decision: if a round would start with an empty draw pile (possible only if the discard pile was empty
    at the reshuffle), the game ends."""
    s = position(2, offer="Y1", draw="", discard="", exhaustions=1, exhausted_now=True, rest="demolished")
    s.apply(1)
    s.apply_text("take Y1; place Y1")
    assert s.is_over() and s.exhaustions == 1 and s.draw == [] and s.winners() == [0]


# --- scoring -------------------------------------------------------------------------------------


def test_scoring_worked_example_25_points():
    """Worked example: towers of 4 cards (no top), 3 cards (topped), 6 cards (topped), 2 demolished
    → 4 + 6 + 12 + 6 − 3 = 25."""
    towers = [[15, 12, 9, 4], [3, 2, 0], [11, 10, 7, 5, 1, 0], [], []]
    assert score_of(towers, 2) == 25
    s = position(offer="G15", towers={0: {"P": towers[0], "V": towers[1], "G": towers[2]}}, demolished={0: "P1 P2"})
    assert s.scores()[0] == 25


def test_scoring_1_per_card_2_if_topped_main_tower_once_demolished_triangular():
    """1 point per card without a 0 top, 2 with; +1 per card of the tallest tower (one tower only);
    −n(n+1)/2 for n demolished cards."""
    assert score_of([[5, 4], [3, 2], [], [], []], 0) == 2 + 2 + 2  # two tallest of 2: the bonus counts once
    assert score_of([[5, 0], [], [], [], []], 0) == 4 + 2
    assert [score_of([[], [], [], [], []], n) for n in range(5)] == [0, -1, -3, -6, -10]


def test_scoring_ties_share_the_victory():
    """Highest total wins; ties share the victory (all tied players are winners)."""
    s = position(3, offer="Y1", draw="", towers={0: {"P": [5, 4]}, 1: {"V": [5, 4]}, 2: {"G": [3]}},
                 exhaustions=2, exhausted_now=True)
    assert s.winners() == []  # not over yet
    _finish_round_by_special_case(s)
    assert s.is_over() and s.scores() == [4.0, 4.0, 2.0] and s.winners() == [0, 1]


# --- variant ---------------------------------------------------------------------------------------


def test_variant_spanish_eight_8_on_anything_even_0():
    """spanish_eight: an 8 may be placed on any card, even on a 0; a 9 on any card except a 0; on an 8
    the normal rule applies (nothing is said about placing cards on an 8). Default off."""
    assert cardhall.load("five-towers").options["spanish_eight"] is False
    assert all(can_place(t, 8, spanish=True) for t in range(17))
    assert not can_place(0, 9, spanish=True) and can_place(3, 9, spanish=True)
    assert not can_place(8, 12, spanish=True) and can_place(8, 7, spanish=True)
    assert not can_place(0, 8) and can_place(8, 12)
    s = position(offer="Y8 Y7 P1 P2 P3", towers={0: {"Y": [4, 0]}}, spanish=True)
    assert s.max_bid() == 5
    s.apply(5)
    s.apply_text("place Y8 Y7 P3 P2 P1")
    assert tower(s, 0, "Y") == [4, 0, 8, 7]
    plain = position(offer="Y8 Y7 P1 P2 P3", towers={0: {"Y": [4, 0]}})
    assert plain.max_bid() == 3


def test_variant_spanish_eight_topped_means_0_on_top():
    """Decision (variant): a tower scores double only while a 0 is its top card."""
    assert score_of([[4, 0, 8], [], [], [], []], 0) == 3 + 3
    assert score_of([[4, 0], [], [], [], []], 0) == 4 + 2


# --- illegal actions leave the state untouched ----------------------------------------------------


def test_illegal_action_leaves_state_untouched_and_explains():
    """An illegal action raises IllegalAction with a sentence; the state is unchanged."""
    s = position(offer="Y7 P9 G3 S2 V11", towers={0: {"Y": [6, 4]}})
    before = s.to_json()
    for bad, match in [(5, "cannot bid 5"), (7, "a bid must be from 0 to 5"),
                       ((NO_DEMOLISH, (card("Y7"),)), "it is time to bid, not to build")]:
        with pytest.raises(IllegalAction, match=match):
            s.apply(bad)
        assert s.to_json() == before
    s.apply(4)
    s.apply(PASS)
    s.apply(PASS)
    before = s.to_json()
    with pytest.raises(IllegalAction, match=r"Y7 cannot be placed on Y4: values must decrease upwards"):
        s.apply_text("take Y7 P9 G3 S2; place Y7 P9 G3 S2")
    with pytest.raises(IllegalAction, match="Y7 cannot be placed on Y6"):
        s.apply_text("take Y7 P9 G3 S2; demolish Y4; place Y7 P9 G3 S2")
    with pytest.raises(IllegalAction, match="write the placement colour by colour"):
        s.apply((NO_DEMOLISH, tuple(cards("V11 P9 G3 S2"))))
    for junk in [(NO_DEMOLISH, (999,)), (NO_DEMOLISH, "Y7"), ("Y6", ()), 3]:
        with pytest.raises(IllegalAction, match=r"is not a build|must now take and build 4 cards"):
            s.apply(junk)
    assert s.to_json() == before


def test_demolish_hint_in_message():
    """Explanations say when a demolition would make a placement legal."""
    s = position(offer="Y7 P9 G3 S2 V11", towers={0: {"Y": [6]}})
    s.apply(5)
    with pytest.raises(IllegalAction, match="demolishing Y6 first would allow it"):
        s.apply_text("place Y7 P9 G3 S2 V11")


def test_builds_function_counts_match_max_build():
    """Every bid up to the highest honourable one has a build; none above it."""
    s = position(offer="Y9 Y8 Y15 P3 G2", towers={0: {"Y": [10, 1], "P": [2]}})
    top = s.max_bid()
    for k in range(1, 6):
        assert bool(builds(s.towers[0], s.offer, k, False)) == (k <= top)
