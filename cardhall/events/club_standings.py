"""A club's standings across its finished events: in each, an entrant gets one club point for
each entrant ranked below them; the club's table is by points, then wins
(rank 1), then events played."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from cardhall.events import duplicate, swiss_read
from cardhall.room.registry import Room
from cardhall.room.store import events


async def club_events(room: Room, club_id: str) -> list[dict[str, Any]]:
    """The club's events (their rows), newest first."""
    async with room.store.engine.connect() as conn:
        found = await conn.execute(sa.select(events).where(
            sa.cast(events.c.spec, sa.String).contains(club_id)).order_by(events.c.created.desc()))
        return [dict(r._mapping) for r in found if (r.spec or {}).get("club") == club_id]


async def ranking(room: Room, row: dict[str, Any]) -> list[dict[str, Any]]:
    """An event's final entries with their ranks (any kind)."""
    if row["kind"] == "duplicate":
        return list((await duplicate.standings(room, row["id"], None))["entries"])
    return list((await swiss_read.standings(room, row))["entries"])


async def standings(room: Room, club_id: str) -> list[dict[str, Any]]:
    """`[{name, points, wins, events, rank}]` best first, over the club's finished events."""
    table: dict[str, dict[str, Any]] = {}
    for row in await club_events(room, club_id):
        if row["status"] != "over":
            continue
        entries = await ranking(room, row)
        for e in entries:
            mine = table.setdefault(e["name"], {"name": e["name"], "points": 0, "wins": 0, "events": 0})
            mine["points"] += sum(1 for other in entries if other["rank"] > e["rank"])
            mine["wins"] += 1 if e["rank"] == 1 else 0
            mine["events"] += 1
    out = sorted(table.values(), key=lambda r: (-r["points"], -r["wins"], -r["events"], r["name"].casefold()))
    previous, rank = None, 0
    for i, r in enumerate(out, start=1):
        key = (r["points"], r["wins"], r["events"])
        if key != previous:
            rank, previous = i, key
        r["rank"] = rank
    return out
