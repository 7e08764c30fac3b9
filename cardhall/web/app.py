"""The room's HTTP API and WebSocket route (wire protocol v1, docs/room.md), a Starlette app.

Every error is JSON `{"error": "<sentence>"}` with a 4xx status; nothing here knows a game's
rules: the service and its tables decide, this module only translates.
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import msgspec
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from cardhall.bots import bot_names
from cardhall.bots.levels import choices, describe, level_title
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.core.registry import aliases, game_class, game_names, load
from cardhall.core.text import text_ui
from cardhall.core.titles import game_title
from cardhall.room.cluster import ClusterError
from cardhall.room.limits import LimitError
from cardhall.room.service import ROOM_BOTS, Room, TableFront, summary_for
from cardhall.web.auth import COOKIE, AuthError, Tokens, presented_token
from cardhall.web.languages import chosen, say_error, web
from cardhall.web.pages import install, page_lang
from cardhall.web.presenters import presenter
from cardhall.web.protocol import NewPlayer, NewTable, PlayerLang, SitDown, json_schema
from cardhall.web.slow import SocketsPerAddress
from cardhall.web.socket import MAX_MESSAGE, table_socket

Body = TypeVar("Body")
Handler = Callable[[Request], Awaitable[Response]]


class NotFound(CardhallError):
    """An unknown (or, without its invite, private) table."""


STATUS: dict[type[CardhallError], int] = {AuthError: 401, NotFound: 404, LimitError: 429, ClusterError: 503}
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


async def read_body(request: Request, kind: type[Body]) -> Body:
    """The request's JSON body as `kind` (an empty body counts as `{}`)."""
    raw = await request.body()
    if len(raw) > MAX_MESSAGE:
        raise CardhallError(Msg(N_("the request body is too large: {size} bytes; at most {limit}"),
                                size=len(raw), limit=MAX_MESSAGE))
    try:
        return msgspec.json.decode(raw or b"{}", type=kind)
    except msgspec.ValidationError as exc:
        raise CardhallError(Msg(N_("bad request body: {problem}"), problem=str(exc))) from None
    except msgspec.DecodeError as exc:
        raise CardhallError(Msg(N_("the request body is not valid JSON ({problem})"), problem=str(exc))) from None


def games_catalog(code: str = "en") -> list[dict[str, Any]]:
    """Every game with its player counts, options and the bot levels a table may seat; the
    descriptions in the language `code`."""
    catalog = []
    for name in game_names():
        try:
            cls = game_class(name)
        except ModuleNotFoundError:
            continue
        counts = {load(name).num_players}
        for option in cls.OPTIONS:  # the options that change the number of seats
            values: list[Any] = []
            if option.name == "players":
                values = list(option.choices or range(option.minimum or 1, (option.maximum or 1) + 1))
            elif option.kind is bool:
                values = [not option.default]
            for value in values:
                with contextlib.suppress(CardhallError):
                    counts.add(load(name, **{option.name: value}).num_players)
        game = load(name)
        ui = text_ui(game, code)
        levels = [b for b in choices(name) if b in ROOM_BOTS and b in bot_names(game)]
        catalog.append({
            "name": name, "title": game_title(cls, ui.tr), "aliases": aliases(name), "players": sorted(counts),
            "options": [{"name": o.name, "default": o.default, "allowed": ui.say(o.allowed()),
                         "description": ui.tr._(o.doc) if o.doc else o.doc} for o in cls.OPTIONS],
            "bots": [{"spec": f"bot:{b}", "title": level_title(b, ui.tr), "description": bot_description(name, b, code)}
                     for b in levels],
        })
    return catalog


def in_language(summary: dict[str, Any], code: str) -> dict[str, Any]:
    """A table's summary for a reader of `code`: the game's title in their language (the
    summary itself is the same for everyone and names the game in English)."""
    title = summary.get("title")
    return {**summary, "title": web(code).pgettext("game", title)} if isinstance(title, str) and title else summary


def bot_description(game: str, level: str, code: str = "en") -> str:
    """What the lobby says about a bot choice: the level's sentence (`cardhall.bots.levels`), in the
    reader's language."""
    return web(code)._(describe(level))


