"""The room socket `/ws/room?where=lobby|TABLE` (docs/room.md, "People"): a person's notices
wherever they are in the room (`cardhall.web.people.RoomConnection`), and their presence there."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import msgspec
from starlette.routing import BaseRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.people.presence import check_status
from cardhall.people.social import SocialError
from cardhall.room import logs
from cardhall.web.auth import AuthError, Forbidden, presented_token
from cardhall.web.decoding import decode
from cardhall.web.languages import chosen, web
from cardhall.web.people import CLOSE_BANNED, CLOSE_NO_TOKEN, INVITATION_TTL, RoomConnection
from cardhall.web.routes.answers import socket as socket_route
from cardhall.web.routes.deps import Deps
from cardhall.web.socket import MAX_MESSAGE, RateLimit


async def socket(deps: Deps, ws: WebSocket) -> None:
    """`/ws/room?where=lobby|TABLE`: a person's notices wherever they are in the room, and
    their presence there; the client says `{"type": "active"}` when its person does something,
    `{"type": "where", "where": …}` when it moves, `{"type": "status", "status": …}`."""
    await ws.accept()
    lang = chosen(ws, None)
    try:
        token = presented_token(ws, changes=True)
        if token is None:
            raise AuthError(Msg(N_("the room socket needs a player token (?token=TOKEN or the cookie)")))
        player = await deps.tokens.player(token)
    except CardhallError as exc:
        await ws.send_json({"type": "error", "message": web(lang).say(exc.args[0] if exc.args else str(exc))})
        await ws.close(CLOSE_BANNED if isinstance(exc, Forbidden) else CLOSE_NO_TOKEN)
        return
    logs.note(player=player)
    lang = chosen(ws, await deps.room.player_lang(player))
    conn = RoomConnection(ws, player, await deps.mutes.muted_by(player), lang)
    where = ws.query_params.get("where") or "lobby"
    await deps.presence.enter(conn, where)
    try:
        await ws.send_json({  # the client may already be gone: a WebSocketDisconnect ends it quietly
            "type": "hello", "player": player, "unread": await deps.social.unread(player),
            "invitations": await deps.social.open_invitations(player, time.time() - INVITATION_TTL),
            "status": deps.presence.chosen.get(player, "available")})
        await pump(deps, ws, conn, lang)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    finally:
        await deps.presence.leave(conn)  # its mutes stay known: the person's table sockets share the set


async def pump(deps: Deps, ws: WebSocket, conn: RoomConnection, lang: str) -> None:
    limit = RateLimit()
    receiver: asyncio.Task[Any] | None = None
    try:
        while True:
            conn.waker = asyncio.get_running_loop().create_future()
            for message in conn.take():
                await ws.send_json(message)
            if conn.closing is not None:
                await ws.send_json(conn.closing)
                await ws.close(conn.close_code)
                return
            if receiver is None:
                receiver = asyncio.ensure_future(ws.receive())
            await asyncio.wait([receiver, conn.waker], return_when=asyncio.FIRST_COMPLETED)
            if not receiver.done():
                continue
            message = receiver.result()
            receiver = None
            if message["type"] == "websocket.disconnect":
                return
            if not limit.allow():
                continue
            await handle(deps, message.get("text"), conn, lang)
    except (WebSocketDisconnect, RuntimeError, OSError):  # the client went away (or sent on a closed socket)
        return
    finally:
        if receiver is not None:
            receiver.cancel()


async def handle(deps: Deps, text: str | None, conn: RoomConnection, lang: str) -> None:
    try:
        if text is None or len(text) > MAX_MESSAGE:
            raise SocialError(Msg(N_("send the room socket small JSON text messages")))
        try:
            data = decode(text)
        except msgspec.DecodeError:
            raise SocialError(Msg(N_("this message is not valid JSON; send e.g. {example}"),
                                  example='{"type": "active"}')) from None
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "active":
            await deps.presence.active(conn)
        elif kind == "where" and isinstance(data.get("where"), str) and len(data["where"]) <= 40:
            await deps.presence.active(conn, data["where"])
        elif kind == "status":
            await deps.presence.set_status(conn.player, check_status(data.get("status")))
        else:
            raise SocialError(Msg(N_("unknown room message; the types are active, where, status")))
    except CardhallError as exc:
        conn.send({"type": "error", "message": web(lang).say(exc.args[0] if exc.args else str(exc))})


def routes(deps: Deps) -> list[BaseRoute]:
    return [socket_route(deps, "/ws/room", socket)]
