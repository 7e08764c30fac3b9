"""The duel rules, every Decision and every FAQ answer of the seed, each from a set-up position.

Lanes are listed from the bridge outwards: position 1 first. Player A is side 0, B side 1.
Where an attack must be isolated, A holds BOOM! with 1 mana so the engine waits between attacks.
"""

from __future__ import annotations

import pytest

from cardhall.core.errors import IllegalAction
from cardhall.games.clash_of_decks.abilities import PROTECTION, RAGE, SPRINT
from cardhall.games.clash_of_decks.cards import card_id
from cardhall.games.clash_of_decks.game import ASSAULT, SUMMON

from .helpers import board, creature, damage, game, hand, play, position

A_HAND = ["BOOM!", "ANNIHILATION", "METEORITE", "CYCLONE", "GRRR"]  # BOOM! first: attacks wait for `attack`
B_HAND = ["GRRR", "COMBUSTION", "METEORITE", "CYCLONE", "ANNIHILATION"]


def assault(**kw):
    kw.setdefault("hands", (list(A_HAND), list(B_HAND)))
    return position(phase=ASSAULT, mana=1, **kw)


# --- setup, mana and the hand ------------------------------------------------------------


def test_setup_hand_is_eight_cards_with_bastion_leftmost_and_first_player_has_six_mana():
    """Setup: each player shuffles their 8 cards into a hand with the Bastion at the leftmost
    position; the first player's first turn has only 6 mana."""
    g = game(decks="3,4")
    s = g.new_state(5)
    assert sorted(hand(s, 0)) == sorted(["BRIGAND", "DISCIPLE", "GNOME", "GRRR", "MARTYR", "METEORITE", "PARASITE", "VORTEX"])
    assert sorted(hand(s, 1)) == sorted(
        ["ABERRATION", "ASSASSIN", "CARNIVORE", "CYCLONE", "MACHINE", "MUTANT", "REPTILE", "ZOMBIE"])
    assert s.bastion == [0, 0] and s.fort == [False, False]
    assert s.active == s.first and s.mana == 6


def test_decision_first_player_by_coin_toss():
    """Decision: the first player is chosen by coin toss (the seed), not by the draft order."""
    g = game()
    firsts = {g.new_state(seed).first for seed in range(20)}
    assert firsts == {0, 1}


def test_mana_equals_cards_in_hand_including_bastion():
    """Mana: gain mana equal to the number of cards in hand, Bastion/Fort included."""
    s = position(hands=(["BARON", "BRUTE"], list(B_HAND)), mana=0)
    s.apply_text("end")  # A has nothing to attack with; B's turn begins
    assert s.active == 1 and s.mana == len(B_HAND) + 1


def test_faq_more_creatures_means_less_life_and_mana():
    """FAQ: the more creatures you put in play, the less life and mana you have."""
    s = position(hands=(["BARON", "BRUTE", "CARAPACE", "PARTISAN", "TROLL"], list(B_HAND)), bastion=(2, 0), mana=10)
    play(s, "summon BARON top")
    assert len(s.hands[0]) + 1 == 5  # next turn's mana is one less
    assert len(s.hands[0]) - s.bastion[0] == 3  # distance to the right end is unchanged: left of the Bastion


def test_playable_window_is_four_leftmost_not_counting_bastion():
    """Summon: cards are played from among the 4 leftmost cards, not counting the Bastion/Fort."""
    s = position(hands=(["BARON", "BRUTE", "CARAPACE", "PARTISAN", "TROLL"], list(B_HAND)), bastion=(2, 0), mana=20)
    summonable = {a[1] for a in s.legal_actions() if a[0] == "summon"}
    assert summonable == {card_id(n) for n in ("BARON", "BRUTE", "CARAPACE", "PARTISAN")}
    with pytest.raises(IllegalAction, match="4 leftmost"):
        s.apply_text("summon TROLL top")


