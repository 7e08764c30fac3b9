""""Your turn" mails gathered by each person's digest window, stored until they are sent.

The rules:

- Each person chooses a **digest window** for mail (`PUT /api/players/me/notifications
  {"digest": "now" | "hourly" | "daily"}`; "now" by default): "now" gathers the notices of
  `Notices.digest_wait` seconds (two minutes), "hourly" of an hour, "daily" of a day. The first
  notice of a window sets its end (`due`, on the room's clock); every notice until then joins it;
  at the end one mail goes (one table: a "your turn" mail; several: a digest naming them all).
- A notice waits in the database (`mail_waiting`, one row per person and table, the newest), so
  a restart neither loses nor repeats it: the window's mail goes when the room is back.
- A table no longer waiting for that person when the mail goes (they have moved, or it ended) is
  left out (for the tables this node runs; another node's are kept).
- Every node of a cluster sends the due mails; a person's mail is claimed first (its rows' `due`
  moved on by `LEASE`, a compare-and-set in one statement), so only one node sends it. A node
  that dies between sending and forgetting the rows sends that mail again after `LEASE` (the one
  repeat a crash can cause; a clean stop causes none).
- A mail that cannot be sent (an unreachable server, the rate limit) is logged and dropped, never fatal.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from cardhall.core.i18n import N_, Msg
from cardhall.room.actor import TableActor
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, mail_waiting
from cardhall.web.languages import web
from cardhall.web.mail import Links, Mailer, MailError

log = logging.getLogger("cardhall.digests")

WINDOWS = {"now": None, "hourly": 3600.0, "daily": 86400.0}
"""A digest window's length in seconds (None: the room's short wait, `Notices.digest_wait`)."""
LEASE = 300.0
"""Seconds a node holds a person's due mail while it sends it."""
TICK = 30.0
"""At most this many seconds between two looks for due mails (a new notice wakes the look at once)."""


def check_window(value: object) -> str:
    """A digest window's name, or MailError with a sentence."""
    if not isinstance(value, str) or value not in WINDOWS:
        raise MailError(Msg(N_("digest is one of now, hourly or daily (how often at most a \"your turn\" mail comes), "
                               "not {value}"), value=repr(value)[:40]))
    return value


@dataclass(frozen=True)
class Waiting:
    """A notice waiting for its mail (a row of `mail_waiting`)."""

    player: str
    table: str
    queued: float
    lang: str
    body: dict[str, Any]
    moves: tuple[str, ...]


def waited(row: Any) -> Waiting:
    return Waiting(row.player, row.table_id, row.queued, row.lang, json.loads(row.body), tuple(json.loads(row.moves)))


