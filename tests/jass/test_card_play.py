"""rules/jass.md, "Cards" and "Card play (all variants)": each rule named and quoted."""

from __future__ import annotations

import pytest

from cardhall.core.cards import card_list, format_cards, parse_card, parse_cards
from cardhall.core.errors import IllegalAction
from cardhall.games.jass.tricks import (
    DEAL_TOTAL,
    DECK,
    POINTS,
    STRENGTH,
    cannot_hold,
    legal_mask,
    mask_points,
    trick_points,
    trick_winner,
)

from .helpers import jass_position

S, H, D, C = 3, 2, 1, 0


def legal(hand: str, trick: str, trump: int, bauer: bool = False) -> str:
    cards = [parse_card(c) for c in trick.split()]
    lead = cards[0] // 13 if cards else -1
    win = cards[trick_winner(cards, trump)] if cards else -1
    return format_cards(legal_mask(parse_cards(hand), lead, win, trump, bauer))


def order(trump: int, suit: int) -> str:
    cards = [c for c in card_list(DECK) if c // 13 == suit]
    return " ".join(format_cards(1 << c) for c in sorted(cards, key=lambda c: -STRENGTH[trump][c]))


def test_rule_36_cards_6_to_ace():
    """Cards: "36 cards, suits ♥ ♦ ♠ ♣ …, ranks 6 7 8 9 10 J Q K A"."""
    assert DECK.bit_count() == 36
    assert {format_cards(1 << c)[0] for c in card_list(DECK)} == set("6789TJQKA")


def test_rule_trump_order_and_points():
    """Trump: "J (the Bauer) 20 > 9 (the Nell) 14 > A 11 > K 4 > Q 3 > 10 10 > 8 0 > 7 0 > 6 0"."""
    assert order(H, H) == "JH 9H AH KH QH TH 8H 7H 6H"
    assert [POINTS[H][parse_card(c)] for c in order(H, H).split()] == [20, 14, 11, 4, 3, 10, 0, 0, 0]


def test_rule_plain_order_and_points():
    """Other suits: "A 11 > K 4 > Q 3 > J 2 > 10 10 > 9 0 > 8 0 > 7 0 > 6 0"."""
    assert order(H, S) == "AS KS QS JS TS 9S 8S 7S 6S"
    assert [POINTS[H][parse_card(c)] for c in order(H, S).split()] == [11, 4, 3, 2, 10, 0, 0, 0, 0]


def test_rule_deal_is_worth_157_with_last_trick_bonus():
    """"The last trick earns +5. A deal is worth exactly 157 points in total"."""
    for t in range(4):
        assert mask_points(DECK, t) + 5 == DEAL_TOTAL == 157
    assert trick_points([parse_card(c) for c in ["AS", "KS", "QS", "JS"]], H, last=True) == 11 + 4 + 3 + 2 + 5


def test_rule_leader_plays_any_card():
    """"The leader plays any card"."""
    assert legal("AS 6H 7D JC", "", H) == "AS 6H 7D JC"


def test_rule_follow_suit_but_trump_at_any_time():
    """"A follower must follow the led suit if able, but may play a trump at any time"."""
    assert legal("AS 6S 6H 7D JC", "KS", H) == "AS 6S 6H"


def test_rule_void_plays_any_card():
    """"A player void in the led suit may play any card"."""
    assert legal("6H 7D JC", "KS", H) == "6H 7D JC"


def test_rule_no_under_trumping():
    """"No under-trumping: when the led suit is not trump and someone has already trumped
    this trick, a player may not play a trump lower than the highest trump on the table"."""
    assert legal("7H 7D JC", "KS AH", H) == "7D JC"  # void in spades: anything but the lower trump
    assert legal("7H AS", "KS AH", H) == "AS"  # must follow, and the lower trump is out


def test_rule_under_trump_when_no_other_choice():
    """"… unless they have no other choice (every card they could otherwise play is a lower trump)"."""
    assert legal("7H 6H", "KS AH", H) == "7H 6H"


def test_rule_under_trump_forbidden_when_over_trumping_is_possible():
    """With only trumps, some higher: over-trumping is another choice, so under-trumping is
    still forbidden (the seed: "unless there is no other way out"; jass-kit differs here)."""
    assert legal("JH 6H", "KS AH", H) == "JH"


def test_rule_over_trumping_always_allowed():
    """"Over-trumping is always allowed" — also when able to follow suit."""
    assert legal("9H 7H 6S", "KS AH", H) == "6S 9H"


def test_rule_under_trump_against_the_highest_trump_not_the_last():
    """The trump to beat is the highest on the table by trump rank (A then 6: the A counts)."""
    assert legal("7H 8D", "KS AH 6H", H) == "8D"


def test_rule_trump_led_must_follow_with_trump():
    """"When trump is led, a player holding trumps must follow with a trump" — any trump."""
    assert legal("6H JH AS", "KH", H) == "JH 6H"
    assert legal("AS 7D", "KH", H) == "AS 7D"


def test_decision_bauer_rule_default_no_exception():
    """**Decision — the Bauer rule**: "Default: no exception (the seed)" — a lone Bauer must follow trump."""
    assert legal("JH AS 7D", "KH", H) == "JH"
    s = jass_position({0: "KH 6D", 1: "JH AS", 2: "7C 8C", 3: "9C TC"}, "H", leader=0, trick="KH")
    with pytest.raises(IllegalAction, match="must play a trump"):
        s.apply(parse_card("AS"))


def test_decision_bauer_exception_option():
    """**Decision — the Bauer rule**: "Option bauer_exception=True enables it" — the lone
    Bauer need not be played to follow trump; with other trumps, a trump is still due."""
    assert legal("JH AS 7D", "KH", H, bauer=True) == "AS JH 7D"
    assert legal("JH 6H AS", "KH", H, bauer=True) == "JH 6H"
    s = jass_position({0: "KH 6D", 1: "JH AS", 2: "7C 8C", 3: "9C TC"}, "H", leader=0, trick="KH", bauer_exception=True)
    s.apply(parse_card("AS"))


def test_rule_trick_winner():
    """"Trick winner: the highest trump if any trump was played, else the highest card of the led suit"."""
    cards = [parse_card(c) for c in ["KS", "AS", "6H", "JH"]]
    assert trick_winner(cards, H) == 3
    assert trick_winner([parse_card(c) for c in ["KS", "AD", "QS", "6S"]], H) == 0  # off-suit ace does not win
    assert trick_winner([parse_card(c) for c in ["9H", "JH"]], H) == 1  # Bauer beats Nell
    assert trick_winner([parse_card(c) for c in ["KH", "9H"]], H) == 1  # Nell beats the king
    assert trick_winner([parse_card(c) for c in ["JS", "9S"]], H) == 0  # plain: J above 9


def test_rule_play_is_clockwise_and_winner_leads_next():
    """"Play is clockwise." "The winner leads next.\""""
    s = jass_position({0: "KS 6D", 1: "AS 7D", 2: "7S 8D", 3: "6H 9D"}, "H", leader=0)
    order = []
    for card in ("KS", "AS", "7S", "6H"):
        order.append(s.to_move())
        s.apply(parse_card(card))
    assert order == [0, 1, 2, 3]
    assert s.leader == 3 and s.to_move() == 3  # the trump six took it


def test_shown_voids_and_forced_under_trump_are_public_inferences():
    """What legal play shows (used by view and sample): a void; no trump; only lower trumps."""
    ks, ah = parse_card("KS"), parse_card("AH")
    assert cannot_hold(parse_card("7D"), S, ks, H, False) == parse_cards("AS KS QS JS TS 9S 8S 7S 6S")
    assert format_cards(cannot_hold(parse_card("7D"), H, ah, H, True)) == "AH KH QH TH 9H 8H 7H 6H"  # Bauer may hide
    assert format_cards(DECK & ~cannot_hold(parse_card("7H"), S, ah, H, False)) == "KH QH TH 8H 7H 6H"
    assert cannot_hold(parse_card("QS"), S, ks, H, False) == 0


def test_illegal_card_messages_say_what_is_right():
    """Clear errors: not held; must follow suit; may not under-trump; state untouched."""
    s = jass_position({0: "KS 6D", 1: "AS 7D 7H", 2: "7S 8D", 3: "6H 9D"}, "H", leader=0, trick="KS")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="you do not hold QC"):
        s.apply(parse_card("QC"))
    with pytest.raises(IllegalAction, match="you must follow suit: you hold spades"):
        s.apply(parse_card("7D"))
    assert s.to_json() == before
    s = jass_position({0: "KS 6D", 1: "AH 7D", 2: "7H 8D", 3: "6H 9D"}, "H", leader=0, trick="KS AH")
    with pytest.raises(IllegalAction, match="may not under-trump"):
        s.apply(parse_card("7H"))
