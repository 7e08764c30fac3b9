"""The conductor: runs the room's running Swiss and arena events, whichever node or restart it is on.

Every `swiss.TICK` seconds it looks at each running event (`swiss.step`): it makes the tables
of a round that are stored but not made, seats the takeover bot for no-shows, counts finished
tables and seats the next round (`arena.step`: seats the entrants waiting, ends it when time
is up). Everything it does is a database row first, so two nodes that
both look, or a room restarted after a kill, do each thing once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import sqlalchemy as sa

from cardhall.events import arena, swiss
from cardhall.events.duplicate import event_row
from cardhall.room.registry import Room
from cardhall.room.store import events, unreachable

log = logging.getLogger(__name__)


class Conductor:
    """The room's event runner; `notify(player, message)` reaches a person wherever they are in
    the room (the room socket, `/ws/room`)."""

    def __init__(self, room: Room, notify: swiss.Notify) -> None:
        self.room = room
        self.notify = notify
        self.task: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()
        room.closing.append(self.stop)

    def start(self) -> None:
        """Run until the room closes (a second call does nothing)."""
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self.run(), name="events conductor")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task

    async def run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database may be away for a moment: the next look tries again
                if not unreachable(exc):
                    log.exception("the running events could not be advanced")
                else:
                    log.warning("the running events could not be advanced, the database is away: %s", type(exc).__name__)
            await asyncio.sleep(swiss.TICK)

    async def tick(self) -> None:
        """One look at every running event."""
        async with self.room.store.engine.connect() as conn:
            running = list(await conn.scalars(sa.select(events.c.id).where(
                events.c.status == "running", events.c.kind.in_(("swiss", "arena")))))
        for event_id in running:
            await self.advance(event_id)

    async def nudge(self, event_id: str) -> None:
        """A step of the event now unless this node is stepping already (an entrant's `next`:
        the answer comes sooner when the room is quiet; under load the requests do not queue
        behind each other's steps, the running step and the next tick serve them all)."""
        if not self.lock.locked():
            await self.advance(event_id)

    async def advance(self, event_id: str) -> None:
        """One step of one event (one at a time on this node)."""
        async with self.lock:
            found = await event_row(self.room, event_id)
            if found["status"] == "running":
                await (arena.step if found["kind"] == "arena" else swiss.step)(self.room, found, self.notify)
