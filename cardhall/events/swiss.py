"""Swiss events: a fixed number of rounds; each round every entrant still in plays one table
with entrants of about the same score, the event's bots in the empty places.

Every step is a database row written before anyone hears of it (migration 0011): a round's
seating (`event_rounds`, `event_tables` with each table's seats, `event_seats`) is stored in one
transaction before any table is made; a table's room table is made by the node that claims its
row, then its id is stored; a finished table is counted by one conditional update (so each
table counts once, whichever node or restart sees it end); the next round is claimed by
inserting its row. So any node of a cluster can run the event and a room killed mid-round goes
on where it was (`Conductor`, started with the room, looks at running events every `TICK`).

- **Place points**: at a table of n seats, place p (ties share a place, as `places_of` ranks
  them, bots included) gives n - p points; a missed table gives 0.
- **No-shows**: an entrant who has not come to their table's socket `grace` seconds after it
  started gets the table's takeover bot in their seat (the table goes on) and the table counts
  as their loss (0 points); after two missed tables they are withdrawn (seated no more).
- **Rated**: with the game's standard options, every table of the event is rated like any
  rated table (`is_rated`; ratings move when it ends, `cardhall.room.history`); otherwise casual.
- **Standings**: points, then the tie-break (the sum of the points of every opponent met, each
  time met), then shared rank.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from cardhall.core.errors import CardhallError, OptionError
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.core.registry import load
from cardhall.events import standby
from cardhall.events.errors import EventError, NotAllowed
from cardhall.events.pairing import seat_round
from cardhall.people.ratings import check_rated, places_of
from cardhall.room.commands import Leave, Sit, Start
from cardhall.room.new_tables import ROOM_BOTS
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, event_entries, event_rounds, event_seats, event_tables, event_withdrawals, events

MAX_ROUNDS = 20
MAX_ENTRIES = 10_000
"""The most entries of any event (`duplicate.MAX_ENTRIES`)."""
GRACE = (10, 900)
"""The least and most seconds of `grace`."""
MISSED_OUT = 2
"""Missed tables that withdraw an entrant."""
CLAIM = 30.0
"""Seconds after which a table row claimed but not made is claimed again (its node died)."""
TICK = 0.5
"""Seconds between the conductor's looks at the running events."""

Notify = Callable[[str, dict[str, Any]], Awaitable[None]]
log = logging.getLogger(__name__)


def check_spec(game: str, options: dict[str, Any], rounds: Any, grace: Any, bots: Any, private: Any,
               places: Any = None) -> dict[str, Any]:
    """A Swiss event's settings, each checked with a sentence (`places`: the most entries, None:
    as many as any event takes; beyond them people go on the standby list)."""
    load(game, **options)  # the game's own sentence for an option it does not know
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(Msg(N_("rounds is a whole number from 1 to {most}; got {value}"), most=MAX_ROUNDS,
                              value=repr(rounds)))
    if not isinstance(grace, int | float) or isinstance(grace, bool) or not GRACE[0] <= grace <= GRACE[1]:
        raise OptionError(Msg(N_("grace is the seconds an entrant has to come to their table, from {least} to "
                                 "{most}; got {value}"), least=GRACE[0], most=GRACE[1], value=repr(grace)))
    if bots not in ROOM_BOTS:
        raise OptionError(Msg(N_("bots is one of {levels}; got {value}"), levels=", ".join(ROOM_BOTS), value=repr(bots)))
    if not isinstance(private, bool):
        raise OptionError(Msg(N_("private is true or false; got {value}"), value=repr(private)))
    if places is not None and (not isinstance(places, int) or isinstance(places, bool) or
                               not 2 <= places <= MAX_ENTRIES):
        raise OptionError(Msg(N_("places is the most entries, a whole number from 2 to {most}, or left out for no "
                                 "limit; got {value}"), most=MAX_ENTRIES, value=repr(places)))
    return {"rounds": rounds, "grace": float(grace), "bots": bots, "private": private, "places": places}


