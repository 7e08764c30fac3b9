"""5 Towers notation (format/parse, variations, shorthand) and JSON states (round trip, clear errors)."""

from __future__ import annotations

import json
import re

import pytest

import cardhall
from cardhall.core.errors import NotationError, StateFormatError
from cardhall.games.five_towers.notation import NO_DEMOLISH, PASS, format_card, parse_card
from tests.five_towers.helpers import card, cards, position

GAME = cardhall.load("five-towers")


def build_position():
    s = position(offer="Y7 Y5 P9 G3 S2", towers={0: {"Y": [12, 6], "P": [10]}})
    s.apply(3)
    s.apply(PASS)
    s.apply(PASS)
    return s


def test_card_notation_letters_and_words():
    """Colour letters P V G S Y (Candy, Spooky, Tree, Scrap, Sand); words also read."""
    assert [format_card(c * 16 + 7) for c in range(5)] == ["P7", "V7", "G7", "S7", "Y7"]
    assert parse_card("y7") == parse_card(" Y 7 ") == parse_card("sand7") == parse_card("Yellow 7") == card("Y7")
    assert parse_card("candy 0") == card("P0") and parse_card("scary15") == card("V15")
    assert parse_card("wood 3") == card("G3") and parse_card("grey 2") == parse_card("gray2") == card("S2")
    with pytest.raises(NotationError, match="'X' is not a tower colour; write one of P V G S Y"):
        parse_card("X7")
    with pytest.raises(NotationError, match="card values go from 0 to 15"):
        parse_card("Y16")


def test_bid_and_pass_notation():
    """`bid N` and `pass`, in any case and spacing."""
    for text, action in [("bid 3", 3), ("BID  0", 0), ("b5", 5), ("Pass", PASS), (" pass ", PASS)]:
        assert GAME.parse_action(text) == action
    assert GAME.format_action(3) == "bid 3" and GAME.format_action(PASS) == "pass"
    with pytest.raises(NotationError, match="a bid is a number of offer cards, from 0 to 5"):
        GAME.parse_action("bid 6")


def test_build_notation_round_trip_and_variations():
    """`take Y7 Y5 P9; demolish Y6; place P9 Y7 Y5` reads back exactly; case, spaces, commas and the order of
    clauses do not matter; `take` may be left out."""
    action = (card("Y6"), tuple(cards("P9 Y7 Y5")))
    text = "take P9 Y7 Y5; demolish Y6; place P9 Y7 Y5"
    assert GAME.format_action(action) == text and GAME.parse_action(text) == action
    for variant in ["TAKE y7 y5 p9 ; DEMOLISH y6 ; PLACE y7 y5 p9",
                    "take Y7, Y5, P9; demolish Y6; place Y7, Y5, P9",
                    "place Y7 Y5 P9; demolish Y6",
                    "  place   y7 y5 p9 ;demolish y6  ",
                    "t Y7 Y5 P9; d Y6; p Y7 Y5 P9",
                    "place sand 7, sand 5, candy 9; demolish sand 6"]:
        assert GAME.parse_action(variant) == action, variant
    assert GAME.parse_action("take P9; place P9") == (NO_DEMOLISH, (card("P9"),))
    assert GAME.parse_action("place P9; demolish none") == (NO_DEMOLISH, (card("P9"),))


def test_build_notation_errors_say_what_to_write():
    """Bad notation raises NotationError with the expected form."""
    for text, match in [("", "empty action"), ("hello", "cannot read 'hello'"),
                        ("take Y7; place Y5", "the cards taken \\(Y7\\) and placed \\(Y5\\) differ"),
                        ("take Y7", "say where the cards go with a place clause"),
                        ("place Y7; demolish Y", "write the demolished card with its value"),
                        ("place Y7 zz; demolish Y6", "cannot read 'zz' in 'Y7 zz'; cards are written like Y7"),
                        ("place Y7; place Y5", "two place clauses")]:
        with pytest.raises(NotationError, match=match):
            GAME.parse_action(text)


