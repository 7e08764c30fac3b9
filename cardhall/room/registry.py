"""The room: every live table of this process, the players, the bots' pool and the store.

- `Room.open` opens the database (migrating it) and restores every unfinished table from its
  log, with everybody disconnected (one node of several: `cluster.open_room`, where tables are
  taken over by lease).
- A table is run by its actor (`actor.TableActor`) while it is used; the actor of a table that
  waits for players or whose game is over is dropped after `IDLE_AFTER` seconds unused (the
  sweep), a waiting table's summary staying in the lobby. A finished table is served from the
  store (`front.FinishedTable`), the last `FINISHED_KEPT` of them kept read.
- A finished game is entered in the history and its ratings moved beside the table's actor
  (`history.settle`), which goes on at once.

No HTTP here: the web front (`cardhall.web`) calls these methods and gives each connection a
`broadcast.Subscriber` that receives the messages meant for its viewer.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardhall.core.errors import CardhallError
from cardhall.core.registry import load
from cardhall.people.limits import Limits
from cardhall.people.ratings import check_rated
from cardhall.room import snapshots
from cardhall.room.actor import RECONNECT_QUIET, STOP_TIMEOUT, TableActor
from cardhall.room.bot_pool import BotPool
from cardhall.room.front import Cluster, FinishedTable, TableFront
from cardhall.room.history import settle
from cardhall.room.new_tables import default_seats, seats_for
from cardhall.room.new_tables import table_id as new_table_id
from cardhall.room.pacing import HEAR_MAX, check_pace
from cardhall.room.players import Players
from cardhall.room.scheduler import BotScheduler
from cardhall.room.store import Store, StoredTable
from cardhall.room.table import Change, Policy, Table
from cardhall.room.vacations import Vacations

log = logging.getLogger("cardhall.room")

FINISHED_KEPT = 64
"""Finished tables kept read in memory (least recently used dropped first)."""
IDLE_AFTER = 60.0
"""Seconds after which the actor of a table nobody uses is dropped: a waiting table's (its
summary stays in the lobby; the table is restored from its log on demand) or a finished one's."""
SWEEP_EVERY = 10.0


