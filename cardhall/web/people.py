"""The room's people over HTTP and the room socket: friends and presence, invitations, privacy,
the lobby chat and private messages, blocks and mutes, reports, and the moderators' tools.

The rules live in `cardhall.people.social` (stored) and `cardhall.people.presence` (who is where);
this module checks who asks, applies the room's limits (`cardhall.people.limits`) and tells the
people concerned through their room connections (`/ws/room`), wherever they are in the room.
docs/room.md ("People") documents every route.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.people.presence import People, check_status
from cardhall.people.social import Nobody, Refused, Social, SocialError, parse_duration, sanction_words
from cardhall.room import logs
from cardhall.room.commands import Leave, Sit
from cardhall.room.service import Room, TableFront, summary_for
from cardhall.web.auth import AuthError, Forbidden, presented_token
from cardhall.web.decoding import decode
from cardhall.web.languages import chosen, web
from cardhall.web.routes.answers import read_body, sentences
from cardhall.web.routes.deps import Deps
from cardhall.web.socket import MAX_MESSAGE, RateLimit

INVITATION_TTL = 3600.0
"""Seconds an invitation is listed as open to its recipient."""
OUTBOX = 500
"""Notices waiting for a room socket's client; beyond, it is closed (it reconnects)."""
CLOSE_NO_TOKEN = 4401
CLOSE_BANNED = 4403
CLOSE_BEHIND = 4408


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


class Message(msgspec.Struct, forbid_unknown_fields=True):
    to: str
    text: str


class LobbyLine(msgspec.Struct, forbid_unknown_fields=True):
    text: str


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


Handler = Callable[[Request], Awaitable[Response]]


class RoomConnection:
    """One room socket of a person: notices to them, without the chat of people they mute."""

    def __init__(self, ws: WebSocket, player: str, muted: set[str], lang: str) -> None:
        self.ws = ws
        self.player = player
        self.muted = muted
        self.lang = lang
        self.closing: dict[str, Any] | None = None
        self.close_code = CLOSE_BANNED
        self.waker: asyncio.Future[None] | None = None
        self._queue: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        if message.get("type") in ("lobby_chat", "message") and message.get("from") in self.muted:
            return
        if len(self._queue) >= OUTBOX:  # a client that reads nothing: closed rather than its backlog kept
            self.close({"type": "error", "message": web(self.lang)._("too many unread messages; connect again")},
                       CLOSE_BEHIND)
            return
        self._queue.append(self._said(message))
        self._wake()

    def close(self, message: dict[str, Any], code: int | None = None) -> None:
        """Send `message` last and close (a ban's code unless `code`)."""
        self.closing = self._said(message)
        self.close_code = CLOSE_BANNED if code is None else code
        self._wake()

    def _said(self, message: dict[str, Any]) -> dict[str, Any]:
        """A notice carrying a sentence (`said`) gets its `message` in this reader's language."""
        said = message.get("said")
        if isinstance(said, dict):
            return {**message, "message": web(self.lang).say(Msg.from_data(said))}
        return message

    def _wake(self) -> None:
        if self.waker is not None and not self.waker.done():
            self.waker.set_result(None)

    def take(self) -> list[dict[str, Any]]:
        queued, self._queue = self._queue, []
        return queued


