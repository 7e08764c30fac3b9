"""Duplicate events: the same boards for every entry, each a table with the event's bots, scored
by matchpoints against the field (`cardhall.events.scoring`).

Every change is a database row (events, event_entries, event_plays), so any node of a cluster
answers for any event and a restarted room goes on where it was; a board's table is an ordinary
room table (private: nobody can watch it or read it without its invite, which only its player
has), made with the board's seed. Secrecy before the event closes: a board's scores, frequencies
and tables are shown only to entries that have finished that board.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from cardhall.core.i18n import N_, Msg, Plural
from cardhall.events.boards import BOARD_RULES, board_options, board_seed
from cardhall.events.errors import EventError, EventNotFound, NotAllowed
from cardhall.events.scoring import average, frequencies, matchpoints, ranks
from cardhall.room.commands import Start
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, event_entries, event_plays, events

MAX_BOARDS = 32
MAX_HOURS = 24 * 14
MAX_ENTRIES = 10_000
"""Entries one event takes (a daily event of a busy room stays far below; a script meets it)."""


async def event_row(room: Room, event_id: str) -> dict[str, Any]:
    """The stored event (closed first if its hours ran out), or an `EventNotFound` sentence."""
    async with room.store.engine.connect() as conn:
        row = (await conn.execute(sa.select(events).where(events.c.id == event_id))).first()
    if row is None:
        raise EventNotFound(Msg(N_("there is no event \"{event}\" here (GET /api/events lists them)"), event=event_id))
    found = dict(row._mapping)
    if found["status"] == "open" and found["closes"] <= time.time():
        await close_row(room, event_id, found["closes"])
        found.update(status="over", closed=found["closes"])
    return found


async def close_row(room: Room, event_id: str, at: float) -> None:
    async with Transaction(room.store) as conn:
        await conn.execute(events.update().where(events.c.id == event_id, events.c.status == "open")
                           .values(status="over", closed=at))


async def close(room: Room, event_id: str, player: str) -> dict[str, Any]:
    """End an event early: only its creator or a moderator."""
    found = await event_row(room, event_id)
    if found["creator"] != player and not await is_moderator(room, player):
        raise NotAllowed(Msg(N_("only the event's creator or a moderator can close it")))
    if found["status"] != "open":
        raise EventError(Msg(N_("this event is already over")))
    await close_row(room, event_id, time.time())
    return await event_row(room, event_id)


async def is_moderator(room: Room, player: str) -> bool:
    from cardhall.room.store import players
    async with room.store.engine.connect() as conn:
        return await conn.scalar(sa.select(players.c.role).where(players.c.id == player)) == "moderator"


async def enter(room: Room, event_id: str, player: str, address: str | None) -> None:
    """Enter an open event (accounts only, once)."""
    found = await event_row(room, event_id)
    if found["status"] != "open":
        raise EventError(Msg(N_("this event is over: it takes no more entries")))
    if await room.is_guest(player):
        raise NotAllowed(Msg(N_("events are for accounts: register (POST /api/accounts) to enter")))
    name = await room.player_name(player) or "?"
    room.limits.take("entry", time.time(), person=player, address=address)
    try:
        async with Transaction(room.store) as conn:
            count = await conn.scalar(sa.select(sa.func.count()).select_from(event_entries).where(
                event_entries.c.event == event_id))
            places = found["spec"].get("places")
            if places and (count or 0) >= places:
                raise EventError(Plural("this event is full: it takes {count} entry; put yourself on its standby "
                                        "list (POST /api/events/{event}/standby)",
                                        "this event is full: it takes {count} entries; put yourself on its standby "
                                        "list (POST /api/events/{event}/standby)", count=places, event=event_id))
            if (count or 0) >= MAX_ENTRIES:
                raise EventError(Plural("this event is full: it takes at most {count} entry",
                                        "this event is full: it takes at most {count} entries", count=MAX_ENTRIES))
            await conn.execute(event_entries.insert().values(event=event_id, player=player, name=name,
                                                             entered=time.time(), address=address))
    except IntegrityError:
        raise EventError(Msg(N_("you have already entered this event (one entry per account)"))) from None


async def withdraw(room: Room, event_id: str, player: str) -> None:
    """Withdraw before playing any board (a board played stays in the field)."""
    found = await event_row(room, event_id)
    if found["status"] != "open":
        raise EventError(Msg(N_("this event is over: its entries stay as they are")))
    async with Transaction(room.store) as conn:
        played = await conn.scalar(sa.select(sa.func.count()).select_from(event_plays).where(
            event_plays.c.event == event_id, event_plays.c.player == player))
        if played:
            raise EventError(Msg(N_("you have played boards of this event: your entry stays in its standings")))
        gone = await conn.execute(event_entries.delete().where(event_entries.c.event == event_id,
                                                                event_entries.c.player == player))
    if not gone.rowcount:
        raise EventError(Msg(N_("you have not entered this event")))


async def entered(room: Room, event_id: str, player: str) -> bool:
    async with room.store.engine.connect() as conn:
        return await conn.scalar(sa.select(event_entries.c.player).where(
            event_entries.c.event == event_id, event_entries.c.player == player)) is not None


async def plays_of(room: Room, event_id: str, player: str | None = None) -> list[dict[str, Any]]:
    query = sa.select(event_plays).where(event_plays.c.event == event_id)
    if player is not None:
        query = query.where(event_plays.c.player == player)
    async with room.store.engine.connect() as conn:
        return [dict(r._mapping) for r in (await conn.execute(query.order_by(event_plays.c.board)))]


async def settle_play(room: Room, play: dict[str, Any]) -> dict[str, Any]:
    """A play whose table is over gets its score (the seat's own, as the game scores it)."""
    if play["finished"] is not None:
        return play
    front = await room.table(play["table_id"])
    if front is None or front.table.status != "over":
        return play
    score = float(front.table.state.scores()[play["seat"]])
    now = time.time()
    async with Transaction(room.store) as conn:
        await conn.execute(event_plays.update().where(
            event_plays.c.event == play["event"], event_plays.c.player == play["player"],
            event_plays.c.board == play["board"], event_plays.c.finished.is_(None)).values(score=score, finished=now))
    return {**play, "score": score, "finished": now}


async def next_board(room: Room, event_id: str, player: str, address: str | None) -> dict[str, Any]:
    """The caller's next board: the table they are playing (the same after a reload), a new one
    for the next board, or done."""
    found = await event_row(room, event_id)
    if found["status"] != "open":
        raise EventError(Msg(N_("this event is over: its boards can no longer be played (its standings are final)")))
    if not await entered(room, event_id, player):
        raise EventError(Msg(N_("enter the event first (POST /api/events/{event}/entries)"), event=event_id))
    plays = [await settle_play(room, p) for p in await plays_of(room, event_id, player)]
    unfinished = [p for p in plays if p["finished"] is None]
    if unfinished:
        return await board_answer(room, unfinished[0])
    board = len(plays) + 1
    if board > found["spec"]["boards"]:
        return {"done": True}
    return await deal(room, found, player, board, address)


async def board_answer(room: Room, play: dict[str, Any]) -> dict[str, Any]:
    return {"table": play["table_id"], "board": play["board"], "seat": play["seat"], "invite": play["invite"]}


async def deal(room: Room, found: dict[str, Any], player: str, board: int, address: str | None) -> dict[str, Any]:
    """Make and start board `board`'s table for `player`: their seat, the event's bots elsewhere."""
    spec = found["spec"]
    seat = int(spec.get("seat", 0))
    options = board_options(found["game"], found["options"])
    from cardhall.core.registry import load
    n = load(found["game"], **options).num_players
    seats = ["me" if i == seat else f"bot:{spec['bots']}" for i in range(n)]
    front = await room.create_table(player, found["game"], options, seats, private=True, address=address,
                                    seed=board_seed(found["secret"], board), counted=False)
    play = {"event": found["id"], "player": player, "board": board, "table_id": front.table.id, "invite": front.invite,
            "seat": seat, "score": None, "started": time.time(), "finished": None}
    try:
        async with Transaction(room.store) as conn:
            await conn.execute(event_plays.insert().values(**play))
    except IntegrityError:  # the same request answered on another node meanwhile: its table counts
        return await board_answer(room, next(p for p in await plays_of(room, found["id"], player)
                                             if p["board"] == board))
    await front.run(Start(player=player))
    return await board_answer(room, play)


def lower_is_better(game: str) -> bool:
    return BOARD_RULES[game].lower_is_better


async def standings(room: Room, event_id: str, viewer: str | None) -> dict[str, Any]:
    """Rank, percentage and boards of every entry. Before the close, only the boards `viewer`
    has finished count and are shown (for everyone), so nothing of a board reaches anyone who
    has not played it."""
    found = await event_row(room, event_id)
    over = found["status"] == "over"
    plays = [await settle_play(room, p) for p in await plays_of(room, event_id)]
    async with room.store.engine.connect() as conn:
        entries = [dict(r._mapping) for r in await conn.execute(
            sa.select(event_entries).where(event_entries.c.event == event_id).order_by(event_entries.c.entered))]
    finished = [p for p in plays if p["finished"] is not None]
    mine = {p["board"] for p in finished if p["player"] == viewer}
    shown = {p["board"] for p in finished} if over else mine
    return build_standings(found, entries, [p for p in finished if p["board"] in shown], over)


def replay_of(play: dict[str, Any]) -> str:
    """The board's replay page (its invite: the table is private and over)."""
    return f"/tables/{play['table_id']}/replay" + (f"?invite={play['invite']}" if play["invite"] else "")


def build_standings(found: dict[str, Any], entries: list[dict[str, Any]], plays: list[dict[str, Any]],
                    over: bool) -> dict[str, Any]:
    """The standings from the entries and the plays that may be shown."""
    low = lower_is_better(found["game"])
    per_board: dict[int, dict[str, dict[str, Any]]] = {}
    for p in plays:
        per_board.setdefault(p["board"], {})[p["player"]] = p
    results = {b: matchpoints({pl: p["score"] for pl, p in ps.items()}, low) for b, ps in per_board.items()}
    rows = []
    for e in entries:
        boards = [{"board": b, "score": results[b][e["player"]].score, "matchpoints": results[b][e["player"]].matchpoints,
                   "percent": round(results[b][e["player"]].percent, 2), "table": per_board[b][e["player"]]["table_id"],
                   "replay": replay_of(per_board[b][e["player"]])}
                  for b in sorted(results) if e["player"] in results[b]]
        percent = average([b["percent"] for b in boards])
        rows.append({"player": e["player"], "name": e["name"],
                     "percent": None if percent is None else round(percent, 2), "boards": boards})
    rank = ranks([(r["player"], r["percent"], len(r["boards"])) for r in rows])
    for r in rows:
        r["rank"] = rank[r["player"]]
    rows.sort(key=lambda r: (r["rank"], r["name"]))
    for r in rows:
        del r["player"]
    freq = {str(b): [{"score": s, "count": c} for s, c in frequencies([p["score"] for p in ps.values()], low)]
            for b, ps in sorted(per_board.items())}
    return {"event": found["id"], "status": found["status"], "final": over, "entries": rows, "frequencies": freq}