class Digests:
    """The stored waiting notices, and the look that sends them when their window ends."""

    def __init__(self, room: Room, mail: Mailer, links: Links,
                 settings: Callable[[str], Awaitable[dict[str, Any]]]) -> None:
        self.room = room
        self.mail = mail
        self.links = links
        self.settings = settings
        self.tick = TICK
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the look for due mails (idempotent; needs a running event loop)."""
        if self._task is None:
            self._task = asyncio.create_task(self._look(), name="mail digests")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait([self._task])
            self._task = None

    async def hold(self, player: str, window: str, wait: float, notice: Any) -> None:
        """Store `notice` (a `cardhall.web.notices.Notice`) in `player`'s current window (a new one
        ends after the window's length, or `wait` for "now"); it replaces an older one of its table."""
        now = self.room.clock()
        table = str(notice.body["table"])
        async with Transaction(self.room.store) as conn:
            due = await conn.scalar(sa.select(sa.func.min(mail_waiting.c.due)).where(mail_waiting.c.player == player))
            if due is None:
                due = now + (WINDOWS.get(window) or wait)
            await conn.execute(mail_waiting.delete().where(mail_waiting.c.player == player,
                                                           mail_waiting.c.table_id == table))
            await conn.execute(mail_waiting.insert().values(
                player=player, table_id=table, due=due, queued=now, lang=notice.lang,
                body=json.dumps(notice.body, separators=(",", ":")), moves=json.dumps(list(notice.moves))))
        self.start()
        self._wake.set()

    async def _look(self) -> None:
        while True:
            self._wake.clear()
            try:
                await self.send_due()
            except Exception:  # the database away a moment: the next look tries again
                log.exception("the due mails cannot be read")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.tick)

    async def send_due(self) -> int:
        """Send every mail whose window has ended (each claimed first); the number sent."""
        now = self.room.clock()
        async with self.room.store.engine.connect() as conn:
            players = (await conn.execute(sa.select(mail_waiting.c.player).where(mail_waiting.c.due <= now)
                                          .distinct())).scalars().all()
        sent = 0
        for player in players:
            batch = await self._claim(player, now)
            if batch:
                sent += await self._send(player, batch)
        return sent

    async def _claim(self, player: str, now: float) -> list[Waiting]:
        """`player`'s due notices, claimed by this node (none if another node claimed them first)."""
        held = now + LEASE
        async with Transaction(self.room.store) as conn:
            claimed = await conn.execute(mail_waiting.update().where(mail_waiting.c.player == player,
                                                                     mail_waiting.c.due <= now).values(due=held))
            if not claimed.rowcount:
                return []
            rows = (await conn.execute(sa.select(mail_waiting).where(mail_waiting.c.player == player,
                                                                     mail_waiting.c.due == held))).all()
        return [waited(r) for r in rows]

    async def waiting(self, player: str) -> list[Waiting]:
        """`player`'s notices waiting for their mail."""
        async with self.room.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(mail_waiting).where(mail_waiting.c.player == player))).all()
        return [waited(r) for r in rows]

    async def _forget(self, batch: list[Waiting]) -> None:
        async with Transaction(self.room.store) as conn:
            for w in batch:
                await conn.execute(mail_waiting.delete().where(mail_waiting.c.player == w.player,
                                                               mail_waiting.c.table_id == w.table,
                                                               mail_waiting.c.queued == w.queued))

    def still_waiting(self, w: Waiting) -> bool:
        """Whether the table still waits for this move (a table another node runs: assumed so)."""
        actor = self.room.tables.get(w.table)
        if not isinstance(actor, TableActor):
            return True
        turns = actor.table.turns
        return actor.table.status == "playing" and turns is not None and turns.key is not None and \
            list(turns.key) == [w.body.get("move"), w.body.get("seat")]

    async def _send(self, player: str, batch: list[Waiting]) -> int:
        """One mail for `batch` (the tables still waiting), then the rows forgotten; 1 if a mail went."""
        went = 0
        try:
            settings = await self.settings(player)
            address = settings["address"]
            waiting = [w for w in batch if self.still_waiting(w)]
            if not (settings["email"] and settings["verified"] and address):
                log.info("a turn mail is dropped: mail was turned off meanwhile")
            elif not waiting:
                log.info("a turn mail is dropped: no table waits any more")
            elif not self.mail.allowed([f"p:{player}", f"a:{address.lower()}"]):
                log.info("a turn mail is held back by the rate limit")
            else:
                waiting.sort(key=lambda w: w.body.get("since") or 0.0)
                went = int(await (self._one_mail(address, waiting[0]) if len(waiting) == 1
                                  else self._digest(address, waiting)))
        except Exception:  # never fatal: logged
            log.exception("a turn mail could not be written")
        await self._forget(batch)
        return went

    async def _digest(self, address: str, batch: list[Waiting]) -> bool:
        """One mail naming every table in `batch` (each with its link and last moves)."""
        tr = web(batch[-1].lang)
        base = self.mail.config.base_url
        lines = [tr.ngettext("It is your turn at {count} table:", "It is your turn at {count} tables:", len(batch)), ""]
        for w in batch:
            game, play = tr.pgettext("game", w.body["title"]), f"{base}tables/{w.table}"
            lines += [tr._("{game}, table {table}: {link}", game=game, table=w.table, link=play),
                      *(f"  - {m}" for m in w.moves), ""]
        leave = f"{base}api/mail/unsubscribe?token={self.links.unsubscribe_token(batch[0].player)}"
        lines += [tr._("No more of these mails: {link}", link=leave)]
        subject = tr.ngettext("Your turn at {count} table", "Your turn at {count} tables", len(batch))
        return await self.mail.send(address, subject, "\n".join(lines))

    async def _one_mail(self, address: str, w: Waiting) -> bool:
        tr = web(w.lang)
        game = tr.pgettext("game", w.body["title"])
        base = self.mail.config.base_url
        lines = [tr._("It is your turn at {game}, table {table}.", game=game, table=w.table), ""]
        if w.moves:
            lines += [tr._("The last moves:"), *(f"- {m}" for m in w.moves), ""]
        leave = f"{base}api/mail/unsubscribe?token={self.links.unsubscribe_token(w.player)}"
        play = f"{base}tables/{w.table}"
        lines += [tr._("Play: {link}", link=play), "",
                  tr._("No more of these mails: {link}", link=leave)]
        subject = tr._("Your turn: {game} (table {table})", game=game, table=w.table)
        return await self.mail.send(address, subject, "\n".join(lines))
