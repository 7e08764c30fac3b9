"""Strength targets (long: run with `pytest -m slow tests/arena/test_strength.py`).

In every game `hard` beats the game's heuristic bot and `random` over ≥ 200 games with a
95% interval of the paired score margin that excludes parity."""

from __future__ import annotations

import os

import pytest

import cardhall
from cardhall.arena import Arena, run
from tests.bots.helpers import present_game


@pytest.mark.slow
@pytest.mark.parametrize("name", cardhall.game_names())
def test_hard_beats_heuristic_and_random(name: str) -> None:
    present_game(name)
    outcome = run(Arena(name, ["hard", "heuristic", "random"], games=204, seed=1, workers=os.cpu_count() or 1))
    pairs = {(p["bot"], p["versus"]): p for p in outcome.results["standings"]["pairs"]}
    for other in ("heuristic", "random"):
        pair = pairs[("hard", other)]
        assert pair["margin_low"] > 0, pair
