""""While you were away": what happened at my turn-based tables since my last visit.

- `POST /api/players/me/away` (the lobby asks it once when it opens): the turn-based tables I sit
  at that moved since my last visit, each with what happened there in my words (as my seat heard
  it: never a hidden card; at most `LINES` lines, the newest), whether it is my turn, and a
  sentence saying it all once; then this visit is stored (`visits`, migration 0012) as the next
  "last visit". The first visit lists nothing (there is no "since" yet).
- Only the tables this node runs are read (in a cluster, another node's tables are left out) and
  only what their kept history holds (the last changes of each table).
"""

from __future__ import annotations

import logging
from typing import Any

import sqlalchemy as sa
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.room.service import Room, TableActor
from cardhall.room.store import Transaction, visits
from cardhall.room.table import Table
from cardhall.room.words import seat_label
from cardhall.web.languages import web
from cardhall.web.pages import page_lang
from cardhall.web.routes.answers import api
from cardhall.web.routes.deps import Deps
from cardhall.web.words import change_words, reader

log = logging.getLogger("cardhall.away")

LINES = 12
"""Lines said per table, the newest."""


async def last_visit(room: Room, player: str, now: float) -> float | None:
    """The person's last visit (None: the first), and this one stored in its place."""
    async with Transaction(room.store) as conn:
        seen = await conn.scalar(sa.select(visits.c.seen).where(visits.c.player == player))
        await conn.execute(visits.delete().where(visits.c.player == player))
        await conn.execute(visits.insert().values(player=player, seen=now))
    return None if seen is None else float(seen)


def happened(table: Table, seat: int, since: float, lang: str) -> list[str]:
    """What `seat` heard at `table` after `since` (room clock), in `lang`, the newest `LINES`."""
    _, ui = reader(table.game, lang)
    names = [seat_label(s.to_json(), ui.tr) for s in table.seats]
    lines: list[str] = []
    for change in table.history:
        if float(change.entry.get("at", 0.0)) <= since or change.entry.get("kind") in ("connect", "disconnect"):
            continue
        lines += [w for w in change_words(ui, list(change.events.get(seat, [])), seat, names) if w]
    return lines[-LINES:]


async def away(room: Room, player: str, lang: str) -> dict[str, Any]:
    """The answer of `POST /api/players/me/away` (and the visit stored)."""
    since = await last_visit(room, player, room.clock())
    tr = web(lang)
    tables: list[dict[str, Any]] = []
    if since is not None:
        for summary, _invite in await room.live():
            seats = [s.get("player") for s in summary["seats"]]
            if "turn" not in summary or player not in seats:
                continue
            actor = room.tables.get(summary["id"])
            if not isinstance(actor, TableActor):
                continue
            try:
                lines = happened(actor.table, seats.index(player), since, lang)
            except Exception:  # words are a courtesy: the table is listed without them
                log.exception("what happened at table %s cannot be said", summary["id"])
                lines = []
            if lines:
                turn = summary.get("turn") or {}
                tables.append({"id": summary["id"], "game": summary["game"],
                               "title": tr.pgettext("game", summary["title"]), "path": f"/tables/{summary['id']}",
                               "your_turn": turn.get("player") == player, "lines": lines})
    if not tables:
        said = "" if since is None else tr._("Nothing happened at the turn-based tables you sit at since your last visit.")
    else:
        waiting = sum(t["your_turn"] for t in tables)
        said = tr.ngettext("While you were away, play went on at {count} table of yours.",
                           "While you were away, play went on at {count} tables of yours.", len(tables))
        if waiting:
            said += " " + tr.ngettext("It is your turn at {count} table.", "It is your turn at {count} tables.",
                                      waiting)
    return {"since": since, "tables": tables, "said": said}


async def post(deps: Deps, request: Request) -> Response:
    """`POST /api/players/me/away`: what happened since my last visit (`away`)."""
    player = await deps.signed_in(request)
    return JSONResponse(await away(deps.room, player, await page_lang(request)))


def routes(deps: Deps) -> list[BaseRoute]:
    return [api(deps, "POST", "/api/players/me/away", post)]
