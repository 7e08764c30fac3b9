"""Blocks and mutes, private messages and the lobby chat (docs/room.md, "People"): `/api/blocks`,
`/api/mutes`, `/api/messages`, `/api/lobby/chat`. A muted person (a moderator's sanction)
cannot write; the room's limits (`cardhall.people.limits`) count each line."""

from __future__ import annotations

import time

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.web.auth import AuthError
from cardhall.web.routes.answers import api, read_body
from cardhall.web.routes.deps import Deps
from cardhall.web.routes.friends import FriendName


class Message(msgspec.Struct, forbid_unknown_fields=True):
    to: str
    text: str


class LobbyLine(msgspec.Struct, forbid_unknown_fields=True):
    text: str


async def list_shuns(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request, changes=False)
    blocked, muted = await deps.social.shunned(me, "block"), await deps.social.shunned(me, "mute")
    names = await deps.social.names(list(blocked | muted))
    return JSONResponse({"blocked": sorted((names.get(p, p) for p in blocked), key=str.casefold),
                         "muted": sorted((names.get(p, p) for p in muted), key=str.casefold)})


async def shun(deps: Deps, request: Request, kind: str, on: bool) -> Response:
    me = await deps.signed_in(request)
    name = (await read_body(request, FriendName)).name if on else request.path_params["name"]
    _other, shown = await deps.social.shun(me, name, kind, on)
    await deps.presence.notify(me, {"type": "mutes"})
    return JSONResponse({"name": shown, kind: on})


async def block(deps: Deps, request: Request) -> Response:
    return await shun(deps, request, "block", True)


async def unblock(deps: Deps, request: Request) -> Response:
    return await shun(deps, request, "block", False)


async def mute(deps: Deps, request: Request) -> Response:
    return await shun(deps, request, "mute", True)


async def unmute(deps: Deps, request: Request) -> Response:
    return await shun(deps, request, "mute", False)


async def inbox(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request, changes=False)
    talks = await deps.social.inbox(me)
    return JSONResponse({"unread": sum(t["unread"] for t in talks), "conversations": talks})


async def conversation(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request, changes=False)
    name, shown = await deps.social.conversation(me, request.path_params["name"])
    return JSONResponse({"name": name, "messages": shown})


async def send_message(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    body = await read_body(request, Message)
    await deps.social.check_voice(me)
    deps.room.limits.take("message", time.time(), person=me)
    made = await deps.social.send_message(me, body.to, body.text)
    hidden = made.pop("hidden")
    if not hidden and made["to"] is not None:
        await deps.presence.notify(made["to"], {"type": "message", **made})
    return JSONResponse(made, status_code=201)


async def lobby_chat(deps: Deps, request: Request) -> Response:
    me = await tokens_player(deps, request)
    return JSONResponse(await deps.social.lobby_chat(me))


async def post_lobby(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    body = await read_body(request, LobbyLine)
    await deps.social.check_voice(me)
    deps.room.limits.take("chat", time.time(), person=me, address=request.client.host if request.client else None)
    made = await deps.social.post_lobby(me, body.text)
    made.pop("hidden")
    await deps.presence.notify("*", {"type": "lobby_chat", **made})
    return JSONResponse(made, status_code=201)


async def tokens_player(deps: Deps, request: Request) -> str | None:
    try:
        player: str = await deps.signed_in(request, changes=False)
        return player
    except AuthError:
        return None


def routes(deps: Deps) -> list[BaseRoute]:
    return [
        api(deps, "GET", "/api/blocks", list_shuns),
        api(deps, "POST", "/api/blocks", block),
        api(deps, "DELETE", "/api/blocks/{name}", unblock),
        api(deps, "POST", "/api/mutes", mute),
        api(deps, "DELETE", "/api/mutes/{name}", unmute),
        api(deps, "GET", "/api/messages", inbox),
        api(deps, "POST", "/api/messages", send_message),
        api(deps, "GET", "/api/messages/{name}", conversation),
        api(deps, "GET", "/api/lobby/chat", lobby_chat),
        api(deps, "POST", "/api/lobby/chat", post_lobby),
    ]
