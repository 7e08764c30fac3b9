"""The tables: `/api/tables` (the lobby's list, a new table), each table's summary, record and
history, its commands over HTTP (`POST /api/tables/{id}/{op}`: sit, leave, start, wait) and its
socket `/ws/tables/{id}` (the wire protocol, docs/room.md). The table actors decide; these
routes only say who asks and translate."""

from __future__ import annotations

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.websockets import WebSocket

from cardhall.core.i18n import N_, Msg
from cardhall.room.commands import COMMANDS
from cardhall.room.front import summary_for
from cardhall.room.turns import hours_per_move
from cardhall.web.languages import web
from cardhall.web.pages import page_lang
from cardhall.web.people import check_join
from cardhall.web.presenters import presenter
from cardhall.web.protocol import HTTP_BODIES, NewTable
from cardhall.web.routes.answers import address, api, error, page_of, read_body, socket
from cardhall.web.routes.catalog import in_language
from cardhall.web.routes.deps import Deps, NotFound
from cardhall.web.socket import table_socket
from cardhall.web.words import earlier_words, faces_of


async def list_tables(deps: Deps, request: Request) -> Response:
    """`GET /api/tables`: the lobby's tables, a page at a time (`?offset=`, `?limit=`; the total in
    `X-Total-Count`, the next page in `Link`); `?mine=1`: the caller's own tables."""
    code = await page_lang(request)
    if request.query_params.get("mine") not in (None, "", "0"):
        player = await deps.signed_in(request, changes=False)
        return JSONResponse([in_language(t, code) for t in await deps.room.tables_of(player)])
    offset, limit = page_of(request)
    tables, total = await deps.room.lobby(offset, limit)
    response = JSONResponse([in_language(t, code) for t in tables])
    response.headers["X-Total-Count"] = str(total)
    if offset + limit < total:
        response.headers["Link"] = f'</api/tables?offset={offset + limit}&limit={limit}>; rel="next"'
    return response


async def new_table(deps: Deps, request: Request) -> Response:
    """`POST /api/tables {"game", "options", "seats", …}`: a new table, its host the caller (201)."""
    player = await deps.signed_in(request)
    body = await read_body(request, NewTable)
    request.state.game = body.game
    turn_hours = None if body.turn_based is None else hours_per_move(body.turn_based)
    actor = await deps.room.create_table(player, body.game, body.options, body.seats, body.private, body.clock,
                                         body.grace, address(request), rated=body.rated, pace=body.pace,
                                         turn_hours=turn_hours)
    return JSONResponse(in_language(summary_for(actor, player), await page_lang(request)), status_code=201)


async def show_table(deps: Deps, request: Request) -> Response:
    """`GET /api/tables/{id}`: the table's summary, its state as a spectator sees it, its presenter."""
    player = await deps.player_of(request, changes=False)
    actor = await deps.find(request, player)
    return JSONResponse({**in_language(summary_for(actor, player), await page_lang(request)),
                         "state": msgspec.to_builtins(actor.table.state_message(None)),
                         "presenter": presenter(actor.table.game.name)})


async def record(deps: Deps, request: Request) -> Response:
    """`GET /api/tables/{id}/record`: a finished game's record (409 while it is played)."""
    player = await deps.player_of(request, changes=False)
    actor = await deps.find(request, player)
    if actor.table.status != "over":
        message = Msg(N_("the game at table {table} is not over yet; its record is available when it ends"),
                      table=actor.table.id)
        return error(409, web(await page_lang(request)).say(message))
    return JSONResponse(actor.table.record().to_json())


async def earlier(deps: Deps, request: Request) -> Response:
    """`GET /api/tables/{id}/history?until=V`: what this viewer heard at the table up to version
    V (of the changes the table keeps, its last 500), each event with its sentence in the
    reader's language: the history a reloaded page shows again (docs/room.md, "HTTP API")."""
    player = await deps.player_of(request, changes=False)
    actor = await deps.find(request, player)
    table = actor.table
    asked = request.query_params.get("until", "")
    until = int(asked) if asked.isdigit() and len(asked) < 12 else table.version
    code = await page_lang(request)
    events = earlier_words(table.id, table.game, list(table.history), actor.viewer(player),
                           [s.to_json() for s in table.seats], code, until, faces=faces_of(request.cookies, code))
    return JSONResponse({"version": table.version, "events": events})


async def table_command(deps: Deps, request: Request) -> Response:
    """`POST /api/tables/{id}/{op}`: any table command marked `http` (`cardhall.room.commands`:
    sit, leave, start, wait), its body the command's client fields (`protocol.HTTP_BODIES`);
    the server fills in who asks (and their name and language where the command has them)."""
    op = request.path_params["op"]
    kind = COMMANDS.get(op)
    if kind is None or op not in HTTP_BODIES:
        raise NotFound(Msg(N_("there is no table command \"{command}\"; the commands are {commands}"),
                           command=op, commands=", ".join(HTTP_BODIES)))
    player = await deps.signed_in(request)
    body = await read_body(request, HTTP_BODIES[op])
    actor = await deps.find(request, player, getattr(body, "invite", None))
    request.state.game = actor.table.game.name
    if kind.takes_seat and actor.table.seat_of(player) is None:
        await check_join(deps.social, player, actor, await deps.social.invited(player, actor.table.id))
    fields = {name: getattr(body, name) for name in kind.client_fields()}
    if "name" in kind.server_fields:
        fields["name"] = await deps.room.player_name(player) or "?"
    if "lang" in kind.server_fields:
        fields["lang"] = await deps.room.player_lang(player)
    await actor.run(kind(player=player, **fields))
    return JSONResponse(in_language(summary_for(actor, player), await page_lang(request)))


async def play(deps: Deps, ws: WebSocket) -> None:
    """`/ws/tables/{id}`: the table's socket (`cardhall.web.socket`), the mutes of who connects heard."""
    await table_socket(ws, deps.room, deps.tokens, deps.mutes)


def routes(deps: Deps) -> list[BaseRoute]:
    """The tables' routes, but for `command_route` (which goes last: the other routes go first)."""
    return [
        api(deps, "GET", "/api/tables", list_tables),
        api(deps, "POST", "/api/tables", new_table),
        api(deps, "GET", "/api/tables/{table_id}", show_table),
        api(deps, "GET", "/api/tables/{table_id}/record", record),
        api(deps, "GET", "/api/tables/{table_id}/history", earlier),
        socket(deps, "/ws/tables/{table_id}", play),
    ]


def command_route(deps: Deps) -> Route:
    """`POST /api/tables/{id}/{op}`, last in the app's table: every other route goes first."""
    return api(deps, "POST", "/api/tables/{table_id}/{op}", table_command)
