"""Several nodes, one room: table leases, forwarded commands and table channels in Redis.

The shape of Colyseus and lichess, on PostgreSQL and Redis:

- **One owner per live table.** A node runs a table (its `TableActor`) only while it holds the
  table's lease, the Redis key `cardhall:lease:ID` set with `SET NX PX` and renewed every third
  of the lease time. Fencing: before each commit the owner checks (and renews) its lease, and the
  store refuses a change whose version is not the next one, so a node that lost a lease can never
  store over the new owner.
- **Any node takes clients.** Each node keeps a `Hub` per table its clients use: a copy of the
  table (restored from the database) and the node's connections. Commands go to the owner: run
  here when this node owns the table, else sent on the owner's channel `cardhall:node:NAME`,
  answered on the sender's (request/reply, with a timeout and a clear error).
- **Changes travel as stored entries.** After a commit the owner publishes the entries on
  `cardhall:table:ID`; every hub applies them to its copy (`Table.apply_entry`), which gives the
  same per-viewer events, and sends each connection what its own viewer may hear. A hub that
  misses an entry (a gap, or Redis was away) reloads the table from the database.
- **Takeover.** A dead node's leases expire; the table is then claimed by the next node that
  needs it (a command or a client arrives) or by the periodic sweep over unfinished tables, and
  rebuilt from its log. The new owner announces itself, and hubs tell it who is connected.
- The lobby is the hash `cardhall:live` (table id → summary and invite), kept by the owners.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections import Counter
from collections.abc import Awaitable
from typing import Any, TypeVar

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import Msg
from cardhall.people.limits_redis import RedisCounts
from cardhall.room import commands, snapshots
from cardhall.room.actor import STOP_TIMEOUT
from cardhall.room.broadcast import Subscriber, send_changes, send_sync
from cardhall.room.commands import Join, Part, TableCommand
from cardhall.room.errors import TableError
from cardhall.room.front import TableFront, TableMoved
from cardhall.room.registry import Room
from cardhall.room.store import StoreError
from cardhall.room.table import Change, Table

log = logging.getLogger("cardhall.cluster")

T = TypeVar("T")

REPLY_TIMEOUT = 5.0
"""Seconds a node waits for a table's owner to answer a forwarded command."""
CATCH_UP = 2.0
"""Seconds a hub waits for a change it caused to arrive before reading the table from the database."""

# Holds the lease if this node has it or nobody has: renews or takes it (1), else 0.
CLAIM = """
local v = redis.call('get', KEYS[1])
if v == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0
"""
RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""

LIVE = "cardhall:live"


def lease_key(table_id: str) -> str:
    return f"cardhall:lease:{table_id}"


def node_channel(node: str) -> str:
    return f"cardhall:node:{node}"


def table_channel(table_id: str) -> str:
    return f"cardhall:table:{table_id}"


class ClusterError(CardhallError):
    """Redis cannot be reached, or a table's owner does not answer."""


_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode
ERRORS: dict[str, type[CardhallError]] = {"table": TableError, "store": StoreError, "moved": TableMoved,
                                          "cluster": ClusterError}


def _kind(exc: CardhallError) -> str:
    return next((k for k, cls in ERRORS.items() if isinstance(exc, cls)), "other")


async def open_room(url: str | None, redis: str, node: str | None = None, lease: float = 10.0,
                    bot_workers: int | None = None, bot_pace: float = 0.0) -> Room:
    """Open the database and join the room's cluster through Redis as node `node`; the room's
    limits are counted in the same Redis (`cardhall.people.limits_redis`), once for all nodes."""
    room = await Room.open(url, bot_workers=bot_workers, restore=False, bot_pace=bot_pace)
    try:
        room.node = await Node.start(room, redis, node, lease)
        counts = RedisCounts(redis)
        room.limits.counts = counts
        room.closing.append(counts.aclose)
    except BaseException:
        await room.store.close()
        raise
    return room


