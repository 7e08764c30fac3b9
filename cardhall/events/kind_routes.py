"""What the events routes do for the kinds the conductor runs (Swiss and arena): the start, an
entry while it runs, the next table, the standings, a withdrawal and the close while it runs,
and its rounds and tables in the event's answer."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from cardhall.clubs.clubs import is_member, role_of
from cardhall.clubs.errors import ClubNotAllowed
from cardhall.core.i18n import N_, Msg
from cardhall.events import arena, duplicate, listing, standby, swiss, swiss_read
from cardhall.events.conductor import Conductor
from cardhall.events.duplicate import event_row, is_moderator
from cardhall.events.errors import EventError, NotAllowed
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, events

Act = Callable[[Room, str, str], Awaitable[Any]]
RUN = ("swiss", "arena")


class KindRoutes:
    """The kind-specific answers of `/api/events/{id}/…` (the conductor is started on first use)."""

    def __init__(self, room: Room, conductor: Conductor) -> None:
        self.room = room
        self.conductor = conductor

    async def found(self, event_id: str) -> dict[str, Any]:
        self.conductor.start()
        return await event_row(self.room, event_id)

    async def is_run(self, event_id: str) -> bool:
        """A kind the conductor runs (Swiss, arena)."""
        return bool((await self.found(event_id))["kind"] in RUN)

    async def show(self, event_id: str) -> dict[str, Any]:
        """The event; a Swiss one with its rounds and the current round's tables."""
        shown = await listing.show(self.room, event_id)
        found = await self.found(event_id)
        if found["kind"] == "swiss":
            shown.update(await swiss_read.details(self.room, found))
            shown["standby"] = await standby.shown(self.room, event_id)
        elif found["kind"] == "arena":
            made = await swiss_read.tables_by_round(self.room, found)
            shown["tables"] = [{**t, "number": number} for number in sorted(made, reverse=True) for t in made[number]]
            shown["ends"] = found["closes"] if found["status"] != "open" else None
        return shown

    async def club_member(self, event_id: str, player: str) -> None:
        """A club's event is entered by its members only."""
        club = (await self.found(event_id))["spec"].get("club")
        if club is not None and not await is_member(self.room, club, player):
            raise ClubNotAllowed(Msg(N_("this is a club's event: only its members can enter (join the club "
                                        "first)")))

    async def may_run(self, found: dict[str, Any], player: str) -> bool:
        """The creator, a moderator, or an admin of the event's club may start or close it."""
        if found["creator"] == player or await is_moderator(self.room, player):
            return True
        club = found["spec"].get("club")
        if club is None:
            return False
        return await role_of(self.room, club, player) == "admin"

    async def enter_running(self, event_id: str, player: str, address: str | None) -> bool:
        """An entry while the event runs: refused for Swiss, taken for an arena (True: done here;
        False: the common entry of an open event, `duplicate.enter`, does it)."""
        found = await self.found(event_id)
        if found["status"] != "running":
            return False
        if found["kind"] != "arena":
            raise EventError(Msg(N_("this event has started: it takes no more entries")))
        if await self.room.is_guest(player):
            raise NotAllowed(Msg(N_("events are for accounts: register (POST /api/accounts) to enter")))
        await arena.enter_running(self.room, found, player, await self.room.player_name(player) or "?", address)
        return True

    def or_else(self, running: Callable[..., Awaitable[Any]], other: Act) -> Act:
        """`running` for a running Swiss event (with the event's row), `other` otherwise."""
        async def act(room: Room, event_id: str, player: str) -> None:
            found = await self.found(event_id)
            if found["kind"] in RUN and found["status"] == "running":
                await running(room, found, player)
            else:
                await other(room, event_id, player)
        return act

    async def start(self, room: Room, event_id: str, player: str) -> None:
        found = await self.found(event_id)
        if found["kind"] not in RUN:
            raise EventError(Msg(N_("only a Swiss event or an arena is started; a duplicate event runs from "
                                    "its creation")))
        allowed = await self.may_run(found, player)
        if found["kind"] == "arena":
            if not allowed:
                raise NotAllowed(Msg(N_("only the event's creator or a moderator can start it")))
            if found["status"] != "open":
                raise EventError(Msg(N_("this event has already started") if found["status"] == "running"
                                     else N_("this event is over")))
            await arena.start(room, found)
        else:
            if allowed and found["status"] == "open":
                await standby.fill_open(room, found, self.conductor.notify)  # free places first
            await swiss.start(room, found, player, allowed)
        await self.conductor.advance(event_id)  # its tables at once

    async def withdraw_open(self, room: Room, event_id: str, player: str) -> None:
        """Withdraw from an open event; a Swiss event's place goes to its standby list's first."""
        await duplicate.withdraw(room, event_id, player)
        found = await self.found(event_id)
        if found["kind"] == "swiss":
            await standby.fill_open(room, found, self.conductor.notify)

    async def stand_by(self, event_id: str, player: str) -> int:
        """On the event's standby list (its place in it); a free place is filled at once."""
        found = await self.found(event_id)
        position = await standby.join(self.room, found, player)
        if player in await standby.fill_open(self.room, found, self.conductor.notify):
            return 0
        return position

    async def leave_standby(self, room: Room, event_id: str, player: str) -> None:
        await standby.leave(room, await self.found(event_id), player)

    async def close(self, room: Room, found: dict[str, Any], player: str) -> None:
        """End a running Swiss event or arena early (its creator or a moderator): no more tables."""
        if not await self.may_run(found, player):
            raise NotAllowed(Msg(N_("only the event's creator or a moderator can close it")))
        async with Transaction(room.store) as conn:
            await conn.execute(events.update().where(events.c.id == found["id"], events.c.status == "running")
                               .values(status="over", closed=time.time()))

    async def next_table(self, event_id: str, player: str) -> dict[str, Any]:
        found = await self.found(event_id)
        if found["status"] == "running":
            await self.conductor.nudge(event_id)
            found = await event_row(self.room, event_id)
        if found["kind"] == "arena":
            return await arena.next_table(self.room, found, player)
        return await swiss_read.next_table(self.room, found, player)

    async def standings(self, event_id: str) -> dict[str, Any]:
        return await swiss_read.standings(self.room, await self.found(event_id))
