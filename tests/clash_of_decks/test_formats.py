"""Formats (precon, draft, constructed), the card file, notation and clear errors."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from cardhall.core.errors import IllegalAction, NotationError, OptionError, StateFormatError
from cardhall.games.clash_of_decks import cards as cardmod
from cardhall.games.clash_of_decks.cards import CardDataError, card_id, parse_cards
from cardhall.games.clash_of_decks.game import BAN, DRAFT, PICK, SUMMON, name_of

from .helpers import game, position

# --- the card file -----------------------------------------------------------------------


def _data():
    from importlib import resources

    return json.loads(resources.files("cardhall.games.clash_of_decks").joinpath("starter.json").read_text())


def test_card_file_ships_with_provenance_and_matches_shared_data():
    """Cards as data: the package's starter.json is the shared data file, with its `_about`."""
    data = _data()
    assert "Ben-06" in data["_about"] and len(data["cards"]) == 32
    shared = Path("/work/shared/data/clash-of-decks-starter.json")
    if shared.exists():
        assert json.loads(shared.read_text()) == data


def test_card_file_decks_match_the_rulebook():
    """The four preconstructed decks of the file are the rulebook's."""
    for d, names in enumerate(cardmod.RULEBOOK_DECKS):
        assert sorted(name_of(c) for c in cardmod.DECKS[d]) == sorted(names)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d["cards"].pop(), "32 cards"),
    (lambda d: d["cards"][1].update(name="ANNIHILATION"), "appears twice"),
    (lambda d: d["cards"][1].update(attack="3"), "'attack' must be a whole number"),
    (lambda d: d["cards"][1].update(kind="spell"), "'kind' must be"),
    (lambda d: d["cards"][1]["abilities"].append("Flying"), "'abilities' must list"),
    (lambda d: d["abilities"].append("Flying"), "not implemented"),
    (lambda d: d["cards"][0].update(attack=2), "incantation has 'damage' only"),
    (lambda d: d["cards"][1].update(deck=2), "deck 1"),
    (lambda d: d.pop("cards"), "'cards' list"),
])
def test_malformed_card_file_gives_a_clear_error(edit, message):
    """A malformed or inconsistent card file is refused at load with a sentence saying what is wrong."""
    data = copy.deepcopy(_data())
    edit(data)
    with pytest.raises(CardDataError, match=message):
        parse_cards(data)


def test_abilities_are_implemented_once_by_name():
    """Every ability named in the file is a bit implemented in abilities.py."""
    from cardhall.games.clash_of_decks.abilities import ABILITY_BITS

    assert set(_data()["abilities"]) <= set(ABILITY_BITS)


# --- precon ------------------------------------------------------------------------------


def test_precon_decks_option():
    """Precon: each player picks one of the four decks (option decks=A,B)."""
    s = game(decks="2,4").new_state(1)
    assert sorted(s.hands[0]) == list(cardmod.DECKS[1]) and sorted(s.hands[1]) == list(cardmod.DECKS[3])
    for bad in ("1,1", "5,2", "x", "1,2,3", "3"):
        with pytest.raises(OptionError, match="decks"):
            game(decks=bad)


# --- draft -------------------------------------------------------------------------------


def test_draft_a_takes_one_b_two_a_the_last_then_b_first():
    """Draft: reveal 4; A takes 1, B takes 2 of the other 3, A gets the last; then the same with B
    first; until each has 8. Picks are public."""
    s = game(format="draft").new_state(4)
    order = []
    while s.phase == DRAFT:
        seat = s.to_move()
        order.append(seat)
        s.apply(s.legal_actions()[0])
    assert order[:6] == [0, 1, 1, 1, 0, 0]
    assert len(order) == 12  # 4 rounds of 3 decisions (the last card is automatic)
    assert s.phase == SUMMON and len(s.hands[0]) == len(s.hands[1]) == 8
    assert not set(s.hands[0]) & set(s.hands[1])


def test_draft_view_shows_the_revealed_four_and_both_picks():
    s = game(format="draft").new_state(4)
    v = s.view(1)
    assert len(v["revealed"]) == 4 and v["picks"] == [[], []]
    s.apply_text("draft " + v["revealed"][0])
    assert s.view(1)["picks"][0] == [v["revealed"][0]]


# --- constructed -------------------------------------------------------------------------


def test_constructed_pick_ten_then_bans_one_two_one_decision_reveal_after_b_picks():
    """Constructed: each picks 10; A reveals and B bans 1; B reveals and A bans 2; B bans 1 more
    of A's remaining 9; each ends with 8. Decision: both picks are revealed once B has picked."""
    s = game(format="constructed").new_state(9)
    assert s.phase == PICK and s.to_move() == 0
    for i in range(10):
        s.apply_text(f"pick {name_of(i)}")
    assert s.to_move() == 1
    assert s.view(1)["picks"][0] == [None] * 10  # A's picks are secret while B picks
    for i in range(10, 20):
        s.apply_text(f"pick {name_of(i)}")
    assert s.phase == BAN and None not in s.view(0)["picks"][1] and None not in s.view(1)["picks"][0]
    bans = []
    while s.phase == BAN:
        bans.append(s.to_move())
        s.apply(s.legal_actions()[0])
    assert bans == [1, 0, 0, 1]
    assert len(s.hands[0]) == len(s.hands[1]) == 8
    with pytest.raises(IllegalAction):
        s.apply_text("pick TROLL")