def test_faq_fifth_card_becomes_playable_at_once():
    """FAQ: as soon as a card is played, the 5th card from the left becomes the 4th and can be
    played in the same summon phase."""
    s = position(hands=(["BARON", "BRUTE", "CARAPACE", "PARTISAN", "TROLL"], list(B_HAND)), mana=20)
    play(s, "summon BARON top", "summon TROLL bottom")
    assert board(s, 0, 1) == ["TROLL"]


def test_faq_cannot_play_every_card_decision_last_card_is_illegal():
    """FAQ: at least one card besides the Bastion/Fort must stay in hand. Decision: playing the
    last other card is not a legal move (incantations included)."""
    s = position(hands=(["BARON"], list(B_HAND)), mana=10, b_top=["ZOMBIE"])
    assert s.legal_actions() == [("end",)]
    with pytest.raises(IllegalAction, match="at least one card"):
        s.apply_text("summon BARON top")
    s2 = position(hands=(["BOOM!"], list(B_HAND)), mana=10, b_top=["ZOMBIE"])
    assert all(a[0] != "cast" for a in s2.legal_actions())


def test_faq_summoning_nothing_is_allowed():
    """FAQ: you may summon nothing in your summon phase."""
    s = position(hands=(list(A_HAND), list(B_HAND)), mana=10)
    s.apply_text("end")
    assert s.active == 1 and board(s, 0, 0) == board(s, 0, 1) == []


def test_cannot_spend_more_mana_than_gained():
    """Summon: a player cannot spend more mana than they gained this turn."""
    s = position(hands=(["TROLL", "BARON", "BRUTE"], list(B_HAND)), mana=5)
    with pytest.raises(IllegalAction, match="costs 6 and you have 5 mana"):
        s.apply_text("summon TROLL top")


def test_faq_creature_placed_only_at_the_back():
    """FAQ: a creature goes to the position farthest from the bridge, never between others."""
    s = position(hands=(["BARON", "BRUTE", "CARAPACE"], list(B_HAND)), a_top=["ZOMBIE", "OGRE"], mana=10)
    play(s, "summon BARON top")
    assert board(s, 0, 0) == ["ZOMBIE", "OGRE", "BARON"]


def test_faq_playing_left_of_bastion_heals_and_returns_go_rightmost():
    """FAQ: cards played from left of the Bastion move it left; destroyed creatures return at the
    rightmost position — so the system works as healing."""
    s = position(hands=(["BARON", "BRUTE", "CARAPACE", "PARTISAN"], list(B_HAND)), bastion=(2, 0), mana=10)
    play(s, "summon BARON top")
    assert s.bastion[0] == 1 and hand(s, 0) == ["BRUTE", "CARAPACE", "PARTISAN"]
    s = assault(a_top=[creature("MICROCTOPUS")], b_top=["ZOMBIE"], bastion=(0, 3))
    before = len(s.hands[1]) - s.bastion[1]
    s.apply_text("attack")
    assert hand(s, 1)[-1] == "ZOMBIE" and len(s.hands[1]) - s.bastion[1] == before + 1


def test_decision_bastion_destroyed_when_the_cards_to_its_right_are_played():
    """Decision: the Bastion is destroyed whenever it reaches the rightmost position, also when
    its owner plays the cards to its right (the FAQ: a Bastion left alone is rightmost)."""
    s = position(hands=(["BARON", "BRUTE"], list(B_HAND)), bastion=(1, 0), mana=10)
    play(s, "summon BRUTE top")
    assert s.fort[0] and s.bastion[0] == 0


def test_summoned_creature_cannot_attack_this_turn():
    """A creature cannot attack in the turn it is summoned (without Rage)."""
    s = position(hands=(["BARON", "BRUTE", "CARAPACE"], list(B_HAND)), mana=3)
    play(s, "summon BARON top")
    assert s.active == 1 and s.bastion[1] == 0


# --- the assault -------------------------------------------------------------------------


def test_attack_order_top_lane_back_to_front_then_bottom_lane():
    """Assault: the top lane attacks from the creature farthest from the bridge to the nearest,
    then the bottom lane in the same order."""
    s = assault(a_top=["ZOMBIE", "OGRE"], a_bottom=["BARON", "TROLL"], b_top=["BRIGAND"], b_bottom=["MARTYR"])
    order = []
    while s.phase == ASSAULT and s.active == 0 and ("attack",) in s.legal_actions():
        lane, i = s.next_attacker()
        order.append(board(s, 0, lane)[i])
        s.apply_text("attack")
    assert order == ["OGRE", "ZOMBIE", "TROLL", "BARON"]


