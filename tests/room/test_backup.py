"""`cardhall admin backup` / `restore` (cardhall/room/backup.py) against real rooms on SQLite and
PostgreSQL: a backup taken while a room runs, mid-game, restores to a new room that serves
every finished game's replay and every unfinished table at its stored version; the backup file
is owner-only; a non-empty target is refused without --force."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.room.helpers import ROOT, Person, Server
from tests.services import make_database


def admin(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardhall", "admin", *args], capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_backup_taken_mid_game_restores_every_table(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    source = make_database(kind, request, tmp_path / "a")
    (tmp_path / "a").mkdir(exist_ok=True)
    room = Server(source, tmp_path / "a.log").start()
    try:
        ann = Person(room, "Ann")
        finished = ann.create("three-two-five", ["bot:random"] * 3, {"deals": 1})["id"]
        sock = ann.watch(finished)
        ann.start(finished)
        sock.until(lambda m: m["type"] == "state" and m["over"])
        unfinished = ann.create("hearts", ["me", "bot:random", "bot:random", "bot:random"], {"target": 30})["id"]
        seat = ann.watch(unfinished)
        ann.start(unfinished)
        seat.until(lambda m: m["type"] == "state" and bool(m["legal"]))  # playing, waiting for Ann's move
        waiting = httpx.get(f"{room.url}/api/tables/{unfinished}").json()
        assert waiting["status"] == "playing"
        backup = tmp_path / "room.backup"
        made = admin("backup", str(backup), "--db", source)
        assert made.returncode == 0, made.stdout + made.stderr
        assert stat.S_IMODE(backup.stat().st_mode) == 0o600
        replay = httpx.get(f"{room.url}/api/tables/{finished}/replay").json()
    finally:
        assert room.stop() == 0, room.log.read_text()

    target = make_database(kind, request, tmp_path / "b")
    (tmp_path / "b").mkdir(exist_ok=True)
    done = admin("restore", str(backup), "--db", target)
    assert done.returncode == 0, done.stdout + done.stderr
    again = admin("restore", str(backup), "--db", target)
    assert again.returncode != 0 and "not empty; give --force" in again.stdout + again.stderr
    assert "Traceback" not in again.stdout + again.stderr
    assert admin("restore", str(backup), "--db", target, "--force").returncode == 0
    restored = Server(target, tmp_path / "b.log").start()
    try:
        assert httpx.get(f"{restored.url}/api/tables/{finished}/replay").json() == replay
        table = httpx.get(f"{restored.url}/api/tables/{unfinished}").json()
        assert table["version"] == waiting["version"] and table["status"] == waiting["status"]
        assert httpx.get(f"{restored.url}/readyz").status_code == 200
    finally:
        assert restored.stop() == 0, restored.log.read_text()


def test_a_restore_refuses_a_file_that_is_no_backup(tmp_path: Path) -> None:
    junk = tmp_path / "junk"
    junk.write_text("not a database")
    done = admin("restore", str(junk), "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert done.returncode != 0 and "is not a SQLite backup" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_a_backup_is_owner_only_whatever_the_umask_and_the_file_it_replaces(tmp_path: Path) -> None:
    import os
    import sqlite3

    from cardhall.room.backup import backup

    source = tmp_path / "room.sqlite3"
    with sqlite3.connect(source) as conn:
        conn.execute("CREATE TABLE settings (key TEXT, value TEXT)")
        conn.execute("INSERT INTO settings VALUES ('secret', 'not for others')")
    target = tmp_path / "room.backup"
    target.write_text("an older backup, readable by all")
    target.chmod(0o644)
    old = os.umask(0)
    try:
        assert backup(f"sqlite:///{source}", target) == "sqlite"
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".room.backup")] == []  # no temporary left
    with sqlite3.connect(target) as conn:
        assert conn.execute("SELECT value FROM settings").fetchone() == ("not for others",)
