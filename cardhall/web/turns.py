"""Turn-based play over HTTP: the tables waiting for my move, and my vacations.

- `GET /api/players/me/turns`: the turn-based tables waiting for my move, the longest waiting
  first (each a table summary with its `turn`: seat, since, hours per move and bank left).
- `GET /api/players/me/vacation`: my vacations and the days I have left;
  `POST /api/players/me/vacation {"days": D}` begins one now; `DELETE` ends it now.
- `PUT /api/players/me/hours {"start": 8, "end": 22, "zone": "Europe/Zurich"}`: my playing hours
  (all null: none); the hours outside do not count against my moves.

The rules are `cardhall.room.turns` and `cardhall.room.vacations`; docs/room.md documents them.
"""

from __future__ import annotations

from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.web.pages import page_lang
from cardhall.web.routes.answers import api, read_body
from cardhall.web.routes.catalog import in_language
from cardhall.web.routes.deps import Deps


class Vacation(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/players/me/vacation`: whole days from now."""

    days: Any = None


class Hours(msgspec.Struct, forbid_unknown_fields=True):
    """`PUT /api/players/me/hours`: whole hours in a time zone."""

    start: Any = None
    end: Any = None
    zone: Any = None


async def set_hours(deps: Deps, request: Request) -> Response:
    player = await deps.signed_in(request)
    body = await read_body(request, Hours)
    shown = await deps.room.vacations.set_hours(player, body.start, body.end, body.zone)
    await deps.room.nudge(player)
    return JSONResponse(shown)


async def turns(deps: Deps, request: Request) -> Response:
    """The turn-based tables waiting for my move, oldest first."""
    player = await deps.signed_in(request, changes=False)
    code = await page_lang(request)
    return JSONResponse([in_language(t, code) for t in await deps.room.turns_of(player)])


async def vacation(deps: Deps, request: Request) -> Response:
    player = await deps.signed_in(request, changes=False)
    return JSONResponse(deps.room.vacations.of(player, deps.room.clock()))


async def take_vacation(deps: Deps, request: Request) -> Response:
    player = await deps.signed_in(request)
    body = await read_body(request, Vacation)
    shown = await deps.room.vacations.take(player, body.days, deps.room.clock())
    await deps.room.nudge(player)
    return JSONResponse(shown, status_code=201)


async def end_vacation(deps: Deps, request: Request) -> Response:
    player = await deps.signed_in(request)
    shown = await deps.room.vacations.end(player, deps.room.clock())
    await deps.room.nudge(player)
    return JSONResponse(shown)


def routes(deps: Deps) -> list[BaseRoute]:
    """The routes of turn-based play."""
    return [
        api(deps, "GET", "/api/players/me/turns", turns),
        api(deps, "GET", "/api/players/me/vacation", vacation),
        api(deps, "POST", "/api/players/me/vacation", take_vacation),
        api(deps, "DELETE", "/api/players/me/vacation", end_vacation),
        api(deps, "PUT", "/api/players/me/hours", set_hours),
    ]