def test_attack_hits_nearest_enemy_creature_else_the_bastion():
    """An attack deals its attack to the enemy creature nearest the bridge in its lane; with no
    enemy creature there, it damages the enemy Bastion/Fort (moves it right)."""
    s = assault(a_top=["OGRE"], a_bottom=["ZOMBIE"], b_top=["BRIGAND", "MARTYR"])
    play(s, "attack")
    assert damage(s, 1, 0) == [4, 0]
    play(s, "attack")
    assert s.bastion[1] == 3


def test_faq_no_overflow_damage():
    """FAQ: excess damage on a destroyed creature is lost: not to the next creature, not to the
    Bastion."""
    s = assault(a_top=["BRUTE"], b_top=["ZOMBIE", "BARON"])
    s.apply_text("attack")  # 5 damage on a 1-health ZOMBIE
    assert board(s, 1, 0) == ["BARON"] and damage(s, 1, 0) == [0] and s.bastion[1] == 0
    s = assault(a_top=["BRUTE"], b_top=["ZOMBIE"])
    s.apply_text("attack")
    assert board(s, 1, 0) == [] and s.bastion[1] == 0


def test_faq_destroyed_creature_returns_and_others_move_up_at_once():
    """FAQ: a destroyed creature returns to its owner's hand at the rightmost position and the
    creatures behind it move up toward the bridge immediately."""
    s = assault(a_top=["OGRE", "BRUTE"], b_top=["ZOMBIE", "BARON"])
    s.apply_text("attack")  # BRUTE (back) first: kills ZOMBIE
    assert board(s, 1, 0) == ["BARON"] and hand(s, 1)[-1] == "ZOMBIE"
    s.apply_text("attack")  # OGRE now hits BARON, which moved up
    assert damage(s, 1, 0) == [4]


def test_faq_bastion_overflow_does_not_pass_to_fort():
    """FAQ: damage beyond what destroys a Bastion is not carried over to the Fort."""
    s = assault(a_top=["BRUTE"], bastion=(0, 4))  # B: 5 cards, Bastion one step from the end
    s.apply_text("attack")
    assert s.fort[1] and s.bastion[1] == 0


def test_fort_reaching_the_rightmost_position_loses():
    """A Fort reaching the rightmost position means that player loses."""
    s = assault(a_top=["BRUTE"], bastion=(0, 2), fort=(False, True))
    s.apply_text("attack")
    assert s.is_over() and s.winners() == [0] and s.scores() == [1.0, 0.0]


def test_end_of_turn_removes_damage_and_recharges_protection():
    """End of turn: all damage on creatures is removed; Protection recharges."""
    s = position(phase=ASSAULT, mana=0, hands=(list(A_HAND), list(B_HAND)), a_top=["OGRE"],
                 b_top=["BRIGAND"], b_bottom=[creature("CARAPACE", protection_used=True)])
    s.apply_text("attack")  # no castable spell now: the engine would end the turn itself
    assert s.active == 1
    assert damage(s, 1, 0) == [0] and not s.lanes[1][1][0][2]


# --- incantations -------------------------------------------------------------------------


def test_faq_incantations_in_summon_or_assault_between_attacks():
    """FAQ: incantations can be played at any moment of the summon or assault phase — between
    attacks too — and return to the rightmost position of the caster's hand."""
    s = position(hands=(list(A_HAND), list(B_HAND)), mana=10, b_top=["BRIGAND"])
    s.apply_text("cast BOOM! on B top 1")  # summon phase
    assert damage(s, 1, 0) == [1] and s.phase == SUMMON
    s = assault(a_top=["ZOMBIE", "OGRE"], b_top=["BRIGAND"])
    s.apply_text("attack")  # OGRE: 4 on BRIGAND; A may now cast before ZOMBIE attacks
    assert damage(s, 1, 0) == [4] and s.phase == ASSAULT
    s.apply_text("cast BOOM! on B top 1")  # 5 of 6; then ZOMBIE's 3 (automatic: no spell left)
    assert hand(s, 0)[-1] == "BOOM!" and "BRIGAND" in hand(s, 1)


