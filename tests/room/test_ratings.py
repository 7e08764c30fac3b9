"""The bots' anchor ratings: refitting them from the stored ladder runs (the measured win rates
of docs/bots.md, cardhall/people/data/ladders.json) gives the published anchors, and the anchors
reproduce the measured win rates; places and rating updates follow the rules."""

from __future__ import annotations

import pytest

from cardhall.people import ratings


@pytest.mark.parametrize("pool", sorted(ratings.ladders()))
def test_the_fit_reproduces_the_published_anchors_and_the_ladder(pool: str) -> None:
    ladder = ratings.ladders()[pool]
    fitted = ratings.fit(ladder)
    assert fitted == pytest.approx(ratings.anchors()[pool], abs=0.02)
    predicted = ratings.predicted_win(ladder["meeting"], ladder["seats"], fitted)
    for level in ratings.LEVELS:
        # within 1.5 points of the measured win %, or 3 for a level the fit put at its floor (0: it
        # (almost) never won, and no rating of at least 0 is as weak as it)
        slack = 3.0 if fitted[level] == 0.0 else 1.5
        assert predicted[level] == pytest.approx(ladder["win"][level], abs=slack), (pool, level)
    assert fitted["random"] <= fitted["easy"] <= fitted["medium"] <= fitted["hard"] or pool == "clash-of-decks:2"


def test_places_follow_the_winners_direction() -> None:
    assert ratings.places_of([61, 69, 112, 96], [0]) == [1, 2, 4, 3]  # Hearts: fewer points are better
    assert ratings.places_of([40, 52, 52], [1, 2]) == [3, 1, 1]
    assert ratings.places_of([3, 3], []) == [1, 1]


def test_a_person_who_beats_hard_gains_more_than_one_who_beats_random() -> None:
    pool = "hearts:4"
    beat_hard = ratings.new_ratings(pool, [[("person", "p")], [("bot", "hard")]], [1, 2], {})["p"]
    beat_random = ratings.new_ratings(pool, [[("person", "p")], [("bot", "random")]], [1, 2], {})["p"]
    assert beat_hard[0] > beat_random[0] > 25
    team = ratings.new_ratings("jass:4", [[("person", "a"), ("bot", "medium")], [("bot", "hard"), ("person", "b")]],
                               [2, 1], {"a": (30.0, 3.0)})
    assert team["a"][0] < 30 and team["b"][0] > 25 and set(team) == {"a", "b"}