# --- reading ------------------------------------------------------------------------------------
async def rows(room: Room, table: sa.Table, event_id: str) -> list[dict[str, Any]]:
    async with room.store.engine.connect() as conn:
        found = await conn.execute(sa.select(table).where(table.c.event == event_id))
        return [dict(r._mapping) for r in found]


async def current_round(room: Room, event_id: str) -> int:
    async with room.store.engine.connect() as conn:
        return int(await conn.scalar(sa.select(sa.func.max(event_rounds.c.round)).where(
            event_rounds.c.event == event_id)) or 0)


async def names(room: Room, event_id: str) -> dict[str, str]:
    return {e["player"]: e["name"] for e in await rows(room, event_entries, event_id)}


def totals(seats: list[dict[str, Any]]) -> dict[str, float]:
    """Each entrant's points so far (entrants with no seat yet are not in it)."""
    out: dict[str, float] = {}
    for s in seats:
        out[s["player"]] = out.get(s["player"], 0.0) + (s["points"] or 0.0)
    return out


def meetings(seats: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    """For each entrant, how often they sat at a table with each other entrant."""
    at: dict[tuple[int, int], list[str]] = {}
    for s in seats:
        at.setdefault((s["round"], s["number"]), []).append(s["player"])
    met: dict[str, Counter[str]] = {}
    for people in at.values():
        for p in people:
            met.setdefault(p, Counter()).update(q for q in people if q != p)
    return met


def tiebreaks(seats: list[dict[str, Any]]) -> dict[str, float]:
    """Each entrant's tie-break: the points of every opponent met, each time met."""
    points = totals(seats)
    return {p: sum(points.get(q, 0.0) * n for q, n in met.items()) for p, met in meetings(seats).items()}


async def withdrawn(room: Room, event_id: str) -> dict[str, str]:
    """The withdrawn entrants and why ("asked" or "missed")."""
    return {w["player"]: w["reason"] for w in await rows(room, event_withdrawals, event_id)}


# --- starting and seating -------------------------------------------------------------------------
async def start(room: Room, found: dict[str, Any], player: str, allowed: bool) -> None:
    """Start an open Swiss event (`allowed`: its creator, a moderator or an admin of its club):
    its first round is seated."""
    if found["creator"] != player and not allowed:
        raise NotAllowed(Msg(N_("only the event's creator or a moderator can start it")))
    if found["status"] != "open":
        raise EventError(Msg(N_("this event has already started") if found["status"] == "running"
                             else N_("this event is over")))
    entries = await rows(room, event_entries, found["id"])
    if len(entries) < 2:
        raise EventError(Plural("a Swiss event starts with at least 2 entrants; it has {count}",
                                "a Swiss event starts with at least 2 entrants; it has {count}", count=len(entries)))
    order = sorted((e["player"] for e in entries), key=lambda p: draw(found["secret"], 1, p))
    async with Transaction(room.store) as conn:
        moved = await conn.execute(events.update().where(events.c.id == found["id"], events.c.status == "open")
                                   .values(status="running"))
        if not moved.rowcount:
            raise EventError(Msg(N_("this event has already started")))
        await store_round(conn, found, 1, order, {}, {})


def draw(secret: str, round_no: int, player: str) -> str:
    """The order among equal scores in a round: from the event's secret (nobody can arrange it)."""
    return hmac.new(bytes.fromhex(secret), f"swiss:{round_no}:{player}".encode(), hashlib.sha256).hexdigest()


def is_rated(found: dict[str, Any]) -> bool:
    """An event's tables are rated as any rated table when its options are the game's standard
    ones (`ratings.check_rated`); with other options (or a game of one player) they are casual."""
    try:
        check_rated(found["game"], found["options"])
    except CardhallError:
        return False
    return True


def seats_of(found: dict[str, Any]) -> int:
    return int(load(found["game"], **found["options"]).num_players)


async def store_round(conn: Any, found: dict[str, Any], round_no: int, order: list[str],
                      met: dict[str, Counter[str]], held: dict[str, Counter[int]]) -> None:
    """Write round `round_no`'s seating: its row, each table's seats and each entrant's seat."""
    now = time.time()
    await conn.execute(event_rounds.insert().values(event=found["id"], round=round_no, started=now))
    for number, seats in enumerate(seat_round(order, seats_of(found), met, held), start=1):
        await conn.execute(event_tables.insert().values(event=found["id"], round=round_no, number=number, seats=seats))
        await conn.execute(event_seats.insert(), [
            {"event": found["id"], "round": round_no, "player": p, "number": number, "seat": i, "missed": False}
            for i, p in enumerate(seats) if p is not None])


async def next_round(room: Room, found: dict[str, Any], ended: int) -> bool:
    """Round `ended` is over: seat the next one, or end the event after the last. False: another
    node did it first."""
    seats = await rows(room, event_seats, found["id"])
    out = await withdrawn(room, found["id"])
    points, ties = totals(seats), tiebreaks(seats)
    entrants = [e["player"] for e in await rows(room, event_entries, found["id"]) if e["player"] not in out]
    order = sorted(entrants, key=lambda p: (-points.get(p, 0.0), -ties.get(p, 0.0), draw(found["secret"], ended + 1, p)))
    held: dict[str, Counter[int]] = {}
    for s in seats:
        held.setdefault(s["player"], Counter())[s["seat"]] += 1
    now = time.time()
    try:
        async with Transaction(room.store) as conn:
            done = await conn.execute(event_rounds.update().where(
                event_rounds.c.event == found["id"], event_rounds.c.round == ended, event_rounds.c.ended.is_(None))
                .values(ended=now))
            if not done.rowcount:
                return False
            if ended >= found["spec"]["rounds"] or not entrants:
                await conn.execute(events.update().where(events.c.id == found["id"]).values(status="over", closed=now))
            else:
                await store_round(conn, found, ended + 1, order, meetings(seats), held)
    except IntegrityError:
        return False
    return True


# --- making tables ---------------------------------------------------------------------------------
async def make_table(room: Room, found: dict[str, Any], row: dict[str, Any], notify: Notify) -> None:
    """Make, fill and start the room table of a stored table row (claimed first: one node makes it)."""
    now = time.time()
    async with Transaction(room.store) as conn:
        key = (event_tables.c.event == row["event"], event_tables.c.round == row["round"],
               event_tables.c.number == row["number"], event_tables.c.table_id.is_(None))
        claimed = await conn.execute(event_tables.update().where(
            *key, sa.or_(event_tables.c.claimed.is_(None), event_tables.c.claimed < now - CLAIM)).values(claimed=now))
    if not claimed.rowcount:
        return
    spec, seats = found["spec"], row["seats"]
    people = [p for p in seats if p is not None]
    host = people[0]
    layout = ["me" if p == host else "open" if p is not None else f"bot:{spec['bots']}" for p in seats]
    front = await room.create_table(host, found["game"], found["options"], layout, private=spec["private"],
                                    grace=spec["grace"], counted=False, rated=is_rated(found))
    for i, p in enumerate(seats):
        if p is not None and p != host:
            await front.run(Sit(player=p, seat=i, name=await room.player_name(p) or "?", lang=await room.player_lang(p)))
    await front.run(Start(player=host))
    async with Transaction(room.store) as conn:
        await conn.execute(event_tables.update().where(*key[:3]).values(
            table_id=front.table.id, invite=front.invite, started=time.time()))
    for i, p in enumerate(seats):
        if p is not None:
            await notify(p, {"type": "event_table", "event": found["id"], "kind": found["kind"], "round": row["round"],
                             "rounds": spec.get("rounds"), "game": found["game"], "table": front.table.id,
                             "invite": front.invite, "seat": i})


# --- watching tables -------------------------------------------------------------------------------
async def settle_table(room: Room, found: dict[str, Any], row: dict[str, Any],
                       doubled: frozenset[str] | set[str] = frozenset()) -> bool:
    """Count a finished table once: each entrant's place and points (0 for a missed table;
    twice the points for the entrants in `doubled`, an arena's streaks). True: the table is over
    (counted now or before)."""
    if row["finished"] is not None:
        return True
    front = await room.table(row["table_id"])
    if front is None or front.table.status != "over":
        return False
    state = front.table.state
    scores = [float(s) for s in state.scores()]
    places = places_of(scores, state.winners())
    now = time.time()
    async with Transaction(room.store) as conn:
        done = await conn.execute(event_tables.update().where(
            event_tables.c.event == row["event"], event_tables.c.round == row["round"],
            event_tables.c.number == row["number"], event_tables.c.finished.is_(None)).values(finished=now))
        if not done.rowcount:
            return True
        for seat, player in enumerate(row["seats"]):
            if player is None:
                continue
            key = (event_seats.c.event == row["event"], event_seats.c.round == row["round"],
                   event_seats.c.player == player)
            missed = await conn.scalar(sa.select(event_seats.c.missed).where(*key))
            points = 0.0 if missed else float(len(scores) - places[seat]) * (2 if player in doubled else 1)
            await conn.execute(event_seats.update().where(*key).values(place=places[seat], points=points, finished=now))
    return True


async def no_shows(room: Room, found: dict[str, Any], row: dict[str, Any],
                   seats: list[dict[str, Any]] | None = None) -> None:
    """Note who has come to the table (connected to it, or away after coming); after `grace`,
    each entrant never seen there: a missed table (stored first), the takeover bot in their
    seat, and a withdrawal at the second miss. Arrivals are stored, so a restarted room, whose
    tables come back with nobody connected, does not take the present for absent."""
    front = await room.table(row["table_id"])
    if front is None or front.table.status != "playing":
        return
    read = seats if seats is not None else await rows(room, event_seats, row["event"])  # (the step's own read)
    mine = {s["player"]: s for s in read if s["round"] == row["round"]}
    late = time.time() - row["started"] >= found["spec"]["grace"]
    for seat, player in enumerate(row["seats"]):
        s = front.table.seats[seat]
        if player is None or s.player != player or mine[player]["arrived"] is not None or mine[player]["missed"]:
            continue
        key = (event_seats.c.event == row["event"], event_seats.c.round == row["round"], event_seats.c.player == player)
        if s.connected or s.away_since is not None:
            async with Transaction(room.store) as conn:
                await conn.execute(event_seats.update().where(*key).values(arrived=time.time()))
        elif late:
            await missed(room, front, row, player, key)


async def missed(room: Room, front: Any, row: dict[str, Any], player: str, key: tuple[Any, ...]) -> None:
    """`player` never came to their table: the table is their loss, the takeover bot plays their
    seat, and a second miss withdraws them."""
    async with Transaction(room.store) as conn:
        await conn.execute(event_seats.update().where(*key).values(missed=True))
        count = await conn.scalar(sa.select(sa.func.count()).select_from(event_seats).where(
            event_seats.c.event == row["event"], event_seats.c.player == player, event_seats.c.missed.is_(True)))
    if (count or 0) >= MISSED_OUT:
        try:
            async with Transaction(room.store) as conn:
                await conn.execute(event_withdrawals.insert().values(
                    event=row["event"], player=player, round=row["round"], reason="missed", at=time.time()))
        except IntegrityError:  # withdrawn already (asked, or another node)
            pass
    with contextlib.suppress(CardhallError):  # another node put the bot there meanwhile
        await front.run(Leave(player=player))


async def step(room: Room, found: dict[str, Any], notify: Notify) -> None:
    """One look at a running Swiss event: make the tables not made yet, put bots in the seats of
    no-shows, count finished tables, and when every table of the round is over go on."""
    round_no = await current_round(room, found["id"])
    tables = [t for t in await rows(room, event_tables, found["id"]) if t["round"] == round_no]
    over = 0
    for row in sorted(tables, key=lambda t: t["number"]):
        if row["table_id"] is None:
            await make_table(room, found, row, notify)
            continue
        if await settle_table(room, found, row):
            over += 1
        else:
            await no_shows(room, found, row)
    if tables and over == len(tables) and round_no < found["spec"]["rounds"]:
        await standby.fill_round(room, found, round_no + 1, notify)  # withdrawn entrants' places, before seating
    if tables and over == len(tables) and await next_round(room, found, round_no) \
            and await current_round(room, found["id"]) == round_no:  # that was the last round
        for player in await names(room, found["id"]):
            await notify(player, {"type": "event_over", "event": found["id"]})
