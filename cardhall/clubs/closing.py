"""Closing a club (a moderator's work, docs/room.md "Clubs"): the club is closed with a reason,
stored with who closed it and written to the moderators' audit log, in one transaction; a
closed club is read-only and listed no more (`clubs.club_row` answers it as not found).

Works on the store alone, so the page and API (`cardhall.web.clubs`) and the terminal's
`cardhall club close NAME --reason …` on the database (`cardhall.tui.clubs.close_club`) share it.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from cardhall.clubs.errors import ClubError, ClubNotAllowed, ClubNotFound
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.people.names import keys
from cardhall.room.store import Store, Transaction, audit, clubs, players

REASON = 500
"""The most characters of a reason."""


def check_reason(reason: Any) -> str:
    """The reason, printable and trimmed, or a sentence."""
    if not isinstance(reason, str) or not "".join(ch for ch in reason if ch.isprintable()).strip():
        raise ClubError(Msg(N_("reason is needed: say in a few words why the club is closed")))
    cleaned = "".join(ch for ch in reason if ch.isprintable()).strip()
    if len(cleaned) > REASON:
        raise ClubError(Plural("reason has at most {count} character; this one has {length}",
                               "reason has at most {count} characters; this one has {length}", count=REASON,
                               length=len(cleaned)))
    return cleaned


async def find_club(store: Store, club: str) -> dict[str, Any]:
    """The open club whose id or name (regardless of case and look-alike letters) is `club`."""
    async with store.engine.connect() as conn:
        row = (await conn.execute(sa.select(clubs).where(sa.or_(
            clubs.c.id == club, clubs.c.name_fold == keys(club)[0])))).first()
    if row is None or row.closed is not None:
        raise ClubNotFound(Msg(N_("there is no club \"{club}\" here (GET /api/clubs lists them)"), club=club))
    return dict(row._mapping)


async def close_club(store: Store, club: str, moderator: str | None, reason: Any) -> dict[str, Any]:
    """Close the club `club` (id or name) for `reason`; `moderator` None: the room's operator at the
    command line (on the database). The closed club's id, name and reason."""
    reason = check_reason(reason)
    found = await find_club(store, club)
    actor = "command line"
    if moderator is not None:
        async with store.engine.connect() as conn:
            role, name = (await conn.execute(sa.select(players.c.role, players.c.name).where(
                players.c.id == moderator))).first() or (None, None)
        if role != "moderator":
            raise ClubNotAllowed(Msg(N_("only a moderator can close a club")))
        actor = str(name or moderator)
    now = time.time()
    async with Transaction(store) as conn:
        done = await conn.execute(clubs.update().where(clubs.c.id == found["id"], clubs.c.closed.is_(None)).values(
            closed=now, close_reason=reason, closed_by=moderator))
        if not done.rowcount:
            raise ClubNotFound(Msg(N_("there is no club \"{club}\" here (GET /api/clubs lists them)"), club=club))
        await conn.execute(audit.insert().values(at=now, actor=actor, action="close club", subject=found["name"],
                                                 detail={"club": found["id"], "reason": reason}))
    return {"id": found["id"], "name": found["name"], "closed": True, "reason": reason}
