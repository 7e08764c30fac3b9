"""A person's event results, for their profile: the events they entered that are over, each with
their final percentage, rank, field size and boards played.

Only events that are over are listed: before the close a result holds the scores of boards other
readers of the profile may not have played yet (docs/room.md, "Events": secret before the close).
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from cardhall.events.duplicate import standings
from cardhall.room.registry import Room
from cardhall.room.store import event_entries, events

PROFILE_EVENTS = 10
"""The most recent finished events a profile lists."""


async def finished_entries(room: Room, player: str, limit: int) -> list[dict[str, Any]]:
    """The player's entries in events over (or whose hours ran out), latest close first."""
    now = time.time()
    query = (sa.select(events.c.id, event_entries.c.name)
             .select_from(event_entries.join(events, events.c.id == event_entries.c.event))
             .where(event_entries.c.player == player, sa.or_(events.c.status == "over", events.c.closes <= now))
             .order_by(sa.func.coalesce(events.c.closed, events.c.closes).desc()).limit(limit))
    async with room.store.engine.connect() as conn:
        return [dict(r._mapping) for r in await conn.execute(query)]


async def results_of(room: Room, player: str, limit: int = PROFILE_EVENTS) -> list[dict[str, Any]]:
    """`{event, percent, rank, entries, played}` for each finished event `player` entered
    (`percent` and `rank` None when they played no board)."""
    out = []
    for found in await finished_entries(room, player, limit):
        table = await standings(room, found["id"], player)  # over: final, every board shown
        mine = next((e for e in table["entries"] if e["name"] == found["name"]), None)
        played = len(mine["boards"]) if mine else 0
        out.append({"event": found["id"], "percent": mine["percent"] if mine and played else None,
                    "rank": mine["rank"] if mine and played else None, "entries": len(table["entries"]),
                    "played": played})
    return out
