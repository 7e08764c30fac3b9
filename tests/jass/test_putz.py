"""rules/jass.md, "Putz / Apple" for 3 and 5 players: each rule and Decision named."""

from __future__ import annotations

import random

import pytest

from cardhall.core.cards import format_card, parse_card
from cardhall.core.errors import IllegalAction, OptionError, StateFormatError
from cardhall.core.registry import load
from cardhall.games.jass.base import EXCHANGE_SIX, KEEP, NO_EXCHANGE, P_PLAY, P_SIX, P_TALON, TAKE_TALON
from cardhall.games.jass.putz import putz_deltas
from cardhall.games.jass.tricks import DECK, six_of

from .helpers import putz_state


def find(players, want, start=1):
    """The first seed from `start` whose new state satisfies `want`."""
    seed = start
    while True:
        s = putz_state(players, seed)
        if want(s):
            return s
        seed += 1


def six_holder(s):
    six = six_of(s.trump)
    return next((i for i in range(s.n) if s.hands[i] >> six & 1), None)


def skip_six_round(s):
    while s.phase == P_SIX:
        s.apply(NO_EXCHANGE)


# --- 3 players ----------------------------------------------------------------------
def test_rule_3p_nine_each_talon_of_nine_turned_up_trump():
    """"9 cards each; the remaining 9 form the talon. The dealer turns up the top card of the talon: its suit is trump.\""""
    s = putz_state(3, 4)
    assert [h.bit_count() for h in s.hands] == [9, 9, 9]
    assert s.talon.bit_count() == 9 and s.talon >> s.turned & 1
    assert s.trump == s.turned // 13
    assert sum(s.hands) | s.talon == DECK
    assert s.view(0)["turned"] == s.view(1)["up"]  # the turned-up card is public


def test_rule_trump_six_exchange():
    """"Trump six: the holder of the 6 of trump may exchange it for the turned-up card before the first trick.\""""
    s = find(3, lambda s: six_holder(s) is not None and s.turned != six_of(s.trump))
    holder = six_holder(s)
    while s.to_move() != holder:
        assert s.legal_actions() == [NO_EXCHANGE]
        s.apply(NO_EXCHANGE)
    assert s.legal_actions() == [EXCHANGE_SIX, NO_EXCHANGE]
    turned, six = s.turned, six_of(s.trump)
    s.apply_text("exchange six")
    assert s.hands[holder] >> turned & 1 and not s.hands[holder] >> six & 1
    assert s.talon >> six & 1 and s.up == six
    v = s.view((holder + 1) % 3)
    assert v["six_exchanged_by"] == holder and v["up"] == "6" + "CDHS"[s.trump]  # the six is public
    assert v["known"][holder] == [v["turned"]]  # and everyone knows who holds the turned-up card
    assert s.phase == P_TALON


def test_six_round_asks_everyone_so_declining_reveals_nothing():
    """The six round asks each player in turn (no exchange / exchange six), so nobody learns who holds the six."""
    s = find(3, lambda s: six_holder(s) is not None and s.turned != six_of(s.trump))
    asked = []
    while s.phase == P_SIX:
        asked.append(s.to_move())
        s.apply(NO_EXCHANGE)
    assert asked == [(s.dealer + k) % 3 for k in (1, 2, 3)]


def test_six_round_skipped_when_the_turned_up_card_is_the_six():
    s = find(3, lambda s: s.turned == six_of(s.trump))
    assert s.phase == P_TALON
    with pytest.raises(IllegalAction, match="take the talon or keep"):
        s.apply(EXCHANGE_SIX)


def test_rule_talon_exchange_sets_the_hand_aside():
    """"The first player after the dealer may exchange their whole hand for the talon
    (their 9 cards are set aside, out of play).\""""
    s = putz_state(3, 7)
    skip_six_round(s)
    first = (s.dealer + 1) % 3
    assert s.to_move() == first
    hand, talon = s.hands[first], s.talon
    s.apply_text("take talon")
    assert s.hands[first] == talon and s.aside == hand and s.talon == 0
    assert s.phase == P_PLAY and s.to_move() == first  # the first player after the dealer leads
    assert s.view(first)["aside"] is not None and s.view((first + 1) % 3)["aside"] is None


