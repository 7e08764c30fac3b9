"""Web Push: "your turn" on a phone or a closed browser tab (RFC 8030, 8291, 8292).

The rules:

- **Off until configured**: `cardhall serve --push-contact mailto:ops@example.org` (or
  `CARDHALL_PUSH_CONTACT`; a `mailto:` or `https:` address the push services may write to) turns
  push on. On the first start with push on, the room makes its VAPID key (P-256) and keeps it in
  the database (`settings`, key `vapid`): every node of a cluster and every restart sign with it,
  so the browsers' subscriptions stay valid.
- **Subscribing**: the page's service worker subscribes with the room's public key
  (`GET /api/push/key`) and gives the subscription to `POST /api/players/me/push
  {"endpoint", "keys": {"p256dh", "auth"}}`; the endpoint must be an `https` URL whose host is
  public (the webhooks' rules, `cardhall.web.webhooks`, with the same `CARDHALL_WEBHOOK_ALLOW`),
  the keys a P-256 point and a 16-byte secret; at most `PER_PERSON` browsers per person (the same
  endpoint again replaces its keys). `DELETE /api/players/me/push {"endpoint"}` removes one.
  Subscribing turns push on in the person's notice settings.
- **Sending**: the notice (JSON: type, table, game, title, path, and `text` in the reader's
  language) is encrypted for the browser (aes128gcm, RFC 8291, by pywebpush/http_ece) and signed
  with a VAPID JWT (ES256, `aud` the endpoint's origin, `exp` in 12 hours, `sub` the contact, by
  py_vapid), then POSTed by the webhooks' SSRF-safe client (the address checked, no redirect to
  the room's own network, bounded time). An answer 404 or 410 means the subscription is gone: it
  is removed. Other failures are logged, never fatal.
"""

from __future__ import annotations

import base64
import json
import logging
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import httpx
import msgspec
import sqlalchemy as sa
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid02
from pywebpush import WebPusher

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, notice_settings, push_subscriptions, settings
from cardhall.web import webhooks

log = logging.getLogger("cardhall.push")

PER_PERSON = 5
"""Browsers (subscriptions) one person may have."""
TTL = 86400
"""How long a push service keeps an undelivered notice (seconds)."""
KEY_SETTING = "vapid"
CONTACT_ENV = "CARDHALL_PUSH_CONTACT"


class PushError(CardhallError):
    """A subscription the room does not take, or push that is off."""


class Subscription(msgspec.Struct, forbid_unknown_fields=False):
    """`POST /api/players/me/push`: a browser's PushSubscription as JSON (other fields ignored)."""

    endpoint: Any = None
    keys: Any = None


class Endpoint(msgspec.Struct, forbid_unknown_fields=True):
    """`DELETE /api/players/me/push`."""

    endpoint: Any = None


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_contact(contact: str) -> str:
    """A VAPID contact (`mailto:` or `https:`), or PushError with a sentence."""
    if not ((contact.startswith("mailto:") and "@" in contact) or contact.startswith("https://")) or \
            any(c.isspace() for c in contact):
        raise PushError(Msg(N_("--push-contact is a mailto: or https: address the push services may write to, like "
                               "mailto:ops@example.org, not {value}"), value=repr(contact)))
    return contact


def check_endpoint(endpoint: object) -> tuple[str, int]:
    """(host, port) of a well-formed push endpoint (an https URL of a push service, no user or
    password in it, at most `webhooks.URL_LIMIT` characters); PushError in push's own words."""
    if not isinstance(endpoint, str) or not endpoint.startswith("https://") or len(endpoint) > webhooks.URL_LIMIT:
        raise PushError(Plural("a push subscription's endpoint is an https URL of a push service, of at most "
                               "{count} character", "a push subscription's endpoint is an https URL of a push "
                               "service, of at most {count} characters", count=webhooks.URL_LIMIT))
    if any(c.isspace() or ord(c) < 32 for c in endpoint):
        raise PushError(Msg(N_("a push endpoint has no spaces or control characters")))
    try:
        parts = urlsplit(endpoint)
        port = parts.port
    except ValueError:
        raise PushError(Msg(N_("this push endpoint cannot be read; give the endpoint the browser's "
                               "PushSubscription.toJSON() gives"))) from None
    if not parts.hostname or parts.username is not None or parts.password is not None:
        raise PushError(Msg(N_("a push endpoint is an https URL with a host name and no user name or password, "
                               "as the browser's PushSubscription.toJSON() gives it")))
    return parts.hostname, port or 443


