"""A benchmark of "your turn" notices: N turn-based Hearts tables of four people, each plays one
move (the next person's turn begins: one notice each), every notice a signed webhook POST to a
receiver on the loopback (`--channel webhook`), or a Web Push, encrypted and VAPID-signed, to the
local push service of `cardhall.web.push_service` over HTTPS, which checks the signature and
decrypts each one (`--channel push`). The receivers run in a process of their own, so the CPU
said is the room's alone. Says the moves per second, the notices delivered per second and the
CPU the room's process used.

    python -m cardhall.web.notices_bench --tables 10000 --channel webhook
    python -m cardhall.web.notices_bench --tables 10000 --channel push
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import resource
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path
from typing import Any

from cardhall.people.limits import Limits
from cardhall.room.actor import TableActor
from cardhall.room.jobs import Command
from cardhall.room.registry import Room
from cardhall.web import webhooks
from cardhall.web.notices import Notices, NoticeSettings
from cardhall.web.push import Push


def webhook_child(pipe: Connection, got: Synchronized) -> None:  # type: ignore[type-arg]
    """The webhook receiver, in a process of its own: says its port, counts the POSTs."""
    server, count = receiver()
    pipe.send(server.server_address[1])
    while True:
        got.value = count[0]
        time.sleep(0.05)


def push_child(pipe: Connection, got: Synchronized, folder: str, people: int) -> None:  # type: ignore[type-arg]
    """The push service, in a process of its own: says its certificate and one subscription per
    person, counts the pushes it checked and decrypted (a wrong one is counted as -1000000)."""
    from cardhall.web.push_service import PushService

    service = PushService(Path(folder))
    pipe.send((str(service.cafile), [service.subscription(f"p{n}") for n in range(people)]))
    while True:
        got.value = len(service.got) - 1_000_000 * len(service.errors)
        time.sleep(0.05)


def receiver() -> tuple[ThreadingHTTPServer, list[int]]:
    got = [0]

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            got[0] += 1
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, got


def sitting(player: str, name: str) -> Command:
    return lambda table, now: table.sit(player, name, None, now)


def playing(player: str, move: str) -> Command:
    return lambda table, now: table.act(player, move, None, now)


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


SETUP_AT_ONCE = 10
"""Tables set up at once (each a few commits; the database pool holds 15 connections)."""


async def made(room: Room, people: list[str]) -> TableActor:
    """One turn-based Hearts table of the four people, started."""
    actor = await room.create_table(people[0], "hearts", {}, ["me", "open", "open", "open"], turn_hours=24)
    assert isinstance(actor, TableActor)
    for p, name in zip(people[1:], ("Bob", "Cid", "Dee"), strict=True):
        await actor.command(sitting(p, name))
    await actor.command(lambda t, now: t.start(people[0], now))
    return actor


async def bench(tables: int, folder: Path, channel: str = "webhook") -> dict[str, float]:
    ours, theirs = multiprocessing.Pipe()
    got = multiprocessing.Value("q", 0)
    if channel == "push":
        child = multiprocessing.Process(target=push_child, args=(theirs, got, str(folder), 4), daemon=True)
    else:
        child = multiprocessing.Process(target=webhook_child, args=(theirs, got), daemon=True)
    child.start()
    told_of = ours.recv()
    room = await Room.open(f"sqlite:///{folder / 'room.sqlite3'}", bot_workers=1)
    room.limits = Limits.off()
    allow = webhooks.networks(["127.0.0.0/8", "::1/128"])
    push = Push(room, "mailto:bench@cardhall.test", allow) if channel == "push" else None
    if push is not None:
        os.environ["SSL_CERT_FILE"] = told_of[0]  # the room trusts the local push service
    notices = Notices(room, allow=allow, backoff=0.1, push=push)
    people = [await room.new_player(n) for n in ("Ann", "Bob", "Cid", "Dee")]
    for n, p in enumerate(people):
        if push is not None:
            sub = told_of[1][n]
            await push.subscribe(p, sub["endpoint"], sub["keys"])
        else:
            await notices.change(p, NoticeSettings(webhook=f"http://127.0.0.1:{told_of}/hook"))
    actors: list[TableActor] = []
    for done in range(0, tables, SETUP_AT_ONCE):  # the setup, SETUP_AT_ONCE tables at a time
        actors += await asyncio.gather(*(made(room, people) for _ in range(min(SETUP_AT_ONCE, tables - done))))
    await notices.idle()
    await settled(got)
    before, start, told = cpu(), time.perf_counter(), got.value
    for actor in actors:  # one move at each table: the next person's turn begins
        t = actor.table
        mover = t.state.to_move()
        assert mover is not None
        move = t.game.format_action(t.state.legal_actions()[0])
        await actor.command(playing(t.seats[mover].player or "", move))
    moved = time.perf_counter() - start
    await notices.idle()
    await settled(got)
    took = time.perf_counter() - start
    used = cpu() - before
    await room.close()
    child.terminate()
    return {"channel": channel, "tables": tables, "moves_per_s": round(tables / moved, 1),
            "notices": got.value - told, "notices_per_s": round((got.value - told) / took, 1),
            "room_cpu_s": round(used, 2), "wall_s": round(took, 2), "failed": notices.failed}


async def settled(got: Synchronized) -> None:  # type: ignore[type-arg]
    """Wait until the receiver's count has stopped moving (its process says it every 0.05 s)."""
    last = -1
    while got.value != last:
        last = got.value
        await asyncio.sleep(0.2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--channel", choices=("webhook", "push"), default="webhook")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(asyncio.run(bench(args.tables, Path(folder), args.channel)))


if __name__ == "__main__":
    main()
