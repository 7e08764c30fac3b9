"""An arena of twelve wire clients on a real room (SQLite and PostgreSQL): for one minute each
asks for a table, plays it (random legal moves) and asks again; tables of four start whenever
four wait (a bot fills a place after a short wait), never seating two who sat together at either
one's last table; place points with the streak bonus; when time is up no new table starts, the
running ones finish and count, and everyone is told done."""

from __future__ import annotations

import contextlib
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from tests.events.swiss_helpers import HEARTS_ONE_DEAL, Entrant, event_of, wait_for
from tests.room.helpers import Server, Socket


def play_table(socket: Socket, seed: int) -> None:
    """Random legal moves until the game is over. A move the table has moved past is answered
    "stale" or, once seen on a loaded machine, "it is not your turn": the table refuses it and
    changes nothing, and the next state says what to do."""
    rng = random.Random(seed)
    end = time.monotonic() + 180
    while not (socket.state and socket.state["over"]):
        assert time.monotonic() < end, "the table did not end in 180 s"
        socket.poll()
        if socket.my_turn():
            socket.act_random(rng)
        else:
            with contextlib.suppress(TimeoutError):
                socket.recv(0.05)
        wrong = [e for e in socket.errors() if not e.startswith(("stale:", "it is not your turn"))]
        assert not wrong, wrong


def keep_playing(p: Entrant, event: str, seed: int) -> list[str]:
    """Ask for tables and play them until the arena says done; the tables played."""
    played: list[str] = []
    end = time.monotonic() + 240
    while time.monotonic() < end:
        got = p.call("GET", f"/api/events/{event}/next")
        assert got.status_code == 200, got.text
        answer = got.json()
        if answer.get("done"):
            return played
        if "table" in answer:
            socket = p.sit(answer["table"], answer["invite"])
            play_table(socket, seed + len(played))
            socket.close()
            played.append(answer["table"])
        else:
            time.sleep(0.3)
    raise AssertionError("the arena did not end for this entrant in 240 s")


@pytest.mark.long  # waits out the room's clock (tests/lanes.py)
def test_twelve_entrants_play_an_arena(server: Server) -> None:
    people = [Entrant(server, "Ar") for _ in range(12)]
    made = people[0].call("POST", "/api/events", {"kind": "arena", "game": "hearts", "options": HEARTS_ONE_DEAL,
                                                  "minutes": 1, "bots": "random", "hours": 1})
    assert made.status_code == 201, made.text
    event = made.json()
    assert event["kind"] == "arena" and event["minutes"] == 1
    for p in people[:10]:
        assert p.call("POST", f"/api/events/{event['id']}/entries").status_code == 201
    started = people[0].call("POST", f"/api/events/{event['id']}/start")
    assert started.status_code == 200 and started.json()["status"] == "running", started.text
    for p in people[10:]:  # join any time while it runs
        assert p.call("POST", f"/api/events/{event['id']}/entries").status_code == 201
    with ThreadPoolExecutor(len(people)) as pool:
        played = list(pool.map(lambda ip: keep_playing(ip[1], event["id"], ip[0] * 100), enumerate(people)))
    wait_for(lambda: event_of(server, event["id"])["status"] == "over")
    shown = event_of(server, event["id"])
    tables = shown["tables"]
    assert all(len(t["seats"]) == 4 and t["over"] for t in tables)
    assert all(t["started"] <= shown["ends"] for t in tables)  # none after time was up
    assert sum(len(p) for p in played) == sum(1 for t in tables for s in t["seats"] if s)
    check_no_rematch(tables)
    missed = sum(1 for t in tables for s in t["seats"] if s and s["missed"])
    print(f"arena: {len(tables)} tables, {sum(len(p) for p in played)} seats played, {missed} missed")
    check_points(server, event["id"])


def check_no_rematch(tables: list[dict[str, Any]]) -> None:
    """Nobody sat with someone from their own last table."""
    last: dict[str, set[str]] = {}
    for t in sorted(tables, key=lambda t: t["number"]):
        people = {s["name"] for s in t["seats"] if s}
        for name in people:
            assert not (people - {name}) & last.get(name, set()), (name, t["number"])
        for name in people:
            last[name] = people - {name}


def check_points(server: Server, event: str) -> None:
    """Place points, doubled after two wins in a row; standings best first."""
    standings = httpx.get(server.url + f"/api/events/{event}/standings", timeout=60).json()
    assert standings["final"] is True and len(standings["entries"]) == 12
    keys = [(e["points"], e["tiebreak"]) for e in standings["entries"]]
    assert keys == sorted(keys, reverse=True)
    for e in standings["entries"]:
        wins = 0
        for r in sorted(e["rounds"], key=lambda r: r["round"]):
            assert r["points"] == (0 if r["missed"] else (4 - r["place"]) * (2 if wins >= 2 else 1)), e
            wins = wins + 1 if r["place"] == 1 and not r["missed"] else 0
        assert e["points"] == sum(r["points"] for r in e["rounds"])
