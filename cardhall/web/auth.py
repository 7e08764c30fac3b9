"""Who a request speaks for, and which requests the room refuses because they come from another site.

**Tokens.** A token goes as `Authorization: Bearer TOKEN`, as `?token=TOKEN` (WebSocket), or as
the `cardhall_token` cookie (HttpOnly, SameSite=Lax, Secure over https) that `POST /api/players`,
`POST /api/accounts` and `POST /api/sessions` set for browsers. A token is a server-side session
(`cardhall.people.accounts`: it ends when unused for 90 days, at logout, or when its person logs
out everywhere). A token of the room's first kind (a player id signed with the room's secret)
still counts for a guest who had one, until that guest registers, logs out everywhere, or leaves
it unused for 90 days (the same sliding expiry as a session).

**Cross-site requests** (`CrossSite`, for every request that is not GET, HEAD or OPTIONS):

- an `Origin` header that does not name this server — scheme, host and port — is refused (403):
  a page of another site can neither log someone in under a name of its choosing (login CSRF),
  nor log them out, nor act for them;
- a request body that is not `Content-Type: application/json` is refused (415): a cross-site
  HTML form can only send form or text bodies, and a cross-site script sending JSON must first
  ask the browser's permission (CORS), which this server never gives.

A request relying on the cookie alone must in addition carry a same-origin `Origin` to change
anything (`presented_token(changes=True)`). Clients with a bearer token (the terminal, bots)
send no `Origin` and are not browsers acting on someone's behalf.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from itsdangerous import BadSignature, URLSafeSerializer
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.people.accounts import IDLE, PREFIX, Accounts
from cardhall.web.languages import chosen, web
from cardhall.web.pages import same_origin

COOKIE = "cardhall_token"
COOKIE_AGE = 400 * 24 * 3600
"""The cookie outlives any session: the server decides when a session has ended (sliding expiry)."""
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class AuthError(CardhallError):
    """A token that is malformed, forged, ended, or sent from another site."""


class Forbidden(AuthError):
    """A live token of a person the room shuts out (a moderator's ban): HTTP 403, with the reason."""


Gate = Callable[[str], Awaitable[None]]


class Tokens:
    """Makes and reads the tokens of one room: sessions, and the former signed player ids.
    `gate(player)`, if given, raises a `CardhallError` for a person the room shuts out (a ban):
    every token of theirs is then refused with that sentence (`Forbidden`)."""

    def __init__(self, secret: str, accounts: Accounts, gate: Gate | None = None) -> None:
        self._serializer = URLSafeSerializer(secret, salt="cardhall.player")
        self.accounts = accounts
        self.gate = gate

    async def player(self, token: str) -> str:
        """The player id a token speaks for; raise `AuthError` if it is not a live token of this
        room, `Forbidden` if the gate shuts its person out."""
        player = await self._player(token)
        if self.gate is not None:
            try:
                await self.gate(player)
            except AuthError:
                raise
            except CardhallError as exc:
                raise Forbidden(*exc.args) from None
        return player

    async def make(self, player: str) -> str:
        """A new session of `player`."""
        return await self.accounts.new_session(player)

    def signed(self, player: str) -> str:
        """A token of the former kind (the tests of the upgrade make one as a former room did)."""
        return self._serializer.dumps(player)

    async def _player(self, token: str) -> str:
        if token.startswith(PREFIX):
            player = await self.accounts.session_player(token)
            if player is None:
                raise AuthError(Msg(N_("this session has ended (you logged out, or it was unused for {days}); "
                                       "log in again with POST /api/sessions, or be a guest with POST /api/players"),
                                    days=Plural("{count} day", "{count} days", count=round(IDLE / 86400))))
            return player
        try:
            found = self._serializer.loads(token)
        except BadSignature:
            found = None
        if not isinstance(found, str):
            raise AuthError(Msg(N_("this token is not valid here (it was not made by this room, or it was altered); "
                                   "get one with POST /api/players {example}"), example='{"name": ...}'))
        if not await self.accounts.legacy_allowed(found):
            raise AuthError(Msg(N_("this token has ended (its player logged out everywhere, registered, or left it "
                                   "unused for {days}); log in again with POST /api/sessions"),
                                days=Plural("{count} day", "{count} days", count=round(IDLE / 86400))))
        return found


def presented_token(conn: HTTPConnection, *, changes: bool) -> str | None:
    """The token a request or WebSocket carries (header, then query, then cookie), or None.

    `changes`: the request changes something, so a cookie counts only with a matching Origin
    (scheme, host and port)."""
    header = conn.headers.get("authorization")
    if header is not None:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise AuthError(Msg(N_("the Authorization header must be 'Bearer TOKEN'")))
        return token.strip()
    if conn.query_params.get("token"):
        return conn.query_params["token"]
    cookie = conn.cookies.get(COOKIE)
    if cookie and changes and not same_origin(conn.scope, conn.headers):
        raise AuthError(Msg(N_("a request that relies on the {cookie} cookie must come from this site's own pages "
                               "(Origin {origin}, expected {expected}); "
                               "send the token as 'Authorization: Bearer TOKEN' instead"),
                            cookie=COOKIE, origin=conn.headers.get("origin") or "missing",
                            expected=own_origin(conn.scope, conn.headers)))
    return cookie or None


def own_origin(scope: Scope, headers: Headers) -> str:
    """This server's origin as a browser on it would send it."""
    secure = scope.get("scheme") in ("https", "wss")
    return f"{'https' if secure else 'http'}://{headers.get('host', '')}"


class CrossSite:
    """ASGI middleware refusing cross-site and non-JSON requests that may change something
    (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        problem: tuple[int, Msg] | None = None
        if "origin" in headers and not same_origin(scope, headers):
            problem = (403, Msg(N_("this request comes from another site (Origin {origin}); the room only takes "
                                   "requests that change something from its own pages ({expected})"),
                                origin=headers["origin"], expected=own_origin(scope, headers)))
        elif _has_body(headers) and headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            problem = (415, Msg(N_("send the request body as JSON with 'Content-Type: application/json' "
                                   "(got {kind})"), kind=headers.get("content-type") or "none"))
        if problem is None:
            await self.app(scope, receive, send)
            return
        status, message = problem
        code = chosen(HTTPConnection(scope), None)
        body = json.dumps({"error": web(code).say(message)}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _has_body(headers: Headers) -> bool:
    length = headers.get("content-length")
    if length is not None:
        return length.strip() not in ("", "0")
    return "transfer-encoding" in headers
