"""PostgreSQL restarted mid-game under a real room: every table moves on and finishes by itself
(nobody syncs), the room's own bots, `cardhall bot` and the docs' example bot alike; the log
has every version once."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardhall.web import testbed
from tests.room.helpers import Person, Server
from tests.room.outages import Listener, figures, lost, wait_all
from tests.room.test_remote import ENV, docs_bot
from tests.services import missing, new_database, postgres_server


@pytest.fixture
def pg() -> Iterator[testbed.PostgresServer]:
    """A PostgreSQL cluster of this test's own (it is restarted)."""
    if testbed.postgres_bin() is None:
        missing("PostgreSQL's server binaries (initdb, pg_ctl) were not found; install Debian's postgresql")
    with postgres_server() as server:
        yield server


def versions_of(db: str, table: str) -> list[int]:
    import psycopg

    with psycopg.connect(db) as conn:
        return [v for (v,) in conn.execute("SELECT version FROM table_log WHERE table_id = %s ORDER BY version",
                                           (table,))]


def test_postgres_restarted_mid_game_every_table_finishes_alone(pg: testbed.PostgresServer, tmp_path: Path) -> None:
    db = new_database(pg.url)
    server = Server(db, tmp_path / "server.log").start()
    clients: list[subprocess.Popen[str]] = []
    try:
        host = Person(server, "Host")
        tables = [host.create("hearts", ["bot:random"] * 4, {"target": 60})["id"] for _ in range(5)]
        wired = host.create("hearts", ["bot:random", "open", "bot:random", "bot:random"], {"target": 60})["id"]
        docs = host.create("hearts", ["bot:random", "bot:random", "open", "bot:random"], {"target": 60})["id"]
        (tmp_path / "bot.py").write_text(docs_bot())
        clients.append(subprocess.Popen([sys.executable, "-m", "cardhall", "bot", f"{server.url}/tables/{wired}",
                                         "--seat", "2", "--bot", "random"], env=ENV, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
        clients.append(subprocess.Popen([sys.executable, str(tmp_path / "bot.py"), f"{server.url}/tables/{docs}", "3"],
                                        text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
        for table, seat in ((wired, 1), (docs, 2)):
            end = time.monotonic() + 60
            while host.http.get(f"/api/tables/{table}").json()["seats"][seat]["kind"] == "open":
                assert time.monotonic() < end and all(c.poll() is None for c in clients)
                time.sleep(0.1)
        tables += [wired, docs]
        listeners = [Listener(t, Person(server, None).watch(t)) for t in tables]
        for table in tables:
            host.start(table)
        wait_all(listeners, lambda x: x.versions and x.versions[-1] >= 15, 120)  # every game under way

        for listener in listeners:
            listener.take(None)
            listener.before = listener.versions[-1]
        stopped = time.monotonic()
        pg.stop("fast")  # every pooled connection of the room dies
        time.sleep(3.0)
        pg.start()
        back = time.monotonic()
        wait_all(listeners, lambda x: x.over, 240, back)
        held = {x.table: len(versions_of(db, x.table)) for x in listeners}
        line = figures("PostgreSQL restart", listeners, back - stopped,
                       lost({x.table: max(x.versions) for x in listeners}, held))
        print(line)

        assert all(x.resumed is not None for x in listeners), line
        for listener in listeners:
            assert listener.versions == sorted(listener.versions)
            assert versions_of(db, listener.table) == list(range(1, listener.versions[-1] + 1))
        for client in clients:
            out, _ = client.communicate(timeout=60)
            assert client.returncode == 0, out
            assert "game over" in out.lower() or "game is over" in out.lower(), out
    finally:
        for client in clients:
            if client.poll() is None:
                client.kill()
        assert server.stop() == 0, server.log.read_text()
    assert "Traceback" not in server.log.read_text(), server.log.read_text()


def test_sigkill_mid_game_every_table_comes_back_and_finishes_alone(pg: testbed.PostgresServer, tmp_path: Path) -> None:
    db = new_database(pg.url)
    server = Server(db, tmp_path / "server.log").start()
    try:
        host = Person(server, "Host")
        tables = [host.create("hearts", ["bot:random"] * 4, {"target": 60})["id"] for _ in range(6)]
        listeners = [Listener(t, Person(server, None).watch(t)) for t in tables]
        for table in tables:
            host.start(table)
        wait_all(listeners, lambda x: x.versions and x.versions[-1] >= 15, 120)
        server.kill()
        killed = time.monotonic()
        for listener in listeners:
            with contextlib.suppress(Exception):
                listener.take(None)
        held = {x.table: len(versions_of(db, x.table)) for x in listeners}  # what survived the kill
        shown = {x.table: max(x.versions) for x in listeners}
        server.start()
        back = time.monotonic()
        again = [Listener(x.table, Person(server, None).watch(x.table), before=held[x.table]) for x in listeners]
        wait_all(again, lambda x: x.over, 240, back)
        for old, new in zip(listeners, again, strict=True):
            new.versions = old.versions + new.versions
        line = figures("SIGKILL of the room", again, back - killed, lost(shown, held))
        print(line)
        assert all(shown[t] <= held[t] for t in tables), (shown, held)
        assert all(x.resumed is not None for x in again), line
        for listener in again:
            assert versions_of(db, listener.table) == list(range(1, listener.versions[-1] + 1))
    finally:
        assert server.stop() == 0, server.log.read_text()
