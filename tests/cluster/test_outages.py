"""Redis stopped mid-game under a room of two nodes: every table moves on and finishes by itself
once Redis is back (nobody syncs or acts), and meanwhile the tables' bots wait for their lease
with a growing pause instead of retrying many times a second."""

from __future__ import annotations

import time

from tests.cluster.conftest import LEASE, Cluster
from tests.cluster.helpers import stored, watch_at
from tests.room.helpers import Person
from tests.room.outages import Listener, figures, lost, wait_all

OUTAGE = 8.0


def test_redis_stopped_mid_game_every_table_finishes_alone(cluster: Cluster) -> None:
    a, b = cluster.node("a"), cluster.node("b")
    hosts = [Person(a, "Ann"), Person(b, "Bob")]
    tables = [hosts[i % 2].create("hearts", ["bot:random"] * 4, {"target": 60})["id"] for i in range(8)]
    listeners = [Listener(t, watch_at((b, a)[i % 2], t, None)) for i, t in enumerate(tables)]  # on the other node
    for i, table in enumerate(tables):
        hosts[i % 2].start(table)
    wait_all(listeners, lambda x: x.versions and x.versions[-1] >= 15, 120)

    for listener in listeners:
        listener.take(None)
        listener.before = listener.versions[-1]
    stopped = time.monotonic()
    cluster.redis.stop()
    time.sleep(OUTAGE)
    for listener in listeners:  # what the listeners heard during the outage moved nothing past Redis
        listener.take(None)
        listener.before = max(listener.before, listener.versions[-1])
    cluster.redis.start()
    back = time.monotonic()
    wait_all(listeners, lambda x: x.over, 240, back)
    held = {x.table: len(stored(cluster.db, x.table)[2]) for x in listeners}
    line = figures("Redis outage", listeners, back - stopped, lost({x.table: max(x.versions) for x in listeners}, held))
    print(line)

    assert all(x.resumed is not None for x in listeners), line
    for listener in listeners:
        _, _, versions = stored(cluster.db, listener.table)
        assert versions == list(range(1, listener.versions[-1] + 1))
    for node in (a, b):
        log = node.log.read_text()
        assert "Traceback" not in log, log
        # each table's fault is said once (its bots then wait for the lease with a growing pause),
        # not once per try (~28 a second before)
        tries = log.count("its lease cannot be checked")
        assert tries <= 2 * len(tables), (tries, log[-3000:])
    print(f"lease {LEASE} s")
