"""A Swiss event and an arena across two real nodes sharing PostgreSQL and Redis, the entrants
spread over both (each one's HTTP, room socket and table sockets on their own node): the Swiss
event of 2 rounds seats every entrant once a round, its round notices reach entrants on either
node, round 2 starts when round 1's last table ends, every table is counted once; the arena of
a minute seats nobody at two tables at once, counts every table once and ends for everyone."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import Any

import httpx

from tests.cluster.conftest import Cluster
from tests.events.swiss_helpers import HEARTS_ONE_DEAL, Entrant, swiss_event, wait_for
from tests.events.test_arena_wire import check_no_rematch, keep_playing, play_table


def shown(node: Any, event: str) -> dict[str, Any]:
    got = httpx.get(node.url + f"/api/events/{event}", timeout=60)
    assert got.status_code == 200, got.text
    return dict(got.json())


def play_round(people: list[Entrant], event: str, round_no: int) -> None:
    notices = [p.table_notice(event, round_no, timeout=120) for p in people]
    with ThreadPoolExecutor(len(people)) as pool:
        list(pool.map(lambda i: play_table(people[i].sit(notices[i]["table"], notices[i]["invite"]), i + 10 * round_no),
                      range(len(people))))


def test_a_swiss_event_and_an_arena_across_two_nodes(pair: Cluster) -> None:
    a, b = pair.nodes
    people = [Entrant(a if i % 2 == 0 else b, "Tn") for i in range(8)]
    try:
        event = swiss_event(people[0], rounds=2, grace=60)["id"]
        for p in people:
            assert p.call("POST", f"/api/events/{event}/entries").status_code == 201
            p.online()
        assert people[1].call("POST", f"/api/events/{event}/close").status_code == 403  # not the creator
        assert people[0].call("POST", f"/api/events/{event}/start").status_code == 200
        for round_no in (1, 2):
            play_round(people, event, round_no)
        wait_for(lambda: shown(b, event)["status"] == "over", timeout=120)
        seen_a, seen_b = shown(a, event), shown(b, event)
        assert seen_a["rounds"] == seen_b["rounds"] and [r["round"] for r in seen_a["rounds"]] == [1, 2]
        for r in seen_a["rounds"]:
            seated = [s["name"] for t in r["tables"] for s in t["seats"] if s is not None]
            assert sorted(seated) == sorted(p.name for p in people)  # everyone once a round, nobody twice
            assert all(t["over"] and t["table"] for t in r["tables"]) and len(r["tables"]) == 2
        assert seen_a["rounds"][1]["started"] >= max(t["finished"] for t in seen_a["rounds"][0]["tables"])
        standings = httpx.get(b.url + f"/api/events/{event}/standings", timeout=60).json()["entries"]
        assert all(e["played"] == 2 and len(e["rounds"]) == 2 for e in standings)  # each table counted once
        for r in seen_a["rounds"]:  # each table's points, once: n - place at a table of n
            for t in r["tables"]:
                assert all(s["points"] == 4 - s["place"] for s in t["seats"] if s is not None and not s["missed"])
        assert all(e["points"] == sum(r["points"] for r in e["rounds"]) for e in standings)
        arena(pair, people)
    finally:
        for p in people:
            p.close()


def arena(pair: Cluster, people: list[Entrant]) -> None:
    a, b = pair.nodes
    made = people[1].call("POST", "/api/events", {"kind": "arena", "game": "hearts", "options": HEARTS_ONE_DEAL,
                                                  "minutes": 1, "bots": "random", "hours": 1})
    assert made.status_code == 201, made.text
    event = made.json()["id"]
    for p in people:
        assert p.call("POST", f"/api/events/{event}/entries").status_code == 201
    assert people[1].call("POST", f"/api/events/{event}/start").status_code == 200
    with ThreadPoolExecutor(len(people)) as pool:
        played = list(pool.map(lambda ip: keep_playing(ip[1], event, random.Random(ip[0]).randrange(10**6)),
                               enumerate(people)))
    wait_for(lambda: shown(a, event)["status"] == "over", timeout=120)
    tables = shown(b, event)["tables"]
    assert tables == shown(a, event)["tables"] and all(t["over"] for t in tables)
    assert len({t["table"] for t in tables}) == len(tables)  # one room table per event table
    assert sum(len(p) for p in played) == sum(1 for t in tables for s in t["seats"] if s)  # each seat once
    by_name: dict[str, list[tuple[float, float]]] = {}
    for t in tables:
        for s in t["seats"]:
            if s is not None and not s["missed"]:  # a missed seat is the takeover bot's from the grace on
                by_name.setdefault(s["name"], []).append((t["started"], t["finished"]))
    for name, spans in by_name.items():  # never at two tables at once
        spans.sort()
        overlaps = [(earlier, later) for earlier, later in pairwise(spans) if later[0] < earlier[1] - 0.5]
        assert not overlaps, (name, overlaps)
    check_no_rematch(tables)
    standings = httpx.get(a.url + f"/api/events/{event}/standings", timeout=60).json()
    assert standings["final"] and {e["name"] for e in standings["entries"]} == {p.name for p in people}
    assert all(e["points"] == sum(r["points"] for r in e["rounds"]) for e in standings["entries"])
    print(f"two-node arena: {len(tables)} tables, {sum(len(p) for p in played)} seats played")
