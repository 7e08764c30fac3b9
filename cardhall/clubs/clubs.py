"""Clubs, their people and their announcements, each change a database row (migration 0011).

- A club has a name (unique regardless of case and look-alike letters), a description, and is
  open (anyone with an account joins) or by invitation (an admin invites; the person joins).
- Its creator is its first admin; an admin invites, makes a member an admin, posts
  announcements, and makes and starts the club's events. A member leaves; the last admin cannot
  leave while other members remain (make one of them an admin first).
- A moderator closes a club: it is then read-only and listed no more.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from cardhall.clubs.errors import ClubError, ClubNotAllowed, ClubNotFound
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.people.names import keys
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, club_members, club_posts, clubs, players

NAME = 60
DESCRIPTION = 1000
POST = 2000


def clean(text: Any, most: int, what: str, empty: bool = False) -> str:
    """A name, description or announcement: printable, trimmed, at most `most` characters."""
    if not isinstance(text, str):
        raise ClubError(Msg(N_("{what} is text; got {value}"), what=what, value=repr(text)))
    cleaned = "".join(ch for ch in text if ch.isprintable() or ch == "\n").strip()
    if not cleaned and not empty:
        raise ClubError(Msg(N_("{what} is needed: write some text"), what=what))
    if len(cleaned) > most:
        raise ClubError(Plural("{what} has at most {count} character; this one has {length}",
                               "{what} has at most {count} characters; this one has {length}", count=most,
                               what=what, length=len(cleaned)))
    return cleaned


async def club_row(room: Room, club_id: str) -> dict[str, Any]:
    """The club, or a `ClubNotFound` sentence (also for a closed club)."""
    async with room.store.engine.connect() as conn:
        row = (await conn.execute(sa.select(clubs).where(clubs.c.id == club_id))).first()
    if row is None or row.closed is not None:
        raise ClubNotFound(Msg(N_("there is no club \"{club}\" here (GET /api/clubs lists them)"), club=club_id))
    return dict(row._mapping)


async def role_of(room: Room, club_id: str, player: str | None) -> str | None:
    """"admin", "member", "invited", or None."""
    if player is None:
        return None
    async with room.store.engine.connect() as conn:
        return await conn.scalar(sa.select(club_members.c.role).where(
            club_members.c.club == club_id, club_members.c.player == player))


async def is_member(room: Room, club_id: str, player: str) -> bool:
    return await role_of(room, club_id, player) in ("admin", "member")


async def need_admin(room: Room, club_id: str, player: str) -> dict[str, Any]:
    found = await club_row(room, club_id)
    if await role_of(room, club_id, player) != "admin":
        raise ClubNotAllowed(Msg(N_("only the club's admins can do this")))
    return found


async def create(room: Room, player: str, name: Any, description: Any, open_: Any) -> str:
    """A new club with `player` as its admin; its id."""
    if await room.is_guest(player):
        raise ClubNotAllowed(Msg(N_("clubs are for accounts: register (POST /api/accounts) first")))
    name = clean(name, NAME, "name")
    description = clean(description, DESCRIPTION, "description", empty=True)
    if not isinstance(open_, bool):
        raise ClubError(Msg(N_("open is true (anyone may join) or false (by invitation); got {value}"),
                            value=repr(open_)))
    club_id, now = secrets.token_urlsafe(8), time.time()
    try:
        async with Transaction(room.store) as conn:
            await conn.execute(clubs.insert().values(id=club_id, name=name, name_fold=keys(name)[0],
                                                     description=description, open=open_, creator=player, created=now))
            await conn.execute(club_members.insert().values(club=club_id, player=player, role="admin", since=now))
    except IntegrityError:
        raise ClubError(Msg(N_("there is already a club called {name}; choose another name"), name=name)) from None
    return club_id


async def set_role(room: Room, club_id: str, player: str, role: str) -> None:
    async with Transaction(room.store) as conn:
        done = await conn.execute(club_members.update().where(
            club_members.c.club == club_id, club_members.c.player == player).values(role=role))
        if not done.rowcount:
            await conn.execute(club_members.insert().values(club=club_id, player=player, role=role, since=time.time()))


async def join(room: Room, club_id: str, player: str) -> None:
    """Join an open club, or a club that invited `player`."""
    found = await club_row(room, club_id)
    if await room.is_guest(player):
        raise ClubNotAllowed(Msg(N_("clubs are for accounts: register (POST /api/accounts) first")))
    role = await role_of(room, club_id, player)
    if role in ("admin", "member"):
        raise ClubError(Msg(N_("you are already a member of this club")))
    if role != "invited" and not found["open"]:
        raise ClubNotAllowed(Msg(N_("this club is joined by invitation: ask one of its admins")))
    await set_role(room, club_id, player, "member")


async def leave(room: Room, club_id: str, player: str) -> None:
    """Leave a club (the last admin only when nobody else is left)."""
    await club_row(room, club_id)
    role = await role_of(room, club_id, player)
    if role not in ("admin", "member"):
        raise ClubError(Msg(N_("you are not a member of this club")))
    async with Transaction(room.store) as conn:
        people = {r.player: r.role for r in await conn.execute(sa.select(club_members).where(
            club_members.c.club == club_id, club_members.c.role.in_(("admin", "member"))))}
        admins = [p for p, r in people.items() if r == "admin"]
        if role == "admin" and admins == [player] and len(people) > 1:
            raise ClubError(Msg(N_("you are the club's last admin: make another member an admin before you leave")))
        await conn.execute(club_members.delete().where(club_members.c.club == club_id,
                                                       club_members.c.player == player))


async def person(room: Room, name: Any) -> str:
    """The account called `name`, or a sentence."""
    if not isinstance(name, str) or not name.strip():
        raise ClubError(Msg(N_("name is the name of a person with an account")))
    async with room.store.engine.connect() as conn:
        found = await conn.scalar(sa.select(players.c.id).where(players.c.name_fold == keys(name)[0],
                                                                players.c.registered.is_not(None)))
    if found is None:
        raise ClubNotFound(Msg(N_("nobody with an account is called {name} here"), name=name))
    return str(found)


async def invite(room: Room, club_id: str, admin: str, name: Any) -> str:
    """An admin invites the account `name`; the person invited (their id)."""
    await need_admin(room, club_id, admin)
    who = await person(room, name)
    if await role_of(room, club_id, who) is not None:
        raise ClubError(Msg(N_("{name} is already a member of this club or invited to it"), name=name))
    await set_role(room, club_id, who, "invited")
    return who


async def make_admin(room: Room, club_id: str, admin: str, name: Any) -> None:
    await need_admin(room, club_id, admin)
    who = await person(room, name)
    if await role_of(room, club_id, who) != "member":
        raise ClubError(Msg(N_("{name} is not a member of this club (or is an admin already)"), name=name))
    await set_role(room, club_id, who, "admin")


async def announce(room: Room, club_id: str, admin: str, text: Any) -> dict[str, Any]:
    await need_admin(room, club_id, admin)
    text = clean(text, POST, "text")
    now = time.time()
    async with Transaction(room.store) as conn:
        await conn.execute(club_posts.insert().values(club=club_id, author=admin, text=text, at=now))
    return {"text": text, "at": now, "by": await room.player_name(admin)}


async def close(room: Room, club_id: str, moderator: str, reason: Any) -> dict[str, Any]:
    """A moderator closes the club for `reason`: read-only, listed no more (`closing.close_club`)."""
    from cardhall.clubs.closing import close_club

    await club_row(room, club_id)
    return await close_club(room.store, club_id, moderator, reason)


async def members(room: Room, club_id: str) -> list[dict[str, Any]]:
    """The club's people: name and role, admins first."""
    async with room.store.engine.connect() as conn:
        found = await conn.execute(sa.select(club_members.c.role, players.c.name).join(
            players, players.c.id == club_members.c.player).where(club_members.c.club == club_id))
        rows = [{"name": r.name, "role": r.role} for r in found]
    order = {"admin": 0, "member": 1, "invited": 2}
    return sorted(rows, key=lambda r: (order[r["role"]], r["name"].casefold()))


