"""Digests and "While you were away", with real parts: a real SMTP server on the loopback
(aiosmtpd) whose mails are read; days moved on by the room's clock, never by sleeping.

- two turn-based tables waiting for the same person within the digest's wait: one mail naming
  both (each with its link), in her language, with a working single-purpose unsubscribe link;
- "While you were away": the first visit lists nothing; after moves at a table it lists that
  table with what happened there in the reader's words and says it once; a second visit at once
  has nothing to say."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from cardhall.room.actor import TableActor
from cardhall.room.registry import Room
from cardhall.web.app import create_app
from cardhall.web.mail import MailConfig
from tests.room import test_mail
from tests.room.test_mail import Inbox, link, text, wait_for_mails
from tests.room.test_turns import Clock, anns_turn, until
from tests.room.test_webhooks import notices_of

inbox = test_mail.inbox  # the real SMTP server's fixture
SEATS = ["me", "bot:random", "bot:random", "bot:random"]


async def turn_table(room: Room, http: httpx.AsyncClient, auth: dict[str, str]) -> TableActor:
    table = (await http.post("/api/tables", json={"game": "hearts", "seats": SEATS,
                                                  "turn_based": {"hours_per_move": 24}}, headers=auth)).json()
    assert (await http.post(f"/api/tables/{table['id']}/start", json={}, headers=auth)).status_code == 200
    actor = room.tables[table["id"]]
    assert isinstance(actor, TableActor)
    await until(lambda: anns_turn(actor), "Ann's turn")
    return actor


def test_several_tables_waiting_make_one_digest_mail(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox

    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        room.clock = Clock()
        app = create_app(room, "s" * 32, [], MailConfig("127.0.0.1", port, "room@cardhall.test", "http://room/"))
        notices = notices_of(room)
        notices.digest_wait = 0
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room")
        try:
            made = await http.post("/api/accounts", json={"name": "Ann", "password": "secret-pass", "lang": "fr",
                                                          "email": "ann@example.org"})
            auth = {"Authorization": f"Bearer {made.json()['token']}"}
            await wait_for_mails(box, 1)
            assert (await http.get("/api/mail/verify", params={"token": link(box.mails[0][1], "api/mail/verify")})
                    ).status_code == 200
            notices.digest_wait = 120.0  # the window "now": two minutes of the room's clock
            actors = [await turn_table(room, http, auth) for _ in range(3)]
            await notices.idle()
            assert len(box.mails) == 1  # the window is open
            room.clock.now += 120  # type: ignore[attr-defined]
            await notices.idle()
            assert len(box.mails) == 2, [m["Subject"] for _, m in box.mails]  # the verification and one digest
            digest = box.mails[1][1]
            assert "3" in digest["Subject"] and "tables" in digest["Subject"], digest["Subject"]  # French
            body = text(digest)
            for actor in actors:
                assert f"http://room/tables/{actor.table.id}" in body
            token = link(digest, "api/mail/unsubscribe")
            assert (await http.get("/api/mail/verify", params={"token": token})).status_code == 400  # one purpose
            assert (await http.get("/api/mail/unsubscribe", params={"token": token})).json()["unsubscribed"]
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())


def test_while_you_were_away_lists_what_happened_once(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        clock = Clock()
        room.clock = clock
        app = create_app(room, "s" * 32, [])
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room")
        try:
            made = (await http.post("/api/players", json={"name": "Ann", "lang": "cs"})).json()
            auth = {"Authorization": f"Bearer {made['token']}"}
            actor = await turn_table(room, http, auth)
            first = (await http.post("/api/players/me/away", json={}, headers=auth)).json()
            assert first == {"since": None, "tables": [], "said": ""}  # the first visit: no "since" yet
            clock.now += 3600
            player = actor.table.seats[0].player or ""
            move = actor.table.game.format_action(actor.table.state.legal_actions()[0])
            await actor.command(lambda t, now: t.act(player, move, None, now))
            await until(lambda: anns_turn(actor), "Ann's turn again")
            clock.now += 5 * 3600
            shown = (await http.post("/api/players/me/away", json={}, headers=auth)).json()
            assert shown["since"] is not None and len(shown["tables"]) == 1, shown
            table = shown["tables"][0]
            assert table["id"] == actor.table.id and table["path"] == f"/tables/{actor.table.id}"
            assert table["your_turn"] is True and table["lines"], table
            assert shown["said"] and "1" in shown["said"], shown["said"]  # in Czech, said once
            again = (await http.post("/api/players/me/away", json={}, headers=auth)).json()
            assert again["tables"] == [] and again["said"], again  # nothing new since a moment ago
            assert (await http.post("/api/players/me/away", json={})).status_code == 401
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())


@pytest.mark.parametrize("subject", ["a\r\nBcc: eve@example.org", "a\nTo: eve@example.org", "a\rX: y"])
def test_a_line_break_in_any_header_is_refused_unsent(subject: str, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    from cardhall.web.mail import Mailer

    async def go() -> None:
        mailer = Mailer(MailConfig("127.0.0.1", port, "room@cardhall.test", "http://room/"))
        assert await mailer.send("ann@example.org", subject, "text") is False
        assert await mailer.send("ann@example.org\r\nBcc: eve@example.org", "hello", "text") is False
        assert await mailer.send("ann@example.org", "hello", "a line\r\nBcc: eve@example.org in the body") is True
    asyncio.run(go())
    assert len(box.mails) == 1 and box.mails[0][0] == ["ann@example.org"]  # only the mail with a clean head went
