"""The card-counting bot (`CountingBot`, the builder and rollout policy of 5 Towers' `hard`).

A tower is worth its score plus COUNT_WEIGHT / n × k ** COUNT_POWER for the k cards of its
colour still to come that may go on its top, plus height / n while its colour's 0 is still
to come; the discard pile counts as still to come only before the reshuffle."""

from __future__ import annotations

import pytest

from cardhall.core.bot import Observation
from cardhall.games.five_towers.bot import COUNT_POWER, COUNT_WEIGHT, COUNT_ZERO, CountingBot, HeuristicBot
from tests.five_towers.helpers import position

YELLOW = {0: {"Y": [15, 10]}}  # 2 cards, no top: 2 points + 2 for the main tower


def room(k: int, players: int = 3) -> float:
    return COUNT_WEIGHT / players * k ** COUNT_POWER


def test_room_counts_the_cards_still_to_come_that_fit_on_the_top() -> None:
    """On a 10: the 0–9 of its colour (a 9 fits anywhere but on a 0); the 0 among them adds
    the chance to top the tower (height / players)."""
    s = position(offer="P3", towers=YELLOW, draw="Y9 Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y1 Y0", exhaustions=1)
    assert CountingBot(0).values(s)[0] == pytest.approx(4 + room(10) + COUNT_ZERO * 2 / 3)


def test_cards_gone_for_good_do_not_count() -> None:
    """After the reshuffle the discard pile never comes back: only the draw pile counts."""
    s = position(offer="P3", towers=YELLOW, draw="Y3 Y2 G7", exhaustions=1)
    assert CountingBot(0).values(s)[0] == pytest.approx(4 + room(2) + room(1))  # Y3 Y2 on the 10; G7 starts green


def test_before_the_reshuffle_the_discard_pile_counts_too() -> None:
    before = position(offer="P3", towers=YELLOW, draw="Y3 Y2", exhaustions=0)
    after = position(offer="P3", towers=YELLOW, draw="Y3 Y2", exhaustions=1)
    assert CountingBot(0).values(before)[0] > CountingBot(0).values(after)[0]
    assert CountingBot(0).values(after)[0] == pytest.approx(4 + room(2))


def test_a_topped_tower_is_worth_its_score_alone() -> None:
    s = position(offer="P3", towers={0: {"Y": [15, 10, 0]}}, draw="Y9 Y8", exhaustions=1)
    assert CountingBot(0).values(s)[0] == pytest.approx(3 * 2 + 3)


def test_both_copies_of_a_4_plus_card_count() -> None:
    """With 4–5 players the 0, 2, 5, 7, 10 and 12 of each colour exist twice."""
    s = position(4, offer="P3", towers=YELLOW, draw="Y7 Y7", exhaustions=1)
    assert CountingBot(0).values(s)[0] == pytest.approx(4 + room(2, 4))


def test_counting_steps_down_over_values_gone_for_good() -> None:
    """Y10 offered for a Y15 tower whose 11–14 were demolished: the heuristic sees a step of
    five (room lost) and bids 0; the counting bot sees that no yellow card that fits on the
    15 but not on the 10 is still to come, so the step costs nothing, and takes it."""
    s = position(offer="Y10", towers={0: {"Y": [15], "G": [15, 14, 13]}}, demolished={2: "Y14 Y13 Y12 Y11"})
    assert HeuristicBot(0).act(Observation.of(s, 0)) == 0
    bot = CountingBot(0)
    assert bot.act(Observation.of(s, 0)) == 1
    s.apply(1)  # a bid of the whole offer ends the bidding
    assert s.game.format_action(bot.act(Observation.of(s, 0))) == "take Y10; place Y10"


def test_the_weights_are_parameters_of_the_bot_spec() -> None:
    """`cardhall.games.five_towers.bot:CountingBot:weight=2:power=1:zero=0` in the arena."""
    import cardhall
    from cardhall.bots import make_bot

    bot = make_bot(cardhall.load("five-towers"), "cardhall.games.five_towers.bot:CountingBot:weight=2:power=1:zero=0")
    assert isinstance(bot, CountingBot)
    s = position(offer="P3", towers=YELLOW, draw="Y9 Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y1 Y0", exhaustions=1)
    assert bot.values(s)[0] == pytest.approx(4 + 2 / 3 * 10)
