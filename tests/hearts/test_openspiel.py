"""Cross-check with OpenSpiel's `hearts`: identical legal moves at every decision, identical points.

Rules: "With options set to match (passing on, no points on the first trick, must break
hearts, Q♠ does not break hearts), single deals must agree card-for-card with OpenSpiel's
hearts: identical legal moves at every decision and identical deal points, on thousands of
random deals."

Each deal is dealt by our engine and replayed into OpenSpiel's chance nodes (pass direction,
then the 52 cards), then both play the same choices. The default suite runs 2,300 deals
(a third of them with a policy that makes moon shots common); `-m slow` runs 20,000 more.
"""

from __future__ import annotations

import pyspiel
import pytest

from cardhall.core.cards import parse_card
from cardhall.games.hearts.game import Hearts
from tests.hearts.openspiel_driver import cross_check_deal, from_os, moon_policy, peer_game, random_policy, to_os

DEALS_PER_DIRECTION = 500


def run(deal: int, seeds: range, queen_breaks_hearts: bool = False) -> int:
    game = Hearts(queen_breaks_hearts=queen_breaks_hearts)
    peer = peer_game(queen_breaks_hearts)
    moons = 0
    for seed in seeds:
        policy = moon_policy if seed % 3 == 0 else random_policy
        points = cross_check_deal(game, peer, seed, deal, policy)
        assert sum(points) in (26, 78)
        moons += points.count(26) == 3
    return moons


def test_encoding_map_cards_and_pass_directions():
    """Our card suit*13+rank is OpenSpiel's rank*4+suit; pass offsets equal its pass-direction outcomes."""
    peer = pyspiel.load_game("hearts")
    state = peer.new_initial_state()
    assert [state.action_to_string(d) for d in range(4)] == ["No Pass", "Left", "Across", "Right"]
    state.apply_action(1)
    for text in ("2C", "QS", "AS", "TH", "9D"):
        assert state.action_to_string(to_os(parse_card(text))) == text
    assert all(from_os(to_os(c)) == c for c in range(52))
    assert [Hearts().deal_state(0, d).offset for d in range(4)] == [1, 3, 2, 0]  # left, right, across, hold


def test_cross_check_pass_left():
    """Identical legal moves and points, deals passing to the left."""
    run(0, range(0, DEALS_PER_DIRECTION))


def test_cross_check_pass_right():
    """Identical legal moves and points, deals passing to the right."""
    run(1, range(1000, 1000 + DEALS_PER_DIRECTION))


def test_cross_check_pass_across():
    """Identical legal moves and points, deals passing across."""
    run(2, range(2000, 2000 + DEALS_PER_DIRECTION))


def test_cross_check_hold():
    """Identical legal moves and points, deals without passing; moon shots are among them."""
    assert run(3, range(3000, 3000 + DEALS_PER_DIRECTION)) > 0


def test_cross_check_queen_breaks_hearts_matches_openspiel_default():
    """queen_breaks_hearts=True matches OpenSpiel's default qs_breaks_hearts=True."""
    for deal in range(4):
        run(deal, range(4000 + 100 * deal, 4075 + 100 * deal), queen_breaks_hearts=True)


def test_openspiel_defaults_differ_from_the_seed_on_the_queen():
    """OpenSpiel's default (Q♠ breaks hearts) is not the seed's rule; with it, some deal disagrees."""
    game = Hearts()
    peer = peer_game(queen_breaks_hearts=True)
    disagreements = 0
    for seed in range(300):
        try:
            cross_check_deal(game, peer, seed, 3, random_policy)
        except AssertionError:
            disagreements += 1
    assert disagreements > 0


@pytest.mark.slow
@pytest.mark.parametrize("deal", range(4))
def test_cross_check_many_deals(deal):
    """The long run: 5,000 more deals per pass direction."""
    run(deal, range(100_000 + deal * 10_000, 105_000 + deal * 10_000))
