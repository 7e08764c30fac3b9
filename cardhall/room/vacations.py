"""People's vacations: days a turn-based table waits over (`cardhall.room.turns`).

The rules: a vacation begins when it is asked for and lasts 1 to `MAX_DAYS` whole days; a
person may take at most `YEAR_DAYS` days of vacation begun in any 365 days; one vacation at a
time (ending one early gives its unused whole days back). Vacations are stored; the room keeps
them in memory too (`by_player`), and every turn-based table reads that same mapping, so a new
vacation counts at once at every table of the person.
"""

from __future__ import annotations

import math
from typing import Any

import sqlalchemy as sa

from cardhall.core.i18n import N_, Msg, Plural
from cardhall.room.errors import TableError
from cardhall.room.store import Store, Transaction, vacations
from cardhall.room.turns import Interval

DAY = 86400.0
MAX_DAYS = 14
"""The longest vacation, in days."""
YEAR_DAYS = 30
"""Vacation days a person may take in any 365 days."""


class Vacations:
    """The room's vacations: stored, and kept in memory by player for the tables."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.by_player: dict[str, list[Interval]] = {}

    async def load_all(self) -> None:
        """Read every vacation not yet over a year ago (the room opens)."""
        async with self.store.engine.connect() as conn:
            rows = await conn.execute(sa.select(vacations.c.player, vacations.c.start, vacations.c.end)
                                      .order_by(vacations.c.start))
            self.by_player.clear()
            for player, start, end in rows:
                self.by_player.setdefault(player, []).append((start, end))

    def of(self, player: str, now: float) -> dict[str, Any]:
        """A person's vacations (of the last 365 days and to come) and the days they have left."""
        mine = [(a, b) for a, b in self.by_player.get(player, []) if b > now - 365 * DAY]
        return {"vacations": [{"start": a, "end": b, "days": _days(a, b)} for a, b in mine],
                "on_vacation": any(a <= now < b for a, b in mine), "days_left": self._left(player, now),
                "max_days": MAX_DAYS, "year_days": YEAR_DAYS}

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
