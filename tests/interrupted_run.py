"""Not a test of its own (pytest does not collect this name): the run tests/test_interrupt.py
starts and then interrupts. It starts a Redis, a room server and, when asked, a PostgreSQL
cluster through the suite's own fixtures, writes their pids down, and waits to be interrupted."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.room.helpers import Server
from tests.services import Redis


def test_wait_to_be_interrupted(redis: Redis, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    pids = {"redis": redis.proc.pid if redis.proc else 0}
    if os.environ.get("INTERRUPTED_RUN_POSTGRES"):
        url = request.getfixturevalue("postgres")
        pids["postgres_port"] = int(url.rsplit(":", 1)[1].split("/")[0])
    room = Server(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "server.log").start()
    assert room.proc is not None
    pids["room"] = room.proc.pid
    out = Path(os.environ["INTERRUPTED_RUN_PIDS"])
    out.with_suffix(".tmp").write_text(json.dumps(pids))
    out.with_suffix(".tmp").rename(out)
    time.sleep(600)
