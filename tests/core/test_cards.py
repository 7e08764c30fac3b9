"""French-suited card sets as bitmasks."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardhall.core import NotationError
from cardhall.core.cards import (
    FULL_DECK,
    SUIT_MASKS,
    card_list,
    card_name,
    deck,
    format_card,
    format_cards,
    highest,
    iter_cards,
    lowest,
    parse_card,
    parse_cards,
)


def test_card_numbers_and_notation():
    assert parse_card("2C") == 0
    assert parse_card("AS") == 51
    assert parse_card("qs") == parse_card("Q♠") == 49
    assert parse_card("10H") == parse_card("TH")
    assert format_card(49) == "QS" and format_card(49, symbols=True) == "Q♠"
    assert card_name(49) == "queen of spades"


@pytest.mark.parametrize("text", ["", "Q", "1S", "QX", "QSS", "11H"])
def test_bad_cards_say_the_form(text):
    with pytest.raises(NotationError, match="write rank then suit"):
        parse_card(text)


def test_sets_and_suits():
    hand = parse_cards("AS QS TH 2C")
    assert hand.bit_count() == 4
    assert format_cards(hand) == "AS QS TH 2C"
    assert parse_cards(["AS", "QS", "TH", "2C"]) == parse_cards("AS,QS TH  2C") == hand
    assert highest(hand & SUIT_MASKS[3]) == parse_card("AS")
    assert lowest(hand) == parse_card("2C")
    assert deck("6789TJQKA").bit_count() == 36
    assert (deck("89TJQKA") | parse_cards("7S 7H")).bit_count() == 30
    assert sum(SUIT_MASKS) == FULL_DECK


@given(st.integers(min_value=0, max_value=FULL_DECK))
def test_iteration_round_trips(mask):
    cards = card_list(mask)
    assert cards == sorted(cards) and len(cards) == mask.bit_count()
    assert parse_cards(format_cards(mask)) == mask
    assert list(iter_cards(mask)) == [c for c in range(52) if mask >> c & 1]


def test_deal_unseen_respects_sizes_and_constraints():
    import random

    from cardhall.core.cards import deal_unseen
    rng = random.Random(3)
    cards = list(range(12))
    no_low = FULL_DECK & ~0b11  # hand 0 cannot hold cards 0 and 1 (a shown void)
    for _ in range(200):
        hands = deal_unseen(cards, [4, 4, 4], [no_low, FULL_DECK, FULL_DECK], rng, tries=60)
        assert hands is not None
        assert [h.bit_count() for h in hands] == [4, 4, 4]
        assert hands[0] & 0b11 == 0
        assert hands[0] | hands[1] | hands[2] == (1 << 12) - 1


def test_deal_unseen_is_uniform_over_the_deals_that_fit():
    """Two cards to two one-card hands, one hand barred from card 0: only one deal fits;
    with no bar, both deals appear about equally often."""
    import random

    from cardhall.core.cards import deal_unseen
    rng = random.Random(5)
    assert {tuple(deal_unseen([0, 1], [1, 1], [~1, -1], rng)) for _ in range(50)} == {(2, 1)}
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(4000):
        key = tuple(deal_unseen([0, 1, 2], [1, 2], [-1, -1], rng))
        counts[key] = counts.get(key, 0) + 1
    assert len(counts) == 3 and all(1150 < n < 1520 for n in counts.values())  # 1333 each expected


def test_deal_unseen_gives_up_when_nothing_fits():
    import random

    import pytest

    from cardhall.core.cards import deal_unseen
    assert deal_unseen([0, 1], [1, 1], [0, -1], random.Random(1)) is None
    with pytest.raises(ValueError, match="cannot take"):
        deal_unseen([0, 1, 2], [1, 1], [-1, -1], random.Random(1))
