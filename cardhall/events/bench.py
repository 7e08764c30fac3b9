"""A benchmark of duplicate standings (not a test): one daily-sized event with many entries that
have played every board, its final standings computed from the database; time and peak memory;
and the time of one entry's profile results (`cardhall.events.results`), which reads them too.

    python -m cardhall.events.bench [--entries 1000] [--boards 8] [--db URL]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from cardhall.events.duplicate import standings
from cardhall.events.listing import create
from cardhall.events.results import results_of
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, event_entries, event_plays, events, players


async def fill(room: Room, entries: int, boards: int) -> str:
    """An over Hearts event with `entries` entries, each with a score on every board."""
    event = await create(room, None, "duplicate", "hearts", {}, boards, "medium", 24)
    rng = random.Random(1)
    now = time.time()
    people = [{"id": f"bench{i}", "name": f"Bench {i}", "created": now} for i in range(entries)]
    async with Transaction(room.store) as conn:
        await conn.execute(players.insert(), people)
        await conn.execute(event_entries.insert(), [{"event": event["id"], "player": p["id"], "name": p["name"],
                                                     "entered": now} for p in people])
        await conn.execute(event_plays.insert(), [
            {"event": event["id"], "player": p["id"], "board": b, "table_id": f"t{i}-{b}", "invite": None, "seat": 0,
             "score": float(rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 13, 14, 26))), "started": now, "finished": now}
            for i, p in enumerate(people) for b in range(1, boards + 1)])
        await conn.execute(events.update().where(events.c.id == event["id"]).values(status="over", closed=now))
    return str(event["id"])


async def run(url: str, entries: int, boards: int, repeat: int = 5) -> dict[str, float]:
    room = await Room.open(url, restore=False)
    try:
        event = await fill(room, entries, boards)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            await standings(room, event, None)
            times.append(time.perf_counter() - start)
        tracemalloc.start()
        result = await standings(room, event, None)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert len(result["entries"]) == entries
        start = time.perf_counter()
        mine = await results_of(room, "bench0")  # one entry's profile: this event's result
        profile = time.perf_counter() - start
        assert len(mine) == 1 and mine[0]["played"] == boards
        return {"entries": entries, "boards": boards, "median_s": statistics.median(times), "min_s": min(times),
                "peak_mib": peak / 2**20, "profile_s": profile}
    finally:
        await room.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--db", default=None, help="a database URL (default: a new SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        figures = asyncio.run(run(url, args.entries, args.boards))
    print(" ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
