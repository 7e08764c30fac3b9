"""Guest identity: a player id signed with the room's secret (itsdangerous).

A token goes as `Authorization: Bearer TOKEN`, as `?token=TOKEN` (WebSocket), or as the
`cardhall_token` cookie that `POST /api/players` sets for browsers. A request that relies on
the cookie and changes something must come from this site's own pages: its Origin header must
name the host it was sent to (a cross-site page cannot forge that).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from itsdangerous import BadSignature, URLSafeSerializer
from starlette.requests import HTTPConnection

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg

COOKIE = "cardhall_token"


class AuthError(CardhallError):
    """A token that is malformed, forged, or sent from another site."""


class Tokens:
    """Makes and reads the signed tokens of one room."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="cardhall.player")

    def make(self, player: str) -> str:
        return self._serializer.dumps(player)

    def player(self, token: str) -> str:
        """The player id in `token`; raise `AuthError` if this room did not sign it."""
        try:
            player = self._serializer.loads(token)
        except BadSignature:
            player = None
        if not isinstance(player, str):
            raise AuthError(Msg(N_("this token is not valid here (it was not made by this room, or it was altered); "
                                   "get one with POST /api/players {example}"), example='{"name": ...}'))
        return player


def presented_token(conn: HTTPConnection, *, changes: bool) -> str | None:
    """The token a request or WebSocket carries (header, then query, then cookie), or None.

    `changes`: the request changes something, so a cookie counts only with a matching Origin."""
    header = conn.headers.get("authorization")
    if header is not None:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise AuthError(Msg(N_("the Authorization header must be 'Bearer TOKEN'")))
        return token.strip()
    if conn.query_params.get("token"):
        return conn.query_params["token"]
    cookie = conn.cookies.get(COOKIE)
    if cookie and changes:
        origin = conn.headers.get("origin")
        host = conn.headers.get("host")
        if origin is None or urlsplit(origin).netloc != host:
            raise AuthError(Msg(N_("a request that relies on the {cookie} cookie must come from this site's own pages "
                                   "(Origin {origin}, expected http://{host}); "
                                   "send the token as 'Authorization: Bearer TOKEN' instead"),
                                cookie=COOKIE, origin=origin or "missing", host=host))
    return cookie or None
