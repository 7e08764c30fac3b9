"""Turn-based tables: a game played over days, each person with hours per move and a small bank.

The rules (a table made with `"turn_based": {"hours_per_move": H}`, H from 1 to 168):

- **No takeover for being away**: people at a turn-based table come and go; the live table's
  grace period does not apply. Only the turn clock counts.
- **Time per move and a bank**: each person has H hours for each move; time beyond H is taken
  from their bank, which starts at `BANK_MOVES` × H hours (at most `BANK_HOURS_MAX`) and never
  grows back. The bank left is stored with each move, so a restart keeps it.
- **A miss**: when a person's H hours and bank are used up, the table's takeover bot plays that one
  move for them (said to everyone: a "missed" event, with the count). After `MISSES` misses at
  the table the takeover bot takes the seat, as at a live table (said to everyone); the person
  takes it back by playing, as ever.
- **Vacation and playing hours**: time a person is on vacation or outside their playing hours
  (`cardhall.room.vacations`) does not count against their move: the table waits over it. The
  room tells each table its people's vacations and hours.

Every entry of a turn-based table carries the time it was made (`at`), so a restored table's
turn began when it began, not at the restart.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any, Protocol

from cardhall.core.i18n import N_, Msg
from cardhall.room.errors import TableError

HOURS = (1.0, 168.0)
"""Hours per move a turn-based table may choose."""
BANK_MOVES = 2
"""A person's bank at the start, in moves' worth of hours."""
BANK_HOURS_MAX = 72.0
"""The largest bank, in hours."""
MISSES = 3
"""Misses at a table after which the takeover bot takes the seat."""

Interval = tuple[float, float]


class Away(Protocol):
    """Where a person's time does not count (`cardhall.room.vacations.Vacations`)."""

    def intervals(self, player: str, since: float) -> list[Interval]:
        """The intervals from about `since` on when `player` is away (vacations, nights)."""
        ...


class NobodyAway:
    """No vacations and no playing hours (a table outside a room)."""

    def intervals(self, player: str, since: float) -> list[Interval]:
        return []


def hours_per_move(data: Any) -> float:
    """Read `POST /api/tables`'s `turn_based` object: `{"hours_per_move": H}`; TableError with a
    sentence otherwise."""
    if not isinstance(data, dict) or set(data) != {"hours_per_move"}:
        raise TableError(Msg(N_("turn_based must be an object with one field, hours_per_move (a number of hours "
                                "from {low} to {high}), got {value}"), low=f"{HOURS[0]:g}", high=f"{HOURS[1]:g}",
                             value=repr(data)))
    return check_hours(data["hours_per_move"])


def check_hours(value: Any) -> float:
    """A number of hours per move from 1 to 168, or TableError."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
            or not HOURS[0] <= value <= HOURS[1]:
        raise TableError(Msg(N_("hours_per_move must be a number of hours from {low} to {high}, got {value}"),
                             low=f"{HOURS[0]:g}", high=f"{HOURS[1]:g}", value=repr(value)))
    return float(value)


def bank_for(hours: float) -> float:
    """A person's bank at the start, in seconds."""
    return min(BANK_MOVES * hours, BANK_HOURS_MAX) * 3600.0


def counted(start: float, now: float, away: Sequence[Interval]) -> float:
    """Seconds from `start` to `now` that count: those outside every interval of `away`."""
    total = max(0.0, now - start)
    for a, b in away:
        total -= max(0.0, min(b, now) - max(a, start))
    return max(0.0, total)


def end_of(start: float, budget: float, away: Sequence[Interval]) -> float:
    """When `budget` seconds counted from `start` are used up, skipping the intervals of `away`."""
    t, left = start, budget
    for a, b in sorted(away):
        if b <= t:
            continue
        if a > t:
            if a - t >= left:
                return t + left
            left -= a - t
        t = max(t, b)
    return t + left


@dataclasses.dataclass
class TurnClock:
    """A turn-based table's clocks: each seat's bank and misses, and the turn now running."""

    hours: float  # hours per move
    banks: list[float]  # seconds left in each seat's bank
    missed: list[int]  # misses of each seat at this table
    key: tuple[int, int] | None = None  # (move number, seat) of the person's turn now running
    started: float | None = None  # when that turn began
    stand_in: int | None = None  # the seat whose one move the takeover bot plays after a miss
    vacations: Away = dataclasses.field(default_factory=NobodyAway)  # the room's (not logged)

    @classmethod
    def new(cls, hours: float, seats: int) -> TurnClock:
        return cls(hours, [bank_for(hours)] * seats, [0] * seats)

    def copy(self) -> TurnClock:
        return dataclasses.replace(self, banks=list(self.banks), missed=list(self.missed))

    @property
    def per_move(self) -> float:
        return self.hours * 3600.0

    def arm(self, key: tuple[int, int] | None, at: float | None) -> None:
        """The person's turn now running is `key` (None: no person's); a new one begins `at`."""
        if key != self.key:
            self.key, self.started = key, at

    def away(self, player: str | None) -> list[Interval]:
        if player is None or self.started is None:
            return []
        return self.vacations.intervals(player, self.started)

    def bank_after(self, seat: int, player: str | None, now: float) -> float:
        """The bank `seat` keeps after moving at `now` (time beyond the move's hours is taken from it)."""
        if self.key is None or self.key[1] != seat or self.started is None:
            return self.banks[seat]
        used = counted(self.started, now, self.away(player))
        return max(0.0, self.banks[seat] - max(0.0, used - self.per_move))

    def due(self, player: str | None) -> float | None:
        """When the running turn's hours and bank are used up (None: no person's turn running; 0.0:
        the turn has no start yet, so `tick` starts it now)."""
        if self.key is None:
            return None
        if self.started is None:
            return 0.0
        return end_of(self.started, self.per_move + self.banks[self.key[1]], self.away(player))

    def expired(self, player: str | None, now: float) -> list[dict[str, Any]]:
        """The entries a running turn's end brings at `now`: a miss, and the takeover after `MISSES`."""
        if self.key is None:
            return []
        if self.started is None:
            self.started = now
        end = self.due(player)
        if end is None or now < end:
            return []
        seat = self.key[1]
        count = self.missed[seat] + 1
        entries: list[dict[str, Any]] = [{"kind": "missed", "seat": seat, "count": count, "limit": MISSES}]
        if count >= MISSES:
            entries.append({"kind": "takeover", "seat": seat, "reason": "misses"})
        return entries

    def waiting(self) -> dict[str, Any] | None:
        """The running turn for the lobby: its seat and since when (None: no person's turn)."""
        if self.key is None:
            return None
        return {"seat": self.key[1], "since": self.started, "hours_per_move": self.hours,
                "bank": round(self.banks[self.key[1]])}

    def to_json(self) -> dict[str, Any]:
        return {"banks": self.banks, "missed": self.missed, "key": list(self.key) if self.key else None,
                "started": self.started, "stand_in": self.stand_in}

    def load(self, data: dict[str, Any]) -> None:
        """Take a snapshot's clocks (`to_json`)."""
        self.banks = [float(b) for b in data["banks"]]
        self.missed = [int(m) for m in data["missed"]]
        key = data.get("key")
        self.key = (int(key[0]), int(key[1])) if key else None
        self.started = data.get("started")
        self.stand_in = data.get("stand_in")
