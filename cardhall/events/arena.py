"""Arena events: for `minutes` after its start, an entrant who asks for a table (`next`) waits
and is seated as soon as enough entrants wait; points per table with a streak bonus.

- **Join any time** while it is open or running; `next` puts the entrant among those waiting
  (and keeps them there while they keep asking: someone not seen asking for `STALE` seconds
  is not seated).
- **Tables** (`cardhall.events.pairing.arena_tables`): whenever a table's worth of entrants
  wait, they are seated, best score first, never two who sat together at either one's last
  table; whoever has waited `BOT_WAIT` seconds is seated anyway, the empty places for the
  event's bots. Each table is a row (`event_tables`, its number in `round`) stored before the
  room table is made, as in Swiss (`cardhall.events.swiss.make_table`).
- **Points**: place points as in Swiss (n − place at a table of n); a win (place 1) after two
  wins in a row counts double, as lichess's arena streak; a missed table (`grace`, as in Swiss)
  gives 0 and ends the streak; two missed tables withdraw the entrant.
- **Time up**: no new table starts; the running ones finish and count; then the event is over.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from cardhall.core.errors import OptionError
from cardhall.core.i18n import N_, Msg
from cardhall.core.registry import load
from cardhall.events.errors import EventError
from cardhall.events.pairing import arena_tables
from cardhall.events.swiss import Notify, make_table, no_shows, rows, seats_of, settle_table, totals, withdrawn
from cardhall.room.new_tables import ROOM_BOTS
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, event_entries, event_seats, event_tables, event_waiting, event_withdrawals, events

MAX_MINUTES = 24 * 60
BOT_WAIT = 10.0
"""Seconds an entrant waits before a table with bots is made for them."""
STALE = 30.0
"""Seconds after the last `next` an entrant is no longer taken as waiting."""
GRACE = 30.0
MAKING = 8
"""Tables of a wave made at once (each claimed first: one node makes it)."""


def check_spec(game: str, options: dict[str, Any], minutes: Any, bots: Any, private: Any) -> dict[str, Any]:
    """An arena's settings, each checked with a sentence."""
    load(game, **options)
    if not isinstance(minutes, int | float) or isinstance(minutes, bool) or not 1 <= minutes <= MAX_MINUTES:
        raise OptionError(Msg(N_("minutes is a number from 1 to {most}; got {value}"), most=MAX_MINUTES,
                              value=repr(minutes)))
    if bots not in ROOM_BOTS:
        raise OptionError(Msg(N_("bots is one of {levels}; got {value}"), levels=", ".join(ROOM_BOTS), value=repr(bots)))
    if not isinstance(private, bool):
        raise OptionError(Msg(N_("private is true or false; got {value}"), value=repr(private)))
    return {"minutes": float(minutes), "grace": GRACE, "bots": bots, "private": private}


async def start(room: Room, found: dict[str, Any]) -> None:
    """Start the arena: it runs `minutes` from now (its `closes`)."""
    now = time.time()
    async with Transaction(room.store) as conn:
        moved = await conn.execute(events.update().where(events.c.id == found["id"], events.c.status == "open")
                                   .values(status="running", closes=now + found["spec"]["minutes"] * 60))
    if not moved.rowcount:
        raise EventError(Msg(N_("this event has already started")))


async def enter_running(room: Room, found: dict[str, Any], player: str, name: str, address: str | None) -> None:
    """Enter an arena while it runs (one entry per account)."""
    try:
        async with Transaction(room.store) as conn:
            await conn.execute(event_entries.insert().values(event=found["id"], player=player, name=name,
                                                             entered=time.time(), address=address))
    except IntegrityError:
        raise EventError(Msg(N_("you have already entered this event (one entry per account)"))) from None


async def mine(room: Room, event_id: str, player: str) -> tuple[bool, dict[str, Any] | None, bool]:
    """(entered, their unfinished seat with its table row's `table_id` and `invite`, withdrawn):
    read for this one entrant only (an arena's `next` is asked by every entrant every few
    seconds: it must not read the whole event)."""
    async with room.store.engine.connect() as conn:
        entered = await conn.scalar(sa.select(event_entries.c.player).where(
            event_entries.c.event == event_id, event_entries.c.player == player)) is not None
        seat = (await conn.execute(sa.select(event_seats.c.round, event_seats.c.seat, event_tables.c.table_id,
                                             event_tables.c.invite).join(event_tables, sa.and_(
            event_tables.c.event == event_seats.c.event, event_tables.c.round == event_seats.c.round,
            event_tables.c.number == event_seats.c.number)).where(
            event_seats.c.event == event_id, event_seats.c.player == player, event_seats.c.finished.is_(None)))).first()
        out = await conn.scalar(sa.select(event_withdrawals.c.player).where(
            event_withdrawals.c.event == event_id, event_withdrawals.c.player == player)) is not None
    return entered, (dict(seat._mapping) if seat is not None else None), out


async def next_table(room: Room, found: dict[str, Any], player: str) -> dict[str, Any]:
    """The entrant's unfinished table, else `{done: true}` (time up, withdrawn, or over), else
    they wait (stored: the conductor seats them) and the answer is `{waiting: true}`."""
    entered, seat, out = await mine(room, found["id"], player)
    if not entered:
        raise EventError(Msg(N_("enter the event first (POST /api/events/{event}/entries)"), event=found["id"]))
    if seat is not None:
        front = await room.table(seat["table_id"]) if seat["table_id"] else None
        if front is not None and front.table.status != "over":
            return {"table": seat["table_id"], "seat": seat["seat"], "number": seat["round"], "invite": seat["invite"]}
        return {"waiting": True}
    if found["status"] == "over" or out or (found["status"] == "running" and time.time() >= found["closes"]):
        return {"done": True}
    now = time.time()
    try:
        async with Transaction(room.store) as conn:
            seen = await conn.execute(event_waiting.update().where(
                event_waiting.c.event == found["id"], event_waiting.c.player == player).values(seen=now))
            if not seen.rowcount:
                await conn.execute(event_waiting.insert().values(event=found["id"], player=player, since=now, seen=now))
    except IntegrityError:  # a request of the same entrant on another node put them there meanwhile
        pass
    return {"waiting": True}


