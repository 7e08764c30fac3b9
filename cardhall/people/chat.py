"""Private messages and the lobby chat (docs in `social`).

Private messages are kept; unread ones are listed until read; a message to a person who blocks
me is kept and never shown to them. The lobby chat is one room-wide conversation, without the
lines of people the reader mutes or blocks. Text is cleaned like table chat (`clean_text`:
control characters removed, at most `TEXT_LIMIT` characters); pages escape it when they show it.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from cardhall.core.i18n import N_, Msg, Plural
from cardhall.people.directory import Refused, SocialError
from cardhall.people.friends import Friends
from cardhall.room.store import (
    Transaction,
    messages,
)

TEXT_LIMIT = 500
LOBBY_KEPT = 100
"""Lobby chat messages a reader gets back (the newest)."""


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


def shown_message(row: sa.Row[Any]) -> dict[str, Any]:
    """A stored message as its readers get it."""
    return {"id": row.id, "from": row.sender, "name": row.name, "to": row.recipient, "text": row.text,
            "sent": row.sent, "read": bool(row.read)}


class Chat(Friends):
    """People's private messages and the lobby chat."""

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

    async def lobby_chat(self, me: str | None, limit: int = LOBBY_KEPT) -> list[dict[str, Any]]:
        """The lobby chat's newest messages, oldest first, without those of people `me` mutes or blocks."""
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(messages).where(messages.c.recipient.is_(None))
                                       .order_by(messages.c.id.desc()).limit(limit))).all()
            hidden = set() if me is None else (await self._shunned(conn, me, "mute") | await self._shunned(conn, me, "block"))
        return [shown_message(r) for r in reversed(rows) if r.sender not in hidden]

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
            talk["last"] = shown_message(row)
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
        return shown, [shown_message(r) for r in rows]

    async def unread(self, me: str) -> int:
        async with self.store.engine.connect() as conn:
            found = await conn.scalar(sa.select(sa.func.count()).select_from(messages).where(
                messages.c.recipient == me, messages.c.read.is_(False), messages.c.hidden.is_(False)))
        return int(found or 0)

