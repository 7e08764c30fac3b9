"""Every rule and Decision of rules/hearts.md, each test named after it and quoting it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cardhall
from cardhall.core.cards import FULL_DECK, card_list, format_card, parse_card, parse_cards
from cardhall.core.errors import IllegalAction, NotationError, OptionError
from cardhall.games.hearts.game import PASS, QS, Hearts
from tests.hearts.helpers import finish_deal, moon_policy, near_end, position, with_totals

RANKS = "23456789TJQKA"


def suit(s: str, ranks: str = RANKS) -> str:
    return " ".join(r + s for r in ranks)


def cards(state, texts: str) -> list[int]:
    return sorted(parse_card(t) for t in texts.split())


def legal_cards(state) -> list[str]:
    return [format_card(a - PASS if a >= PASS else a) for a in state.legal_actions()]


# --- players and cards ---------------------------------------------------------------
def test_four_players_standard_deck_thirteen_each():
    """4 players, each for themselves. Standard 52-card deck; deal all cards: 13 each."""
    game = Hearts()
    state = game.new_state(1)
    assert game.num_players == 4
    assert [h.bit_count() + p.bit_count() for h, p in zip(state.hands, state.passed, strict=True)] == [13] * 4
    assert sum(state.hands) == FULL_DECK


def test_decision_three_players_remove_2c_by_default_seventeen_each():
    """Decision: 3-player variant, one card removed so each gets 17; the removed card is an option (default 2♣)."""
    game = Hearts(players=3)
    state = game.new_state(2)
    assert game.options["removed_card"] == "2C"
    assert [h.bit_count() for h in state.hands] == [17] * 3
    assert sum(state.hands) == FULL_DECK & ~1


def test_decision_three_players_lowest_remaining_club_leads():
    """Decision: with 2♣ removed, the holder of the lowest remaining club leads the first trick."""
    game = Hearts(players=3)
    state = game.deal_state(5, 2)  # deal 3 of the 3-player cycle: hold, play starts at once
    three = parse_card("3C")
    assert state.hands[state.to_move()] >> three & 1
    assert state.legal_actions() == [three]


def test_decision_removed_card_option_other_card():
    """Decision: the removed card is an option; with 2♣ in play its holder leads it."""
    game = cardhall.load("hearts", players=3, removed_card="3d")
    assert game.options["removed_card"] == "3D"
    state = game.deal_state(7, 2)
    assert not sum(state.hands) >> parse_card("3D") & 1
    assert state.legal_actions() == [parse_card("2C")]


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 3, "removed_card": "QS"}, "is a point card"),
    ({"players": 3, "removed_card": "5H"}, "is a point card"),
    ({"players": 3, "removed_card": "ZZ"}, "is not a card"),
    ({"players": 4, "removed_card": "3C"}, "applies only with players=3"),
    ({"players": 5}, "must be one of 3, 4"),
    ({"moon_mode": "double"}, "must be one of 'add', 'subtract'"),
    ({"exact_100": "minus10"}, "must be one of 'off', 'minus50', 'reset0'"),
    ({"target": 0}, "from 1 to"),
    ({"colour": "red"}, "unknown option"),
])
def test_bad_options_are_refused_with_a_sentence(options, message):
    """Bad options are refused with what was wrong and what would be right."""
    with pytest.raises(OptionError, match=message):
        cardhall.load("hearts", **options)


# --- passing -------------------------------------------------------------------------
def test_pass_direction_cycle_left_right_across_hold():
    """Deal 1: to the left; deal 2: to the right; deal 3: across; deal 4: no passing; then the cycle repeats."""
    game = Hearts()
    assert [game.deal_state(1, d).view(0)["passing"] for d in range(8)] == ["left", "right", "across", "hold"] * 2
    assert [game.deal_state(1, d).offset for d in range(4)] == [1, 3, 2, 0]


def test_decision_three_player_cycle_left_right_hold():
    """Decision (3 players, no "across"): cycle left, right, hold."""
    game = Hearts(players=3)
    assert [game.deal_state(1, d).view(0)["passing"] for d in range(6)] == ["left", "right", "hold"] * 2


def test_each_player_passes_three_cards_to_the_left_in_deal_one():
    """Each player chooses 3 cards and passes them; deal 1 to the left (the next seat clockwise)."""
    game = Hearts()
    state = game.new_state(3)
    before = list(state.hands)
    chosen = []
    for seat in range(4):
        assert state.to_move() == seat
        picks = card_list(state.hands[seat])[:3]
        chosen.append(sum(1 << c for c in picks))
        for c in picks:
            state.apply(PASS + c)
    for seat in range(4):
        giver = (seat - 1) % 4
        assert state.hands[seat] == (before[seat] & ~chosen[seat]) | chosen[giver]
        assert state.view(seat)["received"] == [format_card(c) for c in card_list(chosen[giver])]


def test_all_players_choose_before_any_passed_card_is_seen():
    """All players choose before any passed card is seen."""
    game = Hearts()
    a, b = game.new_state(4), game.new_state(4)
    hand0 = card_list(a.hands[0])
    for c in hand0[:3]:
        a.apply(PASS + c)
    for c in hand0[-3:]:
        b.apply(PASS + c)
    for seat in (1, 2, 3):  # what North chose is invisible to everyone else
        assert a.view(seat) == b.view(seat)
    assert a.view(1)["received"] == []
    for seat in (1, 2):
        for c in card_list(a.hands[seat])[:3]:
            a.apply(PASS + c)
    assert a.view(1)["received"] == []  # West has not chosen yet: nothing arrives


def test_passed_cards_cannot_be_played_before_passing_ends_and_pass_one_at_a_time():
    """Three cards are chosen one at a time; after three the next seat chooses; a 4th is impossible."""
    game = Hearts()
    state = game.new_state(5)
    hand = card_list(state.hands[0])
    with pytest.raises(IllegalAction, match="must choose a card to pass first: write pass"):
        state.apply(hand[0])
    with pytest.raises(NotationError, match="one at a time"):
        game.parse_action("pass QS KS AS", state)
    with pytest.raises(NotationError, match="one at a time"):
        game.parse_action("pass", state)
    state.apply(PASS + hand[0])
    with pytest.raises(IllegalAction, match="already chosen to pass"):
        state.apply(PASS + hand[0])
    state.apply(PASS + hand[1])
    state.apply(PASS + hand[2])
    assert state.to_move() == 1
    assert state.view(0)["passed"] == [format_card(c) for c in hand[:3]]
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply(PASS + hand[3])  # East does not hold North's cards


def test_hold_deal_has_no_passing():
    """Deal 4: no passing; play begins at once."""
    state = Hearts().deal_state(6, 3)
    assert state.view(0)["phase"] == "play"
    assert all(a < PASS for a in state.legal_actions())


# --- play ----------------------------------------------------------------------------
FOUR_SUITS = [suit("C"), suit("D"), suit("H"), suit("S")]


def test_holder_of_two_of_clubs_leads_it():
    """The holder of 2♣ leads it to the first trick."""
    state = position(Hearts(), FOUR_SUITS)
    assert state.to_move() == 0
    assert legal_cards(state) == ["2C"]
    with pytest.raises(IllegalAction, match="first trick must be led with 2C"):
        state.apply(parse_card("AC"))


def test_play_proceeds_clockwise():
    """Play proceeds clockwise (North, East, South, West)."""
    state = position(Hearts(), FOUR_SUITS)
    state.apply(parse_card("2C"))
    assert state.to_move() == 1


def test_must_follow_suit_if_able():
    """Each player must follow the led suit if able."""
    game = Hearts()
    hands = ["2C 3C AD", "4C KD KS", "5C 6C 7C", "8C 9C TC"]
    state = position(game, hands)
    state.apply(parse_card("2C"))
    assert legal_cards(state) == ["4C"]
    with pytest.raises(IllegalAction, match="you must follow suit: you hold clubs"):
        state.apply(parse_card("KD"))


def test_void_player_may_play_any_card_after_the_first_trick():
    """Otherwise (void in the led suit) any card — from the second trick on."""
    game = Hearts()
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["6C AD", "2D QS", "7C 8C", "9C TC"], tricks=tricks, broken=False)
    state.apply(parse_card("6C"))
    assert legal_cards(state) == ["2D", "QS"]


def test_highest_card_of_led_suit_wins_and_winner_leads_next():
    """The highest card of the led suit wins the trick; the winner leads the next."""
    game = Hearts()
    state = position(game, ["2C 3H", "AD 4D", "5C 6C", "KC 7C"])
    for c in ("2C", "AD", "5C", "KC"):
        state.apply(parse_card(c))
    assert state.tricks[-1][2] == 3  # K♣ wins, not the off-suit A♦
    assert state.to_move() == 3


def test_first_trick_no_point_card():
    """First trick: no point card (any heart, or Q♠) may be played."""
    game = Hearts()
    state = position(game, ["2C 3C", "2H QS 4D", "5C 6C", "7C 8C"])
    state.apply(parse_card("2C"))
    assert legal_cards(state) == ["4D"]
    with pytest.raises(IllegalAction, match="no point card"):
        state.apply(QS)


def test_decision_first_trick_only_point_cards_may_play_one():
    """Decision: unless the player holds nothing else (a hand of only point cards may then play one)."""
    game = Hearts()
    state = position(game, ["2C 3C", "2H 5H QS", "5C 6C", "7C 8C"])
    state.apply(parse_card("2C"))
    assert legal_cards(state) == ["2H", "5H", "QS"]
    state.apply(QS)
    assert state.view(0)["trick"][-1] == [1, "QS"]


def test_hearts_may_not_be_led_until_broken():
    """Hearts may not be led until hearts are broken."""
    game = Hearts()
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["2H 6D", "7C", "8C", "9C"], tricks=tricks)
    assert legal_cards(state) == ["6D"]
    with pytest.raises(IllegalAction, match="hearts are not broken yet"):
        state.apply(parse_card("2H"))


def test_leader_holding_only_hearts_may_lead_hearts():
    """... unless the leader holds only hearts."""
    game = Hearts()
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["2H 6H", "7C 8D", "8C 9D", "9C TD"], tricks=tricks)
    assert legal_cards(state) == ["2H", "6H"]


def test_heart_discard_breaks_hearts():
    """Hearts are broken when a heart was discarded on an earlier trick."""
    game = Hearts()
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["6C 2H", "3H 9D", "8C TD", "9C JD"], tricks=tricks)
    for c in ("6C", "3H", "8C", "9C"):
        state.apply(parse_card(c))
    assert state.broken
    assert state.to_move() == 3
    assert legal_cards(state) == ["JD"]
    state2 = position(game, ["6C 2H", "3H 9D", "8C TD", "9C JD"], tricks=tricks)
    for c in ("6C", "3H", "8C", "9C"):
        state2.apply(parse_card(c))
    assert state2.view(0)["hearts_broken"] is True


def _queen_trick(game):
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["6C 2H 3D", "QS 9D 4D", "8C TD 5D", "9C JD 6D"], tricks=tricks)
    for c in ("6C", "QS", "8C", "9C"):
        state.apply(parse_card(c))
    return state


def test_queen_of_spades_does_not_break_hearts_per_the_seed():
    """Per the seed, only a heart breaks hearts (Q♠ does not)."""
    state = _queen_trick(Hearts())
    assert not state.broken
    state = position(Hearts(), ["2H 3D", "9D 4D", "TD 5D", "JD 6D"],
                     tricks=[[0, ["2C", "3C", "4C", "5C"], 0], [0, ["6C", "QS", "8C", "9C"], 3]], turn=0)
    assert legal_cards(state) == ["3D"]


def test_decision_queen_breaks_hearts_option():
    """Decision: option queen_breaks_hearts (default off)."""
    assert Hearts().options["queen_breaks_hearts"] is False
    state = _queen_trick(Hearts(queen_breaks_hearts=True))
    assert state.broken


# --- scoring ---------------------------------------------------------------------------
def _moon_deal(game, seed):
    rng = random.Random(seed)
    state = game.deal_state(seed, seed % 4)
    while not state.results:
        state.apply(moon_policy(state, state.legal_actions(), rng))
    return state


def _find_moon(game):
    for seed in range(500):
        state = _moon_deal(game, seed)
        pts = state.results[-1]
        if pts.count(26) == 3:
            return seed, state, pts.index(0)
    raise AssertionError("no moon found")


def test_one_point_per_heart_and_thirteen_for_the_queen():
    """1 point per heart taken, 13 for Q♠ (26 in total)."""
    game = Hearts()
    for seed in range(30):
        state = near_end(game, seed)
        tricks = state.tricks.copy()
        finish_deal(state)
        tricks.append(state.last)
        expected = [0] * 4
        for _leader, cs, winner in tricks:
            expected[winner] += sum(1 for c in cs if c // 13 == 2) + (13 if QS in cs else 0)
        if 26 in expected:
            continue
        assert list(state.results[-1]) == expected
        assert sum(state.results[-1]) == 26


def test_shooting_the_moon_shooter_scores_zero_others_twenty_six():
    """Shooting the moon: a player who takes all 26 scores 0 and every other player scores 26."""
    _seed, state, shooter = _find_moon(Hearts())
    assert list(state.results[-1]) == [0 if s == shooter else 26 for s in range(4)]


def test_moon_mode_subtract_shooter_minus_twenty_six_others_zero():
    """Variant option moon_mode="subtract": the shooter instead scores −26 and the others 0."""
    seed, _, shooter = _find_moon(Hearts())
    state = _moon_deal(Hearts(moon_mode="subtract"), seed)
    assert list(state.results[-1]) == [-26 if s == shooter else 0 for s in range(4)]
    assert state.scores()[shooter] == -26


# --- the game --------------------------------------------------------------------------
def _last_deal(game, totals_fn, seed=11):
    """The last trick of a real deal, with totals chosen from that deal's points."""
    base = near_end(game, seed)
    pts = list(finish_deal(base.clone()).results[-1])
    state = with_totals(base, totals_fn(pts))
    return finish_deal(state), pts