async def posts(room: Room, club_id: str, limit: int = 50) -> list[dict[str, Any]]:
    async with room.store.engine.connect() as conn:
        found = await conn.execute(sa.select(club_posts.c.text, club_posts.c.at, players.c.name).join(
            players, players.c.id == club_posts.c.author).where(club_posts.c.club == club_id)
            .order_by(club_posts.c.at.desc()).limit(limit))
        return [{"text": r.text, "at": r.at, "by": r.name} for r in found]


async def listing(room: Room) -> list[dict[str, Any]]:
    """Every club not closed, by name, with its member count."""
    async with room.store.engine.connect() as conn:
        counts: dict[str, int] = dict((await conn.execute(sa.select(club_members.c.club, sa.func.count()).where(
            club_members.c.role.in_(("admin", "member"))).group_by(club_members.c.club))).all())
        found = await conn.execute(sa.select(clubs).where(clubs.c.closed.is_(None)).order_by(clubs.c.name_fold))
        return [public(dict(r._mapping), int(counts.get(r.id, 0))) for r in found]


def public(row: dict[str, Any], count: int) -> dict[str, Any]:
    return {"id": row["id"], "name": row["name"], "description": row["description"], "open": row["open"],
            "created": row["created"], "members": count}


async def member_ids(room: Room, club_id: str) -> list[str]:
    async with room.store.engine.connect() as conn:
        return list(await conn.scalars(sa.select(club_members.c.player).where(
            club_members.c.club == club_id, club_members.c.role.in_(("admin", "member")))))
