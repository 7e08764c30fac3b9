"""A benchmark of "your turn" notices: N turn-based Hearts tables of four people, each plays one
move (the next person's turn begins: one notice each), every notice a signed webhook POST to a
receiver on the loopback. Says the moves per second, the notices delivered per second and the CPU
the room's process used.

    python -m cardhall.web.notices_bench --tables 10000
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from cardhall.room.limits import Limits
from cardhall.room.service import Command, Room, TableActor
from cardhall.web import webhooks
from cardhall.web.notices import Notices, NoticeSettings


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


async def bench(tables: int, folder: Path) -> dict[str, float]:
    server, got = receiver()
    room = await Room.open(f"sqlite:///{folder / 'room.sqlite3'}", bot_workers=1)
    room.limits = Limits.off()
    notices = Notices(room, allow=webhooks.networks(["127.0.0.0/8"]), backoff=0.1)
    people = [await room.new_player(n) for n in ("Ann", "Bob", "Cid", "Dee")]
    for p in people:
        await notices.change(p, NoticeSettings(webhook=f"http://127.0.0.1:{server.server_address[1]}/hook"))
    actors: list[TableActor] = []
    for _ in range(tables):
        actor = await room.create_table(people[0], "hearts", {}, ["me", "open", "open", "open"], turn_hours=24)
        assert isinstance(actor, TableActor)
        for p, name in zip(people[1:], ("Bob", "Cid", "Dee"), strict=True):
            await actor.command(sitting(p, name))
        await actor.command(lambda t, now: t.start(people[0], now))
        actors.append(actor)
    await notices.idle()
    before, start, told = cpu(), time.perf_counter(), got[0]
    for actor in actors:  # one move at each table: the next person's turn begins
        t = actor.table
        mover = t.state.to_move()
        assert mover is not None
        move = t.game.format_action(t.state.legal_actions()[0])
        await actor.command(playing(t.seats[mover].player or "", move))
    moved = time.perf_counter() - start
    await notices.idle()
    took = time.perf_counter() - start
    used = cpu() - before
    await room.close()
    server.shutdown()
    return {"tables": tables, "moves_per_s": tables / moved, "notices": got[0] - told,
            "notices_per_s": (got[0] - told) / took, "cpu_s": used, "wall_s": took, "failed": notices.failed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(asyncio.run(bench(args.tables, Path(folder))))


if __name__ == "__main__":
    main()
