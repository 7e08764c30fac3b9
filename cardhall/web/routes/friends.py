"""Friends and presence, privacy and invitations (docs/room.md, "People"): `/api/friends`,
`/api/status`, `/api/privacy`, `/api/invitations`. The rules are `cardhall.people.social`
(stored) and `cardhall.people.presence` (who is where); the person concerned is told on their
room socket (`deps.presence.notify`)."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.people.presence import check_status
from cardhall.people.social import Nobody, Refused, SocialError
from cardhall.room.commands import Sit
from cardhall.room.front import summary_for
from cardhall.web.people import INVITATION_TTL, check_join
from cardhall.web.routes.answers import api, read_body
from cardhall.web.routes.deps import Deps


class FriendName(msgspec.Struct, forbid_unknown_fields=True):
    name: str


class Status(msgspec.Struct, forbid_unknown_fields=True):
    status: str


class Privacy(msgspec.Struct, forbid_unknown_fields=True):
    invite_from: str | None = None
    message_from: str | None = None
    join_from: str | None = None


class Invite(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    table: str


async def where_words(deps: Deps, places: list[str], viewer: str) -> list[dict[str, Any]]:
    """Where a friend is: the lobby, or a table (a private one the viewer may not see: no id)."""
    shown: list[dict[str, Any]] = []
    for place in places:
        if place == "lobby":
            shown.append({"lobby": True})
            continue
        front = None
        with contextlib.suppress(CardhallError):
            front = await deps.room.table(place)
        if front is None:
            continue
        if front.may_see(viewer, None):
            shown.append({"table": place, "game": front.table.game.name, "status": front.table.status})
        else:
            shown.append({"private": True, "game": front.table.game.name})
    return shown


async def list_friends(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request, changes=False)
    mine = await deps.social.friends_of(me)
    names = await deps.social.names([p for ids in mine.values() for p in ids])
    online = await deps.presence.presence(mine["friends"])
    friends: list[dict[str, Any]] = []
    for friend in mine["friends"]:
        here = online.get(friend)
        friends.append({"player": friend, "name": names.get(friend, "?"), "online": here is not None,
                        "status": here["status"] if here else "offline",
                        "where": await where_words(deps, here["where"], me) if here else []})
    friends.sort(key=lambda f: (not f["online"], f["name"].casefold()))
    return JSONResponse({
        "friends": friends,
        "incoming": [{"player": p, "name": names.get(p, "?")} for p in mine["incoming"]],
        "outgoing": [{"player": p, "name": names.get(p, "?")} for p in mine["outgoing"]]})


async def add_friend(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    body = await read_body(request, FriendName)
    await deps.social.must_be_account(me)
    deps.room.limits.take("friend", time.time(), person=me)
    other, _ = await deps.social.account(body.name)
    state = await deps.social.request_friend(me, body.name)
    name = await deps.room.player_name(me)
    if not await deps.social.blocks(other, me):
        kind = "friend_accepted" if state == "accepted" else "friend_request"
        await deps.presence.notify(other, {"type": kind, "name": name, "player": me})
    return JSONResponse({"name": body.name, "state": state}, status_code=201 if state == "requested" else 200)


async def accept_friend(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    name = request.path_params["name"]
    await deps.social.answer_friend(me, name, True)
    other, _ = await deps.social.account(name)
    await deps.presence.notify(other, {"type": "friend_accepted", "name": await deps.room.player_name(me), "player": me})
    return JSONResponse({"name": name, "state": "accepted"})


async def decline_friend(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    await deps.social.answer_friend(me, request.path_params["name"], False)
    return JSONResponse({"name": request.path_params["name"], "state": "declined"})


async def remove_friend(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    await deps.social.remove_friend(me, request.path_params["name"])
    return JSONResponse({"name": request.path_params["name"], "state": "removed"})


async def set_status(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    body = await read_body(request, Status)
    await deps.presence.set_status(me, check_status(body.status))
    return JSONResponse({"status": body.status})


async def get_privacy(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request, changes=False)
    return JSONResponse(await deps.social.privacy(me))


async def set_privacy(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    body = await read_body(request, Privacy)
    changes = {"invite_from": body.invite_from, "message_from": body.message_from, "join_from": body.join_from}
    return JSONResponse(await deps.social.set_privacy(me, changes))


async def invite(deps: Deps, request: Request) -> Response:
    """`POST /api/invitations {"name", "table"}`: invite a person to a table I host or sit at."""
    me = await deps.signed_in(request)
    body = await read_body(request, Invite)
    front = await deps.table_of(body.table, me, None)
    if front is None or not (front.table.host == me or front.table.seat_of(me) is not None):
        raise Refused(Msg(N_("you can invite people to a table you host or sit at")))
    if front.table.status == "over":
        raise SocialError(Msg(N_("the game at this table is over; invite people to a new table")))
    await deps.social.must_be_account(me)
    deps.room.limits.take("invitation", time.time(), person=me)
    made = await deps.social.invite(me, body.name, body.table)
    if not made["hidden"]:
        await deps.presence.notify(made["to"], {
            "type": "invitation", "id": made["id"], "from": me, "name": await deps.room.player_name(me),
            "table": body.table, "game": front.table.game.name, "created": made["created"]})
    return JSONResponse({"id": made["id"], "name": made["to_name"], "table": body.table}, status_code=201)


async def list_invitations(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request, changes=False)
    found = await deps.social.open_invitations(me, time.time() - INVITATION_TTL)
    shown = []
    for invitation in found:
        front = await deps.room.table(invitation["table"])  # the invitation lets them see a private table
        if front is not None and front.table.status != "over":
            shown.append({**invitation, "game": front.table.game.name})
    return JSONResponse(shown)


async def accept_invitation(deps: Deps, request: Request) -> Response:
    """Accept an invitation and sit at its table in one step (the first open seat)."""
    me = await deps.signed_in(request)
    invitation = await deps.social.invitation(me, request.path_params["id"])
    front = await deps.room.table(invitation["table"])
    if front is None or front.table.status == "over":
        raise Nobody(Msg(N_("the table of this invitation is gone or its game is over")))
    request.state.game = front.table.game.name
    if front.table.seat_of(me) is None:
        await check_join(deps.social, me, front, True)
        await front.run(Sit(player=me, name=await deps.room.player_name(me) or "?", lang=await deps.room.player_lang(me)))
    await deps.social.answer_invitation(me, invitation["id"], "accepted")
    await deps.presence.notify(invitation["from"], {"type": "invitation_accepted", "name": await deps.room.player_name(me),
                                                  "player": me, "table": front.table.id})
    summary = summary_for(front, me)
    return JSONResponse({**summary, "invite": front.invite})


async def decline_invitation(deps: Deps, request: Request) -> Response:
    me = await deps.signed_in(request)
    invitation = await deps.social.invitation(me, request.path_params["id"])
    await deps.social.answer_invitation(me, invitation["id"], "declined")
    return JSONResponse({"id": invitation["id"], "answer": "declined"})


def routes(deps: Deps) -> list[BaseRoute]:
    return [
        api(deps, "GET", "/api/friends", list_friends),
        api(deps, "POST", "/api/friends", add_friend),
        api(deps, "POST", "/api/friends/{name}/accept", accept_friend),
        api(deps, "POST", "/api/friends/{name}/decline", decline_friend),
        api(deps, "DELETE", "/api/friends/{name}", remove_friend),
        api(deps, "POST", "/api/status", set_status),
        api(deps, "GET", "/api/privacy", get_privacy),
        api(deps, "POST", "/api/privacy", set_privacy),
        api(deps, "GET", "/api/invitations", list_invitations),
        api(deps, "POST", "/api/invitations", invite),
        api(deps, "POST", "/api/invitations/{id}/accept", accept_invitation),
        api(deps, "POST", "/api/invitations/{id}/decline", decline_invitation),
    ]
