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

from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardhall.room.service import Room
from cardhall.web.pages import page_lang

Handler = Callable[[Request], Awaitable[Response]]


class Vacation(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/players/me/vacation`: whole days from now."""

    days: Any = None


class Hours(msgspec.Struct, forbid_unknown_fields=True):
    """`PUT /api/players/me/hours`: whole hours in a time zone."""

    start: Any = None
    end: Any = None
    zone: Any = None


class TurnsFront:
    """The routes of turn-based play (wired into the app by `routes`)."""

    def __init__(self, room: Room, signed_in: Callable[..., Awaitable[str]], sentences: Callable[[Handler], Handler],
                 read_body: Callable[..., Awaitable[Any]],
                 in_language: Callable[[dict[str, Any], str], dict[str, Any]]) -> None:
        self.room = room
        self.signed_in = signed_in
        self.sentences = sentences
        self.read_body = read_body
        self.in_language = in_language

    def routes(self) -> list[BaseRoute]:
        def route(path: str, fn: Handler, method: str) -> Route:
            return Route(path, self.sentences(fn), methods=[method])

        return [
            route("/api/players/me/turns", self.turns, "GET"),
            route("/api/players/me/vacation", self.vacation, "GET"),
            route("/api/players/me/vacation", self.take_vacation, "POST"),
            route("/api/players/me/vacation", self.end_vacation, "DELETE"),
            route("/api/players/me/hours", self.set_hours, "PUT"),
        ]

    async def set_hours(self, request: Request) -> Response:
        player = await self.signed_in(request)
        body = await self.read_body(request, Hours)
        shown = await self.room.vacations.set_hours(player, body.start, body.end, body.zone)
        await self.room.nudge(player)
        return JSONResponse(shown)

    async def turns(self, request: Request) -> Response:
        """The turn-based tables waiting for my move, oldest first."""
        player = await self.signed_in(request, changes=False)
        code = await page_lang(request)
        return JSONResponse([self.in_language(t, code) for t in await self.room.turns_of(player)])

    async def vacation(self, request: Request) -> Response:
        player = await self.signed_in(request, changes=False)
        return JSONResponse(self.room.vacations.of(player, self.room.clock()))

    async def take_vacation(self, request: Request) -> Response:
        player = await self.signed_in(request)
        body = await self.read_body(request, Vacation)
        shown = await self.room.vacations.take(player, body.days, self.room.clock())
        await self.room.nudge(player)
        return JSONResponse(shown, status_code=201)

    async def end_vacation(self, request: Request) -> Response:
        player = await self.signed_in(request)
        shown = await self.room.vacations.end(player, self.room.clock())
        await self.room.nudge(player)
        return JSONResponse(shown)
