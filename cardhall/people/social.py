"""The room's people together and safe: friends, privacy, blocks and mutes, private messages and
the lobby chat, invitations, reports and moderators (stored; presence is `room.presence`).

The rules:

- **Friends** are accounts (names are unique only for accounts): a request to a person who
  already asked me accepts theirs; either may remove the friendship (or withdraw a request).
- **Privacy**: each person chooses who may invite them, message them and join their tables:
  `everyone` (the default), `friends` or `nobody`.
- **Block**: a person I block cannot invite me, message me, befriend me or sit at a table I host
  or sit at; they are not told — their invitations and messages are stored as sent and never
  shown to me, and a refused seat says only that the table's people choose who joins.
  **Mute**: I no longer hear a person's chat (tables and the lobby); they are not told.
- **Messages**: private messages are kept; unread ones are listed until read. The lobby chat is
  one room-wide conversation. Text is cleaned like table chat (control characters removed, at
  most 500 characters); pages escape it when they show it.
- **Reports** name a person, and may name a message or a table (its last 50 log entries are
  attached as they were at the time).
- **Moderators** (`role` "moderator", given by `cardhall admin grant`) mute (no chat or
  messages anywhere), ban (no login, no requests, no new guests from the banned session) and
  kick a person from a table, each until a time or for good, with a reason shown to the person;
  every action is in the audit log.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import sqlalchemy as sa

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.people.names import keys
from cardhall.room.store import (
    Store,
    Transaction,
    audit,
    friends,
    invitations,
    messages,
    players,
    reports,
    sanctions,
    shuns,
    table_log,
)

PRIVACY = ("everyone", "friends", "nobody")
SETTINGS = ("invite_from", "message_from", "join_from")
ROLES = ("moderator",)
TEXT_LIMIT = 500
LOBBY_KEPT = 100
"""Lobby chat messages a reader gets back (the newest)."""
REPORT_LOG = 50
"""Entries of a table's log attached to a report (the newest)."""


class SocialError(CardhallError):
    """A request about people that cannot be done; the sentence says why."""


class Refused(SocialError):
    """Not allowed: another person's privacy setting, a moderator's mute, or a missing role (HTTP 403)."""


class Nobody(SocialError):
    """No such person or invitation (HTTP 404)."""


class Banned(SocialError):
    """The person is banned; the sentence gives the reason and until when."""


def clean_text(text: object) -> str:
    """A message as stored: text without control characters, 1 to 500 characters."""
    if not isinstance(text, str):
        raise SocialError(Msg(N_("a message must be text")))
    cleaned = "".join(ch for ch in text if ch.isprintable() or ch == "\n").strip()
    if not cleaned:
        raise SocialError(Msg(N_("the message is empty; write some text")))
    if len(cleaned) > TEXT_LIMIT:
        raise SocialError(Plural("a message has at most {count} character, this one has {length}",
                                 "a message has at most {count} characters, this one has {length}",
                                 count=TEXT_LIMIT, length=len(cleaned)))
    return cleaned


def when(seconds: float | None) -> str:
    """A sanction's end as UTC text ("for good" is said by the caller when None)."""
    return "" if seconds is None else time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))


