"""The browser's pages: the lobby and the table page (Jinja2), the static client, the text
endpoint, and the guards every response passes (security headers, the Origin check).

`install(app)` adds all of it to the service's Starlette app. The table page is one plain ES
module (`static/table.js`) over the wire protocol; what a player reads — the table in words,
choices, events — is phrased here by the game's own `TextUI`, from the view and events the
browser already received, so this module never sees more than the viewer may know.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import cardhall
from cardhall.core.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.core.text import TextUI, text_ui
from cardhall.room.words import room_sentence

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))

COOKIE = "cardhall_token"
TEXT_BODY_LIMIT = 512 * 1024
NOTHING = "Nothing to say about that now."

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
    """A request whose only credential is the cookie: no bearer token, no ?token=."""
    if COOKIE not in headers.get("cookie", ""):
        return False
    if headers.get("authorization", "").lower().startswith("bearer "):
        return False
    return b"token=" not in scope.get("query_string", b"")


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
_STANDARD_CARD = re.compile(r"^([2-9TJQKA])([CDHS])$")
_TOWER_CARD = re.compile(r"^([PVGSY])(\d{1,2})$")
_CLASH_WORDS = {"A": "player A's side", "B": "player B's side", "top": "the top lane", "bottom": "the bottom lane"}
_TOWER_NAMES = dict(zip("PVGSY", ("Candy", "Spooky", "Tree", "Scrap", "Sand"), strict=True))


def token_words(game: Game, token: str) -> str:
    """A notation token in words: `QS` → "queen of spades ♠", `S14` (5 Towers) → "Scrap 14"."""
    if m := _STANDARD_CARD.match(token):
        suit = SUITS.index(m[2])
        return f"{RANK_NAMES[RANKS.index(m[1])]} of {SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}"
    if game.name == "five-towers" and (m := _TOWER_CARD.match(token)):
        return f"{_TOWER_NAMES[m[1]]} {int(m[2])}"
    if game.name == "clash-of-decks":
        return _CLASH_WORDS.get(token, token)
    return token


def five_towers_build_words(game: Game, notation: str, label: str) -> str:
    """A 5 Towers build in words, without its notation: "take Candy 12, Tree 10; demolish
    Sand 1; the towers become Candy 12; Tree 10" (the TextUI's label is notation → towers)."""
    parts = []
    for section in notation.split(";"):
        verb, *cards = section.split()
        if verb in ("take", "demolish"):
            parts.append(f"{verb} " + ", ".join(token_words(game, c) for c in cards))
    towers = label.partition("→")[2].strip()
    return "; ".join(parts) + (f"; the towers become {towers}" if towers else "")


def _notation_to_words(game: Game, choices: dict[str, str]) -> None:
    """Labels of the form "NOTATION: words" lose the notation; where two would then read the
    same (Clash's "summon X top" and "summon X bottom"), the notation is said in words instead."""
    stripped = {n: label[len(n) + 2:] for n, label in choices.items() if label.startswith(n + ": ")}
    counts: dict[str, int] = {}
    for rest in stripped.values():
        counts[rest] = counts.get(rest, 0) + 1
    for n, rest in stripped.items():
        choices[n] = rest if counts[rest] == 1 else " ".join(token_words(game, t) for t in n.split()) + ": " + rest


@lru_cache(maxsize=64)
def _load(name: str, options_json: str) -> tuple[Game, TextUI]:
    game = cardhall.load(name, **json.loads(options_json))
    return game, text_ui(game)


def _call(fn: Any, *args: Any) -> Any:
    """A text function applied to a view it may not fully understand (a spectator's public
    view lacks a hand): a missing field means there is nothing to say, not an error."""
    try:
        return fn(*args)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        return None


