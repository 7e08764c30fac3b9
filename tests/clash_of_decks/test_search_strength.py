"""`hard` against the automaton (long: `pytest -m slow tests/clash_of_decks/test_search_strength.py`).

The run whose figures docs/clash-of-decks.md ("Figures") reports: same bots, deals and seeds,
one process. (The solo ladder at quick play is tests/arena/test_ladder_strength.py's.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardhall.arena import clash_solo
from cardhall.games.clash_of_decks.bench import wilson

SOLO_GAMES = 30
"""Deals per level in the documented solo table (seeds 10 000 on)."""



@pytest.mark.slow
def test_hard_wins_more_than_the_heuristic_against_the_automaton(tmp_path: Path) -> None:
    """On the same deals, quick play and each level's preset: `hard` wins more games in all than
    the heuristic (`medium`), and at quick play its 95% interval lies above the heuristic's rate."""
    out = tmp_path / "solo.jsonl"
    settings = clash_solo.solo_settings([0, 1, 2, 3, 4, 5], ways=False, way=None)
    for bot in ("hard", "heuristic"):
        clash_solo.solo_run(bot, SOLO_GAMES, 10000, settings, out)
    records = clash_solo.read_runs(out)
    wins = {bot: sum(r["win"] for r in records if r["bot"] == bot) for bot in ("hard", "heuristic")}
    assert wins["hard"] > wins["heuristic"], wins
    quick = [r for r in records if r["setting"] == "quick play"]
    hard_low, _ = wilson(sum(r["win"] for r in quick if r["bot"] == "hard"), SOLO_GAMES)
    assert hard_low > sum(r["win"] for r in quick if r["bot"] == "heuristic") / SOLO_GAMES
