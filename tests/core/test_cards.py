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


def test_deal_unseen_says_so_when_nothing_fits():
    """No deal fits: a sentence (StateFormatError), whichever way the sampler finds out."""
    import random

    import pytest

    from cardhall.core.cards import deal_unseen
    from cardhall.core.errors import StateFormatError
    with pytest.raises(StateFormatError, match="no deal of the hidden cards fits"):
        deal_unseen([0, 1], [1, 1], [0, -1], random.Random(1))  # both cards forced into hand 1
    with pytest.raises(StateFormatError, match="no deal of the hidden cards fits"):
        deal_unseen([0, 1, 2], [2, 1], [0b011, 0b011], random.Random(1))  # card 2 fits no hand
    with pytest.raises(StateFormatError, match="no deal of the hidden cards fits"):  # hand 2 takes 2 cards, only card 3 fits
        deal_unseen([0, 1, 2, 3], [1, 1, 2], [0b1111, 0b1111, 0b1000], random.Random(1), tries=0)
    with pytest.raises(ValueError, match="cannot take"):
        deal_unseen([0, 1, 2], [1, 1], [-1, -1], random.Random(1))


def test_deal_unseen_fallback_is_consistent_and_uniform():
    """With tight constraints (or `tries=0`) the exact method deals: every deal fits, and
    every deal that fits appears, equally often (within sampling noise). Hand 0 may hold only cards 0-2, hand 1
    anything, hand 2 only cards 2-5; the deals that fit are counted by brute force."""
    import itertools
    import random

    from cardhall.core.cards import deal_unseen
    sizes, allowed = [2, 2, 2], [0b000111, -1, 0b111100]
    fitting = set()
    for perm in itertools.permutations(range(6)):
        hands = (sum(1 << c for c in perm[:2]), sum(1 << c for c in perm[2:4]), sum(1 << c for c in perm[4:]))
        if all(h & ~a == 0 for h, a in zip(hands, allowed, strict=True)):
            fitting.add(hands)
    rng = random.Random(7)
    counts: dict[tuple[int, ...], int] = {}
    n = 6000
    for _ in range(n):
        hands = tuple(deal_unseen(range(6), sizes, allowed, rng, tries=0))
        assert hands in fitting
        counts[hands] = counts.get(hands, 0) + 1
    assert set(counts) == fitting
    expected = n / len(fitting)
    assert all(0.8 * expected < c < 1.2 * expected for c in counts.values()), (expected, sorted(counts.values()))


def test_deal_unseen_places_cards_only_one_hand_may_hold_and_stays_uniform():
    """A card only one hand may hold goes there; the others are dealt uniformly (rejection)."""
    import random

    from cardhall.core.cards import deal_unseen
    rng = random.Random(11)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(3000):
        hands = deal_unseen([0, 1, 2, 3], [2, 2], [0b1110, 0b1111], rng, tries=1)  # card 0 only in hand 1
        assert hands[1] & 1 and sum(hands) == 0b1111
        counts[tuple(hands)] = counts.get(tuple(hands), 0) + 1
    assert len(counts) == 3 and all(850 < c < 1150 for c in counts.values())  # 1000 each expected
