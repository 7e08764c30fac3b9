"""A Swiss event's standby list (docs/room.md, "Swiss"): people who wait for a place, in the
order they asked; each place left is filled from it, first come first placed, and the person
placed is told at once wherever they are in the room (`event_standby_in` on the room socket).

- **Who**: an account not entered in the event, while it is full (open, with as many entries
  as `places`) or running (a club's event: its members), once; they may leave the list while
  they wait.
- **Before the start**: an event with `places` takes that many entries (then its entries are
  refused with a pointer to the list); a withdrawal frees a place, filled from the list at once,
  and the start fills every free place first.
- **Before each later round**: each entrant withdrawn (asked, or two missed tables) leaves a
  place; the next round's seating takes the first person waiting in their place, with 0 points
  (`replaces` names whose place it was: unique per event, so two nodes fill a place once).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from cardhall.core.i18n import N_, Msg
from cardhall.events.errors import EventError, NotAllowed
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, event_entries, event_standby, event_withdrawals

Notify = Callable[[str, dict[str, Any]], Awaitable[None]]


async def waiting(room: Room, event_id: str) -> list[dict[str, Any]]:
    """The people on the list not placed yet, first come first."""
    async with room.store.engine.connect() as conn:
        found = await conn.execute(sa.select(event_standby).where(
            event_standby.c.event == event_id, event_standby.c.placed.is_(None)).order_by(
            event_standby.c.since, event_standby.c.player))
        return [dict(r._mapping) for r in found]


async def shown(room: Room, event_id: str) -> list[dict[str, Any]]:
    """The list as the event's answer shows it: each person's name and place in the queue."""
    return [{"name": r["name"], "position": i} for i, r in enumerate(await waiting(room, event_id), start=1)]


async def entry_count(room: Room, event_id: str) -> int:
    async with room.store.engine.connect() as conn:
        return int(await conn.scalar(sa.select(sa.func.count()).select_from(event_entries).where(
            event_entries.c.event == event_id)) or 0)


async def is_full(room: Room, found: dict[str, Any]) -> bool:
    """An event with `places` that has as many entries."""
    most = found["spec"].get("places")
    return bool(most) and await entry_count(room, found["id"]) >= most


async def position_of(room: Room, event_id: str, player: str | None) -> int | None:
    """`player`'s place in the queue (1: the next placed), None when not waiting on it."""
    ids = [r["player"] for r in await waiting(room, event_id)]
    return ids.index(player) + 1 if player in ids else None


async def join(room: Room, found: dict[str, Any], player: str) -> int:
    """Put `player` on the event's standby list; their place in it (1: the next placed)."""
    if found["kind"] != "swiss":
        raise EventError(Msg(N_("only a Swiss event has a standby list (an arena takes entries while it runs)")))
    if found["status"] == "over":
        raise EventError(Msg(N_("this event is over")))
    if await room.is_guest(player):
        raise NotAllowed(Msg(N_("events are for accounts: register (POST /api/accounts) to enter")))
    async with room.store.engine.connect() as conn:
        entered = await conn.scalar(sa.select(event_entries.c.player).where(
            event_entries.c.event == found["id"], event_entries.c.player == player))
    if entered is not None:
        raise EventError(Msg(N_("you have entered this event: the standby list is for people without an entry")))
    if found["status"] == "open" and not await is_full(room, found):
        raise EventError(Msg(N_("this event has free places: enter it (POST /api/events/{event}/entries)"),
                             event=found["id"]))
    try:
        async with Transaction(room.store) as conn:
            await conn.execute(event_standby.insert().values(event=found["id"], player=player, since=time.time(),
                                                             name=await room.player_name(player) or "?"))
    except IntegrityError:
        raise EventError(Msg(N_("you are already on this event's standby list"))) from None
    return await position_of(room, found["id"], player) or 0


async def leave(room: Room, found: dict[str, Any], player: str) -> None:
    """Take `player` off the list while they wait."""
    async with Transaction(room.store) as conn:
        gone = await conn.execute(event_standby.delete().where(
            event_standby.c.event == found["id"], event_standby.c.player == player, event_standby.c.placed.is_(None)))
    if not gone.rowcount:
        raise EventError(Msg(N_("you are not on this event's standby list")))


async def place(room: Room, found: dict[str, Any], person: dict[str, Any], replaces: str | None) -> bool:
    """Give `person` (a row of the list) an entry; False: placed meanwhile (another node)."""
    now = time.time()
    try:
        async with Transaction(room.store) as conn:
            moved = await conn.execute(event_standby.update().where(
                event_standby.c.event == found["id"], event_standby.c.player == person["player"],
                event_standby.c.placed.is_(None)).values(placed=now, replaces=replaces))
            if not moved.rowcount:
                return False
            await conn.execute(event_entries.insert().values(event=found["id"], player=person["player"],
                                                             name=person["name"], entered=now))
    except IntegrityError:  # that place was filled by another node, or they entered meanwhile
        return False
    return True


async def tell(notify: Notify, found: dict[str, Any], player: str, round_no: int) -> None:
    await notify(player, {"type": "event_standby_in", "event": found["id"], "kind": found["kind"],
                          "game": found["game"], "round": round_no})


async def fill_open(room: Room, found: dict[str, Any], notify: Notify) -> list[str]:
    """Before the start: the free places of an event with `places`, from the list in order. The
    people placed."""
    most = found["spec"].get("places")
    if found["status"] != "open" or not most:
        return []
    entries = await entry_count(room, found["id"])
    placed = []
    for person in (await waiting(room, found["id"]))[:max(0, most - entries)]:
        if await place(room, found, person, None):
            placed.append(person["player"])
            await tell(notify, found, person["player"], 1)
    return placed


async def fill_round(room: Room, found: dict[str, Any], next_round: int, notify: Notify) -> list[str]:
    """Before round `next_round`: the place of each withdrawn entrant not yet replaced, in the
    order they withdrew, from the list in order. The people placed."""
    async with room.store.engine.connect() as conn:
        out = list(await conn.scalars(sa.select(event_withdrawals.c.player).where(
            event_withdrawals.c.event == found["id"]).order_by(event_withdrawals.c.at, event_withdrawals.c.player)))
        done = set(await conn.scalars(sa.select(event_standby.c.replaces).where(
            event_standby.c.event == found["id"], event_standby.c.replaces.is_not(None))))
    queue = await waiting(room, found["id"])
    placed = []
    for gone in (p for p in out if p not in done):
        while queue:
            person = queue.pop(0)
            if await place(room, found, person, gone):
                placed.append(person["player"])
                await tell(notify, found, person["player"], next_round)
                break
        if not queue:
            break
    return placed
