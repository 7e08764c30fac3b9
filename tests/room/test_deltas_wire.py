"""Deltas over the wire (`?delta=1`, docs/room.md "Deltas"): a connection that asked for them
gets its first state whole and each later one as a `Delta` of the last, which applied gives
exactly the state a connection without deltas got at that version (a seat with words, a
spectator without); the events are the same; a `sync` is answered with the whole state; every
delta is one of the protocol's types; a connection that did not ask gets whole states only."""

from __future__ import annotations

from typing import Any

import msgspec

from cardhall.web.protocol import Delta, ServerMessage
from tests.room.helpers import Person, Server, Socket, play_out
from tests.room.test_wire_schema import declared


def by_version(sock: Socket) -> dict[int, dict[str, Any]]:
    return {s["version"]: s for s in sock.states()}


def events(sock: Socket) -> list[Any]:
    return [(m["version"], m["event"], m.get("words")) for m in sock.messages if m["type"] == "event"]


def test_deltas_applied_are_the_whole_states(server: Server) -> None:
    ann = Person(server, "Ann")
    table = ann.create("hearts", ["me", "bot:random", "bot:random", "bot:random"], {"target": 30})
    seated = ann.watch(table["id"], words=True, delta=True)
    whole = ann.watch(table["id"], words=True)
    watcher, plain = Person(server, None).watch(table["id"], delta=True), Person(server, None).watch(table["id"])
    seated.until(lambda m: m["type"] == "state")
    ann.start(table["id"])
    play_out([seated], seed=11)
    for sock in (whole, watcher, plain):
        sock.until(lambda m, sock=sock: m["type"] in ("state", "delta") and sock.state is not None and sock.state["over"])
    for mine, theirs in ((seated, whole), (watcher, plain)):
        kinds = [m["type"] for m in mine.messages if m["type"] in ("state", "delta")]
        assert kinds[0] == "state" and kinds.count("delta") > 20, kinds[:5]
        assert all(m["type"] != "delta" for m in theirs.messages), "no delta without ?delta=1"
        got, want = by_version(mine), by_version(theirs)
        assert set(got) == set(want)
        for version, state in want.items():
            assert got[version] == state, version
        assert events(mine) == events(theirs)
        for i, message in enumerate(mine.messages):
            decoded = msgspec.convert(message, ServerMessage)
            declared(message, decoded, f"[{i}] {message['type']}")
            if message["type"] == "delta":
                assert isinstance(decoded, Delta)
        sizes = [(len(msgspec.json.encode(m)), m["type"]) for m in mine.messages if m["type"] in ("state", "delta")]
        deltas = [n for n, kind in sizes if kind == "delta"]
        states = [len(msgspec.json.encode(m)) for m in theirs.messages if m["type"] == "state"]
        assert sum(deltas) / len(deltas) < 0.5 * sum(states) / len(states)


def test_a_sync_is_answered_with_the_whole_state(server: Server) -> None:
    ann = Person(server, "Ann")
    table = ann.create("hearts", ["me", "bot:random", "bot:random", "bot:random"], {"target": 30})
    sock = ann.watch(table["id"], words=True, delta=True)
    sock.until(lambda m: m["type"] == "state")
    ann.start(table["id"])
    sock.until(lambda m: m["type"] == "delta")
    sock.poll()
    assert sock.state is not None
    held = sock.state
    missed = sock.sync(held["version"] - 1)
    assert [m["version"] for m in missed] and all(m["type"] == "event" for m in missed)
    answer = sock.messages[-1]
    assert answer["type"] == "state" and answer["version"] >= held["version"]
    sock.send({"type": "chat", "text": "after the sync"})
    said = sock.until(lambda m: m["type"] in ("state", "delta") and m["version"] > answer["version"])
    assert said["type"] == "delta" and said["base"] == answer["version"]
