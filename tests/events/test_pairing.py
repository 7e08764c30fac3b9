"""The seating rule of Swiss rounds (cardhall.events.pairing): even tables, score groups, no
repeated opponents where the field allows, seats rotated, bots in the empty places."""

from __future__ import annotations

import random
from collections import Counter

from cardhall.events.pairing import group, place, repeats, seat_round, table_sizes


def test_tables_are_as_few_and_as_even_as_possible() -> None:
    assert table_sizes(9, 4) == [3, 3, 3]
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(8, 4) == [4, 4]
    assert table_sizes(5, 2) == [2, 2, 1]
    assert table_sizes(1, 4) == [1]
    assert table_sizes(0, 4) == []


def test_the_best_placed_sit_together_when_nobody_has_met() -> None:
    order = [f"p{i}" for i in range(8)]
    assert group(order, 4, {}) == [order[:4], order[4:]]


def play(tables: list[list[str | None]], met: dict[str, Counter[str]], held: dict[str, Counter[int]]) -> None:
    for table in tables:
        people = [p for p in table if p is not None]
        for seat, p in enumerate(table):
            if p is not None:
                met.setdefault(p, Counter()).update(q for q in people if q != p)
                held.setdefault(p, Counter())[seat] += 1


def test_nine_entrants_meet_nobody_twice_in_two_rounds_and_change_seats() -> None:
    order = [f"p{i}" for i in range(9)]
    met: dict[str, Counter[str]] = {}
    held: dict[str, Counter[int]] = {}
    first = seat_round(order, 4, met, held)
    assert all(t.count(None) == 1 for t in first)  # three entrants and a bot at each table
    play(first, met, held)
    rng = random.Random(3)
    second = seat_round(rng.sample(order, 9), 4, met, held)
    assert repeats(second, met) == 0
    for table in second:
        for seat, p in enumerate(table):
            assert p is None or held[p][seat] == 0  # nobody in the seat they held before


def test_a_field_too_small_repeats_only_what_it_must() -> None:
    order = ["a", "b", "c", "d"]
    met: dict[str, Counter[str]] = {}
    held: dict[str, Counter[int]] = {}
    for _ in range(4):  # two 2-seat tables: three rounds without a repeat exist, the fourth must repeat
        tables = seat_round(order, 2, met, held)
        play(tables, met, held)
    assert max(met[p][q] for p in order for q in order if p != q) == 2
    # seats rotate as far as the pairs allow (two who both held seat 1 cannot both change)
    assert all(set(held[p]) == {0, 1} and max(held[p].values()) <= 3 for p in order)
    assert sum(max(held[p].values()) for p in order) <= 10


def test_each_takes_the_seat_held_least_often() -> None:
    held = {"a": Counter({0: 2, 1: 1}), "b": Counter({2: 1})}
    assert place(["a", "b"], 4, held) == ["b", None, "a", None]
