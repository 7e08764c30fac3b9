"""Jass's hot path (`JassState.legal_actions`, `JassState._apply`) is the shared
rule code (`tricks.legal_mask`, `TrickState._apply`) written out for speed: it must
give the same cards and the same states, on every position of random games."""

from __future__ import annotations

import random

import pytest

from cardhall.core.errors import StateFormatError
from cardhall.core.registry import load
from cardhall.games.jass.base import P_PLAY, TrickState
from cardhall.games.jass.game import JassState
from cardhall.games.jass.tricks import DECK, cards_of, legal_mask, shuffled, shuffled_positions


def slots(s: JassState) -> dict[str, object]:
    names = [n for cls in type(s).__mro__ for n in getattr(cls, "__slots__", ())]
    # `_views` is the view memo of `State.view_of` (a cache of the position, not part of it)
    return {n: getattr(s, n) for n in names if n not in ("game", "_views")}


@pytest.mark.parametrize("bauer_exception", [False, True])
def test_fast_path_equals_the_rules_of_tricks_and_trick_state(bauer_exception):
    """Every play position of 60 random games: the legal cards are `cards_of(legal_mask(…))`
    and applying any action gives exactly the state the generic `TrickState` code gives."""
    game = load("jass", bauer_exception=bauer_exception)
    positions = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = game.new_state(seed)
        while not s.is_over():
            legal = s.legal_actions()
            if s.phase == P_PLAY:
                lead = s.trick[0] // 13 if s.trick else -1
                hand = s.hands[s.to_move()]
                assert legal == cards_of(legal_mask(hand, lead, s.win_card, s.trump, bauer_exception))
                positions += 1
            action = rng.choice(legal)
            generic = s.clone()
            TrickState._apply(generic, action)  # the generic rules, then the core's recording
            generic.actions.append(action)
            s.apply_unchecked(action)
            assert slots(s) == slots(generic)
    assert positions > 10_000


def test_shuffle_is_a_deterministic_permutation_of_the_deck():
    """The deal's shuffle: the same (seed, chance event) gives the same order, another gives
    another, and every order holds each of the 36 cards once."""
    assert shuffled_positions(7, 0) == shuffled_positions(7, 0)
    assert shuffled_positions(7, 0) != shuffled_positions(7, 1) != shuffled_positions(8, 0)
    assert sorted(shuffled_positions(7, 3)) == list(range(36))
    assert sum(1 << c for c in shuffled(7, 3)) == DECK


def test_shuffle_is_uniform_enough():
    """Each card lands in each quarter of the deck about equally often: a chi-square check
    on 4,000 shuffles (about 105 degrees of freedom; these seeds give 111.8)."""
    counts = [[0] * 4 for _ in range(36)]
    n = 4000
    for i in range(n):
        for pos, p in enumerate(shuffled_positions(12345, i)):
            counts[p][pos // 9] += 1
    expected = n / 4
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    assert chi2 < 155  # the 0.1 % critical value for 105 degrees of freedom is 155.5


def test_clone_copies_every_slot_and_a_deal_resets_the_card_play():
    """`JassState.clone` (the shared `_clone_trick` with Jass's suit-mask hands) has every
    slot equal and shares no list; a fresh deal is what `_new_deal_base` leaves."""
    game = load("jass")
    for seed in range(40):
        rng = random.Random(seed)
        s = game.new_state(seed)
        fresh = s.clone()
        TrickState._new_deal_base(fresh)
        assert slots(fresh) == slots(s)
        for _ in range(rng.randrange(1, 120)):
            s.apply_unchecked(rng.choice(s.legal_actions()))
        c = s.clone()
        assert slots(c) == slots(s) and c.trick is not s.trick
        assert all(x is not y for x, y in zip(c.suits, s.suits, strict=True)) and c.suits is not s.suits


def test_hands_and_played_read_and_set_like_stored_masks():
    """`JassState` keeps each hand as four 9-bit suit masks (`suits[seat][suit]`) and derives
    `played` (every card is dealt, so the played cards are those in no hand): `hands` and
    `played` read as 52-bit masks; hands are set as a whole list, and setting `played` only
    checks it against the hands."""
    game = load("jass")
    s = game.new_state(5)
    rng = random.Random(5)
    for _ in range(23):
        s.apply_unchecked(rng.choice(s.legal_actions()))
    hands = s.hands
    assert sum(hands) | s.played == DECK and sum(h.bit_count() for h in hands) + s.played.bit_count() == 36
    assert s.suits == [[h >> (13 * u + 4) & 511 for u in range(4)] for h in hands]
    card = (hands[1] & -hands[1]).bit_length() - 1
    s.hands = [hands[0], hands[1] ^ 1 << card, hands[2], hands[3]]
    assert s.played == DECK & ~sum(s.hands) == (DECK & ~sum(hands)) | 1 << card  # the card is out of every hand
    s.played = s.played  # the cards in no hand: accepted
    with pytest.raises(StateFormatError, match="cards are missing"):
        s.played = DECK & ~sum(hands)  # the card is in no hand and not played
    with pytest.raises(StateFormatError, match="not a Jass card"):
        s.hands = [*hands[:3], hands[3] | 1]  # the two of clubs


def test_json_with_played_cards_that_do_not_match_the_hands_is_rejected():
    """`played` in a saved state must hold exactly the cards in no hand: a missing or a
    doubled card is a `StateFormatError`, as before `played` was derived."""
    game = load("jass")
    s = game.new_state(3)
    rng = random.Random(1)
    for _ in range(30):
        s.apply_unchecked(rng.choice(s.legal_actions()))
    data = s.to_json()
    assert game.state_from_json(data) == s
    played = data["state"]["played"].split()
    doubled = [*played, data["state"]["hands"][0].split()[0]]
    for bad, why in ((played[1:], "cards are missing"), (doubled, "two places")):
        data["state"]["played"] = " ".join(bad)
        with pytest.raises(StateFormatError, match=why):
            game.state_from_json(data)


@pytest.mark.parametrize("edit", ["replace", "add"])
def test_json_with_a_card_outside_the_jass_deck_in_a_hand_is_rejected(edit):
    """A hand holding a card below the six (here 2C), in place of a card or in addition, is a
    `StateFormatError`, though the suit masks cannot hold such a card."""
    game = load("jass")
    data = game.new_state(3).to_json()
    hand = data["state"]["hands"][0]
    data["state"]["hands"][0] = hand.replace(hand.split()[0], "2C") if edit == "replace" else hand + " 2C"
    with pytest.raises(StateFormatError, match="not a Jass card"):
        game.state_from_json(data)


def test_hand_of_one_seat_equals_hands() -> None:
    """`hand(seat)` (what search rollouts read) is `hands[seat]`, in Jass and in Putz."""
    import random

    from cardhall.core.registry import load

    for game in (load("jass"), load("putz", players=3), load("putz", players=5)):
        rng = random.Random(1)
        state = game.new_state(2)
        for _ in range(40):
            if state.is_over():
                break
            assert [state.hand(s) for s in range(game.num_players)] == list(state.hands)  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_actions()))
