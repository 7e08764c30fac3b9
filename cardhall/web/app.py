"""The room's HTTP API and WebSocket route (wire protocol v1, docs/room.md), a Starlette app.

Every error is JSON `{"error": "<sentence>"}` with a 4xx status; nothing here knows a game's
rules: the service and its tables decide, this module only translates.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import math
import time
from collections.abc import Awaitable, Callable, Sequence
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
from cardhall.core.i18n import N_, Lang, Msg, language_name
from cardhall.core.registry import aliases, game_class, game_names, load
from cardhall.core.text import text_ui
from cardhall.core.titles import game_title
from cardhall.events.conductor import Conductor
from cardhall.people import ratings
from cardhall.people.accounts import Accounts, LoginRefused, TooManyAttempts
from cardhall.people.limits import LimitError
from cardhall.people.presence import People
from cardhall.people.ratings import display
from cardhall.people.social import Banned, Nobody, Refused, Social
from cardhall.room import history, logs
from cardhall.room.cluster import ClusterError
from cardhall.room.commands import COMMANDS
from cardhall.room.history import settle
from cardhall.room.replays import build as build_replay
from cardhall.room.service import ROOM_BOTS, Room, TableFront, summary_for
from cardhall.room.turns import hours_per_move
from cardhall.room.words import seat_label
from cardhall.web import away, club_pages, event_pages, listening, operator, pwa, webhooks
from cardhall.web import clubs as club_routes
from cardhall.web import events as event_routes
from cardhall.web.auth import COOKIE, COOKIE_AGE, AuthError, CrossSite, Forbidden, Tokens, presented_token
from cardhall.web.bodies import BodyTooLarge, read_limited
from cardhall.web.decoding import decode
from cardhall.web.event_profile import profile_events
from cardhall.web.health import health_routes
from cardhall.web.languages import chosen, say_error, web
from cardhall.web.mail import Links, MailConfig, Mailer, check_address
from cardhall.web.notices import Notices, NoticesFront
from cardhall.web.pages import install, missing, page_lang, render, table_missing
from cardhall.web.people import PeopleFront
from cardhall.web.presenters import presenter
from cardhall.web.protocol import (
    HTTP_BODIES,
    Login,
    NewAccount,
    NewPlayer,
    NewTable,
    PasswordChange,
    PlayerLang,
    json_schema,
)
from cardhall.web.push import Push, PushFront
from cardhall.web.requests import RequestLog
from cardhall.web.slow import SocketsPerAddress
from cardhall.web.socket import MAX_MESSAGE, table_socket
from cardhall.web.turns import TurnsFront
from cardhall.web.words import earlier_words, faces_of, load_reader

Body = TypeVar("Body")
REPLAY_CACHE = 32
"""Replays kept built (a finished game never changes), per table and language."""
Handler = Callable[[Request], Awaitable[Response]]


class NotFound(CardhallError):
    """An unknown (or, without its invite, private) table."""


STATUS: dict[type[CardhallError], int] = {Forbidden: 403, AuthError: 401, LoginRefused: 401, NotFound: 404,
                                          BodyTooLarge: 413, TooManyAttempts: 429, LimitError: 429, ClusterError: 503,
                                          Refused: 403, Banned: 403, Nobody: 404, **event_routes.STATUS,
                                          **club_routes.STATUS}
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
            "options": [{**o.form_fields(ui.tr), "allowed": ui.say(o.allowed()),
                         "description": ui.tr._(o.doc) if o.doc else o.doc} for o in cls.OPTIONS],
            "bots": [{"spec": f"bot:{b}", "title": level_title(b, ui.tr), "description": bot_description(name, b, code)}
                     for b in levels],
        })
    return catalog


def in_language(summary: dict[str, Any], code: str) -> dict[str, Any]:
    """A table's summary for a reader of `code`: the game's title and its names of the seats
    (`seat_names`: "North", "Player 2") in their language (the summary itself is the same for
    everyone and names the game in English)."""
    title = summary.get("title")
    said = {**summary, "title": web(code).pgettext("game", title)} if isinstance(title, str) and title else dict(summary)
    with contextlib.suppress(CardhallError, TypeError, KeyError):
        game, ui = load_reader(summary["game"], json.dumps(summary.get("options") or {}, sort_keys=True), code)
        said["seat_names"] = [ui.seat(i) for i in range(game.num_players)]
    return said


def bot_description(game: str, level: str, code: str = "en") -> str:
    """What the lobby says about a bot choice: the level's sentence (`cardhall.bots.levels`), in the
    reader's language."""
    return web(code)._(describe(level))


