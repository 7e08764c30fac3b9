"""The events API (docs/room.md, "Events"): `/api/events` and each event's entries, next board,
close and standings. The handlers answer a refusal with its sentence (`app.sentences`)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardhall.core.registry import game_class
from cardhall.core.titles import game_title
from cardhall.events import daily, duplicate, listing, swiss_read
from cardhall.events.conductor import Conductor
from cardhall.events.errors import EventError, EventNotFound, NotAllowed
from cardhall.events.kind_routes import KindRoutes
from cardhall.room.service import Room
from cardhall.web.languages import web
from cardhall.web.pages import page_lang

STATUS: dict[type, int] = {EventNotFound: 404, NotAllowed: 403, EventError: 409}
"""The status of each event refusal (the app's `sentences` reads it)."""


class NewEvent(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/events`: a duplicate event of `boards` boards of `game` with `options`, the
    event's `bots` level in the other seats, open `hours` hours; a Swiss event (`kind` "swiss")
    of `rounds` rounds, `grace` seconds to come to one's table, `private` tables; an arena
    (`kind` "arena") running `minutes` minutes; a Swiss event's `places` (the most entries; then
    the standby list)."""

    kind: str
    game: str
    options: dict[str, Any] = {}
    boards: int = 4
    bots: str = "medium"
    hours: float = 24.0
    rounds: int = 5
    grace: float = 60.0
    private: bool = False
    minutes: float = 60.0
    club: str | None = None
    places: int | None = None


Who = Callable[[Request], Awaitable[str | None]]


def routes(room: Room, wrap: Callable[[Any], Any], player_of: Who, signed_in: Callable[[Request], Awaitable[str]],
           read_body: Callable[[Request, type], Awaitable[Any]], address: Callable[[Request], str | None],
           conductor: Conductor) -> list[Route]:
    """The events routes over `room`; `wrap` turns refusals into sentences; `conductor` runs the
    Swiss events (`KindRoutes` answers for them)."""
    kinds = KindRoutes(room, conductor)

    async def create(request: Request) -> Response:
        player = await signed_in(request)
        body = await read_body(request, NewEvent)
        made = await listing.create(room, player, body.kind, body.game, body.options, body.boards, body.bots,
                                    body.hours, address=address(request),
                                    swiss={"rounds": body.rounds, "grace": body.grace, "private": body.private,
                                           "minutes": body.minutes, "places": body.places}, club=body.club)
        return JSONResponse(made, status_code=201)

    async def index(request: Request) -> Response:
        q = request.query_params
        return JSONResponse({"events": await listing.listing(room, q.get("status") or None, q.get("game") or None)})

    async def show(request: Request) -> Response:
        return JSONResponse(await kinds.show(request.path_params["event_id"]))

    async def enter(request: Request) -> Response:
        player = await signed_in(request)
        await kinds.club_member(request.path_params["event_id"], player)
        if not await kinds.enter_running(request.path_params["event_id"], player, address(request)):
            await duplicate.enter(room, request.path_params["event_id"], player, address(request))
        return JSONResponse(await listing.show(room, request.path_params["event_id"]), status_code=201)

    async def then_show(request: Request, act: Any) -> Response:
        """Carry out `act(room, event id, player)` for the signed-in caller, then answer the event."""
        event_id = request.path_params["event_id"]
        await act(room, event_id, await signed_in(request))
        return JSONResponse(await kinds.show(event_id))

    async def withdraw(request: Request) -> Response:
        return await then_show(request, kinds.or_else(swiss_read.withdraw, kinds.withdraw_open))

    async def stand_by(request: Request) -> Response:
        """`POST /api/events/{id}/standby`: on the standby list; `{position}` and the event."""
        player = await signed_in(request)
        event_id = request.path_params["event_id"]
        await kinds.club_member(event_id, player)
        position = await kinds.stand_by(event_id, player)
        return JSONResponse({**await kinds.show(event_id), "position": position}, status_code=201)

    async def leave_standby(request: Request) -> Response:
        return await then_show(request, kinds.leave_standby)

    async def next_board(request: Request) -> Response:
        player = await signed_in(request)
        event_id = request.path_params["event_id"]
        if await kinds.is_run(event_id):
            return JSONResponse(await kinds.next_table(event_id, player))
        return JSONResponse(await duplicate.next_board(room, event_id, player, address(request)))

    async def close(request: Request) -> Response:
        return await then_show(request, kinds.or_else(kinds.close, duplicate.close))

    async def start(request: Request) -> Response:
        return await then_show(request, kinds.start)

    async def standings(request: Request) -> Response:
        viewer = await player_of(request)
        event_id = request.path_params["event_id"]
        if await kinds.is_run(event_id):
            return JSONResponse(await kinds.standings(event_id))
        return JSONResponse(await duplicate.standings(room, event_id, viewer))

    async def today(request: Request) -> Response:
        """`GET /api/events/daily`: today's daily events with the caller's progress, yesterday's with
        their result (each with `game_title` in the reader's language)."""
        found = await daily.summary(room, await player_of(request), time.time())
        tr = web(await page_lang(request))
        for event in (*found["today"], *found["yesterday"]):
            event["game_title"] = game_title(game_class(event["game"]), tr)
        return JSONResponse(found)

    return [
        Route("/api/events/daily", wrap(today), methods=["GET"]),  # before /api/events/{event_id}
        Route("/api/events", wrap(create), methods=["POST"]),
        Route("/api/events", wrap(index), methods=["GET"]),
        Route("/api/events/{event_id}", wrap(show), methods=["GET"]),
        Route("/api/events/{event_id}/entries", wrap(enter), methods=["POST"]),
        Route("/api/events/{event_id}/entries", wrap(withdraw), methods=["DELETE"]),
        Route("/api/events/{event_id}/standby", wrap(stand_by), methods=["POST"]),
        Route("/api/events/{event_id}/standby", wrap(leave_standby), methods=["DELETE"]),
        # GET as docs/room.md names it; POST too, for a page whose session is its cookie (a cookie counts
        # only with the request's Origin, which a browser sends on a POST)
        Route("/api/events/{event_id}/next", wrap(next_board), methods=["GET", "POST"]),
        Route("/api/events/{event_id}/close", wrap(close), methods=["POST"]),
        Route("/api/events/{event_id}/start", wrap(start), methods=["POST"]),
        Route("/api/events/{event_id}/standings", wrap(standings), methods=["GET"]),
    ]
