"""`/healthz` and `/readyz` of real rooms (cardhall/web/health.py): a real PostgreSQL stopped
makes readiness 503 with the reason in words and started again makes it 200, a schema behind
the code's is named, a cluster node whose Redis is gone is not ready; health never needs I/O."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import httpx
import pytest

from tests.room.helpers import Server
from tests.services import postgres_server, redis_server


def wait_for(url: str, status: int, timeout: float = 60) -> httpx.Response:
    """Poll `url` until it answers `status`; the last answer."""
    end = time.monotonic() + timeout
    while True:
        answer = httpx.get(url, timeout=30)
        if answer.status_code == status or time.monotonic() > end:
            return answer
        time.sleep(0.2)


@pytest.mark.postgres
def test_readiness_follows_a_real_postgresql_stopped_and_started(tmp_path: Path) -> None:
    with postgres_server() as pg:
        room = Server(pg.url, tmp_path / "server.log").start()
        try:
            assert httpx.get(room.url + "/healthz").json()["status"] == "ok"
            ready = httpx.get(room.url + "/readyz")
            assert ready.status_code == 200 and ready.json()["status"] == "ready"
            assert ready.headers["cache-control"] == "no-store"
            pg.stop()
            down = wait_for(room.url + "/readyz", 503)
            assert down.status_code == 503, down.text
            assert down.json()["checks"] == {"database": "the database does not answer"}
            assert down.json()["error"] == "not ready: the database does not answer"
            assert "postgres" not in down.text and str(pg.port) not in down.text  # no URL, no secret
            assert httpx.get(room.url + "/healthz").status_code == 200  # the process still serves
            spanish = httpx.get(room.url + "/readyz?lang=es")
            assert spanish.status_code == 503 and "base de datos" in spanish.json()["error"]
            pg.start()
            assert wait_for(room.url + "/readyz", 200).status_code == 200
        finally:
            assert room.stop() == 0, room.log.read_text()


def test_readiness_names_a_schema_behind_the_code(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    room = Server(f"sqlite:///{db}", tmp_path / "server.log").start()
    try:
        assert httpx.get(room.url + "/readyz").status_code == 200
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE alembic_version SET version_num = '0001'")
        behind = httpx.get(room.url + "/readyz")
        assert behind.status_code == 503
        assert "schema is at revision 0001" in behind.json()["checks"]["database"]
        assert "restart the room" in behind.json()["error"]
    finally:
        assert room.stop() == 0, room.log.read_text()


def test_a_cluster_node_without_redis_is_not_ready(tmp_path: Path) -> None:
    for redis in redis_server(tmp_path):
        room = Server(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "server.log",
                      ["--redis", redis.url, "--node", "n1"]).start()
        try:
            ready = httpx.get(room.url + "/readyz")
            assert ready.status_code == 200 and ready.json()["node"] == "n1"
            redis.stop()
            down = wait_for(room.url + "/readyz", 503)
            assert down.status_code == 503 and down.json()["checks"]["redis"] == "Redis does not answer"
            assert httpx.get(room.url + "/healthz").json() == {"status": "ok", "node": "n1"}
        finally:
            room.stop()
