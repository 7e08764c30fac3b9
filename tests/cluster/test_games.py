"""Two nodes, the clients of one table on different nodes: a full game of every game ends
exactly as one process gives it for the same seed and actions, and every viewer hears exactly
the events one process gives that viewer (a spectator on the other node no hidden card). The
other node's clients take deltas (`?delta=1`): applied, they end in the same state."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from cardhall.core.record import Record
from tests.cluster.conftest import Cluster
from tests.cluster.helpers import one_process, stored
from tests.room.helpers import Person, play_out
from tests.room.test_e2e import GAMES, check_wire, seats_for


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_full_game_across_two_nodes(pair: Cluster, game: str, options: dict[str, Any]) -> None:
    cluster = pair
    a, b = cluster.nodes
    ann, bob, eve = Person(a, "Ann"), Person(b, "Bob"), Person(b, None)
    table = ann.create(game, seats_for(game, options, "me", "open"), options)  # node a runs it
    tid = table["id"]
    bob.post(f"/api/tables/{tid}/sit", {"seat": 1})  # forwarded by node b
    ann_sock, bob_sock, eve_sock = ann.watch(tid), bob.watch(tid, delta=True), eve.watch(tid, delta=True)
    for sock in (ann_sock, bob_sock, eve_sock):
        sock.until(lambda m: m["type"] == "state")
    Person(b, None).http.post(f"/api/tables/{tid}/start", headers=ann.headers).raise_for_status()
    play_out([ann_sock, bob_sock], seed=len(game) + random.randrange(1000))
    eve_sock.until(lambda m: m["type"] in ("state", "delta") and eve_sock.state is not None and eve_sock.state["over"])

    final = ann_sock.state
    assert final is not None and final["over"]
    assert bob_sock.state is not None and bob_sock.state["scores"] == final["scores"]
    # one process, the same seed and actions: the same end, and each viewer the same events
    table_here = one_process(cluster.db, tid)
    assert table_here.state.scores() == final["scores"] and table_here.version == final["version"]
    for sock, viewer in ((ann_sock, 0), (bob_sock, 1), (eve_sock, None)):
        check_wire(sock.messages)
        first = next(m["version"] for m in sock.messages if m["type"] == "state")
        expected = msgspec.to_builtins(table_here.events_since(first, viewer))
        assert expected is not None
        assert sock.events() == expected
        assert sock.state is not None and sock.state["view"] == table_here.state_message(viewer).view
        assert any(m["type"] == "delta" for m in sock.messages) == (sock is not ann_sock)
    record = Record.from_json(bob.http.get(f"/api/tables/{tid}/record").json())
    assert record.check().scores() == final["scores"]
    _, _, versions = stored(cluster.db, tid)
    assert versions == list(range(1, final["version"] + 1))
    for sock in (ann_sock, bob_sock, eve_sock):
        sock.close()