def test_faq_incantations_act_immediately():
    """FAQ: incantations are not bound by summoning sickness; they act at once."""
    s = position(hands=(list(A_HAND), list(B_HAND)), mana=10, b_top=["ZOMBIE"])
    s.apply_text("cast BOOM! on B top 1")
    assert board(s, 1, 0) == [] and hand(s, 1)[-1] == "ZOMBIE"


def test_faq_same_incantation_again_with_five_or_fewer_cards():
    """FAQ: with 5 or fewer cards in hand (Bastion included) the same incantation can be cast
    again in the turn (it comes back into the 4-card window); with 6 it cannot."""
    s = position(hands=(["BOOM!", "BARON", "BRUTE", "CARAPACE"], list(B_HAND)), mana=10, b_top=["BRIGAND"])
    play(s, "cast BOOM! on B top 1", "cast BOOM! on B top 1")
    assert damage(s, 1, 0) == [2]
    s = position(hands=(["BOOM!", "BARON", "BRUTE", "CARAPACE", "PARTISAN"], list(B_HAND)), mana=10, b_top=["BRIGAND"])
    s.apply_text("cast BOOM! on B top 1")
    with pytest.raises(IllegalAction, match="4 leftmost"):
        s.apply_text("cast BOOM! on B top 1")


def test_decision_incantation_may_target_own_creature():
    """Decision: an incantation may target the caster's own creature; destroying it returns it to
    the caster's hand (a heal)."""
    s = position(hands=(list(A_HAND), list(B_HAND)), mana=10, a_top=["ZOMBIE"])
    s.apply_text("cast BOOM! on A top 1")
    assert hand(s, 0)[-2:] == ["ZOMBIE", "BOOM!"]


def test_decision_incantation_returns_after_the_creatures_it_destroyed():
    """Rule: the incantation's effect applies, then the card returns to the rightmost position."""
    s = position(hands=(list(A_HAND), list(B_HAND)), mana=10, a_top=["ZOMBIE"])
    s.apply_text("cast BOOM! on A top 1")
    assert hand(s, 0)[-1] == "BOOM!"


def test_decision_incantation_splash_perforation_geometry():
    """Decision: CYCLONE hits the target, the creature behind it and the creature at the same
    position in the other lane — not the one behind the splashed creature."""
    g = game(format="constructed")
    s = position(g, hands=(["CYCLONE", "ZOMBIE", "MACHINE", "MUTANT"], list(B_HAND)), mana=10,
                 b_top=["BRIGAND", "BARON", "OGRE"], b_bottom=["TROLL", "BRUTE"])
    s.apply_text("cast CYCLONE on B top 1")
    assert damage(s, 1, 0) == [3, 3, 0] and damage(s, 1, 1) == [3, 0]


def test_decision_indestructible_target_spares_only_itself():
    """Decision: an Indestructible target takes nothing from an incantation, but the other
    creatures hit by the same incantation still take its damage."""
    s = position(hands=(["CYCLONE", "ZOMBIE", "MACHINE", "MUTANT"], list(B_HAND)), mana=10,
                 b_top=["SCRIBE", "BRIGAND"], b_bottom=["BARON"])
    s.apply_text("cast CYCLONE on B top 1")
    assert damage(s, 1, 0) == [0, 3] and damage(s, 1, 1) == [3]


def test_faq_indestructible_can_be_targeted():
    """FAQ: an Indestructible creature may be targeted by incantations, though it takes no damage."""
    s = position(hands=(list(A_HAND), list(B_HAND)), mana=10, b_top=["REVENANT"])
    assert ("cast", card_id("ANNIHILATION"), 1, 0, 0) in s.legal_actions()
    s.apply_text("cast ANNIHILATION on B top 1")
    assert board(s, 1, 0) == ["REVENANT"] and damage(s, 1, 0) == [0] and s.mana == 6


