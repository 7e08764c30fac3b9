"""The room's HTTP API and WebSocket routes (wire protocol v1, docs/room.md), a Starlette app.

`create_app` builds the one dependency object (`cardhall.web.routes.deps.Deps`: the room and
the services its routes share) and assembles the route modules' lists and the middleware;
docs/web.md ("Where a route lives") maps each URL to its module. Every error is JSON
`{"error": "<sentence>"}` with a 4xx status; nothing here knows a game's rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.applications import Starlette
from starlette.exceptions import HTTPException

from cardhall.room.registry import Room
from cardhall.web import (
    away,
    club_pages,
    clubs,
    event_pages,
    events,
    health,
    listening,
    operator,
    pwa,
    turns,
)
from cardhall.web.auth import CrossSite
from cardhall.web.mail import MailConfig
from cardhall.web.pages import install
from cardhall.web.requests import RequestLog
from cardhall.web.routes import (
    accounts,
    catalog,
    chat,
    friends,
    moderation,
    notices,
    push,
    record_pages,
    records,
    room_socket,
    tables,
)
from cardhall.web.routes.answers import http_error
from cardhall.web.routes.catalog import games_catalog, in_language
from cardhall.web.routes.deps import build
from cardhall.web.slow import SocketsPerAddress

__all__ = ["create_app", "games_catalog", "in_language"]


def create_app(room: Room, secret: str, webhook_allow: Sequence[str] = (), mail: MailConfig | None = None,
               push_contact: str | None = None) -> Starlette:
    """The ASGI app over an opened `Room`; `secret` signs the former kind of players' tokens (and the
    mails' links); `webhook_allow`: private ranges webhooks (and push services) may reach
    (`cardhall.web.webhooks`); `mail`: where mail goes out (None: no mail, the default);
    `push_contact`: the VAPID contact that turns Web Push on (`cardhall.web.push`; None: off)."""
    deps = build(room, secret, webhook_allow, mail, push_contact)
    routes = [  # in this order: a path matched by two routes goes to the first
        *catalog.routes(deps),  # /api/games, /api/protocol
        *accounts.routes(deps),  # /api/players, /api/players/me, /api/accounts, /api/sessions
        *tables.routes(deps),  # /api/tables, /ws/tables/{id}
        *records.routes(deps),  # /api/players/{name}, /api/leaderboards/{game}, /api/tables/{id}/replay
        *record_pages.routes(deps),  # /players/{name}, /leaderboards/{game}, /tables/{id}/replay, /moderation
        *events.routes(deps),  # /api/events
        *event_pages.routes(deps),  # /events
        *clubs.routes(deps),  # /api/clubs
        *club_pages.routes(deps),  # /clubs
        *friends.routes(deps),  # /api/friends, /api/status, /api/privacy, /api/invitations
        *chat.routes(deps),  # /api/blocks, /api/mutes, /api/messages, /api/lobby/chat
        *moderation.routes(deps),  # /api/reports, /api/moderation
        *room_socket.routes(deps),  # /ws/room
        *health.routes(deps),  # /healthz, /readyz
        *operator.routes(deps),  # /admin, /api/admin/status
        *turns.routes(deps),  # /api/players/me/turns, …/vacation, …/hours
        *notices.routes(deps),  # /api/players/me/notifications, …/email, /api/mail
        *listening.routes(deps),  # /api/players/me/listening
        *push.routes(deps),  # /api/push/key, /api/players/me/push
        *pwa.routes(),  # /manifest.webmanifest, /sw.js, /offline
        *away.routes(deps),  # /api/players/me/away
        tables.command_route(deps),  # POST /api/tables/{id}/{op}: last, the other routes go first
    ]  # then `install` adds the pages (pages.routes: /, /tables/{id}, /rules, /static, /games/…)
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    app.add_middleware(CrossSite)  # inside pages.Guard (added by install): its refusals get the security headers too
    app = install(app, deps.stored_lang)
    app.state.deps = deps
    app.state.table_visible = deps.table_visible
    app.state.conductor = deps.conductor
    app.add_middleware(SocketsPerAddress, per_address=room.limits.connections)
    app.add_middleware(RequestLog)  # outermost: every answer gets its request id
    return app
