"""Reports and the moderators' work (docs in `social`).

- **Reports** name a person, and may name a message or a table (its last `REPORT_LOG` log
  entries are attached as they were at the time, moves only by their kind and seat).
- **Moderators** (`role` "moderator", given by `cardhall admin grant`) mute (no chat or
  messages anywhere), ban (no login, no requests, no new guests from the banned session) and
  kick a person from a table, each until a time or for good, with a reason shown to the person;
  every action is in the audit log.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from cardhall.core.i18n import N_, Msg
from cardhall.people.chat import clean_text, shown_message
from cardhall.people.directory import Banned, Directory, Nobody, Refused, SocialError
from cardhall.room.store import (
    Transaction,
    audit,
    messages,
    players,
    reports,
    sanctions,
    table_log,
)

ROLES = ("moderator",)
REPORT_LOG = 50
"""Entries of a table's log attached to a report (the newest)."""


def when(seconds: float | None) -> str:
    """A sanction's end as UTC text ("for good" is said by the caller when None)."""
    return "" if seconds is None else time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))


class Moderation(Directory):
    """Reports, roles, sanctions and the audit log."""

    async def report(self, me: str, name: str, text: object, message: int | None, table_id: str | None) -> int:
        """A report of `name` (and of one of their messages, or their behaviour at a table, whose
        last `REPORT_LOG` log entries are attached); its number."""
        subject, _ = await self.person(name)
        said = clean_text(text) if text else ""
        attached: dict[str, Any] = {}
        async with Transaction(self.store) as conn:
            if message is not None:
                row = (await conn.execute(sa.select(messages).where(messages.c.id == message))).first()
                if row is None or row.sender != subject or (row.recipient not in (None, me)):
                    raise Nobody(Msg(N_("there is no message {id} of this person that you could read"), id=message))
                attached["message"] = shown_message(row)
            if table_id is not None:
                log = (await conn.execute(sa.select(table_log.c.version, table_log.c.entry).where(
                    table_log.c.table_id == table_id).order_by(table_log.c.version.desc()).limit(REPORT_LOG))).all()
                attached["table"] = table_id
                attached["log"] = [{"version": v, **_public(e)} for v, e in reversed(log)]
            made = await conn.execute(reports.insert().values(
                reporter=me, subject=subject, message=message, table_id=table_id, text=said, attached=attached,
                created=time.time(), closed=None, closed_by=None))
            return int(made.inserted_primary_key[0])  # type: ignore[index]

    async def reports(self, open_only: bool = True) -> list[dict[str, Any]]:
        query = sa.select(reports).order_by(reports.c.created)
        if open_only:
            query = query.where(reports.c.closed.is_(None))
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        names = await self.names(list({r.reporter for r in rows} | {r.subject for r in rows}))
        return [{"id": r.id, "reporter": names.get(r.reporter, r.reporter), "subject": names.get(r.subject, r.subject),
                 "subject_id": r.subject, "message": r.message, "table": r.table_id, "text": r.text,
                 "attached": r.attached, "created": r.created, "closed": r.closed} for r in rows]

    async def close_report(self, actor: str | None, number: int) -> None:
        async with Transaction(self.store) as conn:
            done = await conn.execute(reports.update().where(reports.c.id == number, reports.c.closed.is_(None))
                                      .values(closed=time.time(), closed_by=actor))
            if done.rowcount == 0:
                raise Nobody(Msg(N_("there is no open report {id}"), id=number))
            await self._audit(conn, actor, "close", None, {"report": number})

    # --- moderators -----------------------------------------------------------------
    async def role(self, player: str) -> str | None:
        async with self.store.engine.connect() as conn:
            found = await conn.scalar(sa.select(players.c.role).where(players.c.id == player))
        return None if found is None else str(found)

    async def must_moderate(self, player: str) -> None:
        if await self.role(player) != "moderator":
            raise Refused(Msg(N_("only a moderator can do this")))

    async def grant(self, actor: str | None, name: str, role: str | None) -> tuple[str, str]:
        """Give the account `name` a role ("moderator"), or take it away (None)."""
        if role is not None and role not in ROLES:
            raise SocialError(Msg(N_("the roles are {roles}; got {role}"), roles=", ".join(ROLES), role=repr(role)))
        player, shown = await self.account(name)
        async with Transaction(self.store) as conn:
            await conn.execute(players.update().where(players.c.id == player).values(role=role))
            await self._audit(conn, actor, "grant" if role else "revoke", shown, {"role": role})
        return player, shown

    async def sanction(self, actor: str | None, name: str, kind: str, seconds: float | None, reason: str,
                       table_id: str | None = None) -> dict[str, Any]:
        """Mute, ban or kick the person `name` for `seconds` (None: for good), with a reason
        shown to them; stored, then audited."""
        player, shown = await self.person(name)
        if seconds is not None and not seconds > 0:
            raise SocialError(Msg(N_("a duration is a positive time such as 30m, 1h, 7d")))
        now = time.time()
        until = None if seconds is None else now + seconds
        reason = clean_text(reason) if reason else ""
        async with Transaction(self.store) as conn:
            await conn.execute(sanctions.insert().values(player=player, kind=kind, table_id=table_id, until=until,
                                                         reason=reason, by=actor, created=now, lifted=None))
            await self._audit(conn, actor, kind, shown, {"until": until, "reason": reason, "table": table_id})
        return {"player": player, "name": shown, "kind": kind, "until": until, "reason": reason, "table": table_id}

    async def lift(self, actor: str | None, name: str, kind: str) -> None:
        player, shown = await self.person(name)
        async with Transaction(self.store) as conn:
            await conn.execute(sanctions.update().where(sanctions.c.player == player, sanctions.c.kind == kind,
                                                        sanctions.c.lifted.is_(None)).values(lifted=time.time()))
            await self._audit(conn, actor, "un" + kind, shown, {})

    async def active(self, player: str, kind: str, table_id: str | None = None) -> dict[str, Any] | None:
        """The sanction of `kind` holding `player` now (the one lasting longest), or None."""
        now = time.time()
        query = sa.select(sanctions).where(sanctions.c.player == player, sanctions.c.kind == kind,
                                           sanctions.c.lifted.is_(None),
                                           sa.or_(sanctions.c.until.is_(None), sanctions.c.until > now))
        if table_id is not None:
            query = query.where(sanctions.c.table_id == table_id)
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        if not rows:
            return None
        row = max(rows, key=lambda r: float("inf") if r.until is None else r.until)
        return {"kind": row.kind, "until": row.until, "reason": row.reason, "table": row.table_id}

    async def check_ban(self, player: str) -> None:
        """Raise `Banned` (with the reason and the end) if `player` is banned now."""
        ban = await self.active(player, "ban")
        if ban is not None:
            raise Banned(sanction_words(ban))

    async def check_voice(self, player: str) -> None:
        """Raise `Refused` if a moderator muted `player` (no chat and no messages) now."""
        mute = await self.active(player, "mute")
        if mute is not None:
            raise Refused(sanction_words(mute))

    async def audit_log(self, limit: int = 200) -> list[dict[str, Any]]:
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(audit).order_by(audit.c.id.desc()).limit(limit))).all()
        return [{"id": r.id, "at": r.at, "actor": r.actor, "action": r.action, "subject": r.subject, "detail": r.detail}
                for r in rows]

    async def _audit(self, conn: Any, actor: str | None, action: str, subject: str | None,
                     detail: dict[str, Any]) -> None:
        who = "command line"
        if actor is not None:
            who = str(await conn.scalar(sa.select(players.c.name).where(players.c.id == actor)) or actor)
        await conn.execute(audit.insert().values(at=time.time(), actor=who, action=action, subject=subject,
                                                 detail=detail))


