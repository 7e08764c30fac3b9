"""The browser's pages: the lobby and the table page (Jinja2), the static client, the text
endpoint, and the guards every response passes (security headers, the Origin check).

`install(app)` adds all of it to the service's Starlette app. The table page is plain ES modules
(`static/table/`, docs/web.md) over the wire protocol; what a player reads comes with the
messages (`?words=1`, `cardhall.web.words`); `POST /api/text` phrases a view a client sends back
(for tools and other clients) with the socket's words code (`table_text`: a thin call of
`words.change_words` and `words.state_words`), so it never says more than the view holds.
Each game's pictures are served from its own package (`cardhall.web.presenters`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec
from markdown_it import MarkdownIt
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, QueryParams
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import cardhall
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.core.i18n import DEFAULT, N_, Lang, Msg, Plural, check
from cardhall.core.registry import game_class, game_names
from cardhall.core.text import TextUI, text_ui
from cardhall.core.titles import game_line, game_title
from cardhall.room.words import seat_labels
from cardhall.web import presenters, words
from cardhall.web.bodies import BodyTooLarge, read_limited
from cardhall.web.decoding import decode
from cardhall.web.languages import LANG_COOKIE, PlayerLang, chosen, js_catalog, known, languages, say_error, web
from cardhall.web.protocol import TextRequest

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))

COOKIE = "cardhall_token"
TEXT_BODY_LIMIT = 512 * 1024

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # invite tokens live in table URLs: never leak them
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


# --- guards -------------------------------------------------------------------------------------
def _cookie_authenticated(scope: Scope, headers: Headers) -> bool:
    """A request whose only credential is the cookie: no bearer token, no ?token=TOKEN (the
    query's own `token` parameter, non-empty, as `auth.presented_token` reads it: `?xtoken=1`
    or `?token=` bears no token)."""
    if COOKIE not in headers.get("cookie", ""):
        return False
    if headers.get("authorization", "").lower().startswith("bearer "):
        return False
    return not QueryParams(scope.get("query_string", b"")).get("token")


def same_origin(scope: Scope, headers: Headers) -> bool:
    """The Origin header names this server (scheme, host and port)."""
    origin = headers.get("origin")
    if not origin:
        return False
    parts = urlsplit(origin)
    secure = scope.get("scheme") in ("https", "wss")
    return parts.scheme == ("https" if secure else "http") and parts.netloc == headers.get("host", "")


class Guard:
    """ASGI middleware: security headers on every HTTP response, and the WebSocket Origin check.

    A browser sends the `cardhall_token` cookie with every request to this host, even from a
    page of another origin on the same site (another port of 127.0.0.1, say). Requests that
    change something are checked by the service (`auth.presented_token`: 401 without a
    same-origin Origin). A WebSocket upgrade carrying the cookie alone without an Origin naming
    this server is refused here outright, rather than opened as a spectator: a page of another
    origin gets no socket at all. Clients with a bearer token or ?token= are not browsers
    acting on someone's behalf and are not checked."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            headers = Headers(scope=scope)
            if _cookie_authenticated(scope, headers) and not same_origin(scope, headers):
                await send({"type": "websocket.close", "code": 1008, "reason": "cross-origin"})
                return
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await self.app(scope, receive, self._with_headers(send))
        else:
            await self.app(scope, receive, send)

    @staticmethod
    def _with_headers(send: Send) -> Send:
        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *((k, v) for k, v in SECURITY_HEADERS if k not in present)]
            await send(message)
        return wrapped


# --- words ----------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=128)
def _load(name: str, options_json: str, code: str) -> tuple[Game, TextUI]:
    """The game and its TextUI for `/api/text`, made as the socket's words make theirs
    (`cardhall.web.words.load_reader`) but its own: the text is said in worker threads, and the
    socket's readers are shared on the event loop's thread."""
    game = cardhall.load(name, **json.loads(options_json))
    return game, text_ui(game, code, notation=False)


TEXT_CACHE = words.Cache(512)
"""`/api/text`'s phrasings (the socket's `Cache`, its own instance: used under `_TEXT_LOCK` from
worker threads), keyed by the request's bytes: a tool asking the same again is answered at once."""
_TEXT_LOCK = threading.Lock()


VIEW_INT = 10**6
"""The largest number (in size) a view may hold: more than any game counts (scores, deals,
cards left), and little enough that nothing said from it can grow without bound."""

_SAYING = (KeyError, TypeError, IndexError, ValueError, AttributeError, OverflowError, CardhallError)


class ViewError(CardhallError):
    """A view or event that the game's own could not be (said as a sentence, status 400)."""


