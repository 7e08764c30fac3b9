"""Web Push over HTTP: `GET /api/push/key` (the room's VAPID public key) and `POST`/`DELETE
/api/players/me/push` (a browser's subscription); the rules: `cardhall.web.push`."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.core.i18n import N_, Msg
from cardhall.web.push import Endpoint, Push, PushError, Subscription
from cardhall.web.routes.answers import api, read_body
from cardhall.web.routes.deps import Deps


def push_on(deps: Deps) -> Push:
    """The room's push, or a sentence saying that its operator has not turned it on."""
    if deps.push is None:
        raise PushError(Msg(N_("this room sends no push notices: its operator has not turned them on "
                               "(cardhall serve --push-contact)")))
    return deps.push


async def key(deps: Deps, request: Request) -> Response:
    """The room's VAPID public key; 400 with a sentence when push is off."""
    return JSONResponse({"public_key": await push_on(deps).public_key()})


async def subscribe(deps: Deps, request: Request) -> Response:
    push = push_on(deps)
    player = await deps.signed_in(request)
    body = await read_body(request, Subscription)
    return JSONResponse(await push.subscribe(player, body.endpoint, body.keys), status_code=201)


async def unsubscribe(deps: Deps, request: Request) -> Response:
    push = push_on(deps)
    player = await deps.signed_in(request)
    body = await read_body(request, Endpoint)
    return JSONResponse(await push.unsubscribe(player, body.endpoint))


def routes(deps: Deps) -> list[BaseRoute]:
    return [api(deps, "GET", "/api/push/key", key),
            api(deps, "POST", "/api/players/me/push", subscribe),
            api(deps, "DELETE", "/api/players/me/push", unsubscribe)]
