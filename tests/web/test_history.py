"""No event is ever missing from the page's history: the page plays a Hearts deal through a
proxy that cuts its WebSocket at random moments (after a move, while the bots answer, in the
middle of a frame), and the history it shows is, line for line, what the table's log says to
its seat (the events since the page's first state, asked for at the end with `since`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import threading
import time

import websockets
from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn


class CuttingProxy:
    """A TCP proxy on the loopback to `target_port` that can cut every WebSocket through it."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.sockets: list[tuple[socket.socket, socket.socket]] = []
        self.cuts = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            pair = (client, upstream)
            first = client.recv(65536)
            if b"GET /ws/" in first[:200]:
                with self.lock:
                    self.sockets.append(pair)
            upstream.sendall(first)
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Cut every WebSocket now (both directions, without a closing handshake)."""
        with self.lock:
            pairs, self.sockets = self.sockets, []
        for pair in pairs:
            for s in pair:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
        self.cuts += bool(pairs)

    def close(self) -> None:
        self.cut()
        self.server.close()


def table_log(ws_url: str, since: int) -> list[tuple[int, str]]:
    """The events after `since` as the table's log says them to this seat (with their words)."""
    async def read() -> list[tuple[int, str]]:
        async with websockets.connect(f"{ws_url}&words=1&since={since}") as ws:
            out = []
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 20))
                if msg["type"] == "state":
                    return out
                if msg["type"] == "event" and msg["words"]:
                    out.append((msg["version"], msg["words"]))
    found: list[list[tuple[int, str]]] = []
    reader = threading.Thread(target=lambda: found.append(asyncio.run(read())))  # Playwright's loop runs here
    reader.start()
    reader.join(30)
    assert found, "the table's log could not be read"
    return found[0]


def test_the_history_misses_no_event_when_the_connection_drops(server, browser):
    proxy = CuttingProxy(server.port)
    rng = random.Random(27)
    ctx = browser.new_context()
    page = ctx.new_page()
    base = f"http://127.0.0.1:{proxy.port}"
    try:
        pick_name(page, base, "Ada")
        create_table(page, "hearts", {"players": 3, "target": 1}, ["me", "bot:random", "bot:random"])
        page.wait_for_function("() => window.cardhallModel && window.cardhallModel.state")
        first = int(page.evaluate("() => window.cardhallModel.version")) + 1  # the history starts after the first state
        start_game(page)
        moves = 0
        while wait_turn(page) == "mine" and moves < 40:
            time.sleep(0.3)  # a cut is seen by the page at once on the loopback; wait until it is back
            page.wait_for_function("() => document.getElementById('table-root').dataset.link === 'open'")
            wait_turn(page)
            play_one(page, rng)
            moves += 1
            roll = rng.random()
            if roll < 0.35:
                proxy.cut()  # at once after the move: the bots' answers come while the page is away
            elif roll < 0.6:
                threading.Timer(rng.uniform(0.0, 0.05), proxy.cut).start()  # somewhere in the answers' stream
            if rng.random() < 0.3:
                time.sleep(rng.uniform(0.0, 0.2))
        assert proxy.cuts >= 5, f"the test cut the connection only {proxy.cuts} times"
        expect(page.locator("#log")).to_contain_text("Reconnected.", timeout=30_000)
        version = page.evaluate("() => document.getElementById('table-root').dataset.version")
        time.sleep(0.1)
        page.wait_for_function("() => document.getElementById('table-root').dataset.link === 'open'"
                               " && !document.getElementById('status').textContent.includes('connection is lost')")
        token = next(c["value"] for c in ctx.cookies() if c["name"] == "cardhall_token")
        table_id = page.url.rsplit("/", 1)[1].split("?")[0]
        ws_url = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}?token={token}"
        shown = page.evaluate("""() => [...document.querySelectorAll('#log .line[data-version]')]
            .filter(p => !p.classList.contains('result')).map(p => [Number(p.dataset.version), p.textContent])""")
        told = [(v, w) for v, w in table_log(ws_url, first - 1) if v <= int(version)]
        told = [(v, w) for v, w in told if v >= first]
        shown = [(v, w) for v, w in shown if v >= first]
        assert [tuple(x) for x in shown] == told
    finally:
        ctx.close()
        proxy.close()
