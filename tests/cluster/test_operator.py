"""The operator's view of a cluster (cardhall/room/status.py): two real nodes on PostgreSQL and
Redis; asked on node b, the report names both nodes (those listening on their Redis channels)
and the table node a runs (its lease), says it in words, and stops naming node a once a is
stopped."""

from __future__ import annotations

from cardhall.core.i18n import lang
from cardhall.room.status import said
from tests.cluster.conftest import Cluster
from tests.cluster.test_people import wait_for
from tests.room.test_social import Member, admin


def test_the_report_names_every_node_and_their_tables(cluster: Cluster) -> None:
    a, b = cluster.node("a"), cluster.node("b")
    mona = Member(a, "Mona")
    assert admin(a, "grant", mona.name, "moderator").returncode == 0
    table = mona.call("POST", "/api/tables", {"game": "hearts", "seats": ["me", "bot:random", "bot:random",
                                                                         "bot:random"], "options": {"target": 30}})
    mona.call("POST", f"/api/tables/{table['id']}/start")  # node a runs it, waiting for Mona's move

    on_b = Member(b, "Ben")
    on_b.token = mona.token  # Mona asks node b
    report = on_b.call("GET", "/api/admin/status")
    assert report["node"] == "b"
    assert [(n["name"], n["here"]) for n in report["nodes"]] == [("a", False), ("b", True)]
    assert dict((n["name"], n["tables"]) for n in report["nodes"])["a"] >= 1
    words = [lang("en").say(line) for line in said(report)[0][1]]
    assert words[0] == "2 nodes are running: a, b."
    assert report["said"][0]["lines"] == words

    a.stop()
    gone = wait_for(lambda: [n["name"] for n in on_b.call("GET", "/api/admin/status")["nodes"]] == ["b"], timeout=15)
    assert gone
