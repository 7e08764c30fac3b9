"""The room service: the live tables, each run by one asyncio actor, stored write-ahead.

- One actor (a task with a queue) per live table is the table's single writer: commands from
  HTTP requests, WebSocket messages, bots and the clock are carried out one at a time, so they
  never race.
- Every accepted change is committed to the database **before** anyone hears of it; if the
  commit fails, the table is rebuilt from the database and the command fails.
- Bots think in a process pool (`room.bots.choose`), never on the event loop, scheduled fairly
  (`room.scheduler`: people's tables first, every table in turn, shorter `hard` searches under
  load); their answer comes back to the actor as one more command, which the table ignores if
  the game moved on.
- The clock and the grace period: the actor wakes at `table.deadline()` and calls `tick`.
- Bot pacing (`Room.bot_pace`): where a person sits or watches, a bot's answer waits until the
  pace has passed since the table's previous change; a person's move is never held back, and a
  table of bots nobody watches runs at full speed.
- Bots paced to the listener (`TableActor.hearing`): a seated person whose page says it is still
  saying the last change's lines (the `hearing` message: their words at the person's reading
  rate, or the browser's voice) holds the table's bots until it has, at most `HEAR_MAX` after
  that change (`Room.hear_max`; none where the room's `bot_pace` is 0); until such a page has
  told of the newest change, the bots wait for it (within the same bound). Nothing of it is
  stored: it only delays bots.
- On start every unfinished table is restored from its log, with everybody disconnected.

No HTTP here: the web front (`cardhall.web`) calls these methods and gives each connection a
`Subscriber` that receives the messages meant for its viewer.
"""

from __future__ import annotations

import abc
import asyncio
import dataclasses
import logging
import multiprocessing
import os
import random
import secrets
import time
import weakref
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from cardhall.bots import bot_names
from cardhall.core.errors import CardhallError
from cardhall.core.game import Viewer
from cardhall.core.i18n import DEFAULT as DEFAULT_LANG
from cardhall.core.i18n import N_, Msg, Plural, reason
from cardhall.core.i18n import check as check_lang
from cardhall.core.registry import load
from cardhall.core.titles import title_msg
from cardhall.people.limits import Limits
from cardhall.people.ratings import check_rated
from cardhall.room import metrics, snapshots
from cardhall.room.bots import BotTurn, exit_with_parent
from cardhall.room.commands import Account, SetLang, TableCommand
from cardhall.room.errors import TableError
from cardhall.room.history import settle
from cardhall.room.messages import Event, ServerMessage, State
from cardhall.room.scheduler import BotScheduler
from cardhall.room.store import Store, StoredTable, StoreError
from cardhall.room.table import SLOW_PACE, Change, Policy, Seat, Table
from cardhall.room.vacations import Vacations

log = logging.getLogger("cardhall.room")

ROOM_BOTS = ("random", "heuristic", "easy", "medium", "hard")
"""The bot levels a table may seat over the wire (specs naming code stay local to the server)."""

MAX_NAME = 40
NAME_TTL = 30.0
"""Seconds a player's name is kept in a node's memory before it is read from the database again."""

RECONNECT_QUIET = 5.0
"""Seconds a person's last connection may be gone before the table stores that they are away:
a page reloading or a network blip reconnects within it, and nothing is stored for it."""

STOP_TIMEOUT = 10.0
"""Seconds `TableActor.stop` waits for a cancelled actor to end (its command's database or Redis
call finishing) before leaving it behind with a logged sentence."""

RECOVER_FIRST = 0.1
RECOVER_MAX = 1.0
"""After a failed commit or an unconfirmed lease a table tries to recover at once, then after
pauses that double from `RECOVER_FIRST` up to `RECOVER_MAX` seconds, by itself."""

HEAR_MAX = 8.0
"""The longest a listener holds a table's bots after one change (seconds): a page that says it
is still hearing, or has not told of the change yet, never stalls the table longer."""

BOT_PACE = 0.8
"""`cardhall serve`'s default bot pace (seconds): at a table where a person sits or watches, a
bot's move is published no sooner than this after the table's previous change, so people (and
screen readers) can follow; a `Room` made in code (tests, tools) does not pace unless told."""


