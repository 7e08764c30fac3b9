"""What the events routes do for a kind other than duplicate: a Swiss event's start, next table,
standings, withdrawal and close, and its rounds and tables in the event's answer."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from cardhall.core.i18n import N_, Msg
from cardhall.events import listing, swiss, swiss_read
from cardhall.events.conductor import Conductor
from cardhall.events.duplicate import event_row, is_moderator
from cardhall.events.errors import EventError, NotAllowed
from cardhall.room.service import Room
from cardhall.room.store import Transaction, events

Act = Callable[[Room, str, str], Awaitable[Any]]


class KindRoutes:
    """The kind-specific answers of `/api/events/{id}/…` (the conductor is started on first use)."""

    def __init__(self, room: Room, conductor: Conductor) -> None:
        self.room = room
        self.conductor = conductor

    async def found(self, event_id: str) -> dict[str, Any]:
        self.conductor.start()
        return await event_row(self.room, event_id)

    async def is_swiss(self, event_id: str) -> bool:
        return bool((await self.found(event_id))["kind"] == "swiss")

    async def show(self, event_id: str) -> dict[str, Any]:
        """The event; a Swiss one with its rounds and the current round's tables."""
        shown = await listing.show(self.room, event_id)
        found = await self.found(event_id)
        if found["kind"] == "swiss":
            shown.update(await swiss_read.details(self.room, found))
        return shown

    async def may_enter(self, event_id: str) -> None:
        if (await self.found(event_id))["status"] == "running":
            raise EventError(Msg(N_("this event has started: it takes no more entries")))

    def or_else(self, running: Callable[..., Awaitable[Any]], other: Act) -> Act:
        """`running` for a running Swiss event (with the event's row), `other` otherwise."""
        async def act(room: Room, event_id: str, player: str) -> None:
            found = await self.found(event_id)
            if found["kind"] == "swiss" and found["status"] == "running":
                await running(room, found, player)
            else:
                await other(room, event_id, player)
        return act

    async def start(self, room: Room, event_id: str, player: str) -> None:
        found = await self.found(event_id)
        if found["kind"] != "swiss":
            raise EventError(Msg(N_("only a Swiss event is started; a duplicate event runs from its creation")))
        await swiss.start(room, found, player, await is_moderator(room, player))
        await self.conductor.advance(event_id)  # its tables at once

    async def close(self, room: Room, found: dict[str, Any], player: str) -> None:
        """End a running Swiss event early (its creator or a moderator): no more rounds."""
        if found["creator"] != player and not await is_moderator(room, player):
            raise NotAllowed(Msg(N_("only the event's creator or a moderator can close it")))
        async with Transaction(room.store) as conn:
            await conn.execute(events.update().where(events.c.id == found["id"], events.c.status == "running")
                               .values(status="over", closed=time.time()))

    async def next_table(self, event_id: str, player: str) -> dict[str, Any]:
        found = await self.found(event_id)
        if found["status"] == "running":
            await self.conductor.advance(event_id)
            found = await event_row(self.room, event_id)
        return await swiss_read.next_table(self.room, found, player)

    async def standings(self, event_id: str) -> dict[str, Any]:
        return await swiss_read.standings(self.room, await self.found(event_id))
