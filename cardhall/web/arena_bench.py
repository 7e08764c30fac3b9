"""The arena benchmark (not a test): many wire entrants in one arena on a real room.

    python -m cardhall.web.arena_bench [--entrants 400] [--minutes 1] [--think 0.3] [--ask 2] [--db URL] [--json]

It starts `cardhall serve` on a free loopback port with a throwaway SQLite database (or `--db`,
e.g. a throwaway PostgreSQL), makes `entrants` accounts, an arena of one-deal Hearts tables of
four (the event's random bots fill a place after the arena's wait), enters them all and starts
it. Each entrant then does what a person's page does: asks for a table (`POST
/api/events/{id}/next`, every `ask` seconds while it waits), sits at the table it is given over
its WebSocket (at once when its room socket says the table is ready, as the people bar does),
plays random legal moves after a pause of `think` ± 50 % seconds, and asks again,
until the arena says done (time up, its last tables over).

Figures: tables made and seats played; "wait until seated" (from the entrant's first ask to the
answer or room notice naming its table) p50/p95/max; each move's round trip (act → the next state) p50/p95/p99;
the server's CPU seconds over the run and its share of one core; the load of the machine. Timings
are measured, never asserted (the test `tests/events/test_arena_bench.py` runs a small one and
checks only its counts).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from cardhall.web.bench import ServerProcess, _gather_limited, cpu_seconds
from cardhall.web.client import RemoteError, RoomClient, TableConnection, TableURL

GAME = "hearts"
ONE_DEAL = {"target": 1, "moon_mode": "add", "exact_100": "off"}
"""One deal of Hearts: a short table, so an arena of a minute or two plays several waves."""
PASSWORD = "arena bench password"


@dataclass
class Figures:
    waits: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    seats: int = 0
    lost: int = 0
    refused: int = 0


async def account(server: str, i: int) -> RoomClient:
    client = RoomClient(server, timeout=120)
    made = await client.request("POST", "/api/accounts", {"name": f"Ab{i}{uuid.uuid4().hex[:5]}",
                                                          "password": PASSWORD})
    client.token, client.player, client.name = made["token"], made["player"], made["name"]
    return client


async def play(client: RoomClient, table: str, invite: str | None, rng: random.Random, think: float,
               figures: Figures) -> None:
    """Sit at the table the arena gave and play random legal moves until it is over."""
    conn = TableConnection(TableURL(client.server, table, invite), client.token)
    await conn.open()
    figures.seats += 1
    pending: tuple[int, float] | None = None
    try:
        async for message in conn.messages():
            if message.get("type") == "error" and pending is not None:
                figures.refused += 1
                pending = None
            if message.get("type") != "state":
                continue
            if pending is not None and message["version"] > pending[0]:
                figures.moves.append(time.perf_counter() - pending[1])
                pending = None
            if message.get("over") or message.get("status") == "over":
                return
            if pending is None and message.get("legal") and message.get("to_move") == message.get("seat"):
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                if conn.state is not None and conn.state["version"] == message["version"]:
                    pending = (message["version"], time.perf_counter())
                    await conn.act(rng.choice(message["legal"]), message["version"])
    finally:
        await conn.close()


async def listen(client: RoomClient, event: str, tables: asyncio.Queue[dict[str, Any]]) -> None:
    """The entrant's room socket, as the people bar of every page: each `event_table` notice of
    the arena goes into `tables`."""
    url = "ws" + client.server.removeprefix("http") + f"/ws/room?token={client.token}"
    async with websockets.connect(url, compression=None, open_timeout=60, ping_interval=None) as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message.get("type") == "event_table" and message.get("event") == event:
                tables.put_nowait(message)


async def entrant(client: RoomClient, event: str, seed: int, think: float, ask: float, figures: Figures,
                  deadline: float) -> None:
    """Ask, wait (for the room's notice, asking again every `ask` seconds), sit, play, ask again,
    until the arena says done."""
    rng = random.Random(seed)
    notices: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    listener = asyncio.create_task(listen(client, event, notices))
    played: set[str] = set()
    asked: float | None = None
    try:
        while time.monotonic() < deadline:
            answer = await client.request("POST", f"/api/events/{event}/next", {})
            if answer.get("done"):
                return
            if "table" not in answer:
                asked = time.monotonic() if asked is None else asked
                try:
                    answer = await asyncio.wait_for(notices.get(), ask * rng.uniform(0.8, 1.2))
                except TimeoutError:
                    continue
            if answer["table"] in played:
                continue
            if asked is not None:
                figures.waits.append(time.monotonic() - asked)
            asked = None
            played.add(answer["table"])
            await play(client, answer["table"], answer.get("invite"), rng, think, figures)
        figures.lost += 1  # not done by the deadline
    finally:
        listener.cancel()


def cut(values: list[float], q: int, scale: float = 1.0) -> float | None:
    if len(values) < 2:
        return round(values[0] * scale, 2) if values else None
    return round(statistics.quantiles(sorted(values), n=100, method="inclusive")[q - 1] * scale, 2)


async def run(server: ServerProcess, entrants: int, minutes: float, think: float, ask: float) -> dict[str, Any]:
    clients = await _gather_limited([account(server.url, i) for i in range(entrants)], 8)
    try:
        host = clients[0]
        made = await host.request("POST", "/api/events", {"kind": "arena", "game": GAME, "options": ONE_DEAL,
                                                          "minutes": minutes, "bots": "random", "hours": 1})
        event = made["id"]
        await _gather_limited([c.request("POST", f"/api/events/{event}/entries", {}) for c in clients], 16)
        figures = Figures()
        cpu_before, began = cpu_seconds(server.pid), time.monotonic()
        await host.request("POST", f"/api/events/{event}/start", {})
        deadline = began + minutes * 60 + 300
        await asyncio.gather(*(entrant(c, event, i, think, ask, figures, deadline) for i, c in enumerate(clients)))
        took, cpu = time.monotonic() - began, cpu_seconds(server.pid) - cpu_before
        shown = await host.request("GET", f"/api/events/{event}")
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
    tables = shown["tables"]
    return {
        "entrants": entrants, "minutes": minutes, "think_s": think, "status": shown["status"],
        "tables": len(tables), "seats_played": figures.seats,
        "seats_stored": sum(1 for t in tables for s in t["seats"] if s is not None),
        "bot_places": sum(1 for t in tables for s in t["seats"] if s is None),
        "missed": sum(1 for t in tables for s in t["seats"] if s is not None and s["missed"]),
        "not_done": figures.lost, "moves": len(figures.moves), "moves_refused": figures.refused,
        "wait_until_seated_p50_s": cut(figures.waits, 50), "wait_until_seated_p95_s": cut(figures.waits, 95),
        "wait_until_seated_max_s": round(max(figures.waits), 2) if figures.waits else None,
        "move_p50_ms": cut(figures.moves, 50, 1000), "move_p95_ms": cut(figures.moves, 95, 1000),
        "move_p99_ms": cut(figures.moves, 99, 1000),
        "run_s": round(took, 1), "server_cpu_s": round(cpu, 1), "server_cpu_share": round(cpu / took, 2),
        "load_avg_1m": os.getloadavg()[0],
    }


def run_arena(entrants: int = 400, minutes: float = 1.0, think: float = 0.3, ask: float = 2.0,
              db: str | None = None) -> dict[str, Any]:
    """Start a server (SQLite in a temporary folder, or `db`), run the arena, stop; the figures."""
    if entrants < 2:
        raise RemoteError(f"--entrants must be at least 2, got {entrants}")
    with tempfile.TemporaryDirectory(prefix="cardhall-arena-bench-") as tmp, \
            ServerProcess(Path(tmp) / "room.sqlite3", db_url=db) as server:
        return asyncio.run(run(server, entrants, minutes, think, ask))


def main() -> None:
    parser = argparse.ArgumentParser(description="An arena of many wire entrants on one room (a benchmark).")
    parser.add_argument("--entrants", type=int, default=400)
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--think", type=float, default=0.3, help="an entrant's mean pause before a move, seconds")
    parser.add_argument("--ask", type=float, default=2.0, help="seconds between an entrant's asks while it waits (the page: 2)")
    parser.add_argument("--db", default=None, help="a throwaway database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run_arena(args.entrants, args.minutes, args.think, args.ask, args.db)
    print(json.dumps(figures) if args.json else "\n".join(f"{k}: {v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
