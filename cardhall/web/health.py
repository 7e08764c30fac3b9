"""`GET /healthz` and `GET /readyz`: is the process serving, and can it serve a table now.

The rule (Prometheus's and Kubernetes's split): `/healthz` answers 200 whenever the process
answers HTTP at all, with no I/O, so a supervisor restarts only a process that is truly stuck;
`/readyz` answers 200 only when the database answers, its schema is at the revision this code
knows, and (in a cluster) Redis answers; otherwise 503 with every failed check said in words,
so a load balancer stops sending people to a node that cannot seat them. Both are cheap,
unauthenticated and hold no secret: the database URL is never shown, only which check failed.
Each check is bounded by `CHECK_TIMEOUT` seconds, so a hung database makes a 503, not a hang.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import sqlalchemy as sa
from alembic.runtime.migration import MigrationContext
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardhall.core.i18n import N_, Msg
from cardhall.room.registry import Room
from cardhall.room.store import head_revision
from cardhall.web.languages import chosen, web
from cardhall.web.routes.answers import route
from cardhall.web.routes.deps import Deps

CHECK_TIMEOUT = 3.0
"""Seconds a readiness check may take before it counts as failed."""

NO_STORE = {"Cache-Control": "no-store"}


def _revision(connection: sa.Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


async def database_problem(room: Room) -> Msg | None:
    """None when the database answers and its schema is current; otherwise what is wrong."""
    try:
        async with asyncio.timeout(CHECK_TIMEOUT), room.store.engine.connect() as conn:
            await conn.execute(sa.text("SELECT 1"))
            current = await conn.run_sync(_revision)
    except Exception:  # any failure to reach the database is the answer, not a crash
        return Msg(N_("the database does not answer"))
    head = head_revision()
    if current != head:
        return Msg(N_("the database schema is at revision {current}, not {head}; restart the room to migrate it"),
                   current=current or "-", head=head)
    return None


async def redis_problem(room: Room) -> Msg | None:
    """None when this process is the whole room or its cluster's Redis answers a PING."""
    client = getattr(room.node, "redis", None)
    if client is None:
        return None
    try:
        async with asyncio.timeout(CHECK_TIMEOUT):
            await client.ping()
    except Exception:  # a refused, reset or timed-out connection all mean: not ready
        return Msg(N_("Redis does not answer"))
    return None


CHECKS: tuple[tuple[str, Callable[[Room], Awaitable[Msg | None]]], ...] = (
    ("database", database_problem), ("redis", redis_problem))


async def healthz(deps: Deps, request: Request) -> Response:
    """`GET /healthz`: the process answers (and which node it is)."""
    return JSONResponse({"status": "ok", "node": getattr(deps.room.node, "name", "")}, headers=NO_STORE)


async def readyz(deps: Deps, request: Request) -> Response:
    """`GET /readyz`: the database and Redis answer (503 with the reasons in a sentence if not)."""
    tr = web(chosen(request, None))
    problems: dict[str, Any] = {}
    for name, check in CHECKS:
        problem = await check(deps.room)
        if problem is not None:
            problems[name] = tr.say(problem)
    node = getattr(deps.room.node, "name", "")
    if problems:
        reason = "; ".join(problems.values())
        return JSONResponse({"status": "unready", "error": tr._("not ready: {reason}", reason=reason),
                             "checks": problems, "node": node}, status_code=503, headers=NO_STORE)
    return JSONResponse({"status": "ready", "node": node}, headers=NO_STORE)


def routes(deps: Deps) -> list[Route]:
    """The two routes, for the app's route table."""
    return [route(deps, "GET", "/healthz", healthz), route(deps, "GET", "/readyz", readyz)]