async def reachable(host: str, port: int, allow: Sequence[webhooks.Network]) -> None:
    """The push service's host resolves, to public addresses only (or allowed ones); PushError if not."""
    try:
        await webhooks.resolve(host, port, allow)
    except webhooks.HostUnknown:
        raise PushError(Msg(N_("the push service's host {host} cannot be found"), host=host)) from None
    except webhooks.HostNotPublic as exc:
        raise PushError(Msg(N_("the push service's host {host} is at {address}, a loopback, private, link-local "
                               "or reserved address, which the room does not send to"),
                            host=host, address=exc.address)) from None


def check_keys(keys: object) -> tuple[str, str]:
    """(p256dh, auth) of a subscription: a point on P-256 and a 16-byte secret, base64url."""
    wrong = PushError(Msg(N_("a push subscription's keys are p256dh (a P-256 public key) and auth (16 bytes) in "
                             "base64url, as the browser's PushSubscription.toJSON() gives them")))
    if not isinstance(keys, dict) or not isinstance(keys.get("p256dh"), str) or not isinstance(keys.get("auth"), str) \
            or len(keys["p256dh"]) > 120 or len(keys["auth"]) > 40:
        raise wrong
    try:
        point, auth = unb64(keys["p256dh"]), unb64(keys["auth"])
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except (ValueError, TypeError):
        raise wrong from None
    if len(point) != 65 or len(auth) != 16:
        raise wrong
    return b64(point), b64(auth)


async def vapid_key(room: Room) -> Vapid02:
    """The room's VAPID key: read from the database, or made and stored on the first start."""
    async with Transaction(room.store) as conn:
        raw = await conn.scalar(sa.select(settings.c.value).where(settings.c.key == KEY_SETTING))
        if raw is None:
            key = ec.generate_private_key(ec.SECP256R1())
            raw = b64(key.private_numbers().private_value.to_bytes(32, "big"))
            await conn.execute(settings.insert().values(key=KEY_SETTING, value=raw))
            log.info("a new VAPID key is made and kept in the database")
    return Vapid02.from_raw(str(raw).encode())


