"""A Swiss event of nine wire clients on a real room (SQLite and PostgreSQL): three rounds of
one-deal Hearts, three entrants and a bot at each table, seated by score with no repeated
opponent in round 2 and no seat held twice running, each round announced on the room socket,
`next` giving the table, nothing while the round goes on elsewhere, then done; standings best
first."""

from __future__ import annotations

from collections import Counter

import httpx

from tests.events.swiss_helpers import Entrant, event_of, swiss_event
from tests.room.helpers import Server, play_out


def test_nine_entrants_play_three_rounds(server: Server) -> None:
    people = [Entrant(server) for _ in range(9)]
    by_name = {p.name: p for p in people}
    try:
        event = swiss_event(people[0])
        assert event["kind"] == "swiss" and event["rounds_planned"] == 3 and event["status"] == "open"
        for p in people:
            assert p.call("POST", f"/api/events/{event['id']}/entries").status_code == 201
            p.online()
        waiting = people[3].call("GET", f"/api/events/{event['id']}/next").json()
        assert "table" not in waiting and "done" not in waiting  # before the start: neither
        refused = people[1].call("POST", f"/api/events/{event['id']}/start")
        assert refused.status_code == 403 and "creator" in refused.json()["error"]
        started = people[0].call("POST", f"/api/events/{event['id']}/start")
        assert started.status_code == 200 and started.json()["status"] == "running", started.text
        late = Entrant(server)
        assert late.call("POST", f"/api/events/{event['id']}/entries").status_code == 409
        seats_held: dict[str, list[int]] = {}
        met: list[list[frozenset[str]]] = []
        for round_no in (1, 2, 3):
            play_round(server, event["id"], round_no, people, seats_held)
            tables = event_of(server, event["id"])["rounds"][round_no - 1]["tables"]
            met.append([frozenset(s["name"] for s in t["seats"] if s) for t in tables])
        assert not any(a & b and len(a & b) > 1 for a in met[0] for b in met[1])  # no pair met twice by round 2
        assert all(seats[0] != seats[1] for seats in seats_held.values())  # a new seat in round 2
        for p in people:
            assert p.call("GET", f"/api/events/{event['id']}/next").json() == {"done": True}
            p.hear(lambda m: m["type"] == "event_over" and m["event"] == event["id"])
        check_standings(server, event["id"], by_name)
    finally:
        for p in people:
            p.close()


def play_round(server: Server, event: str, round_no: int, people: list[Entrant],
               seats_held: dict[str, list[int]]) -> None:
    """Every entrant hears of their table, sits there; one table is played to its end first (its
    entrants then wait: `next` is neither table nor done), then the others."""
    notices = {p.name: p.table_notice(event, round_no) for p in people}
    shown = event_of(server, event)
    assert shown["status"] == "running" and shown["round"] == round_no
    tables = shown["tables"]
    assert len(tables) == 3 and all(sum(1 for s in t["seats"] if s is None) == 1 for t in tables)  # a bot each
    for p in people:
        nxt = p.call("GET", f"/api/events/{event}/next").json()
        assert nxt["table"] == notices[p.name]["table"] and nxt["round"] == round_no
        seats_held.setdefault(p.name, []).append(nxt["seat"])
    sockets = {p.name: p.sit(notices[p.name]["table"], notices[p.name]["invite"]) for p in people}
    first = notices[people[0].name]["table"]
    at_first = [name for name, n in notices.items() if n["table"] == first]
    play_out([sockets[name] for name in at_first], seed=round_no)
    by = next(p for p in people if p.name == at_first[0])
    wanted = {"done": True} if round_no == 3 else {"waiting": True, "round": round_no}  # nothing more / not yet
    assert by.call("GET", f"/api/events/{event}/next").json() == wanted
    play_out([s for name, s in sockets.items() if name not in at_first], seed=round_no + 10)
    for s in sockets.values():
        s.close()


def check_standings(server: Server, event: str, by_name: dict[str, Entrant]) -> None:
    shown = event_of(server, event)
    assert shown["status"] == "over" and len(shown["rounds"]) == 3
    assert all(t["over"] and t["replay"] for r in shown["rounds"] for t in r["tables"])
    standings = httpx.get(server.url + f"/api/events/{event}/standings", timeout=60).json()
    entries = standings["entries"]
    assert standings["final"] is True and {e["name"] for e in entries} == set(by_name)
    keys = [(e["points"], e["tiebreak"]) for e in entries]
    assert keys == sorted(keys, reverse=True) and entries[0]["rank"] == 1
    for e in entries:
        assert [r["round"] for r in e["rounds"]] == [1, 2, 3] and e["played"] == 3 and e["missed"] == 0
        assert e["points"] == sum(r["points"] for r in e["rounds"])
        assert all(r["points"] == 4 - r["place"] for r in e["rounds"])
    per_round = Counter(r["round"] for e in entries for r in e["rounds"])
    assert per_round == {1: 9, 2: 9, 3: 9}


def test_bad_swiss_input_gets_a_sentence_and_changes_nothing(server: Server) -> None:
    me, other = Entrant(server, "Bad"), Entrant(server, "Bad")
    before = httpx.get(server.url + "/api/events", timeout=60).json()["events"]
    base = {"kind": "swiss", "game": "hearts", "rounds": 3, "grace": 30, "bots": "random", "hours": 1}
    for change, word in [({"rounds": 0}, "rounds"), ({"rounds": 99}, "rounds"), ({"rounds": "many"}, "rounds"),
                         ({"grace": 1}, "grace"), ({"bots": "god"}, "bots"), ({"game": "chess"}, "game"),
                         ({"options": {"colour": "red"}}, "colour"), ({"hours": 0}, "hours"),
                         ({"private": "yes"}, "private")]:
        got = me.call("POST", "/api/events", {**base, **change})
        assert got.status_code in (400, 422), (change, got.status_code, got.text)
        assert word in got.json()["error"], (change, got.text)
    assert httpx.get(server.url + "/api/events", timeout=60).json()["events"] == before
    event = swiss_event(me)
    path = f"/api/events/{event['id']}"
    assert me.call("GET", path + "/next").status_code == 409  # not entered
    assert me.call("POST", path + "/entries").status_code == 201
    few = me.call("POST", path + "/start")
    assert few.status_code == 409 and "2" in few.json()["error"]
    assert other.call("POST", path + "/entries").status_code == 201
    assert other.call("POST", path + "/start").status_code == 403
    assert me.call("POST", path + "/start").status_code == 200
    again = me.call("POST", path + "/start")
    assert again.status_code == 409 and "started" in again.json()["error"]
    assert Entrant(server, "Bad").call("POST", path + "/entries").status_code == 409
    out = other.call("DELETE", path + "/entries")
    assert out.status_code == 200, out.text
    twice = other.call("DELETE", path + "/entries")
    assert twice.status_code == 409 and "already" in twice.json()["error"]
    assert other.call("GET", path + "/next").json() == {"done": True}
    duplicate = me.call("POST", "/api/events", {"kind": "duplicate", "game": "hearts", "boards": 1, "hours": 1})
    refused = me.call("POST", f"/api/events/{duplicate.json()['id']}/start")
    assert refused.status_code == 409 and "Swiss" in refused.json()["error"]
    closed = me.call("POST", path + "/close")
    assert closed.status_code == 200 and closed.json()["status"] == "over"
    assert me.call("GET", path + "/next").json() == {"done": True}