def test_game_ends_only_when_a_total_exceeds_100():
    """Deals continue until at least one player's total exceeds 100 (strictly more than 100)."""
    game = Hearts()
    state, _ = _last_deal(game, lambda p: [100 - p[0], 0, 0, 0])
    assert state.scores()[0] == 100 and not state.is_over()  # exactly 100 does not end it
    assert state.view(0)["deal"] == 11 % 4 + 2  # the next deal has begun
    state, _ = _last_deal(game, lambda p: [101 - p[0], 0, 0, 0])
    assert state.is_over() and state.to_move() is None and state.legal_actions() == []


def test_lowest_total_wins():
    """The player with the lowest total wins."""
    state, _ = _last_deal(Hearts(), lambda p: [101 - p[0], 50 - p[1], 40 - p[2], 60 - p[3]])
    assert state.is_over()
    assert state.winners() == [2]


def test_tie_for_lowest_is_a_shared_draw():
    """A tie for lowest is a draw (all tied players share it)."""
    state, _ = _last_deal(Hearts(), lambda p: [101 - p[0], 40 - p[1], 40 - p[2], 60 - p[3]])
    assert state.winners() == [1, 2]


@pytest.mark.parametrize(("mode", "expected"), [("off", 100), ("minus50", 50), ("reset0", 0)])
def test_exact_100_option(mode, expected):
    """Variant from the seed: a player who reaches exactly 100 has their total reduced (minus50 or reset0); default off."""
    state, _ = _last_deal(Hearts(exact_100=mode), lambda p: [100 - p[0], 0, 0, 0])
    assert state.scores()[0] == expected
    assert not state.is_over()