# --- several creatures at once -------------------------------------------------------------


def test_faq_owner_chooses_return_order():
    """FAQ: when Splash or Perforation destroys several creatures at once, their owner chooses
    the order they return in. Decision: it is a decision of the owner in the engine."""
    s = position(hands=(["COMBUSTION", "BARON", "BRUTE", "CARAPACE"], list(B_HAND)), mana=10,
                 b_top=["ZOMBIE"], b_bottom=["GNOME"])
    s.apply_text("cast COMBUSTION on B top 1")
    assert s.to_move() == 1 and sorted(s.game.format_action(a) for a in s.legal_actions()) == [
        "return GNOME", "return ZOMBIE"]
    with pytest.raises(IllegalAction, match="order"):
        s.apply_text("summon BARON top")
    s.apply_text("return ZOMBIE")
    assert hand(s, 1)[-2:] == ["ZOMBIE", "GNOME"] and hand(s, 0)[-1] == "COMBUSTION"
    assert s.to_move() == 0


# --- abilities ----------------------------------------------------------------------------


def test_faq_abilities_are_mandatory():
    """FAQ: abilities apply automatically and always when they can: Splash hits the other lane's
    creature even when it is your opponent's last line, Sprint always moves."""
    s = assault(a_top=["BRIGAND"], b_top=["OGRE"], b_bottom=["ZOMBIE"])
    s.apply_text("attack")
    assert board(s, 1, 1) == []  # splashed ZOMBIE died
    s = assault(a_top=["ZOMBIE", "REPTILE"], b_top=["BRIGAND"])
    s.apply_text("attack")
    assert board(s, 0, 0) == ["REPTILE", "ZOMBIE"]


def test_faq_protection_absorbs_only_the_direct_hit():
    """FAQ: Splash and Perforation still hit when the target has Protection; only the damage
    dealt directly to the Protection creature is ignored."""
    s = assault(a_top=["ABOMINATION"], b_top=["CARAPACE", "OGRE"], b_bottom=["BRIGAND"])
    s.apply_text("attack")
    assert board(s, 1, 0) == ["CARAPACE"] and damage(s, 1, 0) == [0] and board(s, 1, 1) == []


def test_decision_protection_any_damage_instance_counts_and_zero_does_not():
    """Decision: Protection ignores the first damage instance of the turn of any kind (here an
    incantation); a 0-damage attack does not use it up."""
    s = assault(a_top=["VORTEX"], b_top=["LIEUTENANT"])
    s.apply_text("attack")  # VORTEX has 0 attack
    assert not s.lanes[1][0][0][2]
    s.apply_text("cast BOOM! on B top 1")  # LIEUTENANT has 1 health: Protection saved it
    assert board(s, 1, 0) == ["LIEUTENANT"] and "LIEUTENANT's Protection ignores the damage." in s.reports


def test_decision_protection_recharges_at_every_turn_end():
    """Decision: Protection recharges at the end of every turn (both players')."""
    s = position(phase=ASSAULT, mana=0, hands=(list(A_HAND), list(B_HAND)), a_top=["ZOMBIE"],
                 b_top=["LIEUTENANT"])
    s.apply_text("attack")  # absorbed; turn ends
    assert s.active == 1 and s.lanes[1][0][0][2] == 0


def test_faq_perforation_never_hits_the_bastion():
    """FAQ: with no creature behind the target, Perforation does not reach the Bastion/Fort."""
    s = assault(a_top=["DISCIPLE"], b_top=["ZOMBIE"])
    s.apply_text("attack")
    assert board(s, 1, 0) == [] and s.bastion[1] == 0


def test_faq_splash_and_perforation_do_nothing_on_a_bastion_attack():
    """FAQ: when the attack goes to the Bastion/Fort, Splash and Perforation have no effect."""
    s = assault(a_top=["ABOMINATION"], b_bottom=["ZOMBIE", "OGRE"])
    s.apply_text("attack")
    assert board(s, 1, 1) == ["ZOMBIE", "OGRE"] and damage(s, 1, 1) == [0, 0] and s.fort[1]


