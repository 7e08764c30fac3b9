"""The history of finished games, the ratings they move, and what profiles and leaderboards show.

`settle(store)` enters every finished table not yet entered, oldest end first: one `results` row
per seat (person or bot level, score, place), the table marked `settled`, and — for a rated
table — the new ratings of its people (`room.ratings`), all in one transaction, so a game is
counted exactly once even when two nodes settle at the same time (the second one's insert of
the same `settled` row fails and it moves on). The service calls it when a game ends; the
profile and leaderboard reads call it first too, so nothing is missed after a crash.

Ratings are applied in the order games ended; a person's rating in a pool starts at OpenSkill's
default (the `medium` bot's anchor).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from cardhall.core.errors import CardhallError
from cardhall.people import ratings as rating_rules
from cardhall.room.store import Store, Transaction, event_plays, events, players, ratings, results, settled, tables
from cardhall.room.table import Table

log = logging.getLogger("cardhall.room")

BATCH = 50
_locks: dict[int, asyncio.Lock] = {}


async def settle(store: Store) -> int:
    """Enter the finished games not yet in the history; how many were entered."""
    lock = _locks.setdefault(id(store), asyncio.Lock())
    done = 0
    async with lock:
        while True:
            async with store.engine.connect() as conn:
                ids = list(await conn.scalars(
                    sa.select(tables.c.id).where(tables.c.status == "over", tables.c.id.not_in(sa.select(settled.c.table_id)))
                    .order_by(tables.c.updated).limit(BATCH)))
            if not ids:
                return done
            for table_id in ids:
                try:
                    if await _settle_one(store, str(table_id)):
                        done += 1
                except (CardhallError, KeyError, TypeError, ValueError) as exc:
                    log.error("table %s cannot be entered in the history: %s", table_id, exc)
                    await _mark(store, str(table_id))
            if len(ids) < BATCH:
                return done


async def _mark(store: Store, table_id: str) -> None:
    try:
        async with Transaction(store) as conn:
            await conn.execute(settled.insert().values(table_id=table_id, at=time.time()))
    except IntegrityError:
        pass


async def _settle_one(store: Store, table_id: str) -> bool:
    stored = await store.load(table_id)
    if stored is None or stored.status != "over":
        return False
    table = Table.restore(stored.header, stored.entries)
    async with store.engine.connect() as conn:
        finished = float(await conn.scalar(sa.select(tables.c.updated).where(tables.c.id == table_id)) or time.time())
    state = table.state
    scores, winners = state.scores(), state.winners()
    places = rating_rules.places_of(scores, winners)
    pool = rating_rules.pool_of(table.game.name, table.game.num_players)
    rows: list[dict[str, Any]] = []
    for seat, s in enumerate(table.seats):
        rows.append({"table_id": table_id, "seat": seat, "player": s.player if s.kind == "person" else None,
                     "bot": s.bot if s.kind == "bot" else None, "name": s.name, "game": table.game.name, "pool": pool,
                     "score": float(scores[seat]), "place": places[seat], "rated": table.rated,
                     "private": table.private, "finished": finished})
    people = sorted({str(r["player"]) for r in rows if r["player"] is not None})
    try:
        async with Transaction(store) as conn:
            await conn.execute(settled.insert().values(table_id=table_id, at=time.time()))
            await conn.execute(results.insert(), rows)
            if table.rated and people:
                await _rate(conn, table, pool, places, people, finished)
    except IntegrityError:  # another node entered it first (or rated one of its people at the same time: retried)
        return False
    return True


async def _rate(conn: Any, table: Table, pool: str, places: list[int], people: list[str], at: float) -> None:
    # locked until the commit: two nodes settling two games of one person apply them one after the
    # other (a person's first rating inserted twice at once fails one of them, retried at the next settle)
    found = (await conn.execute(sa.select(ratings).where(ratings.c.pool == pool, ratings.c.player.in_(people))
                                .with_for_update())).all()
    current = {r.player: (r.mu, r.sigma) for r in found}
    counts = {r.player: r.games for r in found}
    teams_seats = [list(t) for t in table.game.teams] or [[i] for i in range(len(table.seats))]
    teams = [[("person", table.seats[i].player) if table.seats[i].kind == "person" else ("bot", table.seats[i].bot or "")
              for i in team] for team in teams_seats]
    team_places = [min(places[i] for i in team) for team in teams_seats]
    new = rating_rules.new_ratings(pool, teams, team_places, current)  # type: ignore[arg-type]
    for player, (mu, sigma) in new.items():
        if player in current:
            await conn.execute(ratings.update().where(ratings.c.player == player, ratings.c.pool == pool).values(
                mu=mu, sigma=sigma, games=counts[player] + 1, updated=at))
        else:
            await conn.execute(ratings.insert().values(player=player, pool=pool, mu=mu, sigma=sigma, games=1, updated=at))


# --- reads ------------------------------------------------------------------------------------
async def player_by_name(store: Store, name: str) -> dict[str, Any] | None:
    """An account by its name (the same name under `room.names` rules), else a guest by its id."""
    from cardhall.people.names import keys

    fold = keys(name)[0]
    async with store.engine.connect() as conn:
        row = (await conn.execute(sa.select(players).where(players.c.name_fold == fold))).first()
        if row is None:
            row = (await conn.execute(sa.select(players).where(players.c.id == name))).first()
    if row is None:
        return None
    return {"player": row.id, "name": row.name, "lang": row.lang, "account": row.registered is not None,
            "since": row.registered or row.created}


def may_see_private(viewer: str | None, player: str, host: str | None, seats: list[Any]) -> bool:
    """Whether `viewer` may see a private game of `player`'s on their profile: only `player`, the
    table's host or a person who sat at it; never a visitor with no session (a bot's seat has no
    player: None is nobody)."""
    return viewer is not None and (viewer in (player, host) or viewer in {x.player for x in seats if x.player})


async def games_of(store: Store, player: str, viewer: str | None, limit: int = 50) -> list[dict[str, Any]]:
    """`player`'s finished games, newest first, with every seat; private tables only when
    `viewer` sat at them or hosted them (or is `player`)."""
    async with store.engine.connect() as conn:
        mine = (await conn.execute(sa.select(results).where(results.c.player == player)
                                   .order_by(results.c.finished.desc()).limit(limit * 2))).all()
        ids = [r.table_id for r in mine]
        every = (await conn.execute(sa.select(results).where(results.c.table_id.in_(ids)))).all() if ids else []
        hosts = dict((await conn.execute(sa.select(tables.c.id, tables.c.host).where(tables.c.id.in_(ids)))).all()) \
            if ids else {}
    seats: dict[str, list[Any]] = {}
    for r in every:
        seats.setdefault(r.table_id, []).append(r)
    out = []
    for r in mine:
        table_seats = sorted(seats.get(r.table_id, []), key=lambda x: x.seat)
        if r.private and not may_see_private(viewer, player, hosts.get(r.table_id), table_seats):
            continue
        out.append({"table": r.table_id, "game": r.game, "pool": r.pool, "finished": r.finished, "rated": r.rated,
                    "private": r.private, "seat": r.seat, "score": r.score, "place": r.place,
                    "replay": f"/tables/{r.table_id}/replay",
                    "seats": [{"name": x.name, "kind": "person" if x.player else "bot", "player": x.player,
                               "bot": x.bot, "score": x.score, "place": x.place} for x in table_seats]})
        if len(out) >= limit:
            break
    return out


async def record_of(store: Store, player: str) -> dict[str, dict[str, int]]:
    """Games played and won per game; the boards of an event still open are left out (their
    outcome is secret until it closes: docs/room.md, "Events")."""
    secret = (sa.select(event_plays.c.table_id).select_from(event_plays.join(events, events.c.id == event_plays.c.event))
              .where(events.c.status == "open"))
    async with store.engine.connect() as conn:
        rows = (await conn.execute(sa.select(results.c.game, sa.func.count(),
                                             sa.func.sum(sa.case((results.c.place == 1, 1), else_=0)))
                                   .where(results.c.player == player, results.c.table_id.not_in(secret))
                                   .group_by(results.c.game))).all()
    return {game: {"played": int(n), "won": int(won or 0)} for game, n, won in rows}


async def ratings_of(store: Store, player: str) -> dict[str, dict[str, Any]]:
    async with store.engine.connect() as conn:
        rows = (await conn.execute(sa.select(ratings).where(ratings.c.player == player))).all()
    return {r.pool: rating_rules.shown(r.mu, r.sigma, r.games) for r in rows}


async def leaderboard(store: Store, game: str, limit: int = 100) -> dict[str, list[dict[str, Any]]]:
    """Per pool of `game`: the people with at least `MIN_GAMES` rated games, best first (by mu − 3 sigma)."""
    async with store.engine.connect() as conn:
        rows = (await conn.execute(
            sa.select(ratings, players.c.name).join(players, players.c.id == ratings.c.player)
            .where(ratings.c.pool.like(f"{game}:%"), ratings.c.games >= rating_rules.MIN_GAMES))).all()
    boards: dict[str, list[dict[str, Any]]] = {}
    for r in sorted(rows, key=lambda r: -(r.mu - 3 * r.sigma)):
        board = boards.setdefault(r.pool, [])
        if len(board) < limit:
            board.append({"name": r.name, "player": r.player, **rating_rules.shown(r.mu, r.sigma, r.games)})
    return boards
