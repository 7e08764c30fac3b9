"""The events API (docs/room.md, "Events"): `/api/events` and each event's entries, next board,
close and standings. A refusal is answered with its sentence (`routes.answers.STATUS` has the
status of the events' refusals)."""

from __future__ import annotations

import time
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardhall.core.registry import game_class
from cardhall.core.titles import game_title
from cardhall.events import daily, duplicate, listing, swiss_read
from cardhall.events.kind_routes import KindRoutes
from cardhall.web.languages import web
from cardhall.web.pages import page_lang
from cardhall.web.routes.answers import address, api, read_body
from cardhall.web.routes.deps import Deps


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


def kinds(deps: Deps) -> KindRoutes:
    """What the routes do for the kinds the conductor runs (Swiss, arena)."""
    return KindRoutes(deps.room, deps.conductor)


async def create(deps: Deps, request: Request) -> Response:
    """`POST /api/events`: a new event of the caller's (201)."""
    player = await deps.signed_in(request)
    body = await read_body(request, NewEvent)
    made = await listing.create(deps.room, player, body.kind, body.game, body.options, body.boards, body.bots,
                                body.hours, address=address(request),
                                swiss={"rounds": body.rounds, "grace": body.grace, "private": body.private,
                                       "minutes": body.minutes, "places": body.places}, club=body.club)
    return JSONResponse(made, status_code=201)


async def index(deps: Deps, request: Request) -> Response:
    q = request.query_params
    return JSONResponse({"events": await listing.listing(deps.room, q.get("status") or None, q.get("game") or None)})


async def show(deps: Deps, request: Request) -> Response:
    return JSONResponse(await kinds(deps).show(request.path_params["event_id"]))


async def enter(deps: Deps, request: Request) -> Response:
    player = await deps.signed_in(request)
    event_id = request.path_params["event_id"]
    await kinds(deps).club_member(event_id, player)
    if not await kinds(deps).enter_running(event_id, player, address(request)):
        await duplicate.enter(deps.room, event_id, player, address(request))
    return JSONResponse(await listing.show(deps.room, event_id), status_code=201)


async def stand_by(deps: Deps, request: Request) -> Response:
    """`POST /api/events/{id}/standby`: on the standby list; `{position}` and the event."""
    player = await deps.signed_in(request)
    event_id = request.path_params["event_id"]
    run = kinds(deps)
    await run.club_member(event_id, player)
    position = await run.stand_by(event_id, player)
    return JSONResponse({**await run.show(event_id), "position": position}, status_code=201)


async def leave_standby(deps: Deps, request: Request) -> Response:
    return await then_show(deps, request, kinds(deps).leave_standby)


async def then_show(deps: Deps, request: Request, act: Any) -> Response:
    """Carry out `act(room, event id, player)` for the signed-in caller, then answer the event."""
    event_id = request.path_params["event_id"]
    await act(deps.room, event_id, await deps.signed_in(request))
    return JSONResponse(await kinds(deps).show(event_id))


async def withdraw(deps: Deps, request: Request) -> Response:
    return await then_show(deps, request, kinds(deps).or_else(swiss_read.withdraw, kinds(deps).withdraw_open))


async def next_board(deps: Deps, request: Request) -> Response:
    player = await deps.signed_in(request)
    event_id = request.path_params["event_id"]
    if await kinds(deps).is_run(event_id):
        return JSONResponse(await kinds(deps).next_table(event_id, player))
    return JSONResponse(await duplicate.next_board(deps.room, event_id, player, address(request)))


async def close(deps: Deps, request: Request) -> Response:
    run = kinds(deps)
    return await then_show(deps, request, run.or_else(run.close, duplicate.close))


async def start(deps: Deps, request: Request) -> Response:
    return await then_show(deps, request, kinds(deps).start)


async def standings(deps: Deps, request: Request) -> Response:
    viewer = await deps.player_of(request)
    event_id = request.path_params["event_id"]
    if await kinds(deps).is_run(event_id):
        return JSONResponse(await kinds(deps).standings(event_id))
    return JSONResponse(await duplicate.standings(deps.room, event_id, viewer))


async def today(deps: Deps, request: Request) -> Response:
    """`GET /api/events/daily`: today's daily events with the caller's progress, yesterday's with
    their result (each with `game_title` in the reader's language)."""
    found = await daily.summary(deps.room, await deps.player_of(request), time.time())
    tr = web(await page_lang(request))
    for event in (*found["today"], *found["yesterday"]):
        event["game_title"] = game_title(game_class(event["game"]), tr)
    return JSONResponse(found)


def routes(deps: Deps) -> list[Route]:
    """The events routes (the conductor, `deps.conductor`, runs the Swiss events and arenas)."""
    return [
        api(deps, "GET", "/api/events/daily", today),  # before /api/events/{event_id}
        api(deps, "POST", "/api/events", create),
        api(deps, "GET", "/api/events", index),
        api(deps, "GET", "/api/events/{event_id}", show),
        api(deps, "POST", "/api/events/{event_id}/entries", enter),
        api(deps, "DELETE", "/api/events/{event_id}/entries", withdraw),
        api(deps, "POST", "/api/events/{event_id}/standby", stand_by),
        api(deps, "DELETE", "/api/events/{event_id}/standby", leave_standby),
        # GET as docs/room.md names it; POST too, for a page whose session is its cookie (a cookie counts
        # only with the request's Origin, which a browser sends on a POST)
        api(deps, "GET POST", "/api/events/{event_id}/next", next_board),
        api(deps, "POST", "/api/events/{event_id}/close", close),
        api(deps, "POST", "/api/events/{event_id}/start", start),
        api(deps, "GET", "/api/events/{event_id}/standings", standings),
    ]
