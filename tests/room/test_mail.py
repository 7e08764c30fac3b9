"""E-mail with a real SMTP server on the loopback (aiosmtpd), whose mails the tests read: an
address given at registration, verified by a signed single-purpose link; "your turn" mails in the
reader's language naming the game, the table and the last moves, one per table and move, with an
unsubscribe link; header injection refused; rate limits; an unreachable server only logged."""

from __future__ import annotations

import asyncio
import email
import re
import socket
from collections.abc import Callable, Iterator
from email.message import Message
from email.policy import default
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from cardhall.room.actor import TableActor
from cardhall.room.registry import Room
from cardhall.room.table import Change, Table
from cardhall.web import mail
from cardhall.web.app import create_app
from cardhall.web.mail import MailConfig, Mailer
from tests.room.test_turns import Clock, anns_turn, until
from tests.room.test_webhooks import notices_of


class Inbox:
    """aiosmtpd's handler: keeps every mail it is given."""

    def __init__(self) -> None:
        self.mails: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append((list(envelope.rcpt_tos), email.message_from_bytes(envelope.content, policy=default)))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


def text(message: Message) -> str:
    body = message.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    assert body is not None
    return str(body.get_content())


def link(message: Message, path: str) -> str:
    found = re.search(r"http://room/" + re.escape(path) + r"\?token=(\S+)", text(message))
    assert found, text(message)
    return found.group(1)


def playing(player: str, move: str) -> Callable[[Table, float], list[Change]]:
    return lambda table, now: table.act(player, move, None, now)


async def wait_for_mails(box: Inbox, count: int) -> None:
    await until(lambda: len(box.mails) >= count, f"{count} mails")


def test_mail_from_registration_to_unsubscribe(tmp_path: Path, inbox: tuple[Inbox, int],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    box, port = inbox

    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        room.clock = Clock()
        app = create_app(room, "s" * 32, [], MailConfig("127.0.0.1", port, "room@cardhall.test", "http://room/"))
        notices_of(room).digest_wait = 0  # one table: one mail, at once (the room's clock stands still here)
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room")
        try:
            for bad in ("ann@example.org\r\nBcc: eve@example.org", "ann", "ann@@example.org", "a b@example.org",
                        "x" * 300 + "@example.org", 42):
                answer = await http.post("/api/accounts", json={"name": "Ann", "password": "secret-pass",
                                                                "email": bad})
                assert answer.status_code == 400, (bad, answer.text)
            assert box.mails == []
            answer = await http.post("/api/accounts", json={"name": "Ann", "password": "secret-pass", "lang": "es",
                                                            "email": "ann@example.org"})
            assert answer.status_code == 201, answer.text
            auth = {"Authorization": f"Bearer {answer.json()['token']}"}
            await wait_for_mails(box, 1)
            to, verification = box.mails[0]
            assert to == ["ann@example.org"] and verification["From"] == "room@cardhall.test"
            assert "cardhall" in verification["Subject"] and "correo" in verification["Subject"]  # in Spanish
            token = link(verification, "api/mail/verify")
            # the unsubscribe kind of link is not a verification link, and a broken one is a sentence
            assert (await http.get("/api/mail/verify", params={"token": token[:-3] + "abc"})).status_code == 400
            assert (await http.get("/api/mail/verify")).status_code == 400
            with monkeypatch.context() as patch:
                patch.setattr(mail, "VERIFY_TTL", -1)
                expired = await http.get("/api/mail/verify", params={"token": token})
                assert expired.status_code == 400 and "expired" in expired.json()["error"]
            done = await http.get("/api/mail/verify", params={"token": token})
            assert done.status_code == 200 and done.json()["verified"], done.text
            # the rate limit: a second verification mail at once is held back with a sentence
            answer = await http.put("/api/players/me/email", json={"email": "ann@example.org"}, headers=auth)
            assert answer.status_code == 400 and "minuto" in answer.json()["error"]  # in her language
            answer = await http.put("/api/players/me/email", json={"email": "x\nBcc: eve@example.org"}, headers=auth)
            assert answer.status_code == 400
            # a turn-based table: one mail per move, in Spanish, naming the game, the table and the last moves
            seats = ["me", "bot:random", "bot:random", "bot:random"]
            table = (await http.post("/api/tables", json={"game": "hearts", "seats": seats,
                                                          "turn_based": {"hours_per_move": 24}}, headers=auth)).json()
            assert (await http.post(f"/api/tables/{table['id']}/start", json={}, headers=auth)).status_code == 200
            actor = room.tables[table["id"]]
            assert isinstance(actor, TableActor)
            await until(lambda: anns_turn(actor), "Ann's turn")
            await wait_for_mails(box, 2)
            turn = box.mails[1][1]
            assert table["id"] in turn["Subject"] and "Corazones" in turn["Subject"], turn["Subject"]
            assert f"http://room/tables/{table['id']}" in text(turn)
            player = actor.table.seats[0].player or ""
            await actor.command(lambda t, now: t.chat(player, "hola", now))  # same turn: no second mail
            for _ in range(3):  # a move of Ann's, the bots', and Ann's turn again: its mail says the last moves
                count = len(box.mails)
                move = actor.table.game.format_action(actor.table.state.legal_actions()[0])
                await actor.command(playing(player, move))
                await until(lambda: anns_turn(actor), "Ann's turn")
                await wait_for_mails(box, count + 1)
                await notices_of(room).idle()
                assert len(box.mails) == count + 1  # one per move
            last = text(box.mails[-1][1])
            assert "últimas jugadas" in last.lower() and "- " in last, last
            token = link(box.mails[-1][1], "api/mail/unsubscribe")
            assert (await http.get("/api/mail/verify", params={"token": token})).status_code == 400  # one purpose
            done = await http.get("/api/mail/unsubscribe", params={"token": token})
            assert done.status_code == 200 and done.json()["unsubscribed"]
            count = len(box.mails)
            move = actor.table.game.format_action(actor.table.state.legal_actions()[0])
            await actor.command(lambda t, now: t.act(player, move, None, now))
            await until(lambda: anns_turn(actor), "Ann's turn")
            await notices_of(room).idle()
            assert len(box.mails) == count  # unsubscribed: no more mail
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())


def test_an_unreachable_server_is_logged_never_fatal(caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> None:
        mailer = Mailer(MailConfig("127.0.0.1", free_port(), "room@cardhall.test", "http://room/"))
        assert await mailer.send("ann@example.org", "hello", "text") is False
        assert await mailer.send("ann@example.org", "a\r\nBcc: eve@example.org", "text") is False  # refused unsent
        assert mailer.failed == 2 and mailer.sent == 0
    asyncio.run(go())
    assert "ann@example.org" not in caplog.text  # logs never hold an address


def test_the_rate_limit_counts_per_person_and_address() -> None:
    mailer = Mailer(MailConfig("127.0.0.1", 25, "room@cardhall.test", "http://room/"))
    assert all(mailer.allowed(["p:ann", "a:ann@example.org"], now=float(i)) for i in range(mail.PER_HOUR))
    assert not mailer.allowed(["p:bob", "a:ann@example.org"], now=100.0)  # the address is full
    assert mailer.allowed(["p:bob", "a:bob@example.org"], now=100.0)
    assert mailer.allowed(["p:ann", "a:ann@example.org"], now=3600.0 + 1)  # an hour later
