"""A duplicate event across two nodes sharing PostgreSQL and Redis: made on node a, one entry
playing through node a and one through node b (each board's `next` asked again on the other node
gives the same table), the standings the same from both nodes; the two nodes open each daily event
once between them."""

from __future__ import annotations

import httpx

from tests.cluster.conftest import Cluster
from tests.events.test_duplicate_api import account, bearer, new_event, wait_over


def test_a_duplicate_event_across_two_nodes(pair: Cluster) -> None:
    a, b = pair.nodes
    ann, bob = account(a), account(b)
    event = new_event(a, ann["token"]).json()["id"]
    assert httpx.post(a.url + f"/api/events/{event}/entries", headers=bearer(ann["token"])).status_code == 201
    assert httpx.post(b.url + f"/api/events/{event}/entries", headers=bearer(bob["token"])).status_code == 201
    for person, mine, other in ((ann, a, b), (bob, b, a)):
        for board in (1, 2):
            got = httpx.get(mine.url + f"/api/events/{event}/next", headers=bearer(person["token"]))
            assert got.status_code == 200, got.text
            there = httpx.get(other.url + f"/api/events/{event}/next", headers=bearer(person["token"])).json()
            assert there == got.json() and there["board"] == board  # the same table from either node
            left = httpx.post(other.url + f"/api/tables/{there['table']}/leave", headers=bearer(person["token"]))
            assert left.status_code == 200, left.text
            wait_over(mine, person["token"], there["table"], there["invite"])
        assert httpx.get(other.url + f"/api/events/{event}/next", headers=bearer(person["token"])).json() == \
            {"done": True}
    from_a = httpx.get(a.url + f"/api/events/{event}/standings", headers=bearer(ann["token"])).json()
    from_b = httpx.get(b.url + f"/api/events/{event}/standings", headers=bearer(ann["token"])).json()
    assert from_a == from_b and len(from_a["entries"]) == 2
    assert all(len(e["boards"]) == 2 for e in from_a["entries"])
    daily = [e for e in httpx.get(b.url + "/api/events").json()["events"] if e["daily"]]
    assert sorted(e["game"] for e in daily) == ["clash-of-decks", "five-towers", "hearts", "jass", "putz", "three-two-five"]
