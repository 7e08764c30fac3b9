"""The clubs API (docs/room.md, "Clubs"): `/api/clubs` and each club's members, invitations,
admins, announcements and close. Refusals are sentences (`app.sentences`, statuses in `STATUS`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardhall.clubs import clubs
from cardhall.clubs.errors import ClubError, ClubNotAllowed, ClubNotFound
from cardhall.events.club_standings import club_events, standings
from cardhall.events.duplicate import is_moderator
from cardhall.events.listing import show as show_event
from cardhall.room.service import Room

STATUS: dict[type, int] = {ClubNotFound: 404, ClubNotAllowed: 403, ClubError: 409}
Notify = Callable[[str, dict[str, Any]], Awaitable[None]]


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


def routes(room: Room, wrap: Callable[[Any], Any], player_of: Callable[[Request], Awaitable[str | None]],
           signed_in: Callable[[Request], Awaitable[str]], read_body: Callable[[Request, type], Awaitable[Any]],
           notify: Notify) -> list[Route]:
    """The clubs routes over `room`; `notify` tells a person of an invitation or announcement."""

    async def create(request: Request) -> Response:
        player = await signed_in(request)
        body = await read_body(request, NewClub)
        club_id = await clubs.create(room, player, body.name, body.description, body.open)
        return JSONResponse(await club_answer(room, club_id, player), status_code=201)

    async def index(request: Request) -> Response:
        return JSONResponse({"clubs": await clubs.listing(room)})

    async def show(request: Request) -> Response:
        return JSONResponse(await club_answer(room, request.path_params["club_id"], await player_of(request)))

    async def act(request: Request, fn: Any, *args: Any, status: int = 200) -> Response:
        player = await signed_in(request)
        club_id = request.path_params["club_id"]
        await fn(room, club_id, player, *args)
        return JSONResponse(await club_answer(room, club_id, player), status_code=status)

    async def join(request: Request) -> Response:
        return await act(request, clubs.join, status=201)

    async def leave(request: Request) -> Response:
        return await act(request, clubs.leave)

    async def invite(request: Request) -> Response:
        body = await read_body(request, Named)
        player = await signed_in(request)
        club_id = request.path_params["club_id"]
        who = await clubs.invite(room, club_id, player, body.name)
        found = await clubs.club_row(room, club_id)
        await notify(who, {"type": "club_invitation", "club": club_id, "name": found["name"],
                           "from": await room.player_name(player)})
        return JSONResponse(await club_answer(room, club_id, player), status_code=201)

    async def admin(request: Request) -> Response:
        body = await read_body(request, Named)
        return await act(request, clubs.make_admin, body.name)

    async def announce(request: Request) -> Response:
        body = await read_body(request, Post)
        player = await signed_in(request)
        club_id = request.path_params["club_id"]
        post = await clubs.announce(room, club_id, player, body.text)
        found = await clubs.club_row(room, club_id)
        for p in await clubs.member_ids(room, club_id):
            if p != player:
                await notify(p, {"type": "club_announcement", "club": club_id, "name": found["name"], **post})
        return JSONResponse(await club_answer(room, club_id, player), status_code=201)

    async def close(request: Request) -> Response:
        player = await signed_in(request)
        body = await read_body(request, Closing)
        return JSONResponse(await clubs.close(room, request.path_params["club_id"], player, body.reason))

    return [
        Route("/api/clubs", wrap(create), methods=["POST"]),
        Route("/api/clubs", wrap(index), methods=["GET"]),
        Route("/api/clubs/{club_id}", wrap(show), methods=["GET"]),
        Route("/api/clubs/{club_id}/members", wrap(join), methods=["POST"]),
        Route("/api/clubs/{club_id}/members", wrap(leave), methods=["DELETE"]),
        Route("/api/clubs/{club_id}/invitations", wrap(invite), methods=["POST"]),
        Route("/api/clubs/{club_id}/admins", wrap(admin), methods=["POST"]),
        Route("/api/clubs/{club_id}/announcements", wrap(announce), methods=["POST"]),
        Route("/api/clubs/{club_id}/close", wrap(close), methods=["POST"]),
    ]
