"""Solo mode against the automaton: quick play, the automaton's turn, deck-out, custom levels."""

from __future__ import annotations

import pytest

from cardhall.core.errors import OptionError
from cardhall.games.clash_of_decks.abilities import SPLASH
from cardhall.games.clash_of_decks.game import DRAFT, LEVEL_PRESETS, SUMMON, difficulty_points, name_of

from .helpers import board, game, hand, position

PLAYER = ["ZOMBIE", "BARON", "BRUTE", "CARAPACE", "PARTISAN", "REVENANT", "TROLL", "ANNIHILATION"]
AI_REST = ["ABOMINATION", "ALPHA", "COMBUSTION", "LIEUTENANT", "MICROCTOPUS", "OGRE", "SCRIBE", "SHAMAN",
           "BRIGAND", "DISCIPLE", "GNOME", "GRRR", "MARTYR", "METEORITE", "PARASITE", "VORTEX",
           "ABERRATION", "ASSASSIN", "CARNIVORE", "CYCLONE", "MACHINE", "MUTANT", "REPTILE", "BOOM!"]


def solo(*, deck=None, discard=(), hand_cards=None, **kw):
    """A solo position at the start of the player's summon phase (mana 0: they can only end)."""
    g = kw.pop("g", None) or game(solo=True)
    kw.setdefault("mana", 0)
    return position(g, hands=(list(hand_cards or PLAYER[:5]), []), ai_deck=list(AI_REST if deck is None else deck),
                    ai_discard=list(discard), **kw)


def test_solo_quick_play_setup_one_of_four_draft():
    """Solo setup: reveal 4, the player keeps 1 and the AI gets 3, until the player has 8 and the
    AI 24; the AI's cards become a face-down deck over its Bastion; the player goes first with 6 mana."""
    g = game(solo=True)  # format auto: the quick-play draft in solo (precon in a duel)
    assert g.format == "draft" and game().format == "precon"
    s = g.new_state(3)
    assert s.phase == DRAFT and len(s.legal_actions()) == 4 and s.to_move() == 0
    for _ in range(8):
        s.apply(s.legal_actions()[0])
    assert len(s.hands[0]) == 8 and len(s.ai_deck) == 24 and not s.fort[1]
    assert sorted(s.hands[0] + s.ai_deck) == list(range(32))
    assert s.active == 0 and s.phase == SUMMON and s.mana == 6 and s.to_move() == 0


def test_solo_decision_precon_ai_gets_the_three_other_decks():
    """Decision from the seed (precon): playing alone, the three remaining decks form the AI's deck."""
    s = game(solo=True, format="precon", decks="3").new_state(1)
    assert sorted(name_of(c) for c in s.hands[0]) == sorted(
        ["BRIGAND", "DISCIPLE", "GNOME", "GRRR", "MARTYR", "METEORITE", "PARASITE", "VORTEX"])
    assert len(s.ai_deck) == 24 and not set(s.ai_deck) & set(s.hands[0])


def test_solo_player_is_the_only_decision_maker():
    """Solo: the automaton's turns are played by the engine; to_move is always the player."""
    s = game(solo=True).new_state(11)
    while not s.is_over():
        assert s.to_move() == 0
        s.apply(s.legal_actions()[-1])
    assert s.game.num_players == 1


def test_solo_ai_mana_is_constant_plus_one_per_player_creature():
    """AI mana = constant part (6) + variable part (+1 per player creature in play)."""
    s = solo(a_top=["TROLL"], a_bottom=["REVENANT"], b_top=["MARTYR"], b_bottom=["BRIGAND"],
             deck=["SHAMAN", "OGRE", "SCRIBE", "ASSASSIN", "CYCLONE", "GNOME"])
    s.apply_text("end")
    assert any("the automaton, 8 mana" in e for e in s.reports)