class Social:
    """The stored relations between people, their messages and the moderators' work."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # --- people ---------------------------------------------------------------------
    async def account(self, name: str) -> tuple[str, str]:
        """(player id, name) of the account called `name` (regardless of case and look-alikes)."""
        try:
            fold = keys(name)[0]
        except CardhallError:
            fold = None
        async with self.store.engine.connect() as conn:
            row = None if fold is None else (await conn.execute(
                sa.select(players.c.id, players.c.name).where(players.c.name_fold == fold))).first()
        if row is None:
            raise Nobody(Msg(N_("there is no account called {name} here (friends, invitations and messages "
                                "are between accounts)"), name=name))
        return str(row.id), str(row.name)

    async def person(self, name: str) -> tuple[str, str]:
        """(player id, name) of an account by its name, else a guest by its player id."""
        try:
            return await self.account(name)
        except Nobody:
            async with self.store.engine.connect() as conn:
                row = (await conn.execute(sa.select(players.c.id, players.c.name).where(players.c.id == name))).first()
            if row is None:
                raise Nobody(Msg(N_("there is nobody called {name} here"), name=name)) from None
            return str(row.id), str(row.name)

    async def names(self, ids: list[str]) -> dict[str, str]:
        if not ids:
            return {}
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(players.c.id, players.c.name).where(players.c.id.in_(ids)))).all()
        return {str(r.id): str(r.name) for r in rows}

    async def must_be_account(self, player: str) -> None:
        if not await self.store.is_account(player):
            raise Refused(Msg(N_("friends, invitations and private messages are for accounts; register first "
                                 "(your tables and history come along)")))

    # --- friends --------------------------------------------------------------------
    async def _pair(self, conn: Any, a: str, b: str) -> Any:
        return (await conn.execute(sa.select(friends).where(sa.or_(
            sa.and_(friends.c.requester == a, friends.c.addressee == b),
            sa.and_(friends.c.requester == b, friends.c.addressee == a))))).first()

    async def request_friend(self, me: str, name: str) -> str:
        """Ask `name` to be my friend; "requested", or "accepted" when they had asked me (or we
        are friends already)."""
        await self.must_be_account(me)
        other, _shown = await self.account(name)
        if other == me:
            raise SocialError(Msg(N_("you cannot be your own friend; give another person's name")))
        async with Transaction(self.store) as conn:
            row = await self._pair(conn, me, other)
            if row is None:
                await conn.execute(friends.insert().values(requester=me, addressee=other, accepted=False,
                                                           created=time.time()))
                return "requested"
            if row.accepted:
                return "accepted"
            if row.requester == other:
                if await self._shuns(conn, me, other, "block"):  # a blocked person's request stays unseen
                    return "requested"
                await conn.execute(friends.update().where(friends.c.requester == other, friends.c.addressee == me)
                                   .values(accepted=True))
                return "accepted"
            return "requested"

    async def answer_friend(self, me: str, name: str, accept: bool) -> None:
        """Accept or decline the request `name` sent me."""
        other, shown = await self.account(name)
        async with Transaction(self.store) as conn:
            row = (await conn.execute(sa.select(friends).where(
                friends.c.requester == other, friends.c.addressee == me, friends.c.accepted.is_(False)))).first()
            if row is None or await self._shuns(conn, me, other, "block"):
                raise Nobody(Msg(N_("{name} has not asked to be your friend"), name=shown))
            where = sa.and_(friends.c.requester == other, friends.c.addressee == me)
            if accept:
                await conn.execute(friends.update().where(where).values(accepted=True))
            else:
                await conn.execute(friends.delete().where(where))

    async def remove_friend(self, me: str, name: str) -> None:
        """End a friendship, or withdraw my request."""
        other, shown = await self.account(name)
        async with Transaction(self.store) as conn:
            gone = await conn.execute(friends.delete().where(sa.or_(
                sa.and_(friends.c.requester == me, friends.c.addressee == other),
                sa.and_(friends.c.requester == other, friends.c.addressee == me, friends.c.accepted.is_(True)))))
            if gone.rowcount == 0:
                raise Nobody(Msg(N_("{name} is not your friend"), name=shown))

    async def friends_of(self, me: str) -> dict[str, list[str]]:
        """My friends, the requests I received (not from people I block) and those I sent: ids."""
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(friends).where(
                sa.or_(friends.c.requester == me, friends.c.addressee == me)))).all()
            blocked = await self._shunned(conn, me, "block")
        mine: dict[str, list[str]] = {"friends": [], "incoming": [], "outgoing": []}
        for row in rows:
            other = row.addressee if row.requester == me else row.requester
            if row.accepted:
                mine["friends"].append(other)
            elif row.requester == me:
                mine["outgoing"].append(other)
            elif other not in blocked:
                mine["incoming"].append(other)
        return mine

    async def are_friends(self, a: str, b: str) -> bool:
        async with self.store.engine.connect() as conn:
            row = await self._pair(conn, a, b)
        return row is not None and bool(row.accepted)

    # --- privacy --------------------------------------------------------------------
    async def privacy(self, me: str) -> dict[str, str]:
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(sa.select(*(players.c[s] for s in SETTINGS)).where(players.c.id == me))).first()
        return {s: (getattr(row, s, None) or "everyone") for s in SETTINGS}

    async def set_privacy(self, me: str, changes: dict[str, str | None]) -> dict[str, str]:
        values: dict[str, str] = {}
        for setting, value in changes.items():
            if value is None:
                continue
            if value not in PRIVACY:
                raise SocialError(Msg(N_("{setting} is one of everyone, friends, nobody; got {value}"),
                                      setting=setting, value=repr(value)))
            values[setting] = value
        if values:
            async with Transaction(self.store) as conn:
                await conn.execute(players.update().where(players.c.id == me).values(**values))
        return await self.privacy(me)

    async def allows(self, owner: str, setting: str, other: str) -> bool:
        """Whether `owner`'s privacy `setting` lets `other` in (a block shuts them out too)."""
        if other == owner:
            return True
        if await self.blocks(owner, other):
            return False
        choice = (await self.privacy(owner))[setting]
        return choice == "everyone" or (choice == "friends" and await self.are_friends(owner, other))

    # --- blocks and mutes -----------------------------------------------------------
    @staticmethod
    async def _shuns(conn: Any, player: str, other: str, kind: str) -> bool:
        return (await conn.scalar(sa.select(shuns.c.created).where(
            shuns.c.player == player, shuns.c.other == other, shuns.c.kind == kind))) is not None

    @staticmethod
    async def _shunned(conn: Any, player: str, kind: str) -> set[str]:
        rows = await conn.scalars(sa.select(shuns.c.other).where(shuns.c.player == player, shuns.c.kind == kind))
        return {str(r) for r in rows}

    async def blocks(self, player: str, other: str) -> bool:
        """Whether `player` blocks `other`."""
        async with self.store.engine.connect() as conn:
            return await self._shuns(conn, player, other, "block")

    async def shunned(self, player: str, kind: str) -> set[str]:
        """The people `player` blocks ("block") or mutes ("mute")."""
        async with self.store.engine.connect() as conn:
            return await self._shunned(conn, player, kind)

    async def shun(self, me: str, name: str, kind: str, on: bool) -> tuple[str, str]:
        """Block or mute (`kind`) the person `name`, or stop (`on` false); (their id, name)."""
        other, shown = await self.person(name)
        if other == me:
            raise SocialError(Msg(N_("you cannot block or mute yourself; give another person's name")))
        async with Transaction(self.store) as conn:
            known = await self._shuns(conn, me, other, kind)
            if on and not known:
                await conn.execute(shuns.insert().values(player=me, other=other, kind=kind, created=time.time()))
            elif not on and known:
                await conn.execute(shuns.delete().where(shuns.c.player == me, shuns.c.other == other,
                                                        shuns.c.kind == kind))
        return other, shown

    async def blocked_by_any(self, player: str, people: set[str]) -> bool:
        """Whether one of `people` blocks `player` (who then may not sit with them)."""
        people = people - {player}
        if not people:
            return False
        async with self.store.engine.connect() as conn:
            found = await conn.scalar(sa.select(sa.func.count()).select_from(shuns).where(
                shuns.c.player.in_(people), shuns.c.other == player, shuns.c.kind == "block"))
        return bool(found)

    # --- messages -------------------------------------------------------------------
    async def send_message(self, me: str, name: str, text: object) -> dict[str, Any]:
        """A private message to the account `name`; refused by their `message_from` (they are
        told nothing if they block me: the message is kept, never shown to them)."""
        await self.must_be_account(me)
        text = clean_text(text)
        other, shown = await self.account(name)
        if other == me:
            raise SocialError(Msg(N_("a message goes to another person; give their name")))
        blocked = await self.blocks(other, me)
        if not blocked:
            choice = (await self.privacy(other))["message_from"]
            if choice == "nobody" or (choice == "friends" and not await self.are_friends(other, me)):
                raise Refused(Msg(N_("{name} takes messages only from their friends") if choice == "friends"
                                  else N_("{name} takes no messages"), name=shown))
        return await self._message(me, other, text, hidden=blocked)

    async def post_lobby(self, me: str, text: object) -> dict[str, Any]:
        """A message to the room's lobby chat."""
        return await self._message(me, None, clean_text(text), hidden=False)

    async def _message(self, me: str, to: str | None, text: str, hidden: bool) -> dict[str, Any]:
        sender = (await self.names([me])).get(me, "?")
        now = time.time()
        async with Transaction(self.store) as conn:
            made = await conn.execute(messages.insert().values(
                sender=me, name=sender, recipient=to, text=text, sent=now, read=False, hidden=hidden))
            number = int(made.inserted_primary_key[0])  # type: ignore[index]
        return {"id": number, "from": me, "name": sender, "to": to, "text": text, "sent": now, "hidden": hidden}

    @staticmethod
    def _shown(row: sa.Row[Any]) -> dict[str, Any]:
        return {"id": row.id, "from": row.sender, "name": row.name, "to": row.recipient, "text": row.text,
                "sent": row.sent, "read": bool(row.read)}

    async def lobby_chat(self, me: str | None, limit: int = LOBBY_KEPT) -> list[dict[str, Any]]:
        """The lobby chat's newest messages, oldest first, without those of people `me` mutes or blocks."""
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(messages).where(messages.c.recipient.is_(None))
                                       .order_by(messages.c.id.desc()).limit(limit))).all()
            hidden = set() if me is None else (await self._shunned(conn, me, "mute") | await self._shunned(conn, me, "block"))
        return [self._shown(r) for r in reversed(rows) if r.sender not in hidden]

    async def inbox(self, me: str) -> list[dict[str, Any]]:
        """My conversations, the latest first: the other person, their last message, my unread count."""
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(messages).where(sa.or_(
                messages.c.sender == me, sa.and_(messages.c.recipient == me, messages.c.hidden.is_(False))))
                .where(messages.c.recipient.is_not(None)).order_by(messages.c.id))).all()
        talks: dict[str, dict[str, Any]] = {}
        for row in rows:
            other = row.recipient if row.sender == me else row.sender
            talk = talks.setdefault(other, {"player": other, "unread": 0})
            talk["last"] = self._shown(row)
            if row.recipient == me and not row.read:
                talk["unread"] += 1
        names = await self.names(list(talks))
        for other, talk in talks.items():
            talk["name"] = names.get(other, "?")
        return sorted(talks.values(), key=lambda t: -t["last"]["id"])

    async def conversation(self, me: str, name: str) -> tuple[str, list[dict[str, Any]]]:
        """My messages with `name`, oldest first; those to me are marked read now."""
        other, shown = await self.person(name)
        both = sa.or_(sa.and_(messages.c.sender == me, messages.c.recipient == other),
                      sa.and_(messages.c.sender == other, messages.c.recipient == me, messages.c.hidden.is_(False)))
        async with Transaction(self.store) as conn:
            rows = (await conn.execute(sa.select(messages).where(both).order_by(messages.c.id))).all()
            await conn.execute(messages.update().where(messages.c.sender == other, messages.c.recipient == me)
                               .values(read=True))
        return shown, [self._shown(r) for r in rows]

    async def unread(self, me: str) -> int:
        async with self.store.engine.connect() as conn:
            found = await conn.scalar(sa.select(sa.func.count()).select_from(messages).where(
                messages.c.recipient == me, messages.c.read.is_(False), messages.c.hidden.is_(False)))
        return int(found or 0)

    # --- invitations ----------------------------------------------------------------
    async def invite(self, me: str, name: str, table_id: str) -> dict[str, Any]:
        """An invitation from me to `name` to sit at `table_id` (the caller checked the table).
        Refused by their `invite_from`; if they block me it is kept, never shown to them."""
        await self.must_be_account(me)
        other, shown = await self.account(name)
        if other == me:
            raise SocialError(Msg(N_("you are at your own table already; invite another person")))
        blocked = await self.blocks(other, me)
        if not blocked:
            choice = (await self.privacy(other))["invite_from"]
            if choice == "nobody" or (choice == "friends" and not await self.are_friends(other, me)):
                raise Refused(Msg(N_("{name} takes invitations only from their friends") if choice == "friends"
                                  else N_("{name} takes no invitations"), name=shown))
        number = secrets.token_urlsafe(12)
        now = time.time()
        async with Transaction(self.store) as conn:
            await conn.execute(invitations.insert().values(id=number, sender=me, recipient=other, table_id=table_id,
                                                           created=now, answer=None, hidden=blocked))
        return {"id": number, "from": me, "to": other, "to_name": shown, "table": table_id, "created": now,
                "hidden": blocked}

    async def invitation(self, me: str, number: str) -> dict[str, Any]:
        """An open invitation sent to me."""
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(sa.select(invitations).where(
                invitations.c.id == number, invitations.c.recipient == me, invitations.c.hidden.is_(False)))).first()
        if row is None or row.answer is not None:
            raise Nobody(Msg(N_("there is no open invitation {id} for you"), id=number))
        return {"id": row.id, "from": row.sender, "table": row.table_id, "created": row.created}

    async def answer_invitation(self, me: str, number: str, answer: str) -> None:
        async with Transaction(self.store) as conn:
            await conn.execute(invitations.update().where(invitations.c.id == number, invitations.c.recipient == me)
                               .values(answer=answer))

    async def invited(self, player: str, table_id: str) -> bool:
        """Whether `player` has an invitation (open or accepted) to `table_id`."""
        async with self.store.engine.connect() as conn:
            found = await conn.scalar(sa.select(sa.func.count()).select_from(invitations).where(
                invitations.c.recipient == player, invitations.c.table_id == table_id,
                invitations.c.hidden.is_(False), sa.or_(invitations.c.answer.is_(None),
                                                        invitations.c.answer == "accepted")))
        return bool(found)

    async def open_invitations(self, me: str, since: float) -> list[dict[str, Any]]:
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(invitations).where(
                invitations.c.recipient == me, invitations.c.answer.is_(None), invitations.c.hidden.is_(False),
                invitations.c.created >= since).order_by(invitations.c.created))).all()
        names = await self.names([r.sender for r in rows])
        return [{"id": r.id, "from": r.sender, "name": names.get(r.sender, "?"), "table": r.table_id,
                 "created": r.created} for r in rows]

    # --- reports --------------------------------------------------------------------
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
                attached["message"] = self._shown(row)
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