def table_id() -> str:
    """A new table's id: 11 random URL-safe characters that never start with "-" (a command line
    would read `cardhall admin kick Eve -Q3…` as an option)."""
    while True:
        made = secrets.token_urlsafe(8)
        if not made.startswith("-"):
            return made


class Subscriber(Protocol):
    """One connection watching a table: a person (by player id) or an anonymous spectator."""

    player: str | None

    def send(self, message: ServerMessage) -> None:
        """Queue a message for this connection (a struct, encoded where it is sent); must not block."""


Command = Callable[[Table, float], list[Change]]


class Cluster(Protocol):
    """What the service asks of its node when the room has several (`cardhall.room.cluster.Node`)."""

    async def fence(self, table_id: str) -> None:
        """Before a commit: raise unless this node still holds the table's lease."""

    async def committed(self, actor: TableActor, changes: list[Change]) -> None:
        """After a commit: every node's connections hear the changes."""

    async def reloaded(self, actor: TableActor) -> None:
        """After the owner read its table again (a failed commit may have been stored): every
        node's copy reads it too."""

    async def hub(self, table_id: str) -> TableFront | None:
        """This node's view of a table (None if there is no such table)."""

    async def created(self, table_id: str) -> TableFront:
        """A table this node just stored."""

    async def live(self) -> list[tuple[dict[str, Any], str | None]]:
        """(summary, invite) of every unfinished table of the room."""

    async def stop(self) -> None:
        """Stop the tables run here and hand their leases back."""


@dataclasses.dataclass
class _Job:
    run: Callable[[], Awaitable[Any]]
    future: asyncio.Future[Any] | None


class TableMoved(CardhallError):
    """The table is no longer run by this process (another node took it over)."""


class TableFront(abc.ABC):
    """What a connection or request sees of a table: the table (or a node's copy of it), its
    invite, and who may see it. `TableActor` runs a table; `cluster.Hub` follows one."""

    room: Room
    table: Table
    invite: str | None
    backfill_from: int | None = None  # restored from a snapshot at this version: no history before it

    async def _history_from(self, since: int | None) -> None:
        """A table restored from a snapshot at version `backfill_from` has no history before it:
        when a connection asks for what happened after an older version, rebuild it first
        (`snapshots.backfill`, once), so it still hears every change."""
        start = self.backfill_from
        if since is None or start is None or since >= start:
            return
        self.backfill_from = None
        try:
            await snapshots.backfill(self.room.store, self.table, start)
        except Exception as exc:  # a sync from before the snapshot then gets the state alone
            log.warning("table %s: the history before version %d could not be rebuilt: %s", self.table.id, start, exc)

    @abc.abstractmethod
    async def run(self, command: TableCommand) -> object:
        """Carry out one of the table's commands (`cardhall.room.commands`) wherever the table runs."""
    @abc.abstractmethod
    async def subscribe(self, sub: Subscriber, since: int | None = None) -> None: ...
    @abc.abstractmethod
    async def unsubscribe(self, sub: Subscriber) -> None: ...
    @abc.abstractmethod
    async def sync(self, sub: Subscriber, since: int | None) -> None: ...

    def viewer(self, player: str | None) -> Viewer:
        return None if player is None else self.table.seat_of(player)

    def may_see(self, player: str | None, invite: str | None) -> bool:
        """A private table is reachable with its invite, or by its host and seated people."""
        if not self.table.private:
            return True
        if invite is not None and self.invite is not None and secrets.compare_digest(invite.encode(), self.invite.encode()):
            return True
        return player is not None and (player == self.table.host or self.table.seat_of(player) is not None)


_STATES: weakref.WeakKeyDictionary[Table, tuple[int, dict[Viewer, State]]] = weakref.WeakKeyDictionary()


def state_of(table: Table, viewer: Viewer) -> State:
    """The table's state message for `viewer`, made once per version and viewer (a state depends
    only on the stored version): many connections, and repeated syncs, share one message (which
    the web layer also serializes once). Callers must not change it."""
    version, states = _STATES.get(table, (-1, {}))
    if version != table.version:
        states = {}
        _STATES[table] = (table.version, states)
    if viewer not in states:
        states[viewer] = table.state_message(viewer)
    return states[viewer]