def test_decision_exact_100_applies_to_exactly_the_target():
    """Decision: with a target other than 100, exact_100 applies to a total of exactly the target."""
    state, _ = _last_deal(Hearts(exact_100="minus50", target=60), lambda p: [60 - p[0], 0, 0, 0])
    assert state.scores()[0] == 10


def test_target_option_makes_shorter_games():
    """Option target (default 100) for shorter games."""
    assert Hearts().options["target"] == 100
    state, _ = _last_deal(Hearts(target=20), lambda p: [21 - p[0], 0, 0, 0])
    assert state.is_over()
    rng = random.Random(1)
    game = Hearts(target=10)
    state = game.new_state(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert max(state.scores()) > 10 and len(state.results) <= 3


def test_a_full_game_is_several_deals_with_the_passing_cycle():
    """A game is several deals; the passing cycle continues from deal to deal."""
    game = Hearts()
    rng = random.Random(2)
    state = game.new_state(2)
    seen = []
    while not state.is_over():
        if state.view(0)["passing"] not in seen[-1:] or not seen:
            seen.append(state.view(0)["passing"])
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.results) >= 4
    assert seen[:4] == ["left", "right", "across", "hold"]
    assert sum(sum(r) for r in state.results) == sum(state.scores())


def test_notation_reads_back_and_bad_notation_is_explained():
    """Notation: QS plays the queen of spades; pass QS chooses it to pass; errors say what to write."""
    game = Hearts()
    assert game.format_action(QS) == "QS" and game.parse_action("qs") == QS
    assert game.format_action(PASS + QS) == "pass QS" and game.parse_action("PASS q♠") == PASS + QS
    state = game.new_state(1)  # passing: a bare card means pass it
    assert game.parse_action("QS", state) == PASS + QS
    with pytest.raises(NotationError, match="write rank then suit"):
        game.parse_action("QX")
    with pytest.raises(NotationError, match="write one card"):
        game.parse_action("QS KS")
    assert cards(state, "QS 2C") == [0, QS]
    assert parse_cards("QS 2C") == 1 | 1 << QS


