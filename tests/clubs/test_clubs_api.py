"""Clubs on a real room (SQLite and PostgreSQL): a club by invitation (an invitation heard on the
room socket, then a join), admins, announcements heard by the members, a club-only Swiss event
(members only, started by a club admin) whose result makes the club's standings, leaving, and a
moderator closing the club; bad input gets a sentence and changes nothing."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from tests.events.swiss_helpers import Entrant, event_of, wait_for
from tests.room.helpers import Server
from tests.room.test_social import admin


def club(server: Server, club_id: str, who: Entrant | None = None) -> dict[str, Any]:
    got = httpx.get(server.url + f"/api/clubs/{club_id}", headers=who.headers if who else {}, timeout=60)
    assert got.status_code == 200, got.text
    return dict(got.json())


def test_a_club_by_invitation_its_event_and_standings(server: Server) -> None:
    ann, bob, cid = Entrant(server, "Cl"), Entrant(server, "Cl"), Entrant(server, "Cl")
    try:
        name = f"Club {uuid.uuid4().hex[:6]}"
        made = ann.call("POST", "/api/clubs", {"name": name, "description": "Hearts on Tuesdays", "open": False})
        assert made.status_code == 201, made.text
        found = made.json()
        assert found["you"] == "admin" and found["members"] == 1 and found["open"] is False
        assert found["id"] in [c["id"] for c in httpx.get(server.url + "/api/clubs").json()["clubs"]]
        shut = bob.call("POST", f"/api/clubs/{found['id']}/members")
        assert shut.status_code == 403 and "invitation" in shut.json()["error"]
        bob.online()
        assert ann.call("POST", f"/api/clubs/{found['id']}/invitations", {"name": bob.name}).status_code == 201
        heard = bob.hear(lambda m: m["type"] == "club_invitation")
        assert heard["club"] == found["id"] and heard["from"] == ann.name
        assert bob.call("POST", f"/api/clubs/{found['id']}/members").json()["you"] == "member"
        assert bob.call("POST", f"/api/clubs/{found['id']}/invitations", {"name": cid.name}).status_code == 403
        assert ann.call("POST", f"/api/clubs/{found['id']}/admins", {"name": bob.name}).status_code == 200
        posted = bob.call("POST", f"/api/clubs/{found['id']}/announcements", {"text": "Event at eight!"})
        assert posted.status_code == 201, posted.text
        assert club(server, found["id"])["announcements"][0]["text"] == "Event at eight!"
        event = bob.call("POST", "/api/events", {"kind": "swiss", "game": "three-two-five", "options": {"deals": 1},
                                                 "rounds": 1, "grace": 10, "bots": "random", "hours": 1,
                                                 "club": found["id"]})
        assert event.status_code == 201, event.text
        eid = event.json()["id"]
        assert event.json()["club"] == found["id"]
        outsider = cid.call("POST", f"/api/events/{eid}/entries")
        assert outsider.status_code == 403 and "club" in outsider.json()["error"]
        for p in (ann, bob):
            assert p.call("POST", f"/api/events/{eid}/entries").status_code == 201
        # a club admin, not its creator, starts it; nobody comes: the bots play their seats after the grace
        assert ann.call("POST", f"/api/events/{eid}/start").status_code == 200
        wait_for(lambda: event_of(server, eid)["status"] == "over", timeout=180)
        shown = club(server, found["id"], ann)
        assert [e["id"] for e in shown["events"]] == [eid]
        table = shown["standings"]
        assert {r["name"] for r in table} == {ann.name, bob.name} and table[0]["events"] == 1
        assert [r["points"] for r in table] == [0, 0]  # both missed their table: equal, nobody ranked below
        assert ann.call("DELETE", f"/api/clubs/{found['id']}/members").status_code == 200
        assert club(server, found["id"])["members"] == 1
        last = bob.call("DELETE", f"/api/clubs/{found['id']}/members")
        assert last.status_code == 200  # the last one may leave
        refused = ann.call("POST", f"/api/clubs/{found['id']}/close", {"reason": "spam"})
        assert refused.status_code == 403 and "moderator" in refused.json()["error"]
        assert admin(server, "grant", cid.name, "moderator").returncode == 0
        for body in (None, {}, {"reason": " "}, {"reason": "x" * 501}):  # a reason is needed, in words
            bad = cid.call("POST", f"/api/clubs/{found['id']}/close", body)
            assert bad.status_code in (400, 409, 422) and "reason" in bad.json()["error"], bad.text
        assert club(server, found["id"])["id"] == found["id"]  # still open
        closed = cid.call("POST", f"/api/clubs/{found['id']}/close", {"reason": "  Abandoned since June  "})
        assert closed.status_code == 200 and closed.json()["reason"] == "Abandoned since June"
        assert httpx.get(server.url + f"/api/clubs/{found['id']}").status_code == 404
    finally:
        for p in (ann, bob, cid):
            p.close()


def test_bad_club_input_gets_a_sentence_and_changes_nothing(server: Server) -> None:
    ann, bob = Entrant(server, "Cb"), Entrant(server, "Cb")
    before = httpx.get(server.url + "/api/clubs").json()["clubs"]
    for body, word in [({"name": ""}, "name"), ({"name": "x" * 61}, "60"), ({"name": "A", "open": "yes"}, "open"),
                       ({"name": "A", "description": "d" * 1001}, "1000"), ({"nom": "A"}, "nom")]:
        got = ann.call("POST", "/api/clubs", body)
        assert got.status_code in (400, 409, 422), (body, got.text)
        assert word in got.json()["error"], (body, got.text)
    assert httpx.get(server.url + "/api/clubs").json()["clubs"] == before
    guest = httpx.post(server.url + "/api/players", json={"name": "Guesty"}).json()
    assert httpx.post(server.url + "/api/clubs", json={"name": "G"},
                      headers={"Authorization": f"Bearer {guest['token']}"}).status_code == 403
    name = f"Open {uuid.uuid4().hex[:6]}"
    made = ann.call("POST", "/api/clubs", {"name": name}).json()
    twin = bob.call("POST", "/api/clubs", {"name": name.upper()})
    assert twin.status_code == 409 and "already" in twin.json()["error"]
    assert bob.call("POST", f"/api/clubs/{made['id']}/members").status_code == 201  # open: anyone joins
    again = bob.call("POST", f"/api/clubs/{made['id']}/members")
    assert again.status_code == 409 and "already" in again.json()["error"]
    assert ann.call("POST", f"/api/clubs/{made['id']}/invitations", {"name": "Nobody Here"}).status_code == 404
    assert ann.call("POST", f"/api/clubs/{made['id']}/announcements", {"text": "  "}).status_code == 409
    lone = ann.call("DELETE", f"/api/clubs/{made['id']}/members")
    assert lone.status_code == 409 and "admin" in lone.json()["error"]
    assert httpx.get(server.url + "/api/clubs/nope").status_code == 404
    assert bob.call("POST", "/api/events", {"kind": "swiss", "game": "hearts", "rounds": 1, "grace": 10,
                                            "hours": 1, "club": made["id"]}).status_code == 403
