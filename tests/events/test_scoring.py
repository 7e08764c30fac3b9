"""Matchpoints, percentages, frequencies and ranks of duplicate scoring (cardhall.events.scoring)."""

from __future__ import annotations

from cardhall.events.boards import board_seed, new_secret
from cardhall.events.scoring import frequencies, matchpoints, ranks


def test_two_matchpoints_per_entry_beaten_and_one_per_tie_higher_is_better() -> None:
    got = matchpoints({"a": 10, "b": 7, "c": 7, "d": 0}, lower_is_better=False)
    assert {k: v.matchpoints for k, v in got.items()} == {"a": 6, "b": 3, "c": 3, "d": 0}
    assert got["a"].percent == 100.0 and got["b"].percent == 50.0 and got["d"].percent == 0.0


def test_lower_is_better_for_hearts_points() -> None:
    got = matchpoints({"a": 0, "b": 26, "c": 0}, lower_is_better=True)
    assert {k: v.matchpoints for k, v in got.items()} == {"a": 3, "b": 0, "c": 3}
    assert got["a"].percent == 75.0


def test_alone_on_a_board_is_a_hundred_percent() -> None:
    assert matchpoints({"a": 3}, lower_is_better=False)["a"].percent == 100.0


def test_frequency_table_best_first() -> None:
    assert frequencies([0, 26, 0, 0, 6], lower_is_better=True) == [(0, 3), (6, 1), (26, 1)]
    assert frequencies([1, 3, 3], lower_is_better=False) == [(3, 2), (1, 1)]


def test_ranks_share_equal_results_and_prefer_more_boards() -> None:
    assert ranks([("a", 60.0, 2), ("b", 60.0, 2), ("c", 70.0, 1), ("d", 60.0, 3), ("e", None, 0)]) == \
        {"c": 1, "d": 2, "a": 3, "b": 3, "e": 5}


def test_board_seeds_come_from_the_secret_alone() -> None:
    one, two = new_secret(), new_secret()
    assert one != two and len(one) == 64
    assert board_seed(one, 1) == board_seed(one, 1)
    assert len({board_seed(one, b) for b in range(1, 9)} | {board_seed(two, 1)}) == 9
    assert 0 <= board_seed(one, 3) < 2**63