class Hub(TableFront):
    """This node's copy of a table and its connections to it; commands go to the owner."""

    def __init__(self, node: Node, table: Table, invite: str | None) -> None:
        self.node = node
        self.room = node.room
        self.table = table
        self.invite = invite
        self.subscribers: set[Subscriber] = set()
        self.present: Counter[str] = Counter()  # this node's connections per player
        self.used = time.monotonic()
        self._moved = asyncio.Event()
        self.backfill_from = None  # restored from a snapshot at this version: no history before it

    async def run(self, command: TableCommand) -> None:
        await self._run(command)

    async def subscribe(self, sub: Subscriber, since: int | None = None) -> None:
        """Tell the owner when a player's first connection on this node opens; then the state."""
        self.used = time.monotonic()
        player = sub.player
        joined = self.table.version
        if player is not None:
            self.present[player] += 1
            if self.present[player] == 1:
                try:
                    await self._run(Join(player=player, node=self.node.name))
                except Exception:
                    self.present[player] -= 1
                    raise
        await self._history_from(since)
        self.subscribers.add(sub)
        send_sync(self.table, sub, since, joined)

    async def unsubscribe(self, sub: Subscriber) -> None:
        self.used = time.monotonic()
        self.subscribers.discard(sub)
        player = sub.player
        if player is not None and self.present[player] > 0:
            self.present[player] -= 1
            if self.present[player] == 0:
                del self.present[player]
                try:
                    await self._run(Part(player=player, node=self.node.name))
                except CardhallError as exc:  # the next owner starts with everybody away anyway
                    log.warning("table %s: could not tell that %s left: %s", self.table.id, player, exc)

    async def sync(self, sub: Subscriber, since: int | None) -> None:
        await self._history_from(since)
        send_sync(self.table, sub, since)

    async def _run(self, command: TableCommand) -> None:
        """Carry out a command at the owner; return once this copy shows its changes."""
        self.used = time.monotonic()
        try:
            version = await self.node.run(self.table.id, command)
        except ClusterError:  # it may have happened: show what the database holds before the error
            await self.refresh()
            raise
        end = time.monotonic() + CATCH_UP
        while self.table.version < version and time.monotonic() < end:
            moved = self._moved
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, end - time.monotonic())):
                    await moved.wait()
        if self.table.version < version:
            await self.refresh()

    def deliver(self, entries: list[list[Any]]) -> None:
        """Apply the owner's stored entries (those not applied yet, in order) and send them."""
        changes: list[Change] = []
        for version, entry in entries:
            if version <= self.table.version:
                continue
            if version != self.table.version + 1:  # missed some: the database has them
                self.node.spawn(self.refresh())
                break
            changes.append(self.table.apply_entry(entry))
        if changes:
            send_changes(self.table, self.subscribers, changes)
            self._moved.set()
            self._moved = asyncio.Event()

    async def refresh(self) -> None:
        """Read what the database holds after this copy's version; connections hear what they
        missed, then the state."""
        old = self.table.version
        entries = await self.room.store.entries_after(self.table.id, old)
        entries = entries[self.table.version - old:]  # what `deliver` applied meanwhile is not applied twice
        if not entries:
            return
        old = self.table.version
        table = self.table.fork()
        for entry in entries:
            table.apply_entry(entry)
        self.table = table
        for sub in list(self.subscribers):
            send_sync(self.table, sub, old)
        self._moved.set()
        self._moved = asyncio.Event()

    async def catch_up(self) -> None:
        """The table has a new owner: read what the old one stored but may not have published,
        and tell the new one who is connected here (it knows nobody)."""
        await self.refresh()
        for player in list(self.present):
            try:
                await self._run(Join(player=player, node=self.node.name))
            except CardhallError as exc:
                log.warning("table %s: could not tell the new owner that %s is here: %s", self.table.id, player, exc)


