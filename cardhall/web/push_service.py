"""A push service on the loopback, as the tests and `cardhall.web.notices_bench` need one (headless
browsers cannot reach a real one): HTTPS with a certificate made here (trust it through
`SSL_CERT_FILE`), each request checked as a push service would (the VAPID JWT's ES256 signature
against the key in its header, the audience, the expiry) and its aes128gcm body decrypted as the
browser would (RFC 8291 and RFC 8188, written here with `cryptography` alone, not with the
library the room encrypts with). A subscription id in `gone` answers 410.
"""

from __future__ import annotations

import base64
import datetime
import ipaddress
import json
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.x509.oid import NameOID


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
            protocol_version = "HTTP/1.1"  # connections kept open, as a push service's are

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                sub = self.path.rsplit("/", 1)[-1]
                try:
                    key, claims = checked_vapid(self.headers["Authorization"], service.origin)
                    assert self.headers["Content-Encoding"] == "aes128gcm" and int(self.headers["TTL"]) > 0
                    message = json.loads(service.browsers[sub].decrypt(body))
                    service.got.append({"sub": sub, "key": b64(key), "claims": claims, "message": message})
                    status = 410 if sub in service.gone else 201
                except (AssertionError, InvalidSignature, KeyError, ValueError, IndexError) as exc:
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