def send_changes(table: Table, subscribers: set[Subscriber], changes: list[Change]) -> None:
    """Send each subscriber the changes' events as its viewer hears them, then its state."""
    for sub in list(subscribers):
        viewer = None if sub.player is None else table.seat_of(sub.player)
        for change in changes:
            events = change.events.get(viewer)
            if events is None:  # a viewer the change does not name hears what spectators hear
                events = change.events.get(None, [])
            for event in events:
                sub.send(Event(change.version, event))
        sub.send(state_of(table, viewer))


def send_sync(table: Table, sub: Subscriber, since: int | None, joined: int | None = None) -> None:
    """What `sub` missed since version `since` (if still kept), then the state. When that is
    older than the kept history, the changes its own arrival made after version `joined` are
    still told (a person back after a long takeover hears "You are back and play again.")."""
    viewer = None if sub.player is None else table.seat_of(sub.player)
    if since is not None:
        missed = table.events_since(since, viewer)
        if missed is None and joined is not None:
            missed = table.events_since(joined, viewer)
        for message in missed or []:
            sub.send(message)
    sub.send(state_of(table, viewer))


class TableActor(TableFront):
    """The single writer of one table and the hub of its subscribers."""

    def __init__(self, room: Room, table: Table, invite: str | None) -> None:
        self.room = room
        self.table = table
        self.invite = invite
        self.subscribers: set[Subscriber] = set()
        self.connections: Counter[str] = Counter()  # live connections per player (in a cluster: nodes)
        self._parted: dict[str, float] = {}  # when a player's last connection closed, until stored
        self.present: set[tuple[str, str]] = set()  # in a cluster: (player, node) with connections there
        self._queue: asyncio.Queue[_Job] = asyncio.Queue()
        self._thinking: tuple[int, int] | None = None
        self._job: _Job | None = None  # the command being carried out
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

    def hearing(self, player: str, version: int, seconds: float, listening: bool) -> None:
        """`player`'s page will have said the lines of `version` in `seconds` (`listening` false:
        they no longer hold the bots). Only a seated person holds them; a held bot move is looked
        at again at once (`_bot_done` waits again for what is left)."""
        if not listening or self.table.seat_of(player) is None:
            self._hearing.pop(player, None)
        else:
            self._hearing[player] = (version, time.monotonic() + seconds)
        held, self._held = self._held, []
        for handle, run in held:
            handle.cancel()
            self._queue.put_nowait(_Job(run, None))

    def heard_by(self) -> float:
        """When (time.monotonic) every connected listener will have heard the table's last
        change: a page that told of it says when; one that has not told of it yet is waited for.
        Never later than the room's `hear_max` after that change (0.0: nobody holds the bots)."""
        limit = self.room.hear_max
        if limit <= 0:
            return 0.0
        bound = self._last_change + limit
        until = 0.0
        for player, (version, heard) in self._hearing.items():
            if self.connections[player]:
                until = max(until, bound if version < self.table.version else min(heard, bound))
        return until

    def _hold(self, wait: float, run: Callable[[], Awaitable[None]]) -> None:
        """Run `run` in the actor after `wait` seconds, or sooner when a listener's page speaks."""
        def release() -> None:
            self._held = [h for h in self._held if h[1] is not run]
            self._queue.put_nowait(_Job(run, None))
        self._held.append((asyncio.get_running_loop().call_later(wait, release), run))

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
                        quiet, self._queue.put_nowait, _Job(lambda: self._away(player, parted), None))

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
        self._queue.put_nowait(_Job(run, future))
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
                job = _Job(lambda: self._apply(lambda table, now: table.tick(now)), None)
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
        node = self.room.node
        if node is not None:
            try:
                await node.fence(self.table.id)
            except TableMoved:
                raise
            except CardhallError as exc:  # Redis is away: nothing was stored; bots wait for the lease
                self._fault("lease", exc)
                raise StoreError(Msg(N_("this change did not happen ({reason}); try again"), reason=reason(exc))) from None
            if self._trouble == "lease":
                self._mended()
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
        return changes

    # --- mending after a fault ------------------------------------------------------
    def _refuse_if_reloading(self) -> None:
        if self._trouble == "store":
            raise StoreError(Msg(N_("the room lost its database for a moment and is reading this table again; "
                                    "try again in a moment (the table sends its state when it is back)")))

    def _fault(self, kind: str, exc: BaseException) -> None:
        """A commit failed ("store": the table must be read again from the database) or the lease
        could not be checked ("lease": nothing was stored; bots wait until it is confirmed).
        `_recover` is queued at once, then after a pause that doubles up to `RECOVER_MAX`."""
        metrics.error(kind)
        if self._trouble is None or (kind == "store" and self._trouble == "lease"):
            log.warning("table %s: %s (%s: %s); %s", self.table.id,
                        "a commit failed" if kind == "store" else "its lease cannot be checked",
                        type(exc).__name__, exc,
                        "reading it again from the database" if kind == "store" else "its bots wait for the lease")
            self._trouble = kind
            self._pause = RECOVER_FIRST
            self._recover_soon(0.0)
        self._thinking = None

    def _recover_soon(self, delay: float) -> None:
        if self._recovering:
            return
        self._recovering = True
        job = _Job(self._recover, None)
        if delay <= 0:
            self._queue.put_nowait(job)
        else:
            self._timer = asyncio.get_running_loop().call_later(delay, self._queue.put_nowait, job)

    async def _recover(self) -> None:
        """Read the table again (after a failed commit) or confirm the lease (after Redis was
        away); on success everybody watching gets what they missed and the state, and bots think
        again; else try again after a longer pause."""
        self._recovering = False
        trouble = self._trouble
        if trouble is None:
            return
        old = self.table.version
        try:
            if trouble == "store":  # what the database holds after this copy's version (a commit may have been stored)
                draft = self.table.fork()
                for entry in await self.room.store.entries_after(self.table.id, self.table.version):
                    draft.apply_entry(entry)
                self.table = draft
            else:
                assert self.room.node is not None
                await self.room.node.fence(self.table.id)
        except TableMoved:
            raise
        except Exception as exc:
            self._pause = min(RECOVER_MAX, self._pause * 2)
            log.debug("table %s: still cannot recover (%s); next try in %g s", self.table.id, exc, self._pause)
            self._recover_soon(self._pause)
            return
        if trouble == "store":
            for sub in list(self.subscribers):
                send_sync(self.table, sub, old)
            if self.room.node is not None:
                await self.room.node.reloaded(self)
        self._mended()

    def _mended(self) -> None:
        log.warning("table %s: recovered at version %d", self.table.id, self.table.version)
        self._trouble = None
        self._thinking = None
        self._last_change = time.monotonic()

    def _schedule_bot(self) -> None:
        if self._trouble is not None:  # bots think again once the table has recovered
            return
        turn = self.table.bot_turn()
        if turn is None:
            self._thinking = None
            return
        if (turn.seat, turn.move) == self._thinking:
            return
        self._thinking = (turn.seat, turn.move)
        self._think(turn)

    def _think(self, turn: BotTurn) -> None:
        """Ask the room's scheduler for the bot's move (people's tables first, every table in turn)."""
        asked = time.perf_counter()

        def answered(turn: BotTurn, future: Future[str]) -> None:
            metrics.thought(time.perf_counter() - asked)
            self._queue.put_nowait(_Job(lambda: self._bot_done(turn, future), None))
        self.room.bots.submit(self.table.id, turn, self.watched(), answered)

    def watched(self) -> bool:
        """Whether a person sits here or somebody watches (here, or a player on another node)."""
        return bool(self.subscribers or self.connections) or any(s.kind == "person" for s in self.table.seats)

    def pace(self) -> float:
        """How long a bot's move waits after the table's previous change: the room's
        `bot_pace` where a person sits or somebody watches (here, or a player on another
        node), else 0; the table's own pace (`Policy.pace`) makes it none or slow."""
        if not self.watched() or self.table.policy.pace == "none":
            return 0.0
        return max(SLOW_PACE, self.room.bot_pace) if self.table.policy.pace == "slow" else self.room.bot_pace

    async def _bot_done(self, turn: BotTurn, future: Future[str]) -> None:
        """Play the bot's choice, once the pace has passed since the previous change and every
        listener has heard it (`heard_by`); until then the answer waits outside the actor, which
        goes on with other commands. A bot
        that fails or answers an illegal move is replaced for this move by a seeded random
        legal move (logged), so a table never stalls on a bot."""
        wait = max(self._last_change + self.pace(), self.heard_by()) - time.monotonic()
        if wait > 0:
            self._hold(wait, lambda: self._bot_done(turn, future))
            return
        self._thinking = None
        try:
            text = future.result()
        except Exception as exc:
            metrics.error("bot")
            log.error("table %s: bot %s failed at move %d (%s); a random legal move is played",
                      self.table.id, turn.spec, turn.move, exc)
            if isinstance(exc, BrokenProcessPool):
                self.room.reset_bot_pool()
            text = self._random_move(turn)
        try:
            await self._apply(lambda table, now: table.bot_act(turn.seat, text, turn.move, now))
        except TableError as exc:
            log.error("table %s: %s; a random legal move is played", self.table.id, exc)
            fallback = self._random_move(turn)
            await self._apply(lambda table, now: table.bot_act(turn.seat, fallback, turn.move, now))

    def _random_move(self, turn: BotTurn) -> str:
        state = self.table.state
        if len(state.actions) != turn.move or state.is_over():
            return ""  # the game moved on: bot_act ignores this answer
        return state.game.format_action(random.Random(turn.seed).choice(state.legal_actions()))