def streaks(seats: list[dict[str, Any]]) -> dict[str, int]:
    """Each entrant's wins in a row at their latest finished tables."""
    out: dict[str, int] = {}
    for s in sorted((s for s in seats if s["finished"] is not None), key=lambda s: s["round"]):
        out[s["player"]] = out.get(s["player"], 0) + 1 if s["place"] == 1 and not s["missed"] else 0
    return out


def last_opponents(seats: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Each entrant's opponents at their latest table."""
    at: dict[int, list[str]] = {}
    for s in seats:
        at.setdefault(s["round"], []).append(s["player"])
    latest: dict[str, int] = {}
    for s in seats:
        latest[s["player"]] = max(latest.get(s["player"], 0), s["round"])
    return {p: set(at[r]) - {p} for p, r in latest.items()}


class SeatedElsewhere(Exception):
    """An entrant of a table being made was seated by another node meanwhile (the table is not made)."""


async def seat_waiting(room: Room, found: dict[str, Any]) -> None:
    """Seat the entrants waiting, as `arena_tables` says; each new table's rows in one
    transaction with the removal of its entrants from the waiting (a node that loses the race
    for a table number, or for one of its entrants, changes nothing: nobody sits at two tables)."""
    now = time.time()
    seats = await rows(room, event_seats, found["id"])
    busy = {s["player"] for s in seats if s["finished"] is None}
    out = await withdrawn(room, found["id"])
    waiting = [w for w in await rows(room, event_waiting, found["id"])
               if now - w["seen"] < STALE and w["player"] not in busy and w["player"] not in out]
    if not waiting:
        return
    points = totals(seats)
    order = [w["player"] for w in sorted(waiting, key=lambda w: (-points.get(w["player"], 0.0), w["since"]))]
    fill = min(w["since"] for w in waiting) <= now - BOT_WAIT
    n = seats_of(found)
    number = max((s["round"] for s in seats), default=0)
    async with room.store.engine.connect() as conn:
        number = max(number, int(await conn.scalar(sa.select(sa.func.max(event_tables.c.round)).where(
            event_tables.c.event == found["id"])) or 0))
    for table in arena_tables(order, n, last_opponents(seats), fill):
        number += 1
        layout: list[str | None] = table + [None] * (n - len(table))
        try:
            async with Transaction(room.store) as conn:
                # each entrant taken off the waiting here, or none: another node that read the same
                # waiting entrants (before this one's last table) may have seated one of them already
                taken = await conn.execute(event_waiting.delete().where(event_waiting.c.event == found["id"],
                                                                        event_waiting.c.player.in_(table)))
                if taken.rowcount != len(table):
                    raise SeatedElsewhere
                await conn.execute(event_tables.insert().values(event=found["id"], round=number, number=1,
                                                                seats=layout))
                await conn.execute(event_seats.insert(), [
                    {"event": found["id"], "round": number, "player": p, "number": 1, "seat": i, "missed": False}
                    for i, p in enumerate(layout) if p is not None])
        except (IntegrityError, SeatedElsewhere):  # another node seated this number or one of these entrants
            return  # meanwhile: nothing of this table is stored, and the next look goes on


async def make_tables(room: Room, found: dict[str, Any], unmade: list[dict[str, Any]], notify: Notify) -> None:
    """Make a wave's tables, `MAKING` at a time (a wave of 100 tables at the start of a big
    arena is not made one after another); a failure is raised once every table was tried."""
    gate = asyncio.Semaphore(MAKING)

    async def one(row: dict[str, Any]) -> None:
        async with gate:
            await make_table(room, found, row, notify)

    failed = [r for r in await asyncio.gather(*(one(row) for row in unmade), return_exceptions=True)
              if isinstance(r, BaseException)]
    if failed:
        raise failed[0]


async def step(room: Room, found: dict[str, Any], notify: Notify) -> None:
    """One look at a running arena: count and watch its tables, seat the waiting while time
    remains, and end it once time is up and every table is over."""
    seats = await rows(room, event_seats, found["id"])
    wins = streaks(seats)
    open_tables = [t for t in await rows(room, event_tables, found["id"]) if t["finished"] is None]
    unmade = sorted((t for t in open_tables if t["table_id"] is None), key=lambda t: t["round"])
    await make_tables(room, found, unmade, notify)
    running = len(unmade)
    for row in sorted((t for t in open_tables if t["table_id"] is not None), key=lambda t: t["round"]):
        if not await settle_table(room, found, row, doubled={p for p, w in wins.items() if w >= 2}):
            await no_shows(room, found, row, seats)
            running += 1
    if time.time() < found["closes"]:
        await seat_waiting(room, found)
    elif not running:
        async with Transaction(room.store) as conn:
            ended = await conn.execute(events.update().where(events.c.id == found["id"], events.c.status == "running")
                                       .values(status="over", closed=time.time()))
        if ended.rowcount:
            for e in await rows(room, event_entries, found["id"]):
                await notify(e["player"], {"type": "event_over", "event": found["id"]})
