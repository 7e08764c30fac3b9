"""The room service: the live tables, each run by one asyncio actor, stored write-ahead.

- One actor (a task with a queue) per live table is the table's single writer: commands from
  HTTP requests, WebSocket messages, bots and the clock are carried out one at a time, so they
  never race.
- Every accepted change is committed to the database **before** anyone hears of it; if the
  commit fails, the table is rebuilt from the database and the command fails.
- Bots think in a process pool (`room.bots.choose`), never on the event loop; their answer comes
  back to the actor as one more command, which the table ignores if the game moved on.
- The clock and the grace period: the actor wakes at `table.deadline()` and calls `tick`.
- On start every unfinished table is restored from its log, with everybody disconnected.

No HTTP here: the web front (`cardhall.web`) calls these methods and gives each connection a
`Subscriber` that receives the messages meant for its viewer.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import multiprocessing
import random
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from cardhall.bots import bot_names
from cardhall.core.errors import CardhallError
from cardhall.core.game import Viewer
from cardhall.core.registry import load
from cardhall.core.rng import new_seed
from cardhall.room.bots import BotTurn, choose
from cardhall.room.errors import TableError
from cardhall.room.store import Store, StoredTable, StoreError
from cardhall.room.table import Change, Policy, Seat, Table

log = logging.getLogger("cardhall.room")

ROOM_BOTS = ("random", "heuristic", "easy", "medium", "hard")
"""The bot levels a table may seat over the wire (specs naming code stay local to the server)."""

MAX_NAME = 40


class Subscriber(Protocol):
    """One connection watching a table: a person (by player id) or an anonymous spectator."""

    player: str | None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for this connection; must not block."""


Command = Callable[[Table, float], list[Change]]


@dataclasses.dataclass
class _Job:
    run: Callable[[], Awaitable[Any]]
    future: asyncio.Future[Any] | None


