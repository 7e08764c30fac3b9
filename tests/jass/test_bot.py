"""The heuristic bot: its decisions on hand-made positions, and results against random."""

from __future__ import annotations

from cardhall.bots import make_bot
from cardhall.core.bot import Observation
from cardhall.core.cards import parse_card, parse_cards
from cardhall.core.registry import load
from cardhall.games.jass.base import EXCHANGE_SIX, KEEP, PUSH, TAKE_TALON, TRUMP
from cardhall.games.jass.bot import HeuristicBot
from cardhall.room import play_game
from tests.helpers import set_hands

from .helpers import jass_position, putz_state


def act(state, seat=None):
    return HeuristicBot(0).act(Observation.of(state, seat))


def test_bot_chooses_its_strong_suit_as_trump():
    s = load("jass").new_state(1)
    seat = s.to_move()
    set_hands(s, {seat: parse_cards("JH 9H AH 7H 6H AS 7D 8D 6C")})
    assert act(s) == TRUMP + 2


def test_bot_pushes_a_weak_hand_and_partner_then_chooses():
    s = load("jass").new_state(1)
    seat = s.to_move()
    set_hands(s, {seat: parse_cards("7H 8H 6S 7S QD 8D 6D 7C 8C")})
    assert act(s) == PUSH
    s.apply(PUSH)
    assert act(s) in [TRUMP + i for i in range(4)]


def test_bot_smears_points_on_partners_winning_trick():
    """Partner's ace of spades is safe as last card falls to us: we throw the ten of clubs, not the Bauer."""
    s = jass_position({0: "6D", 1: "AS", 2: "7S", 3: "TC JH 6C"}, "H", leader=0, trick="6S AS 7S")
    # seat 3 is last; partner (1) wins with the ace
    set_hands(s, {3: parse_cards("TC JH 6C")})
    assert act(s, 3) == parse_card("TC")


def test_bot_keeps_bauer_and_nell_when_it_cannot_or_need_not_win():
    s = jass_position({0: "6D", 1: "KS", 2: "7S", 3: "JH 9H 6C"}, "H", leader=0, trick="6S KS 7S")
    set_hands(s, {3: parse_cards("JH 9H 6C")})  # partner winning with the king: give the six, keep Bauer and Nell
    assert act(s, 3) == parse_card("6C")


def test_bot_takes_a_rich_trick_cheaply():
    """Opponent's ace takes a 21-point trick; void in spades, we trump in with the lowest trump."""
    s = jass_position({0: "TS 6S", 1: "6D 7D", 2: "AS 8S", 3: "8H 7H 6C"}, "H", leader=0, trick="TS 6D AS")
    assert act(s, 3) == parse_card("7H")


def test_bot_exchanges_the_six_and_judges_the_talon():
    s = putz_state(3, 1)
    from cardhall.games.jass.base import P_SIX
    from cardhall.games.jass.tricks import six_of

    s.phase = P_SIX
    seat = s.to_move()
    six = six_of(s.trump)
    owner = next((o for o in range(3) if s.hands[o] >> six & 1), None)
    if owner is not None and owner != seat:
        give = s.hands[seat] & -s.hands[seat]
        set_hands(s, {owner: s.hands[owner] ^ (1 << six) | give, seat: s.hands[seat] ^ (1 << six) | give})
    if s.hands[seat] >> six & 1:
        assert act(s) == EXCHANGE_SIX
    t = putz_state(3, 2)
    while t.phase == P_SIX:
        t.apply(t.legal_actions()[-1])
    seat = t.to_move()
    trump = "CDHS"[t.trump]
    weak = " ".join(f"{r}{s}" for r, s in zip("6789T6789", "CDHS".replace(trump, "") * 3, strict=False))
    t.hands[seat] = parse_cards(weak) & ~t.talon
    assert act(t) in (TAKE_TALON, KEEP)


def test_bot_beats_random_at_jass():
    """Results against random (a small fixed sample; docs/jass.md has the larger run)."""
    g = load("jass")
    wins = 0
    for i in range(6):
        bots = [make_bot(g, "heuristic" if s % 2 == 0 else "random", seed=i * 4 + s) for s in range(4)]
        state = play_game(g.new_state(100 + i), bots)
        wins += 0 in state.winners()
    assert wins >= 5


def test_bot_beats_random_at_putz():
    g = load("putz", players=3)
    total = 0.0
    for i in range(6):
        bots = [make_bot(g, "heuristic" if s == 0 else "random", seed=i * 3 + s) for s in range(3)]
        total += play_game(g.new_state(200 + i), bots).scores()[0]
    assert total / 6 > 2