def table_text(body: dict[str, Any]) -> dict[str, Any]:
    """Everything the table page says about one state message and the events before it."""
    game_name = body.get("game")
    options = body.get("options") or {}
    if not isinstance(game_name, str) or not isinstance(options, dict):
        raise CardhallError("send the table's game (a name) and options (an object)")
    game, ui = _load(game_name, json.dumps(options, sort_keys=True))
    seat = body.get("seat")
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < game.num_players):
        raise CardhallError(f"seat must be from 0 to {game.num_players - 1}, or null for a spectator")
    view = body.get("view") or {}
    legal = [a for a in body.get("legal") or [] if isinstance(a, str)]
    names = [str(n) for n in body.get("names") or []]
    me = -1 if seat is None else seat  # text functions take a seat; -1 is nobody's

    events: list[str] = []
    for ev in body.get("events") or []:
        if not isinstance(ev, dict):
            continue
        said = room_sentence(ev, ui.tr, seat, names)
        if said is None:
            said = _call(ui.phrase, ev, seat) if hasattr(ui, "phrase") else None
        if said:
            events.append(said)

    keys: dict[str, dict[str, Any]] = {}
    for key, (what, fn) in ui.shortcuts().items():
        said = _call(fn, view, me) if isinstance(view, dict) else None
        if isinstance(said, tuple):
            said, action = said
            keys[key] = {"what": what, "text": said, "action": game.format_action(action)}
        else:
            keys[key] = {"what": what, "text": said or NOTHING}

    choices: dict[str, str] = {}
    words: dict[str, str] = {}
    if legal:
        state = None
        for notation in legal:
            try:
                action = game.parse_action(notation, state)
                choices[notation] = str(ui.choice(action, view, me))
                if game.name == "five-towers" and notation.startswith("take "):
                    choices[notation] = five_towers_build_words(game, notation, choices[notation])
            except CardhallError:
                choices[notation] = notation
            for token in notation.replace(";", " ").split():
                words.setdefault(token, token_words(game, token))
    _notation_to_words(game, choices)
    hand = view.get("hand") if isinstance(view, dict) else None
    if isinstance(hand, list):
        for card in hand:
            if isinstance(card, str):
                words.setdefault(card, token_words(game, card))

    result = None
    if isinstance(view, dict) and body.get("over"):
        result = _call(ui.result, view, body.get("scores") or view.get("scores") or [],
                       view.get("winners") or [], me)
    render = _call(ui.render, view, me) if isinstance(view, dict) else None
    if not render:  # a spectator's public view: what the table, score and turn keys can say
        render = "\n".join(k["text"] for key, k in keys.items() if key in ("C", "S", "T") and k["text"] != NOTHING)
    return {"events": events, "keys": keys, "render": render or "", "choices": choices,
            "words": words, "result": result, "title": game.title,
            "seats": [ui.seat(i) for i in range(game.num_players)]}


async def text_endpoint(request: Request) -> Response:
    raw = await request.body()
    if len(raw) > TEXT_BODY_LIMIT:
        return JSONResponse({"error": f"the request is too big ({len(raw)} bytes; at most {TEXT_BODY_LIMIT})"}, 413)
    try:
        body = json.loads(raw)
        if not isinstance(body, dict):
            raise CardhallError("send a JSON object with game, options, seat, view, legal and events")
        return JSONResponse(table_text(body))
    except json.JSONDecodeError:
        return JSONResponse({"error": "the request is not JSON; send a JSON object"}, 400)
    except CardhallError as exc:
        return JSONResponse({"error": str(exc)}, 400)


async def seats_endpoint(request: Request) -> Response:
    """How many seats a game has with these options (the lobby's form asks as options change);
    bad options get the game's sentence saying what would be right."""
    try:
        options = json.loads(request.query_params.get("options") or "{}")
        if not isinstance(options, dict):
            raise CardhallError("options must be a JSON object")
        game = cardhall.load(request.path_params["name"], **options)
    except json.JSONDecodeError:
        return JSONResponse({"error": "options must be JSON, e.g. {\"players\": 3}"}, 400)
    except CardhallError as exc:
        return JSONResponse({"error": str(exc)}, 400)
    return JSONResponse({"seats": game.num_players})


# --- pages ----------------------------------------------------------------------------------------
async def lobby_page(request: Request) -> Response:
    return templates.TemplateResponse(request, "lobby.html", {"title": "cardhall — the lobby"})


async def table_page(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    return templates.TemplateResponse(request, "table.html", {"title": "cardhall — a table", "table_id": table_id})


def routes() -> list[Route | Mount]:
    return [
        Route("/", lobby_page, methods=["GET"]),
        Route("/tables/{table_id}", table_page, methods=["GET"]),
        Route("/api/text", text_endpoint, methods=["POST"]),
        Route("/api/games/{name}/seats", seats_endpoint, methods=["GET"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]


def install(app: Starlette) -> Starlette:
    """Add the pages, the static client, the text endpoint and the guards to `app`; return it."""
    app.router.routes.extend(routes())
    app.add_middleware(Guard)
    return app
