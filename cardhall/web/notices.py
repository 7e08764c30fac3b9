""""Your turn" notices of turn-based tables, and each person's notice settings.

- `PUT /api/players/me/notifications {"email": false, "push": false, "webhook": URL | null}`: the
  webhook URL is checked (`cardhall.web.webhooks`: form, and every address of its host public);
  the answer is the settings with `webhook_secret` when a webhook is set (a new secret when the
  URL changes; keep it: it signs every notice). `GET` answers the settings without the secret.
  This room sends no e-mail and no Web Push yet: `email` or `push` true is refused with a sentence.
- When a person's turn begins at a turn-based table (`cardhall.room.turns`), one notice is queued
  (at most one per table and move while the room runs); a background task delivers it, so a table
  never waits for a notice. A webhook notice is a JSON POST with the header
  `X-Cardhall-Signature: sha256=HEX`, the HMAC-SHA256 of the body with the person's secret; an
  answer other than 2xx, a timeout or a refused connection is tried again after 1, 2, 4 and 8
  backoff units (`ATTEMPTS` in all), then dropped and logged; a URL that has come to point at
  the room's own network is refused (logged, not retried).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec
import sqlalchemy as sa
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.room.service import Room
from cardhall.room.store import Transaction, notice_settings
from cardhall.room.table import Change, Table
from cardhall.web import webhooks

log = logging.getLogger("cardhall.notices")

ATTEMPTS = 5
"""Tries of one webhook notice (the first and four more after 1, 2, 4 and 8 backoff units)."""
QUEUE = 10_000
"""Notices waiting to be sent; beyond, new ones are dropped and logged (a table never waits)."""
PARALLEL = 20
"""Webhook requests at once."""

Handler = Callable[[Request], Awaitable[Response]]


class NoticeSettings(msgspec.Struct, forbid_unknown_fields=True):
    """`PUT /api/players/me/notifications`."""

    email: bool = False
    push: bool = False
    webhook: str | None = None


@dataclass(frozen=True)
class Notice:
    player: str
    body: dict[str, Any]


def sign(secret: str, body: bytes) -> str:
    """The `X-Cardhall-Signature` header's value for `body`."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class Notices:
    """The notice settings (stored), the room's listener that queues notices, and their delivery."""

    def __init__(self, room: Room, allow: Sequence[webhooks.Network] = (), backoff: float = 1.0) -> None:
        self.room = room
        self.allow = list(allow)
        self.backoff = backoff
        self.queue: asyncio.Queue[Notice] = asyncio.Queue(QUEUE)
        self.told: dict[str, tuple[int, int]] = {}  # table id → the turn last told of
        self.sent = 0  # notices delivered (a 2xx answer)
        self.failed = 0  # notices dropped after their tries, or refused
        self._worker: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()
        self._parallel = asyncio.Semaphore(PARALLEL)
        self._client: httpx.AsyncClient | None = None
        room.listeners.append(self.heard)
        room.closing.append(self.stop)

    # --- settings ----------------------------------------------------------------------
    async def settings(self, player: str) -> dict[str, Any]:
        async with self.room.store.engine.connect() as conn:
            row = (await conn.execute(sa.select(notice_settings).where(notice_settings.c.player == player))).first()
        if row is None:
            return {"email": False, "push": False, "webhook": None, "secret": None}
        return {"email": row.email, "push": row.push, "webhook": row.webhook, "secret": row.secret}

    async def change(self, player: str, wanted: NoticeSettings) -> dict[str, Any]:
        """Store `wanted` (checked); the settings with `webhook_secret` when a webhook is set."""
        if wanted.email or wanted.push:
            raise CardhallError(Msg(N_("this room sends no e-mail or push notices yet; set email and push to false "
                                       "(a webhook works)")))
        old = await self.settings(player)
        secret = None
        if wanted.webhook is not None:
            await webhooks.check(wanted.webhook, self.allow)
            secret = old["secret"] if old["webhook"] == wanted.webhook and old["secret"] else secrets.token_hex(32)
        async with Transaction(self.room.store) as conn:
            await conn.execute(notice_settings.delete().where(notice_settings.c.player == player))
            await conn.execute(notice_settings.insert().values(player=player, email=False, push=False,
                                                               webhook=wanted.webhook, secret=secret))
        shown: dict[str, Any] = {"email": False, "push": False, "webhook": wanted.webhook}
        if secret is not None:
            shown["webhook_secret"] = secret
        return shown

    # --- the listener: queue, never wait ---------------------------------------------------
    def heard(self, table: Table, changes: list[Change]) -> None:
        """After a stored change: a new person's turn at a turn-based table queues one notice."""
        turns = table.turns
        if turns is None or table.status != "playing" or turns.key is None:
            if table.status == "over":
                self.told.pop(table.id, None)
            return
        if self.told.get(table.id) == turns.key:
            return
        self.told[table.id] = turns.key
        seat = turns.key[1]
        player = table.seats[seat].player
        if player is None:
            return
        body = {"type": "your_turn", "table": table.id, "game": table.game.name, "title": table.game.title,
                "seat": seat, "move": turns.key[0], "since": turns.started, "deadline": table.deadline(),
                "hours_per_move": turns.hours, "path": f"/tables/{table.id}"}
        try:
            self.queue.put_nowait(Notice(player, body))
        except asyncio.QueueFull:
            self.failed += 1
            log.warning("the notice queue is full; a notice of table %s is dropped", table.id)
            return
        if self._worker is None:
            self._worker = asyncio.create_task(self._work(), name="notices")

    async def _work(self) -> None:
        while True:
            notice = await self.queue.get()
            await self._parallel.acquire()
            task = asyncio.create_task(self._deliver(notice))
            self._running.add(task)
            task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        self._parallel.release()

    async def _deliver(self, notice: Notice) -> None:
        try:
            settings = await self.settings(notice.player)
        except Exception:
            log.exception("the notice settings of a person cannot be read")
            self.failed += 1
            return
        if settings["webhook"] and settings["secret"]:
            await self._webhook(settings["webhook"], settings["secret"], notice)

    async def _webhook(self, url: str, secret: str, notice: Notice) -> None:
        body = json.dumps(notice.body, separators=(",", ":"), sort_keys=True).encode()
        headers = {"Content-Type": "application/json", "X-Cardhall-Signature": sign(secret, body),
                   "User-Agent": "cardhall-notices"}
        if self._client is None:
            self._client = httpx.AsyncClient(follow_redirects=False, timeout=webhooks.TIMEOUT)
        for attempt in range(ATTEMPTS):
            if attempt:
                await asyncio.sleep(self.backoff * 2 ** (attempt - 1))
            try:
                status = await webhooks.post(self._client, url, body, headers, self.allow)
            except webhooks.WebhookRefused as exc:
                log.warning("a webhook notice of table %s is refused: %s", notice.body["table"], exc)
                self.failed += 1
                return
            except (httpx.HTTPError, TimeoutError, OSError) as exc:
                log.info("a webhook notice of table %s failed (try %d): %s", notice.body["table"], attempt + 1,
                         type(exc).__name__)
                continue
            if 200 <= status < 300:
                self.sent += 1
                return
            log.info("a webhook notice of table %s was answered %d (try %d)", notice.body["table"], status,
                     attempt + 1)
        self.failed += 1
        log.warning("a webhook notice of table %s is dropped after %d tries", notice.body["table"], ATTEMPTS)

    async def idle(self) -> None:
        """Wait until every queued notice is delivered or dropped (tests, and a clean stop)."""
        while not self.queue.empty() or self._running:
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            await asyncio.wait([self._worker])
        for task in list(self._running):
            task.cancel()
        if self._running:
            await asyncio.wait(list(self._running))
        if self._client is not None:
            await self._client.aclose()


class NoticesFront:
    """`/api/players/me/notifications` (wired into the app by `routes`)."""

    def __init__(self, notices: Notices, signed_in: Callable[..., Awaitable[str]],
                 sentences: Callable[[Handler], Handler], read_body: Callable[..., Awaitable[Any]]) -> None:
        self.notices = notices
        self.signed_in = signed_in
        self.sentences = sentences
        self.read_body = read_body

    def routes(self) -> list[BaseRoute]:
        return [Route("/api/players/me/notifications", self.sentences(self.get), methods=["GET"]),
                Route("/api/players/me/notifications", self.sentences(self.put), methods=["PUT"])]

    async def get(self, request: Request) -> Response:
        player = await self.signed_in(request, changes=False)
        shown = await self.notices.settings(player)
        del shown["secret"]
        return JSONResponse(shown)

    async def put(self, request: Request) -> Response:
        player = await self.signed_in(request)
        body = await self.read_body(request, NoticeSettings)
        return JSONResponse(await self.notices.change(player, body))