def test_decision_talon_offer_once_around_first_accept_takes_it():
    """**Decision**: "the offer goes once around, starting left of the dealer; the first to
    accept takes it; at most one exchange"."""
    s = putz_state(3, 8)
    skip_six_round(s)
    d = s.dealer
    s.apply(KEEP)
    assert s.to_move() == (d + 2) % 3
    s.apply(TAKE_TALON)
    assert s.taker == (d + 2) % 3 and s.phase == P_PLAY  # nobody else is asked
    s2 = putz_state(3, 8)
    skip_six_round(s2)
    for _ in range(3):
        s2.apply(KEEP)
    assert s2.phase == P_PLAY and s2.taker == -1 and s2.talon.bit_count() == 9
    assert s2.to_move() == (d + 1) % 3


def test_decision_six_exchange_happens_before_the_talon_offer():
    """**Decision**: "the trump-six exchange (if any) happens first" — the taker then gets the six."""
    s = find(3, lambda s: six_holder(s) is not None and s.turned != six_of(s.trump))
    assert s.phase == P_SIX
    with pytest.raises(IllegalAction, match="whether to exchange the six of trump"):
        s.apply(TAKE_TALON)
    holder = six_holder(s)
    while s.to_move() != holder:
        s.apply(NO_EXCHANGE)
    s.apply(EXCHANGE_SIX)
    while s.to_move() != holder:
        s.apply(KEEP)
    s.apply(TAKE_TALON)  # the exchanger takes the talon: its six comes back, their hand with the turned card goes aside
    assert s.hands[holder] >> six_of(s.trump) & 1 and s.aside >> s.turned & 1
    assert s.known[holder] == 1 << six_of(s.trump)


def test_rule_first_player_after_dealer_leads():
    """"The first player after the dealer leads.\""""
    for seed in (1, 2, 3):
        s = putz_state(3, seed)
        while s.phase != P_PLAY:
            s.apply(s.legal_actions()[-1])
        assert s.to_move() == (s.dealer + 1) % 3 and not s.trick


@pytest.mark.parametrize("points, deltas", [
    ([50, 40, 37], [1, 1, 0]),  # 0 apples: the two best +1
    ([60, 52, 15], [1, 1, -1]),  # 1 apple: the two best +1, the apple -1
    ([95, 20, 12], [2, -1, -1]),  # 2 apples: the winner +2 instead
])
def test_rule_3p_scoring_apples_and_putzes(points, deltas):
    """"Apple: every player with fewer than 21 card points gets −1; putz: the two best players get
    +1 each; if two players are apples, the winner gets +2 instead.\""""
    assert putz_deltas(points) == deltas


def test_rule_apple_is_fewer_than_21():
    """"fewer than 21": 21 is not an apple, 20 is."""
    assert putz_deltas([21, 20, 86]) == [1, -1, 1]


def test_decision_3p_ties_share_a_putz_place():
    """**Decision**: "ties for a putz place share it (all tied players get the putz)"."""
    assert putz_deltas([41, 41, 45]) == [1, 1, 1]  # tie for second: both get it
    assert putz_deltas([45, 45, 37]) == [1, 1, 0]
    assert putz_deltas([42, 42, 42]) == [1, 1, 1]


def test_decision_three_apples_get_no_putz():
    """**Decision** (the seed is silent): putzes go only to players who are not apples, so
    when all three are apples (possible when the talon holds many points) nobody gets one."""
    assert putz_deltas([20, 15, 10]) == [-1, -1, -1]


def test_rule_3p_game_end_and_winner():
    """"The game ends when a player reaches 7 or a player drops below −3; the highest total wins.\""""
    for seed in range(1, 6):
        s = putz_state(3, seed)
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        assert max(s.score) >= 7 or min(s.score) < -3
        prev = [sum(d["deltas"][i] for d in s.log[:-1]) for i in range(3)]
        assert max(prev) < 7 and min(prev) >= -3  # it did not end earlier
        assert s.winners() == [i for i in range(3) if s.score[i] == max(s.score)]


def test_decision_ties_for_the_win_share_it():
    """**Decision**: "ties for the win share it"."""
    s = putz_state(3, 1)
    s.phase = 5
    s.score = [7, 7, -1]
    assert s.winners() == [0, 1]


def test_rule_minus_three_is_not_below_minus_three():
    """"drops below −3": −3 goes on, −4 ends (deal scoring applied by the state)."""
    s = putz_state(3, 1)
    s.score = [-2, 0, 0]
    s.points = [10, 60, 60]
    s.tricks_done = 9
    s._trick_taken(1, 0)
    assert s.score[0] == -3 and not s.is_over()
    s.score = [-3, 0, 0]
    s.points = [10, 60, 60]
    s.tricks_done = 9
    s._trick_taken(1, 0)
    assert s.score[0] == -4 and s.is_over()


