"""Web Push with a local push service: an HTTPS server on the loopback (a certificate made here,
trusted through SSL_CERT_FILE) that checks each request as a push service would (the VAPID JWT's
ES256 signature against the key in the header, its audience, expiry and contact) and decrypts
the aes128gcm payload as the browser would (RFC 8291, written here with `cryptography` alone, not
with the library the room encrypts with). The loopback is reachable only through the webhooks'
setting (CARDHALL_WEBHOOK_ALLOW's ranges); by default it is refused."""

from __future__ import annotations

import asyncio
import base64
import datetime
import ipaddress
import json
import ssl
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.x509.oid import NameOID

from cardhall.room.service import Room
from cardhall.room.store import push_subscriptions
from cardhall.web import push as push_module
from cardhall.web.app import create_app
from tests.room.test_turns import Clock
from tests.room.test_webhooks import a_turn, notices_of

CONTACT = "mailto:ops@cardhall.test"
LOOPBACK = ["127.0.0.0/8", "::1/128"]


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Browser:
    """A browser's side of one subscription: its P-256 key pair and 16-byte auth secret."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = b"0123456789abcdef"
        self.public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                          serialization.PublicFormat.UncompressedPoint)

    def keys(self) -> dict[str, str]:
        return {"p256dh": b64(self.public), "auth": b64(self.auth)}

    def decrypt(self, body: bytes) -> bytes:
        """RFC 8291 §3.4 and RFC 8188: the header (salt, record size, the sender's key), then one record."""
        salt, idlen = body[:16], body[20]
        sender = body[21:21 + idlen]
        ecdh = self.key.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender))
        ikm = HKDF(hashes.SHA256(), 32, self.auth, b"WebPush: info\x00" + self.public + sender).derive(ecdh)
        cek = HKDF(hashes.SHA256(), 16, salt, b"Content-Encoding: aes128gcm\x00").derive(ikm)
        nonce = HKDF(hashes.SHA256(), 12, salt, b"Content-Encoding: nonce\x00").derive(ikm)
        plain = AESGCM(cek).decrypt(nonce, body[21 + idlen:], None).rstrip(b"\x00")
        assert plain.endswith(b"\x02"), "the last record ends with the delimiter 2"
        return plain[:-1]


def checked_vapid(authorization: str, audience: str) -> tuple[bytes, dict[str, Any]]:
    """(the sender's public key, the JWT's claims) of a `vapid t=JWT,k=KEY` header whose ES256
    signature verifies against KEY (RFC 8292); AssertionError otherwise."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid", authorization
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    key = unb64(fields["k"])
    head, claims, signature = fields["t"].split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), key)
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # InvalidSignature if not
    said = json.loads(unb64(claims))
    assert said["aud"] == audience and time.time() < said["exp"] <= time.time() + 86400, said
    return key, said


class PushService:
    """A push service on https://localhost:PORT/push/ID: a subscription ID in `gone` answers 410;
    every other request is checked and decrypted for the browser of that ID."""

    def __init__(self, directory: Path) -> None:
        self.browsers: dict[str, Browser] = {}
        self.gone: set[str] = set()
        self.got: list[dict[str, Any]] = []
        self.errors: list[str] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                sub = self.path.rsplit("/", 1)[-1]
                try:
                    key, claims = checked_vapid(self.headers["Authorization"], service.origin)
                    assert self.headers["Content-Encoding"] == "aes128gcm" and int(self.headers["TTL"]) > 0
                    message = json.loads(service.browsers[sub].decrypt(body))
                    service.got.append({"sub": sub, "key": b64(key), "claims": claims, "message": message})
                    status = 410 if sub in service.gone else 201
                except (AssertionError, InvalidSignature, KeyError, ValueError) as exc:
                    service.errors.append(repr(exc))
                    status = 400
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.cafile = directory / "push-ca.pem"
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(*self._certificate(directory))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.origin = f"https://localhost:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _certificate(self, directory: Path) -> tuple[Path, Path]:
        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
        now = datetime.datetime.now(datetime.UTC)
        cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
                .not_valid_after(now + datetime.timedelta(hours=1))
                .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                            x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                               critical=False)
                .sign(key, hashes.SHA256()))
        self.cafile.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        keyfile = directory / "push-key.pem"
        keyfile.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                              serialization.NoEncryption()))
        return self.cafile, keyfile

    def subscription(self, sub: str) -> dict[str, Any]:
        browser = self.browsers.setdefault(sub, Browser())
        return {"endpoint": f"{self.origin}/push/{sub}", "keys": browser.keys(), "expirationTime": None}


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
            for endpoint, words in ((service.subscription("a")["endpoint"], "does not call"),
                                    ("http://push.example.org/x", "https"), ("https://10.0.0.8/x", "does not call"),
                                    ("https://169.254.169.254/x", "does not call"), (42, "https"),
                                    ("https://user:pw@example.org/x", "password")):
                answer = await http.post("/api/players/me/push", json={"endpoint": endpoint, "keys": keys}, headers=auth)
                assert answer.status_code == 400 and words in answer.json()["error"], (endpoint, answer.text)
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
