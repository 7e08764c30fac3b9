"""Invitations to sit at a table (docs in `social`): refused by the invited person's
`invite_from` setting; one to a person who blocks me is kept and never shown to them."""

from __future__ import annotations

import secrets
import time
from typing import Any

import sqlalchemy as sa

from cardhall.core.i18n import N_, Msg
from cardhall.people.directory import Nobody, Refused, SocialError
from cardhall.people.friends import Friends
from cardhall.room.store import (
    Transaction,
    invitations,
)


class Invitations(Friends):
    """Invitations from one account to another to sit at a table."""

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

