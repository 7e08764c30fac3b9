"""Who is in the room and where, and notices to a person wherever they are in it.

A person is **online** while one of their room connections is open (the lobby's or a table
page's room socket, `/ws/room`); each connection says where it is: the lobby or a table. Their
**status** is the one they chose (`available` or `busy`, or `away`), shown as `away` by itself
once none of their connections has been active for `AWAY_AFTER` seconds.

On one node all of this lives in memory. In a cluster (`room.node` set) each node writes its
people to Redis, the hash `cardhall:presence:PLAYER` (a field per node, a JSON entry with the
time it was written, refreshed every `REFRESH` seconds; entries older than `STALE` are a dead
node's and are ignored, and the key expires), and **notices** (an invitation, a message, a
status chosen on another node, a ban) go through the channel `cardhall:people`, which every
node reads and hands to its own connections of that person.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import msgspec

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg

log = logging.getLogger("cardhall.presence")

AWAY_AFTER = 300.0
"""Seconds without activity after which an available person is shown as away."""
STATUSES = ("available", "busy", "away")
REFRESH = 15.0
STALE = 3 * REFRESH
CHANNEL = "cardhall:people"

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


def presence_key(player: str) -> str:
    return f"cardhall:presence:{player}"


class Listener(Protocol):
    """A room connection of one person."""

    player: str

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; must not block."""

    def close(self, message: dict[str, Any]) -> None:
        """Send a last message and close."""


def check_status(status: object) -> str:
    if status not in STATUSES:
        raise CardhallError(Msg(N_("a status is one of available, busy, away; got {value}"), value=repr(status)))
    return str(status)


def shown_status(chosen: str, active: float, now: float) -> str:
    """The status others see: the chosen one, or away after `AWAY_AFTER` idle seconds."""
    if chosen == "available" and now - active > AWAY_AFTER:
        return "away"
    return chosen


