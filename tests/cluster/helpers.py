"""What the cluster tests share: reading a table's log from the database, replayed in one process."""

from __future__ import annotations

import asyncio
from typing import Any

from cardhall.room.store import Store
from cardhall.room.table import Table


def stored(db: str, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]], list[int]]:
    """The table's header, its log entries and their versions, as PostgreSQL holds them."""
    import psycopg

    with psycopg.connect(db) as conn:
        versions = [v for (v,) in conn.execute(
            "SELECT version FROM table_log WHERE table_id = %s ORDER BY version", (table_id,))]

    async def load() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        store = await Store.open(db)
        try:
            found = await store.load(table_id)
            assert found is not None
            return found.header, found.entries
        finally:
            await store.close()

    header, entries = asyncio.run(load())
    return header, entries, versions


def one_process(db: str, table_id: str) -> Table:
    """The table as one process gets it: its stored header (seed) and actions replayed."""
    header, entries, _ = stored(db, table_id)
    return Table.restore(header, entries)
