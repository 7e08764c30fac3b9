"""Making, listing and showing events of any kind (the kind's settings are checked by the kind)."""

from __future__ import annotations

import secrets
import time
from typing import Any

import sqlalchemy as sa

from cardhall.clubs.clubs import need_admin
from cardhall.core.errors import CardhallError, OptionError
from cardhall.core.i18n import N_, Msg
from cardhall.events.arena import check_spec as arena_spec
from cardhall.events.boards import board_options, game_name, new_secret
from cardhall.events.duplicate import MAX_BOARDS, MAX_HOURS, event_row
from cardhall.events.errors import EventError
from cardhall.events.swiss import check_spec as swiss_spec
from cardhall.events.swiss import is_rated
from cardhall.room.new_tables import ROOM_BOTS
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, event_entries, events

KINDS = ("duplicate", "swiss", "arena")
"""The kinds of event this room runs (docs/room.md, "Events")."""
OPEN_EVENTS_PER_PERSON = 5
"""Open events one person may have made at once."""


def any_game(game: Any) -> str:
    """A game's registered name for a name or alias (an `OptionError` sentence otherwise)."""
    from cardhall.core.registry import game_names, load
    try:
        return str(load(game).name)
    except (CardhallError, TypeError):
        raise OptionError(Msg(N_("game is one of {games}; got {game}"), games=", ".join(game_names()),
                              game=repr(game))) from None


def check_hours(hours: Any) -> None:
    if not isinstance(hours, int | float) or isinstance(hours, bool) or not 0 < hours <= MAX_HOURS:
        raise OptionError(Msg(N_("hours is a number above 0 and at most {most}; got {value}"), most=MAX_HOURS,
                              value=repr(hours)))


def check_spec(game: str, options: dict[str, Any], boards: Any, bots: Any, hours: Any) -> dict[str, Any]:
    """A duplicate event's settings, each checked with a sentence."""
    board_options(game, options)
    if not isinstance(boards, int) or isinstance(boards, bool) or not 1 <= boards <= MAX_BOARDS:
        raise OptionError(Msg(N_("boards is a whole number from 1 to {most}; got {value}"), most=MAX_BOARDS,
                              value=repr(boards)))
    if bots not in ROOM_BOTS:
        raise OptionError(Msg(N_("bots is one of {levels}; got {value}"), levels=", ".join(ROOM_BOTS), value=repr(bots)))
    if not isinstance(hours, int | float) or isinstance(hours, bool) or not 0 < hours <= MAX_HOURS:
        raise OptionError(Msg(N_("hours is a number above 0 and at most {most}; got {value}"), most=MAX_HOURS,
                              value=repr(hours)))
    return {"boards": boards, "bots": bots, "seat": 0}


async def create(room: Room, creator: str | None, kind: str, game: str, options: dict[str, Any], boards: Any,
                 bots: Any, hours: Any, daily: str | None = None, now: float | None = None,
                 address: str | None = None, swiss: dict[str, Any] | None = None,
                 club: str | None = None) -> dict[str, Any]:
    """A new event (`creator` None: the room's own); the creator needs an account and has at most
    `OPEN_EVENTS_PER_PERSON` open events. `swiss`: a Swiss event's rounds, grace and private
    (`cardhall.events.swiss.check_spec`), or an arena's minutes and private
    (`cardhall.events.arena.check_spec`); `hours` is then how long it waits for its start.
    `club`: a club's own event (its admins make it; only its members enter)."""
    if kind not in KINDS:
        raise OptionError(Msg(N_("an event's kind is one of {kinds}; got {value}"), kinds=", ".join(KINDS),
                              value=repr(kind)))
    game = game_name(game) if kind == "duplicate" else any_game(game)
    if not isinstance(options, dict):
        raise OptionError(Msg(N_("options is an object of the game's options, e.g. {example}"), example="{}"))
    got = swiss or {}
    if kind == "swiss":
        spec = swiss_spec(game, options, got.get("rounds"), got.get("grace"), bots, got.get("private", False),
                          got.get("places"))
        check_hours(hours)
    elif kind == "arena":
        spec = arena_spec(game, options, got.get("minutes"), bots, got.get("private", False))
        check_hours(hours)
    else:
        spec = check_spec(game, options, boards, bots, hours)
    now = time.time() if now is None else now
    if club is not None:
        await need_admin(room, club, creator or "")
        spec["club"] = club
    if creator is not None:
        if await room.is_guest(creator):
            raise EventError(Msg(N_("events are made by accounts: register (POST /api/accounts) first")))
        async with room.store.engine.connect() as conn:
            mine = int(await conn.scalar(sa.select(sa.func.count()).select_from(events).where(
                events.c.creator == creator, events.c.status == "open")) or 0)
        if mine >= OPEN_EVENTS_PER_PERSON:
            raise EventError(Msg(N_("you have {count} open events, the most one person may run at once; "
                                    "close one first"), count=mine))
        room.limits.take("event", time.time(), person=creator, address=address)
    event_id = secrets.token_urlsafe(8)
    async with Transaction(room.store) as conn:
        await conn.execute(events.insert().values(
            id=event_id, kind=kind, game=game, options=dict(options), spec=spec, secret=new_secret(),
            creator=creator, daily=daily, status="open", created=now, closes=now + float(hours) * 3600))
    return await show(room, event_id)


def public(row: dict[str, Any], entries: int) -> dict[str, Any]:
    """What anyone may read of an event (never its secret)."""
    return {"id": row["id"], "kind": row["kind"], "game": row["game"], "options": row["options"],
            "boards": row["spec"].get("boards"), "bots": row["spec"]["bots"], "status": row["status"],
            **({"rounds_planned": row["spec"]["rounds"], "grace": row["spec"]["grace"],
                "private": row["spec"]["private"]} if row["kind"] == "swiss" else {}),
            **({"minutes": row["spec"]["minutes"], "grace": row["spec"]["grace"], "private": row["spec"]["private"]}
               if row["kind"] == "arena" else {}),
            **({"rated": is_rated(row), "places": row["spec"].get("places")} if row["kind"] in ("swiss", "arena")
               else {}),
            "daily": row["daily"], "club": row["spec"].get("club"),
            "created": row["created"], "closes": row["closes"], "closed": row["closed"],
            "entries": entries}


async def entry_count(room: Room, event_id: str) -> int:
    async with room.store.engine.connect() as conn:
        return int(await conn.scalar(sa.select(sa.func.count()).select_from(event_entries).where(
            event_entries.c.event == event_id)) or 0)


async def show(room: Room, event_id: str) -> dict[str, Any]:
    row = await event_row(room, event_id)
    return public(row, await entry_count(room, event_id))


async def listing(room: Room, status: str | None = None, game: str | None = None) -> list[dict[str, Any]]:
    """Events newest first, filtered by status ("open", "over") and game."""
    if status not in (None, "open", "running", "over"):
        raise OptionError(Msg(N_("status is open, running or over; got {value}"), value=repr(status)))
    query = sa.select(events.c.id).order_by(events.c.created.desc()).limit(200)
    if game:
        query = query.where(events.c.game == game)
    async with room.store.engine.connect() as conn:
        ids = list(await conn.scalars(query))
    shown = [await show(room, i) for i in ids]
    return [e for e in shown if status is None or e["status"] == status]
