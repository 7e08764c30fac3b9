"""How every route answers: a refusal as a sentence with its status, a body read and checked, the
lists' pages, and the ways a handler becomes a route (`api`, `route`, `socket`).

A handler is a plain module-level `async def name(deps, request) -> Response`; `api(deps, "GET",
path, handler)` makes it a Starlette `Route` whose `CardhallError`s are answered `{"error":
"<sentence>"}` in the reader's language with the status of `STATUS` (400 otherwise), never a
traceback; `route(...)` makes one whose handler answers its own problems (a server-rendered
page says them as a page; `/readyz` as its own JSON); `socket(...)` makes a WebSocket route.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import msgspec
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from cardhall.clubs.errors import ClubError, ClubNotAllowed, ClubNotFound
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.events.errors import EventError, EventNotFound, NotAllowed
from cardhall.people.accounts import LoginRefused, TooManyAttempts
from cardhall.people.limits import LimitError
from cardhall.people.social import Banned, Nobody, Refused
from cardhall.room.cluster import ClusterError
from cardhall.web.auth import AuthError, Forbidden
from cardhall.web.bodies import BodyTooLarge, read_limited
from cardhall.web.decoding import decode
from cardhall.web.languages import chosen, say_error, web
from cardhall.web.pages import missing, page_lang
from cardhall.web.routes.deps import Deps, NotFound
from cardhall.web.socket import MAX_MESSAGE

Body = TypeVar("Body")
Handler = Callable[[Request], Awaitable[Response]]
Endpoint = Callable[[Deps, Request], Awaitable[Response]]
"""A route's handler: `async def name(deps, request) -> Response`."""

STATUS: dict[type[CardhallError], int] = {
    Forbidden: 403, AuthError: 401, LoginRefused: 401, NotFound: 404, BodyTooLarge: 413, TooManyAttempts: 429,
    LimitError: 429, ClusterError: 503, Refused: 403, Banned: 403, Nobody: 404,
    EventNotFound: 404, NotAllowed: 403, EventError: 409,  # the events' refusals
    ClubNotFound: 404, ClubNotAllowed: 403, ClubError: 409,  # the clubs'
}
"""The status of each kind of refusal (the first that matches; any other `CardhallError` is 400)."""

LOBBY_PAGE = 100
"""Tables per page of `GET /api/tables` (at most; `?limit=` asks for fewer, `?offset=` skips)."""


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def sentences(handler: Handler) -> Handler:
    """Answer a `CardhallError` with its sentence in the reader's language and a 4xx status,
    never a traceback (a handler that knows the game sets `request.state.game`, so that the
    game's own messages are said through its TextUI)."""
    @functools.wraps(handler)
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except CardhallError as exc:
            status = next((code for kind, code in STATUS.items() if isinstance(exc, kind)), 400)
            try:
                code = await page_lang(request)
            except CardhallError:  # the token itself is bad: the request's own language
                code = chosen(request, None)
            response = error(status, say_error(exc, code, getattr(request.state, "game", None)))
            if isinstance(exc, LimitError) and exc.retry_after is not None:
                response.headers["Retry-After"] = str(math.ceil(exc.retry_after))
            return response
    return wrapped


def bound(deps: Deps, handler: Endpoint) -> Handler:
    """`handler` with `deps` given: a Starlette endpoint (named and documented as the handler)."""
    @functools.wraps(handler)
    async def endpoint(request: Request) -> Response:
        return await handler(deps, request)
    return endpoint


def api(deps: Deps, methods: str, path: str, handler: Endpoint) -> Route:
    """A JSON route: `handler(deps, request)` for `methods` ("GET", "GET POST"), refusals as sentences."""
    return Route(path, sentences(bound(deps, handler)), methods=methods.split())


def route(deps: Deps, methods: str, path: str, handler: Endpoint) -> Route:
    """A route whose `handler(deps, request)` answers its own problems (a page, a health check)."""
    return Route(path, bound(deps, handler), methods=methods.split())


def socket(deps: Deps, path: str, handler: Callable[[Deps, WebSocket], Awaitable[None]]) -> WebSocketRoute:
    """A WebSocket route: `handler(deps, ws)`."""
    @functools.wraps(handler)
    async def endpoint(ws: WebSocket) -> None:
        await handler(deps, ws)
    return WebSocketRoute(path, endpoint)


def address(conn: HTTPConnection) -> str | None:
    """Where a request or socket comes from (behind a proxy: as Uvicorn's --proxy-headers says)."""
    return conn.client.host if conn.client is not None else None


def page_of(request: Request) -> tuple[int, int]:
    """`?offset=` and `?limit=` of a list: whole numbers, the limit from 1 to `LOBBY_PAGE`."""
    try:
        offset = int(request.query_params.get("offset") or 0)
        limit = int(request.query_params.get("limit") or LOBBY_PAGE)
        if not (0 <= offset <= 10**9 and 1 <= limit <= LOBBY_PAGE):
            raise ValueError
    except ValueError:
        raise CardhallError(Msg(N_("offset is a whole number from 0 and limit one from 1 to {most}, e.g. "
                                   "?offset=100&limit=100"), most=LOBBY_PAGE)) from None
    return offset, limit


_DECODERS: dict[type, msgspec.json.Decoder[Any]] = {}


def body_decoder(kind: type[Body]) -> msgspec.json.Decoder[Body]:
    """One decoder per body type, made once."""
    if kind not in _DECODERS:
        _DECODERS[kind] = msgspec.json.Decoder(kind)
    return _DECODERS[kind]


async def read_body(request: Request, kind: type[Body]) -> Body:
    """The request's JSON body as `kind` (an empty body counts as `{}`)."""
    raw = await read_limited(request, MAX_MESSAGE)
    try:
        body: Body = decode(raw or b"{}", body_decoder(kind))
        return body
    except msgspec.ValidationError as exc:
        raise CardhallError(Msg(N_("bad request body: {problem}"), problem=str(exc))) from None
    except msgspec.DecodeError as exc:
        raise CardhallError(Msg(N_("the request body is not valid JSON ({problem})"), problem=str(exc))) from None


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own 404 and 405 (no route, no such method) as a sentence; a 404 a browser asks
    for outside the API as the "no such page" page."""
    assert isinstance(exc, HTTPException)
    tr = web(chosen(request, None))
    if exc.status_code == 404:
        if not request.url.path.startswith(("/api/", "/ws/", "/static/")) and \
                "text/html" in request.headers.get("accept", ""):
            return await missing(request, tr._("There is no such page"), tr._(
                "There is nothing at {path}; the lobby lists the games and the open tables.", path=request.url.path))
        return error(404, tr._("there is nothing at {path}; the API is under /api (see docs/room.md)",
                               path=request.url.path))
    if exc.status_code == 405:
        return error(405, tr._("{method} is not allowed on {path}", method=request.method, path=request.url.path))
    return error(exc.status_code, str(exc.detail))