def test_constructed_cannot_pick_a_card_twice():
    s = game(format="constructed").new_state(9)
    s.apply_text("pick TROLL")
    with pytest.raises(IllegalAction, match="already picked TROLL"):
        s.apply_text("pick TROLL")
    with pytest.raises(IllegalAction, match="pick phase"):
        s.apply_text("ban OGRE")


def test_draft_and_ban_errors_name_the_choices():
    s = game(format="draft").new_state(4)
    missing = next(c for c in range(32) if c not in s.revealed)
    with pytest.raises(IllegalAction, match="not among the revealed cards"):
        s.apply(("draft", missing))
    s = game(format="constructed").new_state(4)
    for i in range(20):
        s.apply_text(f"pick {name_of(i % 10)}")
    with pytest.raises(IllegalAction, match="not among Player A's remaining picks"):
        s.apply_text("ban ZOMBIE")


# --- notation and errors -------------------------------------------------------------------


def test_notation_round_trip():
    """Every action's notation reads back as itself."""
    g = game(format="constructed")
    for action in [("summon", 3, 0), ("summon", 3, 1), ("cast", 2, 1, 0, 2), ("attack",), ("end",),
                   ("draft", 5), ("pick", 5), ("ban", 5), ("return", 31)]:
        text = g.format_action(action)
        assert g.parse_action(text) == action and g.parse_action(text.lower()) == action
    assert g.format_action(("cast", card_id("BOOM!"), 1, 0, 1)) == "cast BOOM! on B top 2"
    assert g.parse_action("summon troll t") == ("summon", card_id("TROLL"), 0)
    assert g.parse_action("cast boom on b bottom 1") == ("cast", card_id("BOOM!"), 1, 1, 0)


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"), ("summon TROLL middle", "lanes are top and bottom"), ("summon DRAGON top", "no card called"),
    ("cast BOOM! on C top 1", "side A or B"), ("cast BOOM! on B top 0", "position"), ("fly", "write: summon"),
])
def test_bad_notation_gives_the_expected_form(text, message):
    with pytest.raises(NotationError, match=message):
        game().parse_action(text)


def test_bare_card_name_in_context():
    s = position(hands=(["BOOM!", "BARON", "BRUTE"], ["OGRE", "ZOMBIE"]), mana=10, b_top=["GNOME"])
    assert s.game.parse_action("boom", s)[0] == "cast"
    with pytest.raises(NotationError, match="ambiguous"):
        s.game.parse_action("baron", s)


def test_illegal_action_explained_and_state_untouched():
    s = position(hands=(["BOOM!", "BARON", "BRUTE", "CARAPACE", "PARTISAN", "TROLL"], ["OGRE", "ZOMBIE"]), mana=3)
    before = s.to_json()
    for text, message in [("summon TROLL top", "4 leftmost"), ("summon BRUTE top", "costs 4 and you have 3"),
                          ("summon OGRE top", "not in your hand"), ("cast BOOM! on B top 1", "no creature at that place"),
                          ("summon BOOM! top", "is an incantation"), ("attack", "write end")]:
        with pytest.raises(IllegalAction, match=message):
            s.apply_text(text)
    assert s.to_json() == before


def test_malformed_json_state_is_refused_with_a_sentence():
    s = position(hands=(["BOOM!", "BARON"], ["OGRE", "ZOMBIE"]))
    good = s.to_json()
    g = s.game
    cases = [
        (lambda d: d["state"].update(phase="dance"), "unknown phase"),
        (lambda d: d["state"]["hands"][0].append("DRAGON"), "no card called"),
        (lambda d: d["state"].update(bastion=[9, 0]), "outside a hand"),
        (lambda d: d["state"]["lanes"][0][0].append({"card": "BARON"}), "two places"),
        (lambda d: d["state"]["lanes"][0][0].append({"card": "BOOM!"}), "incantation"),
        (lambda d: d["state"]["lanes"][0][0].append({"card": "TROLL", "damage": 6}), "damage"),
        (lambda d: d["state"].pop("chance"), "missing field"),
    ]
    for edit, message in cases:
        data = copy.deepcopy(good)
        edit(data)
        with pytest.raises(StateFormatError, match=message):
            g.state_from_json(data)
    with pytest.raises(StateFormatError, match="belong to both sides"):
        position(game(), hands=(["BOOM!", "BARON"], ["BOOM!", "ZOMBIE"]))


def test_options_errors_are_sentences():
    with pytest.raises(OptionError, match="format"):
        game(format="sealed")
    with pytest.raises(OptionError, match="unknown option"):
        game(lanes=3)
