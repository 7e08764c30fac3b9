"""Reports and the moderators' tools (docs/room.md, "Moderation"): `POST /api/reports` (anyone
signed in) and `/api/moderation/…` (reports, sanctions, the audit log; moderators only, the
role given by `cardhall admin grant`). A sanction is `cardhall.web.people.sanction`."""

from __future__ import annotations

import time

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.core.i18n import N_, Msg
from cardhall.people.social import Nobody, SocialError
from cardhall.web.people import sanction
from cardhall.web.routes.answers import api, read_body
from cardhall.web.routes.deps import Deps


class Report(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    text: str = ""
    message: int | None = None
    table: str | None = None


class Sanction(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    kind: str
    duration: str | None = None
    reason: str = ""
    table: str | None = None


async def report(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    body = await read_body(request, Report)
    deps.room.limits.take("report", time.time(), person=me)
    if body.table is not None and await deps.table_of(body.table, me, None) is None:
        raise Nobody(Msg(N_("there is no table \"{table}\" here (a private table needs its invite: ?invite=TOKEN)"),
                         table=body.table))
    number = await deps.social.report(me, body.name, body.text, body.message, body.table)
    return JSONResponse({"id": number}, status_code=201)


async def moderator(deps: Deps, request: Request, changes: bool = True) -> str:
    me: str = await deps.signed_in(request, changes=changes)
    await deps.social.must_moderate(me)
    return me


async def list_reports(deps: Deps, request: Request) -> Response:
    await moderator(deps, request, changes=False)
    return JSONResponse(await deps.social.reports(request.query_params.get("all") in (None, "", "0")))


async def close_report(deps: Deps, request: Request) -> Response:
    me = await moderator(deps, request)
    try:
        number = int(request.path_params["id"])
    except ValueError:
        raise Nobody(Msg(N_("there is no open report {id}"), id=request.path_params["id"])) from None
    await deps.social.close_report(me, number)
    return JSONResponse({"id": number, "closed": True})


async def post_sanction(deps: Deps, request: Request) -> Response:
    me = await moderator(deps, request)
    body = await read_body(request, Sanction)
    done = await sanction(deps.room, deps.social, deps.presence, me, body.name, body.kind, body.duration,
                          body.reason, body.table)
    return JSONResponse(done, status_code=201)


async def lift(deps: Deps, request: Request) -> Response:
    me = await moderator(deps, request)
    kind = request.path_params["kind"]
    if kind not in ("mute", "ban"):
        raise SocialError(Msg(N_("a sanction is mute, ban or kick; got {kind}"), kind=repr(kind)))
    await deps.social.lift(me, request.path_params["name"], kind)
    return JSONResponse({"name": request.path_params["name"], "lifted": kind})


async def audit_log(deps: Deps, request: Request) -> Response:
    await moderator(deps, request, changes=False)
    return JSONResponse(await deps.social.audit_log())


def routes(deps: Deps) -> list[BaseRoute]:
    return [
        api(deps, "POST", "/api/reports", report),
        api(deps, "GET", "/api/moderation/reports", list_reports),
        api(deps, "POST", "/api/moderation/reports/{id}/close", close_report),
        api(deps, "POST", "/api/moderation/sanctions", post_sanction),
        api(deps, "DELETE", "/api/moderation/sanctions/{name}/{kind}", lift),
        api(deps, "GET", "/api/moderation/audit", audit_log),
    ]
