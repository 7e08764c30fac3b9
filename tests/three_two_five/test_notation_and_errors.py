"""Notation, options, and clear errors for bad input (state untouched)."""

from __future__ import annotations

import json
import random

import pytest

import cardhall
from cardhall.core.cards import parse_card
from cardhall.core.errors import IllegalAction, NotationError, OptionError, StateFormatError
from cardhall.games.three_two_five.game import RETURN, TRUMP, ThreeTwoFive
from tests.three_two_five.helpers import game, play_until, state_with_pulls

C = parse_card


def test_registered_as_three_two_five_with_aliases():
    for name in ("three-two-five", "325", "3-2-5"):
        assert isinstance(cardhall.load(name), ThreeTwoFive)


def test_options_and_bad_options():
    g = game(deals=3, trump_by_seventh_card="yes")
    assert g.options == {"deals": 3, "trump_by_seventh_card": True}
    with pytest.raises(OptionError, match="deals=0 is not valid; it must be a whole number from 1 to 99"):
        game(deals=0)
    with pytest.raises(OptionError, match="true or false"):
        game(trump_by_seventh_card="maybe")
    with pytest.raises(OptionError, match="the options of three-two-five are: deals, trump_by_seventh_card"):
        game(players=4)


def test_notation_round_trips_and_reads_variants():
    g = game()
    assert g.format_action(C("QS")) == "QS"
    assert g.format_action(RETURN + C("TH")) == "return TH"
    assert g.format_action(TRUMP + 2) == "trump H"
    for text, action in [("qs", C("QS")), ("10H", C("TH")), ("Q♠", C("QS")), ("return th", RETURN + C("TH")),
                         ("RETURN 10h", RETURN + C("TH")), ("trump h", TRUMP + 2), ("trump hearts", TRUMP + 2),
                         ("Trump ♠", TRUMP + 3), ("7s", C("7S"))]:
        assert g.parse_action(text) == action
    for a in [C("AS"), C("7H"), RETURN + C("8C"), TRUMP + 0, TRUMP + 1]:
        assert g.parse_action(g.format_action(a)) == a


def test_shorthand_in_context():
    """A bare suit declares trump when trump is due; a bare card gives it back in a pull."""
    g = game()
    state = g.new_state(1)
    assert g.parse_action("h", state) == TRUMP + 2
    assert g.parse_action("spades", state) == TRUMP + 3
    pulled = state_with_pulls(2)
    play_until(pulled, random.Random(0), lambda s: s.phase == "return")
    if pulled.phase == "return":
        assert g.parse_action("AS", pulled) == RETURN + C("AS")


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty action"),
    ("2C", "2C is not in the 3-2-5 deck"),
    ("7D", "7D is not in the 3-2-5 deck"),
    ("trump X", "'x' is not a suit; write C, D, H or S"),
    ("play the ace", "cannot read 'play the ace'"),
    ("ZZ", "cannot read 'ZZ' as a card"),
])
def test_bad_notation_says_what_is_expected(text, message):
    with pytest.raises(NotationError, match=message):
        game().parse_action(text)


def test_illegal_actions_explain_and_leave_the_state_untouched():
    g = game()
    state = g.new_state(5)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"must first declare trump .* trump C, trump D, trump H or trump S"):
        state.apply(C("AS"))
    assert state.to_json() == before
    play_until(state, random.Random(5), lambda s: s.phase == "play")
    seat = state.to_move()
    missing = next(c for c in range(52) if c in [C("AS"), C("KS"), C("QS"), C("AH")] and not state.hands[seat] >> c & 1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply(missing)
    with pytest.raises(IllegalAction, match="trump is already"):
        state.apply(TRUMP + 1)
    with pytest.raises(IllegalAction, match="no card is to be given back"):
        state.apply(RETURN + C("AS"))
    with pytest.raises(IllegalAction, match=r"notation, not an action: use state.apply_text\('AS'\)"):
        state.apply("AS")
    assert state.to_json() == before


def test_illegal_after_the_game_is_over():
    state = play_until(game(deals=1).new_state(0), random.Random(0), lambda s: False)
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(C("AS"))


def test_malformed_json_states_are_refused_with_a_reason():
    g = game()
    state = play_until(g.new_state(3), random.Random(3), lambda s: s.phase == "play")
    good = state.to_json()

    def broken(**changes):
        data = json.loads(json.dumps(good))
        data["state"].update(changes)
        return data

    with pytest.raises(StateFormatError, match="missing field 'hands'"):
        bad = json.loads(json.dumps(good))
        del bad["state"]["hands"]
        g.state_from_json(bad)
    with pytest.raises(StateFormatError, match="phase must be one of"):
        g.state_from_json(broken(phase="bidding"))
    hands = good["state"]["hands"]
    with pytest.raises(StateFormatError, match="in two places"):
        g.state_from_json(broken(hands=[hands[0], hands[0], hands[2]]))
    with pytest.raises(StateFormatError, match="dealer must be a whole number from 0 to 2"):
        g.state_from_json(broken(dealer=5))
    with pytest.raises(StateFormatError, match="malformed three-two-five state"):
        g.state_from_json(broken(hands=["AS", "XX", ""]))
    with pytest.raises(StateFormatError, match="options"):
        g.state_from_json({**good, "options": {"deals": 3, "trump_by_seventh_card": False}})


def test_impossible_pulls_are_refused():
    """A state whose recorded pulls could not have happened is refused."""
    g = game()
    state = state_with_pulls(4)
    data = json.loads(json.dumps(state.to_json()))
    log = data["state"]["pull_log"]
    c, d, x, y = log[0]
    log[0] = [c, d, y, x] if y else [c, d, x, y]  # swap drawn and returned: impossible hands
    data["state"]["pull_log"] = log
    if y:
        with pytest.raises(StateFormatError, match="pulls of this deal are impossible"):
            g.state_from_json(data)