class PeopleFront:
    """The routes of the room's people, over the app's `Deps`."""

    def __init__(self, deps: Deps) -> None:
        self.room, self.tokens, self.social, self.people = deps.room, deps.tokens, deps.social, deps.presence
        self.signed_in = deps.signed_in
        self.find = deps.table_of
        self.sentences = sentences
        self.read_body = read_body
        self.muted_by = deps.mutes.muted_by

    def routes(self) -> list[BaseRoute]:
        def route(path: str, fn: Handler, method: str) -> Route:
            return Route(path, self.sentences(fn), methods=[method])

        return [
            route("/api/friends", self.list_friends, "GET"),
            route("/api/friends", self.add_friend, "POST"),
            route("/api/friends/{name}/accept", self.accept_friend, "POST"),
            route("/api/friends/{name}/decline", self.decline_friend, "POST"),
            route("/api/friends/{name}", self.remove_friend, "DELETE"),
            route("/api/status", self.set_status, "POST"),
            route("/api/privacy", self.get_privacy, "GET"),
            route("/api/privacy", self.set_privacy, "POST"),
            route("/api/blocks", self.list_shuns, "GET"),
            route("/api/blocks", self.block, "POST"),
            route("/api/blocks/{name}", self.unblock, "DELETE"),
            route("/api/mutes", self.mute, "POST"),
            route("/api/mutes/{name}", self.unmute, "DELETE"),
            route("/api/invitations", self.list_invitations, "GET"),
            route("/api/invitations", self.invite, "POST"),
            route("/api/invitations/{id}/accept", self.accept_invitation, "POST"),
            route("/api/invitations/{id}/decline", self.decline_invitation, "POST"),
            route("/api/messages", self.inbox, "GET"),
            route("/api/messages", self.send_message, "POST"),
            route("/api/messages/{name}", self.conversation, "GET"),
            route("/api/lobby/chat", self.lobby_chat, "GET"),
            route("/api/lobby/chat", self.post_lobby, "POST"),
            route("/api/reports", self.report, "POST"),
            route("/api/moderation/reports", self.list_reports, "GET"),
            route("/api/moderation/reports/{id}/close", self.close_report, "POST"),
            route("/api/moderation/sanctions", self.sanction, "POST"),
            route("/api/moderation/sanctions/{name}/{kind}", self.lift, "DELETE"),
            route("/api/moderation/audit", self.audit_log, "GET"),
            WebSocketRoute("/ws/room", self.socket),
        ]

    # --- friends and presence ---------------------------------------------------------
    async def where_words(self, places: list[str], viewer: str) -> list[dict[str, Any]]:
        """Where a friend is: the lobby, or a table (a private one the viewer may not see: no id)."""
        shown: list[dict[str, Any]] = []
        for place in places:
            if place == "lobby":
                shown.append({"lobby": True})
                continue
            front = None
            with contextlib.suppress(CardhallError):
                front = await self.room.table(place)
            if front is None:
                continue
            if front.may_see(viewer, None):
                shown.append({"table": place, "game": front.table.game.name, "status": front.table.status})
            else:
                shown.append({"private": True, "game": front.table.game.name})
        return shown

    async def list_friends(self, request: Request) -> Response:
        me = await self.signed_in(request, changes=False)
        mine = await self.social.friends_of(me)
        names = await self.social.names([p for ids in mine.values() for p in ids])
        online = await self.people.presence(mine["friends"])
        friends: list[dict[str, Any]] = []
        for friend in mine["friends"]:
            here = online.get(friend)
            friends.append({"player": friend, "name": names.get(friend, "?"), "online": here is not None,
                            "status": here["status"] if here else "offline",
                            "where": await self.where_words(here["where"], me) if here else []})
        friends.sort(key=lambda f: (not f["online"], f["name"].casefold()))
        return JSONResponse({
            "friends": friends,
            "incoming": [{"player": p, "name": names.get(p, "?")} for p in mine["incoming"]],
            "outgoing": [{"player": p, "name": names.get(p, "?")} for p in mine["outgoing"]]})

    async def add_friend(self, request: Request) -> Response:
        me = await self.signed_in(request)
        body = await self.read_body(request, FriendName)
        await self.social.must_be_account(me)
        self.room.limits.take("friend", time.time(), person=me)
        other, _ = await self.social.account(body.name)
        state = await self.social.request_friend(me, body.name)
        name = await self.room.player_name(me)
        if not await self.social.blocks(other, me):
            kind = "friend_accepted" if state == "accepted" else "friend_request"
            await self.people.notify(other, {"type": kind, "name": name, "player": me})
        return JSONResponse({"name": body.name, "state": state}, status_code=201 if state == "requested" else 200)

    async def accept_friend(self, request: Request) -> Response:
        me = await self.signed_in(request)
        name = request.path_params["name"]
        await self.social.answer_friend(me, name, True)
        other, _ = await self.social.account(name)
        await self.people.notify(other, {"type": "friend_accepted", "name": await self.room.player_name(me), "player": me})
        return JSONResponse({"name": name, "state": "accepted"})

    async def decline_friend(self, request: Request) -> Response:
        me = await self.signed_in(request)
        await self.social.answer_friend(me, request.path_params["name"], False)
        return JSONResponse({"name": request.path_params["name"], "state": "declined"})

    async def remove_friend(self, request: Request) -> Response:
        me = await self.signed_in(request)
        await self.social.remove_friend(me, request.path_params["name"])
        return JSONResponse({"name": request.path_params["name"], "state": "removed"})

    async def set_status(self, request: Request) -> Response:
        me = await self.signed_in(request)
        body = await self.read_body(request, Status)
        await self.people.set_status(me, check_status(body.status))
        return JSONResponse({"status": body.status})

    async def get_privacy(self, request: Request) -> Response:
        me = await self.signed_in(request, changes=False)
        return JSONResponse(await self.social.privacy(me))

    async def set_privacy(self, request: Request) -> Response:
        me = await self.signed_in(request)
        body = await self.read_body(request, Privacy)
        changes = {"invite_from": body.invite_from, "message_from": body.message_from, "join_from": body.join_from}
        return JSONResponse(await self.social.set_privacy(me, changes))

    # --- blocks and mutes -------------------------------------------------------------
    async def list_shuns(self, request: Request) -> Response:
        me = await self.signed_in(request, changes=False)
        blocked, muted = await self.social.shunned(me, "block"), await self.social.shunned(me, "mute")
        names = await self.social.names(list(blocked | muted))
        return JSONResponse({"blocked": sorted((names.get(p, p) for p in blocked), key=str.casefold),
                             "muted": sorted((names.get(p, p) for p in muted), key=str.casefold)})

    async def _shun(self, request: Request, kind: str, on: bool) -> Response:
        me = await self.signed_in(request)
        name = (await self.read_body(request, FriendName)).name if on else request.path_params["name"]
        _other, shown = await self.social.shun(me, name, kind, on)
        await self.people.notify(me, {"type": "mutes"})
        return JSONResponse({"name": shown, kind: on})

    async def block(self, request: Request) -> Response:
        return await self._shun(request, "block", True)

    async def unblock(self, request: Request) -> Response:
        return await self._shun(request, "block", False)

    async def mute(self, request: Request) -> Response:
        return await self._shun(request, "mute", True)

    async def unmute(self, request: Request) -> Response:
        return await self._shun(request, "mute", False)

    # --- invitations ------------------------------------------------------------------
    async def invite(self, request: Request) -> Response:
        """`POST /api/invitations {"name", "table"}`: invite a person to a table I host or sit at."""
        me = await self.signed_in(request)
        body = await self.read_body(request, Invite)
        front = await self.find(body.table, me, None)
        if front is None or not (front.table.host == me or front.table.seat_of(me) is not None):
            raise Refused(Msg(N_("you can invite people to a table you host or sit at")))
        if front.table.status == "over":
            raise SocialError(Msg(N_("the game at this table is over; invite people to a new table")))
        await self.social.must_be_account(me)
        self.room.limits.take("invitation", time.time(), person=me)
        made = await self.social.invite(me, body.name, body.table)
        if not made["hidden"]:
            await self.people.notify(made["to"], {
                "type": "invitation", "id": made["id"], "from": me, "name": await self.room.player_name(me),
                "table": body.table, "game": front.table.game.name, "created": made["created"]})
        return JSONResponse({"id": made["id"], "name": made["to_name"], "table": body.table}, status_code=201)

    async def list_invitations(self, request: Request) -> Response:
        me = await self.signed_in(request, changes=False)
        found = await self.social.open_invitations(me, time.time() - INVITATION_TTL)
        shown = []
        for invitation in found:
            front = await self.room.table(invitation["table"])  # the invitation lets them see a private table
            if front is not None and front.table.status != "over":
                shown.append({**invitation, "game": front.table.game.name})
        return JSONResponse(shown)

    async def accept_invitation(self, request: Request) -> Response:
        """Accept an invitation and sit at its table in one step (the first open seat)."""
        me = await self.signed_in(request)
        invitation = await self.social.invitation(me, request.path_params["id"])
        front = await self.room.table(invitation["table"])
        if front is None or front.table.status == "over":
            raise Nobody(Msg(N_("the table of this invitation is gone or its game is over")))
        request.state.game = front.table.game.name
        if front.table.seat_of(me) is None:
            await check_join(self.social, me, front, True)
            await front.run(Sit(player=me, name=await self.room.player_name(me) or "?", lang=await self.room.player_lang(me)))
        await self.social.answer_invitation(me, invitation["id"], "accepted")
        await self.people.notify(invitation["from"], {"type": "invitation_accepted", "name": await self.room.player_name(me),
                                                      "player": me, "table": front.table.id})
        summary = summary_for(front, me)
        return JSONResponse({**summary, "invite": front.invite})

    async def decline_invitation(self, request: Request) -> Response:
        me = await self.signed_in(request)
        invitation = await self.social.invitation(me, request.path_params["id"])
        await self.social.answer_invitation(me, invitation["id"], "declined")
        return JSONResponse({"id": invitation["id"], "answer": "declined"})

    # --- chat and messages ------------------------------------------------------------
    async def inbox(self, request: Request) -> Response:
        me = await self.signed_in(request, changes=False)
        talks = await self.social.inbox(me)
        return JSONResponse({"unread": sum(t["unread"] for t in talks), "conversations": talks})

    async def conversation(self, request: Request) -> Response:
        me = await self.signed_in(request, changes=False)
        name, shown = await self.social.conversation(me, request.path_params["name"])
        return JSONResponse({"name": name, "messages": shown})

    async def send_message(self, request: Request) -> Response:
        me = await self.signed_in(request)
        body = await self.read_body(request, Message)
        await self.social.check_voice(me)
        self.room.limits.take("message", time.time(), person=me)
        made = await self.social.send_message(me, body.to, body.text)
        hidden = made.pop("hidden")
        if not hidden and made["to"] is not None:
            await self.people.notify(made["to"], {"type": "message", **made})
        return JSONResponse(made, status_code=201)

    async def lobby_chat(self, request: Request) -> Response:
        me = await self.tokens_player(request)
        return JSONResponse(await self.social.lobby_chat(me))

    async def post_lobby(self, request: Request) -> Response:
        me = await self.signed_in(request)
        body = await self.read_body(request, LobbyLine)
        await self.social.check_voice(me)
        self.room.limits.take("chat", time.time(), person=me, address=request.client.host if request.client else None)
        made = await self.social.post_lobby(me, body.text)
        made.pop("hidden")
        await self.people.notify("*", {"type": "lobby_chat", **made})
        return JSONResponse(made, status_code=201)

    async def tokens_player(self, request: Request) -> str | None:
        try:
            player: str = await self.signed_in(request, changes=False)
            return player
        except AuthError:
            return None

    # --- reports and moderation -------------------------------------------------------
    async def report(self, request: Request) -> Response:
        me = await self.signed_in(request)
        body = await self.read_body(request, Report)
        self.room.limits.take("report", time.time(), person=me)
        if body.table is not None and await self.find(body.table, me, None) is None:
            raise Nobody(Msg(N_("there is no table \"{table}\" here (a private table needs its invite: ?invite=TOKEN)"),
                             table=body.table))
        number = await self.social.report(me, body.name, body.text, body.message, body.table)
        return JSONResponse({"id": number}, status_code=201)

    async def moderator(self, request: Request, changes: bool = True) -> str:
        me: str = await self.signed_in(request, changes=changes)
        await self.social.must_moderate(me)
        return me

    async def list_reports(self, request: Request) -> Response:
        await self.moderator(request, changes=False)
        return JSONResponse(await self.social.reports(request.query_params.get("all") in (None, "", "0")))

    async def close_report(self, request: Request) -> Response:
        me = await self.moderator(request)
        try:
            number = int(request.path_params["id"])
        except ValueError:
            raise Nobody(Msg(N_("there is no open report {id}"), id=request.path_params["id"])) from None
        await self.social.close_report(me, number)
        return JSONResponse({"id": number, "closed": True})

    async def sanction(self, request: Request) -> Response:
        me = await self.moderator(request)
        body = await self.read_body(request, Sanction)
        done = await sanction(self.room, self.social, self.people, me, body.name, body.kind, body.duration,
                              body.reason, body.table)
        return JSONResponse(done, status_code=201)

    async def lift(self, request: Request) -> Response:
        me = await self.moderator(request)
        kind = request.path_params["kind"]
        if kind not in ("mute", "ban"):
            raise SocialError(Msg(N_("a sanction is mute, ban or kick; got {kind}"), kind=repr(kind)))
        await self.social.lift(me, request.path_params["name"], kind)
        return JSONResponse({"name": request.path_params["name"], "lifted": kind})

    async def audit_log(self, request: Request) -> Response:
        await self.moderator(request, changes=False)
        return JSONResponse(await self.social.audit_log())

    # --- the room socket --------------------------------------------------------------
    async def socket(self, ws: WebSocket) -> None:
        """`/ws/room?where=lobby|TABLE`: a person's notices wherever they are in the room, and
        their presence there; the client says `{"type": "active"}` when its person does something,
        `{"type": "where", "where": …}` when it moves, `{"type": "status", "status": …}`."""
        await ws.accept()
        lang = chosen(ws, None)
        try:
            token = presented_token(ws, changes=True)
            if token is None:
                raise AuthError(Msg(N_("the room socket needs a player token (?token=TOKEN or the cookie)")))
            player = await self.tokens.player(token)
        except CardhallError as exc:
            await ws.send_json({"type": "error", "message": web(lang).say(exc.args[0] if exc.args else str(exc))})
            await ws.close(CLOSE_BANNED if isinstance(exc, Forbidden) else CLOSE_NO_TOKEN)
            return
        logs.note(player=player)
        lang = chosen(ws, await self.room.player_lang(player))
        conn = RoomConnection(ws, player, await self.muted_by(player), lang)
        where = ws.query_params.get("where") or "lobby"
        await self.people.enter(conn, where)
        try:
            await ws.send_json({  # the client may already be gone: a WebSocketDisconnect ends it quietly
                "type": "hello", "player": player, "unread": await self.social.unread(player),
                "invitations": await self.social.open_invitations(player, time.time() - INVITATION_TTL),
                "status": self.people.chosen.get(player, "available")})
            await self._pump(ws, conn, lang)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            await self.people.leave(conn)  # its mutes stay known: the person's table sockets share the set

    async def _pump(self, ws: WebSocket, conn: RoomConnection, lang: str) -> None:
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
                await self._handle(message.get("text"), conn, lang)
        except (WebSocketDisconnect, RuntimeError, OSError):  # the client went away (or sent on a closed socket)
            return
        finally:
            if receiver is not None:
                receiver.cancel()

    async def _handle(self, text: str | None, conn: RoomConnection, lang: str) -> None:
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
                await self.people.active(conn)
            elif kind == "where" and isinstance(data.get("where"), str) and len(data["where"]) <= 40:
                await self.people.active(conn, data["where"])
            elif kind == "status":
                await self.people.set_status(conn.player, check_status(data.get("status")))
            else:
                raise SocialError(Msg(N_("unknown room message; the types are active, where, status")))
        except CardhallError as exc:
            conn.send({"type": "error", "message": web(lang).say(exc.args[0] if exc.args else str(exc))})