class Node:
    """This process as one node of a room: its leases, hubs and Redis channels."""

    def __init__(self, room: Room, client: aioredis.Redis, url: str, name: str, lease: float) -> None:
        self.room = room
        self.redis = client
        self.url = url
        self.name = name
        self.lease = lease
        self.hubs: dict[str, Hub] = {}
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._pubsub: Any = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self._claim = client.register_script(CLAIM)
        self._release = client.register_script(RELEASE)

    @classmethod
    async def start(cls, room: Room, url: str, name: str | None, lease: float) -> Node:
        """Connect to Redis at `url` and start listening, renewing and sweeping."""
        if not lease > 0:
            raise ClusterError(f"the lease time is a positive number of seconds, not {lease}")
        try:
            client = aioredis.from_url(url, socket_timeout=max(1.0, lease), socket_connect_timeout=max(1.0, lease))
        except ValueError as exc:
            raise ClusterError(f"{url!r} is not a Redis URL ({exc}); use e.g. redis://127.0.0.1:6379/0") from None
        node = cls(room, client, url, name or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}", lease)
        await node._call(client.ping())
        node._pubsub = client.pubsub()
        await node._call(node._pubsub.subscribe(node_channel(node.name)))
        node._loops = [asyncio.create_task(node._listen(), name="cluster listen"),
                       asyncio.create_task(node._renew(), name="cluster renew"),
                       asyncio.create_task(node._sweep(), name="cluster sweep")]
        log.info("node %s joined the room (Redis %s, lease %g s)", node.name, url, lease)
        return node

    async def stop(self) -> None:
        """Stop the loops and the tables run here, and hand their leases back at once."""
        tasks = [*self._loops, *self._tasks]
        for task in tasks:
            task.cancel()
        if tasks:  # asyncio.wait: a task's own error or cancellation is not this caller's
            await asyncio.wait(tasks, timeout=STOP_TIMEOUT)
        if stuck := [task.get_name() for task in tasks if not task.done()]:
            log.error("node %s: %s did not stop within %g s of being cancelled; they are left behind",
                      self.name, ", ".join(stuck), STOP_TIMEOUT)
        for table_id in list(self.room.tables):
            await self.room.tables.pop(table_id).stop()
            with contextlib.suppress(RedisError, OSError):
                await self._release(keys=[lease_key(table_id)], args=[self.name])
        with contextlib.suppress(RedisError, OSError):
            await self._pubsub.aclose()
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    def spawn(self, work: Awaitable[Any]) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _call(self, work: Awaitable[T]) -> T:
        """A Redis call; failures become a sentence."""
        try:
            return await work
        except (RedisError, OSError) as exc:
            raise ClusterError(f"the room's Redis at {self.url} cannot be reached ({exc}); nothing was "
                               "changed; try again in a moment") from None

    # --- tables -----------------------------------------------------------------------
    async def hub(self, table_id: str) -> Hub | None:
        """This node's copy of `table_id` (None if there is no such table); makes sure a node runs it."""
        hub = self.hubs.get(table_id)
        if hub is None:
            await self._call(self._pubsub.subscribe(table_channel(table_id)))  # before reading: miss nothing
            stored = await self.room.store.load(table_id, snapshot=True)
            if stored is None:
                await self._call(self._pubsub.unsubscribe(table_channel(table_id)))
                return None
            hub = self.hubs.get(table_id) or Hub(self, snapshots.restore(stored), stored.invite)
            if stored.snapshot is not None:
                hub.backfill_from = stored.first
            self.hubs[table_id] = hub
        hub.used = time.monotonic()
        if (hub.table.status != "over" and table_id not in self.room.tables
                and await self._call(self.redis.get(lease_key(table_id))) is None):
            await self.claim(table_id)
        return hub

    async def created(self, table_id: str) -> Hub:
        """A table just stored by this node: this node runs it."""
        await self.claim(table_id)
        hub = await self.hub(table_id)
        assert hub is not None
        return hub

    async def claim(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds it, and run the table here; whether it is run here."""
        if table_id in self.room.tables:
            return True
        taken = await self._call(self.redis.set(lease_key(table_id), self.name, nx=True, px=self._ms))
        if not taken:
            return False
        return await self._run_here(table_id)

    async def _run_here(self, table_id: str) -> bool:
        """Restore the table from its log and run it (this node holds the lease)."""
        stored = await self.room.store.load(table_id, snapshot=True)
        if stored is None:
            await self._release(keys=[lease_key(table_id)], args=[self.name])
            return False
        if table_id not in self.room.tables:
            actor = self.room._start(stored)
            log.info("node %s runs table %s from version %d", self.name, table_id, actor.table.version)
            await self._announce(actor)
            with contextlib.suppress(RedisError, OSError):
                await self.redis.publish(table_channel(table_id), _encode({"owner": self.name}))
            hub = self.hubs.get(table_id)
            if hub is not None:
                self.spawn(hub.catch_up())
        return True

    def _drop(self, table_id: str) -> None:
        """Stop running a table here at once (its lease is lost); its actor ends in the background,
        so a slow command in it never holds up the caller (the lease renewal of the other tables)."""
        actor = self.room.tables.pop(table_id, None)
        if actor is not None:
            log.warning("node %s no longer runs table %s", self.name, table_id)
            self.spawn(actor.stop())

    async def run(self, table_id: str, command: TableCommand) -> int:
        """Carry out a command on the table wherever it runs; the table's version after it.

        If the owner is gone (nobody listens on its channel), wait for its lease to expire and
        take the table over; a command the owner received but did not answer is not repeated."""
        end = time.monotonic() + 2 * self.lease + REPLY_TIMEOUT
        while True:
            actor = self.room.tables.get(table_id)
            if actor is not None:
                try:
                    await actor.run(command)
                    return actor.table.version
                except TableMoved:
                    pass
            else:
                owner = await self._call(self.redis.get(lease_key(table_id)))
                if owner is None:
                    await self.claim(table_id)
                    continue
                if owner == self.name.encode():  # our lease, without the table running: run it
                    await self._run_here(table_id)
                    continue
                reply = await self._request(owner.decode() if isinstance(owner, bytes) else owner, table_id, command)
                if reply is not None:
                    if "error" not in reply:
                        return int(reply["version"])
                    if reply["kind"] != "moved":
                        said = Msg.from_data(reply["msg"]) if isinstance(reply.get("msg"), dict) else reply["error"]
                        raise ERRORS.get(reply["kind"], CardhallError)(said)
            if time.monotonic() > end:
                raise ClusterError(f"no node could run table {table_id} within {2 * self.lease + REPLY_TIMEOUT:.0f} s "
                                   "(its node is gone and the table was not taken over yet); try again")
            await asyncio.sleep(self.lease / 5)

    async def _request(self, owner: str, table_id: str, command: TableCommand) -> dict[str, Any] | None:
        """Ask `owner` to carry out a command; its reply, or None if nobody listens there."""
        rid = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            message = {"req": rid, "from": self.name, "table": table_id, "command": commands.to_data(command)}
            if not await self._call(self.redis.publish(node_channel(owner), _encode(message))):
                return None
            try:
                async with asyncio.timeout(REPLY_TIMEOUT):
                    return await future
            except TimeoutError:
                raise ClusterError(f"the node running table {table_id} did not answer within {REPLY_TIMEOUT:g} s; "
                                   "the command may or may not have happened: look at the table and try again") from None
        finally:
            self._pending.pop(rid, None)

    async def _answer(self, message: dict[str, Any]) -> None:
        """Carry out a command another node forwarded, and reply."""
        reply: dict[str, Any] = {"re": message["req"]}
        actor = self.room.tables.get(message["table"])
        try:
            if actor is None:
                raise TableMoved(f"table {message['table']} is not run on node {self.name}")
            command = commands.from_data(message["command"])
            await actor.run(command)
            reply["version"] = actor.table.version
        except msgspec.ValidationError as exc:  # a node of another version: its command is not one of ours
            reply.update(error=f"unknown table command {message.get('command')!r} ({exc})", kind="other")
        except CardhallError as exc:
            reply.update(error=str(exc), kind=_kind(exc))
            if exc.args and isinstance(exc.args[0], Msg):  # so each reader can hear it in their language
                reply["msg"] = exc.args[0].to_data()
        except Exception as exc:
            log.exception("table %s: a forwarded command failed", message["table"])
            reply.update(error=f"the room could not carry out this command ({type(exc).__name__}, logged)", kind="other")
        with contextlib.suppress(RedisError, OSError):
            await self.redis.publish(node_channel(message["from"]), _encode(reply))

    async def fence(self, table_id: str) -> None:
        """Before a commit: this node must still hold the table's lease (it is renewed)."""
        held = await self._call(self._claim(keys=[lease_key(table_id)], args=[self.name, self._ms]))
        if not held:
            self._drop(table_id)
            raise TableMoved(f"node {self.name} no longer holds the lease of table {table_id}")

    async def committed(self, actor: TableFront, changes: list[Change]) -> None:
        """After a commit: this node's copy and every other node hear the stored entries."""
        entries = [[c.version, c.entry] for c in changes]
        hub = self.hubs.get(actor.table.id)
        if hub is not None:
            hub.deliver(entries)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.publish(table_channel(actor.table.id), _encode({"entries": entries}))
                self._live(pipe, actor)
                await pipe.execute()
        except (RedisError, OSError) as exc:  # stored already: other nodes catch up from the database
            log.warning("table %s: could not publish version %d: %s", actor.table.id, actor.table.version, exc)

    async def reloaded(self, actor: TableFront) -> None:
        """The owner read its table again after a failed commit (which may have been stored):
        every node's copy reads it again from the database too."""
        with contextlib.suppress(RedisError, OSError):
            await self.redis.publish(table_channel(actor.table.id), _encode({"reloaded": self.name}))
        hub = self.hubs.get(actor.table.id)
        if hub is not None:
            self.spawn(hub.refresh())
        await self._announce(actor)

    def _live(self, pipe: Any, actor: TableFront) -> None:
        if actor.table.status == "over":
            pipe.hdel(LIVE, actor.table.id)
        else:
            pipe.hset(LIVE, actor.table.id, _encode({"summary": actor.table.summary(), "invite": actor.invite}))

    async def _announce(self, actor: TableFront) -> None:
        with contextlib.suppress(RedisError, OSError):
            async with self.redis.pipeline(transaction=False) as pipe:
                self._live(pipe, actor)
                await pipe.execute()

    async def live(self) -> list[tuple[dict[str, Any], str | None]]:
        found = await self._call(self.redis.hgetall(LIVE))
        tables = [_decode(value) for value in found.values()]
        return [(t["summary"], t["invite"]) for t in tables]

    @property
    def _ms(self) -> int:
        return int(self.lease * 1000)

    # --- loops ------------------------------------------------------------------------
    async def _listen(self) -> None:
        """Read this node's and its tables' channels; after losing Redis, subscribe again and
        catch every followed table up (changes and a new owner may have been missed)."""
        lost = False
        while True:
            if lost:
                await asyncio.sleep(min(1.0, self.lease / 3))
                with contextlib.suppress(RedisError, OSError):
                    await self._pubsub.aclose()
                self._pubsub = self.redis.pubsub()
                try:
                    await self._pubsub.subscribe(node_channel(self.name), *map(table_channel, self.hubs))
                except (RedisError, OSError):
                    continue
                lost = False
                log.warning("node %s has Redis again", self.name)
                for hub in list(self.hubs.values()):
                    self.spawn(hub.catch_up())
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is not None:
                    self._dispatch(message["channel"].decode(), _decode(message["data"]))
            except (RedisError, OSError) as exc:
                log.warning("node %s lost Redis (%s); reconnecting", self.name, exc)
                lost = True

    def _dispatch(self, channel: str, data: dict[str, Any]) -> None:
        if channel == node_channel(self.name):
            if "req" in data:
                self.spawn(self._answer(data))
            elif (future := self._pending.get(data.get("re", ""))) is not None and not future.done():
                future.set_result(data)
            return
        hub = self.hubs.get(channel.removeprefix(table_channel("")))
        if hub is None:
            return
        if "entries" in data:
            hub.deliver(data["entries"])
        elif "reloaded" in data:
            self.spawn(hub.refresh())
        elif data.get("owner") not in (None, self.name):
            self.spawn(hub.catch_up())

    async def _renew(self) -> None:
        """Renew this node's leases; a lost one stops its table here. Without Redis for most of
        a lease, stop every table: another node may take them over once Redis is back."""
        last = time.monotonic()
        while True:
            await asyncio.sleep(self.lease / 3)
            owned = list(self.room.tables)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for table_id in owned:
                        await self._claim(keys=[lease_key(table_id)], args=[self.name, self._ms], client=pipe)
                    held = await pipe.execute() if owned else []
                last = time.monotonic()
            except (RedisError, OSError) as exc:
                if time.monotonic() - last > 0.7 * self.lease:
                    log.warning("node %s cannot renew its leases (%s); it stops its tables", self.name, exc)
                    for table_id in owned:
                        self._drop(table_id)
                continue
            for table_id, ok in zip(owned, held, strict=True):
                if not ok:
                    self._drop(table_id)

    async def _sweep(self) -> None:
        """Take over unfinished tables that nobody runs (their node died), and forget copies of
        tables nobody here has used for a while."""
        while True:
            try:
                ids = [i for i in await self.room.store.unfinished_ids() if i not in self.room.tables]
                owners = await self.redis.mget([lease_key(i) for i in ids]) if ids else []
                for table_id, owner in zip(ids, owners, strict=True):
                    if owner is None:
                        await self.claim(table_id)
                idle = time.monotonic() - 10 * self.lease
                for table_id, hub in list(self.hubs.items()):
                    if not hub.subscribers and hub.used < idle:
                        del self.hubs[table_id]
                        await self._pubsub.unsubscribe(table_channel(table_id))
            except (CardhallError, RedisError, OSError) as exc:
                log.warning("node %s: the sweep failed: %s", self.name, exc)
            await asyncio.sleep(self.lease * (0.5 + secrets.randbelow(1000) / 1000))