class TableActor:
    """The single writer of one table and the hub of its subscribers."""

    def __init__(self, room: Room, table: Table, invite: str | None) -> None:
        self.room = room
        self.table = table
        self.invite = invite
        self.subscribers: set[Subscriber] = set()
        self.connections: Counter[str] = Counter()  # live connections per player
        self._queue: asyncio.Queue[_Job] = asyncio.Queue()
        self._thinking: tuple[int, int] | None = None
        self._task = asyncio.create_task(self._run(), name=f"table {table.id}")

    # --- what callers use -----------------------------------------------------------
    async def command(self, fn: Command) -> list[Change]:
        """Carry out `fn(table, now)` in the actor; its changes are stored, then sent."""
        changes: list[Change] = await self._submit(lambda: self._apply(fn))
        return changes

    async def sit(self, player: str, name: str, seat: int | None) -> list[Change]:
        def sit(table: Table, now: float) -> list[Change]:
            changes = table.sit(player, name, seat, now)
            if self.connections[player]:
                changes += table.connect(player, now)
            return changes
        return await self.command(sit)

    async def subscribe(self, sub: Subscriber, since: int | None = None) -> None:
        """Add a connection: the table hears that its person is back; the connection gets the
        state (or, with `since`, what it missed and then the state)."""
        async def run() -> None:
            player = sub.player
            if player is not None:
                self.connections[player] += 1
                if self.connections[player] == 1:
                    try:
                        await self._apply(lambda table, now: table.connect(player, now))
                    except Exception:
                        self.connections[player] -= 1
                        raise
            self.subscribers.add(sub)
            self._send_sync(sub, since)
        await self._submit(run)

    async def unsubscribe(self, sub: Subscriber) -> None:
        async def run() -> None:
            self.subscribers.discard(sub)
            player = sub.player
            if player is not None and self.connections[player] > 0:
                self.connections[player] -= 1
                if self.connections[player] == 0:
                    del self.connections[player]
                    await self._apply(lambda table, now: table.disconnect(player, now))
        await self._submit(run)

    async def sync(self, sub: Subscriber, since: int | None) -> None:
        async def run() -> None:
            self._send_sync(sub, since)
        await self._submit(run)

    def viewer(self, player: str | None) -> Viewer:
        return None if player is None else self.table.seat_of(player)

    def may_see(self, player: str | None, invite: str | None) -> bool:
        """A private table is reachable with its invite, or by its host and seated people."""
        if not self.table.private:
            return True
        if invite is not None and self.invite is not None and secrets.compare_digest(invite.encode(), self.invite.encode()):
            return True
        return player is not None and (player == self.table.host or self.table.seat_of(player) is not None)

    async def stop(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    # --- inside the actor -----------------------------------------------------------
    async def _submit(self, run: Callable[[], Awaitable[Any]]) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Job(run, future))
        return await future

    async def _run(self) -> None:
        self._schedule_bot()
        while True:
            deadline = self.table.deadline()
            timeout = None if deadline is None else max(0.0, deadline - time.time())
            try:
                job = await asyncio.wait_for(self._queue.get(), timeout)
            except TimeoutError:
                job = _Job(lambda: self._apply(lambda table, now: table.tick(now)), None)
            try:
                result = await job.run()
            except Exception as exc:
                if not isinstance(exc, CardhallError):
                    log.exception("table %s: a command failed", self.table.id)
                if job.future is not None and not job.future.done():
                    job.future.set_exception(exc)
            else:
                if job.future is not None and not job.future.done():
                    job.future.set_result(result)
            self._schedule_bot()

    async def _apply(self, fn: Command) -> list[Change]:
        now = time.time()
        try:
            changes = fn(self.table, now)
        except CardhallError:
            raise
        except Exception:  # a bug inside the table may have left it half-changed: take the stored one
            log.exception("table %s: a command failed; reloading the table from the database", self.table.id)
            await self._reload()
            raise CardhallError("the table could not carry out this command (an error in the room, logged); "
                                "nothing changed") from None
        if changes:
            try:
                await self.room.store.append(self.table.id, [(c.version, c.entry) for c in changes],
                                             self.table.status, now)
            except Exception:
                log.exception("table %s: could not store changes; reloading it from the database", self.table.id)
                await self._reload()
                raise StoreError("the room could not save this change, so it did not happen; try again") from None
            self._broadcast(changes)
        return changes

    async def _reload(self) -> None:
        stored = await self.room.store.load(self.table.id)
        if stored is not None:
            self.table = Table.restore(stored.header, stored.entries)
        self._thinking = None

    def _broadcast(self, changes: list[Change]) -> None:
        states: dict[Viewer, dict[str, Any]] = {}
        for sub in list(self.subscribers):
            viewer = self.viewer(sub.player)
            for change in changes:
                events = change.events.get(viewer)
                if events is None:  # a viewer the change does not name hears what spectators hear
                    events = change.events.get(None, [])
                for event in events:
                    sub.send({"type": "event", "version": change.version, "event": event})
            if viewer not in states:
                states[viewer] = self.table.state_message(viewer)
            sub.send(states[viewer])

    def _send_sync(self, sub: Subscriber, since: int | None) -> None:
        viewer = self.viewer(sub.player)
        if since is not None:
            for message in self.table.events_since(since, viewer) or []:
                sub.send(message)
        sub.send(self.table.state_message(viewer))

    def _schedule_bot(self) -> None:
        turn = self.table.bot_turn()
        if turn is None:
            self._thinking = None
            return
        if (turn.seat, turn.move) == self._thinking:
            return
        self._thinking = (turn.seat, turn.move)
        self._think(turn)

    def _think(self, turn: BotTurn) -> None:
        loop = asyncio.get_running_loop()
        try:
            future = self.room.bot_pool().submit(choose, turn)
        except (BrokenProcessPool, RuntimeError):
            self.room.reset_bot_pool()
            future = self.room.bot_pool().submit(choose, turn)

        def done(f: Future[str]) -> None:
            loop.call_soon_threadsafe(self._queue.put_nowait, _Job(lambda: self._bot_done(turn, f), None))
        future.add_done_callback(done)

    async def _bot_done(self, turn: BotTurn, future: Future[str]) -> None:
        """Play the bot's choice. A bot that fails or answers an illegal move is replaced for
        this move by a seeded random legal move (logged), so a table never stalls on a bot."""
        self._thinking = None
        try:
            text = future.result()
        except Exception as exc:
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


