"""The room database: Alembic takes an empty database to head, a newer schema is refused with
a sentence (by the store and by `cardhall serve`), and bad URLs are explained."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from cardhall.room.store import SchemaTooNew, StaleWrite, Store, StoreError, async_url, default_url, head_revision
from tests.room.helpers import ROOT, free_port
from tests.services import make_database

TABLES = {"alembic_version", "players", "tables", "table_log", "settings", "sessions", "results", "settled", "ratings",
          "friends", "shuns", "messages", "invitations", "reports", "sanctions", "audit", "table_snapshots",
          "events", "event_entries", "event_plays", "vacations", "notice_settings", "playing_hours", "listening",
          "event_rounds", "event_tables", "event_seats", "event_withdrawals", "event_waiting",  # 0011 (Swiss, arena)
          "clubs", "club_members", "club_posts",  # 0011 (clubs)
          "push_subscriptions", "visits",  # 0012 (Web Push, last visits)
          "event_standby",  # 0013 (standby lists)
          "mail_waiting"}  # 0014 (mail digests)


async def schema(url: str) -> tuple[set[str], str | None]:
    store = await Store.open(url)
    try:
        async with store.engine.connect() as conn:
            names = await conn.run_sync(lambda c: set(sa.inspect(c).get_table_names()))
            revision = await conn.scalar(sa.text("SELECT version_num FROM alembic_version"))
        return names, revision
    finally:
        await store.close()


async def set_revision(url: str, revision: str) -> None:
    store = await Store.open(url)
    try:
        async with store.engine.begin() as conn:
            await conn.execute(sa.text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    finally:
        await store.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_empty_database_to_head_and_again(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(backend, request, tmp_path)
    assert asyncio.run(schema(url)) == (TABLES, head_revision())
    assert asyncio.run(schema(url)) == (TABLES, head_revision())  # opening again changes nothing


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_newer_schema_is_refused(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(backend, request, tmp_path)
    asyncio.run(set_revision(url, "9999_from_the_future"))
    with pytest.raises(SchemaTooNew, match="newer cardhall"):
        asyncio.run(Store.open(url))
    served = subprocess.run([sys.executable, "-m", "cardhall", "serve", "--port", str(free_port()), "--db", url],
                            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert served.returncode == 2
    assert "9999_from_the_future" in served.stderr and "newer cardhall" in served.stderr
    assert "Traceback" not in served.stderr


def test_log_rows_are_append_only_and_unique(tmp_path: Path) -> None:
    async def go() -> None:
        store = await Store.open(f"sqlite:///{tmp_path / 'r.sqlite3'}")
        try:
            summary = {"id": "t1", "game": "hearts", "status": "waiting", "private": False, "host": "p", "version": 1}
            await store.add_table(summary, {"id": "t1"}, None, [(1, {"kind": "sit"})], 1.0)
            await store.append("t1", [(2, {"kind": "start"})], "playing", 2.0)
            with pytest.raises(StaleWrite):  # fencing: only the next version is stored
                await store.append("t1", [(2, {"kind": "start"})], "playing", 3.0)
            with pytest.raises(StaleWrite):
                await store.append("t1", [(4, {"kind": "start"})], "playing", 3.0)
            stored = await store.load("t1")
            assert stored is not None and stored.entries == [{"kind": "sit"}, {"kind": "start"}]
            assert stored.status == "playing"
            assert [s.header["id"] for s in await store.unfinished()] == ["t1"]
            assert await store.secret() == await store.secret()
        finally:
            await store.close()

    asyncio.run(go())


def test_the_sqlite_appender_writes_what_the_store_reads(tmp_path: Path) -> None:
    """On a SQLite file the log is appended by `SqliteAppender` (one thread hop per commit): the
    entries, the summary and a snapshot read back through SQLAlchemy exactly as written; a
    commit that fails half way (the snapshot's table is gone) stores nothing of it."""
    async def go() -> None:
        store = await Store.open(f"sqlite:///{tmp_path / 'r.sqlite3'}")
        try:
            assert store._appender is not None
            summary = {"id": "t1", "game": "hearts", "status": "waiting", "private": False, "host": "p", "version": 1}
            await store.add_table(summary, {"id": "t1"}, None, [(1, {"kind": "sit", "name": "Аня ♠"})], 1.0)
            entries = [(2, {"kind": "start", "seed": 2**62}), (3, {"kind": "act", "seat": 0, "action": "2C", "by": "bot"})]
            snapshot = {"version": 2, "format": 1, "state": {"deck": [1.5, None, True]}}
            await store.append("t1", entries, "playing", 2.5, snapshot)
            stored = await store.load("t1")
            assert stored is not None and stored.entries == [{"kind": "sit", "name": "Аня ♠"}, *(e for _, e in entries)]
            assert stored.status == "playing" and stored.version == 3
            with_snapshot = await store.load("t1", snapshot=True)
            assert with_snapshot is not None and with_snapshot.snapshot == snapshot
            assert with_snapshot.entries == [entries[1][1]]
            async with store.engine.begin() as conn:
                await conn.exec_driver_sql("DROP TABLE table_snapshots")
            with pytest.raises(Exception, match="table_snapshots"):
                await store.append("t1", [(4, {"kind": "chat"})], "playing", 3.0, {"version": 3})
            again = await store.load("t1")
            assert again is not None and again.version == 3 and len(again.entries) == 3  # nothing of it stored
        finally:
            await store.close()
        memory = await Store.open("sqlite://")
        try:
            assert memory._appender is None  # another connection would open another database
        finally:
            await memory.close()

    asyncio.run(go())


def test_urls() -> None:
    assert async_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert async_url("postgresql://u@h:5/db") == "postgresql+asyncpg://u@h:5/db"
    assert default_url().endswith("room.sqlite3")
    with pytest.raises(StoreError, match="SQLite or PostgreSQL"):
        async_url("mysql://u@h/db")
    with pytest.raises(StoreError, match="not a database URL"):
        async_url("no url at all")


async def player_at_0001_then_head(url: str) -> tuple[str | None, str | None, str]:
    """A database at revision 0001 (no player languages) holding a player, then opened by this
    code: migration 0002 gives the player English, and the language can be changed."""
    from alembic import command
    from sqlalchemy.ext.asyncio import create_async_engine

    from cardhall.room.store import _alembic_config

    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as conn:
            await conn.run_sync(lambda c: command.upgrade(_alembic_config(c), "0001"))
            await conn.execute(sa.text("INSERT INTO players (id, name, created) VALUES ('p1', 'Old', 1.0)"))
    finally:
        await engine.dispose()
    store = await Store.open(url)
    try:
        before = await store.player_lang("p1")
        await store.set_player_lang("p1", "cs")
        await store.add_player("p2", "New", 2.0, "ru")
        async with store.engine.connect() as conn:
            revision = await conn.scalar(sa.text("SELECT version_num FROM alembic_version"))
        return before, await store.player_lang("p1"), f"{revision} {await store.player_lang('p2')}"
    finally:
        await store.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_migration_0002_gives_players_a_language(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(backend, request, tmp_path)
    assert asyncio.run(player_at_0001_then_head(url)) == ("en", "cs", f"{head_revision()} ru")
    assert head_revision() == "0014"  # 0003 (people): tests/room/test_people_migration.py; 0004 (social); 0005: table snapshots;
    # 0006 (name skeletons) and 0007 (former tokens' expiry): tests/room/test_people_migration.py; 0008: events
    # (cardhall.events); 0009: turn-based play (vacations, playing hours, notices); 0010: listening (issue 38);
    # 0011: Swiss and arena rounds, clubs (issue 41); 0012: push subscriptions, visits (issue 42);
    # 0013: standby lists, why a club was closed (issue 41); 0014: mail digests (issue 42)
