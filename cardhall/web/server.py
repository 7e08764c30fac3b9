"""`cardhall serve`: the room on Uvicorn, with the database opened (and migrated) first."""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable

import uvicorn
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from cardhall.events.daily import run_daily
from cardhall.people.limits import Limits
from cardhall.room import logs
from cardhall.room.pacing import BOT_PACE
from cardhall.room.registry import Room
from cardhall.web import webhooks
from cardhall.web.app import create_app
from cardhall.web.mail import MailConfig
from cardhall.web.push import CONTACT_ENV, check_contact
from cardhall.web.slow import guarded

KEEP_ALIVE = 5
"""Seconds an idle connection stays open between requests."""
MAX_HEAD = 16 * 1024
"""The largest request head (request line and headers) read, in bytes."""
WS_MAX_SIZE = 1024 * 1024
"""Frames up to this size reach the app, which answers anything over 16 KiB with an error;
bigger ones make Uvicorn close the connection."""


async def serve(host: str, port: int, db: str | None, ready: Callable[[str, str], None], *,
                redis: str | None = None, node: str | None = None, lease: float = 10.0,
                bot_pace: float = BOT_PACE, sock: socket.socket | None = None, limits: bool = True,
                metrics: str | None = None, daily: bool = True,
                mail: tuple[str | None, str | None] = (None, None), log_format: str | None = None,
                log_level: str = "info", push_contact: str | None = None) -> None:
    """Run the room until Ctrl-C (or SIGTERM); `ready(url, database)` is called once it is open.
    With `redis`, this is one node of several sharing the database (cardhall.room.cluster).
    `bot_pace`: seconds a bot's move waits after the previous change where people follow.
    `sock`: a socket already listening on `host`:`port` (the command line binds it first, so
    that a taken port is a sentence); without it Uvicorn binds the port itself. `limits`: False
    for a room without `cardhall.people.limits` (benchmarks, tests). `metrics`: HOST:PORT of the
    Prometheus listener (cardhall.room.metrics; None: no metrics), never the public port. `daily`: the
    room opens a duplicate event per game every day (`cardhall.events.daily`). `mail`: `--smtp` and
    `--mail-from` (`cardhall.web.mail`; None: no mail). `log_format`: "text" or "json",
    from `log_level` on (`cardhall.room.logs`; None: logging is left as the caller set it up).
    `push_contact`: `--push-contact` or `CARDHALL_PUSH_CONTACT`, which turns Web Push on
    (`cardhall.web.push`; None: no push)."""
    push_contact = push_contact or os.environ.get(CONTACT_ENV) or None
    if push_contact is not None:
        check_contact(push_contact)
    smtp, sender = mail
    mailing = None if smtp is None or sender is None else MailConfig.from_options(smtp, sender, f"http://{host}:{port}/")
    if redis is None:
        room = await Room.open(db, bot_pace=bot_pace)
    else:
        from cardhall.room.cluster import open_room
        room = await open_room(db, redis, node, lease, bot_pace=bot_pace)
    if not limits:
        room.limits = Limits.off(room.limits.counts)  # in Redis on a cluster
    if log_format is not None:
        logs.configure(log_format, log_level, getattr(room.node, "name", "") or "")
    room.listeners.append(logs.table_changed)
    days = asyncio.create_task(run_daily(room)) if daily else None
    try:
        app = create_app(room, await room.store.secret(), os.environ.get(webhooks.ALLOW_ENV, "").split(","),
                         mail=mailing, push_contact=push_contact)
        app.state.conductor.start()  # the running Swiss events go on (after a restart too)
        if metrics is not None:
            from cardhall.room.metrics import serve_metrics
            serve_metrics(room, metrics, (host, port))
        config = uvicorn.Config(app, host=host, port=port, ws_per_message_deflate=False, ws_max_size=WS_MAX_SIZE,
                                lifespan="off", log_level="warning", access_log=False,
                                log_config=None if log_format is not None else uvicorn.config.LOGGING_CONFIG,
                                timeout_graceful_shutdown=5, http=guarded(AutoHTTPProtocol, per_address=room.limits.connections),
                                timeout_keep_alive=KEEP_ALIVE, h11_max_incomplete_event_size=MAX_HEAD)
        ready(f"http://{host}:{port}/", room.store.url)
        await uvicorn.Server(config).serve(sockets=None if sock is None else [sock])
    finally:
        if days is not None:
            days.cancel()
        await room.close()
