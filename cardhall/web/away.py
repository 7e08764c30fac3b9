""""While you were away": what happened at my turn-based tables since my last visit.

- `POST /api/players/me/away` (every page of the room asks it once when it opens: the shared
  `away_part.html` in `base.html`, `static/away.js`): the turn-based tables I sit at that moved
  on since my last visit, each with what happened there in my words (as my seat heard it: never
  a hidden card; at most `LINES` lines, the newest), whether it is my turn, and for a table that
  ended meanwhile `ended` and my `result` (place, of how many, score); and a sentence saying it
  all once; then this visit is stored (`visits`, migration 0012) as the next "last visit", so the
  next page has nothing to say. The first visit lists nothing (there is no "since" yet).
- Everything is read from the store, not this node's memory: the running tables as every node
  announces them (`Room.live`), the ended ones from the results (and this node's tables that
  ended a moment ago, before their results are settled), and each table's changes since the last
  visit from its log (from its snapshot before that visit, `cardhall.room.snapshots`).
"""

from __future__ import annotations

import logging
from typing import Any

import sqlalchemy as sa
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.people import ratings
from cardhall.room import snapshots
from cardhall.room.actor import TableActor
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, results, table_log, tables, visits
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


async def my_tables(room: Room, player: str, since: float) -> list[str]:
    """The turn-based tables `player` sits at that may have moved since `since`: the running ones
    of every node, and the ones that ended since (settled, or ended here a moment ago)."""
    found = [summary["id"] for summary, _ in await room.live()
             if "turn" in summary and player in [s.get("player") for s in summary["seats"]]]
    async with room.store.engine.connect() as conn:
        found += (await conn.execute(sa.select(results.c.table_id).where(
            results.c.player == player, results.c.finished > since))).scalars().all()
    found += [a.table.id for a in room.tables.values() if isinstance(a, TableActor) and a.table.status == "over"
              and a.table.turns is not None and a.table.seat_of(player) is not None]
    return list(dict.fromkeys(found))


async def stored_table(room: Room, table_id: str, since: float) -> Table | None:
    """The table as the store holds it, replayed from its last snapshot before `since` (so its
    history holds every change after `since`); None if it has not changed since, or is no
    turn-based table."""
    async with room.store.engine.connect() as conn:
        row = (await conn.execute(sa.select(tables.c.updated, tables.c.header).where(tables.c.id == table_id))).first()
        if row is None or float(row.updated) <= since or not (row.header.get("policy") or {}).get("turn_hours"):
            return None
        base = await conn.scalar(sa.select(sa.func.max(table_log.c.version)).where(
            table_log.c.table_id == table_id, table_log.c.at <= since))
    stored = await room.store.load(table_id, snapshot=True, base=int(base or 0))
    return None if stored is None else snapshots.restore(stored)


def result_of(table: Table, seat: int) -> dict[str, Any] | None:
    """A finished table's result for `seat`: its place (1 = won), of how many, and its score."""
    if table.status != "over":
        return None
    state = table.state
    places = ratings.places_of(state.scores(), state.winners())
    return {"place": places[seat], "of": len(places), "score": state.scores()[seat]}


def told(table: Table, player: str, since: float, lang: str) -> dict[str, Any] | None:
    """One table of the answer (None when nothing happened there that `player`'s seat heard)."""
    tr = web(lang)
    seat = table.seat_of(player)
    if seat is None:
        return None
    lines = happened(table, seat, since, lang)
    result = result_of(table, seat)
    if result is not None:
        score = f"{result['score']:g}"
        lines.append(tr._("The game is over. Your place: {place} of {count}; your points: {score}.",
                          place=result["place"], count=result["of"], score=score))
    if not lines:
        return None
    return {"id": table.id, "game": table.game.name, "title": tr.pgettext("game", table.game.title),
            "path": f"/tables/{table.id}", "your_turn": ((table.summary().get("turn") or {}).get("player")) == player,
            "ended": result is not None, "result": result, "lines": lines[-LINES:]}


def said(tr: Any, since: float | None, found: list[dict[str, Any]]) -> str:
    """The one sentence that says it all."""
    if not found:
        return "" if since is None else tr._("Nothing happened at the turn-based tables you sit at since your last "
                                             "visit.")
    text = tr.ngettext("While you were away, play went on at {count} table of yours.",
                       "While you were away, play went on at {count} tables of yours.", len(found))
    ended = sum(t["ended"] for t in found)
    if ended:
        text += " " + tr.ngettext("{count} of them ended.", "{count} of them ended.", ended)
    waiting = sum(t["your_turn"] for t in found)
    if waiting:
        text += " " + tr.ngettext("It is your turn at {count} table.", "It is your turn at {count} tables.", waiting)
    return str(text)


async def away(room: Room, player: str, lang: str) -> dict[str, Any]:
    """The answer of `POST /api/players/me/away` (and the visit stored)."""
    since = await last_visit(room, player, room.clock())
    found: list[dict[str, Any]] = []
    if since is not None:
        for table_id in await my_tables(room, player, since):
            try:
                table = await stored_table(room, table_id, since)
                shown = None if table is None else told(table, player, since, lang)
            except Exception:  # words are a courtesy: the others are still said
                log.exception("what happened at table %s cannot be said", table_id)
                continue
            if shown is not None:
                found.append(shown)
    return {"since": since, "tables": found, "said": said(web(lang), since, found)}


async def post(deps: Deps, request: Request) -> Response:
    """`POST /api/players/me/away`: what happened since my last visit (`away`)."""
    player = await deps.signed_in(request)
    return JSONResponse(await away(deps.room, player, await page_lang(request)))


def routes(deps: Deps) -> list[BaseRoute]:
    return [api(deps, "POST", "/api/players/me/away", post)]
