"""Webhook notices with a real HTTP receiver on the loopback that checks the signature: refused by
default (the room's own network), allowed by the setting; retried with backoff on 500 and on a
hang, never stalling the table; redirects to the room's network refused; URLs checked."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardhall.room.actor import TableActor
from cardhall.room.registry import Room
from cardhall.web import webhooks
from cardhall.web.app import create_app
from cardhall.web.notices import Notices
from tests.room.test_turns import Clock, anns_turn, until


class Receiver:
    """A webhook receiver: answers each POST with the next of `answers` (an int status, "hang" or
    ("redirect", URL)), and keeps every body and whether its signature was right."""

    def __init__(self) -> None:
        self.secret = ""
        self.answers: list[Any] = []
        self.got: list[dict[str, Any]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                expected = "sha256=" + hmac.new(receiver.secret.encode(), body, hashlib.sha256).hexdigest()
                answer = receiver.answers.pop(0) if receiver.answers else 200
                receiver.got.append({"body": json.loads(body), "signed": hmac.compare_digest(
                    expected, self.headers.get("X-Cardhall-Signature", "")), "answer": answer,
                    "host": self.headers["Host"]})
                if answer == "hang":
                    time.sleep(webhooks.TIMEOUT + 1)
                    return
                if isinstance(answer, tuple):
                    self.send_response(307)
                    self.send_header("Location", answer[1])
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(answer)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://localhost:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    running = Receiver()
    yield running
    running.server.shutdown()


def notices_of(room: Room) -> Notices:
    found = [getattr(h, "__self__", None) for h in room.listeners]
    return next(n for n in found if isinstance(n, Notices))


async def setup(tmp_path: Path, allow: list[str]) -> tuple[Room, httpx.AsyncClient, dict[str, str]]:
    room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
    room.clock = Clock()
    app = create_app(room, "s" * 32, allow)
    http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room")
    made = (await http.post("/api/players", json={"name": "Ann"})).json()
    return room, http, {"Authorization": f"Bearer {made['token']}"}


async def a_turn(room: Room, http: httpx.AsyncClient, auth: dict[str, str]) -> TableActor:
    seats = ["me", "bot:random", "bot:random", "bot:random"]
    table = (await http.post("/api/tables", json={"game": "hearts", "seats": seats, "turn_based": {"hours_per_move": 12}},
                             headers=auth)).json()
    assert (await http.post(f"/api/tables/{table['id']}/start", json={}, headers=auth)).status_code == 200
    actor = room.tables[table["id"]]
    assert isinstance(actor, TableActor)
    await until(lambda: anns_turn(actor), "Ann's turn")
    return actor


def test_loopback_is_refused_by_default(tmp_path: Path, receiver: Receiver) -> None:
    async def go() -> None:
        room, http, auth = await setup(tmp_path, [])
        try:
            for url in (receiver.url, receiver.url.replace("localhost", "127.0.0.1"), "http://[::1]:9/x",
                        "http://169.254.169.254/latest/meta-data/", "http://10.1.2.3/x", "http://192.168.0.1/x",
                        "http://0.0.0.0/x", "http://[::ffff:127.0.0.1]/x", "http://100.64.0.1/x"):
                answer = await http.put("/api/players/me/notifications", json={"webhook": url}, headers=auth)
                assert answer.status_code == 400 and "does not call" in answer.json()["error"], (url, answer.text)
            for url, words in (("ftp://example.org/x", "http or https"), ("https://user:pw@example.org/", "password"),
                               ("https://exa mple.org/", "spaces"), ("x" * 3000, "at most"), ("https://", "host name"),
                               ("https://no-such-host.invalid/x", "cannot be found")):
                answer = await http.put("/api/players/me/notifications", json={"webhook": url}, headers=auth)
                assert answer.status_code == 400 and words in answer.json()["error"], (url, answer.text)
            answer = await http.put("/api/players/me/notifications", json={"email": True}, headers=auth)
            assert answer.status_code == 400 and "e-mail" in answer.json()["error"]
            await a_turn(room, http, auth)
            await notices_of(room).idle()
            assert receiver.got == []
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())


def test_a_signed_notice_retried_with_backoff_never_stalling_the_table(tmp_path: Path, receiver: Receiver) -> None:
    async def go() -> None:
        room, http, auth = await setup(tmp_path, ["127.0.0.0/8", "::1/128"])
        notices = notices_of(room)
        notices.backoff = 0.05
        try:
            answer = await http.put("/api/players/me/notifications", json={"webhook": receiver.url}, headers=auth)
            assert answer.status_code == 200, answer.text
            receiver.secret = answer.json()["webhook_secret"]
            assert len(receiver.secret) == 64
            again = await http.put("/api/players/me/notifications", json={"webhook": receiver.url}, headers=auth)
            assert again.json()["webhook_secret"] == receiver.secret  # the same URL keeps its secret
            shown = (await http.get("/api/players/me/notifications", headers=auth)).json()
            assert shown == {"email": False, "push": False, "webhook": receiver.url, "digest": "now"}
            receiver.answers = [500, 503]
            started = time.monotonic()
            actor = await a_turn(room, http, auth)
            assert time.monotonic() - started < 3  # the table did not wait for the receiver
            await notices.idle()
            assert [g["answer"] for g in receiver.got] == [500, 503, 200]
            assert all(g["signed"] for g in receiver.got)
            body = receiver.got[-1]["body"]
            assert body["type"] == "your_turn" and body["table"] == actor.table.id and body["game"] == "hearts"
            assert body["seat"] == 0 and body["path"] == f"/tables/{actor.table.id}"
            assert receiver.got[-1]["host"] == receiver.url.split("/")[2]  # called by its name, at the checked address
            assert notices.sent == 1
            # one notice per table and move: another stored change of the same turn tells nobody again
            await actor.command(lambda table, now: table.chat(table.seats[0].player or "", "hello", now))
            await notices.idle()
            assert len(receiver.got) == 3
            # a receiver that hangs: the try times out and is tried again; meanwhile the table plays on
            receiver.answers = ["hang"]
            move = actor.table.game.format_action(actor.table.state.legal_actions()[0])
            player = actor.table.seats[0].player or ""
            await actor.command(lambda table, now: table.act(player, move, None, now))
            await until(lambda: anns_turn(actor) and len(receiver.got) >= 4, "Ann's next turn")
            await notices.idle()
            assert [g["answer"] for g in receiver.got][3:] == ["hang", 200] and notices.sent == 2
            # a redirect to a forbidden address is refused (the allowed range is only the loopback)
            assert not webhooks.public(ipaddress.ip_address("10.0.0.1"), notices.allow)
            receiver.answers = [("redirect", "http://10.0.0.1/steal")]
            failed = notices.failed
            await actor.command(lambda table, now: table.act(player, table.game.format_action(
                table.state.legal_actions()[0]), None, now))
            await until(lambda: notices.failed == failed + 1, "the redirect refused")
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())
