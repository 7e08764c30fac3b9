"""The one object every route module is given: the room and the services its routes share.

`build` makes it once per app (`cardhall.web.app.create_app`); each route module's `routes(deps)`
reads what it needs from it, never a global and never a closure over `create_app`. A new route
module takes a `Deps` too; a new service the routes share becomes a field here (made in `build`).
The app keeps it as `app.state.deps` (for the server and for tests).

The fields:

- `room`: the opened `cardhall.room.registry.Room` (its tables, store, limits, clock, node);
- `accounts`: accounts and sessions (`cardhall.people.accounts`);
- `social`: friends, invitations, chat, blocks, reports and sanctions (`cardhall.people.social`);
- `tokens`: reads and makes the players' tokens (`cardhall.web.auth.Tokens`, a ban shuts them);
- `presence`: who is connected where, and the notices to them (`cardhall.people.presence.People`);
- `mutes`: whose chat each connected person does not hear (`cardhall.web.mutes`);
- `conductor`: runs the Swiss events and arenas (`cardhall.events.conductor`);
- `notices`: "your turn" notices and their settings (`cardhall.web.notices`);
- `push`: Web Push, or None when the operator has not turned it on (`cardhall.web.push`);
- `catalogs`, `replays`: what the app keeps built (the games' catalog per language; finished
  games' replays, at most `REPLAY_CACHE`).

Its methods answer "who asks?" the same way for every route: `player_of`, `signed_in`,
`viewer` (for pages), `stored_lang`, and "which table?": `find`, `table_of`, `table_visible`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import HTTPConnection, Request

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.events.conductor import Conductor
from cardhall.people.accounts import Accounts
from cardhall.people.presence import People
from cardhall.people.social import Social
from cardhall.room import logs
from cardhall.room.front import TableFront
from cardhall.room.registry import Room
from cardhall.web import webhooks
from cardhall.web.auth import AuthError, Tokens, presented_token
from cardhall.web.mail import Links, MailConfig, Mailer
from cardhall.web.mutes import Mutes
from cardhall.web.notices import Notices
from cardhall.web.push import Push

REPLAY_CACHE = 32
"""Replays kept built (a finished game never changes), per table, language and faces."""


class NotFound(CardhallError):
    """An unknown (or, without its invite, private) table."""


def no_table(table_id: str) -> NotFound:
    return NotFound(Msg(N_("there is no table \"{table}\" here (a private table needs its invite: ?invite=TOKEN)"),
                        table=table_id))


@dataclass(frozen=True, eq=False)
class Deps:
    """The room and the services its routes share (the module's docstring says each field)."""

    room: Room
    accounts: Accounts
    social: Social
    tokens: Tokens
    presence: People
    mutes: Mutes
    conductor: Conductor
    notices: Notices
    push: Push | None
    catalogs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    replays: dict[tuple[str, str, str], dict[str, Any]] = field(default_factory=dict)

    async def player_of(self, request: HTTPConnection, *, changes: bool = True) -> str | None:
        """The person a request speaks for, or None (a token that is present must be valid)."""
        token = presented_token(request, changes=changes)
        if token is None:
            return None
        player = await self.tokens.player(token)
        if await self.room.player_name(player) is None:
            raise AuthError(Msg(N_("this token's player is not known to this room; "
                                   "get a new token with POST /api/players")))
        logs.note(player=player)
        return player

    async def signed_in(self, request: HTTPConnection, *, changes: bool = True) -> str:
        """The person a request speaks for; 401 with a sentence saying how to get a token if none."""
        player = await self.player_of(request, changes=changes)
        if player is None:
            raise AuthError(Msg(N_("this needs a player token: get one with POST /api/players {example} "
                                   "and send it as 'Authorization: Bearer TOKEN'"), example='{"name": ...}'))
        return player

    async def viewer(self, request: HTTPConnection) -> str | None:
        """Who reads a page (None for a guest without a session, or with a stale or refused one)."""
        try:
            return await self.player_of(request, changes=False)
        except CardhallError:
            return None

    async def stored_lang(self, conn: HTTPConnection) -> str | None:
        """The language stored with the player a page or request speaks for (None: no player)."""
        try:
            token = presented_token(conn, changes=False)
            return None if token is None else await self.room.player_lang(await self.tokens.player(token))
        except AuthError:
            return None

    async def find(self, request: Request, player: str | None, invite: str | None = None) -> TableFront:
        """The table of the path's `table_id` as `player` may see it (404 with a sentence if not)."""
        table_id = request.path_params["table_id"]
        actor = await self.room.table(table_id)
        if actor is None or not actor.may_see(player, invite or request.query_params.get("invite")):
            raise no_table(table_id)
        return actor

    async def table_of(self, table_id: str, player: str | None, invite: str | None) -> TableFront | None:
        """The table `table_id` if `player` (with `invite`) may see it, else None."""
        actor = await self.room.table(table_id)
        return actor if actor is not None and actor.may_see(player, invite) else None

    async def table_visible(self, request: Request) -> bool:
        """Whether the table page's reader may see the table (pages.table_page: a 404 page if not)."""
        player = await self.viewer(request)  # a stale cookie: the page is seen as a guest's
        return await self.table_of(request.path_params["table_id"], player, request.query_params.get("invite")) is not None

    def online(self) -> int:
        """People connected to this node (their room sockets)."""
        return len(self.presence.connections)


def build(room: Room, secret: str, webhook_allow: Sequence[str] = (), mail: MailConfig | None = None,
          push_contact: str | None = None) -> Deps:
    """The services of one app over an opened `room` (`create_app`'s arguments say each)."""
    accounts = Accounts(room.store, room.limits)
    social = Social(room.store)
    tokens = Tokens(secret, accounts, gate=social.check_ban)
    presence = People(getattr(room.node, "redis", None), getattr(room.node, "name", ""))
    room.closing.append(presence.stop)
    conductor = Conductor(room, presence.notify)
    mutes = Mutes(social, presence)
    allowed = webhooks.networks(webhook_allow)
    push = None if push_contact is None else Push(room, push_contact, allowed)
    notices = Notices(room, allowed, mail=None if mail is None else Mailer(mail), links=Links(secret), push=push)
    return Deps(room=room, accounts=accounts, social=social, tokens=tokens, presence=presence, mutes=mutes,
                conductor=conductor, notices=notices, push=push)