def test_faq_perforation_does_not_extend_from_the_splashed_creature():
    """FAQ: with Splash and Perforation, Perforation hits only the creature behind the attacked one."""
    s = assault(a_top=["ABOMINATION"], b_top=["BRIGAND", "MARTYR"], b_bottom=["BARON", "BRUTE"])
    s.apply_text("attack")
    assert board(s, 1, 0) == ["MARTYR"] and damage(s, 1, 0) == [0]  # BRIGAND died, MARTYR's Protection
    assert board(s, 1, 1) == ["BRUTE"] and damage(s, 1, 1) == [0]  # BARON splashed; BRUTE behind it untouched


def test_faq_rage_attacks_creatures_not_the_bastion_on_summoning_turn():
    """FAQ: Rage lets a creature attack enemy creatures in its summoning turn, never the Bastion."""
    s = position(hands=(["PARTISAN", "BOOM!", "BARON", "BRUTE"], list(B_HAND)), mana=3, b_top=["ZOMBIE"])
    play(s, "summon PARTISAN top", "end")
    assert board(s, 1, 0) == [] and hand(s, 1)[-1] == "ZOMBIE"
    s = position(hands=(["PARTISAN", "BOOM!", "BARON", "BRUTE"], list(B_HAND)), mana=3, b_bottom=["ZOMBIE"])
    play(s, "summon PARTISAN top", "end")
    assert s.bastion[1] == 0


def test_faq_berserk_attacks_the_bastion_after_the_last_creature():
    """FAQ: after destroying the last creature of the lane, Berserk attacks the Bastion/Fort."""
    s = assault(a_top=["OGRE"], b_top=["ZOMBIE"])
    s.apply_text("attack")
    assert board(s, 1, 0) == [] and s.bastion[1] == 4


def test_berserk_attacks_again_each_time_it_destroys():
    """Berserk: each time it destroys an enemy creature, it attacks again."""
    s = assault(a_top=["OGRE"], b_top=["ZOMBIE", "GNOME", "BRIGAND"])
    s.apply_text("attack")
    assert board(s, 1, 0) == ["BRIGAND"] and damage(s, 1, 0) == [4] and s.bastion[1] == 0


def test_faq_berserk_not_to_the_bastion_after_rage_summoning():
    """FAQ: a Berserk creature attacking in its summoning turn through Rage does not go on to
    the Bastion after destroying the lane's last creature."""
    s = position(hands=(["GNOME", "BOOM!", "BARON", "BRUTE"], list(B_HAND)), mana=3, b_top=["ZOMBIE"])
    play(s, "summon GNOME top", "end")
    assert board(s, 1, 0) == [] and s.bastion[1] == 0


def test_faq_berserk_not_after_destroying_a_bastion():
    """FAQ: Berserk triggers only on destroying a creature; destroying a Bastion is not one."""
    s = assault(a_top=["OGRE"], bastion=(0, 4))
    s.apply_text("attack")
    assert s.fort[1] and s.bastion[1] == 0


def test_faq_sprint_attacks_once_per_turn():
    """FAQ: a Sprint creature not nearest the bridge moves forward and attacks once, not again
    when its old turn in the order comes."""
    s = assault(a_top=["ZOMBIE", "BARON", "REPTILE"], b_top=["BRIGAND"])
    attackers = []
    while ("attack",) in s.legal_actions() and s.active == 0:
        lane, i = s.next_attacker()
        attackers.append(board(s, 0, lane)[i])
        s.apply_text("attack")
    assert attackers == ["REPTILE", "BARON", "ZOMBIE"]  # REPTILE moved to the front and attacked once


def test_sprint_moves_to_the_front_with_plus_one_per_creature_passed():
    """Sprint: it first moves nearest the bridge; +X damage, X = creatures it moved past."""
    s = assault(a_top=["ZOMBIE", "BARON", "REPTILE"], b_top=["BRIGAND"])
    s.apply_text("attack")
    assert board(s, 0, 0) == ["REPTILE", "ZOMBIE", "BARON"] and damage(s, 1, 0) == [1 + 2]


