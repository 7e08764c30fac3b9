"""Migration 0004 (the room's people) on SQLite and PostgreSQL: from 0003 with its people intact,
the schema it makes is the one the code declares (`room.store.metadata`, compared by Alembic),
and it goes down to 0003 and up again."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from cardhall.people.social import Social
from cardhall.room import store as store_module
from cardhall.room.store import Store, async_url
from tests.services import make_database

MINE = {"friends", "shuns", "messages", "invitations", "reports", "sanctions", "audit"}
COLUMNS = {"role", "invite_from", "message_from", "join_from"}


def differences(connection: sa.Connection) -> list[object]:
    """What differs between the database and the code's schema, for the people's tables and columns."""
    found = compare_metadata(MigrationContext.configure(connection), store_module.metadata)

    def mine(diff: object) -> bool:
        text = repr(diff)
        return any(f"'{name}'" in text for name in MINE | COLUMNS)
    return [d for d in found if mine(d)]


def migrate(connection: sa.Connection, revision: str) -> None:
    config = store_module._alembic_config(connection)
    if revision == "head":
        command.upgrade(config, "head")
    else:
        command.downgrade(config, revision)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_0004_up_down_and_up_with_the_declared_schema(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(kind, request, tmp_path)

    async def run() -> None:
        store = await Store.open(url)  # head: 0004
        await store.add_player("p1", "Pat", 1.0)
        await store.close()
        engine = create_async_engine(async_url(url))
        try:
            async with engine.begin() as conn:
                assert await conn.run_sync(differences) == []
                await conn.run_sync(migrate, "0003")
                names = await conn.run_sync(lambda c: set(sa.inspect(c).get_table_names()))
                assert not names & MINE and "players" in names
                await conn.run_sync(migrate, "head")
                assert await conn.run_sync(differences) == []
        finally:
            await engine.dispose()
        store = await Store.open(url)
        try:
            assert await store.player_name("p1") == "Pat"  # the people were kept
            assert await Social(store).privacy("p1") == {"invite_from": "everyone", "message_from": "everyone",
                                                          "join_from": "everyone"}
        finally:
            await store.close()

    asyncio.run(run())