def test_illegal_card_not_held_is_explained_and_state_untouched():
    """Playing a card you do not hold: a sentence naming your cards; the state is unchanged."""
    state = position(Hearts(), FOUR_SUITS)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="North does not hold AS; play one of"):
        state.apply(parse_card("AS"))
    with pytest.raises(IllegalAction, match="passing is over"):
        state.apply(PASS + 0)
    assert state.to_json() == before


def test_the_specification_is_the_shared_rules():
    """The specification (docs/spec/hearts.md) is the shared rules; `cardhall rules hearts`
    prints the rules for players (tests/test_conformance.py)."""
    spec = Path(__file__).resolve().parents[2] / "docs" / "spec" / "hearts.md"
    assert "Black Lady" in spec.read_text(encoding="utf-8")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["state"].pop("hands"), "missing field 'hands'"),
    (lambda d: d["state"]["hands"][0].append("ZZ"), "cannot read 'ZZ' as a card"),
    (lambda d: d["state"]["hands"][1].append(d["state"]["hands"][0][0]), "in two places at once"),
    (lambda d: d["state"]["hands"][0].pop(), "do not add up to the deck"),
    (lambda d: d["state"].update(phase="bidding"), "phase must be one of"),
    (lambda d: d["state"].update(turn=7), "turn must be a seat"),
    (lambda d: d["state"].update(scores=[0, 0]), "one entry per seat"),
])
def test_malformed_json_state_is_refused_with_a_sentence(change, message):
    """A malformed or impossible JSON state raises StateFormatError saying what is wrong."""
    from cardhall.core.errors import StateFormatError

    game = Hearts()
    state = game.deal_state(3, 3)
    state.apply(state.legal_actions()[0])
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    with pytest.raises(StateFormatError, match=message):
        game.state_from_json(data)


def test_scores_are_totals_plus_points_taken_in_the_current_deal():
    """scores(): penalty totals plus this deal's points so far; the deal's result replaces them at its end."""
    game = Hearts()
    state = near_end(game, 5)
    totals = list(state.totals)
    taken = state.view(0)["taken_points"]
    assert state.scores() == [t + p for t, p in zip(totals, taken, strict=True)]
    finish_deal(state)
    assert state.scores() == [t + p for t, p in zip(totals, state.results[-1], strict=True)]
