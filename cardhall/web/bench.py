"""`cardhall bench room`: many WebSocket clients on the loopback against a real server.

The bench starts `cardhall serve` in a subprocess on a free loopback port with a throwaway SQLite
database, seats N clients as people at N/4 Hearts tables (a table's remaining seats are random
bots), and lets each person play random legal moves after a human-like pause. It measures each
act's round trip: from sending `act` to the first `state` (or `error`) message of a later version.
An act without an answer within `timeout` seconds is lost. `--hard-bots K` adds K tables where only
`hard` bots play, so K search bots think at once while the people play; then each people's table
seats three people and a random bot, and the bench also reports the slowest bot move at a people's
table (from the state saying the bot is to move to the state after its move).

Figures: p50/p95/p99 of the round trip in ms, acts sent, acknowledged and lost, and the server's
memory growth per client (its RSS from /proc, after the clients connected, minus before, over N).
Timings are measured, never asserted in tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import httpx

import cardhall
from cardhall.core.errors import CardhallError
from cardhall.web import testbed
from cardhall.web.client import RemoteError, RoomClient, TableConnection, TableURL

SEATS = 4  # Hearts tables: four seats


def free_port() -> int:
    """A TCP port free on the loopback right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system, Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    """A process's resident memory in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise CardhallError(f"cannot read the memory of process {pid} from /proc")


class ServerProcess:
    """`cardhall serve` in a subprocess on a free loopback port with its own SQLite file; the
    same code as this process (its package root goes first on PYTHONPATH). Bots are not paced
    (`bot_pace` 0): the bench and the tests measure the room at full speed.
    Use as a context manager; `url` is the server's base URL."""

    def __init__(self, db_path: Path, *extra: str, port: int | None = None, log: Path | None = None,
                 db_url: str | None = None, bot_pace: float = 0.0) -> None:
        self.db_path = db_path
        self.bot_pace = bot_pace
        self.db_url = db_url or f"sqlite:///{db_path}"
        self.extra = extra
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log or db_path.with_suffix(".log")
        self.proc: subprocess.Popen[bytes] | None = None
        self._log_file: IO[bytes] | None = None

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def pid(self) -> int:
        assert self.proc is not None, "the server is not running"
        return self.proc.pid

    def start(self, timeout: float = 60.0) -> None:
        root = str(Path(cardhall.__file__).resolve().parent.parent)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        command = [sys.executable, "-m", "cardhall", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", self.db_url, "--bot-pace", f"{self.bot_pace:g}", "--no-limits", *self.extra]
        self._log_file = self.log.open("ab")
        # its own process group: stop() ends the server and whatever it started (the bots' worker processes)
        self.proc = subprocess.Popen(command, env=env, stdout=self._log_file, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RemoteError(f"the server stopped at start (exit {self.proc.returncode}): {self.log_tail()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RemoteError(f"the server did not answer within {timeout:g} s: {self.log_tail()}")

    def stop(self) -> None:
        """SIGTERM (Uvicorn's graceful stop), then SIGKILL to what is left of the server's process group."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.proc.wait(10)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None

    def log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


@dataclass
class Stats:
    """What the simulated people measured."""

    latencies: list[float] = field(default_factory=list)  # seconds, one per acknowledged act
    sent: int = 0
    acked: int = 0
    lost: int = 0
    errors: int = 0  # acts answered with an error message (e.g. stale)
    bot_moves: list[float] = field(default_factory=list)  # seconds from a bot's turn to its move, at people's tables


class Person:
    """A simulated person at one seat: random legal moves after a pause of `think` ± 50 % seconds."""

    def __init__(self, conn: TableConnection, seat: int, rng: random.Random, think: float, stats: Stats,
                 timeout: float) -> None:
        self.conn, self.seat, self.rng, self.think, self.stats, self.timeout = conn, seat, rng, think, stats, timeout
        self.pending: tuple[int, float] | None = None  # (version acted at, time sent)
        self.acted = -1
        self.sending = True
        self.answered = asyncio.Event()
        self.thinking: set[asyncio.Task[None]] = set()
        self.bot_turn: tuple[int, float] | None = None  # (moves, when) since a bot of this table is to move

    def watch_bots(self, message: dict[str, Any], now: float) -> None:
        """Time each bot move of this table, from the state saying a bot is to move to the first
        state after its move (only seat 0's person measures, so each move counts once)."""
        if self.seat != 0 or message.get("status") != "playing":
            return
        moves = message.get("moves", 0)
        if self.bot_turn is not None and moves > self.bot_turn[0]:
            self.stats.bot_moves.append(now - self.bot_turn[1])
            self.bot_turn = None
        mover, seats = message.get("to_move"), message.get("seats") or []
        if self.bot_turn is None and mover is not None and mover < len(seats) and seats[mover].get("kind") == "bot":
            self.bot_turn = (moves, now)

    async def run(self) -> None:
        async for message in self.conn.messages():
            kind = message.get("type")
            now = time.perf_counter()
            if kind == "state":
                self.watch_bots(message, now)
            if self.pending is not None and kind in ("state", "error"):
                version, sent = self.pending
                if kind == "error" or message.get("version", -1) > version:
                    self.stats.latencies.append(now - sent)
                    self.stats.acked += 1
                    self.stats.errors += kind == "error"
                    self.pending = None
                    self.answered.set()
            if kind == "state" and self.sending and self.pending is None and message.get("legal") \
                    and message.get("to_move") == self.seat and message["version"] > self.acted:
                self.acted = message["version"]
                task = asyncio.create_task(self.act(message["version"], self.rng.choice(message["legal"])))
                self.thinking.add(task)
                task.add_done_callback(self.thinking.discard)

    async def act(self, version: int, action: str) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        if not self.sending or (self.conn.state is not None and self.conn.state["version"] != version):
            return
        self.answered.clear()
        self.pending = (version, time.perf_counter())
        self.stats.sent += 1
        await self.conn.act(action, version)
        try:
            await asyncio.wait_for(self.answered.wait(), self.timeout)
        except TimeoutError:
            if self.pending is not None and self.pending[0] == version:
                self.stats.lost += 1
                self.pending = None


async def _gather_limited(coros: list[Any], limit: int = 32) -> list[Any]:
    """Run coroutines with at most `limit` at once (the setup's HTTP calls and handshakes)."""
    gate = asyncio.Semaphore(limit)

    async def one(coro: Any) -> Any:
        async with gate:
            return await coro

    return await asyncio.gather(*(one(c) for c in coros))


async def _bench(servers: list[ServerProcess], nodes: int, clients: int, seconds: float, hard_bots: int,
                 think: float, timeout: float, seed: int, words: bool = False, delta: bool = True) -> dict[str, Any]:
    """With several servers (nodes of one room), the tables are made on the first and the people
    of each table are spread over the nodes: seat s of table t connects to node (t*4 + s) mod K."""
    server = servers[0]
    rng = random.Random(seed)
    # with hard bots, each people's table has a random bot in its last seat: how long its moves
    # wait for the pool is the bench's "slowest bot move at a people's table"
    people_seats = SEATS - 1 if hard_bots else SEATS
    tables = -(-clients // people_seats)
    stats = Stats()
    async with RoomClient(server.url, timeout=60) as host:
        await host.create_guest("Bench host")
        layouts = [["open" if s < people_seats and t * people_seats + s < clients else "bot:random" for s in range(SEATS)]
                   for t in range(tables)]
        created = await _gather_limited([host.create_table("hearts", layout) for layout in layouts], 8)
        bot_tables = await _gather_limited([host.create_table("hearts", ["bot:hard"] * SEATS)
                                            for _ in range(hard_bots)], 8)
        rss_before = sum(rss_kb(node.pid) for node in servers)
        people = [(TableURL(servers[(t * SEATS + s) % len(servers)].url, created[t]["id"]), s)
                  for t in range(tables) for s in range(SEATS) if layouts[t][s] == "open"]

        async def seat(where: tuple[TableURL, int], i: int) -> TableConnection:
            async with RoomClient(where[0].server, timeout=60) as client:
                await client.create_guest(f"Person {i + 1}")
                await client.sit(where[0], where[1])
                conn = client.connect(where[0])
            conn.words, conn.delta = words, delta
            await conn.open()
            return conn

        conns: list[TableConnection] = await _gather_limited([seat(w, i) for i, w in enumerate(people)])
        try:
            players = [Person(conn, s, random.Random(rng.random()), think, stats, timeout)
                       for conn, (_, s) in zip(conns, people, strict=True)]
            tasks = [asyncio.create_task(p.run()) for p in players]
            await _gather_limited([host.start(t["id"]) for t in created + bot_tables], 8)
            cpu_before, sent_before = sum(cpu_seconds(node.pid) for node in servers), stats.sent
            bytes_before = sum(c.received_bytes for c in conns)
            await asyncio.sleep(seconds)
            received = sum(c.received_bytes for c in conns) - bytes_before
            rss_after = sum(rss_kb(node.pid) for node in servers)
            cpu_used = sum(cpu_seconds(node.pid) for node in servers) - cpu_before
            sent_during = stats.sent - sent_before
            await _wind_down(players, tasks, timeout)
        finally:
            await asyncio.gather(*(c.close() for c in conns), return_exceptions=True)

    figures = _figures(stats, {"clients": clients, "words": words, "delta": delta, "nodes": nodes, "tables": tables,
                               "hard_bot_tables": hard_bots, "seconds": seconds, "think_s": think},
                       rss_after - rss_before, cpu_used, sent_during)
    # what the clients read while measuring, over the acts sent meanwhile: every message of a
    # change reaches each of its table's people (4 at a people's table)
    figures["bytes_per_act"] = round(received / max(1, sent_during))
    return figures


async def _wind_down(players: list[Person], tasks: list[asyncio.Task[None]], timeout: float) -> None:
    """Stop sending; the acts in flight are answered, or lost after `timeout`; then the players stop."""
    for p in players:
        p.sending = False
    deadline = time.monotonic() + timeout + 0.5
    while any(p.pending for p in players) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def _figures(stats: Stats, setting: dict[str, Any], rss_grown: int, cpu_used: float, sent_during: int) -> dict[str, Any]:
    """The bench's figures: the setting, the latencies' percentiles, the counts, the memory per
    client and the server's CPU per act."""
    clients = setting["clients"]
    lat = sorted(stats.latencies)
    cuts = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) >= 2 else lat * 99

    def ms(x: float) -> float:
        return round(x * 1000, 2)

    return {
        **setting,
        "p50_ms": ms(cuts[49]) if cuts else None, "p95_ms": ms(cuts[94]) if cuts else None,
        "p99_ms": ms(cuts[98]) if cuts else None, "max_ms": ms(lat[-1]) if lat else None,
        "sent": stats.sent, "acked": stats.acked, "lost": stats.lost, "errors": stats.errors,
        # the longest a bot at a people's table took to move (its turn to its move), and how many
        "bot_moves_at_people_tables": len(stats.bot_moves),
        "slowest_bot_move_at_people_table_ms": ms(max(stats.bot_moves)) if stats.bot_moves else None,
        "rss_per_client_kb": round(rss_grown / max(1, clients), 1),
        # the server's CPU per act (its main process; bots think in other processes) and the
        # machine's load: latencies on a shared machine depend on both
        "server_cpu_ms_per_act": round(cpu_used * 1000 / max(1, sent_during), 2),
        "load_avg_1m": os.getloadavg()[0],
    }


def _metrics(on: bool) -> list[str]:
    return ["--metrics", f"127.0.0.1:{free_port()}"] if on else []


def run_room(clients: int, seconds: float = 20.0, hard_bots: int = 0, think: float = 1.0,
             timeout: float = 5.0, seed: int = 0, nodes: int = 0, words: bool = False,
             metrics: bool = False, delta: bool = True) -> dict[str, Any]:
    """Start a server, run the clients for `seconds`, stop everything; return the figures.
    `words`: every client asks for the words as a browser page does (`?words=1`); `delta`: for
    each state after the first as a change of the last (`?delta=1`, as the page does). `metrics`:
    each server runs with `--metrics` on a loopback port of its own (its cost: compare
    `server_cpu_ms_per_act` with and without).

    With `nodes` K ≥ 1: a throwaway PostgreSQL, a Redis and K nodes of one room
    (`cardhall serve --redis`) instead of the one server on SQLite."""
    if clients < 1:
        raise CardhallError(f"--clients must be at least 1, got {clients}")
    if hard_bots < 0:
        raise CardhallError(f"--hard-bots must be 0 or more, got {hard_bots}")
    if nodes < 0:
        raise CardhallError(f"--nodes must be 0 (one server on SQLite) or more, got {nodes}")
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cardhall-bench-")))
        if nodes == 0:
            servers = [stack.enter_context(ServerProcess(tmp / "room.db", *_metrics(metrics)))]
        else:
            database = stack.enter_context(testbed.postgres())
            redis = stack.enter_context(testbed.redis())
            servers = [stack.enter_context(ServerProcess(tmp / f"node{i}.db", "--redis", redis.url, "--node", f"node{i}",
                                                         *_metrics(metrics),
                                                         db_url=database))
                       for i in range(nodes)]
        try:
            return asyncio.run(_bench(servers, nodes, clients, seconds, hard_bots, think, timeout, seed, words, delta))
        except RemoteError as exc:
            tails = "\n".join(server.log_tail() for server in servers)
            raise RemoteError(f"{exc}\nThe servers' last lines:\n{tails}") from None