class Room:
    """Every live table, the players, the bot pool and the store."""

    def __init__(self, store: Store, *, bot_workers: int | None = None) -> None:
        self.store = store
        self.tables: dict[str, TableActor] = {}
        self._bot_workers = bot_workers
        self._pool: ProcessPoolExecutor | None = None
        self._names: dict[str, str] = {}

    @classmethod
    async def open(cls, url: str | None = None, *, bot_workers: int | None = None) -> Room:
        """Open the database (migrating it) and restore every unfinished table."""
        room = cls(await Store.open(url), bot_workers=bot_workers)
        for stored in await room.store.unfinished():
            try:
                room._start(stored)
            except CardhallError as exc:
                log.error("table %s cannot be restored: %s", stored.header.get("id"), exc)
        return room

    async def close(self) -> None:
        for actor in list(self.tables.values()):
            await actor.stop()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        await self.store.close()

    def bot_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self._bot_workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def reset_bot_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None

    def _start(self, stored: StoredTable) -> TableActor:
        table = Table.restore(stored.header, stored.entries, now=time.time())
        actor = TableActor(self, table, stored.invite)
        self.tables[table.id] = actor
        return actor

    # --- players --------------------------------------------------------------------
    async def new_player(self, name: str) -> str:
        """A guest: a new player id for `name` (1 to 40 printable characters)."""
        name = check_name(name)
        player = secrets.token_hex(8)
        await self.store.add_player(player, name, time.time())
        self._names[player] = name
        return player

    async def player_name(self, player: str) -> str | None:
        if player not in self._names:
            name = await self.store.player_name(player)
            if name is None:
                return None
            self._names[player] = name
        return self._names[player]

    # --- tables ---------------------------------------------------------------------
    async def create_table(self, host: str, game_name: str, options: dict[str, Any], seats: list[str] | None,
                           private: bool = False, clock: float | None = None,
                           grace: float | None = None) -> TableActor:
        """A new table; `seats` are "open", "me" (the host sits there) or "bot:LEVEL"; `clock` and
        `grace` (None: the Policy's default) are checked by `Policy`."""
        game = load(game_name, **options)
        n = game.num_players
        if seats is None:
            seats = ["me"] + ["open"] * (n - 1)
        if len(seats) != n:
            raise TableError(f"{game.title} with these options is played by {n}; give {n} seats "
                             f"(each \"open\", \"me\" or \"bot:LEVEL\"), not {len(seats)}")
        if seats.count("me") > 1:
            raise TableError("a person holds one seat per table: give \"me\" at most once")
        levels = [b for b in ROOM_BOTS if b in bot_names(game)]
        made: list[Seat] = []
        for spec in seats:
            if spec in ("open", "me"):
                made.append(Seat())
            elif spec.startswith("bot:") and spec[4:] in levels:
                made.append(Seat(kind="bot", bot=spec[4:], name=f"Bot ({spec[4:]})"))
            else:
                raise TableError(f"a seat is \"open\", \"me\" or \"bot:LEVEL\" with LEVEL one of "
                                 f"{', '.join(levels)}; got {spec!r}")
        policy = Policy(clock=clock) if grace is None else Policy(clock=clock, grace=grace)
        name = await self.player_name(host) or "?"
        now = time.time()
        table = Table(secrets.token_urlsafe(8), game, new_seed(), made, host=host, policy=policy,
                      private=private, created=now)
        changes = table.sit(host, name, seats.index("me")) if "me" in seats else []
        invite = secrets.token_urlsafe(16) if private else None
        await self.store.add_table(table.summary(), table.header(), invite,
                                   [(c.version, c.entry) for c in changes], now)
        actor = TableActor(self, table, invite)
        self.tables[table.id] = actor
        return actor

    async def table(self, table_id: str) -> TableActor | None:
        """The live table `table_id`, or a finished one loaded from the database, or None."""
        actor = self.tables.get(table_id)
        if actor is None:
            stored = await self.store.load(table_id)
            if stored is None:
                return None
            actor = self.tables.get(table_id) or self._start(stored)
        return actor

    def lobby(self) -> list[dict[str, Any]]:
        """Public tables whose game is not over, newest first."""
        shown = [a.table for a in self.tables.values() if not a.table.private and a.table.status != "over"]
        return [t.summary() for t in sorted(shown, key=lambda t: -t.created)]

    def tables_of(self, player: str) -> list[dict[str, Any]]:
        """The unfinished tables `player` hosts or sits at."""
        mine = [a for a in self.tables.values() if a.table.status != "over"
                and (a.table.host == player or a.table.seat_of(player) is not None)]
        return [summary_for(a, player) for a in sorted(mine, key=lambda a: -a.table.created)]


def summary_for(actor: TableActor, player: str | None) -> dict[str, Any]:
    """A table's summary; its host also gets the invite of a private table."""
    summary = actor.table.summary()
    if actor.invite is not None and player is not None and player == actor.table.host:
        summary["invite"] = actor.invite
    return summary


def check_name(name: str) -> str:
    """A person's shown name: 1 to 40 characters, control characters removed."""
    cleaned = "".join(ch for ch in str(name) if ch.isprintable()).strip()
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise CardhallError(f"a name is 1 to {MAX_NAME} printable characters; got {len(cleaned)}")
    return cleaned
