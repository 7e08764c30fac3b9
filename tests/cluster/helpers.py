"""What the cluster tests share: reading a table's log from the database, replayed in one process."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import Any

from cardhall.room.store import Store
from cardhall.room.table import Table
from tests.room.helpers import Server, Socket


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


def watch_at(server: Server, table_id: str, token: str | None) -> Socket:
    """A WebSocket to `table_id` on the node `server`, speaking for the token's player."""
    query = f"?token={token}" if token else ""
    return Socket(f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}{query}")


def play(sockets: list[Socket], rng: random.Random, moves: int | None = None, timeout: float = 120) -> list[str]:
    """Random legal moves for every socket's seat until the game is over (or `moves` were made).
    A move refused as stale is dropped (the next state says what to do); after a sentence ending
    in "try again" (the room could not act for a while) the socket asks for the state and makes
    the move again if nothing happened (if it had happened after all, the room says it is not
    this seat's turn); any other error fails.
    The errors met, in order."""
    end = time.monotonic() + timeout
    seen = [0] * len(sockets)
    acted = [-1] * len(sockets)  # the move number each socket last acted at: one act per move
    met: list[str] = []
    made = 0
    while True:
        for s in sockets:
            s.poll()
        for i, s in enumerate(sockets):
            errors = s.errors()
            for error in errors[seen[i]:]:
                retried = bool(met) and error.startswith("it is not your turn")  # made after all
                assert error.startswith("stale:") or "try again" in error or retried, error
                met.append(error)
                if not error.startswith("stale:"):  # the move may not have been made: look, and make it again if not
                    before = s.state["version"] if s.state else -1
                    s.send({"type": "sync", "since": before})
                    s.until(lambda m: m["type"] == "state")
                    if s.state is not None and s.state["version"] == before:
                        acted[i] = -1
            seen[i] = len(errors)
        if all(s.state and s.state["over"] for s in sockets) or (moves is not None and made >= moves):
            return met
        assert time.monotonic() < end, f"the game did not end in {timeout} s"
        moved = False
        for i, s in enumerate(sockets):
            if s.state and s.state["legal"] and s.state["moves"] != acted[i]:
                acted[i] = s.state["moves"]
                s.act_random(rng)
                made += 1
                moved = True
        if not moved:
            with contextlib.suppress(TimeoutError):
                sockets[0].recv(0.02)