def _call(fn: Any, what: Msg, spectator: bool, *args: Any) -> Any:
    """A text function applied to what the client sent, already typed by the game's view type.
    A spectator's public view lacks what the seat's own keys (H: the hand) read: for a
    spectator such a function has nothing to say (None). Anything else that fails is the
    client's data not fitting the game (a seat 9 at a table of 4, an unknown card): a
    `ViewError` naming `what` and the problem — a sentence, never a silent nothing."""
    try:
        return fn(*args)
    except _SAYING as exc:
        if spectator and not isinstance(exc, CardhallError):
            return None
        problem = f"missing {exc}" if isinstance(exc, KeyError) else str(exc) or type(exc).__name__
        raise ViewError(Msg(N_("{what} does not fit this game ({problem}); send it as the room sent it"),
                            what=what, problem=problem)) from None


def check_view(game: Game, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
    """The view typed by the game's own view type (a seat's or the public one) and within the
    game's limits: its seat is `seat`, its `players` the game's, no number larger than `VIEW_INT`.
    `{}` stays `{}`: nothing to say (a table waiting for its start)."""
    if not view:
        return {}
    state_class = type(game.new_state(0))
    kind = state_class.PUBLIC_VIEW_TYPE if seat is None else state_class.VIEW_TYPE
    try:
        typed: dict[str, Any] = msgspec.convert(view, kind)
    except msgspec.ValidationError as exc:
        raise ViewError(Msg(N_("the view is not a {game} view for {viewer}: {problem}"), game=game.name,
                            viewer=Msg(N_("a spectator")) if seat is None else Msg(N_("seat {seat}"), seat=seat),
                            problem=str(exc))) from None
    if typed.get("seat") != seat:
        raise ViewError(Msg(N_("the view is seat {view}'s, but the request says seat {seat}"),
                            view=repr(typed.get("seat")), seat=repr(seat)))
    if "players" in typed and typed["players"] != game.num_players:
        raise ViewError(Plural("the view has {count} player, but {game} with these options has {players}",
                               "the view has {count} players, but {game} with these options has {players}",
                               count=typed["players"], game=game.name, players=game.num_players))
    _check_numbers(typed)
    return typed


def _check_numbers(data: Any) -> None:
    """Refuse a number larger than `VIEW_INT` anywhere in `data` (JSON: nesting is bounded by
    the decoder, the size by the body's limit)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, int | float) and not isinstance(item, bool) and not -VIEW_INT <= item <= VIEW_INT:
            raise ViewError(Msg(N_("the view holds the number {number}; a game's view holds none beyond {limit}"),
                                number=f"{item:.3g}", limit=VIEW_INT))


def table_text(request: TextRequest | dict[str, Any]) -> dict[str, Any]:
    """Everything the table page says about one state message and the events before it, in
    the reader's language (`lang`; English when it is missing). The request is decoded to its
    type and the view checked against the game before anything is said; then the socket's words
    say it (`cardhall.web.words`: the same phrasing a connection with `?words=1` receives, and
    the same `Cache`), one request at a time."""
    try:
        body = request if isinstance(request, TextRequest) else msgspec.convert(request, TextRequest)
    except msgspec.ValidationError as exc:
        raise CardhallError(Msg(N_("bad request body: {problem}"), problem=str(exc))) from None
    code = check(body.lang or DEFAULT)
    game, ui = _load(body.game, json.dumps(body.options, sort_keys=True), code)
    seat = body.seat
    if seat is not None and not 0 <= seat < game.num_players:
        raise CardhallError(Msg(N_("seat must be from 0 to {last}, or null for a spectator"), last=game.num_players - 1))
    view = check_view(game, seat, body.view)
    # who sits where, in the reader's words (a bot by its level in the reader's language); the
    # older clients' "names" as they are
    names = seat_labels([msgspec.to_builtins(s) for s in body.seats], ui.tr) if body.seats else list(body.names)
    key = ("text", hashlib.sha256(msgspec.json.encode(body)).hexdigest())
    with _TEXT_LOCK:
        return dict(TEXT_CACHE.get(key, lambda: _phrase(game, ui, seat, view, body, names)))


def _phrase(game: Game, ui: TextUI, seat: int | None, view: dict[str, Any], body: TextRequest,
            names: list[str]) -> dict[str, Any]:
    """The socket's words (`cardhall.web.words.change_words` and `state_words`) for what the client
    sent: an event or a view they cannot say is a `ViewError` naming it."""
    for number, event in enumerate(body.events, 1):
        _call(words.event_words, Msg(N_("event {number}"), number=number), False, ui, event, seat, names)
    events = [w for w in _call(words.change_words, Msg(N_("the view")), False, ui, body.events, seat, names) if w]
    try:
        said = _call(words.state_words, Msg(N_("the view")), False, game, ui, seat, view, body.legal,
                     bool(view) and body.over, body.scores, names)
    except ViewError:
        _name_the_move(game, ui, seat, view, body.legal)
        raise
    out: dict[str, Any] = msgspec.to_builtins(said)
    out.pop("steps", None)
    return {"events": events, **out, "result": out.get("result")}


def _name_the_move(game: Game, ui: TextUI, seat: int | None, view: dict[str, Any], legal: list[str]) -> None:
    """After a view that could not be said: a `ViewError` naming the legal move it stumbled on, if
    one did (else the caller's, about the view)."""
    for notation in legal:
        try:
            action = game.parse_action(notation)
        except CardhallError:
            continue
        _call(ui.spoken_choice, Msg(N_("the move {move}"), move=notation), False, action, view,
              -1 if seat is None else seat)


async def text_endpoint(request: Request) -> Response:
    """`POST /api/text`: the table in words for one reader (`lang` in the body: each reader's own).
    The body is bounded (refused on its length, counted while it streams), decoded to
    `TextRequest` and checked against the game; the words are said in a worker thread, so no
    request holds the room's event loop."""
    code = chosen(request, None)
    try:
        raw = await read_limited(request, TEXT_BODY_LIMIT)
    except BodyTooLarge as exc:
        return _refuse(exc, code, 413)
    game = None
    try:
        body = decode(raw, _TEXT_DECODER)
        code = known(body.lang) or code
        game = body.game
        return JSONResponse(await run_in_threadpool(table_text, body))
    except msgspec.ValidationError as exc:
        return _refuse(Msg(N_("bad request body: {problem}"), problem=str(exc)), code)
    except msgspec.DecodeError:
        return _refuse(Msg(N_("the request is not JSON; send a JSON object")), code)
    except CardhallError as exc:
        return _refuse(exc, code, game=game)


_TEXT_DECODER = msgspec.json.Decoder(TextRequest)
_OPTIONS_DECODER = msgspec.json.Decoder(dict[str, Any])


def _refuse(error: BaseException | str, code: str, status: int = 400, game: Any = None) -> JSONResponse:
    """A refusal's sentence in the reader's language (a game's own messages through its TextUI)."""
    return JSONResponse({"error": say_error(error, code, game)}, status)


async def seats_endpoint(request: Request) -> Response:
    """How many seats a game has with these options, and the game's name of each in the reader's
    language (the lobby's form asks as options change); bad options get the game's sentence
    saying what would be right."""
    code = await page_lang(request)
    name = request.path_params["name"]
    try:
        options = decode(request.query_params.get("options") or "{}", _OPTIONS_DECODER)
        game = cardhall.load(name, **options)
    except msgspec.ValidationError:
        return _refuse(Msg(N_("options must be a JSON object")), code)
    except msgspec.DecodeError:
        return _refuse(Msg(N_("options must be JSON, e.g. {example}"), example='{"players": 3}'), code)
    except CardhallError as exc:
        return _refuse(exc, code, game=name)
    ui = text_ui(game, code)
    return JSONResponse({"seats": game.num_players, "names": [ui.seat(i) for i in range(game.num_players)]})


# --- pages ----------------------------------------------------------------------------------------
async def page_lang(conn: HTTPConnection) -> str:
    """The language of this request's page (`languages.chosen`, with the player's stored one)."""
    stored: PlayerLang | None = getattr(conn.app.state, "player_lang", None)
    return chosen(conn, await stored(conn) if stored is not None else None)


async def render(request: Request, template: str, title: str, **context: Any) -> Response:
    """A page in its reader's language: `<html lang>`, the picker, the scripts' catalog; a
    `?lang=` choice is remembered in the cookie (the picker also stores it with the player)."""
    code = await page_lang(request)
    tr = web(code)
    response = templates.TemplateResponse(request, template, {
        "lang": code, "languages": languages(), "catalog": page_catalog(code), "title": tr._(title),
        "_": tr._, "gettext": tr._, "ngettext": tr.ngettext, "pgettext": tr.pgettext, "number": tr.number,
        "games": rules_links(tr), "nav": template != "table.html", **context})
    asked = known(request.query_params.get("lang"))
    if asked is not None and asked != request.cookies.get(LANG_COOKIE):
        response.set_cookie(LANG_COOKIE, asked, max_age=365 * 24 * 3600, samesite="lax")
    return response


@functools.cache
def page_catalog(code: str) -> dict[str, Any]:
    """What the page's scripts translate with: the web domain's catalog and the messages of the
    games' presenters (`presenters.presenter_messages`)."""
    catalog = js_catalog(code)
    return {**catalog, "messages": {**presenters.presenter_messages(code), **catalog["messages"]}}


def rules_links(tr: Lang) -> list[dict[str, str | None]]:
    """Every game with a rules page: name, title and line (in `tr`'s language), and its tile's
    picture (`presenters.tile`)."""
    out = []
    for name in game_names():
        try:
            cls = game_class(name)
            out.append({"name": name, "title": game_title(cls, tr), "line": game_line(cls, tr),
                        "tile": presenters.tile(name)})
        except ModuleNotFoundError:
            continue
    return out


async def lobby_page(request: Request) -> Response:
    # Translators: the title of the lobby page (the browser's tab).
    return await render(request, "lobby.html", N_("cardhall — the lobby"))


TableVisible = Callable[[Request], Awaitable[bool]]
"""Whether the table of a page request (`table_id`, the cookie's player, `?invite=`) is one
this reader may see: `app.state.table_visible`, set by the room's app."""


async def table_page(request: Request) -> Response:
    """`/tables/{id}`: the table page; a table that is not here, or private without its invite,
    is the 404 page saying so (never an empty table page)."""
    table_id = request.path_params["table_id"]
    if not await visible(request):
        return await table_missing(request, table_id)
    return await render(request, "table.html", N_("cardhall — a table"), table_id=table_id)


async def visible(request: Request) -> bool:
    """The app's `table_visible` answer for this request (True where the app gave none)."""
    check: TableVisible | None = getattr(request.app.state, "table_visible", None)
    return True if check is None else await check(request)


async def table_missing(request: Request, table_id: str) -> Response:
    """The 404 page of a table this reader cannot see, with the reason and the way back."""
    tr = web(await page_lang(request))
    reason = tr._("There is no table \"{table}\" here. It may have ended long ago, or its address is "
                  "mistyped; a private table opens only with its invitation link.", table=table_id)
    return await missing(request, tr._("This table is not here"), reason)


async def missing(request: Request, heading: str, reason: str) -> Response:
    """A page of status 404: a heading, the reason in a sentence and "Back to the lobby"."""
    response = await render(request, "missing.html", N_("cardhall — not found"), heading=heading, reason=reason)
    response.status_code = 404
    return response


_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


async def rules_page(request: Request) -> Response:
    """`/rules/<game>?lang=`: the rules for players in the page's language (English, said so,
    where that language has none yet), as HTML; a sentence and 404 for an unknown game or a
    game whose rules are not written."""
    name = request.path_params["game"]
    code = await page_lang(request)
    try:
        cls = game_class(name)
    except (CardhallError, ModuleNotFoundError):
        problem = web(code)._("There is no game \"{name}\" here; the games are {games}.",
                              name=name, games=", ".join(game_names()))
        return await rules_missing(request, problem)
    text, shown = None, code
    for shown in dict.fromkeys((code, DEFAULT)):
        try:
            text = cls.rules_text(shown)
            break
        except CardhallError as exc:
            problem = say_error(exc, code, cls.name)
    if text is None:
        return await rules_missing(request, problem, game_title(cls, web(code)))
    body = Markup(_MARKDOWN.render(text))
    return await render(request, "rules.html", N_("cardhall — rules"), game=game_title(cls, web(code)), rules=body,
                        rules_lang=shown, titled=text.lstrip().startswith("# "))


async def rules_missing(request: Request, problem: str, game: str = "") -> Response:
    """The rules page saying why there are no rules to show (status 404)."""
    body = Markup("<p>{}</p>").format(problem)
    response = await render(request, "rules.html", N_("cardhall — rules"), game=game or "?", rules=body,
                            rules_lang=await page_lang(request), titled=False)
    response.status_code = 404
    return response


def routes() -> list[Route | Mount]:
    return [
        Route("/", lobby_page, methods=["GET"]),
        Route("/tables/{table_id}", table_page, methods=["GET"]),
        Route("/rules/{game}", rules_page, methods=["GET"]),
        Route("/api/text", text_endpoint, methods=["POST"]),
        Route("/api/games/{name}/seats", seats_endpoint, methods=["GET"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        *presenters.routes(),
    ]


def install(app: Starlette, player_lang: PlayerLang | None = None) -> Starlette:
    """Add the pages, the static client, the text endpoint and the guards to `app`; return it.
    `player_lang`: the language stored with the player a request speaks for."""
    app.state.player_lang = player_lang
    app.router.routes.extend(routes())
    app.add_middleware(Guard)
    return app