def create_app(room: Room, secret: str, webhook_allow: Sequence[str] = (), mail: MailConfig | None = None,
               push_contact: str | None = None) -> Starlette:
    """The ASGI app over an opened `Room`; `secret` signs the former kind of players' tokens (and the
    mails' links); `webhook_allow`: private ranges webhooks (and push services) may reach
    (`cardhall.web.webhooks`); `mail`: where mail goes out (None: no mail, the default);
    `push_contact`: the VAPID contact that turns Web Push on (`cardhall.web.push`; None: off)."""
    accounts = Accounts(room.store, room.limits)
    social = Social(room.store)
    tokens = Tokens(secret, accounts, gate=social.check_ban)
    node = getattr(room.node, "name", "")
    people = People(getattr(room.node, "redis", None), node)
    room.closing.append(people.stop)
    conductor = Conductor(room, people.notify)  # runs the Swiss events (cardhall.events.conductor)
    catalogs: dict[str, list[dict[str, Any]]] = {}

    async def player_of(request: Request, *, changes: bool = True) -> str | None:
        """The person a request speaks for, or None (a token that is present must be valid)."""
        token = presented_token(request, changes=changes)
        if token is None:
            return None
        player = await tokens.player(token)
        if await room.player_name(player) is None:
            raise AuthError(Msg(N_("this token's player is not known to this room; "
                                   "get a new token with POST /api/players")))
        logs.note(player=player)
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
            return None if token is None else await room.player_lang(await tokens.player(token))
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

    async def logged_in(request: Request, player: str, status: int = 200) -> Response:
        """A new session for `player`: its token in the answer and in the (rotated) cookie."""
        token = await tokens.make(player)
        response = JSONResponse({"player": player, "name": await room.player_name(player), "token": token,
                                 "account": await accounts.is_account(player)}, status_code=status)
        response.set_cookie(COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https")
        return response

    @sentences
    async def new_player(request: Request) -> Response:
        """`POST /api/players {"name": ...}`: a guest, at once (not under an account's name)."""
        body = await read_body(request, NewPlayer)
        token = None
        with contextlib.suppress(AuthError):
            token = presented_token(request, changes=False)
        if token is not None:  # a banned person's session makes no guest: Forbidden, with the reason
            try:
                await tokens.player(token)
            except Forbidden:
                raise
            except AuthError:
                pass
        await accounts.check_guest_name(str(body.name))
        player = await room.new_player(body.name, body.lang or chosen(request, None), address(request))
        return await logged_in(request, player)

    @sentences
    async def new_account(request: Request) -> Response:
        """`POST /api/accounts {"name", "password"}`: register and log in; a guest's token in the
        request makes that guest the account (their tables and history come along)."""
        body = await read_body(request, NewAccount)
        if body.email is not None and (notices.mail is None or check_address(body.email) is None):
            raise CardhallError(Msg(N_("this room sends no e-mail: its operator has not set up a mail server; "
                                       "leave the address out")))
        try:
            guest = await player_of(request)
        except Forbidden:  # a banned person's session makes no account either
            raise
        except AuthError:  # an ended session or a stale cookie: register as a new person
            guest = None
        if guest is None:  # a new person: counted as a new guest is (`room.limits`)
            room.limits.take("player", time.time(), address=address(request))
        player = await accounts.register(body.name, body.password, guest=guest,
                                         lang=body.lang or chosen(request, None))
        if guest is not None:
            await room.registered(player, await room.store.player_name(player) or str(body.name))
        if body.email is not None:
            await notices.set_address(player, body.email, body.lang or chosen(request, None))
        return await logged_in(request, player, 201)

    @sentences
    async def new_session(request: Request) -> Response:
        """`POST /api/sessions {"name", "password"}`: log in (a new session; the former cookie is replaced)."""
        body = await read_body(request, Login)
        player = await accounts.login(body.name, body.password, address(request) or "?")
        await social.check_ban(player)
        return await logged_in(request, player)

    @sentences
    async def end_session(request: Request) -> Response:
        """`DELETE /api/sessions`: log out; `?everywhere=true` ends every session of the person."""
        token = presented_token(request, changes=True)
        if token is None:
            raise AuthError(Msg(N_("there is no session to end: send its token")))
        player = await tokens.player(token)
        everywhere = request.query_params.get("everywhere", "") in ("1", "true", "yes")
        if everywhere:
            await accounts.end_all(player)
        else:
            await accounts.end_session(token)
        response = JSONResponse({"player": player, "ended": "everywhere" if everywhere else "this"})
        response.delete_cookie(COOKIE, httponly=True, samesite="lax")
        return response

    @sentences
    async def change_password(request: Request) -> Response:
        """`POST /api/accounts/password {"old", "new"}`: every other session ends; this one goes on."""
        player = await signed_in(request)
        body = await read_body(request, PasswordChange)
        await accounts.change_password(player, body.old, body.new)
        token = presented_token(request, changes=True)
        await accounts.end_all(player, keep=token)
        return JSONResponse({"player": player, "changed": True})

    @sentences
    async def whoami(request: Request) -> Response:
        """`GET /api/players/me`: the person this request speaks for (401 if none)."""
        player = await signed_in(request, changes=False)
        return JSONResponse({"player": player, "name": await room.player_name(player),
                             "account": await accounts.is_account(player)})

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
        turn_hours = None if body.turn_based is None else hours_per_move(body.turn_based)
        actor = await room.create_table(player, body.game, body.options, body.seats, body.private, body.clock,
                                         body.grace, address(request), rated=body.rated, pace=body.pace,
                                         turn_hours=turn_hours)
        return JSONResponse(in_language(summary_for(actor, player), await page_lang(request)), status_code=201)

    @sentences
    async def show_table(request: Request) -> Response:
        player = await player_of(request, changes=False)
        actor = await find(request, player)
        return JSONResponse({**in_language(summary_for(actor, player), await page_lang(request)),
                             "state": msgspec.to_builtins(actor.table.state_message(None)),
                             "presenter": presenter(actor.table.game.name)})

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
    async def earlier(request: Request) -> Response:
        """`GET /api/tables/{id}/history?until=V`: what this viewer heard at the table up to version
        V (of the changes the table keeps, its last 500), each event with its sentence in the
        reader's language: the history a reloaded page shows again (docs/room.md, "HTTP API")."""
        player = await player_of(request, changes=False)
        actor = await find(request, player)
        table = actor.table
        asked = request.query_params.get("until", "")
        until = int(asked) if asked.isdigit() and len(asked) < 12 else table.version
        code = await page_lang(request)
        events = earlier_words(table.id, table.game, list(table.history), actor.viewer(player),
                               [s.to_json() for s in table.seats], code, until, faces=faces_of(request.cookies, code))
        return JSONResponse({"version": table.version, "events": events})

    replays: dict[tuple[str, str, str], dict[str, Any]] = {}

    @sentences
    async def replay(request: Request) -> Response:
        """`GET /api/tables/{id}/replay`: a finished game, every move with every hand, in words in the
        reader's language (409 while the game is played: nothing hidden is shown)."""
        player = await player_of(request, changes=False)
        actor = await find(request, player)
        code = await page_lang(request)
        if actor.table.status != "over":
            message = Msg(N_("the game at table {table} is not over yet; its replay is available when it ends"),
                          table=actor.table.id)
            return error(409, web(code).say(message))
        faces = text_ui(actor.table.game, code, faces=faces_of(request.cookies, code)).faces
        key = (actor.table.id, code, faces)
        if key not in replays:
            stored = await room.store.load(actor.table.id)
            if stored is None:
                raise NotFound(Msg(N_("there is no table \"{table}\" here (a private table needs its invite: "
                                      "?invite=TOKEN)"), table=actor.table.id))
            built = await asyncio.to_thread(build_replay, stored.header, stored.entries, code, faces)
            ui = text_ui(actor.table.game, code, faces=faces)
            tokens_seen = {c for step in built["steps"] for hand in step["hands"] if isinstance(hand, list) for c in hand}
            tokens_seen |= {c for hand in built["start"]["hands"] if isinstance(hand, list) for c in hand}
            built["words"] = {c: ui.token(c) for c in sorted(tokens_seen) if isinstance(c, str)}
            built["presenter"] = presenter(actor.table.game.name)
            replays[key] = built
            while len(replays) > REPLAY_CACHE:
                replays.pop(next(iter(replays)))
        return JSONResponse(replays[key])

    @sentences
    async def profile(request: Request) -> Response:
        """`GET /api/players/{name}`: a person's profile: ratings per pool, games per game, last games."""
        await settle(room.store)
        viewer = await player_of(request, changes=False)
        found = await history.player_by_name(room.store, request.path_params["name"])
        if found is None:
            raise NotFound(Msg(N_("there is nobody called {name} here"), name=request.path_params["name"]))
        player = found["player"]
        return JSONResponse({**found, "ratings": await history.ratings_of(room.store, player),
                             "record": await history.record_of(room.store, player),
                             "games": await history.games_of(room.store, player, viewer),
                             "events": await profile_events(room, player, web(await page_lang(request)))})

    @sentences
    async def leaderboard(request: Request) -> Response:
        """`GET /api/leaderboards/{game}`: per pool, the people with enough rated games, and the bots' anchors."""
        name = request.path_params["game"]
        request.state.game = name
        game_class(name)  # an unknown game is a sentence naming the games
        await settle(room.store)
        boards = await history.leaderboard(room.store, name)
        anchors = {pool: {level: display(mu) for level, mu in levels.items()}
                   for pool, levels in ratings.anchors().items() if pool.startswith(name + ":")}
        return JSONResponse({"game": name, "min_games": ratings.MIN_GAMES, "pools": boards, "anchors": anchors})

    @sentences
    async def table_command(request: Request) -> Response:
        """`POST /api/tables/{id}/{op}`: any table command marked `http` (`cardhall.room.commands`:
        sit, leave, start, wait), its body the command's client fields (`protocol.HTTP_BODIES`);
        the server fills in who asks (and their name and language where the command has them)."""
        op = request.path_params["op"]
        kind = COMMANDS.get(op)
        if kind is None or op not in HTTP_BODIES:
            raise NotFound(Msg(N_("there is no table command \"{command}\"; the commands are {commands}"),
                               command=op, commands=", ".join(HTTP_BODIES)))
        player = await signed_in(request)
        body = await read_body(request, HTTP_BODIES[op])
        actor = await find(request, player, getattr(body, "invite", None))
        request.state.game = actor.table.game.name
        if kind.takes_seat and actor.table.seat_of(player) is None:
            await front.check_join(player, actor, await social.invited(player, actor.table.id))
        fields = {name: getattr(body, name) for name in kind.client_fields()}
        if "name" in kind.server_fields:
            fields["name"] = await room.player_name(player) or "?"
        if "lang" in kind.server_fields:
            fields["lang"] = await room.player_lang(player)
        await actor.run(kind(player=player, **fields))
        return JSONResponse(in_language(summary_for(actor, player), await page_lang(request)))

    # --- pages: profiles, leaderboards, replays (server-rendered; the replay page steps in replay.js)
    def pool_words(pool: str, tr: Lang) -> str:
        """A rating pool in words: "Hearts, 4 players"."""
        game, _, count = pool.partition(":")
        try:
            title = game_title(game_class(game), tr)
        except (CardhallError, ModuleNotFoundError):
            title = game
        return tr.ngettext("{game}, {count} player", "{game}, {count} players", int(count), game=title)

    def game_words(game: str, tr: Lang) -> str:
        try:
            return game_title(game_class(game), tr)
        except (CardhallError, ModuleNotFoundError):
            return game

    async def profile_page(request: Request) -> Response:
        """`/players/{name}`: the profile of a person (404 with a sentence for nobody)."""
        code = await page_lang(request)
        tr = web(code)
        await settle(room.store)
        try:
            viewer = await player_of(request, changes=False)
        except AuthError:
            viewer = None
        found = await history.player_by_name(room.store, request.path_params["name"])
        if found is None:
            response = await render(request, "profile.html", N_("cardhall — a player"), person=None,
                                    problem=tr._("there is nobody called {name} here", name=request.path_params["name"]))
            response.status_code = 404
            return response
        player = found["player"]
        rated = await history.ratings_of(room.store, player)
        played = await history.record_of(room.store, player)
        games = await history.games_of(room.store, player, viewer, limit=20)
        return await render(request, "profile.html", N_("cardhall — a player"), person=found, problem=None,
                            language=language_name(found["lang"], code) if found["lang"] else "",
                            ratings=[{"pool": pool_words(pool, tr), **r} for pool, r in sorted(rated.items())],
                            record=[{"game": game_words(g, tr), **r} for g, r in sorted(played.items())],
                            games=[{**g, "title": game_words(g["game"], tr), "names": [seat_label(s, tr) for s in g["seats"]],
                                    "when": time.strftime("%Y-%m-%d %H:%M", time.gmtime(g["finished"]))} for g in games],
                            events=await profile_events(room, player, tr))

    async def leaderboard_page(request: Request) -> Response:
        """`/leaderboards/{game}`: each pool's people with enough rated games, and the bots' anchors."""
        code = await page_lang(request)
        tr = web(code)
        name = request.path_params["game"]
        try:
            title = game_title(game_class(name), tr)
        except (CardhallError, ModuleNotFoundError):
            response = await render(request, "leaderboard.html", N_("cardhall — a leaderboard"), game=name, pools=[],
                                    problem=tr._("There is no game \"{name}\" here; the games are {games}.", name=name,
                                                 games=", ".join(game_names())))
            response.status_code = 404
            return response
        await settle(room.store)
        boards = await history.leaderboard(room.store, name)
        pools = sorted({*boards, *(p for p in ratings.anchors() if p.startswith(name + ":"))},
                       key=lambda p: int(p.partition(":")[2]))
        shown = [{"name": pool_words(p, tr), "people": boards.get(p, []),
                  "anchors": [(level_title(level, tr), display(mu)) for level, mu in sorted(ratings.anchors().get(p, {}).items(),
                                                                          key=lambda x: x[1])]} for p in pools]
        return await render(request, "leaderboard.html", N_("cardhall — a leaderboard"), game=title, pools=shown,
                            problem=None, min_games=ratings.MIN_GAMES)

    async def replay_page(request: Request) -> Response:
        """`/tables/{id}/replay`: the replay page (replay.js reads `GET /api/tables/{id}/replay`);
        the 404 page for a table this reader cannot see."""
        if not await table_visible(request):
            return await table_missing(request, request.path_params["table_id"])
        return await render(request, "replay.html", N_("cardhall — a replay"), table_id=request.path_params["table_id"])

    async def moderation_page(request: Request) -> Response:
        """`/moderation`: reports, sanctions and the audit log (moderation.js; the API checks the role)."""
        return await render(request, "moderation.html", N_("cardhall — moderation"))

    async def protocol(request: Request) -> Response:
        return JSONResponse(json_schema())

    async def socket(ws: WebSocket) -> None:
        await table_socket(ws, room, tokens, front)

    async def table_of(table_id: str, player: str | None, invite: str | None) -> TableFront | None:
        actor = await room.table(table_id)
        return actor if actor is not None and actor.may_see(player, invite) else None

    async def table_visible(request: Request) -> bool:
        """Whether the table page's reader may see the table (pages.table_page: a 404 page if not)."""
        try:
            player = await player_of(request, changes=False)
        except CardhallError:  # a stale cookie: the page is seen as a guest's
            player = None
        return await table_of(request.path_params["table_id"], player, request.query_params.get("invite")) is not None

    front = PeopleFront(room, tokens, social, people, signed_in, table_of, sentences, read_body)
    allowed = webhooks.networks(webhook_allow)
    push = None if push_contact is None else Push(room, push_contact, allowed)
    notices = Notices(room, allowed, mail=None if mail is None else Mailer(mail), links=Links(secret), push=push)

    async def http_error(request: Request, exc: Exception) -> Response:
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

    routes = [
        Route("/api/games", games),
        Route("/api/protocol", protocol),
        Route("/api/players", new_player, methods=["POST"]),
        Route("/api/players/me", whoami, methods=["GET"]),
        Route("/api/accounts", new_account, methods=["POST"]),
        Route("/api/accounts/password", change_password, methods=["POST"]),
        Route("/api/sessions", new_session, methods=["POST"]),
        Route("/api/sessions", end_session, methods=["DELETE"]),
        Route("/api/players/lang", player_lang, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/replay", replay),
        Route("/api/tables/{table_id}/history", earlier, methods=["GET"]),
        Route("/api/players/{name}", profile, methods=["GET"]),
        Route("/api/leaderboards/{game}", leaderboard, methods=["GET"]),
        WebSocketRoute("/ws/tables/{table_id}", socket),
        Route("/players/{name}", profile_page, methods=["GET"]),
        Route("/leaderboards/{game}", leaderboard_page, methods=["GET"]),
        Route("/tables/{table_id}/replay", replay_page, methods=["GET"]),
        Route("/moderation", moderation_page, methods=["GET"]),
        *event_routes.routes(room, sentences, player_of, signed_in, read_body, address, conductor),
        *event_pages.routes(room, lambda request: player_of(request, changes=False)),
        *club_routes.routes(room, sentences, player_of, signed_in, read_body, people.notify),
        *club_pages.routes(room, lambda request: player_of(request, changes=False)),
        *front.routes(),
        *health_routes(room),
        *operator.routes(room, social, lambda: len(people.connections), signed_in, sentences),
        *TurnsFront(room, signed_in, sentences, read_body, in_language).routes(),
        *NoticesFront(notices, signed_in, sentences, read_body).routes(),
        *listening.routes(room, signed_in, sentences, read_body),
        *PushFront(push, signed_in, sentences, read_body).routes(),
        *pwa.routes(),
        *away.routes(room, signed_in, sentences),
        Route("/api/tables/{table_id}/{op}", table_command, methods=["POST"]),  # last: the other routes go first
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    app.add_middleware(CrossSite)  # inside pages.Guard (added by install): its refusals get the security headers too
    app = install(app, stored_lang)
    app.state.table_visible = table_visible
    app.state.conductor = conductor
    app.add_middleware(SocketsPerAddress, per_address=room.limits.connections)
    app.add_middleware(RequestLog)  # outermost: every answer gets its request id
    return app