def create_app(room: Room, secret: str) -> Starlette:
    """The ASGI app over an opened `Room`; `secret` signs the players' tokens."""
    tokens = Tokens(secret)
    catalogs: dict[str, list[dict[str, Any]]] = {}

    async def player_of(request: Request, *, changes: bool = True) -> str | None:
        """The person a request speaks for, or None (a token that is present must be valid)."""
        token = presented_token(request, changes=changes)
        if token is None:
            return None
        player = tokens.player(token)
        if await room.player_name(player) is None:
            raise AuthError(Msg(N_("this token's player is not known to this room; "
                                   "get a new token with POST /api/players")))
        return player

    async def signed_in(request: Request, *, changes: bool = True) -> str:
        player = await player_of(request, changes=changes)
        if player is None:
            raise AuthError(Msg(N_("this needs a player token: get one with POST /api/players {example} "
                                   "and send it as 'Authorization: Bearer TOKEN'"), example='{"name": ...}'))
        return player

    async def stored_lang(conn: HTTPConnection) -> str | None:
        """The language stored with the player a page or request speaks for (None: no player)."""
        try:
            token = presented_token(conn, changes=False)
            return None if token is None else await room.player_lang(tokens.player(token))
        except AuthError:
            return None

    async def find(request: Request, player: str | None, invite: str | None = None) -> TableFront:
        table_id = request.path_params["table_id"]
        actor = await room.table(table_id)
        if actor is None or not actor.may_see(player, invite or request.query_params.get("invite")):
            raise NotFound(Msg(N_("there is no table \"{table}\" here (a private table needs its invite: ?invite=TOKEN)"),
                               table=table_id))
        return actor

    @sentences
    async def games(request: Request) -> Response:
        code = await page_lang(request)
        if code not in catalogs:
            catalogs[code] = games_catalog(code)
        return JSONResponse(catalogs[code])

    @sentences
    async def new_player(request: Request) -> Response:
        body = await read_body(request, NewPlayer)
        player = await room.new_player(body.name, body.lang or chosen(request, None), address(request))
        token = tokens.make(player)
        response = JSONResponse({"player": player, "name": await room.player_name(player), "token": token})
        response.set_cookie(COOKIE, token, max_age=365 * 24 * 3600, httponly=True, samesite="lax")
        return response

    @sentences
    async def player_lang(request: Request) -> Response:
        """`POST /api/players/lang {"lang": "cs"}`: the language the player reads, remembered."""
        player = await signed_in(request)
        body = await read_body(request, PlayerLang)
        code = await room.set_player_lang(player, body.lang)
        return JSONResponse({"player": player, "lang": code})

    @sentences
    async def list_tables(request: Request) -> Response:
        code = await page_lang(request)
        if request.query_params.get("mine") not in (None, "", "0"):
            player = await signed_in(request, changes=False)
            return JSONResponse([in_language(t, code) for t in await room.tables_of(player)])
        offset, limit = page_of(request)
        tables, total = await room.lobby(offset, limit)
        response = JSONResponse([in_language(t, code) for t in tables])
        response.headers["X-Total-Count"] = str(total)
        if offset + limit < total:
            response.headers["Link"] = f'</api/tables?offset={offset + limit}&limit={limit}>; rel="next"'
        return response

    @sentences
    async def new_table(request: Request) -> Response:
        player = await signed_in(request)
        body = await read_body(request, NewTable)
        request.state.game = body.game
        actor = await room.create_table(player, body.game, body.options, body.seats, body.private, body.clock,
                                         body.grace, address(request))
        return JSONResponse(in_language(summary_for(actor, player), await page_lang(request)), status_code=201)

    @sentences
    async def show_table(request: Request) -> Response:
        player = await player_of(request, changes=False)
        actor = await find(request, player)
        return JSONResponse({**in_language(summary_for(actor, player), await page_lang(request)),
                             "state": actor.table.state_message(None), "presenter": presenter(actor.table.game.name)})

    @sentences
    async def record(request: Request) -> Response:
        player = await player_of(request, changes=False)
        actor = await find(request, player)
        if actor.table.status != "over":
            message = Msg(N_("the game at table {table} is not over yet; its record is available when it ends"),
                          table=actor.table.id)
            return error(409, web(await page_lang(request)).say(message))
        return JSONResponse(actor.table.record().to_json())

    @sentences
    async def sit(request: Request) -> Response:
        player = await signed_in(request)
        body = await read_body(request, SitDown)
        actor = await find(request, player, body.invite)
        request.state.game = actor.table.game.name
        await actor.sit(player, await room.player_name(player) or "?", body.seat, await room.player_lang(player))
        return JSONResponse(in_language(summary_for(actor, player), await page_lang(request)))

    @sentences
    async def leave(request: Request) -> Response:
        player = await signed_in(request)
        actor = await find(request, player)
        request.state.game = actor.table.game.name
        await actor.leave(player)
        return JSONResponse(in_language(summary_for(actor, player), await page_lang(request)))

    @sentences
    async def start(request: Request) -> Response:
        player = await signed_in(request)
        actor = await find(request, player)
        request.state.game = actor.table.game.name
        await actor.start(player)
        return JSONResponse(in_language(summary_for(actor, player), await page_lang(request)))

    async def protocol(request: Request) -> Response:
        return JSONResponse(json_schema())

    async def socket(ws: WebSocket) -> None:
        await table_socket(ws, room, tokens)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        tr = web(chosen(request, None))
        if exc.status_code == 404:
            return error(404, tr._("there is nothing at {path}; the API is under /api (see docs/room.md)",
                                   path=request.url.path))
        if exc.status_code == 405:
            return error(405, tr._("{method} is not allowed on {path}", method=request.method, path=request.url.path))
        return error(exc.status_code, str(exc.detail))

    routes = [
        Route("/api/games", games),
        Route("/api/protocol", protocol),
        Route("/api/players", new_player, methods=["POST"]),
        Route("/api/players/lang", player_lang, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/sit", sit, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/start", start, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id}", socket),
    ]
    app = install(Starlette(routes=routes, exception_handlers={HTTPException: http_error}), stored_lang)
    app.add_middleware(SocketsPerAddress)
    return app
