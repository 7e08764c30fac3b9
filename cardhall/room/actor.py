"""The table actor: the single writer of one live table, stored write-ahead.

- One actor (a task with a queue of `jobs.Job`) per live table: commands from HTTP requests,
  WebSocket messages, bots and the clock are carried out one at a time, so they never race.
- Every accepted change is committed to the database **before** anyone hears of it (`_apply`);
  if the commit fails, the live table is left as it was and mends itself (`mending`).
- The clock and the grace period: the actor wakes at `table.deadline()` and calls `tick`.
- People come and go (`_join`, `_part`): the table stores that a person is away only once their
  last connection has been gone `Room.reconnect_quiet` seconds.
- Its bots think and are paced by `pacing.BotPacing`; its connections hear the changes through
  `broadcast` (or, in a cluster, through the node).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, reason
from cardhall.room import metrics, snapshots
from cardhall.room.broadcast import Subscriber, send_changes, send_sync
from cardhall.room.commands import TableCommand
from cardhall.room.front import Host, TableMoved
from cardhall.room.jobs import Command, Job
from cardhall.room.mending import RECOVER_FIRST, Mending
from cardhall.room.pacing import BotPacing
from cardhall.room.store import StoreError
from cardhall.room.table import Change, Table

log = logging.getLogger("cardhall.room")

RECONNECT_QUIET = 5.0
"""Seconds a person's last connection may be gone before the table stores that they are away:
a page reloading or a network blip reconnects within it, and nothing is stored for it."""

STOP_TIMEOUT = 10.0
"""Seconds `TableActor.stop` waits for a cancelled actor to end (its command's database or Redis
call finishing) before leaving it behind with a logged sentence."""


class TableActor(BotPacing, Mending):
    """The single writer of one table and the hub of its subscribers."""

    def __init__(self, room: Host, table: Table, invite: str | None) -> None:
        self.room = room
        self.table = table
        self.invite = invite
        self.subscribers: set[Subscriber] = set()
        self.connections: Counter[str] = Counter()  # live connections per player (in a cluster: nodes)
        self._parted: dict[str, float] = {}  # when a player's last connection closed, until stored
        self.present: set[tuple[str, str]] = set()  # in a cluster: (player, node) with connections there
        self._queue: asyncio.Queue[Job] = asyncio.Queue()
        self._thinking: tuple[int, int] | None = None
        self._job: Job | None = None  # the command being carried out
        self._last_change = 0.0  # time.monotonic() when the last change was published
        self._hearing: dict[str, tuple[int, float]] = {}  # listener → (version told, heard by: monotonic)
        self._held: list[tuple[asyncio.TimerHandle, Callable[[], Awaitable[None]]]] = []  # bot moves held
        self._trouble: str | None = None  # after a fault: "store" (read the table again) or "lease"
        self._pause = RECOVER_FIRST  # seconds before the next try to recover
        self._recovering = False  # a `_recover` is queued or due
        self._timer: asyncio.TimerHandle | None = None
        self.used = time.monotonic()  # when a command last ran (for dropping idle actors)
        self.snapshot_at = 0  # the version of the table's latest stored snapshot (0: none)
        self.backfill_from = None  # restored from a snapshot at this version: no history before it
        self._task = asyncio.create_task(self._run(), name=f"table {table.id}")
        self._task.add_done_callback(self._ended)

    # --- what callers use -----------------------------------------------------------
    async def command(self, fn: Command) -> list[Change]:
        """Carry out `fn(table, now)` in the actor; its changes are stored, then sent."""
        changes: list[Change] = await self._submit(lambda: self._apply(fn))
        return changes

    async def run(self, command: TableCommand) -> list[Change]:
        """Carry out `command` (`cardhall.room.commands`): its `prepare` here, then its `carry_out`
        in the actor as one job; its changes are stored, then sent."""
        await command.prepare(self.room)
        changes: list[Change] = await self._submit(lambda: command.carry_out(self))
        return changes

    # --- what commands use in the actor (`commands.Actor`) ------------------------------
    async def apply(self, fn: Command) -> list[Change]:
        return await self._apply(fn)

    async def joined(self, player: str) -> None:
        await self._join(player)

    async def parted(self, player: str) -> None:
        await self._part(player)

    async def _join(self, player: str) -> None:
        self.connections[player] += 1
        if self.connections[player] == 1:
            try:
                await self._apply(lambda table, now: table.connect(player, now))
            except Exception:
                self.connections[player] -= 1
                raise

    async def _part(self, player: str) -> None:
        """One presence fewer. When the last one goes, the table stores that the person is away
        only if they are still gone `Room.reconnect_quiet` seconds later (then as of when they
        left): a reload or a blip stores no version (a reconnect finds the seat still connected)."""
        if self.connections[player] > 0:
            self.connections[player] -= 1
            if self.connections[player] == 0:
                del self.connections[player]
                parted = self.room.clock()
                self._parted[player] = parted
                quiet = self.room.reconnect_quiet
                if quiet <= 0:
                    await self._away(player, parted)
                else:
                    asyncio.get_running_loop().call_later(
                        quiet, self._queue.put_nowait, Job(lambda: self._away(player, parted), None))

    async def _away(self, player: str, parted: float) -> None:
        """The person who left at `parted` has not come back: store that they are away since then."""
        if self.connections[player] == 0 and self._parted.get(player) == parted:
            del self._parted[player]
            await self._apply(lambda table, now: table.disconnect(player, parted))

    async def subscribe(self, sub: Subscriber, since: int | None = None) -> None:
        """Add a connection: the table hears that its person is back; the connection gets the
        state (or, with `since`, what it missed and then the state)."""
        async def run() -> None:
            self._refuse_if_reloading()
            await self._history_from(since)
            joined = self.table.version
            if sub.player is not None:
                await self._join(sub.player)
            self.subscribers.add(sub)
            send_sync(self.table, sub, since, joined)
        await self._submit(run)

    async def unsubscribe(self, sub: Subscriber) -> None:
        async def run() -> None:
            self.subscribers.discard(sub)
            if sub.player is not None:
                await self._part(sub.player)
        await self._submit(run)

    async def sync(self, sub: Subscriber, since: int | None) -> None:
        async def run() -> None:
            self._refuse_if_reloading()
            await self._history_from(since)
            send_sync(self.table, sub, since)
        await self._submit(run)

    async def stop(self) -> None:
        """Stop running the table; commands waiting for it fail with `TableMoved`. Waits at most
        `STOP_TIMEOUT` for the actor to end (logged if it does not), and never swallows the
        caller's own cancellation (a node stopping while it drops a table must still stop)."""
        self._task.cancel()
        if self._timer is not None:
            self._timer.cancel()
        for handle, _run in self._held:
            handle.cancel()
        self.room.bots.forget(self.table.id)
        await asyncio.wait([self._task], timeout=STOP_TIMEOUT)
        if not self._task.done():
            log.error("table %s: its actor did not stop within %g s of being cancelled; it is left behind "
                      "(it can no longer store a change once its lease is gone)", self.table.id, STOP_TIMEOUT)
            self._fail_queued()

    def _ended(self, task: asyncio.Task[None]) -> None:
        """The actor's task ended (stopped, or died of a bug): fail the command it was carrying
        out and those still queued, so no caller waits forever for an actor that is gone."""
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: the table's actor died", self.table.id, exc_info=task.exception())
        self._fail_queued()

    def _fail_queued(self) -> None:
        jobs = [self._job] if self._job is not None else []
        while not self._queue.empty():
            jobs.append(self._queue.get_nowait())
        for job in jobs:
            if job.future is not None and not job.future.done():
                job.future.set_exception(TableMoved(f"table {self.table.id} is no longer run here; try again"))

    # --- inside the actor -----------------------------------------------------------
    async def _submit(self, run: Callable[[], Awaitable[Any]]) -> Any:
        if self._task.done():
            raise TableMoved(f"table {self.table.id} is no longer run here; try again")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(Job(run, future))
        return await future

    async def _run(self) -> None:
        self._schedule_bot()
        while True:
            deadline = None if self._trouble is not None else self.table.deadline()
            timeout = None if deadline is None else max(0.0, deadline - self.room.clock())
            try:  # not asyncio.wait_for: on Python 3.11 it swallows a cancel that meets a job arriving
                async with asyncio.timeout(timeout):
                    job = await self._queue.get()
            except TimeoutError:
                job = Job(lambda: self._apply(lambda table, now: table.tick(now)), None)
            self._job = job
            self.used = time.monotonic()
            try:
                result = await job.run()
            except asyncio.CancelledError:
                if job.future is not None and not job.future.done():
                    job.future.set_exception(TableMoved(f"table {self.table.id} is no longer run here; try again"))
                raise
            except Exception as exc:
                if not isinstance(exc, CardhallError):
                    log.exception("table %s: a command failed", self.table.id)
                if job.future is not None and not job.future.done():
                    job.future.set_exception(exc)
            else:
                if job.future is not None and not job.future.done():
                    job.future.set_result(result)
            self._job = None
            self._schedule_bot()

    def idle(self) -> bool:
        """Nobody watches or sits here connected, nothing is queued, running, thought about or
        being mended: the actor can be dropped (the table is restored from its log on demand)."""
        return (not self.subscribers and not self.connections and self._queue.empty() and self._job is None
                and self._thinking is None and self._trouble is None and not self._recovering)

    async def _apply(self, fn: Command) -> list[Change]:
        """Commit, then change: `fn` runs on a copy of the table (`Table.fork`), the copy's
        entries are stored, and only then is the copy the live table and are the changes sent.
        So what anyone reads of the table (a state, a sync, `?since=`) is always a stored
        version. A commit that fails (or a lease that cannot be checked) leaves the live table
        as it was; the table then mends itself (`_recover`): a failed commit may or may not have
        been stored, so the table refuses commands and syncs until it has read itself again
        from the database, trying again with a growing pause while the database is away."""
        self._refuse_if_reloading()
        now, began = self.room.clock(), time.perf_counter()
        draft = self.table.fork()
        try:
            changes = fn(draft, now)
        except CardhallError:
            raise
        except Exception:  # a bug inside the table: the copy is dropped, the live table is untouched
            log.exception("table %s: a command failed; the table is left as it was", self.table.id)
            raise CardhallError(Msg(N_("the table could not carry out this command (an error in the room, logged); "
                                       "nothing changed"))) from None
        if not changes:
            self.table = draft  # nothing to store (the copy may only have started a turn's clock)
            return changes
        await self._fence()
        await self._commit(draft, changes, now)
        await self._publish(changes, began)
        return changes

    async def _fence(self) -> None:
        """In a cluster: this node must still hold the table's lease before it stores a change
        (Redis away: nothing is stored, and bots wait for the lease)."""
        node = self.room.node
        if node is None:
            return
        try:
            await node.fence(self.table.id)
        except TableMoved:
            raise
        except CardhallError as exc:  # Redis is away: nothing was stored; bots wait for the lease
            self._fault("lease", exc)
            raise StoreError(Msg(N_("this change did not happen ({reason}); try again"), reason=reason(exc))) from None
        if self._trouble == "lease":
            self._mended()

    async def _commit(self, draft: Table, changes: list[Change], now: float) -> None:
        """Store the draft's entries (with, now and then, a snapshot of the table before them);
        only then is the draft the live table. A failed commit is a fault the table mends."""
        # now and then the table before this command is stored too: a restore replays only from there
        snapshot = snapshots.take(self.table) if snapshots.due(self.snapshot_at, draft.version, changes) else None
        try:
            stored = time.perf_counter()
            await self.room.store.append(self.table.id, [(c.version, c.entry) for c in changes], draft.status, now,
                                         snapshot)
            metrics.committed(time.perf_counter() - stored)
        except CardhallError as exc:  # another writer stored a change first: read the table again
            self._fault("store", exc)
            raise StoreError(Msg(N_("this change did not happen ({reason}); try again"), reason=reason(exc))) from None
        except Exception as exc:
            self._fault("store", exc)
            raise StoreError(Msg(N_("the room could not save this change, so it did not happen; try again"))) from None
        self.table = draft
        if snapshot is not None:
            self.snapshot_at = snapshot["version"]

    async def _publish(self, changes: list[Change], began: float) -> None:
        """Stored changes reach the connections (here, or every node's), then the room's
        listeners; a game that ended is entered in the history."""
        node = self.room.node
        if node is not None:
            await node.committed(self, changes)
        else:
            send_changes(self.table, self.subscribers, changes)
        for heard in self.room.listeners:  # e.g. "your turn" notices: they only queue, never wait
            try:
                heard(self.table, changes)
            except Exception:  # a listener's fault never stops the table
                log.exception("table %s: a listener failed", self.table.id)
        self._last_change = time.monotonic()
        metrics.moves(self.table.game.name, sum(c.entry["kind"] == "act" for c in changes))
        metrics.acted(time.perf_counter() - began)
        if any(c.entry["kind"] == "over" for c in changes):
            self.room.game_over()