async def sanction(room: Room, social: Social, people: People, actor: str | None, name: str, kind: str,
                   duration: str | None, reason: str, table: str | None) -> dict[str, Any]:
    """A moderator's (or the command line's) mute, ban or kick: stored and audited, then the
    person is told the reason (a ban closes their room connections; a kick takes them from the table)."""
    if kind not in ("mute", "ban", "kick"):
        raise SocialError(Msg(N_("a sanction is mute, ban or kick; got {kind}"), kind=repr(kind)))
    seconds = parse_duration(duration)
    front = None
    if kind == "kick":
        if table is None:
            raise SocialError(Msg(N_("a kick names the table: give its id")))
        front = await room.table(table)
        if front is None:
            raise Nobody(Msg(N_("there is no table \"{table}\" here (a private table needs its invite: ?invite=TOKEN)"),
                             table=table))
        seconds = seconds or 24 * 3600.0
    done = await social.sanction(actor, name, kind, seconds, reason, table if kind == "kick" else None)
    said = sanction_words(done)
    if front is not None and front.table.seat_of(done["player"]) is not None:
        await front.run(Leave(player=done["player"]))
    notice = {"type": "banned" if kind == "ban" else "sanction", "kind": kind, "message": str(said),
              "said": said.to_data(), "until": done["until"], "reason": done["reason"], "table": table}
    await people.notify(done["player"], notice)
    return done


async def check_join(social: Social, player: str, front: TableFront, invited: bool) -> None:
    """May `player` take a seat at this table? Not after a moderator's kick from it, not where
    a person there blocks them, and only as the host's `join_from` allows (an invitation
    lets them in). A blocked person hears the same sentence as anyone the host keeps out."""
    kick = await social.active(player, "kick", front.table.id)
    if kick is not None:
        raise Refused(sanction_words(kick))
    table = front.table
    people = {table.host, *(seat.player for seat in table.seats if seat.player)}
    if await social.blocked_by_any(player, people) or not (
            invited or await social.allows(table.host, "join_from", player)):
        raise Refused(Msg(N_("you cannot sit at this table: its people choose who joins; "
                             "ask one of them for an invitation")))


def routes(deps: Deps) -> list[BaseRoute]:
    """The people's routes and the room socket `/ws/room`."""
    return PeopleFront(deps).routes()
