"""The room's people across two nodes with a real Redis: presence and status written on one node
and read on the other, an invitation sent on node a heard on node b's room socket and accepted
there (seated at the table node a runs), the acceptance heard back on node a, a message, and a
moderator's ban on node a closing the banned person's room socket on node b."""

from __future__ import annotations

import time

from tests.cluster.conftest import Cluster
from tests.room.test_social import Member, admin, friends


def wait_for(check, timeout: float = 10.0):  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while True:
        found = check()
        if found or time.monotonic() > end:
            return found
        time.sleep(0.2)


def test_presence_invitations_and_a_ban_across_two_nodes(pair: Cluster) -> None:
    a, b = pair.nodes
    ann, bob = Member(a, "Ann"), Member(b, "Bob")  # Ann speaks to node a, Bob to node b
    friends(ann, bob)
    assert ann.call("GET", "/api/friends")["friends"][0]["online"] is False

    bob.online()  # node b
    here = wait_for(lambda: ann.call("GET", "/api/friends")["friends"][0]["online"])
    assert here
    shown = ann.call("GET", "/api/friends")["friends"][0]
    assert (shown["status"], shown["where"]) == ("available", [{"lobby": True}])
    bob.call("POST", "/api/status", {"status": "busy"})  # on node b, read on node a
    assert wait_for(lambda: ann.call("GET", "/api/friends")["friends"][0]["status"] == "busy")

    ann.online()  # node a
    table = ann.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "private": True,
                                             "seats": ["me", "open", "bot:random"]})  # node a runs it
    made = ann.call("POST", "/api/invitations", {"name": bob.name, "table": table["id"]})
    heard = bob.hear("invitation")
    assert (heard["id"], heard["name"], heard["table"]) == (made["id"], ann.name, table["id"])
    sat = bob.call("POST", f"/api/invitations/{made['id']}/accept")  # on node b, forwarded to node a
    assert [s["name"] for s in sat["seats"]][:2] == [ann.name, bob.name]
    assert ann.hear("invitation_accepted")["name"] == bob.name

    ann.call("POST", "/api/messages", {"to": bob.name, "text": "see you at the table"})
    assert bob.hear("message")["text"] == "see you at the table"

    # a moderator on node a bans Bob: his room socket on node b closes with the reason
    granted = admin(a, "grant", ann.name, "moderator")
    assert granted.returncode == 0, granted.stderr
    ann.call("POST", "/api/moderation/sanctions", {"name": bob.name, "kind": "ban", "duration": "1h",
                                                   "reason": "a test of the cluster"})
    closed = bob.hear("banned")
    assert "a test of the cluster" in closed["message"]
    assert "banned" in bob.call("GET", "/api/friends", status=403)["error"]
    ann.call("DELETE", f"/api/moderation/sanctions/{bob.name}/ban")
    bob.offline()
    assert wait_for(lambda: not ann.call("GET", "/api/friends")["friends"][0]["online"], timeout=5)
    ann.offline()
