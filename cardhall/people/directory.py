"""Who is who among the room's people, for friends, messages and moderation: an account by its
name (regardless of case and look-alikes), a guest by player id, and the sentences of a refusal.

`Directory` holds the store; `friends.Friends`, `chat.Chat`, `invitations.Invitations` and
`moderation.Moderation` build on it, and `social.Social` is all of them for the web front.
"""

from __future__ import annotations

import sqlalchemy as sa

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.people.names import keys
from cardhall.room.store import (
    Store,
    players,
)


class SocialError(CardhallError):
    """A request about people that cannot be done; the sentence says why."""


class Refused(SocialError):
    """Not allowed: another person's privacy setting, a moderator's mute, or a missing role (HTTP 403)."""


class Nobody(SocialError):
    """No such person or invitation (HTTP 404)."""


class Banned(SocialError):
    """The person is banned; the sentence gives the reason and until when."""


class Directory:
    """The people of one room's store, looked up by name or id."""

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