class People:
    """This node's room connections, the presence of everyone, and notices to people."""

    def __init__(self, redis: Any = None, node: str = "") -> None:
        self.redis = redis  # a redis.asyncio client in a cluster, else None
        self.node = node
        self.connections: dict[str, dict[Listener, dict[str, Any]]] = {}  # player → connection → {where, active}
        self.chosen: dict[str, str] = {}  # player → chosen status (this node's people)
        self.handlers: list[Callable[[str, dict[str, Any]], Awaitable[None]]] = []  # notices for the node itself
        self._loops: list[asyncio.Task[None]] = []
        self._started = False

    def start(self) -> None:
        """Start reading the room's channel and refreshing this node's entries (a cluster; once,
        from inside the event loop: at the first connection or notice)."""
        if self.redis is None or self._started:
            self._started = True
            return
        self._started = True
        self._loops = [asyncio.create_task(self._listen(), name="people listen"),
                       asyncio.create_task(self._refresh(), name="people refresh")]

    async def stop(self) -> None:
        for task in self._loops:
            task.cancel()
        if self._loops:
            await asyncio.wait(self._loops, timeout=5)
        if self.redis is not None:
            with contextlib.suppress(Exception):
                async with self.redis.pipeline(transaction=False) as pipe:
                    for player in self.connections:
                        pipe.hdel(presence_key(player), self.node)
                    await pipe.execute()

    # --- this node's connections ------------------------------------------------------
    async def enter(self, conn: Listener, where: str) -> None:
        """A room connection opened (`where`: "lobby" or a table id)."""
        self.start()
        self.connections.setdefault(conn.player, {})[conn] = {"where": where, "active": time.time()}
        self.chosen.setdefault(conn.player, "available")
        await self._write(conn.player)

    async def leave(self, conn: Listener) -> None:
        mine = self.connections.get(conn.player, {})
        mine.pop(conn, None)
        if not mine:
            self.connections.pop(conn.player, None)
        await self._write(conn.player)

    async def active(self, conn: Listener, where: str | None = None) -> None:
        """The person did something on this connection (or moved to `where`)."""
        spot = self.connections.get(conn.player, {}).get(conn)
        if spot is None:
            return
        was_away = self._local(conn.player)["status"] == "away"
        spot["active"] = time.time()
        if where is not None:
            spot["where"] = where
        if was_away or where is not None:
            await self._write(conn.player)

    async def set_status(self, player: str, status: str) -> None:
        """The person chose a status: on every node where they are."""
        check_status(status)
        self.chosen[player] = status
        await self._write(player)
        await self.notify(player, {"type": "status", "status": status}, local=False)

    def _local(self, player: str) -> dict[str, Any]:
        spots = list(self.connections.get(player, {}).values())
        active = max((s["active"] for s in spots), default=0.0)
        chosen = self.chosen.get(player, "available")
        return {"status": shown_status(chosen, active, time.time()), "chosen": chosen, "active": active,
                "where": sorted({s["where"] for s in spots}), "seen": time.time()}

    async def _write(self, player: str) -> None:
        if self.redis is None:
            return
        try:
            if player in self.connections:
                async with self.redis.pipeline(transaction=False) as pipe:
                    pipe.hset(presence_key(player), self.node, _encode(self._local(player)))
                    pipe.expire(presence_key(player), int(STALE))
                    await pipe.execute()
            else:
                await self.redis.hdel(presence_key(player), self.node)
        except Exception as exc:  # Redis away: the refresh loop writes it again
            log.warning("presence of %s not written: %s", player, exc)

    # --- everyone's presence ----------------------------------------------------------
    async def presence(self, players: list[str]) -> dict[str, dict[str, Any]]:
        """Of `players`, those online: their shown status and where they are."""
        found: dict[str, dict[str, Any]] = {}
        if self.redis is None:
            for player in players:
                if player in self.connections:
                    entry = self._local(player)
                    found[player] = {"status": entry["status"], "where": entry["where"]}
            return found
        now = time.time()
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for player in players:
                    pipe.hgetall(presence_key(player))
                rows = await pipe.execute() if players else []
        except Exception as exc:
            raise CardhallError(Msg(N_("the room cannot tell who is online just now ({problem}); try again"),
                                    problem=str(exc))) from None
        for player, row in zip(players, rows, strict=True):
            entries = [_decode(v) for v in row.values()]
            entries = [e for e in entries if now - e["seen"] < STALE]
            if not entries:
                continue
            active = max(e["active"] for e in entries)
            chosen = next((e["chosen"] for e in entries if e["active"] == active), "available")
            where = sorted({w for e in entries for w in e["where"]})
            found[player] = {"status": shown_status(chosen, active, now), "where": where}
        return found

    # --- notices ----------------------------------------------------------------------
    async def notify(self, player: str, message: dict[str, Any], *, local: bool = True) -> None:
        """Hand `message` to every room connection of `player` ("*": everyone), on every node."""
        self.start()
        if self.redis is None:
            if local:
                await self.deliver(player, message)
            return
        if local:
            await self.deliver(player, message)
        try:
            await self.redis.publish(CHANNEL, _encode({"to": player, "from": self.node, "message": message}))
        except Exception as exc:
            log.warning("a notice to %s could not be published: %s", player, exc)

    async def deliver(self, player: str, message: dict[str, Any]) -> None:
        """This node's part of a notice: its handlers, then its connections of `player`."""
        for handler in self.handlers:
            await handler(player, message)
        if message.get("type") == "status" and player in self.chosen:
            self.chosen[player] = str(message["status"])
            await self._write(player)
        every = [c for conns in self.connections.values() for c in conns] if player == "*" \
            else list(self.connections.get(player, {}))
        for conn in every:
            if message.get("type") == "banned":
                conn.close(message)
            else:
                conn.send(message)

    async def _listen(self) -> None:
        pubsub = None
        while True:
            try:
                if pubsub is None:
                    pubsub = self.redis.pubsub()
                    await pubsub.subscribe(CHANNEL)
                got = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if got is not None:
                    data = _decode(got["data"])
                    if data.get("from") != self.node:
                        await self.deliver(str(data["to"]), dict(data["message"]))
            except asyncio.CancelledError:
                if pubsub is not None:
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()
                raise
            except Exception as exc:
                log.warning("people channel lost (%s); reconnecting", exc)
                if pubsub is not None:
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()
                pubsub = None
                await asyncio.sleep(1.0)

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(REFRESH)
            for player in list(self.connections):
                await self._write(player)
