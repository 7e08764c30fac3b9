"""Strength targets (long: run with `pytest -m slow tests/arena/test_strength.py`).

In every game `hard` beats the game's heuristic bot and `random` over ≥ 200 games with a
95% interval of the paired score margin that excludes parity; in Hearts, `hard` beats
OpenSpiel's IS-MCTS bot at equal wall time per move. These are the arena runs whose figures
docs/bots.md reports (same bots, games and seeds)."""

from __future__ import annotations

import os

import pytest

import cardhall
from cardhall.arena import Arena, run

# (game, options): Putz is measured with 3 and with 5 players.
CASES = [(name, {}) for name in cardhall.game_names() if name != "putz"] + [("putz", {"players": 3}), ("putz", {"players": 5})]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}{o.get('players', '')}" for n, o in CASES])
def test_hard_beats_heuristic_and_random(name: str, options: dict[str, int]) -> None:
    outcome = run(Arena(name, ["hard", "heuristic", "random"], options=options, games=204, seed=1,
                        workers=os.cpu_count() or 1))
    pairs = {(p["bot"], p["versus"]): p for p in outcome.results["standings"]["pairs"]}
    for other in ("heuristic", "random"):
        pair = pairs[("hard", other)]
        assert pair["margin_low"] > 0, pair


@pytest.mark.slow
def test_hard_beats_openspiel_ismcts_at_equal_time_in_hearts() -> None:
    """One-deal games (OpenSpiel plays Hearts as single deals), both bots searching 0.15 s per
    move: hard (PIMC, by time) takes fewer points than OpenSpiel's IS-MCTS, significantly."""
    pytest.importorskip("pyspiel")
    peer = "cardhall.games.hearts.peer:OpenSpielISMCTS:seconds=0.15"
    outcome = run(Arena("hearts", ["hard:worlds=none:seconds=0.15", peer], options={"target": 1}, games=204,
                        seed=2, workers=os.cpu_count() or 1))
    (pair,) = outcome.results["standings"]["pairs"]
    hard_ahead = pair["margin_low"] > 0 if pair["bot"].startswith("hard") else pair["margin_high"] < 0
    assert hard_ahead, pair