def test_faq_sprint_bonus_lasts_the_assault():
    """FAQ: the Sprint bonus lasts until the end of the assault (a Berserk re-attack keeps it)."""
    s = assault(a_top=["ZOMBIE", "BARON", "ABERRATION"], b_top=["GNOME"])
    s.apply_text("attack")
    assert board(s, 1, 0) == [] and s.bastion[1] == 2 + 2


def test_faq_aura_neighbours_only_not_itself():
    """FAQ: an Aura gives its ability to the creature's two neighbours in the lane, not to
    itself nor to others."""
    s = position(hands=(list(A_HAND), list(B_HAND)), a_top=["ZOMBIE", "SHAMAN", "OGRE", "BARON"])
    has = [bool(s.abilities(0, 0, i) & RAGE) for i in range(4)]
    assert has == [True, False, True, False]


def test_faq_aura_lost_when_the_creature_moves_or_leaves():
    """FAQ: the neighbours lose the Aura's ability as soon as the aura creature (or they) move,
    or it leaves play."""
    s = assault(a_top=["ZOMBIE", "BARON", "VORTEX", "OGRE"], b_top=["MARTYR"])
    assert s.abilities(0, 0, 3) & SPRINT
    s.apply_text("attack")  # OGRE sprints past 3 to the front
    assert board(s, 0, 0) == ["OGRE", "ZOMBIE", "BARON", "VORTEX"]
    assert not s.abilities(0, 0, 0) & SPRINT and s.abilities(0, 0, 2) & SPRINT
    s = assault(a_top=["OGRE"], b_top=["ZOMBIE", "MACHINE", "BARON"])
    assert s.abilities(1, 0, 0) & PROTECTION and s.abilities(1, 0, 2) & PROTECTION
    s.apply_text("cast BOOM! on B top 2")  # MACHINE is Indestructible: nothing happens
    assert board(s, 1, 0) == ["ZOMBIE", "MACHINE", "BARON"]


def test_faq_aura_lost_when_aura_creature_leaves_play():
    """FAQ: when the aura creature leaves play, the neighbours lose the ability at once."""
    s = assault(a_top=["ZOMBIE"], b_top=["SHAMAN", "OGRE"])
    assert s.abilities(1, 0, 1) & RAGE
    s.apply_text("attack")  # ZOMBIE kills SHAMAN
    assert board(s, 1, 0) == ["OGRE"] and not s.abilities(1, 0, 0) & RAGE


def test_decision_abilities_are_not_doubled_by_an_aura():
    """Decision: an ability held and also received through an Aura counts once (Protection
    absorbs one hit, not two)."""
    s = assault(a_top=["OGRE"], b_top=["LIEUTENANT", "MACHINE"])
    s.apply_text("attack")  # absorbed by Protection (own + aura)
    s.apply_text("cast BOOM! on B top 1")
    assert board(s, 1, 0) == ["MACHINE"]


def test_decision_zero_attack_creature_attacks_in_order_but_deals_nothing():
    """Decision: a creature with 0 attack still 'attacks' in order but deals no damage."""
    s = position(phase=ASSAULT, mana=1, hands=(["BOOM!", "BARON", "BRUTE"], list(B_HAND)), a_top=["CARAPACE"])
    assert s.next_attacker() == (0, 0)
    s.apply_text("attack")
    assert s.bastion[1] == 0


def test_decision_incantation_needs_a_creature_in_play():
    """Decision: an incantation targets a creature in play; with none, it cannot be cast."""
    s = position(hands=(list(A_HAND), list(B_HAND)), mana=10)
    assert all(a[0] != "cast" for a in s.legal_actions())
    assert s.phase == SUMMON


def test_decision_berserk_one_more_attack_per_attack_that_destroys():
    """Decision: Berserk gives one more attack for each attack that destroys at least one enemy
    creature, even when Splash/Perforation destroy two at once (the return order comes first)."""
    s = assault(a_top=["PARASITE"], b_top=["ZOMBIE"], b_bottom=["ASSASSIN"])
    s.apply_text("attack")  # 1 damage: ZOMBIE and the splashed ASSASSIN die together
    assert s.to_move() == 1 and s.bastion[1] == 0
    s.apply_text("return ASSASSIN")
    assert s.bastion[1] == 1  # one re-attack on the Bastion, not two


