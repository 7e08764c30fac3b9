"""The standby list and rated tables of Swiss events, on real rooms (SQLite and PostgreSQL).

- An event with 4 places refuses a fifth entry with a pointer to the standby list; two people
  stand by, in order; a withdrawal before the start places the first of them at once (told on
  the room socket); a withdrawal during round 1 gives round 2's place to the next, who is told
  and seated in round 2, the withdrawn one seated no more.
- An event with the game's standard options makes rated tables, one with other options casual.
- Bad input gets a sentence and changes nothing.
"""

from __future__ import annotations

import httpx

from tests.events.swiss_helpers import Entrant, event_of, swiss_event, wait_for
from tests.room.helpers import Server, play_out


def names_at(table: dict) -> set[str]:
    return {s["name"] for s in table["seats"] if s is not None}


def test_the_standby_list_fills_places_before_the_start_and_before_a_round(server: Server) -> None:
    a, b, c, d, e, f = people = [Entrant(server, "Sb") for _ in range(6)]
    try:
        event = swiss_event(a, rounds=2, places=4)
        eid = event["id"]
        assert event["places"] == 4 and event["rated"] is False  # one deal of Hearts: not the standard options
        for p in (a, b, c, d):
            assert p.call("POST", f"/api/events/{eid}/entries").status_code == 201
        full = e.call("POST", f"/api/events/{eid}/entries")
        assert full.status_code == 409 and "standby" in full.json()["error"], full.text
        for p in (e, f):
            p.online()
        assert e.call("POST", f"/api/events/{eid}/standby").json()["position"] == 1
        assert f.call("POST", f"/api/events/{eid}/standby").json()["position"] == 2
        again = e.call("POST", f"/api/events/{eid}/standby")
        assert again.status_code == 409 and "already" in again.json()["error"]
        entered = a.call("POST", f"/api/events/{eid}/standby")
        assert entered.status_code == 409 and "entered" in entered.json()["error"]
        assert [s["name"] for s in event_of(server, eid)["standby"]] == [e.name, f.name]

        assert d.call("DELETE", f"/api/events/{eid}/entries").status_code == 200
        told = e.hear(lambda m: m["type"] == "event_standby_in")
        assert told["event"] == eid and told["round"] == 1
        shown = event_of(server, eid)
        assert shown["entries"] == 4 and shown["standby"] == [{"name": f.name, "position": 1}]

        for p in (a, b, c):
            p.online()
        assert a.call("POST", f"/api/events/{eid}/start").status_code == 200
        notices = {p.name: p.table_notice(eid, 1) for p in (a, b, c, e)}
        assert names_at(event_of(server, eid)["tables"][0]) == {a.name, b.name, c.name, e.name}
        assert c.call("DELETE", f"/api/events/{eid}/entries").status_code == 200  # withdraws; plays round 1 out
        sockets = [p.sit(notices[p.name]["table"], notices[p.name]["invite"]) for p in (a, b, c, e)]
        play_out(sockets, seed=5, timeout=180)
        for s in sockets:
            s.close()
        told = f.hear(lambda m: m["type"] == "event_standby_in", timeout=60)
        assert told["round"] == 2
        seated = f.table_notice(eid, 2)
        shown = event_of(server, eid)
        assert shown["round"] == 2 and names_at(shown["tables"][0]) == {a.name, b.name, e.name, f.name}
        assert seated["table"] == shown["tables"][0]["table"] and shown["standby"] == []
        assert c.call("GET", f"/api/events/{eid}/next").json() == {"done": True}
        standings = {r["name"]: r for r in httpx.get(server.url + f"/api/events/{eid}/standings").json()["entries"]}
        assert standings[c.name]["withdrawn"] and standings[f.name]["points"] == 0
        assert standings[c.name]["played"] == 1 and standings[f.name]["played"] == 0
        gone = f.call("DELETE", f"/api/events/{eid}/standby")  # placed: no longer on the list
        assert gone.status_code == 409 and "not on" in gone.json()["error"]
        assert a.call("POST", f"/api/events/{eid}/close").status_code == 200
    finally:
        for p in people:
            p.close()


def test_an_event_with_the_standard_options_has_rated_tables(server: Server) -> None:
    people = [Entrant(server, "Rt") for _ in range(2)]
    a = people[0]
    try:
        for options, rated in (({}, True), ({"target": 50}, False)):
            event = swiss_event(a, options=options, rounds=1)
            assert event["rated"] is rated
            for p in people:
                assert p.call("POST", f"/api/events/{event['id']}/entries").status_code == 201
            a.online()
            assert a.call("POST", f"/api/events/{event['id']}/start").status_code == 200
            table = a.table_notice(event["id"], 1)["table"]
            summary = httpx.get(server.url + f"/api/tables/{table}", timeout=60).json()
            assert summary["rated"] is rated, summary
            assert a.call("POST", f"/api/events/{event['id']}/close").status_code == 200
            a.close()
    finally:
        for p in people:
            p.close()


def test_bad_standby_and_places_input_gets_a_sentence(server: Server) -> None:
    a = Entrant(server, "Sx")
    try:
        for places, word in ((1, "places"), ("four", "places"), (True, "places"), (10_001, "places")):
            made = a.call("POST", "/api/events", {"kind": "swiss", "game": "hearts", "rounds": 2, "grace": 10,
                                                  "places": places})
            assert made.status_code in (400, 409, 422) and word in made.json()["error"], made.text
        arena = a.call("POST", "/api/events", {"kind": "arena", "game": "hearts", "minutes": 5})
        refused = a.call("POST", f"/api/events/{arena.json()['id']}/standby")
        assert refused.status_code == 409 and "Swiss" in refused.json()["error"]
        event = swiss_event(a)
        assert a.call("DELETE", f"/api/events/{event['id']}/standby").status_code == 409
        b = Entrant(server, "Sx")
        free = b.call("POST", f"/api/events/{event['id']}/standby")  # open with free places: enter instead
        assert free.status_code == 409 and "free places" in free.json()["error"], free.text
        token = httpx.post(server.url + "/api/players", json={"name": "Guesty"}, timeout=60).json()["token"]
        shut = httpx.post(server.url + f"/api/events/{event['id']}/standby",
                          headers={"Authorization": f"Bearer {token}"}, timeout=60)
        assert shut.status_code == 403 and "account" in shut.json()["error"]
        assert event_of(server, event["id"])["standby"] == []
    finally:
        a.close()


def test_a_rated_event_table_moves_its_entrants_ratings(server: Server) -> None:
    """A Swiss event of Clash of Decks with the standard options: its table, played out (here by
    the takeover bots after the grace: nobody comes), moves both entrants' ratings in the game's
    pool, as any rated table does."""
    people = [Entrant(server, "Rm") for _ in range(2)]
    try:
        event = swiss_event(people[0], game="clash-of-decks", options={}, rounds=1, grace=10)
        assert event["rated"] is True
        for p in people:
            assert p.call("POST", f"/api/events/{event['id']}/entries").status_code == 201
        assert people[0].call("POST", f"/api/events/{event['id']}/start").status_code == 200
        wait_for(lambda: event_of(server, event["id"])["status"] == "over", timeout=180)
        for p in people:
            profile = httpx.get(server.url + f"/api/players/{p.name}", timeout=60).json()
            rating = profile["ratings"]["clash-of-decks:2"]
            assert rating["games"] == 1 and rating["mu"] != 25.0, profile["ratings"]
    finally:
        for p in people:
            p.close()