def test_state_aware_shorthand_take_only_and_demolish_colour():
    """In a position, `take …` (or just the cards) is enough when one build takes them; `demolish Y` names the top."""
    s = build_position()
    assert GAME.parse_action("take P9 G3 S2", s) == (NO_DEMOLISH, tuple(cards("P9 G3 S2")))
    assert GAME.parse_action("P9 G3 S2", s) == (NO_DEMOLISH, tuple(cards("P9 G3 S2")))
    assert GAME.parse_action("take Y7 Y5 G3; demolish Y", s) == (card("Y6"), tuple(cards("G3 Y7 Y5")))
    assert GAME.parse_action("take P9 G3 S2; demolish P", s) == (card("P10"), tuple(cards("P9 G3 S2")))
    assert GAME.parse_action("take Y7 Y5 G3", s) == (card("Y6"), tuple(cards("G3 Y7 Y5")))  # needs the demolition
    t = position(offer="Y9 Y5 P9 G3 S2", towers={0: {"Y": [12]}})
    t.apply(2)
    t.apply(PASS)
    t.apply(PASS)
    with pytest.raises(NotationError, match=re.escape("several builds take Y9 Y5; write the whole build, one of: "
                                                      "take Y9 Y5; place Y9 Y5 | take Y9 Y5; place Y5 Y9")):
        GAME.parse_action("take Y9 Y5", t)  # the 9 below or above the 5
    with pytest.raises(NotationError, match="no legal build takes Y7 Y5 Y5"):
        GAME.parse_action("take Y7 Y5 Y5", s)


def test_json_state_round_trip_and_readable():
    """to_json holds everything (with chance); state_from_json rebuilds it exactly; cards are written like Y7."""
    s = build_position()
    data = json.loads(json.dumps(s.to_json()))
    assert data["state"]["towers"][0]["Y"] == [12, 6] and "Y7" in data["state"]["offer"]
    again = GAME.state_from_json(data)
    assert again == s and again.legal_actions() == s.legal_actions()
    g = cardhall.load("five-towers", players=4)
    s4 = g.new_state(seed=9)
    assert g.state_from_json(s4.to_json()) == s4


@pytest.mark.parametrize("edit, match", [
    (lambda d: d["state"].update(offer=["Y99"]), "offer: 'Y99': card values go from 0 to 15"),
    (lambda d: d["state"].update(offer=[7]), "offer must be a list of cards"),
    (lambda d: d["state"].pop("towers"), "missing field 'towers'"),
    (lambda d: d["state"]["towers"][0].update(Y=[3, 5]), "Player 1's Sand tower \\[3, 5\\] breaks the building rules"),
    (lambda d: d["state"]["towers"][0].update(Q=[3]), "keys among P V G S Y"),
    (lambda d: d["state"].update(towers=[{}]), "towers must be a list of 3 objects"),
    (lambda d: d["state"]["draw"].append("Y7"), "do not add up to the 80-card deck.*too many: Y7"),
    (lambda d: d["state"]["draw"].pop(), "do not add up to the 80-card deck.*missing"),
    (lambda d: d["state"].update(phase="dance"), "phase must be one of bid, build, over"),
    (lambda d: d["state"].update(to_move=7), "to_move must be a seat from 0 to 2"),
    (lambda d: d["state"].update(bids=["x", None, None]), "a bid must be null, \"pass\" or a number"),
    (lambda d: d["state"].update(chance=-1), "chance must be a whole number"),
    (lambda d: d["state"].update(exhaustions=5), "exhaustions must be a whole number from 0 to 2"),
    (lambda d: d["state"].update(bids=[3, 2, "pass"]), "each bid must be higher than the one before"),
    (lambda d: d["state"].update(phase="bid", bids=[None, 2, None], to_move=2), "the start player bids first"),
    (lambda d: d["state"].update(bids=["pass", None, None], to_move=1), "the start player cannot pass"),
    (lambda d: d["state"].update(phase="over", to_move=None), "when the game is over the offer is empty"),
    (lambda d: d["state"].update(exhausted_this_round=True, exhaustions=1), "exhausted_this_round says"),
    (lambda d: d["state"].update(exhaustions=2), "after the draw pile ran out twice the game is over"),
    (lambda d: d.update(game="hearts"), "this state is for game 'hearts'"),
    (lambda d: d.update(options={"players": 4, "spanish_eight": False}), "saved with options"),
])
def test_malformed_json_states_give_clear_errors(edit, match):
    """Malformed or impossible JSON states raise StateFormatError saying what is wrong."""
    data = json.loads(json.dumps(build_position().to_json()))
    edit(data)
    with pytest.raises(StateFormatError, match=match):
        GAME.state_from_json(data)


def test_json_state_not_an_object():
    with pytest.raises(StateFormatError, match="must be a JSON object"):
        GAME.state_from_json([1, 2])