def test_decision_rage_creature_without_enemy_in_its_lane_does_not_attack():
    """Decision: in its summoning turn a Rage creature with no enemy creature in its lane does not
    attack at all (so a Sprint creature does not move)."""
    s = position(hands=(["REPTILE", "BOOM!", "BARON"], list(B_HAND)), mana=3, a_top=["ZOMBIE"], b_bottom=["GNOME"])
    play(s, "summon REPTILE top")  # no mana left: the assault runs by itself
    assert s.active == 1 and board(s, 0, 0) == ["ZOMBIE", "REPTILE"] and s.bastion[1] == 3


def test_decision_duel_draw_after_200_turns():
    """Decision: a duel still going after 200 turns is a draw (only stalemates get there)."""
    s = position(hands=(["BOOM!", "ANNIHILATION"], ["BOOM!", "ANNIHILATION"]), mana=0, turn=199)
    s.apply_text("end")
    assert s.is_over() and s.winners() == [0, 1] and s.scores() == [0.5, 0.5]


def test_view_tracks_cards_seen_returning_to_a_hand():
    """Hidden information: a duel hand is hidden from the opponent except the places where it saw
    a card return; those stay known as the hand shifts."""
    s = assault(a_top=["BRUTE"], b_top=["ZOMBIE"])
    assert s.view(0)["hands"][1]["cards"] == [None] * 5
    s.apply_text("attack")
    opp = s.view(0)["hands"][1]
    assert opp["cards"] == [None] * 5 + ["ZOMBIE"] and "ZOMBIE" not in opp["unknown"]
    assert s.view(1)["hands"][1]["cards"][-1] == "ZOMBIE" and "unknown" not in s.view(1)["hands"][1]
    s.apply_text("end")  # B's turn: B plays GRRR from the left; ZOMBIE's place stays known
    s.apply_text("summon GRRR top")
    assert s.view(0)["hands"][1]["cards"] == [None] * 4 + ["ZOMBIE"]


def test_faq_aura_lost_when_the_aura_creature_itself_moves():
    """FAQ: as soon as the aura creature moves (here SHAMAN, given Sprint by VORTEX, sprints to the
    front), its old neighbour loses the ability and its new neighbour gains it."""
    s = assault(a_top=["ZOMBIE", "OGRE", "SHAMAN", "VORTEX"], b_top=["MARTYR"])
    assert s.abilities(0, 0, 1) & RAGE and not s.abilities(0, 0, 0) & RAGE
    s.apply_text("attack")  # VORTEX (0 attack) attacks first, then SHAMAN sprints
    s.apply_text("attack")
    assert board(s, 0, 0) == ["SHAMAN", "ZOMBIE", "OGRE", "VORTEX"]
    assert s.abilities(0, 0, 1) & RAGE and not s.abilities(0, 0, 2) & RAGE


def test_faq_one_starter_kit_for_solo_and_draft_a_set_each_for_constructed():
    """FAQ: one Starter Kit is enough for solo and for a draft (or precon) duel — every card exists
    once; in a constructed duel each player owns a full set, so a card may be on both sides."""
    for options in (dict(), dict(format="draft"), dict(solo=True)):
        s = game(**options).new_state(3)
        while s.phase == "draft":
            s.apply(s.legal_actions()[0])
        mine = s.hands[0] + (s.ai_deck if s.game.solo else s.hands[1])
        assert len(mine) == len(set(mine))
    s = game(format="constructed").new_state(3)
    names = ["TROLL", "OGRE", "BRUTE", "BARON", "ZOMBIE", "GNOME", "GRRR", "BOOM!", "SCRIBE", "ALPHA"]
    play(s, *[f"pick {n}" for n in names + names])
    assert s.picks[0] == s.picks[1] and s.phase == "ban"