# --- 5 players ----------------------------------------------------------------------
def test_rule_5p_seven_each_three_then_four_36th_card_trump():
    """"7 cards each, dealt 3 then 4; the 36th card is turned up and gives trump … there is no talon.\""""
    s = putz_state(5, 3)
    assert [h.bit_count() for h in s.hands] == [7] * 5
    assert s.talon == 0 and sum(s.hands) | (1 << s.turned) == DECK
    assert s.trump == s.turned // 13
    s2 = find(5, lambda s: six_holder(s) is not None)
    skip = 0
    while s2.phase == P_SIX:
        s2.apply(s2.legal_actions()[0])
        skip += 1
    assert s2.phase == P_PLAY  # no talon round with five
    assert TAKE_TALON not in s2.legal_actions()


def test_rule_5p_trump_six_exchange():
    """"the holder of the trump 6 may exchange it for that card".\""""
    s = find(5, lambda s: six_holder(s) is not None)
    holder = six_holder(s)
    while s.to_move() != holder:
        s.apply(NO_EXCHANGE)
    turned = s.turned
    s.apply(EXCHANGE_SIX)
    assert s.hands[holder] >> turned & 1 and s.up == six_of(s.trump)
    s.check_consistency()


@pytest.mark.parametrize("points, deltas", [
    ([40, 35, 30, 26, 26], [1, 1, 1, 0, 0]),  # 0 apples: the three best +1
    ([40, 35, 30, 26, 10], [1, 1, 1, 0, -1]),  # 1 apple: the three best +1
    ([60, 35, 30, 10, 5], [2, 0, 0, -1, -1]),  # 2 apples: the best +2
    ([70, 40, 20, 10, 0], [2, 2, -1, -1, -1]),  # 3 apples: the two best +2 each
    ([110, 20, 10, 5, 0], [3, -1, -1, -1, -1]),  # 4 apples: the winner +3
])
def test_rule_5p_scoring_table(points, deltas):
    """5 players: "apples (< 21 points) get −1 each; then 0 or 1 apple: the three best +1 each;
    2 apples: the best +2; 3 apples: the two best +2 each; 4 apples: the winner +3"."""
    assert putz_deltas(points) == deltas


def test_decision_5p_ties_share_a_putz_place():
    """**Decision**: ties for a putz place share it."""
    assert putz_deltas([40, 30, 30, 30, 25]) == [1, 1, 1, 1, 0]
    assert putz_deltas([50, 50, 30, 10, 5]) == [2, 2, 0, -1, -1]


def test_rule_5p_game_end_below_minus_five():
    """"The game ends when a player reaches 7 or a player drops below −5.\""""
    for seed in range(1, 4):
        s = putz_state(5, seed)
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        assert max(s.score) >= 7 or min(s.score) < -5
        assert s.view(0)["lose_below"] == -5


def test_putz_options():
    assert load("putz").num_players == 3
    assert load("putz", players="5").num_players == 5
    with pytest.raises(OptionError, match="one of 3, 5"):
        load("putz", players=4)


def test_putz_notation():
    g = load("putz")
    for a in (EXCHANGE_SIX, NO_EXCHANGE, TAKE_TALON, KEEP, parse_card("6H")):
        assert g.parse_action(g.format_action(a).upper()) == a


def test_view_hides_the_talon_and_the_hand_set_aside():
    """view: the talon is hidden but for its face-up card; the hand set aside is seen only by its owner."""
    s = putz_state(3, 7)
    skip_six_round(s)
    v = s.view(1)
    hidden = [c for c in range(52) if s.talon >> c & 1 and c != s.up]
    text = str(v)
    assert all(f"'{format_card(c)}'" not in text for c in hidden)
    assert v["talon_size"] == 9 and v["up"] == format_card(s.up)
    first = s.to_move()
    s.apply(TAKE_TALON)
    assert s.view(first)["aside"] and s.view((first + 1) % 3)["aside"] is None
    assert s.view((first + 1) % 3)["known"][first] == [format_card(s.up)]


def test_malformed_putz_state_is_refused():
    g = load("putz")
    s = putz_state(3, 9)
    data = s.to_json()
    data["state"]["talon"] = ""
    with pytest.raises(StateFormatError, match="cards are missing"):
        g.state_from_json(data)
    data = s.to_json()
    data["state"]["turned"] = "6S" if s.trump != 3 else "6H"
    with pytest.raises(StateFormatError):
        g.state_from_json(data)
    assert g.state_from_json(s.to_json()) == s
