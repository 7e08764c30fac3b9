"""`hard` against the automaton (long: `pytest -m slow --timeout=0 tests/clash_of_decks/test_search_strength.py`).

The runs whose figures docs/clash-of-decks.md ("Figures") reports: same bots, deals and seeds,
one process each, asserting what the document concludes from them. `hard` keeps a wall-time
cap, so a loaded machine may change a game here and there; the claims hold with room to spare.
(The solo ladder at quick play is tests/arena/test_ladder_strength.py's.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardhall.arena import clash_solo
from cardhall.arena.results import mean_ci
from cardhall.games.clash_of_decks.bench import wilson

SOLO_GAMES = 200
"""Deals per level in the documented solo table (seeds 10 000–10 199)."""
WAYS_GAMES = 24
"""Deals per way in the documented table of Mythic's ways (seeds 10 000 on)."""
CLAIRVOYANT_GAMES = 200
"""Mythic deals of the documented clairvoyant run (the table's, seeds 10 000 on)."""


def paired(records: list[dict[str, Any]], better: str, worse: str) -> tuple[float, float]:
    """The 95% interval of the paired margin in wins a game, `better` minus `worse`, over the
    (setting, deal) pairs both played."""
    by = {(r["bot"], r["setting"], r["seed"]): r["win"] for r in records}
    _, low, high = mean_ci([int(by[better, s, d]) - int(by[worse, s, d])
                            for (b, s, d) in by if b == better and (worse, s, d) in by])
    return low, high


@pytest.mark.slow
def test_hard_wins_more_than_the_heuristic_against_the_automaton(tmp_path: Path) -> None:
    """On the same deals, quick play and each level's preset: `hard` wins more than the
    heuristic (`medium`) at every level and significantly over all (documented: +0.240
    [+0.208, +0.272]); the Mythic target of 50% is not reached (documented: 11.5% [7.8, 16.7])."""
    out = tmp_path / "solo.jsonl"
    settings = clash_solo.solo_settings([0, 1, 2, 3, 4, 5], ways=False, way=None)
    for bot in ("hard", "heuristic"):
        clash_solo.solo_run(bot, SOLO_GAMES, 10000, settings, out)
    records = clash_solo.read_runs(out)
    for level, options in settings:
        name = clash_solo.setting_name(level, options)
        wins = {bot: sum(r["win"] for r in records if r["bot"] == bot and r["setting"] == name)
                for bot in ("hard", "heuristic")}
        assert wins["hard"] > wins["heuristic"], (name, wins)
    low, _high = paired(records, "hard", "heuristic")
    assert low > 0.15
    mythic = [r for r in records if r["bot"] == "hard" and r["setting"].startswith("level 5")]
    assert wilson(sum(r["win"] for r in mythic), len(mythic))[1] < 0.5


@pytest.mark.slow
def test_what_limits_hard_at_mythic_is_the_hidden_deck(tmp_path: Path) -> None:
    """Seeing the true state (`--clairvoyant`), the same search wins far more Mythic deals than
    `hard` (documented: 107 of the table's 200 deals against 23): the hidden deck order is what
    limits it."""
    out = tmp_path / "clair.jsonl"
    settings = clash_solo.solo_settings([5], ways=False, way=None)
    clash_solo.solo_run("hard", CLAIRVOYANT_GAMES, 10000, settings, out)
    clash_solo.solo_run("hard", CLAIRVOYANT_GAMES, 10000, settings, out, clairvoyant=True)
    records = clash_solo.read_runs(out)
    low, _high = paired(records, "hard+clairvoyant", "hard")
    assert low > 0.2
    seeing = [r for r in records if r["bot"] == "hard+clairvoyant"]
    assert wilson(sum(r["win"] for r in seeing), len(seeing))[1] > 0.5


@pytest.mark.slow
def test_hard_at_every_way_to_spend_mythic_points(tmp_path: Path) -> None:
    """All 83 ways of level 5 (documented: about 12% over all of them, none significantly at
    50%; Protection for all the automaton's creatures the hardest, under 1%)."""
    out = tmp_path / "ways.jsonl"
    clash_solo.solo_run("hard", WAYS_GAMES, 10000, clash_solo.solo_settings([5], ways=True, way=None), out)
    records = clash_solo.read_runs(out)
    assert len({r["setting"] for r in records}) == 83
    n, wins = len(records), sum(r["win"] for r in records)
    assert 0.08 < wins / n < 0.20
    by_way: dict[str, list[bool]] = {}
    for r in records:
        by_way.setdefault(r["setting"], []).append(r["win"])
    assert all(wilson(sum(w), len(w))[0] < 0.5 for w in by_way.values())
    protection = [r["win"] for r in records if "ai_ability=Protection" in r["setting"]]
    assert sum(protection) / len(protection) < 0.05
