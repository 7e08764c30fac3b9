"""The clubs API (docs/room.md, "Clubs"): `/api/clubs` and each club's members, invitations,
admins, announcements and close. Refusals are sentences (their statuses in `routes.answers.STATUS`)."""

from __future__ import annotations

from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardhall.clubs import clubs
from cardhall.events.club_standings import club_events, standings
from cardhall.events.duplicate import is_moderator
from cardhall.events.listing import show as show_event
from cardhall.room.registry import Room
from cardhall.web.routes.answers import api, read_body
from cardhall.web.routes.deps import Deps


class NewClub(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/clubs`: a club called `name`, its `description`, `open` to anyone or by invitation."""

    name: str
    description: str = ""
    open: bool = True


class Named(msgspec.Struct, forbid_unknown_fields=True):
    """A person named by their account's `name` (an invitation, a new admin)."""

    name: str


class Closing(msgspec.Struct, forbid_unknown_fields=True):
    """Why a moderator closes a club (`reason`, shown in the moderators' audit log)."""

    reason: str


class Post(msgspec.Struct, forbid_unknown_fields=True):
    """An announcement's `text`."""

    text: str


async def club_answer(room: Room, club_id: str, viewer: str | None) -> dict[str, Any]:
    """A club with its people, announcements, events and standings, and the viewer's role
    (`moderator`: the viewer may close the club)."""
    found = await clubs.club_row(room, club_id)
    people = await clubs.members(room, club_id)
    shown = [await show_event(room, e["id"]) for e in await club_events(room, club_id)]
    return {**clubs.public(found, sum(1 for p in people if p["role"] != "invited")), "people": people,
            "announcements": await clubs.posts(room, club_id), "events": shown,
            "standings": await standings(room, club_id), "you": await clubs.role_of(room, club_id, viewer),
            "moderator": viewer is not None and await is_moderator(room, viewer)}


async def create(deps: Deps, request: Request) -> Response:
    player = await deps.signed_in(request)
    body = await read_body(request, NewClub)
    club_id = await clubs.create(deps.room, player, body.name, body.description, body.open)
    return JSONResponse(await club_answer(deps.room, club_id, player), status_code=201)


async def index(deps: Deps, request: Request) -> Response:
    return JSONResponse({"clubs": await clubs.listing(deps.room)})


async def show(deps: Deps, request: Request) -> Response:
    return JSONResponse(await club_answer(deps.room, request.path_params["club_id"], await deps.player_of(request)))


async def act(deps: Deps, request: Request, fn: Any, *args: Any, status: int = 200) -> Response:
    """Carry out `fn(room, club id, player, *args)` for the signed-in caller, then answer the club."""
    player = await deps.signed_in(request)
    club_id = request.path_params["club_id"]
    await fn(deps.room, club_id, player, *args)
    return JSONResponse(await club_answer(deps.room, club_id, player), status_code=status)


async def join(deps: Deps, request: Request) -> Response:
    return await act(deps, request, clubs.join, status=201)


async def leave(deps: Deps, request: Request) -> Response:
    return await act(deps, request, clubs.leave)


async def invite(deps: Deps, request: Request) -> Response:
    """An invitation to the club; the person invited is told (`deps.presence.notify`)."""
    body = await read_body(request, Named)
    player = await deps.signed_in(request)
    club_id = request.path_params["club_id"]
    who = await clubs.invite(deps.room, club_id, player, body.name)
    found = await clubs.club_row(deps.room, club_id)
    await deps.presence.notify(who, {"type": "club_invitation", "club": club_id, "name": found["name"],
                                     "from": await deps.room.player_name(player)})
    return JSONResponse(await club_answer(deps.room, club_id, player), status_code=201)


async def admin(deps: Deps, request: Request) -> Response:
    body = await read_body(request, Named)
    return await act(deps, request, clubs.make_admin, body.name)


async def announce(deps: Deps, request: Request) -> Response:
    """An announcement; every other member is told."""
    body = await read_body(request, Post)
    player = await deps.signed_in(request)
    club_id = request.path_params["club_id"]
    post = await clubs.announce(deps.room, club_id, player, body.text)
    found = await clubs.club_row(deps.room, club_id)
    for p in await clubs.member_ids(deps.room, club_id):
        if p != player:
            await deps.presence.notify(p, {"type": "club_announcement", "club": club_id, "name": found["name"], **post})
    return JSONResponse(await club_answer(deps.room, club_id, player), status_code=201)


async def close(deps: Deps, request: Request) -> Response:
    """A moderator closes the club, saying why (`Closing`)."""
    player = await deps.signed_in(request)
    body = await read_body(request, Closing)
    return JSONResponse(await clubs.close(deps.room, request.path_params["club_id"], player, body.reason))


def routes(deps: Deps) -> list[Route]:
    """The clubs routes (a person invited, or the members of an announcement, are told by `deps.presence`)."""
    return [
        api(deps, "POST", "/api/clubs", create),
        api(deps, "GET", "/api/clubs", index),
        api(deps, "GET", "/api/clubs/{club_id}", show),
        api(deps, "POST", "/api/clubs/{club_id}/members", join),
        api(deps, "DELETE", "/api/clubs/{club_id}/members", leave),
        api(deps, "POST", "/api/clubs/{club_id}/invitations", invite),
        api(deps, "POST", "/api/clubs/{club_id}/admins", admin),
        api(deps, "POST", "/api/clubs/{club_id}/announcements", announce),
        api(deps, "POST", "/api/clubs/{club_id}/close", close),
    ]