def test_solo_ai_reveals_alternating_lanes_until_spending_reaches_mana_and_may_overshoot():
    """AI summon: reveal into the top lane, then while the cost summoned is less than its mana,
    the next into the bottom lane, alternating; the last card may overshoot."""
    s = solo(deck=["ZOMBIE", "BARON", "BRUTE", "OGRE", "SCRIBE"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"])
    s.apply_text("end")
    assert board(s, 1, 0) == ["ZOMBIE", "BRUTE"] and board(s, 1, 1) == ["BARON"]  # 1 + 3 + 4 = 8 > 6
    assert [name_of(c) for c in s.ai_deck] == ["OGRE", "SCRIBE"]


def test_solo_ai_spell_targets_player_creature_nearest_the_bridge_in_its_lane():
    """An AI incantation targets the player's creature nearest the bridge in the lane whose turn
    it was; its cost counts toward the AI's spending (Decision)."""
    s = solo(deck=["METEORITE", "ZOMBIE", "OGRE", "SCRIBE"],
             a_top=[{"card": "TROLL", "new": True}, {"card": "BARON", "new": True}],
             hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"])
    s.apply_text("end")  # AI mana 6 + 2: METEORITE (5) on TROLL, ZOMBIE (1) bottom, OGRE (4) top: 10 >= 8
    assert "The automaton reveals METEORITE and casts it on your TROLL in the top lane." in s.reports
    assert [name_of(c) for c in s.ai_discard] == ["METEORITE"]
    assert board(s, 1, 0) == ["OGRE"] and board(s, 1, 1) == ["ZOMBIE"]


def test_solo_ai_spell_without_target_costs_nothing_and_takes_its_lane_slot():
    """An AI incantation with no target has no effect, goes to the discard pile and costs no
    mana. Decision: it still takes its lane's place in the alternation."""
    s = solo(deck=["COMBUSTION", "ZOMBIE", "BARON", "BRUTE", "OGRE"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"])
    s.apply_text("end")
    assert [name_of(c) for c in s.ai_discard] == ["COMBUSTION"]
    assert board(s, 1, 1) == ["ZOMBIE", "BRUTE"] and board(s, 1, 0) == ["BARON"]  # 0 + 1 + 3 + 4 = 8


def test_solo_damage_to_ai_mills_its_deck():
    """Damage to the AI moves that many cards from the top of its deck to its discard pile."""
    s = solo(a_top=["TROLL"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"],
             deck=["ZOMBIE", "OGRE", "SCRIBE", "ASSASSIN", "BRIGAND", "CYCLONE", "ABERRATION", "MUTANT", "SHAMAN"])
    s.apply_text("end")  # TROLL hits the automaton for 3
    assert [name_of(c) for c in s.ai_discard][:3] == ["ZOMBIE", "OGRE", "SCRIBE"]


def test_solo_decision_weak_attacks_deal_one_less():
    """Decision / custom: the player's attacks are all reduced by 1 (+2 points)."""
    g = game(solo=True, level=2, weak_attacks=True)
    s = solo(g=g, a_top=["TROLL"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"],
             deck=["ZOMBIE", "OGRE", "SCRIBE", "ASSASSIN", "BRIGAND", "CYCLONE"])
    s.apply_text("end")
    assert [name_of(c) for c in s.ai_discard][:2] == ["ZOMBIE", "OGRE"] and "SCRIBE" not in [name_of(c) for c in s.ai_discard]


def test_solo_deck_out_flips_to_fort_and_reshuffles_discard_excess_lost():
    """When the AI deck is empty and its Bastion shows, it flips to the Fort and the discard pile is
    shuffled into a new deck on top of it (excess damage is lost)."""
    s = solo(a_top=["BRUTE"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"], deck=["ZOMBIE", "OGRE"],
             discard=["SCRIBE", "ASSASSIN", "CYCLONE"])
    s.apply_text("end")  # BRUTE deals 5: 2 milled, the Bastion flips, 3 are lost
    assert s.fort[1]
    assert any("flips to the Fort" in e for e in s.reports)
    assert sorted(name_of(c) for c in s.ai_deck + s.ai_discard + [c[0] for r in s.lanes[1] for c in r]) == sorted(
        ["ZOMBIE", "OGRE", "SCRIBE", "ASSASSIN", "CYCLONE"])


def test_solo_decision_final_turn_then_player_wins():
    """When the AI deck is empty with the Fort showing, the AI plays one more turn; if the player
    is still alive at its end, the player wins."""
    s = solo(deck=[], fort=(False, True), b_top=["ZOMBIE"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"])
    s.apply_text("end")
    assert s.is_over() and s.winners() == [0] and s.scores() == [1.0]
    assert s.bastion[0] == 3  # the final turn's ZOMBIE still hit


def test_solo_decision_damage_to_an_empty_deck_is_lost():
    """Decision: with the automaton's deck empty and its Fort showing, damage to it is lost; its
    next turn is its last."""
    s = solo(deck=[], fort=(False, True), a_top=["BRUTE"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"],
             discard=["ZOMBIE"])
    s.apply_text("end")
    assert s.is_over() and s.winners() == [0] and [name_of(c) for c in s.ai_discard] == ["ZOMBIE"]


def test_solo_decision_ai_spell_targets_an_indestructible_creature_and_pays():
    """Decision: the automaton's incantation targets your nearest creature even if Indestructible
    (it may be targeted: FAQ); the spell does nothing to it and its cost counts."""
    s = solo(deck=["ANNIHILATION", "ZOMBIE", "OGRE", "SCRIBE"], a_top=[{"card": "REVENANT", "new": True}],
             hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"])
    s.apply_text("end")  # mana 7: ANNIHILATION (4) on REVENANT, ZOMBIE (1) bottom, OGRE (4) top
    assert board(s, 0, 0) == ["REVENANT"] and board(s, 1, 0) == ["OGRE"] and board(s, 1, 1) == ["ZOMBIE"]


def test_solo_player_loses_when_fort_reaches_the_right():
    """The player loses when their Fort reaches the rightmost position."""
    s = solo(b_top=["MARTYR"], fort=(True, False), bastion=(2, 0), hand_cards=["GNOME", "GRRR", "VORTEX"],
             deck=["ZOMBIE", "OGRE", "SCRIBE", "ASSASSIN"])
    s.apply_text("end")
    assert s.is_over() and s.winners() == [] and s.scores() == [0.0]


def test_solo_ai_destroyed_creatures_go_to_its_discard_pile():
    """AI creatures destroyed go to the AI discard pile."""
    s = solo(a_top=["BRUTE"], b_top=["ZOMBIE"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"],
             deck=["OGRE", "SCRIBE", "ASSASSIN", "CYCLONE"])
    s.apply_text("end")
    assert name_of(s.ai_discard[0]) == "ZOMBIE"


def test_solo_player_chooses_return_order_during_ai_turn():
    """The owner's choice of return order applies to the player in the automaton's turn too."""
    g = game(solo=True, level=1, ai_ability="Splash")
    s = solo(g=g, a_top=["ZOMBIE"], a_bottom=["PARTISAN"], b_top=["OGRE"], hand_cards=["GNOME", "GRRR", "MARTYR", "VORTEX"],
             deck=["SCRIBE", "ASSASSIN", "CYCLONE", "BRIGAND"])
    assert s.abilities(1, 0, 0) & SPLASH
    s.apply_text("end")  # player's ZOMBIE/PARTISAN hit nothing useful; the AI's OGRE splashes both
    assert s.to_move() == 0 and sorted(s.game.format_action(a) for a in s.legal_actions()) == [
        "return PARTISAN", "return ZOMBIE"]
    s.apply_text("return PARTISAN")
    assert hand(s, 0)[-2:] == ["PARTISAN", "ZOMBIE"]


def test_solo_decision_ai_first_means_normal_mana_for_the_player_and_ai_fort():
    """Decision / custom: the AI may play first (+1); the AI may start on its Fort (−1)."""
    s = game(solo=True, format="precon", level=1, ai_first=True, variable_mana=1).new_state(2)
    assert s.turn >= 2 and len(s.lanes[1][0]) >= 1  # the AI's turn was played first
    assert s.mana == len(s.hands[0]) + 1  # Decision: the 6-mana first turn is for a first-playing player only
    s = game(solo=True, format="precon", level=1, ai_fort=True, constant_mana=8).new_state(2)
    assert s.fort[1]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_solo_level_presets_add_up_to_the_level(level):
    """Custom play: a level alone uses a preset option set worth exactly that many points."""
    g = game(solo=True, level=level)
    assert g.points == level == difficulty_points(g.difficulty)
    assert all(g.difficulty[k] == v for k, v in LEVEL_PRESETS[level].items())


def test_solo_custom_options_must_add_up_to_the_level():
    """The engine validates that the chosen options add up to the level's points."""
    g = game(solo=True, level=3, constant_mana=7, ai_ability="Berserk", ai_first=True)
    assert g.points == 3 and g.ai_bonus
    with pytest.raises(OptionError, match=r"add up to 2 points, but level 3 needs exactly 3; e\.g\. level 3: constant_mana=8"):
        game(solo=True, level=3, constant_mana=8)
    with pytest.raises(OptionError, match="levels 1–5"):
        game(solo=True, constant_mana=10, weak_attacks=True)
    with pytest.raises(OptionError, match="levels 1–5"):
        game(solo=True, ai_fort=True)
    assert game(solo=True, constant_mana=9).points == 3  # options alone give the level


def test_solo_options_rejected_in_a_duel_and_constructed_rejected_in_solo():
    """Difficulty options belong to solo play; solo play cannot use the constructed format."""
    with pytest.raises(OptionError, match="solo"):
        game(level=2)
    with pytest.raises(OptionError, match="constructed"):
        game(solo=True, format="constructed")
    with pytest.raises(OptionError, match="ai_ability"):
        game(solo=True, ai_ability="Sprint")