class Push:
    """The room's push key, the stored subscriptions, and sending to them."""

    def __init__(self, room: Room, contact: str, allow: Sequence[webhooks.Network] = ()) -> None:
        self.room = room
        self.contact = check_contact(contact)
        self.allow = list(allow)
        self._vapid: Vapid02 | None = None
        self._signed: dict[str, tuple[float, dict[str, str]]] = {}  # audience → (renew after, VAPID headers)
        self.sent = 0
        self.gone = 0
        self.failed = 0

    async def vapid(self) -> Vapid02:
        if self._vapid is None:
            self._vapid = await vapid_key(self.room)
        return self._vapid

    async def public_key(self) -> str:
        """The application server key a browser subscribes with (an uncompressed P-256 point, base64url)."""
        key = (await self.vapid()).public_key
        return b64(key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))

    async def subscriptions(self, player: str) -> list[dict[str, str]]:
        async with self.room.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(push_subscriptions).where(push_subscriptions.c.player == player)
                                       .order_by(push_subscriptions.c.created))).all()
        return [{"endpoint": r.endpoint, "p256dh": r.p256dh, "auth": r.auth} for r in rows]

    async def subscribe(self, player: str, endpoint: object, keys: object) -> dict[str, Any]:
        """Store a browser's subscription (checked, capped) and turn push on for `player`."""
        host, port = check_endpoint(endpoint)
        p256dh, auth = check_keys(keys)
        await reachable(host, port, self.allow)
        mine = [s["endpoint"] for s in await self.subscriptions(player)]
        if endpoint not in mine and len(mine) >= PER_PERSON:
            raise PushError(Plural("you may have push notices in at most {count} browser; turn them off in one first",
                                   "you may have push notices in at most {count} browsers; turn them off in one first",
                                   count=PER_PERSON))
        async with Transaction(self.room.store) as conn:
            await conn.execute(push_subscriptions.delete().where(push_subscriptions.c.endpoint == endpoint))
            await conn.execute(push_subscriptions.insert().values(endpoint=endpoint, player=player, p256dh=p256dh,
                                                                  auth=auth, created=time.time()))
            await self._set_push(conn, player, True)
        return {"push": True, "browsers": len(set(mine) | {endpoint})}

    async def unsubscribe(self, player: str, endpoint: object) -> dict[str, Any]:
        """Remove one of `player`'s subscriptions; push goes off with the last one."""
        async with Transaction(self.room.store) as conn:
            await conn.execute(push_subscriptions.delete().where(push_subscriptions.c.endpoint == endpoint,
                                                                 push_subscriptions.c.player == player))
            left = await conn.scalar(sa.select(sa.func.count()).select_from(push_subscriptions)
                                     .where(push_subscriptions.c.player == player))
            if not left:
                await self._set_push(conn, player, False)
        return {"push": bool(left), "browsers": int(left or 0)}

    @staticmethod
    async def _set_push(conn: Any, player: str, on: bool) -> None:
        found = await conn.scalar(sa.select(notice_settings.c.player).where(notice_settings.c.player == player))
        if found is None:
            await conn.execute(notice_settings.insert().values(player=player, email=False, push=on, verified=False))
        else:
            await conn.execute(notice_settings.update().where(notice_settings.c.player == player).values(push=on))

    async def send(self, client: httpx.AsyncClient, player: str, payload: dict[str, Any]) -> int:
        """Send `payload` to each of `player`'s browsers; the number that took it (2xx).
        A subscription answered 404 or 410 is removed."""
        data = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
        took = 0
        for sub in await self.subscriptions(player):
            status = await self._send_one(client, sub, data)
            if status is not None and 200 <= status < 300:
                took += 1
                self.sent += 1
            elif status in (404, 410):
                self.gone += 1
                log.info("a push subscription is gone (%d) and is removed", status)
                async with Transaction(self.room.store) as conn:
                    await conn.execute(push_subscriptions.delete()
                                       .where(push_subscriptions.c.endpoint == sub["endpoint"]))
            else:
                self.failed += 1
        return took

    async def _vapid_headers(self, audience: str) -> dict[str, str]:
        """The VAPID `Authorization` for a push service (a JWT valid 12 hours, made anew after 1)."""
        now = time.time()
        kept = self._signed.get(audience)
        if kept is None or kept[0] < now:
            signed = (await self.vapid()).sign({"aud": audience, "exp": int(now) + 12 * 3600, "sub": self.contact})
            kept = (now + 3600, signed)
            self._signed[audience] = kept
        return kept[1]

    async def _send_one(self, client: httpx.AsyncClient, sub: dict[str, str], data: bytes) -> int | None:
        """One encrypted, signed POST to a push service; its status, or None (logged) if it failed."""
        parts = urlsplit(sub["endpoint"])
        pusher = WebPusher({"endpoint": sub["endpoint"], "keys": {"p256dh": sub["p256dh"], "auth": sub["auth"]}})
        body = pusher.encode(data, "aes128gcm")["body"]
        headers = {**await self._vapid_headers(f"{parts.scheme}://{parts.netloc}")}
        headers.update({"TTL": str(TTL), "Content-Encoding": "aes128gcm", "Urgency": "normal",
                        "Content-Type": "application/octet-stream", "User-Agent": "cardhall-push"})
        try:
            return await webhooks.post(client, sub["endpoint"], body, headers, self.allow, schemes=("https",))
        except webhooks.WebhookRefused as exc:
            log.warning("a push notice is refused: %s", exc)
        except (httpx.HTTPError, TimeoutError, OSError) as exc:
            log.info("a push notice failed: %s", type(exc).__name__)
        return None