class FinishedTable(TableFront):
    """A table whose game is over, served from the store without an actor: it is read (a state,
    a sync, its record) and changes no more, so connecting to it stores nothing (no "connect"
    entry) and every command is refused with a sentence. `Room` keeps the last `FINISHED_KEPT`
    of them read."""

    def __init__(self, room: Room, table: Table, invite: str | None) -> None:
        self.room = room
        self.table = table
        self.invite = invite
        self.subscribers: set[Subscriber] = set()

    def _over(self) -> TableError:
        return TableError(Msg(N_("the game at this table is over; the table is kept as it ended and changes no more")))

    async def run(self, command: TableCommand) -> object:
        if command.when_over == "ignore":  # e.g. a new language or name: the finished game keeps what it was
            return None
        raise self._over()

    async def subscribe(self, sub: Subscriber, since: int | None = None) -> None:
        self.subscribers.add(sub)
        send_sync(self.table, sub, since)

    async def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)

    async def sync(self, sub: Subscriber, since: int | None) -> None:
        send_sync(self.table, sub, since)


FINISHED_KEPT = 64
"""Finished tables kept read in memory (least recently used dropped first)."""
IDLE_AFTER = 60.0
"""Seconds after which the actor of a table nobody uses is dropped: a waiting table's (its
summary stays in the lobby; the table is restored from its log on demand) or a finished one's."""
SWEEP_EVERY = 10.0


