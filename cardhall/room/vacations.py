"""People's vacations and playing hours: time a turn-based table waits over (`cardhall.room.turns`).

**Playing hours**: a person may say the hours of their day they play, `start` to `end` (whole
hours, in their time zone, at least `MIN_HOURS` long; `end` before `start` crosses midnight);
the hours outside (their night) do not count against their move.

The rules: a vacation begins when it is asked for and lasts 1 to `MAX_DAYS` whole days; a
person may take at most `YEAR_DAYS` days of vacation begun in any 365 days; one vacation at a
time (ending one early gives its unused whole days back). Vacations are stored; the room keeps
them in memory too (`by_player`), and every turn-based table reads that same mapping, so a new
vacation counts at once at every table of the person.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sqlalchemy as sa

from cardhall.core.i18n import N_, Msg, Plural
from cardhall.room.errors import TableError
from cardhall.room.store import Store, Transaction, playing_hours, vacations
from cardhall.room.turns import Interval

DAY = 86400.0
MAX_DAYS = 14
"""The longest vacation, in days."""
YEAR_DAYS = 30
"""Vacation days a person may take in any 365 days."""
MIN_HOURS = 8
"""The shortest playing day, in hours."""
HORIZON_DAYS = 60
"""Nights looked at ahead of a turn's start (a turn's time ends long before)."""


class Vacations:
    """The room's vacations: stored, and kept in memory by player for the tables."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.by_player: dict[str, list[Interval]] = {}
        self.hours: dict[str, tuple[int, int, str]] = {}  # player → (start, end, zone)

    def intervals(self, player: str, since: float) -> list[Interval]:
        """When `player` is away from about `since` on: their vacations and their nights."""
        away = list(self.by_player.get(player, []))
        if player in self.hours:
            away += nights(*self.hours[player], since - DAY, since + HORIZON_DAYS * DAY)
        return away

    async def set_hours(self, player: str, start: Any, end: Any, zone: Any) -> dict[str, Any]:
        """Set (or with all None, clear) a person's playing hours; TableError with a sentence if bad."""
        if start is None and end is None and zone is None:
            async with Transaction(self.store) as conn:
                await conn.execute(playing_hours.delete().where(playing_hours.c.player == player))
            self.hours.pop(player, None)
            return {"hours": None}
        for value in (start, end):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 24:
                raise TableError(Msg(N_("playing hours are whole hours from 0 to 24, got {value}"), value=repr(value)))
        if (end - start) % 24 < MIN_HOURS and (end - start) % 24 != 0:
            raise TableError(Plural("a playing day is at least {count} hour long", "a playing day is at least "
                                    "{count} hours long", count=MIN_HOURS))
        try:
            ZoneInfo(zone if isinstance(zone, str) and len(zone) <= 64 else "")
        except (ZoneInfoNotFoundError, ValueError):
            raise TableError(Msg(N_("{value} is not a time zone; write it like Europe/Zurich"), value=repr(zone))) \
                from None
        async with Transaction(self.store) as conn:
            await conn.execute(playing_hours.delete().where(playing_hours.c.player == player))
            await conn.execute(playing_hours.insert().values(player=player, start=start, end=end, zone=zone))
        self.hours[player] = (start, end, zone)
        return {"hours": {"start": start, "end": end, "zone": zone}}

    async def load_all(self) -> None:
        """Read every vacation not yet over a year ago (the room opens)."""
        async with self.store.engine.connect() as conn:
            rows = await conn.execute(sa.select(vacations.c.player, vacations.c.start, vacations.c.end)
                                      .order_by(vacations.c.start))
            self.by_player.clear()
            for player, start, end in rows:
                self.by_player.setdefault(player, []).append((start, end))
            hours = await conn.execute(sa.select(playing_hours))
            self.hours = {row.player: (row.start, row.end, row.zone) for row in hours}

    def of(self, player: str, now: float) -> dict[str, Any]:
        """A person's vacations (of the last 365 days and to come) and the days they have left."""
        mine = [(a, b) for a, b in self.by_player.get(player, []) if b > now - 365 * DAY]
        return {"vacations": [{"start": a, "end": b, "days": _days(a, b)} for a, b in mine],
                "on_vacation": any(a <= now < b for a, b in mine), "days_left": self._left(player, now),
                "max_days": MAX_DAYS, "year_days": YEAR_DAYS,
                "hours": None if player not in self.hours else dict(zip(("start", "end", "zone"), self.hours[player],
                                                                        strict=True))}

    def _left(self, player: str, now: float) -> int:
        taken = sum(_days(a, b) for a, b in self.by_player.get(player, []) if a > now - 365 * DAY)
        return max(0, YEAR_DAYS - taken)

    async def take(self, player: str, days: Any, now: float) -> dict[str, Any]:
        """Begin a vacation of `days` whole days now; TableError with a sentence if not allowed."""
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_DAYS:
            raise TableError(Msg(N_("days must be a whole number of days from 1 to {most}, got {value}"),
                                 most=MAX_DAYS, value=repr(days)))
        if any(a <= now < b for a, b in self.by_player.get(player, [])):
            raise TableError(Msg(N_("you are on vacation already; end it first to take another")))
        left = self._left(player, now)
        if days > left:
            raise TableError(Plural("you have {count} day of vacation left in these 365 days, not {days}",
                                    "you have {count} days of vacation left in these 365 days, not {days}",
                                    count=left, days=days))
        end = now + days * DAY
        async with Transaction(self.store) as conn:
            await conn.execute(vacations.insert().values(player=player, start=now, end=end))
        self.by_player.setdefault(player, []).append((now, end))
        return self.of(player, now)

    async def end(self, player: str, now: float) -> dict[str, Any]:
        """End a running vacation now; TableError if none runs."""
        running = [(a, b) for a, b in self.by_player.get(player, []) if a <= now < b]
        if not running:
            raise TableError(Msg(N_("you are not on vacation")))
        start, end = running[0]
        async with Transaction(self.store) as conn:
            await conn.execute(vacations.update().where(vacations.c.player == player, vacations.c.start == start)
                               .values(end=now))
        mine = self.by_player[player]
        mine[mine.index((start, end))] = (start, now)
        return self.of(player, now)


def _days(start: float, end: float) -> int:
    """Whole days a vacation counts (begun days)."""
    return max(1, math.ceil((end - start) / DAY - 1e-9))


def nights(start: int, end: int, zone: str, since: float, until: float) -> list[Interval]:
    """The hours outside `start`..`end` (in `zone`) between `since` and `until`."""
    if (end - start) % 24 == 0:
        return []
    tz = ZoneInfo(zone)
    day = datetime.fromtimestamp(since, tz).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=1)
    found: list[Interval] = []
    while day.timestamp() < until:
        off = (day + timedelta(hours=end)).timestamp()
        on = (day + timedelta(hours=start + (24 if start < end else 0))).timestamp()
        if on > since and off < until:
            found.append((off, on))
        day = (day + timedelta(days=1, hours=2)).replace(hour=0)  # the next midnight, across a change of time
    return found
