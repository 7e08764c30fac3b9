"""The operator's view: `GET /admin` (a page) and `GET /api/admin/status` (JSON, with the same
words), for the room's moderators only (`role` "moderator", given by `cardhall admin grant`).

The rules: without a session the answer is 401 and for anyone who is not a moderator 403, each
with a sentence and nothing of the report; the report (`cardhall.room.status`) is said in the
reader's language, as headed lists of sentences that a keyboard and a screen reader read as
they read any page. The metrics listener stays apart (`cardhall serve --metrics`, never on the
public port); this view is the only state of the room the public port shows, and only to them.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Lang
from cardhall.room.status import report, said
from cardhall.web.auth import AuthError
from cardhall.web.languages import web
from cardhall.web.pages import page_lang, render
from cardhall.web.routes.answers import api, route
from cardhall.web.routes.deps import Deps

TITLE = N_("cardhall — the room's state")


def in_words(data: dict[str, Any], tr: Lang) -> list[dict[str, Any]]:
    return [{"heading": tr._(heading), "lines": [tr.say(line) for line in lines]} for heading, lines in said(data)]


async def moderator(deps: Deps, request: Request) -> str:
    """The moderator a request speaks for (401 without a session, 403 for anyone else)."""
    me = await deps.signed_in(request, changes=False)
    await deps.social.must_moderate(me)
    return me


async def status(deps: Deps, request: Request) -> Response:
    """`GET /api/admin/status`: the room's state as JSON, with its words (`said`)."""
    await moderator(deps, request)
    data = await report(deps.room, deps.online())
    return JSONResponse({**data, "said": in_words(data, web(await page_lang(request)))},
                        headers={"Cache-Control": "no-store"})


async def page(deps: Deps, request: Request) -> Response:
    """`GET /admin`: the same report as a page (the refusal as a page, 401 or 403)."""
    tr = web(await page_lang(request))
    try:
        await moderator(deps, request)
    except CardhallError as exc:
        response = await render(request, "admin.html", TITLE, sections=[], problem=tr.say(exc))
        response.status_code = 401 if isinstance(exc, AuthError) else 403
        return response
    data = await report(deps.room, deps.online())
    response = await render(request, "admin.html", TITLE, sections=in_words(data, tr), problem=None)
    response.headers["Cache-Control"] = "no-store"
    return response


def routes(deps: Deps) -> list[Route]:
    """The page and the API, for the app's route table (`deps.online()`: people connected to this node)."""
    return [api(deps, "GET", "/api/admin/status", status), route(deps, "GET", "/admin", page)]
