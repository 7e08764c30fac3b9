""""Your turn" notices of turn-based tables, and each person's notice settings.

- `PUT /api/players/me/notifications {"email": false, "push": false, "webhook": URL | null,
  "digest": "now" | "hourly" | "daily"}` (`digest` left out: kept; `cardhall.web.digests`): the
  webhook URL is checked (`cardhall.web.webhooks`: form, and every address of its host public);
  the answer is the settings with `webhook_secret` when a webhook is set (a new secret when the
  URL changes; keep it: it signs every notice). `GET` answers the settings without the secret.
  `email` true needs a verified address (`PUT /api/players/me/email`) and a room with mail on;
  `push` true needs a browser subscribed (`cardhall.web.push`) and a room with push on.
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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec
import sqlalchemy as sa

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, notice_settings
from cardhall.room.table import Change, Table
from cardhall.room.words import seat_labels
from cardhall.web import webhooks
from cardhall.web.digests import Digests, check_window
from cardhall.web.languages import web
from cardhall.web.mail import VERIFY_EVERY, Links, Mailer, MailError, check_address
from cardhall.web.push import Push
from cardhall.web.words import change_words, faces_of, reader

log = logging.getLogger("cardhall.notices")

ATTEMPTS = 5
"""Tries of one webhook notice (the first and four more after 1, 2, 4 and 8 backoff units)."""
QUEUE = 10_000
"""Notices waiting to be sent; beyond, new ones are dropped and logged (a table never waits)."""
PARALLEL = 20
"""Webhook requests at once."""
DIGEST_WAIT = 120.0
"""Seconds a "your turn" mail waits for the person's other tables in the digest window "now": all
those that came in the meantime go in one mail (a digest), never one mail per table
(`cardhall.web.digests`; "hourly" and "daily" gather longer)."""



class NoticeSettings(msgspec.Struct, forbid_unknown_fields=True):
    """`PUT /api/players/me/notifications`."""

    email: bool = False
    push: bool = False
    webhook: str | None = None
    digest: Any = None  # "now" | "hourly" | "daily" (`cardhall.web.digests`); left out: kept as it was


class EmailAddress(msgspec.Struct, forbid_unknown_fields=True):
    """`PUT /api/players/me/email`."""

    email: Any = None


@dataclass(frozen=True)
class Notice:
    player: str
    body: dict[str, Any]
    lang: str = "en"
    moves: tuple[str, ...] = ()  # the last moves in the reader's words, as their seat heard them


def sign(secret: str, body: bytes) -> str:
    """The `X-Cardhall-Signature` header's value for `body`."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class Notices:
    """The notice settings (stored), the room's listener that queues notices, and their delivery."""

    def __init__(self, room: Room, allow: Sequence[webhooks.Network] = (), backoff: float = 1.0,
                 mail: Mailer | None = None, links: Links | None = None, push: Push | None = None) -> None:
        self.room = room
        self.push = push
        self.mail = mail
        self.links = links
        self.allow = list(allow)
        self.backoff = backoff
        self.queue: asyncio.Queue[Notice] = asyncio.Queue(QUEUE)
        self.told: dict[str, tuple[int, int]] = {}  # table id → the turn last told of
        self.sent = 0  # notices delivered (a 2xx answer)
        self.failed = 0  # notices dropped after their tries, or refused
        self._worker: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()
        self.digest_wait = DIGEST_WAIT
        self.digests = None if mail is None or links is None else Digests(room, mail, links, self.settings)
        self._parallel = asyncio.Semaphore(PARALLEL)
        self._client: httpx.AsyncClient | None = None
        room.listeners.append(self.heard)
        room.closing.append(self.stop)
        if self.digests is not None:
            try:  # the mails a restart left waiting go when their window ends
                asyncio.get_running_loop()
                self.digests.start()
            except RuntimeError:  # no loop yet: the first notice starts it
                pass

    # --- settings ----------------------------------------------------------------------
    async def settings(self, player: str) -> dict[str, Any]:
        async with self.room.store.engine.connect() as conn:
            row = (await conn.execute(sa.select(notice_settings).where(notice_settings.c.player == player))).first()
        if row is None:
            return {"email": False, "push": False, "webhook": None, "secret": None, "address": None, "verified": False,
                    "digest": "now"}
        return {"email": row.email, "push": row.push, "webhook": row.webhook, "secret": row.secret,
                "address": row.address, "verified": row.verified, "digest": row.digest}

    async def _store(self, player: str, **values: Any) -> dict[str, Any]:
        """Change some of a person's settings (the others kept); the settings after."""
        new = {**await self.settings(player), **values}
        async with Transaction(self.room.store) as conn:
            await conn.execute(notice_settings.delete().where(notice_settings.c.player == player))
            await conn.execute(notice_settings.insert().values(player=player, **new))
        return new

    async def change(self, player: str, wanted: NoticeSettings) -> dict[str, Any]:
        """Store `wanted` (checked); the settings with `webhook_secret` when a webhook is set."""
        old = await self.settings(player)
        if wanted.push and self.push is None:
            raise CardhallError(Msg(N_("this room sends no push notices: its operator has not turned them on; set "
                                       "push to false")))
        if wanted.push and not await self.push.subscriptions(player):  # type: ignore[union-attr]
            raise CardhallError(Msg(N_("turn on push notices in a browser first (the lobby's \"Notices when it is your turn\" "
                                       "part), then push may be true")))
        if wanted.email and self.mail is None:
            raise CardhallError(Msg(N_("this room sends no e-mail: its operator has not set up a mail server; set "
                                       "email to false")))
        if wanted.email and not old["verified"]:
            raise CardhallError(Msg(N_("give an e-mail address and follow the link in the mail first "
                                       "(PUT /api/players/me/email)")))
        digest = old["digest"] if wanted.digest is None else check_window(wanted.digest)
        secret = None
        if wanted.webhook is not None:
            await webhooks.check(wanted.webhook, self.allow)
            secret = old["secret"] if old["webhook"] == wanted.webhook and old["secret"] else secrets.token_hex(32)
        await self._store(player, email=wanted.email, push=wanted.push, webhook=wanted.webhook, secret=secret,
                          digest=digest)
        shown: dict[str, Any] = {"email": wanted.email, "push": wanted.push, "webhook": wanted.webhook,
                                 "digest": digest}
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
        lang = table.seats[seat].lang or "en"
        try:
            self.queue.put_nowait(Notice(player, body, lang, last_moves(table, seat, lang)))
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
        if self.digests is not None and settings["email"] and settings["verified"] and settings["address"]:
            try:
                await self.digests.hold(notice.player, settings["digest"], self.digest_wait, notice)
            except Exception:  # never fatal: logged
                log.exception("a turn mail of table %s cannot be stored", notice.body["table"])
                self.failed += 1
        if self.push is not None and settings["push"]:
            await self._push(notice)

    async def _push(self, notice: Notice) -> None:
        """A "your turn" push to each of the person's browsers, its words in the reader's language."""
        assert self.push is not None
        tr = web(notice.lang)
        game = tr.pgettext("game", notice.body["title"])
        payload = {**notice.body, "lang": notice.lang, "text": tr._("It is your turn at {game}, table {table}.", game=game,
                                               table=notice.body["table"]),
                   "heading": tr._("Your turn: {game} (table {table})", game=game, table=notice.body["table"])}
        try:
            await self.push.send(self._http(), notice.player, payload)
        except Exception:  # never fatal: logged
            log.exception("a push notice of table %s could not be sent", notice.body["table"])
            self.failed += 1

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(follow_redirects=False, timeout=webhooks.TIMEOUT)
        return self._client

    # --- e-mail ----------------------------------------------------------------------------
    async def set_address(self, player: str, address: str | None, lang: str) -> dict[str, Any]:
        """Give (or with None, remove) an e-mail address: stored unverified, and a verification
        mail with a signed link is sent (within the limits)."""
        if address is None:
            await self._store(player, address=None, verified=False, email=False)
            return {"email": None, "verified": False}
        address = check_address(address)
        if self.mail is None or self.links is None:
            raise MailError(Msg(N_("this room sends no e-mail: its operator has not set up a mail server; leave "
                                   "the address out")))
        if not self.mail.allowed([f"p:{player}", f"a:{address.lower()}"], every=VERIFY_EVERY):
            raise MailError(Msg(N_("a mail went to you a moment ago; wait a minute and try again")))
        await self._store(player, address=address, verified=False, email=False)
        tr = web(lang)
        link = f"{self.mail.config.base_url}api/mail/verify?token={self.links.verify_token(player, address)}"
        text = tr._("Someone, probably you, gave this address to the card room cardhall. To receive a mail "
                    "when it is your turn, open this link within two days:\n\n{link}\n\nIf it was not you, "
                    "do nothing: no more mail will come.", link=link)
        await self.mail.send(address, tr._("cardhall: confirm your e-mail address"), text)
        return {"email": address, "verified": False}

    async def verify(self, token: object) -> str:
        """Follow a verification link: the address is verified and "your turn" mails are on."""
        assert self.links is not None
        player, address = self.links.verified(token)
        if (await self.settings(player))["address"] != address:
            raise MailError(Msg(N_("this link is for an address that was changed since; use the newest mail")))
        await self._store(player, verified=True, email=True)
        return player

    async def unsubscribe(self, token: object) -> str:
        assert self.links is not None
        player = self.links.unsubscribed(token)
        await self._store(player, email=False)
        return player

    async def _webhook(self, url: str, secret: str, notice: Notice) -> None:
        body = json.dumps(notice.body, separators=(",", ":"), sort_keys=True).encode()
        headers = {"Content-Type": "application/json", "X-Cardhall-Signature": sign(secret, body),
                   "User-Agent": "cardhall-notices"}
        client = self._http()
        for attempt in range(ATTEMPTS):
            if attempt:
                await asyncio.sleep(self.backoff * 2 ** (attempt - 1))
            try:
                status = await webhooks.post(client, url, body, headers, self.allow)
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
        if self.digests is not None:
            await self.digests.send_due()

    async def stop(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            await asyncio.wait([self._worker])
        for task in self._running:
            task.cancel()
        if self._running:
            await asyncio.wait(self._running)
        if self.digests is not None:
            await self.digests.stop()
        if self._client is not None:
            await self._client.aclose()


MOVES = 4
"""The last moves a "your turn" mail says."""


def last_moves(table: Table, seat: int, lang: str) -> tuple[str, ...]:
    """The last moves before `seat`'s turn, as that seat heard them, in `lang` (never a hidden card:
    the seat's own events), naming the cards as the reader's page draws them by default (a German
    reader's Jass: «Schellen-Under»)."""
    try:
        _, ui = reader(table.game, lang, faces_of({}, lang))  # the faces the reader's page draws by default
        names = seat_labels([s.to_json() for s in table.seats], ui.tr)
        moves = [c for c in table.history if c.entry.get("kind") == "act"][-MOVES:]
        said = [w for c in moves for w in change_words(ui, list(c.events.get(seat, [])), seat, names) if w]
    except Exception:  # words are a courtesy: a notice goes without them
        log.exception("the last moves of table %s cannot be said", table.id)
        return ()
    return tuple(said[-MOVES:])
