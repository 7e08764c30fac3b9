"""Slow and greedy clients: a request must arrive whole (its head and its body) within
`READ_TIMEOUT` seconds of its first byte, and one address holds at most `PER_ADDRESS` HTTP
connections and `PER_ADDRESS` WebSockets at once.

Uvicorn bounds the idle time between requests (`timeout_keep_alive`) and the size of a request
head (h11's 64 KiB), but not how long a head or a body may take to arrive: a client sending one
byte a second would hold its connection for ever, and a thousand of them hold a thousand. So
`guarded(protocol)` is Uvicorn's HTTP protocol with a deadline for each request's reading, and
a count of connections per address (a WebSocket leaves the HTTP count when it is upgraded and
is counted by `SocketsPerAddress`, an ASGI middleware, for as long as it is open). Behind a
proxy the address is the client's as the proxy says (Uvicorn's `--proxy-headers`, on for
127.0.0.1), and the proxy should bound reading too (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from cardhall.people.limits import CONNECTIONS

READ_TIMEOUT = 20.0
"""Seconds from a request's first byte to its last (head and body); more is a slow client."""
PER_ADDRESS = CONNECTIONS
"""HTTP connections, and separately WebSockets, one address may hold at once (`Limits.connections`;
a room with `--no-limits` has no cap, as its limits' `connections` is None)."""
CLOSE_TOO_MANY = 1013  # "try again later"


def guarded(base: type[Any], per_address: int | None = PER_ADDRESS, read_timeout: float = READ_TIMEOUT) -> type[Any]:
    """Uvicorn's HTTP protocol class `base` with the read deadline and the cap per address (one
    class per server: its own count; None: no cap)."""
    open_by: Counter[str] = Counter()

    class Guarded(base):  # type: ignore[misc]
        _counted: str | None = None
        _deadline: asyncio.TimerHandle | None = None
        _reading: object = None  # the cycle that was current when the deadline was armed

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            host = self.client[0] if self.client else None
            if host is not None and per_address is not None and open_by[host] >= per_address:
                transport.close()  # refused before a byte is read: nothing to answer yet
                return
            if host is not None:
                open_by[host] += 1
                self._counted = host

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            if self._deadline is None and (cycle is None or cycle.response_complete or cycle.more_body):
                self._reading = cycle
                self._deadline = self.loop.call_later(read_timeout, self._too_slow)
            super().data_received(data)
            if self.transport.get_protocol() is not self:  # upgraded to a WebSocket: counted there
                self._stop_reading_clock()
                self._uncount()
            elif self.cycle is not None and self.cycle is not self._reading and not self.cycle.more_body:
                self._stop_reading_clock()  # the request has arrived whole

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_reading_clock()
            self._uncount()
            super().connection_lost(exc)

        def _too_slow(self) -> None:
            """The deadline passed: close unless the request arrived meanwhile (its head and body)."""
            self._deadline = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return
            cycle = self.cycle
            if cycle is None or cycle is self._reading or cycle.more_body:
                self.transport.close()

        def _stop_reading_clock(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _uncount(self) -> None:
            if self._counted is not None:
                open_by[self._counted] -= 1
                if open_by[self._counted] <= 0:
                    del open_by[self._counted]
                self._counted = None

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded


class SocketsPerAddress:
    """At most `per_address` open WebSockets per client address; one more is closed before it is
    accepted (code 1013, try again later); `per_address` None: no cap."""

    def __init__(self, app: ASGIApp, per_address: int | None = PER_ADDRESS) -> None:
        self.app = app
        self.per_address = per_address
        self.open: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or not scope.get("client"):
            await self.app(scope, receive, send)
            return
        host = scope["client"][0]
        if self.per_address is not None and self.open[host] >= self.per_address:
            await send({"type": "websocket.close", "code": CLOSE_TOO_MANY,
                        "reason": f"at most {self.per_address} connections from one address"})
            return
        self.open[host] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[host] -= 1
            if self.open[host] <= 0:
                del self.open[host]
