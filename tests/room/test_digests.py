"""Digest windows for "your turn" mails, with a real SMTP server on the loopback (aiosmtpd) whose
mails are read and the room's clock moved on by hand (never sleeping):

- a person who chose "hourly" gets no mail until an hour after the first table waited, then one
  mail naming every table that came in that hour (in her language); a window that is not one of
  now, hourly or daily is a sentence;
- "daily": the waiting notice is stored, so a room stopped and opened again sends it when the day
  is over, once (a third start sends nothing more);
- a table that no longer waits for the person when the window ends (she left her seat to a bot)
  is left out of the window's mail;
- two nodes on one PostgreSQL database looking for due mails at the same moment send one mail.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from cardhall.room.actor import TableActor
from cardhall.room.registry import Room
from cardhall.web.app import create_app
from cardhall.web.mail import MailConfig
from cardhall.web.notices import Notices
from tests.room import test_mail
from tests.room.test_digest_away import turn_table
from tests.room.test_mail import Inbox, link, text, wait_for_mails
from tests.room.test_turns import Clock, anns_turn, until
from tests.room.test_webhooks import notices_of
from tests.services import make_database

inbox = test_mail.inbox  # the real SMTP server's fixture


async def opened(url: str, port: int, clock: Clock, restore: bool = True) -> tuple[Room, httpx.AsyncClient, Notices]:
    room = await Room.open(url, bot_workers=1, restore=restore)
    room.clock = clock
    app = create_app(room, "s" * 32, [], MailConfig("127.0.0.1", port, "room@cardhall.test", "http://room/"))
    return room, httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room"), notices_of(room)


async def verified(http: httpx.AsyncClient, box: Inbox, lang: str, window: str) -> dict[str, str]:
    """Ann's account with a verified address and the digest window `window`; her bearer header."""
    count = len(box.mails)
    made = await http.post("/api/accounts", json={"name": "Ann", "password": "secret-pass", "lang": lang,
                                                  "email": "ann@example.org"})
    auth = {"Authorization": f"Bearer {made.json()['token']}"}
    await wait_for_mails(box, count + 1)
    token = link(box.mails[-1][1], "api/mail/verify")
    assert (await http.get("/api/mail/verify", params={"token": token})).status_code == 200
    answer = await http.put("/api/players/me/notifications", json={"email": True, "digest": window}, headers=auth)
    assert answer.status_code == 200 and answer.json()["digest"] == window, answer.text
    return auth


def test_an_hourly_window_gathers_its_tables_into_one_mail(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox

    async def go() -> None:
        clock = Clock()
        room, http, notices = await opened(f"sqlite:///{tmp_path / 'room.sqlite3'}", port, clock)
        try:
            auth = await verified(http, box, "de", "hourly")
            for bad in ("weekly", 3, ""):
                answer = await http.put("/api/players/me/notifications", json={"email": True, "digest": bad},
                                        headers=auth)
                assert answer.status_code == 400 and "hourly" in answer.json()["error"], answer.text
            shown = (await http.get("/api/players/me/notifications", headers=auth)).json()
            assert shown["digest"] == "hourly" and shown["email"] is True
            again = await http.put("/api/players/me/notifications", json={"email": True}, headers=auth)
            assert again.json()["digest"] == "hourly"  # left out: kept
            actors: list[TableActor] = []
            for _ in range(3):  # a table every 20 minutes
                actors.append(await turn_table(room, http, auth))
                await notices.idle()
                assert len(box.mails) == 1, [m["Subject"] for _, m in box.mails]  # the verification alone
                clock.now += 1200
            clock.now -= 1  # a second before the hour (from the first table) is over
            await notices.idle()
            assert len(box.mails) == 1
            clock.now += 1
            await notices.idle()
            assert len(box.mails) == 2
            digest = box.mails[1][1]
            assert "3 Tischen" in digest["Subject"], digest["Subject"]  # German
            body = text(digest)
            for actor in actors:
                assert f"http://room/tables/{actor.table.id}" in body
            clock.now += 7200
            await notices.idle()
            assert len(box.mails) == 2  # sent once
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())


def test_a_daily_window_survives_a_restart_and_is_sent_once(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"

    async def go() -> None:
        clock = Clock()
        room, http, notices = await opened(url, port, clock)
        try:
            auth = await verified(http, box, "es", "daily")
            actor = await turn_table(room, http, auth)
            table = actor.table.id
            await notices.idle()
            clock.now += 3600
            await notices.idle()
            assert len(box.mails) == 1  # an hour later: the day is not over
        finally:
            await http.aclose()
            await room.close()
        for start in range(2):  # the room comes back (twice); the day ends after the first start
            room, http, notices = await opened(url, port, clock)
            try:
                await notices.idle()
                assert len(box.mails) == 1 + start
                if start == 0:
                    clock.now += 86400 - 3600
                    await notices.idle()
                    assert len(box.mails) == 2
                    turn = box.mails[1][1]
                    assert table in turn["Subject"] and "Corazones" in turn["Subject"], turn["Subject"]
                    assert f"http://room/tables/{table}" in text(turn)
                clock.now += 86400
            finally:
                await http.aclose()
                await room.close()
        assert len(box.mails) == 2
    asyncio.run(go())


def test_a_table_that_no_longer_waits_is_left_out(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox

    async def go() -> None:
        clock = Clock()
        room, http, notices = await opened(f"sqlite:///{tmp_path / 'room.sqlite3'}", port, clock)
        try:
            auth = await verified(http, box, "en", "hourly")
            waiting, left = await turn_table(room, http, auth), await turn_table(room, http, auth)
            ann = waiting.table.seats[0].player or ""
            await notices.idle()
            stored = await notices.digests.waiting(ann) if notices.digests else []
            assert sorted(w.table for w in stored) == sorted([waiting.table.id, left.table.id])
            await left.command(lambda t, now: t.leave(ann, now))  # a bot plays her seat: it waits for her no more
            await until(lambda: not anns_turn(left), "her seat played by a bot")
            clock.now += 3600
            await notices.idle()
            assert len(box.mails) == 2
            one = box.mails[1][1]
            assert waiting.table.id in one["Subject"] and f"http://room/tables/{left.table.id}" not in text(one)
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())


@pytest.mark.parametrize("backend", ["postgresql"])
def test_two_nodes_send_a_due_mail_once(backend: str, request: pytest.FixtureRequest, tmp_path: Path,
                                        inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    url = make_database(backend, request, tmp_path)

    async def go() -> None:
        clock = Clock()
        one, http, notices = await opened(url, port, clock)
        two, http2, other = await opened(url, port, clock, restore=False)  # a second node: no tables of its own
        try:
            auth = await verified(http, box, "fr", "now")
            for _ in range(2):
                await turn_table(one, http, auth)
            await notices.idle()
            assert len(box.mails) == 1
            clock.now += notices.digest_wait
            assert notices.digests is not None and other.digests is not None
            sent = await asyncio.gather(*(d.send_due() for d in (notices.digests, other.digests) for _ in range(3)))
            assert sum(sent) == 1
            await wait_for_mails(box, 2)
            assert "2" in box.mails[1][1]["Subject"], box.mails[1][1]["Subject"]
        finally:
            for client in (http, http2):
                await client.aclose()
            for room in (two, one):
                await room.close()
        assert len(box.mails) == 2
    asyncio.run(go())
