"""Request ids and one log line per request and per socket (`cardhall.room.logs`).

The rules: every HTTP request and WebSocket gets a request id — the proxy's `X-Request-Id` when
it is a plain id (8 to 64 letters, digits, `.`, `_`, `:` or `-`: nginx's `$request_id`), else a
new random one — sent back in the answer's `X-Request-Id` and carried by every log line written
while it is handled (`logs.bind`). An HTTP request's last line says its method, its path
(never its query string, which may hold a token or an invite), its status and its time; a
socket's lines say when it opened and closed. The player a request speaks for is added by the
code that reads its token (`logs.note`), the token itself never.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from typing import Any

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardhall.room import logs

log = logging.getLogger("cardhall.web")
HEADER = "x-request-id"
GIVEN_ID = re.compile(r"[A-Za-z0-9._:-]{8,64}")
TABLE_PATH = re.compile(r"^/(?:api/|ws/)?tables/([A-Za-z0-9_-]{1,64})(?:/|$)")


def request_id(headers: Headers) -> str:
    """The proxy's request id if it is a plain id, else a new one (16 hex digits)."""
    given = headers.get(HEADER, "")
    return given if GIVEN_ID.fullmatch(given) else secrets.token_hex(8)


def table_in(path: str) -> str:
    found = TABLE_PATH.match(path)
    return found.group(1) if found else ""


class RequestLog:
    """Pure ASGI middleware: the request id, the context of the log lines, a line per request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        rid = request_id(Headers(scope=scope))
        path = str(scope.get("path", ""))
        with logs.bind(request=rid, table=table_in(path)) as context:
            if scope["type"] == "websocket":
                await self._socket(scope, receive, send, rid, path, context)
            else:
                await self._http(scope, receive, send, rid, path, context)

    async def _http(self, scope: Scope, receive: Receive, send: Send, rid: str, path: str,
                    context: dict[str, str]) -> None:
        began = time.perf_counter()
        status = {"code": 500}

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (HEADER.encode(), rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            fields: dict[str, Any] = {"method": scope.get("method", "?"), "path": path, "status": status["code"],
                                      "ms": round((time.perf_counter() - began) * 1000, 1)}
            log.info("%s %s %d", fields["method"], path, status["code"], extra={"fields": {**context, **fields}})

    async def _socket(self, scope: Scope, receive: Receive, send: Send, rid: str, path: str,
                      context: dict[str, str]) -> None:
        began = time.perf_counter()
        log.info("socket %s opened", path, extra={"fields": {"path": path}})
        closed = {"code": None}

        async def sending(message: Message) -> None:
            if message["type"] == "websocket.close":
                closed["code"] = message.get("code", 1000)
            elif message["type"] == "websocket.accept":
                message["headers"] = [*message.get("headers", []), (HEADER.encode(), rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            log.info("socket %s closed", path, extra={"fields": {
                **context, "path": path, "close": closed["code"], "seconds": round(time.perf_counter() - began, 1)}})
