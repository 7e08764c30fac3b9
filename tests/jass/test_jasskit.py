"""Cross-check with HSLU's jass-kit (`RuleSchieber`): legal cards, trick winner and points.

With ``bauer_exception=True`` our rules and jass-kit's Schieber card rules are meant to be
the same; we compare them on random positions of random deals (encoding map in
`cardhall.games.jass.peer`, documented in docs/jass.md). Two kinds of positions differ,
and there ours must follow rules/jass.md, not jass-kit:

1. jass-kit's known defect: with two trumps already in a trick led in a plain suit, it
   takes the trump to beat by card index instead of trump rank, so it may allow an
   under-trump (e.g. the A and the 6 of trump on the table: it lets you play the 7).
2. A hand of trumps only, some higher and some lower than the trump on the table:
   jass-kit (the common Swiss rule) lets you under-trump; the seed forbids it "unless
   there is no other way out" — and over-trumping is another way out.
"""

from __future__ import annotations

import random

import numpy as np
from jass.game.rule_schieber import RuleSchieber

from cardhall.core.cards import SUIT_MASKS
from cardhall.core.registry import load
from cardhall.games.jass.peer import kit_card, kit_hand, kit_seat, kit_suit, our_card, our_mask
from cardhall.games.jass.tricks import HIGHER_TRUMPS, STRENGTH, cards_of, trick_points, trick_winner

RULE = RuleSchieber()


def test_card_and_seat_maps_are_bijections():
    """The encoding map: our cards 6–A of C D H S ↔ jass-kit's 0–35; seats clockwise ↔ N W S E."""
    from cardhall.games.jass.tricks import DECK, cards_of

    assert sorted(kit_card(c) for c in cards_of(DECK)) == list(range(36))
    assert all(our_card(kit_card(c)) == c for c in cards_of(DECK))
    assert kit_card(12 + 13 * 1) == 0  # ace of diamonds is jass-kit's DA = 0
    assert kit_card(4) == 35  # six of clubs is C6 = 35
    assert [kit_suit(s) for s in range(4)] == [3, 0, 1, 2]
    # our play order 0 → 1 → 2 → 3 is jass-kit's N → W → S → E (next_player = [3, 0, 1, 2])
    from jass.game.const import next_player, partner_player
    for s in range(4):
        assert next_player[kit_seat(s)] == kit_seat((s + 1) % 4)
        assert partner_player[kit_seat(s)] == kit_seat((s + 2) % 4)


def _divergence(hand: int, trick: list[int], trump: int) -> str | None:
    """Which known difference (if any) applies to this position."""
    lead = trick[0] // 13
    if lead == trump:
        return None
    trumps = [c for c in trick if c // 13 == trump]
    if not trumps:
        return None
    st = STRENGTH[trump]
    best = max(trumps, key=st.__getitem__)
    kit_best = max(trumps, key=kit_card)  # jass-kit's pick: the highest card index
    if kit_best != best:
        return "index-defect"
    mine = hand & SUIT_MASKS[trump]
    if mine == hand and mine & HIGHER_TRUMPS[best] and mine & ~HIGHER_TRUMPS[best]:
        return "only-trumps"
    return None


def test_legal_cards_and_trick_points_agree_with_jass_kit_on_10000_positions():
    """Rules "Card play" with bauer_exception=True equal jass-kit's RuleSchieber everywhere
    but the two documented divergences, where ours follows rules/jass.md."""
    game = load("jass", bauer_exception=True)
    positions = tricks_checked = lone_bauer = 0
    diverged = {"index-defect": 0, "only-trumps": 0}
    seed = 0
    while positions < 10_000:
        seed += 1
        rng = random.Random(seed)
        state = game.new_state(seed)
        state.apply(rng.choice(state.legal_actions()))
        if state.to_move() != (state.dealer + 1) % 4:  # pushed
            state.apply(rng.choice(state.legal_actions()))
        trump = state.trump
        kit_trump = kit_suit(trump)
        while state.tricks_done < 9 and state.phase == 4:
            seat = state.to_move()
            trick = list(state.trick)
            hand = state.hands[seat]
            ours = state._legal_mask()
            assert state.legal_actions() == cards_of(ours)  # the hot path agrees with tricks.legal_mask
            kit = our_mask(RULE.get_valid_cards(np.array(kit_hand(hand)), [kit_card(c) for c in trick] + [-1] * (4 - len(trick)),
                                                len(trick), kit_trump))
            kind = _divergence(hand, trick, trump) if trick else None
            if trick and trick[0] // 13 == trump and hand & SUIT_MASKS[trump] == 1 << (trump * 13 + 9):
                lone_bauer += 1  # the Bauer exception is exercised
            if kind is None:
                assert ours == kit, (seed, trick, hand)
            elif ours != kit:
                diverged[kind] += 1
                # ours follows the rule: no trump lower than the best one on the table unless only lower trumps
                best = max((c for c in trick if c // 13 == trump), key=STRENGTH[trump].__getitem__)
                lower = hand & SUIT_MASKS[trump] & ~HIGHER_TRUMPS[best]
                assert ours & lower == 0 and kit & lower != 0
            positions += 1
            card = rng.choice(state.legal_actions())
            leader = state.leader
            full = [*trick, card]
            last = state.tricks_done == 8
            state.apply(card)
            if len(full) == 4:
                tricks_checked += 1
                points = RULE.calc_points(np.array([kit_card(c) for c in full]), last, kit_trump)
                assert trick_points(full, trump, last) == points
                winner = RULE.calc_winner(np.array([kit_card(c) for c in full]), kit_seat(leader), kit_trump)
                assert kit_seat((leader + trick_winner(full, trump)) % 4) == winner
                assert state.last is not None and state.last[2] == (leader + trick_winner(full, trump)) % 4
    print(f"{positions} positions, {tricks_checked} tricks, {lone_bauer} lone-Bauer positions, divergences {diverged}")
    assert positions >= 10_000 and tricks_checked >= 2_000 and lone_bauer > 0
    assert diverged["index-defect"] > 0, "random play should meet jass-kit's index defect"


def test_known_jass_kit_defect_example():
    """♦ led, A♠ then 6♠ on the table (trump ♠); holding 7♠ 8♥: jass-kit allows the 7♠
    (it beats the 6, the higher card index), but the trump to beat is the A: ours allows only 8♥."""
    from cardhall.core.cards import parse_card, parse_cards
    from cardhall.games.jass.tricks import legal_mask

    trump = 3
    trick = [parse_card("7D"), parse_card("AS"), parse_card("6S")]
    hand = parse_cards("7S 8H")
    ours = legal_mask(hand, 1, parse_card("AS"), trump, True)
    kit = our_mask(RULE.get_valid_cards(np.array(kit_hand(hand)), [kit_card(c) for c in trick] + [-1], 3, kit_suit(trump)))
    assert ours == parse_cards("8H")
    assert kit == parse_cards("7S 8H")
