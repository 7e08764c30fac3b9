"""Friends, privacy and blocks and mutes (docs in `social`).

- **Friends** are accounts (names are unique only for accounts): a request to a person who
  already asked me accepts theirs; either may remove the friendship (or withdraw a request).
- **Privacy**: each person chooses who may invite them, message them and join their tables:
  `everyone` (the default), `friends` or `nobody`.
- **Block**: a person I block cannot invite me, message me, befriend me or sit at a table I host
  or sit at; they are not told. **Mute**: I no longer hear a person's chat (tables and the
  lobby); they are not told.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from cardhall.core.i18n import N_, Msg
from cardhall.people.directory import Directory, Nobody, SocialError
from cardhall.room.store import (
    Transaction,
    friends,
    players,
    shuns,
)

PRIVACY = ("everyone", "friends", "nobody")
SETTINGS = ("invite_from", "message_from", "join_from")


class Friends(Directory):
    """The stored relations between two people: friendship, privacy, blocks and mutes."""

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

