"""What the people's routes share: a person's room connection (`RoomConnection`, the notices
of `/ws/room`), a moderator's sanction (`sanction`) and who may sit at a table (`check_join`).

The routes themselves are `cardhall.web.routes.friends` (friends, presence, privacy,
invitations), `.chat` (blocks, mutes, messages, the lobby chat), `.moderation` (reports and the
moderators' tools) and `.room_socket` (`/ws/room`). The rules live in `cardhall.people.social`
(stored) and `cardhall.people.presence` (who is where); the routes check who asks, apply the
room's limits (`cardhall.people.limits`) and tell the people concerned through their room
connections, wherever they are in the room. docs/room.md ("People") documents every route.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.websockets import WebSocket

from cardhall.core.i18n import N_, Msg
from cardhall.people.presence import People
from cardhall.people.social import Nobody, Refused, Social, SocialError, parse_duration, sanction_words
from cardhall.room.commands import Leave
from cardhall.room.front import TableFront
from cardhall.room.registry import Room
from cardhall.web.languages import web

INVITATION_TTL = 3600.0
"""Seconds an invitation is listed as open to its recipient."""
OUTBOX = 500
"""Notices waiting for a room socket's client; beyond, it is closed (it reconnects)."""
CLOSE_NO_TOKEN = 4401
CLOSE_BANNED = 4403
CLOSE_BEHIND = 4408


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
