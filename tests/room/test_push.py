"""Web Push with a local push service (`cardhall.web.push_service`): an HTTPS server on the loopback (a certificate made here,
trusted through SSL_CERT_FILE) that checks each request as a push service would (the VAPID JWT's
ES256 signature against the key in the header, its audience, expiry and contact) and decrypts
the aes128gcm payload as the browser would (RFC 8291, written here with `cryptography` alone, not
with the library the room encrypts with). The loopback is reachable only through the webhooks'
setting (CARDHALL_WEBHOOK_ALLOW's ranges); by default it is refused."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from cardhall.room.registry import Room
from cardhall.room.store import push_subscriptions
from cardhall.web import push as push_module
from cardhall.web.app import create_app
from cardhall.web.push_service import Browser, PushService, b64, unb64
from tests.room.test_turns import Clock
from tests.room.test_webhooks import a_turn, notices_of

CONTACT = "mailto:ops@cardhall.test"
LOOPBACK = ["127.0.0.0/8", "::1/128"]


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[PushService]:
    running = PushService(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(running.cafile))  # the room trusts this service's certificate
    yield running
    running.server.shutdown()


async def opened(tmp_path: Path, allow: list[str], contact: str | None = CONTACT) -> tuple[Room, httpx.AsyncClient]:
    room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
    room.clock = Clock()
    app = create_app(room, "s" * 32, allow, push_contact=contact)
    return room, httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room")


async def guest(http: httpx.AsyncClient, name: str = "Ann", lang: str = "en") -> dict[str, str]:
    made = (await http.post("/api/players", json={"name": name, "lang": lang})).json()
    return {"Authorization": f"Bearer {made['token']}"}


def test_a_your_turn_push_signed_encrypted_and_gone_subscriptions_removed(tmp_path: Path,
                                                                          service: PushService) -> None:
    async def go() -> None:
        room, http = await opened(tmp_path, LOOPBACK)
        try:
            key = (await http.get("/api/push/key")).json()["public_key"]
            assert len(unb64(key)) == 65 and unb64(key)[0] == 4
            auth = await guest(http, lang="de")
            for sub in ("kept", "old"):
                answer = await http.post("/api/players/me/push", json=service.subscription(sub), headers=auth)
                assert answer.status_code == 201 and answer.json()["push"], answer.text
            service.gone.add("old")
            assert (await http.get("/api/players/me/notifications", headers=auth)).json()["push"] is True
            actor = await a_turn(room, http, auth)
            await notices_of(room).idle()
            assert service.errors == []
            assert sorted(g["sub"] for g in service.got) == ["kept", "old"]
            got = next(g for g in service.got if g["sub"] == "kept")
            assert got["key"] == key and got["claims"]["sub"] == CONTACT
            message = got["message"]
            assert message["type"] == "your_turn" and message["table"] == actor.table.id
            assert message["path"] == f"/tables/{actor.table.id}"
            assert "Tisch" in message["text"] and "du" in message["text"].lower()  # in her language (German)
            assert message["lang"] == "de"  # the notification is declared in the words' language
            async with room.store.engine.connect() as conn:
                left = (await conn.execute(sa.select(push_subscriptions.c.endpoint))).scalars().all()
            assert left == [f"{service.origin}/push/kept"]  # the 410 one is removed
        finally:
            await http.aclose()
            await room.close()
        room, http = await opened(tmp_path, LOOPBACK)  # a restart signs with the same key
        try:
            assert (await http.get("/api/push/key")).json()["public_key"] == key
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())


def test_subscriptions_are_https_public_well_formed_and_capped(tmp_path: Path, service: PushService) -> None:
    async def go() -> None:
        room, http = await opened(tmp_path, [])
        try:
            auth = await guest(http)
            keys = Browser().keys()
            for endpoint, words in ((service.subscription("a")["endpoint"], "does not send to"),
                                    ("http://push.example.org/x", "https"), ("https://10.0.0.8/x", "does not send to"),
                                    ("https://169.254.169.254/x", "does not send to"), (42, "https"),
                                    ("https://user:pw@example.org/x", "password"), ("https://a b.org/x", "spaces"),
                                    ("https://example.org:99999/x", "cannot be read"),
                                    ("https://" + "a" * 2000 + ".org/x", "2000"),
                                    ("https://no-such-host.invalid/x", "cannot be found")):
                answer = await http.post("/api/players/me/push", json={"endpoint": endpoint, "keys": keys}, headers=auth)
                said = answer.json()["error"]
                assert answer.status_code == 400 and words in said, (endpoint, answer.text)
                assert "push" in said and "webhook" not in said, said  # push's own words
            for bad in (None, {}, {"p256dh": "abc", "auth": keys["auth"]}, {"p256dh": keys["p256dh"], "auth": "AAAA"},
                        {"p256dh": b64(b"\x04" + b"\x01" * 64), "auth": keys["auth"]}, "x"):
                answer = await http.post("/api/players/me/push", json={"endpoint": "https://example.org/x",
                                                                       "keys": bad}, headers=auth)
                assert answer.status_code == 400 and "p256dh" in answer.json()["error"], (bad, answer.text)
            answer = await http.put("/api/players/me/notifications", json={"push": True}, headers=auth)
            assert answer.status_code == 400 and "browser" in answer.json()["error"]
        finally:
            await http.aclose()
            await room.close()
        room, http = await opened(tmp_path, LOOPBACK)
        try:
            auth = await guest(http, "Bea")
            for n in range(push_module.PER_PERSON):
                assert (await http.post("/api/players/me/push", json=service.subscription(f"s{n}"),
                                        headers=auth)).status_code == 201
            again = await http.post("/api/players/me/push", json=service.subscription("s0"), headers=auth)
            assert again.status_code == 201  # the same browser again is no new one
            over = await http.post("/api/players/me/push", json=service.subscription("more"), headers=auth)
            assert over.status_code == 400 and str(push_module.PER_PERSON) in over.json()["error"]
            for n in range(push_module.PER_PERSON):
                answer = await http.request("DELETE", "/api/players/me/push", headers=auth,
                                            json={"endpoint": service.subscription(f"s{n}")["endpoint"]})
                assert answer.status_code == 200
            assert answer.json() == {"push": False, "browsers": 0}
            assert (await http.get("/api/players/me/notifications", headers=auth)).json()["push"] is False
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())


def test_push_is_off_until_configured(tmp_path: Path) -> None:
    async def go() -> None:
        room, http = await opened(tmp_path, [], contact=None)
        try:
            answer = await http.get("/api/push/key")
            assert answer.status_code == 400 and "--push-contact" in answer.json()["error"]
            auth = await guest(http)
            answer = await http.put("/api/players/me/notifications", json={"push": True}, headers=auth)
            assert answer.status_code == 400 and "push" in answer.json()["error"]
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())
    with pytest.raises(push_module.PushError):
        push_module.check_contact("ops@example.org")


def test_any_bytes_to_the_push_routes_get_a_sentence(tmp_path: Path, service: PushService,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    from tests.room.test_any_bytes import NASTY

    shapes = [b'{"endpoint": "https://localhost/x", "keys": {"p256dh": "\\ud800", "auth": "x"}}',
              b'{"endpoint": "https://localhost/\\u0000", "keys": {}}', b'{"endpoint": ["x"], "keys": [1, 2]}',
              b'{"endpoint": "https://' + b"a" * 5000 + b'/x", "keys": null}', b'{"keys": {"p256dh": 1e999}}']
    counted: dict[int, int] = {}

    async def go() -> None:
        room, http = await opened(tmp_path, LOOPBACK)
        try:
            auth = {**await guest(http), "Content-Type": "application/json"}
            for body in [*NASTY, *shapes]:
                for method in ("POST", "DELETE"):
                    answer = await http.request(method, "/api/players/me/push", content=body, headers=auth)
                    counted[answer.status_code] = counted.get(answer.status_code, 0) + 1
                    assert answer.status_code < 500, (method, body[:80], answer.text)
                    if answer.status_code >= 400:
                        assert answer.json()["error"], answer.text
        finally:
            await http.aclose()
            await room.close()
    asyncio.run(go())
    assert "Traceback" not in caplog.text
    print("push routes, outcomes by status:", dict(sorted(counted.items())))
