"""The room's daily duplicate: every day (UTC) one event per game that has boards, with the
game's standard options, open 24 hours, `medium` bots. Its `daily` key ("GAME:YYYY-MM-DD") is
unique in the database, so the nodes of a cluster that all try make exactly one.
`cardhall serve --no-daily` turns them off."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from cardhall.events.listing import create
from cardhall.room.registry import Room
from cardhall.room.store import events, unreachable

DAILY_BOARDS = {"hearts": 8, "jass": 4, "three-two-five": 4, "clash-of-decks": 3, "five-towers": 4, "putz": 4}
"""Boards of each game's daily event."""
DAILY_BOTS = "medium"
CHECK_EVERY = 60.0
"""Seconds between the looks for a new day."""

log = logging.getLogger(__name__)


def day_of(now: float) -> str:
    return dt.datetime.fromtimestamp(now, dt.UTC).strftime("%Y-%m-%d")


def day_start(now: float) -> float:
    day = dt.datetime.fromtimestamp(now, dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return day.timestamp()


async def open_daily(room: Room, now: float) -> list[str]:
    """Make today's daily events that do not exist yet (from midnight UTC for 24 hours); their ids."""
    day = day_of(now)
    made = []
    for game, boards in DAILY_BOARDS.items():
        key = f"{game}:{day}"
        async with room.store.engine.connect() as conn:
            if await conn.scalar(sa.select(events.c.id).where(events.c.daily == key)) is not None:
                continue
        start = day_start(now)
        try:
            event = await create(room, None, "duplicate", game, {}, boards, DAILY_BOTS, 24, daily=key, now=start)
        except IntegrityError:  # another node made it meanwhile
            continue
        made.append(str(event["id"]))
    return made


async def daily_of(room: Room, game: str, day: str) -> dict[str, Any] | None:
    """The daily event of `game` on `day` (YYYY-MM-DD), or None."""
    async with room.store.engine.connect() as conn:
        row = (await conn.execute(sa.select(events.c.id).where(events.c.daily == f"{game}:{day}"))).first()
    return None if row is None else {"id": row.id}


async def run_daily(room: Room, every: float = CHECK_EVERY) -> None:
    """Open each day's events as the day comes, until cancelled (a failure is logged and retried)."""
    import time
    while True:
        try:
            await open_daily(room, time.time())
        except Exception as exc:  # the database may be away for a moment: the next look tries again
            if not unreachable(exc):
                log.exception("could not open today's daily events")
            else:
                log.warning("could not open today's daily events, the database is away: %s", type(exc).__name__)
        await asyncio.sleep(every)


async def summary(room: Room, viewer: str | None, now: float) -> dict[str, Any]:
    """Today's daily event per game with the viewer's progress (boards finished, their result so
    far over those boards), and yesterday's with the viewer's final result: what the lobby's
    "Today's duplicate" shows."""
    from cardhall.events.duplicate import plays_of, standings
    from cardhall.events.listing import show

    def mine(table: dict[str, Any], name: str | None) -> dict[str, Any] | None:
        return next((e for e in table["entries"] if name is not None and e["name"] == name), None)

    name = await room.player_name(viewer) if viewer else None
    today, yesterday = [], []
    for game in DAILY_BOARDS:
        found = await daily_of(room, game, day_of(now))
        if found is not None:
            event = await show(room, found["id"])
            finished = [p for p in await plays_of(room, found["id"], viewer) if p["finished"] is not None] \
                if viewer else []
            me = mine(await standings(room, found["id"], viewer), name)
            today.append({**event, "played": len(finished), "percent": me["percent"] if me else None})
        before = await daily_of(room, game, day_of(now - 86400))
        if before is not None:
            event = await show(room, before["id"])
            me = mine(await standings(room, before["id"], viewer), name)
            yesterday.append({**event, "percent": me["percent"] if me else None, "rank": me["rank"] if me else None})
    return {"today": today, "yesterday": yesterday}