class Room(Players):
    """Every live table, the players, the bot pool and the store."""

    def __init__(self, store: Store, *, bot_workers: int | None = None, bot_pace: float = 0.0,
                 limits: Limits | None = None, reconnect_quiet: float = RECONNECT_QUIET) -> None:
        self.store = store
        self.bot_pace = check_pace(bot_pace)
        self.hear_max = HEAR_MAX if bot_pace > 0 else 0.0
        """The longest a listener holds a table's bots after a change (`TableActor.heard_by`): a
        room whose bots never wait for people (`bot_pace` 0: tests, benchmarks) holds them for no
        listener either, unless told."""
        self.limits = limits or Limits()
        self.reconnect_quiet = reconnect_quiet
        self.tables: dict[str, TableActor] = {}  # the tables this process runs
        self.node: Cluster | None = None  # one node of several (None: this process is the whole room)
        self.pool = BotPool(bot_workers)
        self.bots = BotScheduler(self.bot_pool, self.reset_bot_pool, bot_workers)
        self._names: dict[str, tuple[str, float]] = {}  # player → (name, when read): kept NAME_TTL seconds
        self._settling: asyncio.Task[None] | None = None
        self._settle_again = False
        self.closing: list[Callable[[], Awaitable[None]]] = []  # run first by `close` (e.g. the people's loops)
        self._finished: OrderedDict[str, FinishedTable] = OrderedDict()  # finished tables read lately
        self._dormant: dict[str, tuple[dict[str, Any], str | None]] = {}  # waiting tables without an actor
        self._sweeper: asyncio.Task[None] | None = None
        self.clock: Callable[[], float] = time.time  # the room's clock (tests move it on by days)
        self.vacations = Vacations(store)  # people's vacations, which turn-based tables wait over
        self.listeners: list[Callable[[Table, list[Change]], None]] = []  # told of each stored change (no waiting)

    @classmethod
    async def open(cls, url: str | None = None, *, bot_workers: int | None = None, restore: bool = True,
                   bot_pace: float = 0.0, limits: Limits | None = None) -> Room:
        """Open the database (migrating it) and restore every unfinished table (unless one node
        of several: `cardhall.room.cluster.open_room`, where tables are taken over by lease).
        `bot_pace`: seconds between a bot's move and the change before it where people follow."""
        check_pace(bot_pace)
        room = cls(await Store.open(url), bot_workers=bot_workers, bot_pace=bot_pace, limits=limits)
        await room.vacations.load_all()
        if not restore:
            return room
        room._sweeper = asyncio.create_task(room._sweep_idle(), name="room sweep")
        for stored in await room.store.unfinished(snapshot=True):
            try:
                room._start(stored)
            except CardhallError as exc:
                log.error("table %s cannot be restored: %s", stored.header.get("id"), exc)
        return room

    async def close(self) -> None:
        for stop in self.closing:
            try:
                await stop()
            except Exception:
                log.exception("stopping a part of the room failed")
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.wait([self._sweeper])
        if self._settling is not None:
            await asyncio.wait([self._settling], timeout=STOP_TIMEOUT)
        if self.node is not None:
            await self.node.stop()
        for actor in list(self.tables.values()):
            await actor.stop()
        self.pool.shutdown()
        await self.store.close()

    def bot_pool(self) -> ProcessPoolExecutor:
        """The bots' process pool (started on first use)."""
        return self.pool.get()

    def reset_bot_pool(self) -> None:
        """The bots' pool broke: drop it; the next bot move starts a new one."""
        self.pool.reset()

    async def sweep(self, now: float | None = None) -> list[str]:
        """Drop the actors nobody has used for `IDLE_AFTER` seconds of tables that wait for
        players (their summary stays in the lobby) or whose game is over; the ids dropped. A
        table whose game goes on keeps its actor (its clock, grace periods and bots)."""
        if self.node is not None:
            return []
        now = time.monotonic() if now is None else now
        dropped = []
        for table_id, actor in list(self.tables.items()):
            if actor.table.status != "playing" and actor.idle() and now - actor.used >= IDLE_AFTER:
                del self.tables[table_id]
                if actor.table.status == "waiting":
                    self._dormant[table_id] = (actor.table.summary(), actor.invite)
                dropped.append(table_id)
                await actor.stop()
        return dropped

    async def _sweep_idle(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep()
            except Exception:  # the sweep must go on
                log.exception("the sweep of idle tables failed")

    def _start(self, stored: StoredTable) -> TableActor:
        """Run a stored table here (restored with everybody disconnected)."""
        table = snapshots.restore(stored, now=self.clock())
        if table.turns is not None:
            table.turns.vacations = self.vacations  # shared: a new vacation counts at once
        actor = TableActor(self, table, stored.invite)
        if stored.snapshot is not None:
            actor.snapshot_at = actor.backfill_from = stored.first
        self.tables[table.id] = actor
        return actor

    # --- finished games (the players: `players.Players`) ------------------------------
    def game_over(self) -> None:
        """A game ended: enter it in the history and move its ratings (`room.history.settle`),
        beside the table's actor, which goes on at once."""
        if self._settling is None or self._settling.done():
            self._settling = asyncio.create_task(self._settle(), name="settle finished games")
        else:
            self._settle_again = True

    async def _settle(self) -> None:
        while True:
            self._settle_again = False
            try:
                await settle(self.store)
            except Exception:
                log.exception("finished games could not be entered in the history; the next read will try again")
            if not self._settle_again:
                return

    # --- tables ---------------------------------------------------------------------
    async def create_table(self, host: str, game_name: str, options: dict[str, Any], seats: list[str] | None,
                           private: bool = False, clock: float | None = None,
                           grace: float | None = None, address: str | None = None,
                           rated: bool = False, pace: str | None = None, seed: int | None = None,
                           counted: bool = True, turn_hours: float | None = None) -> TableFront:
        """A new table; `seats` are "open", "me" (the host sits there) or "bot:LEVEL"; `clock`,
        `grace` and the bots' `pace` (None: the Policy's default) are checked by `Policy`. `Limits`:
        the host's open tables and the rate of new tables per person and per `address`. `rated` only
        with the standard options (`ratings.check_rated`). `seed`: the deal is made now from it (an event's
        board, `cardhall.events`, whose seats are the entry's and bots': nobody else can sit to scout it). `counted`
        False: not counted in the rate of new tables (an event's boards, bounded by the event's own limits)."""
        game = load(game_name, **options)
        if rated:
            check_rated(game_name, options)
        seats = default_seats(game) if seats is None else seats
        made = seats_for(game, seats)
        chosen: dict[str, Any] = {name: value for name, value in (("grace", grace), ("pace", pace),
                                                                  ("turn_hours", turn_hours)) if value is not None}
        policy = Policy(clock=clock, **chosen)
        name = await self.player_name(host) or "?"
        now = self.clock()
        hosted = await self._hosted(host)
        self.limits.check_open(hosted, now)
        if counted:
            self.limits.take("table", now, person=host, address=address)
        # no seed: the deal is made at the start, so no seat can be read before (seat scouting)
        table = Table(new_table_id(), game, seed, made, host=host, policy=policy,
                      private=private, created=now, rated=rated)
        lang = await self.player_lang(host)
        changes = table.sit(host, name, seats.index("me"), lang=lang, guest=await self.is_guest(host)) \
            if "me" in seats else []
        invite = secrets.token_urlsafe(16) if private else None
        if table.turns is not None:
            table.turns.vacations = self.vacations
        await self.store.add_table(table.summary(), table.header(), invite,
                                   [(c.version, c.entry) for c in changes], now)
        if self.node is not None:
            return await self.node.created(table.id)
        actor = TableActor(self, table, invite)
        self.tables[table.id] = actor
        return actor

    async def table(self, table_id: str) -> TableFront | None:
        """The live table `table_id`, or a finished one loaded from the database, or None."""
        if self.node is not None:
            return await self.node.hub(table_id)
        actor = self.tables.get(table_id)
        if actor is not None:
            return actor
        finished = self._finished.get(table_id)
        if finished is not None:
            self._finished.move_to_end(table_id)
            return finished
        stored = await self.store.load(table_id, snapshot=True)
        if stored is None:
            return None
        if table_id in self.tables:  # restored meanwhile
            return self.tables[table_id]
        if stored.status == "over":
            finished = self._finished.get(table_id) or FinishedTable(self, snapshots.restore(stored), stored.invite)
            self._finished[table_id] = finished
            while len(self._finished) > FINISHED_KEPT:
                self._finished.popitem(last=False)
            return finished
        self._dormant.pop(table_id, None)
        return self._start(stored)

    async def turns_of(self, player: str) -> list[dict[str, Any]]:
        """The turn-based tables waiting for `player`'s move, the longest waiting first."""
        waiting = [t for t, _ in await self.live() if (t.get("turn") or {}).get("player") == player]
        return sorted(waiting, key=lambda t: t["turn"]["since"] or 0.0)

    async def nudge(self, player: str) -> None:
        """`player`'s vacations changed: each table they sit at here looks at its clock again."""
        for actor in list(self.tables.values()):
            if actor.table.turns is not None and actor.table.seat_of(player) is not None:
                await actor.command(lambda table, now: table.tick(now))

    async def _hosted(self, host: str) -> list[tuple[str, float]]:
        """(status, created) of the unfinished tables `host` made, for the limits: on one node read
        from the tables themselves (no summary of every table for each new one: 10,000 tables)."""
        if self.node is not None:
            return [(t["status"], t["created"]) for t, _ in await self.live() if t["host"] == host]
        running = [(a.table.status, a.table.created) for a in self.tables.values()
                   if a.table.host == host and a.table.status != "over"]
        return running + [(t["status"], t["created"]) for table_id, (t, _) in self._dormant.items()
                          if table_id not in self.tables and t["host"] == host]

    async def live(self) -> list[tuple[dict[str, Any], str | None]]:
        """(summary, invite) of every unfinished table (in a cluster: as their nodes last announced)."""
        if self.node is not None:
            return await self.node.live()
        running = [(a.table.summary(), a.invite) for a in self.tables.values() if a.table.status != "over"]
        return running + [found for table_id, found in self._dormant.items() if table_id not in self.tables]

    async def lobby(self, offset: int = 0, limit: int | None = None) -> tuple[list[dict[str, Any]], int]:
        """Public tables whose game is not over, newest first: `limit` of them (None: all) from
        the `offset`-th, and how many there are."""
        shown = sorted((summary for summary, _ in await self.live() if not summary["private"]),
                       key=lambda t: -t["created"])
        return shown[offset:None if limit is None else offset + limit], len(shown)

    async def tables_of(self, player: str) -> list[dict[str, Any]]:
        """The unfinished tables `player` hosts or sits at (the host also gets a private one's invite)."""
        mine = []
        for summary, invite in await self.live():
            if summary["host"] == player:
                mine.append({**summary, "invite": invite} if invite is not None else summary)
            elif any(seat.get("player") == player for seat in summary["seats"]):
                mine.append(summary)
        return sorted(mine, key=lambda t: -t["created"])