def sanction_words(sanction: dict[str, Any]) -> Msg:
    """What a sanctioned person is told: what, until when, and the moderator's reason."""
    kind, until, reason = sanction["kind"], sanction["until"], sanction["reason"] or "—"
    if kind == "ban":
        if until is None:
            return Msg(N_("you are banned from this room for good; the moderators' reason: {reason}"), reason=reason)
        return Msg(N_("you are banned from this room until {until}; the moderators' reason: {reason}"),
                   until=when(until), reason=reason)
    if kind == "kick":
        return Msg(N_("a moderator removed you from this table until {until}; their reason: {reason}"),
                   until=when(until) if until else "—", reason=reason)
    if until is None:
        return Msg(N_("a moderator muted you for good: you cannot chat or send messages; their reason: {reason}"),
                   reason=reason)
    return Msg(N_("a moderator muted you until {until}: you cannot chat or send messages; their reason: {reason}"),
               until=when(until), reason=reason)


def _public(entry: dict[str, Any]) -> dict[str, Any]:
    """A log entry as a report shows it: chat and seating in full, a move only by its kind and
    seat (no hidden card leaves the table through a report)."""
    kind = entry.get("kind")
    if kind == "chat":
        return {"kind": "chat", "player": entry.get("player"), "name": entry.get("name"), "text": entry.get("text")}
    return {k: v for k, v in entry.items() if k in ("kind", "player", "name", "seat", "at", "reason")}


DURATION_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_duration(text: str | None) -> float | None:
    """"30m", "1h", "7d", "2w" in seconds; "forever" (or nothing) is None."""
    if text is None or text.strip().lower() in ("", "forever", "permanent"):
        return None
    value = text.strip().lower()
    unit = DURATION_UNITS.get(value[-1:])
    number = value[:-1] if unit else value
    try:
        amount = float(number)
    except ValueError:
        amount = -1.0
    if not amount > 0 or amount > 10 * 365:
        raise SocialError(Msg(N_("a duration is a number and a unit (s, m, h, d, w) such as 30m, 1h, 7d, "
                                 "or forever; got {value}"), value=repr(text)))
    return amount * (unit or 1)
