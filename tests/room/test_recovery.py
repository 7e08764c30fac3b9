"""SIGKILL the server while several games are in flight and start it again: every table comes
back with the same state and version, and nothing a client was told about is lost."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import time
from pathlib import Path

import pytest

from tests.room.helpers import Person, Server, Socket
from tests.services import make_database


def settle(sock: Socket) -> None:
    """Wait until the game waits for this socket's person (bots have played on)."""
    while not sock.my_turn():
        sock.recv(60)
    sock.poll()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigkill_and_restart_lose_nothing(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    server = Server(make_database(backend, request, tmp_path), tmp_path / "server.log").start()
    try:
        ann, eve = Person(server, "Ann"), Person(server, None)
        hearts = ann.create("hearts", ["me", "bot:random", "bot:random", "bot:random"], {"target": 30})["id"]
        jass = ann.create("jass", ["me", "bot:random", "bot:random", "bot:random"])["id"]
        busy = ann.create("five-towers", ["bot:hard"] * 3)["id"]  # search bots: still thinking at the kill
        socks = {tid: ann.watch(tid) for tid in (hearts, jass)}
        watcher = eve.watch(busy)
        for tid in (hearts, jass, busy):
            ann.start(tid)
        rng = random.Random(5)
        for _ in range(12):  # Ann's moves, each acknowledged by the state that follows it
            for sock in socks.values():
                settle(sock)
                sock.act_random(rng)
        for sock in socks.values():
            settle(sock)
        watcher.until(lambda m: m["type"] == "state" and m["version"] > 12)
        watcher.poll()
        before = {tid: ann.http.get(f"/api/tables/{tid}").json()["state"] for tid in (hearts, jass)}
        server.kill()

        server.start()
        for tid, sock in socks.items():
            restored = ann.http.get(f"/api/tables/{tid}").json()["state"]
            assert sock.state is not None
            assert restored["version"] == sock.state["version"] == before[tid]["version"]
            assert restored["view"] == before[tid]["view"] and restored["seats"][0]["connected"] is False
            # Ann comes back: the same seat view, and every event she heard replays identically
            again = ann.watch(tid)
            hello = again.until(lambda m: m["type"] == "state")
            assert hello["view"] == sock.state["view"] and hello["legal"] == sock.state["legal"]
            first = next(m["version"] for m in sock.messages if m["type"] == "state")
            heard = [m for m in again.sync(first) if m["version"] <= sock.state["version"]]
            assert heard == sock.events()
            again.close()
        # the bots' table: nothing the spectator saw is lost, and its bots play on
        assert watcher.state is not None
        seen = watcher.state["version"]
        spectator = eve.watch(busy)
        back = spectator.until(lambda m: m["type"] == "state")
        assert back["version"] >= seen
        replayed = [m for m in spectator.sync(0) if m["version"] <= seen]
        # a change's events reach a socket before its state: the room may be killed between them,
        # so the events of a change whose state had not arrived yet are compared apart (stored all
        # the same: nothing is heard before it is stored)
        heard = [m for m in watcher.events() if m["version"] <= seen]
        assert replayed[-len(heard):] == heard
        assert all(m["version"] <= back["version"] for m in watcher.events())
        spectator.until(lambda m: m["type"] == "state" and m["version"] > back["version"], timeout=60)
        spectator.close()
    finally:
        assert server.stop() == 0, server.log.read_text()
    assert "Traceback" not in server.log.read_text()


def children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # it ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    """Running, not ended (a zombie waiting for its adopter to reap it counts as ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_killed_room_leaves_no_bot_process_behind(tmp_path: Path) -> None:
    """The bot pool's workers end with the room: SIGKILL the server process alone (not its
    session, as an out-of-memory kill would) while its bots play, and its workers exit within
    seconds instead of waiting for ever, one set per restart."""
    server = Server(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "server.log").start()
    assert server.proc is not None
    try:
        ann = Person(server, "Ann")
        busy = ann.create("five-towers", ["bot:hard"] * 3)["id"]
        watcher = ann.watch(busy)
        ann.start(busy)
        watcher.until(lambda m: m["type"] == "state" and m["version"] > 3)
        workers = {pid for pid in children(server.proc.pid) if alive(pid)}
        assert workers, "the bots played, so the pool has workers"
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait(30)
        end = time.monotonic() + 20
        while any(alive(pid) for pid in workers) and time.monotonic() < end:
            time.sleep(0.2)
        assert not any(alive(pid) for pid in workers), "the bot workers outlived the killed room"
    finally:
        if server.proc.poll() is None:
            server.kill()
        else:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.proc.pid, signal.SIGKILL)  # whatever is left of its session
