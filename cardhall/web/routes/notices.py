"""A person's notice settings and mail address: `GET`/`PUT /api/players/me/notifications`,
`PUT /api/players/me/email`, and the mails' links `GET /api/mail/verify` and `GET
/api/mail/unsubscribe` (the rules: `cardhall.web.notices`)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.web.languages import web
from cardhall.web.notices import EmailAddress, NoticeSettings
from cardhall.web.pages import page_lang
from cardhall.web.routes.answers import api, read_body
from cardhall.web.routes.deps import Deps


async def put_email(deps: Deps, request: Request) -> Response:
    """`PUT /api/players/me/email {"email": ADDRESS | null}`: a verification mail goes to it."""
    player = await deps.signed_in(request)
    body = await read_body(request, EmailAddress)
    return JSONResponse(await deps.notices.set_address(player, body.email, await page_lang(request)))


async def verify(deps: Deps, request: Request) -> Response:
    """`GET /api/mail/verify?token=`: the link of the verification mail."""
    await deps.notices.verify(request.query_params.get("token"))
    tr = web(await page_lang(request))
    return JSONResponse({"verified": True, "message": tr._("Your e-mail address is confirmed: a mail comes when "
                                                            "it is your turn at a turn-based table.")})


async def unsubscribe(deps: Deps, request: Request) -> Response:
    """`GET /api/mail/unsubscribe?token=`: the link at the end of every "your turn" mail."""
    await deps.notices.unsubscribe(request.query_params.get("token"))
    tr = web(await page_lang(request))
    return JSONResponse({"unsubscribed": True, "message": tr._("No more \"your turn\" mails will come.")})


async def get(deps: Deps, request: Request) -> Response:
    """`GET /api/players/me/notifications`: my settings (without the webhook's secret)."""
    player = await deps.signed_in(request, changes=False)
    shown = await deps.notices.settings(player)
    del shown["secret"], shown["address"], shown["verified"]
    return JSONResponse(shown)


async def put(deps: Deps, request: Request) -> Response:
    """`PUT /api/players/me/notifications`: my settings changed (a new webhook's secret shown once)."""
    player = await deps.signed_in(request)
    body = await read_body(request, NoticeSettings)
    return JSONResponse(await deps.notices.change(player, body))


def routes(deps: Deps) -> list[BaseRoute]:
    return [
        api(deps, "GET", "/api/players/me/notifications", get),
        api(deps, "PUT", "/api/players/me/notifications", put),
        api(deps, "PUT", "/api/players/me/email", put_email),
        api(deps, "GET", "/api/mail/verify", verify),
        api(deps, "GET", "/api/mail/unsubscribe", unsubscribe),
    ]
