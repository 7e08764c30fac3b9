"""A small run of the arena benchmark (`python -m cardhall.web.arena_bench`, docs/room.md): eight
wire entrants for a minute on a real room; every seat the entrants played is a seat the arena
stored, every entrant was told done, and the event is over. Its timings are printed, never
asserted (the figures of 400 entrants are in docs/room.md with their command)."""

from __future__ import annotations

import pytest

from cardhall.web.arena_bench import run_arena


@pytest.mark.long  # waits out the room's clock (tests/lanes.py)
def test_a_small_arena_bench_plays_every_table_it_makes() -> None:
    figures = run_arena(entrants=8, minutes=1, think=0.2)
    print(figures)
    assert figures["status"] == "over" and figures["not_done"] == 0
    assert figures["tables"] >= 2 and figures["seats_played"] == figures["seats_stored"]
    assert figures["moves"] > 0 and figures["wait_until_seated_p95_s"] is not None
