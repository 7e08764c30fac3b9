"""What a Swiss event answers: an entrant's next table, the standings, the rounds with their
tables, and a withdrawal while it runs (docs/room.md, "Swiss")."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.exc import IntegrityError

from cardhall.core.i18n import N_, Msg
from cardhall.events.errors import EventError
from cardhall.events.swiss import current_round, names, rows, tiebreaks, totals, withdrawn
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, event_entries, event_rounds, event_seats, event_tables, event_withdrawals


def replay(table_id: str, invite: str | None) -> str:
    return f"/tables/{table_id}/replay" + (f"?invite={invite}" if invite else "")


async def next_table(room: Room, found: dict[str, Any], player: str) -> dict[str, Any]:
    """`{table, seat, round, invite}` while the entrant has a table of the current round to play,
    `{done: true}` once they have nothing more to play, else `{waiting: true, round}` (the event
    has not started, their table is not made yet, or the round goes on at other tables)."""
    if player not in await names(room, found["id"]):
        raise EventError(Msg(N_("enter the event first (POST /api/events/{event}/entries)"), event=found["id"]))
    if found["status"] == "over" or player in await withdrawn(room, found["id"]):
        return {"done": True}
    round_no = await current_round(room, found["id"])
    mine = [s for s in await rows(room, event_seats, found["id"]) if s["player"] == player and s["round"] == round_no]
    if mine and mine[0]["finished"] is None:
        table = next(t for t in await rows(room, event_tables, found["id"])
                     if t["round"] == round_no and t["number"] == mine[0]["number"])
        if table["table_id"] is not None:
            front = await room.table(table["table_id"])
            if front is not None and front.table.status != "over":
                return {"table": table["table_id"], "seat": mine[0]["seat"], "round": round_no,
                        "invite": table["invite"]}
    if mine and mine[0]["finished"] is not None and round_no >= found["spec"]["rounds"]:
        return {"done": True}
    return {"waiting": True, "round": round_no}


async def standings(room: Room, found: dict[str, Any]) -> dict[str, Any]:
    """Every entrant best first: points, tie-break, rank (equal points and tie-break share it),
    tables played and missed, withdrawn, and each round's table, place and points."""
    seats = [s for s in await rows(room, event_seats, found["id"])]
    tables = {(t["round"], t["number"]): t for t in await rows(room, event_tables, found["id"])}
    points, ties, out = totals(seats), tiebreaks(seats), await withdrawn(room, found["id"])
    entries = []
    for e in await rows(room, event_entries, found["id"]):
        mine = sorted((s for s in seats if s["player"] == e["player"]), key=lambda s: s["round"])
        rounds = []
        for s in mine:
            t = tables[(s["round"], s["number"])]
            rounds.append({"round": s["round"], "table": t["table_id"], "seat": s["seat"], "place": s["place"],
                           "points": s["points"], "missed": s["missed"],
                           "replay": replay(t["table_id"], t["invite"]) if t["finished"] is not None else None})
        entries.append({"name": e["name"], "points": points.get(e["player"], 0.0), "tiebreak": ties.get(e["player"], 0.0),
                        "played": sum(1 for s in mine if s["finished"] is not None and not s["missed"]),
                        "missed": sum(1 for s in mine if s["missed"]), "withdrawn": e["player"] in out,
                        "rounds": rounds})
    entries.sort(key=lambda r: (-r["points"], -r["tiebreak"], r["name"]))
    previous, rank = None, 0
    for i, row in enumerate(entries, start=1):
        if (row["points"], row["tiebreak"]) != previous:
            rank, previous = i, (row["points"], row["tiebreak"])
        row["rank"] = rank
    return {"event": found["id"], "status": found["status"], "final": found["status"] == "over", "entries": entries}


async def tables_by_round(room: Room, found: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """Each round's tables (an arena's: one per number): the seats (names; None: a bot), the room
    table, when it started and finished, whether it is over, and its replay once it is."""
    who = await names(room, found["id"])
    seats = {(s["round"], s["player"]): s for s in await rows(room, event_seats, found["id"])}
    made: dict[int, list[dict[str, Any]]] = {}
    for t in sorted(await rows(room, event_tables, found["id"]), key=lambda t: (t["round"], t["number"])):
        made.setdefault(t["round"], []).append({
            "number": t["number"], "table": t["table_id"], "over": t["finished"] is not None,
            "started": t["started"], "finished": t["finished"],
            "replay": replay(t["table_id"], t["invite"]) if t["finished"] is not None else None,
            "seats": [None if p is None else {"name": who.get(p, "?"), "points": seats[(t["round"], p)]["points"],
                                              "place": seats[(t["round"], p)]["place"],
                                              "missed": seats[(t["round"], p)]["missed"]} for p in t["seats"]]})
    return made


async def details(room: Room, found: dict[str, Any]) -> dict[str, Any]:
    """The event's rounds, each with its tables (`tables_by_round`), and the current round's."""
    made = await tables_by_round(room, found)
    rounds = [{"round": r["round"], "started": r["started"], "ended": r["ended"], "tables": made.get(r["round"], [])}
              for r in sorted(await rows(room, event_rounds, found["id"]), key=lambda r: r["round"])]
    return {"round": rounds[-1]["round"] if rounds else 0, "rounds": rounds,
            "tables": rounds[-1]["tables"] if rounds and found["status"] == "running" else []}


async def withdraw(room: Room, found: dict[str, Any], player: str) -> None:
    """Leave a running Swiss event: seated in no later round; the tables played stay counted (a
    table being played goes on, its seat played by the takeover bot once the entrant leaves it)."""
    if player not in await names(room, found["id"]):
        raise EventError(Msg(N_("you have not entered this event")))
    try:
        async with Transaction(room.store) as conn:
            await conn.execute(event_withdrawals.insert().values(
                event=found["id"], player=player, round=await current_round(room, found["id"]), reason="asked",
                at=time.time()))
    except IntegrityError:
        raise EventError(Msg(N_("you have already withdrawn from this event"))) from None