class Room:
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
        self._bot_workers = bot_workers
        self._pool: ProcessPoolExecutor | None = None
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
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        await self.store.close()

    def bot_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self._bot_workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=exit_with_parent, initargs=(os.getpid(),))
        return self._pool

    def reset_bot_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None

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

    # --- players --------------------------------------------------------------------
    async def new_player(self, name: str, lang: str = DEFAULT_LANG, address: str | None = None) -> str:
        """A guest: a new player id for `name` (1 to 40 printable characters) who reads `lang`;
        `address`: where the request came from (`Limits`)."""
        name = check_name(name)
        lang = check_lang(lang)
        self.limits.take("player", time.time(), address=address)
        player = secrets.token_hex(8)
        await self.store.add_player(player, name, time.time(), lang)
        self._names[player] = (name, time.monotonic())
        return player

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

    def forget_name(self, player: str) -> None:
        """A person's name changed (a guest registered under another): read it again next time."""
        self._names.pop(player, None)

    async def is_guest(self, player: str) -> bool:
        """Whether `player` is a guest (no account): their seats say so."""
        return not await self.store.is_account(player)

    async def player_name(self, player: str) -> str | None:
        """A player's name (None: no such player). Read again after `NAME_TTL` seconds: a guest who
        registered under another name on another node is called by it here soon after."""
        known = self._names.get(player)
        if known is None or time.monotonic() - known[1] > NAME_TTL:
            name = await self.store.player_name(player)
            if name is None:
                return None
            self._names[player] = known = (name, time.monotonic())
        return known[0]

    async def player_lang(self, player: str) -> str | None:
        """The language `player` reads (not cached: another node may have changed it)."""
        return await self.store.player_lang(player)

    async def set_player_lang(self, player: str, lang: str) -> str:
        """Remember that `player` reads `lang` (an `OptionError` sentence for an unknown code);
        the seats they hold at unfinished tables say so. Returns the language's code."""
        lang = check_lang(lang)
        await self.store.set_player_lang(player, lang)
        for summary, _ in await self.live():
            if any(seat.get("player") == player for seat in summary["seats"]):
                front = await self.table(summary["id"])
                if front is not None:
                    await front.run(SetLang(player=player, lang=lang))
        return lang

    async def registered(self, player: str, name: str) -> None:
        """The guest `player` is now the account `name`: their seats at unfinished tables say so."""
        self.forget_name(player)
        for summary, _ in await self.live():
            if any(seat.get("player") == player for seat in summary["seats"]):
                front = await self.table(summary["id"])
                if front is not None:
                    await front.run(Account(player=player, name=name))

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
        n = game.num_players
        if seats is None:
            seats = ["me"] + ["open"] * (n - 1)
        if len(seats) != n:
            raise TableError(Plural("{game} with these options is played by {count}; give {count} seat "
                                    "(\"open\", \"me\" or \"bot:LEVEL\"), not {seats}",
                                    "{game} with these options is played by {count}; give {count} seats "
                                    "(each \"open\", \"me\" or \"bot:LEVEL\"), not {seats}",
                                    count=n, game=title_msg(game), seats=len(seats)))
        if seats.count("me") > 1:
            raise TableError(Msg(N_("a person holds one seat per table: give \"me\" at most once")))
        levels = [b for b in ROOM_BOTS if b in bot_names(game)]
        made: list[Seat] = []
        for spec in seats:
            if spec in ("open", "me"):
                made.append(Seat())
            elif spec.startswith("bot:") and spec[4:] in levels:
                made.append(Seat(kind="bot", bot=spec[4:], name=f"Bot ({spec[4:]})"))
            else:
                raise TableError(Msg(N_("a seat is \"open\", \"me\" or \"bot:LEVEL\" with LEVEL one of {levels}; "
                                        "got {value}"), levels=", ".join(levels), value=repr(spec)))
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
        table = Table(table_id(), game, seed, made, host=host, policy=policy,
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


def summary_for(actor: TableFront, player: str | None) -> dict[str, Any]:
    """A table's summary; its host also gets the invite of a private table."""
    summary = actor.table.summary()
    if actor.invite is not None and player is not None and player == actor.table.host:
        summary["invite"] = actor.invite
    return summary


MAX_PACE = 10.0


def check_pace(seconds: float) -> float:
    """A bot pace: 0 (bots move at once) to 10 seconds."""
    if not isinstance(seconds, int | float) or not 0 <= seconds <= MAX_PACE:
        raise CardhallError(Plural("the bot pace is 0 to {count} second (0: bots move at once), got {value}",
                                   "the bot pace is 0 to {count} seconds (0: bots move at once), got {value}",
                                   count=MAX_PACE, value=repr(seconds)))
    return float(seconds)


def check_name(name: str) -> str:
    """A person's shown name: 1 to 40 characters, control characters removed."""
    cleaned = "".join(ch for ch in str(name) if ch.isprintable()).strip()
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise CardhallError(Plural("a name is 1 to {count} printable character; got {length}",
                                   "a name is 1 to {count} printable characters; got {length}", count=MAX_NAME,
                                   length=len(cleaned)))
    return cleaned
