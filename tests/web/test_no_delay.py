"""The room answers at once: the connections it accepts on the socket the command line binds
(`cardhall.tui.listen.bind`) send small writes without Nagle's wait (TCP_NODELAY).

asyncio turns Nagle off only for a socket whose `proto` is TCP; a socket made as
`socket.socket(AF_INET, SOCK_STREAM)` has proto 0, and so had every connection accepted on it:
Uvicorn writes a response's head and body apart, and on a kept-alive connection the body then
waited for the client's delayed ACK — 40 ms on every request after the first, and between two
WebSocket frames sent one after the other (an event, then the state)."""

from __future__ import annotations

import asyncio
import socket

from cardhall.tui.listen import bind


def test_a_connection_accepted_on_the_rooms_socket_has_no_nagle_delay() -> None:
    sock = bind("127.0.0.1", 0)
    assert sock.proto == socket.IPPROTO_TCP
    seen: list[int] = []

    async def accept_one() -> None:
        loop = asyncio.get_running_loop()
        accepted = loop.create_future()

        class Probe(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                conn = transport.get_extra_info("socket")
                seen.append(conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()
                accepted.set_result(None)

        server = await loop.create_server(Probe, sock=sock)
        try:
            _, writer = await asyncio.open_connection(*sock.getsockname()[:2])
            await asyncio.wait_for(accepted, 10)
            writer.close()
        finally:
            server.close()

    asyncio.run(accept_one())
    assert seen and seen[0] != 0, "the room's connections wait for the client's ACK before a second small write"
